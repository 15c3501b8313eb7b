"""The end of a game of Fief told (8.1-8.5, 13.7): the winners and the victory condition they met, each
player's VPs by source, each married pair's total, and a tie-break said in words. From public facts only
(``engine.fief.victory.ending``: titles and the Relic VP marker are on the board)."""

from __future__ import annotations

from typing import Any

from engine.core.words import Audience, join_words, plural
from engine.fief import victory
from engine.fief.components import C
from engine.fief.state import Fief
from engine.fief.words import names as N

RANK_WORDS = {"duchy": "a Duchy", "county": "a County", "barony": "a Barony"}


def vp(n: int) -> str:
    return plural(n, "VP")


def part(g: Fief, p: dict[str, Any]) -> str:
    """One VP in words: "Duke of Wessex (Lord Hugh)", "the Relic VP marker"."""
    if p.get("source") == "relic":
        return "the Relic VP marker"
    return f"{N.noble_title(g, p.get('noble'), 'lord:' + str(p.get('region')))} ({N.noble(g, p.get('noble'))})"


def side_name(g: Fief, seats: list[str], aud: Audience) -> str:
    return join_words(N.seat_player(g, s, aud) for s in seats)


def condition(g: Fief, end: dict[str, Any], aud: Audience) -> str:
    """The victory condition met, as the end of the head line."""
    reason = str(end.get("reason") or "")
    r = g.flow.round
    if reason.startswith("solo"):
        return f"a solo victory, with {vp(int(C.victory['solo']))} or more at the end of Round {r}"
    if reason.startswith("alliance"):
        return (f"an alliance victory, married and holding {vp(int(C.victory['alliance']))} or more together "
                f"at the end of Round {r}")
    if reason.startswith("two-player"):
        return f"a victory of two families married to each other, with {vp(int(C.victory['alliance']))} or more at the end of Round {r}"
    return f"the most VPs at the end of Round {r}, when the game ends whatever the score"


def tiebreak(g: Fief, end: dict[str, Any], aud: Audience) -> str | None:
    """Why the winners beat the sides tied with them on VPs (8.5), or None when nobody tied."""
    tied: list[dict[str, Any]] = list(end.get("tied") or [])
    if len(tied) < 2:
        return None
    winners = set(end.get("winners") or [])
    won = [t for t in tied if set(t["seats"]) <= winners]
    lost = [t for t in tied if not set(t["seats"]) <= winners]
    score = victory.side_vp(g, tuple(tied[0]["seats"]))
    everyone = join_words(side_name(g, t["seats"], aud) for t in tied)
    head = f"{N.cap(everyone)} tie on {vp(score)}"
    if not lost:
        return f"{head}, and on every title the tie-break weighs too: they share the win."
    w, other = won[0], lost[0]
    winner = side_name(g, w["seats"], aud)
    if w["garter"] and not other["garter"]:
        why = "holds the Order of the Garter on a noble with another title"
    elif w["crown"] and not other["crown"]:
        why = "holds the crown"
    else:
        mine, theirs = list(w["ranks"]), list(other["ranks"])
        i = next((i for i, (a, b) in enumerate(zip(mine, theirs, strict=False)) if a != b), min(len(mine), len(theirs)))
        if i < len(mine) and i < len(theirs):
            why = f"holds the higher Fiefdom: {RANK_WORDS.get(mine[i], mine[i])} against {RANK_WORDS.get(theirs[i], theirs[i])}"
        else:
            why = "holds more Fiefdoms of the same rank"
    return f"{head}; the tie goes to the highest title, and {winner} {why}."


def final(g: Fief, aud: Audience) -> list[str]:
    if not g.flow.over:
        return []
    end = victory.ending(g)
    winners: list[str] = list(end["winners"])
    sides: list[dict[str, Any]] = list(end["sides"])
    win_side = [s for s in sides if set(s["seats"]) & set(winners)]
    who = join_words(side_name(g, s["seats"], aud) for s in win_side) or "nobody"
    top = max((s["vp"] for s in win_side), default=0)
    verb = "win" if len(winners) > 1 else "wins"
    lines = [f"The game is over after Round {g.flow.round}. {N.cap(who)} {verb} with {vp(top)}: "
             f"{condition(g, end, aud)}."]
    broke = tiebreak(g, end, aud)
    if broke:
        lines.append(broke)
    scores: dict[str, list[dict[str, Any]]] = end["vp"]
    for side in sorted(sides, key=lambda s: (not set(s["seats"]) & set(winners), -s["vp"])):
        for seat in sorted(side["seats"], key=lambda s: -len(scores.get(s, []))):
            parts = scores.get(seat, [])
            where = (": " + join_words(part(g, p) for p in parts)) if parts else ""
            lines.append(f"{N.seat_player(g, seat, aud)}: {vp(len(parts)) if parts else 'no VPs'}{where}.")
        if side["allied"] and len(side["seats"]) > 1:
            lines.append(f"Married, {side_name(g, side['seats'], aud)} count {vp(side['vp'])} together.")
    return lines
