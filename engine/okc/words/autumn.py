"""Autumn, Winter and the Councils in words (p.31-34, p.44): Govern, the Council rewards, cleanup
and the end of the game."""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Event, GameState
from engine.core.words import Audience, EventTeller, join_words, plural
from engine.okc.endgame import ranking
from engine.okc.words.names import card_power, council_name, okc, who, whom

REASONS = {"most Influence": "",
           "tie on Influence broken by the Kingdom's Favour": ": tied, but they hold the Kingdom's Favour",
           "tie on Influence broken by the Order Track": ": tied, but they are ahead on the Order Track"}


def govern(state: GameState, e: Event, aud: Audience) -> str:
    votes = int(e.data.get("votes") or 0)
    return (f"{who(state, e.data['seat'], aud)} Govern: {card_power(state, e.data['card'])} joins the "
            f"{council_name(state, e.data['council'])} with {plural(votes, 'Vote')}.")


def council_cleared(state: GameState, e: Event, aud: Audience) -> str:
    n = len(e.data.get("cards") or [])
    return (f"The {council_name(state, e.data['council'])} rises: {plural(n, 'card')} "
            f"{'goes' if n == 1 else 'go'} back to the discard piles.")


def cleanup(state: GameState, e: Event, aud: Audience) -> str:
    return (f"Winter ends Year {e.data.get('round')}: Heralds come home, placed Supporters are lost "
            "and Active cards are discarded.")


def game_over(state: GameState, e: Event, aud: Audience) -> str:
    winners = list(e.data.get("winners") or [])
    scores: dict[str, int] = dict(e.data.get("scores") or {})
    reason = REASONS.get(str(e.data.get("reason")), "")
    top = scores.get(winners[0], 0) if winners else 0
    head = (f"The game is over. {who(state, winners[0], aud)} win with {top} Influence{reason}." if winners
            else "The game is over.")
    order = [s for s in okc(state).order if s in scores]
    ranked = sorted(order, key=lambda s: -scores[s])
    return head + " Influence: " + join_words(f"{whom(state, s, aud)} {scores[s]}" for s in ranked) + "."


# What an end-of-game change is called, by what made it: (state, seat, change, aud) -> words such as
# "3 lost for 4 Trade Agreements". Modules add theirs (OkcWords.end_parts); "lore" is the base game's.
EndPart = Callable[[GameState, str, int, Audience], str]


def lore_part(state: GameState, seat: str, change: int, aud: Audience) -> str:
    p = okc(state).players[seat]
    if change:
        return f"{change} from {2 * change} Lore"
    if not p.lore:
        return "no Lore to turn"
    if p.site:
        return f"{p.lore} Lore not turned: the Site of Power still holds cards"
    return f"{p.lore} Lore, too little to turn"


def signed(change: int) -> str:
    """"3 gained", "3 lost", "no change"."""
    return f"{change} gained" if change > 0 else f"{-change} lost" if change < 0 else "no change"


def final(state: GameState, aud: Audience, parts_words: dict[str, EndPart]) -> list[str]:
    """The end told (p.34, p.45): the winner and any tie-break, then each seat's Influence with its parts:
    what it held after the last Year and each end-of-game change, with a line when those changed the lead."""
    g = okc(state)
    if not g.over or not g.ending:
        return []

    ranked = ranking(g)
    best = ranked[0]
    top = g.players[best].influence
    last = len(g.history) or g.length
    lines = [f"The game is over after Year {last}. {who(state, best, aud)} win with {top} Influence."]
    tied = [s for s in ranked if g.players[s].influence == top]
    if len(tied) > 1:
        rest = [s for s in tied if s != best]
        why = ("they hold the Kingdom's Favour" if best == g.favour_holder
               else "they stand ahead on the Order Track")
        lines.append(f"{who(state, best, aud)} and {join_words(whom(state, s, aud) for s in rest)} tie on "
                     f"{top} Influence; the tie goes to {whom(state, best, aud)}: {why}.")
    for s in ranked:
        parts = g.ending.get(s, {})
        bits = [f"{parts.get('year', 0)} after Year {last}"]
        for part, change in parts.items():
            if part == "year":
                continue
            tell = parts_words.get(part)
            bits.append(tell(state, s, change, aud) if tell else f"{signed(change)} at the end")
        lines.append(f"{who(state, s, aud)}: {g.players[s].influence} Influence ({', '.join(bits)}).")
    before = max(g.order, key=lambda s: (g.ending.get(s, {}).get("year", 0), -g.order.index(s)))
    year_top = g.ending.get(before, {}).get("year", 0)
    leaders = [s for s in g.order if g.ending.get(s, {}).get("year", 0) == year_top]
    if best not in leaders:
        lines.append(f"The end changed the lead: after Year {last} {join_words(whom(state, s, aud) for s in leaders)} "
                     f"led with {year_top} Influence.")
    return lines


# The teller of each event kind of this area (installed by ``OkcWords``).
TELLERS: dict[str, EventTeller] = {
    "okc.govern": govern,
    "okc.council_cleared": council_cleared,
    "okc.cleanup": cleanup,
    "okc.game_over": game_over,
}
