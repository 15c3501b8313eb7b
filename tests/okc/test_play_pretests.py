"""The cheap pre-tests of `/okc` actions (engine/okc/play.py) agree with the legal lists: in seeded
playouts, with and without the Wild Kingdom modules, every Deploy, Tactic, Kingdom card and Favour action
that ``legal`` lists passes :func:`listed_now`, and no near miss that ``legal`` leaves out does; the hooks
asked only of the modules that define them are exactly the modules that define them."""

from __future__ import annotations

import random

import pytest

from engine.core import Action, apply
from engine.okc import RULES
from engine.okc.actions import TIMING, legal
from engine.okc.hooks import QUIET_HOOKS, Module, hooked
from engine.okc.modules.shipped import MODULES, playing
from engine.okc.play import listed_now
from engine.okc.state import Okc

KINDS = ("deploy", "tactic", "kingdom", "favour")


def near_misses(action: Action) -> list[Action]:
    """Variants of a listed action: another value, a count off by one, an extra or a missing argument."""
    out = [Action(action.kind, ()), Action(action.kind, (*action.args, ("zzz", 1)))]
    for i, (name, value) in enumerate(action.args):
        others = [value + 1, value - 1, True] if isinstance(value, int) else [f"{value}x", "highlands", "plateau"]
        out += [Action(action.kind, (*action.args[:i], (name, v), *action.args[i + 1:])) for v in others]
    return out


def checked_playout(seed: int, seats: int, options: dict[str, str]) -> int:
    names = [f"p{i + 1}" for i in range(seats)]
    state, _ = RULES.new_game(names, options, seed)
    rnd = random.Random(seed)
    checked = 0
    while RULES.result(state) is None:
        g: Okc = state.data
        timing = TIMING.get(g.step)
        if timing is not None and g.choice is None and g.turn_queue:
            seat = g.turn_queue[0]
            options_now = legal(state, seat)
            for a in options_now:
                if a.kind in KINDS:
                    assert listed_now(g, seat, a, timing), a
                    checked += 1
                    for miss in near_misses(a):
                        if miss not in options_now:
                            assert not listed_now(g, seat, miss, timing), miss
        pending = [d for d in RULES.pending(state) if d.blocking]
        seat = rnd.choice(rnd.choice(pending).seats)
        apply(RULES, state, seat, rnd.choice(RULES.legal(state, seat)))
    return checked


@pytest.mark.parametrize("seed,seats,options", [(3, 2, {}), (4, 3, {}), (5, 4, {}), (6, 4, {"modules": "all"})])
def test_pretests_agree_with_legal(seed: int, seats: int, options: dict[str, str]) -> None:
    assert checked_playout(seed, seats, options) > 20


def test_hooked_modules_define_the_hook() -> None:
    every = playing(sorted(MODULES))
    for hook in QUIET_HOOKS:
        own = [m for m in every if getattr(type(m), hook) is not getattr(Module, hook)]
        assert list(hooked(every, hook)) == own, hook
    assert hooked((), "acted") == ()
