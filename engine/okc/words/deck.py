"""Hands, decks and piles in words (p.16, p.47): Attrition, hand size, cards discarded, burned,
put under the deck or recovered; Supporters and Tactics coming back."""

from __future__ import annotations

from engine.core import Event, GameState
from engine.core.words import Audience, EventTeller, plural
from engine.okc.words.names import card_power, owned, tactic_name, their, who


def attrition(state: GameState, e: Event, aud: Audience) -> str:
    seat = e.data["seat"]
    text = f"{who(state, seat, aud)} shuffle {their(seat, aud)} discard pile into a new deck (Attrition)"
    if e.data.get("lowered"):
        text += f": hand size down to {e.data.get('hand_size')}"
    return text + "."


def hand_size(state: GameState, e: Event, aud: Audience) -> str:
    seat = e.data["seat"]
    return f"{cap_owned(state, seat, aud, 'hand size')} is now {e.data.get('hand_size')}."


def cap_owned(state: GameState, seat: str, aud: Audience, thing: str) -> str:
    text = owned(state, seat, aud, thing)
    return text[:1].upper() + text[1:]


def recycled(state: GameState, e: Event, aud: Audience) -> str:
    seat = e.data["seat"]
    return (f"{who(state, seat, aud)} shuffle {their(seat, aud)} discard pile into {their(seat, aud)} deck "
            f"({plural(int(e.data.get('deck') or 0), 'card')}).")


def recovered(state: GameState, e: Event, aud: Audience) -> str:
    seat = e.data["seat"]
    to = "hand" if e.data.get("to") == "hand" else "discard pile"
    return (f"{who(state, seat, aud)} bring {card_power(state, e.data['card'])} back from {their(seat, aud)} "
            f"Lost Pile to {their(seat, aud)} {to}.")


def recruited(state: GameState, e: Event, aud: Audience) -> str:
    seat = e.data["seat"]
    n = int(e.data.get("amount") or 0)
    return f"{who(state, seat, aud)} bring {plural(n, 'Supporter')} back to {their(seat, aud)} board."


def unexhausted(state: GameState, e: Event, aud: Audience) -> str:
    seat = e.data["seat"]
    return f"{who(state, seat, aud)} ready {their(seat, aud)} Tactic {tactic_name(state, e.data['tactic'])} again."


def discarded(state: GameState, e: Event, aud: Audience) -> str:
    return f"{who(state, e.data['seat'], aud)} discard {card_power(state, e.data['card'])}."


def bottomed(state: GameState, e: Event, aud: Audience) -> str:
    seat = e.data["seat"]
    return f"{who(state, seat, aud)} put a card from {their(seat, aud)} hand under {their(seat, aud)} deck."


def bottomed_card(state: GameState, e: Event, aud: Audience) -> str:
    return f"You put {card_power(state, e.data['card'])} under your deck."


def burned(state: GameState, e: Event, aud: Audience) -> str:
    return f"{who(state, e.data['seat'], aud)} burn {card_power(state, e.data['card'])}: it leaves the game."


# The teller of each event kind of this area (installed by ``OkcWords``).
TELLERS: dict[str, EventTeller] = {
    "okc.attrition": attrition,
    "okc.hand_size": hand_size,
    "okc.recycled": recycled,
    "okc.recovered": recovered,
    "okc.recruited": recruited,
    "okc.unexhausted": unexhausted,
    "okc.discarded": discarded,
    "okc.bottomed": bottomed,
    "okc.bottomed.card": bottomed_card,
    "okc.burned": burned,
}
