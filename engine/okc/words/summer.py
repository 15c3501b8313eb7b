"""Summer in words (p.25-30): Clash markers, the clash in each Region, Night effects, the tally,
ties, and the winner's claim."""

from __future__ import annotations

from typing import Any

from engine.core import Event, GameState
from engine.core.words import Audience, EventTeller, join_words
from engine.okc.words.names import (
    cap,
    card_name,
    card_of,
    card_power,
    location_where,
    marker,
    okc,
    region_name,
    seats_list,
    the_region,
    their,
    who,
    whom,
)

NO_WINNER = {"no strength": "nobody brought any Strength",
             "tied and nobody can play a card": "the tie stands, as nobody has a card left to play",
             "all tied players passed": "every tied side passed"}
KEYWORDS = {"ambush": "Ambush", "flank": "Flank", "deadly": "Deadly", "invulnerable": "Invulnerable",
            "resilient": "Resilient", "pathfinder": "Pathfinder"}


def clash_order(state: GameState, e: Event, aud: Audience) -> str:
    names = [region_name(state, r) for r in e.data.get("regions") or []]
    return f"{who(state, e.data['seat'], aud)} set the clash order: {join_words(names, 'then')}."


def clash(state: GameState, e: Event, aud: Audience) -> str:
    where = the_region(state, e.data["region"])
    if not e.data.get("first", True):
        return f"{cap(where)} clashes again."
    return f"The clash in {where} begins (marker {marker(int(e.data.get('marker') or 0))})."


def reveals(state: GameState, cards: list[dict[str, Any]], aud: Audience) -> list[str]:
    """"The Clans (Alice) reveal Crown Heir (10) and Scout (2)", one part per seat in order of play."""
    by_seat: dict[str, list[str]] = {}
    for c in cards:
        by_seat.setdefault(c["seat"], []).append(c["card"])
    seats = [s for s in okc(state).order if s in by_seat] + [s for s in by_seat if s not in okc(state).order]
    return [f"{whom(state, s, aud)} reveal {join_words(card_power(state, c) for c in by_seat[s])}" for s in seats]


def revealed(state: GameState, e: Event, aud: Audience) -> str:
    parts = reveals(state, list(e.data.get("cards") or []), aud)
    where = the_region(state, e.data["region"])
    if not parts:
        return f"No face-down cards wait in {where}."
    return f"In {where}, {'; '.join(parts)}."


def deadly(state: GameState, e: Event, aud: Audience) -> str:
    names = [card_name(state, c) for c in e.data.get("sources") or []]
    verb = "is" if len(names) == 1 else "are"
    return (f"{join_words(names)} {verb} Deadly in {the_region(state, e.data['region'])}: every opposing card "
            "there falls, unless Invulnerable.")


def eliminated(state: GameState, e: Event, aud: Audience) -> str:
    seat = e.data["seat"]
    pile = "discard pile" if e.data.get("to") == "discard" else "Lost Pile"
    return (f"{cap(card_of(state, seat, e.data['card'], aud))} is eliminated in {the_region(state, e.data['region'])} "
            f"and goes to {their(seat, aud)} {pile}.")


def immune(state: GameState, e: Event, aud: Audience) -> str:
    return f"{cap(card_of(state, e.data['seat'], e.data['card'], aud))} is Invulnerable and stays."


def tally_parts(state: GameState, tally: dict[str, int], aud: Audience) -> str:
    ranked = sorted(tally.items(), key=lambda kv: -kv[1])
    return join_words(f"{whom(state, s, aud)} {v}" for s, v in ranked)


def tally(state: GameState, e: Event, aud: Audience) -> str:
    t: dict[str, int] = dict(e.data.get("tally") or {})
    if not t:
        return f"Nobody takes part in the clash in {the_region(state, e.data['region'])}."
    return f"Strength in {the_region(state, e.data['region'])}: {tally_parts(state, t, aud)}."


def clash_won(state: GameState, e: Event, aud: Audience) -> str:
    seat = e.data["seat"]
    return (f"{who(state, seat, aud)} win the clash in {the_region(state, e.data['region'])} with "
            f"{e.data.get('strength')} Strength.")


def tie(state: GameState, e: Event, aud: Audience) -> str:
    seats = list(e.data.get("seats") or [])
    return (f"{cap(the_region(state, e.data['region']))} is tied between {seats_list(state, seats, aud)}: "
            "each may add one card face down, or pass.")


def no_winner(state: GameState, e: Event, aud: Audience) -> str:
    why = NO_WINNER.get(str(e.data.get("why")), "nobody wins")
    return f"Nobody wins {the_region(state, e.data['region'])}: {why}."


def claim(state: GameState, e: Event, aud: Audience) -> str:
    return f"{who(state, e.data['seat'], aud)} claim {location_where(state, e.data['location'])}."


def ambush(state: GameState, e: Event, aud: Audience) -> str:
    return f"{who(state, e.data['seat'], aud)} add a card face down in {the_region(state, e.data['region'])} (Ambush)."


def flanked(state: GameState, e: Event, aud: Audience) -> str:
    seat = e.data["seat"]
    return (f"{cap(card_of(state, seat, e.data['card'], aud))} flanks from {the_region(state, e.data['frm'])} "
            f"to {the_region(state, e.data['to'])}.")


def gained_strength(state: GameState, e: Event, aud: Audience) -> str:
    return (f"{cap(card_of(state, e.data['seat'], e.data['card'], aud))} has now gained "
            f"{e.data.get('gained')} Strength.")


def bonus(state: GameState, e: Event, aud: Audience) -> str:
    seat = e.data["seat"]
    return (f"{who(state, seat, aud)} add {e.data.get('amount')} to {their(seat, aud)} Strength in "
            f"{the_region(state, e.data['region'])}.")


def granted(state: GameState, e: Event, aud: Audience) -> str:
    word = KEYWORDS.get(str(e.data.get("keyword")), str(e.data.get("keyword")).title())
    return f"{cap(card_of(state, e.data['seat'], e.data['card'], aud))} gains {word}."


def blanked(state: GameState, e: Event, aud: Audience) -> str:
    return (f"{who(state, e.data['by'], aud)} blank {card_of(state, e.data['seat'], e.data['card'], aud)} in "
            f"{the_region(state, e.data['region'])}: its printed text no longer counts.")


def retained(state: GameState, e: Event, aud: Audience) -> str:
    return f"{cap(card_of(state, e.data['seat'], e.data['card'], aud))} stays Active through Winter."


def clash_again(state: GameState, e: Event, aud: Audience) -> str:
    return f"{who(state, e.data['by'], aud)} make {the_region(state, e.data['region'])} clash once more this Year."


# The teller of each event kind of this area (installed by ``OkcWords``).
TELLERS: dict[str, EventTeller] = {
    "okc.clash_order": clash_order,
    "okc.clash": clash,
    "okc.revealed": revealed,
    "okc.deadly": deadly,
    "okc.eliminated": eliminated,
    "okc.immune": immune,
    "okc.tally": tally,
    "okc.clash_won": clash_won,
    "okc.tie": tie,
    "okc.no_winner": no_winner,
    "okc.claim": claim,
    "okc.ambush": ambush,
    "okc.flanked": flanked,
    "okc.strength": gained_strength,
    "okc.bonus": bonus,
    "okc.granted": granted,
    "okc.blanked": blanked,
    "okc.retained": retained,
    "okc.clash_again": clash_again,
}
