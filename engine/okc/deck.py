"""Decks, hands and Attrition (p.16, p.47).

Drawing from an empty deck shuffles the discard pile into a new deck and lowers the Hand Size
by one, never below three (Attrition). Whoever then holds more cards than their Hand Size
discards down to it at once (queued as a discard job ahead of everything else).
"""

from __future__ import annotations

from engine.core import Event, GameState
from engine.okc.state import Job, Okc

MIN_HAND_SIZE = 3


def attrition(state: GameState, seat: str) -> bool:
    """Shuffle the discard pile into the deck and lower the Hand Size; False if there is nothing to shuffle."""
    g: Okc = state.data
    p = g.players[seat]
    if not p.discard:
        return False
    p.deck = list(p.discard)
    p.discard = []
    state.rng.shuffle(p.deck, why=f"attrition {seat}")
    before = p.hand_size
    p.hand_size = max(MIN_HAND_SIZE, p.hand_size - 1)
    state.emit(Event.public("okc.attrition", seat=seat, deck=len(p.deck), hand_size=p.hand_size,
                            lowered=before != p.hand_size))
    return True


def draw(state: GameState, seat: str, count: int) -> int:
    """Draw ``count`` cards (fewer if the deck and discard run out); returns how many were drawn."""
    g: Okc = state.data
    p = g.players[seat]
    drawn: list[str] = []
    shuffled = False
    for _ in range(count):
        if not p.deck:
            if not attrition(state, seat):
                break
            shuffled = True
        drawn.append(p.deck.pop(0))
    p.hand.extend(drawn)
    if drawn:
        state.emit(Event.private(seat, "okc.drew.cards", seat=seat, cards=drawn))
    state.emit(Event.public("okc.drew", seat=seat, count=len(drawn), hand=len(p.hand), deck=len(p.deck)))
    if shuffled:
        discard_down(state, seat)
    return len(drawn)


def draw_up(state: GameState, seat: str) -> None:
    """Start of the Year: draw until the hand holds Hand Size cards (the size may fall on the way)."""
    g: Okc = state.data
    p = g.players[seat]
    drawn: list[str] = []
    while len(p.hand) < p.hand_size:
        if not p.deck and not attrition(state, seat):
            break
        card = p.deck.pop(0)
        p.hand.append(card)
        drawn.append(card)
    if drawn:
        state.emit(Event.private(seat, "okc.drew.cards", seat=seat, cards=drawn))
    state.emit(Event.public("okc.drew", seat=seat, count=len(drawn), hand=len(p.hand), deck=len(p.deck)))


def discard_down(state: GameState, seat: str) -> None:
    """If the hand is over the Hand Size, the owner discards the excess at once (p.47)."""
    g: Okc = state.data
    p = g.players[seat]
    excess = len(p.hand) - p.hand_size
    if excess > 0 and not any(j.seat == seat and j.ctx.get("attrition") for j in g.jobs):
        g.jobs.insert(0, Job(seat, [{"do": "discard", "amount": excess}], {"attrition": True}))
