"""Hidden information in OKC (p.9 and Wild Kingdom, Allies): what ``permute_hidden`` may scramble
because no single next action can reveal it, and the choices among a seat's own hand cards that keep
that hand as it is (the searching agents' :mod:`engine.okc.determinize` keeps them too)."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.core import GameState
from engine.okc.allies import is_ally
from engine.okc.state import Okc


def safe_regions(g: Okc) -> set[str]:
    """Regions whose face-down cards no single next action can reveal: all of them in the Spring
    Action Step; in Summer, all but the Region being resolved and the next one to clash."""
    if g.step == "spring_actions":
        return {r.id for r in g.regions}
    if g.season != "summer" or g.clash is None:
        return set()
    rest = sorted((r for r in g.regions if not r.resolved and r.id != g.clash.region), key=lambda r: r.marker)
    return {r.id for r in rest[1:]}


HAND_CHOICES = frozenset({"discard", "bottom", "burn", "govern", "journey", "swap", "ambush",
                          "barter_occupy"})


def by_kind(cards: list[str], kind: Callable[[str], bool], rnd: random.Random) -> list[str]:
    """``cards`` shuffled, each place keeping a card of its kind: an Ally's back shows (Wild Kingdom,
    Allies), so Allies trade places only with Allies and the other cards with the other cards."""
    groups: dict[bool, list[str]] = {}
    for c in cards:
        groups.setdefault(kind(c), []).append(c)
    for group in groups.values():
        rnd.shuffle(group)
    return [groups[kind(c)].pop() for c in cards]


def ally_bid_hidden(g: Okc, secret_safe: bool) -> bool:
    """Whether no single next action can reveal the face-down Ally bids (they show with the other bids)."""
    return (g.step == "ally_bids" and len(g.turn_queue) >= 2) or (g.step == "bid" and secret_safe)


def permute(state: GameState, rnd: random.Random) -> None:
    """Scramble hidden facts: hands, deck order, and, while the next action cannot reveal them,
    face-down bids (Ally bids too), tie-break cards and face-down Region cards (see :func:`safe_regions`).
    With modules, Allies only ever trade places with Allies (their backs show)."""
    g: Okc = state.data
    secret = g.secret
    secret_safe = secret is not None and len(secret.missing()) >= 2
    safe = safe_regions(g)
    bids_hidden = ally_bid_hidden(g, secret_safe)
    for seat in g.order:
        p = g.players[seat]

        def kind(c: str, seat: str = seat) -> bool:
            return bool(g.modules) and is_ally(g, seat, c)

        if g.choice is not None and g.choice.seat == seat and g.choice.kind in HAND_CHOICES:
            p.deck = by_kind(p.deck, kind, rnd)
            continue
        chosen = secret.own(seat) if secret is not None else None
        fixed: list[str] = []          # hand cards promised to an unrevealed secret that must stay put
        if chosen and not secret_safe:
            fixed = [c for c in (chosen.values() if isinstance(chosen, dict) else [chosen]) if c]
        loose = list(p.hand)
        for c in fixed:
            loose.remove(c)
        fd = [q for r in g.regions if r.id in safe for q in r.cards if q.owner == seat and not q.face_up]
        bid = [g.ally_bids[seat]] if bids_hidden and seat in g.ally_bids else []
        pool = loose + p.deck + [q.card for q in fd] + bid
        if g.modules:
            pool = by_kind(pool, kind, rnd)
        else:
            rnd.shuffle(pool)
        hand, pool = pool[:len(loose)], pool[len(loose):]
        deck, pool = pool[:len(p.deck)], pool[len(p.deck):]
        for q in fd:
            q.card = pool.pop(0)
        if bid:
            g.ally_bids[seat] = pool.pop(0)
        p.hand = fixed + hand
        p.deck = deck
        if chosen and secret_safe and secret is not None:
            rest = list(p.hand)
            rnd.shuffle(rest)

            def same(c: str, rest: list[str] = rest, kind: Callable[[str], bool] = kind) -> str:
                took = next(x for x in rest if kind(x) == kind(c))
                rest.remove(took)
                return took

            if isinstance(chosen, dict):
                secret.chosen[seat] = {k: same(v) if v else v for k, v in chosen.items()}
            elif chosen:
                secret.chosen[seat] = same(chosen)
