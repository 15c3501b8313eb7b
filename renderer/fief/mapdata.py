"""The static map of England (public data), as the renderer uses it.

Loaded through the engine's public loader (``engine.fief.map.load_map().public()``); if the Fief
package cannot be imported yet, the same JSON file is read directly and brought to that shape.
Static map data is public: nothing here depends on a game.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

MAP_FILE = Path(__file__).resolve().parents[2] / "engine" / "fief" / "data" / "map.json"


def _from_file(path: Path) -> dict[str, Any]:
    raw = json.loads(path.read_text(encoding="utf-8"))
    regions = {}
    for r in raw["regions"]:
        cities = [c["name"] for c in raw["cities"] if c["region"] == r["id"]]
        regions[r["id"]] = {**{k: v for k, v in r.items() if k != "id"}, "cities": cities}
    roads_of: dict[str, dict[str, str]] = {c["name"]: {} for c in raw["cities"]}
    for road in raw["roads"]:
        roads_of[road["a"]][road["a_dir"]] = road["b"]
        roads_of[road["b"]][road["b_dir"]] = road["a"]
    ports = {r["port"] for r in raw["regions"]}
    cathedrals = {d["cathedral"] for d in raw["districts"]}
    return {
        "canvas": raw["canvas"],
        "regions": regions,
        "cities": {c["name"]: {"region": c["region"], "x": c["x"], "y": c["y"], "port": c["name"] in ports,
                               "cathedral": c["name"] in cathedrals, "roads": roads_of[c["name"]]}
                   for c in raw["cities"]},
        "roads": raw["roads"],
        "seas": {s["id"]: {k: v for k, v in s.items() if k != "id"} for s in raw["seas"]},
        "districts": {d["id"]: {k: v for k, v in d.items() if k != "id"} for d in raw["districts"]},
        "sherwood": raw["sherwood"],
    }


@cache
def load() -> dict[str, Any]:
    """The public map: canvas, regions, cities (x, y, port, cathedral), roads, seas, districts, Sherwood."""
    try:
        # the engine's map when installed, else the copy beside this module
        from engine.fief.map import load_map
    except ImportError:
        return _from_file(MAP_FILE)
    data: dict[str, Any] = load_map().public()
    return data
