"""The Wild Kingdom's shared concepts in words: Visits and Travel (pieces on Locations)."""

from __future__ import annotations

from engine.core import Event, GameState
from engine.core.words import Audience, EventTeller, join_words
from engine.okc.words.names import (
    card_name,
    location_name,
    location_where,
    piece_name,
    region_name,
    who,
    whom,
)


def visit(state: GameState, e: Event, aud: Audience) -> str:
    piece = piece_name(state, str(e.data.get("piece")))
    where = location_name(state, str(e.data.get("location")))
    why = f" (it must be Visited, so the {where} gives no reward)" if e.data.get("must") else \
        f" instead of taking the {where}'s reward"
    return f"{who(state, e.data['seat'], aud)} Visit the {piece}{why}."


def travelled(state: GameState, e: Event, aud: Audience) -> str:
    piece = piece_name(state, str(e.data.get("piece")))
    return f"The {piece} travels to {location_where(state, str(e.data.get('to')))}."


def moved(state: GameState, e: Event, aud: Audience) -> str:
    piece = piece_name(state, str(e.data.get("piece")))
    return f"{who(state, e.data['seat'], aud)} move the {piece} to {location_where(state, str(e.data.get('to')))}."


def modules(state: GameState, e: Event, aud: Audience) -> str:
    titles = {m.name: m.title for m in state.data.playing}
    ratings: dict[str, int] = dict(e.data.get("modules") or {})
    listed = join_words([f"the {titles[m]} ({n})" if m in titles else f"{m} ({n})"
                         for m, n in ratings.items()])
    return (f"Wild Kingdom modules in play: {listed}. Complexity {e.data.get('total')}: "
            f"{e.data.get('band')}.")


def ally_bid(state: GameState, e: Event, aud: Audience) -> str:
    if e.data.get("bid"):
        return f"{who(state, e.data['seat'], aud)} bid with an Ally, face down: it is their only bid this round."
    return f"{who(state, e.data['seat'], aud)} do not bid with an Ally."


def ally_bids_revealed(state: GameState, e: Event, aud: Audience) -> str:
    bids: dict[str, str] = dict(e.data.get("bids") or {})
    parts = [f"{card_name(state, c)} for {whom(state, s, aud)}" for s, c in bids.items()]
    return f"The Ally bids turn over: {join_words(parts)}."


def ally_placed(state: GameState, e: Event, aud: Audience) -> str:
    regions = [region_name(state, r) for r in e.data.get("regions") or []]
    if not regions:
        return f"{who(state, e.data['seat'], aud)} place no Ally next to the Regions."
    return f"{who(state, e.data['seat'], aud)} place an Ally face down next to {join_words(['the ' + r for r in regions])}."


# The teller of each event kind of this area (installed by ``OkcWords``).
TELLERS: dict[str, EventTeller] = {
    "okc.ally_bid": ally_bid,
    "okc.ally_bids_revealed": ally_bids_revealed,
    "okc.ally_placed": ally_placed,
    "okc.modules": modules,
    "okc.visit": visit,
    "okc.travelled": travelled,
    "okc.piece_moved": moved,
}
