"""The battle die (7.1) and how many a side rolls (7.3, 7.4)."""

from __future__ import annotations

from engine.core import GameState

# 7.1: six faces: blank, 1, 1, 2, 2, 3 hits. A forced roll gives the face number 1..6.
FACES = (0, 1, 1, 2, 2, 3)


def roll(state: GameState, n: int, why: str) -> list[int]:
    """Roll ``n`` battle dice; returns the hits shown on each."""
    return [FACES[state.rng.roll(6, why=why) - 1] for _ in range(n)]


def dice_for(sp: int) -> int:
    """7.3: 1-6 SP roll one die, 7-12 two, 13 or more three."""
    if sp <= 0:
        return 0
    if sp <= 6:
        return 1
    if sp <= 12:
        return 2
    return 3


def count_hits(faces: list[int], grail: bool) -> int:
    """12.1: against the Holy Grail's bearer, attacker dice showing two hits do nothing."""
    return sum(0 if (grail and f == 2) else f for f in faces)
