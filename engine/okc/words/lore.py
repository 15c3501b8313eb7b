"""Lore and the Site of Power in words (p.32, p.45): Journeys, Lore gained, Site of Power cards
acquired, and Lore turned into Influence at the end."""

from __future__ import annotations

from engine.core import Event, GameState
from engine.core.words import Audience, EventTeller
from engine.okc.words.names import card_power, source, their, who


def lore(state: GameState, e: Event, aud: Audience) -> str:
    seat = e.data["seat"]
    why = source(state, e.data.get("why"))
    return f"{who(state, seat, aud)} gain {e.data.get('amount')} Lore from {why} ({e.data.get('total')} in all)."


def journey(state: GameState, e: Event, aud: Audience) -> str:
    seat = e.data["seat"]
    pile = "discard pile" if e.data.get("to") == "discard" else "Lost Pile"
    return (f"{who(state, seat, aud)} Journey with {card_power(state, e.data['card'])}, "
            f"which goes to {their(seat, aud)} {pile}.")


def acquired(state: GameState, e: Event, aud: Audience) -> str:
    seat = e.data["seat"]
    return (f"{who(state, seat, aud)} acquire {card_power(state, e.data['card'])} from {their(seat, aud)} "
            f"Site of Power for {e.data.get('cost')} Lore ({e.data.get('lore')} left).")


def lore_converted(state: GameState, e: Event, aud: Audience) -> str:
    seat = e.data["seat"]
    return f"{who(state, seat, aud)} turn {their(seat, aud)} Lore into {e.data.get('influence')} Influence."


# The teller of each event kind of this area (installed by ``OkcWords``).
TELLERS: dict[str, EventTeller] = {
    "okc.lore": lore,
    "okc.journey": journey,
    "okc.acquired": acquired,
    "okc.lore_converted": lore_converted,
}
