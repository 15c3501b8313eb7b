"""Legendary Creatures in words: each creature placed and moved like a Herald, and its card claimed."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Decision, Event, GameState
from engine.core.words import Audience, Section
from engine.okc.modules.api import (
    card,
    card_power,
    effect_line,
    location_where,
    owned,
    the_region,
    their,
    who,
)
from engine.okc.modules.legendary_creatures.state import NAME, creature_of, lc


def creature_name(state: GameState, seat: str) -> str:
    return card(state.data, creature_of(state.data.players[seat].faction)).name


def placed(state: GameState, e: Event, aud: Audience) -> str:
    return (f"{who(state, e.data['seat'], aud)} send {creature_name(state, e.data['seat'])}, a second Herald, "
            f"to {location_where(state, str(e.data['location']))}.")


def moved(state: GameState, e: Event, aud: Audience) -> str:
    seat = str(e.data["seat"])
    whose = owned(state, seat, aud, "Legendary Creature")
    return f"{who(state, e.data['by'], aud)} move {whose} to {location_where(state, str(e.data['to']))}."


def claimed(state: GameState, e: Event, aud: Audience) -> str:
    seat = str(e.data["seat"])
    return (f"{who(state, seat, aud)} lost in {the_region(state, str(e.data['region']))} where "
            f"{their(seat, aud)} creature stands: {card_power(state, str(e.data['card']))} leaves the Supply "
            f"for {their(seat, aud)} hand.")


def ask_place(state: GameState, decision: Decision, seat: str, aud: Audience) -> str:
    """Where the creature goes, with what its card does once it joins the hand (the reason to place it)."""
    cid = creature_of(state.data.players[seat].faction)
    effect = effect_line(state, cid)
    return (f"Where does {creature_name(state, seat)} go? It is a second Herald, and never stands where your "
            f"Herald does. Lose a clash in its Region and its card joins your hand: {card_power(state, cid)}"
            + (f", {effect}." if effect else "."))


def label_creature(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    where = location_where(state, str(action.get("location")))
    return f"Send {creature_name(state, seat)} to {where}"


def mat(state: GameState, seat: str, aud: Audience) -> list[Section]:
    """Your creature on the private mat: where it stands and whether its card still waits in your Supply."""

    g = state.data
    if NAME not in g.modules or NAME not in g.extra or seat not in g.players:
        return []
    m = lc(g)
    where = m["pieces"].get(seat)
    at = f"Stands at {location_where(state, where)}." if where else "At home until the Heralds go out."
    cid = creature_of(g.players[seat].faction)
    card = (f"{card_power(state, cid)} waits in your Supply: lose a clash in its Region to take it into hand."
            if m["supply"].get(seat) else f"{card_power(state, cid)} has left your Supply.")
    return [Section(f"Your Legendary Creature, {creature_name(state, seat)}", (at, card))]


def register(w: Any) -> None:
    for kind, fn in (("okc.creature_placed", placed), ("okc.creature_moved", moved),
                     ("okc.creature_claimed", claimed)):
        w.on(kind)(fn)
    w.questions["okc.creature"] = ask_place
    w.labels["creature"] = label_creature
    w.summary_kinds.update({"okc.creature_claimed"})
    w.mat_parts.append(mat)
