"""Sentences for the family board's opportunity space and Mercenary Crossbowmen (11.0-11.2), relics
changing hands and their powers (12.0-12.4), Excalibur and the crown it brings (13.2), with the
labels of their commands and the questions of their requests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.events import Event
from engine.core.state import GameState
from engine.core.words import Audience, join_words, plural
from engine.fief.state import Fief
from engine.fief.words import names as N
from engine.fief.words.tell import tells

WHY_DISCARDED = {"replaced": "to make room for another card", "all beaten": "its three Crossbowmen all beaten",
                 "no lord": "the family has no titled Lord left"}


def _crossbowmen(n: int) -> str:
    return plural(n, "Crossbowman", "Crossbowmen")


# -- the family board and the mercenaries (11.0-11.2) -------------------------------------------------
@tells("board.card_placed")
def _placed(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    return f"{N.does(state.data, d.get('family'), aud, 'lay', 'lays')} {N.card(d.get('card'))} on the family board."


@tells("board.card_discarded")
def _board_discarded(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    why = WHY_DISCARDED.get(str(d.get("why")), "")
    left = int(d.get("crossbows") or 0)
    gone = f"; the {_crossbowmen(left)} still on it leave with it" if left else ""
    return (f"{N.cap(N.whose(state.data, d.get('family'), aud))} {N.card(d.get('card'))} card is discarded"
            f"{' (' + why + ')' if why else ''}{gone}.")


@tells("mercenaries.hired")
def _hired(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    count = int(d.get("count") or 0)
    hirer = N.does(g, d.get("owner"), aud, "hire", "hires")
    cost = N.shillings(2 * count)
    if d.get("owner") == d.get("family"):
        return f"{hirer} {_crossbowmen(count)} at {d.get('city')} for {cost}."
    return f"{hirer} {_crossbowmen(count)} for {N.family_player(g, d.get('family'), aud)} at {d.get('city')}."


@tells("mercenaries.returned")
def _returned(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    count = int(d.get("count") or 0)
    where = "go back to their card" if d.get("to_card") else "leave the game with their discarded card"
    return f"End of the round: {count} of the {N.card(d.get('card'))} {where}."


# -- relics (12.0-12.4) -----------------------------------------------------------------------------
@tells("relic.given")
def _relic_given(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    price = int(d.get("price") or 0)
    how = f"sells {N.relic(d.get('relic'))} to" if price else f"gives {N.relic(d.get('relic'))} to"
    paid = f" for {N.shillings(price)}" if price else ""
    return f"{N.noble(g, d.get('noble'))} {how} {N.noble(g, d.get('to'))} at {d.get('city')}{paid}."


@tells("relic.vp")
def _relic_vp(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    return (f"The first relic given to the Sovereign: {N.who(g, d.get('family'), aud, cap=False)} "
            f"{'win' if N.is_you(g, d.get('family'), aud) else 'wins'} the Relic marker, worth 1 VP for the rest "
            "of the game.")


@tells("relic.lost")
def _relic_lost(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    lost = [N.relic(r) for r in d.get("relics", [])]
    return f"The invaders seize {N.noble(g, d.get('noble'))} and destroy {join_words(lost)}."


@tells("relic.left")
def _relic_left(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    return f"{N.noble(g, d.get('noble'))} leaves {N.relic(d.get('relic'))} at {d.get('city')}."


@tells("relic.taken")
def _relic_taken(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    return f"{N.noble(g, d.get('noble'))} takes up {N.relic(d.get('relic'))} at {d.get('city')}."


@tells("relic.storms_moved")
def _storms_moved(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    who = N.seat_does(g, d.get("seat"), aud, "move", "moves")
    return f"The Chasuble: {who} the Storms from {N.sea(d.get('sea'))} to {N.sea(d.get('to'))}."


@tells("relic.famine_lifted")
def _famine_lifted(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    return f"The Shinbone: {N.noble(g, d.get('noble'))} lifts the Famine from {N.region(d.get('region'))}."


@tells("relic.skull_fallen")
def _skull_fallen(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    who = N.seat_does(g, d.get("seat"), aud, "hold", "holds")
    return (f"{N.noble(g, d.get('noble'))} falls at {d.get('city')}. {who} the Skull and may raise "
            f"{N.noble(g, d.get('noble'))} now, or let death take its course.")


@tells("relic.skull_raised")
def _skull_raised(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    where = f" at {d.get('city')}" if d.get("city") else ""
    return f"The Skull raises {N.noble(g, d.get('noble'))}{where}, titles and all; its power is spent."


@tells("relic.skull_withheld")
def _skull_withheld(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    return f"The Skull stays silent: {N.noble(g, d.get('noble'))} is dead. Its power waits for another death."


# -- Excalibur and the crown (13.2, 9.1) ----------------------------------------------------------------
@tells("excalibur.tried")
def _tried(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    outcome = "and draws it from the stone!" if d.get("drawn") else "but it does not move."
    return (f"{N.noble(g, d.get('noble'))} grips Excalibur at {d.get('city')}: the die shows {d.get('roll')} "
            f"({d.get('need')} or more needed), {outcome}")


@tells("excalibur.taken")
def _taken(state: GameState, e: Event, aud: Audience) -> str | None:
    g, d = state.data, e.data
    if d.get("how") == "drawn":
        return None   # told by excalibur.tried
    return f"{N.noble(g, d.get('noble'))} takes up Excalibur at {d.get('city')}."


@tells("excalibur.fell")
def _fell(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    if d.get("stone"):
        return f"Excalibur leaves {N.noble(g, d.get('noble'))} and returns to its stone at {d.get('city')}."
    return f"Excalibur falls from {N.noble(g, d.get('noble'))}'s hand and lies at {d.get('city')}."


# -- requests --------------------------------------------------------------------------------------
def request_text(g: Fief, what: str, d: Mapping[str, Any]) -> str | None:
    """What a request of this area asks, after "asks X ..."."""
    price = int(d.get("price") or 0)
    if what == "mercenaries":
        paid = f" for {N.shillings(price)}" if price else " as a loan"
        return f"to take {_crossbowmen(int(d.get('count') or 0))} at {d.get('city')}{paid}"
    if what == "relic":
        paid = f" for {N.shillings(price)}" if price else " as a gift"
        return f"to take {N.relic(d.get('relic'))} for {N.noble(g, d.get('receiver'))}{paid}"
    return None


WHAT: dict[str, str] = {"mercenaries": "the Crossbowmen", "relic": "the relic"}
