"""States met along random playouts, for the agents' tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine import games  # noqa: F401  (registers the shipped games)
from engine.core import GameState, Rules, apply
from engine.registry import get


def actor(rules: Rules, state: GameState) -> str:
    """The seat the first blocking decision waits on."""
    return next(d for d in rules.pending(state) if d.blocking).seats[0]


def along(game: str, players: int, seed: int, every: int, limit: int,
          options: dict[str, object] | None = None) -> Iterator[tuple[Rules, GameState, str]]:
    """Every ``every``-th state of one random playout (at most ``limit``), with the seat to act."""
    rules = get(game)
    state, _ = rules.new_game([f"p{k + 1}" for k in range(players)], dict(options or {}), seed)
    rnd = random.Random(seed)
    step = 0
    given = 0
    while rules.result(state) is None and given < limit:
        seat = actor(rules, state)
        if step % every == 0:
            yield rules, state, seat
            given += 1
        apply(rules, state, seat, rnd.choice(rules.legal(state, seat)))
        step += 1
