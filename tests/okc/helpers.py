"""A small builder for OKC rule tests: start a game, put it in a given position, act, check refusals."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Event, GameState, RuleError, apply
from engine.core.textform import parse
from engine.okc import RULES
from engine.okc.state import Okc, Placed
from engine.okc.words.wording import OkcWords

FACTIONS = "nobility,clans,uprising,gathering"


def game(n: int = 2, seed: int = 1, **options: Any) -> GameState:
    opts: dict[str, Any] = {"factions": ",".join(FACTIONS.split(",")[:n]), "order": "seated"}
    opts.update(options)
    state, _ = RULES.new_game([f"p{i + 1}" for i in range(n)], opts, seed)
    return state


def data(state: GameState) -> Okc:
    return state.data


def do(state: GameState, seat: str, text: str) -> list[Event]:
    return apply(RULES, state, seat, parse(text, RULES.actions))


def refused(state: GameState, seat: str, text: str, code: str | None = None) -> RuleError:
    before = RULES.fingerprint(state)
    with pytest.raises(RuleError) as info:
        do(state, seat, text)
    assert RULES.fingerprint(state) == before, "a refused action changed the state"
    if code is not None:
        assert info.value.code == code, info.value
    return info.value


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def find(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def spring_actions(state: GameState, cards: dict[str, dict[str, str]], hands: dict[str, list[str]] | None = None,
                   supporters: dict[str, dict[str, int]] | None = None) -> None:
    """Jump to the Spring Action Step with face-down ``cards`` {seat: {region: card}} next to Regions."""
    g = data(state)
    g.secret = None
    g.bid_queue = []
    g.revealed_bids = {}
    for reg in g.regions:
        reg.cards = []
    for seat, placed in cards.items():
        for rid, cid in placed.items():
            next(r for r in g.regions if r.id == rid).cards.append(Placed(cid, seat))
    for seat, hand in (hands or {}).items():
        g.players[seat].hand = list(hand)
    for seat, where in (supporters or {}).items():
        for rid, n in where.items():
            next(r for r in g.regions if r.id == rid).supporters[seat] = n
            g.players[seat].supporters -= n
    g.turn_queue = list(g.order)
    g.step, g.season = "spring_actions", "spring"


def pass_until(state: GameState, step: str, limit: int = 50) -> None:
    """Every awaited seat passes until the game reaches ``step``."""
    for _ in range(limit):
        if data(state).step == step:
            return
        seat = data(state).turn_queue[0]
        do(state, seat, "pass")
    raise AssertionError(f"never reached {step}, at {data(state).step}")


def to_summer(state: GameState, order: str = "highlands,plateau,lowlands") -> None:
    """From the Spring Action Step: everyone passes, the last seat sets the Clash markers."""
    pass_until(state, "clash_order")
    do(state, data(state).order[-1], f"order regions:{order}")


def region(state: GameState, rid: str):
    return next(r for r in data(state).regions if r.id == rid)


def module_words(name: str) -> OkcWords:
    """A fresh wording with only module ``name`` installed: what its ``register`` adds, and nothing else."""
    from engine.okc.modules.shipped import MODULES

    w = OkcWords()
    w.install(MODULES[name])
    return w
