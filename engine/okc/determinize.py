"""Sampling what one seat cannot see (for the searching agents, docs/agents.md).

The seat keeps what its view shows: its hand, its face-down Region cards, its bid and Ally bid,
the cards it peeked at this round, every face-up card and every public count. Drawn afresh from
the agent's generator: each other seat's hand, deck, face-down Region cards and Ally bid (one pool
per seat, since every Faction deck is its own), their unrevealed secret choices (picked again
from their new hand), the order of the seat's own deck and of the Kingdom deck below its face-up
top card. Every pool is sorted before it is shuffled, so the sample depends only on what the seat
knows. With modules an Ally's back shows (Wild Kingdom, Allies): every place, and every secret
choice, keeps a card of its kind, an Ally or not, as ``rules.permute`` does for the simulator.

Left as they are (docs/agents.md): the hand of another seat in the middle of a choice among its
own cards (its options name them), and the modules' hidden pieces, which each module scrambles
with its own ``permute``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.okc.allies import is_ally
from engine.okc.hidden import HAND_CHOICES
from engine.okc.state import Okc


def _redrawn(cards: list[str], kind: Callable[[str], bool], rnd: random.Random) -> list[str]:
    """``cards`` drawn afresh, each place keeping a card of its kind; each kind's pool sorted before it
    is shuffled (the result depends only on which places hold which kind)."""
    pools: dict[bool, list[str]] = {}
    for c in sorted(cards):
        pools.setdefault(kind(c), []).append(c)
    for k in sorted(pools):
        rnd.shuffle(pools[k])
    return [pools[kind(c)].pop() for c in cards]


def determinize(g: Okc, seat: str, rnd: random.Random) -> None:
    """Redraw, in place on a copy, the facts hidden from ``seat``."""
    me = g.players[seat]
    for other in sorted(g.players):
        p = g.players[other]
        choosing = g.choice is not None and g.choice.seat == other and (other == seat or g.choice.kind in HAND_CHOICES)
        if other == seat or choosing:
            if not choosing:
                deck = sorted(p.deck)
                rnd.shuffle(deck)
                p.deck = deck
            continue
        facedown = [q for r in g.regions for q in r.cards
                    if q.owner == other and not q.face_up and f"{other}|{r.id}|{q.card}" not in me.peeked]
        ally = [g.ally_bids[other]] if other in g.ally_bids else []

        def kind(c: str, other: str = other) -> bool:
            return bool(g.modules) and is_ally(g, other, c)

        pool = _redrawn(p.hand + p.deck + [q.card for q in facedown] + ally, kind, rnd)
        p.hand, pool = pool[:len(p.hand)], pool[len(p.hand):]
        p.deck, pool = pool[:len(p.deck)], pool[len(p.deck):]
        for q in facedown:
            q.card = pool.pop(0)
        if ally:
            g.ally_bids[other] = pool.pop(0)
        _rechoose(g, other, kind, rnd)
    if len(g.kingdom_deck) > 2:
        rest = sorted(g.kingdom_deck[1:])
        rnd.shuffle(rest)
        g.kingdom_deck[1:] = rest


def _rechoose(g: Okc, other: str, kind: Callable[[str], bool], rnd: random.Random) -> None:
    """An unrevealed secret choice of ``other`` (a bid, Region cards, a tie card) picked again from
    its new hand, each card of the chosen card's kind: the cards promised stay in the hand until the reveal."""
    secret = g.secret
    chosen = secret.own(other) if secret is not None else None
    if secret is None or not chosen:
        return
    hand = sorted(g.players[other].hand)
    rnd.shuffle(hand)

    def same(c: str) -> str:
        took = next(x for x in reversed(hand) if kind(x) == kind(c))
        hand.remove(took)
        return took

    if isinstance(chosen, dict):
        secret.chosen[other] = {k: same(chosen[k]) if chosen[k] else chosen[k] for k in sorted(chosen)}
    else:
        secret.chosen[other] = same(chosen)
