"""Turn order helpers shared by both games."""

from __future__ import annotations

from collections.abc import Sequence


def rotate(order: Sequence[str], first: str) -> list[str]:
    """``order`` starting from ``first``, wrapping around."""
    i = list(order).index(first)
    return list(order[i:]) + list(order[:i])


def next_after(order: Sequence[str], seat: str) -> str:
    i = list(order).index(seat)
    return order[(i + 1) % len(order)]


def later_in(order: Sequence[str], seat: str) -> list[str]:
    """Seats after ``seat`` in ``order`` (no wrap)."""
    i = list(order).index(seat)
    return list(order[i + 1:])
