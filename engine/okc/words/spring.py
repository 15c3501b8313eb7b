"""Spring in words (p.17-22): the Great Road and its bids, Heralds, cards placed next to Regions.

Also the start of the game and of each Year (setup, the Order Track, drawing up). Bids and Region
cards are secret until revealed: the thread only hears who has placed, never which card.
"""

from __future__ import annotations

from engine.core import Event, GameState
from engine.core.words import Audience, EventTeller, join_words, plural
from engine.okc.words.names import (
    card_power,
    cards_list,
    kingdom_name,
    location_where,
    okc,
    owned,
    piece_name,
    seats_list,
    their,
    who,
    whom,
)


def road(state: GameState, slots: list[str], top: str | None) -> str:
    shown = [kingdom_name(state, k) for k in slots if k]
    text = f"The Great Road shows {join_words(shown)}" if shown else "The Great Road is empty"
    if top:
        text += f"; {kingdom_name(state, top)} lies face up on the Kingdom deck"
    return text + "."


def setup(state: GameState, e: Event, aud: Audience) -> str:
    order = list(e.data.get("order") or [])
    years = e.data.get("length", okc(state).length)
    return (f"The Old King's Crown begins: {plural(int(years), 'Year')}. Order of play: "
            f"{seats_list(state, order, aud)}. " + road(state, list(e.data.get("road") or []), e.data.get("top")))


def hand(state: GameState, e: Event, aud: Audience) -> str:
    return f"Your starting hand: {cards_list(state, list(e.data.get('cards') or []))}."


def new_year(state: GameState, e: Event, aud: Audience) -> str:
    return f"Year {e.data.get('round')} begins: everyone draws up to their hand size."


def order(state: GameState, e: Event, aud: Audience) -> str:
    return f"Order of play this Year: {seats_list(state, list(e.data.get('order') or []), aud)}."


def drew(state: GameState, e: Event, aud: Audience) -> str | None:
    n = int(e.data.get("count") or 0)
    if n == 0:
        return None
    return f"{who(state, e.data['seat'], aud)} draw {plural(n, 'card')}."


def drew_cards(state: GameState, e: Event, aud: Audience) -> str:
    return f"You draw {cards_list(state, list(e.data.get('cards') or []))}."


def great_road(state: GameState, e: Event, aud: Audience) -> str:
    return road(state, list(e.data.get("road") or []), e.data.get("top"))


def bid_kept(state: GameState, e: Event, aud: Audience) -> str:
    return (f"{who(state, e.data['seat'], aud)} take no Kingdom card: {card_power(state, e.data['card'])} "
            f"goes back to {their(e.data['seat'], aud)} hand.")


def road_taken(state: GameState, e: Event, aud: Audience) -> str:
    seat = e.data["seat"]
    return (f"{who(state, seat, aud)} take {kingdom_name(state, e.data['card'])} from the Great Road "
            f"with {card_power(state, e.data['bid'])}.")


def kingdom_stolen(state: GameState, e: Event, aud: Audience) -> str:
    seat, victim = e.data["seat"], e.data["victim"]
    text = (f"{who(state, seat, aud)} take {kingdom_name(state, e.data['card'])} from {whom(state, victim, aud)} "
            f"with {card_power(state, e.data['bid'])}")
    if e.data.get("occupant_to_hand"):
        text += f"; the card Occupying it goes back to {their(victim, aud)} hand"
    return text + "."


def occupied(state: GameState, e: Event, aud: Audience) -> str:
    seat = e.data["seat"]
    return (f"{who(state, seat, aud)} Occupy {kingdom_name(state, e.data['card'])} with "
            f"{their(seat, aud)} bid card.")


def herald(state: GameState, e: Event, aud: Audience) -> str:
    seat = e.data["seat"]
    return f"{who(state, seat, aud)} send {their(seat, aud)} Herald to {location_where(state, e.data['location'])}."


def herald_moved(state: GameState, e: Event, aud: Audience) -> str:
    seat, by = e.data["seat"], e.data["by"]
    whose = owned(state, seat, aud, "Herald") if seat != by else f"{their(seat, aud)} own Herald"
    return f"{who(state, by, aud)} move {whose} to {location_where(state, e.data['to'])}."


def starting_location(state: GameState, e: Event, aud: Audience) -> str:
    return f"The {piece_name(state, str(e.data.get('piece')))} starts at {location_where(state, e.data['location'])}."


def region_cards(state: GameState, e: Event, aud: Audience) -> str:
    counts: dict[str, int] = dict(e.data.get("counts") or {})
    placed = [s for s in okc(state).order if counts.get(s)]
    if not placed:
        return "Nobody places cards next to the Regions this Year."
    parts = [f"{counts[s]} from {whom(state, s, aud)}" for s in placed]
    return f"Cards lie face down next to the Regions: {join_words(parts)}."


# The teller of each event kind of this area (installed by ``OkcWords``).
TELLERS: dict[str, EventTeller] = {
    "okc.setup": setup,
    "okc.hand": hand,
    "okc.round": new_year,
    "okc.order": order,
    "okc.drew": drew,
    "okc.drew.cards": drew_cards,
    "okc.great_road": great_road,
    "okc.bid_kept": bid_kept,
    "okc.road_taken": road_taken,
    "okc.kingdom_stolen": kingdom_stolen,
    "okc.occupied": occupied,
    "okc.herald": herald,
    "okc.region_cards": region_cards,
    "okc.herald_moved": herald_moved,
    "okc.starting_location": starting_location,
}
