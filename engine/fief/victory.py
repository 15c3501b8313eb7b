"""Victory (8.1-8.3, 8.5, 13.7, 13.8).

VPs: one per Fiefdom title held by the family's nobles, one for the Relic VP marker. From the
end of Round 5 a lone player wins with 3 VPs, two players allied by marriage with 4 together; a
solo victory beats an alliance. After Round 7 the most VPs wins; ties go to the highest title
(Order of the Garter with a title, then the Sovereign, then Duke, Count, Baron).
With two players (13.7) a player's two families count together, win from Round 5 with 4 VPs only
when married to each other, and after Round 7 the most VPs wins married or not (our ruling).
"""

from __future__ import annotations

from typing import Any

from engine.fief.components import C
from engine.fief.estates.titles import RANK_ORDER, vp_titles
from engine.fief.state import MAP, Fief, ally_of

Side = tuple[str, ...]
RANK_NAMES = {rank: name for name, rank in RANK_ORDER.items()}


def family_vp(g: Fief, family: str) -> int:
    return len(vp_titles(g, family)) + (1 if g.relic_vp == family else 0)


def seat_vp(g: Fief, seat: str) -> int:
    return sum(family_vp(g, f) for f in g.players[seat].families)


def sides(g: Fief) -> list[tuple[Side, bool]]:
    """(seats, allied) for every side: alliances of two players by marriage, or lone players."""
    out: list[tuple[Side, bool]] = []
    seen: set[str] = set()
    for seat in g.players:
        if seat in seen:
            continue
        partner = None
        for f in g.players[seat].families:
            ally = ally_of(g, f)
            if ally and g.families[ally].seat != seat:
                partner = g.families[ally].seat
        if g.two_player:
            a, b = g.players[seat].families
            married = ally_of(g, a) == b
            out.append(((seat,), married))
        elif partner:
            out.append(((seat, partner), True))
            seen.add(partner)
        else:
            out.append(((seat,), False))
        seen.add(seat)
    return out


def side_vp(g: Fief, side: Side) -> int:
    return sum(seat_vp(g, s) for s in side)


def tiebreak(g: Fief, side: Side) -> tuple[int, int, tuple[int, ...]]:
    """8.5: the Order of the Garter on a noble with any other title, then the crown, then the Fiefdoms
    from the highest down (Duke, Count, Baron)."""
    families = {f for s in side for f in g.players[s].families}
    nobles = [n for n in g.nobles.values() if n.family in families]
    titles = [t for n in nobles for t in n.titles]
    ranks = tuple(sorted((RANK_ORDER[MAP.regions[t.split(":")[1]].rank] for t in titles if t.startswith("lord:")),
                         reverse=True))
    garter = 1 if any("garter" in n.titles and len(n.titles) > 1 for n in nobles) else 0
    royal = 1 if {"king", "sovereign_queen"} & set(titles) else 0
    return (garter, royal, ranks)


def _best(g: Fief, candidates: list[Side]) -> list[Side]:
    top = max(side_vp(g, s) for s in candidates)
    best = [s for s in candidates if side_vp(g, s) == top]
    key = max(tiebreak(g, s) for s in best)
    return [s for s in best if tiebreak(g, s) == key]


def contest(g: Fief) -> tuple[list[Side], str] | None:
    """The sides that contend for the win at the end of this round and the condition they meet, or
    None when the game goes on: the best of them win (:func:`_best`)."""
    r = g.flow.round
    v = C.victory
    if r < v["first_check"]:
        return None
    all_sides = sides(g)
    if g.two_player:
        early = [s for s, married in all_sides if married and side_vp(g, s) >= v["alliance"]]
        if early:
            return early, "two-player victory (13.7)"
    else:
        solo = [s for s, allied in all_sides if not allied and side_vp(g, s) >= v["solo"]]
        if solo:
            return solo, "solo victory (8.2)"
        duo = [s for s, allied in all_sides if allied and side_vp(g, s) >= v["alliance"]]
        if duo:
            return duo, "alliance victory (8.3)"
    if r >= v["last_round"]:
        return [s for s, _ in all_sides], "end of round 7 (8.5)"
    return None


def check(g: Fief) -> tuple[list[str], str] | None:
    """Winners and reason at the end of this round, or None when the game goes on."""
    found = contest(g)
    if found is None:
        return None
    candidates, reason = found
    return _winners(_best(g, candidates)), reason


def ending(g: Fief) -> dict[str, Any]:
    """The score at the end, part by part (public facts): each player's VPs by source (a Fiefdom title
    and the noble holding it, the Relic VP marker), each side with its VPs, and the sides that tied on
    the most VPs among those contending, each with what the tie-break (8.5) weighs."""
    vp: dict[str, list[dict[str, Any]]] = {}
    for seat, p in g.players.items():
        parts: list[dict[str, Any]] = []
        for fam in p.families:
            for nid in sorted(g.nobles):
                n = g.nobles[nid]
                if n.family == fam:
                    parts += [{"source": "fiefdom", "region": t.split(":")[1], "noble": nid, "family": fam}
                              for t in n.titles if t.startswith("lord:")]
            if g.relic_vp == fam:
                parts.append({"source": "relic", "family": fam})
        vp[seat] = parts
    found = contest(g)
    tied: list[dict[str, Any]] = []
    if found is not None:
        top = max(side_vp(g, s) for s in found[0])
        level = [s for s in found[0] if side_vp(g, s) == top]
        if len(level) > 1:
            for side in level:
                garter, royal, ranks = tiebreak(g, side)
                tied.append({"seats": list(side), "garter": bool(garter), "crown": bool(royal),
                             "ranks": [RANK_NAMES[r] for r in ranks]})
    return {"vp": vp, "sides": [{"seats": list(side), "allied": allied, "vp": side_vp(g, side)}
                                for side, allied in sides(g)],
            "winners": list(g.flow.winners), "reason": g.flow.reason, "tied": tied}


def _winners(best: list[Side]) -> list[str]:
    return sorted({seat for side in best for seat in side})
