"""The Kingdom board's layout (rough spot 5): which two Locations sit in each Region, left then right.

The layout lives in the state (filled from the pack's board at setup), so a module such as the
Night Map can rearrange it, and Travel (Wild Kingdom p.8) can be computed from it.
"""

from __future__ import annotations

from engine.okc.state import Okc


def locations(g: Okc, rid: str) -> list[str]:
    """The Region's Locations, left first."""
    return g.layout[rid]


def all_locations(g: Okc) -> list[str]:
    return [loc for r in g.regions for loc in g.layout[r.id]]


def region_of(g: Okc, location: str) -> str:
    return next(rid for rid, locs in g.layout.items() if location in locs)


def side(g: Okc, location: str) -> str:
    return "left" if g.layout[region_of(g, location)][0] == location else "right"


def travel(g: Okc, location: str) -> str:
    """Travel: one Region down (the bottom wraps to the top), to the opposite side."""
    ids = [r.id for r in g.regions]
    here = region_of(g, location)
    below = ids[(ids.index(here) + 1) % len(ids)]
    return g.layout[below][1 if side(g, location) == "left" else 0]
