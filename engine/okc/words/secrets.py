"""Secrets in words: face-down bids, Region cards and tie-break cards, peeks and swaps.

The thread hears that a seat has chosen, never what, until the reveal; the seat concerned hears
its own card by DM. Random draws are quiet: OKC tells their outcome in its own events.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, GameState
from engine.core.words import Audience, EventTeller, join_words
from engine.okc.words.names import card_name, card_power, okc, owned, the_region, their, who, whom

QUIET = frozenset({"random.shuffle", "random.pick", "random.roll"})


def secret_kind(key: Any) -> str:
    """What a secret choice is for, from its key: ``bid``, ``regions``, ``tie`` or another."""
    return str(key or "").split("-", 1)[0]


def submitted(state: GameState, e: Event, aud: Audience) -> str:
    seat, kind = e.data["seat"], secret_kind(e.data.get("key"))
    if aud.is_you(seat):
        return {"bid": "Your bid is in, face down.", "regions": "Your cards are in place, face down.",
                "tie": "Your tie-break choice is in."}.get(kind, "Your choice is in.")
    what = {"bid": "place their bid face down", "regions": "place their cards face down next to the Regions",
            "tie": "make their choice for the tie-break"}.get(kind, "make their secret choice")
    return f"{who(state, seat, aud)} {what}."


def submitted_anonymous(state: GameState, e: Event) -> str:
    """A secret choice in the log, without naming who made it."""
    return {"bid": "A bid was placed face down.", "regions": "Cards were placed face down next to the Regions.",
            "tie": "A tie-break choice was made."}.get(secret_kind(e.data.get("key")), "A secret choice was made.")


def chosen(state: GameState, e: Event, aud: Audience) -> str:
    kind, value = secret_kind(e.data.get("key")), e.data.get("value")
    if kind == "bid" and isinstance(value, str):
        return f"You bid {card_power(state, value)}, face down."
    if kind == "regions" and isinstance(value, dict):
        order = [r.id for r in okc(state).regions]
        parts = [f"{card_power(state, value[r])} next to {the_region(state, r)}" for r in order if value.get(r)]
        return f"You place {join_words(parts)}, face down." if parts else "You place no cards."
    if kind == "tie":
        return f"You play {card_power(state, value)} face down to break the tie." if value else \
            "You pass in the tie-break."
    return "Your secret choice is made."


def revealed(state: GameState, e: Event, aud: Audience) -> str:
    kind = secret_kind(e.data.get("key"))
    values: dict[str, Any] = dict(e.data.get("values") or {})
    if kind == "bid":
        parts = [f"{card_power(state, c)} from {whom(state, s, aud)}" for s, c in values.items()]
        return f"Bids revealed: {join_words(parts)}." if parts else "Nobody could bid."
    if kind == "tie":
        parts = [f"{whom(state, s, aud)} {'play ' + card_power(state, c) if c else 'pass'}"
                 for s, c in values.items()]
        return f"Tie-break: {join_words(parts)}."
    return "The secret choices are revealed."


def peeked(state: GameState, e: Event, aud: Audience) -> str:
    seat, target = e.data["seat"], e.data["target"]
    return (f"{who(state, seat, aud)} look at {owned(state, target, aud, 'face-down card')} in "
            f"{the_region(state, e.data['region'])}.")


def peeked_card(state: GameState, e: Event, aud: Audience) -> str:
    return (f"You see {card_power(state, e.data['card'])}, face down for {whom(state, e.data['target'], aud)} "
            f"in {the_region(state, e.data['region'])}.")


def swapped(state: GameState, e: Event, aud: Audience) -> str:
    seat = e.data["seat"]
    return (f"{who(state, seat, aud)} swap a face-down card in {the_region(state, e.data['region'])} "
            f"with one from {their(seat, aud)} hand.")


def swapped_cards(state: GameState, e: Event, aud: Audience) -> str:
    return (f"You put {card_power(state, e.data['placed'])} face down in {the_region(state, e.data['region'])} "
            f"and take {card_name(state, e.data['to_hand'])} back into your hand.")


# The teller of each event kind of this area (installed by ``OkcWords``).
TELLERS: dict[str, EventTeller] = {
    "secret.submitted": submitted,
    "secret.chosen": chosen,
    "secret.revealed": revealed,
    "okc.peeked": peeked,
    "okc.peeked.card": peeked_card,
    "okc.swapped": swapped,
    "okc.swapped.cards": swapped_cards,
}
