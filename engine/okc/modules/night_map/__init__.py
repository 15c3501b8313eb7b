"""Night Map (Wild Kingdom, complexity 1): the six Locations are laid out anew over the three Regions.

Option ``night_map``: ``random`` (default: Location tokens drawn one at a time, filling the top Region
left then right, then the middle, then the bottom) or six Location ids in that order (a layout the
table agreed on). The Regions keep their names and order; everything else plays as usual, with
Travel following the new layout.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core import Event, GameState, Refusal, RuleError
from engine.okc.modules.api import Module, Okc, load_pack, location_name, region_name

SECTION = "Wild Kingdom: Night Map"


def _ids(options: dict[str, Any]) -> list[str] | None:
    value = str(options.get("night_map", "random"))
    return None if value == "random" else [v for v in value.split(",") if v]


def check_layout(options: dict[str, Any]) -> None:
    """Refuse a layout that does not name each of the pack's six Locations once."""

    chosen = _ids(options)
    if chosen is None:
        return
    known = sorted(load_pack(str(options.get("pack", "starter"))).locations)
    if sorted(chosen) != known:
        raise RuleError(SECTION, "name each of the six Locations once, top-left first", code=Refusal.BAD_OPTION,
                        legal=["random", ",".join(known)])


class NightMap(Module):
    name = "night_map"
    title = "Night Map"
    complexity = 1
    order: ClassVar[int] = 0

    def check_options(self, seats: int, options: dict[str, Any]) -> None:
        check_layout(options)

    def setup(self, state: GameState) -> None:
        g: Okc = state.data
        tokens = [loc for r in g.regions for loc in g.layout[r.id]]
        chosen = _ids(state.options)
        if chosen is None:
            # Randomised setup: draw the tokens one by one from the bag.
            chosen = []
            while tokens:
                pick = state.rng.pick(tokens, why="night map")
                tokens.remove(pick)
                chosen.append(pick)
        for i, r in enumerate(g.regions):
            g.layout[r.id] = chosen[2 * i:2 * i + 2]
        state.emit(Event.public("okc.night_map", layout={r: list(v) for r, v in g.layout.items()}))

    def words(self, w: Any) -> None:
        w.on("okc.night_map")(tell_layout)


def tell_layout(state: GameState, e: Event, aud: Any) -> str:
    """The layout drawn for the Night Map, Region by Region, left Location first."""

    layout: dict[str, list[str]] = dict(e.data.get("layout") or {})
    parts = [f"the {region_name(state, r)} holds the {location_name(state, locs[0])} and the "
             f"{location_name(state, locs[1])}" for r, locs in layout.items() if len(locs) == 2]
    return "Night Map: " + "; ".join(parts) + "."


