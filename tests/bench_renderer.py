"""Renderer benchmarks for `make bench`: draw + encode per board, and file sizes.

``bench()`` returns rows (name, figure, unit, target). Views come from a game played part-way
through the engine when it can play, else from the hand-written fixtures of tests/renderer.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from renderer import render
from renderer.paint import clear_caches

RUNS = 15
Row = tuple[str, float, str, str]


def views(game: str) -> tuple[str, dict[str, Any], str, dict[str, Any]]:
    """(source, public view, a seat, that seat's view)."""
    try:
        from renderer.demo import play

        rules, state = play(game, seed=7, steps=200)
        seat = state.seats[0]
        return "engine", rules.view(state, None), seat, rules.view(state, seat)
    except Exception:  # the engine cannot play yet: fall back to the fixtures
        from tests.renderer import fief_fixture, okc_fixture

        fixture = fief_fixture if game == "fief" else okc_fixture
        seat = "ann" if game == "fief" else "al"
        return "fixture", fixture.public_view(), seat, fixture.private_view(seat)


def wild_views() -> tuple[dict[str, Any], str, dict[str, Any]]:
    """An OKC game with every Wild Kingdom module, played part-way: (public view, a seat, its view)."""
    from engine import games  # noqa: F401  (registers the shipped games)
    from engine.registry import get
    from renderer.demo import advance

    rules = get("okc")
    state, _ = rules.new_game(["ann", "bob", "cat", "dan"], {"modules": "all"}, 7)
    advance(rules, state, 7, 200)
    seat = state.seats[0]
    return rules.view(state, None), seat, rules.view(state, seat)


def median_ms(draw: Callable[[], bytes]) -> tuple[float, int]:
    draw()  # warm: base layer, sprites and labels cached as in a running bot
    times = []
    size = 0
    for _ in range(RUNS):
        t0 = time.perf_counter()
        size = len(draw())
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times), size


def bench() -> list[Row]:
    rows: list[Row] = []
    for game in ("fief", "okc"):
        source, public, seat, private = views(game)
        clear_caches()
        t0 = time.perf_counter()
        render(game, public, None)
        cold = (time.perf_counter() - t0) * 1000
        ms, size = median_ms(lambda g=game, v=public: render(g, v, None))
        rows.append((f"renderer: {game} public board draw+encode ({source} view)", round(ms, 1), "ms", "<= 60"))
        rows.append((f"renderer: {game} public board file size", round(size / 1024, 1), "KiB", "<= 400"))
        ms, size = median_ms(lambda g=game, v=private, s=seat: render(g, v, s))
        rows.append((f"renderer: {game} private board draw+encode ({source} view)", round(ms, 1), "ms", "<= 40"))
        rows.append((f"renderer: {game} first board of a process (base layer built)", round(cold, 1), "ms", ""))
    public, seat, private = wild_views()
    ms, size = median_ms(lambda v=public: render("okc", v, None))
    rows.append(("renderer: okc public board, every Wild Kingdom module, 4 players", round(ms, 1), "ms", "<= 60"))
    rows.append(("renderer: okc public board file size, every Wild Kingdom module", round(size / 1024, 1), "KiB",
                 "<= 400"))
    ms, size = median_ms(lambda v=private, s=seat: render("okc", v, s))
    rows.append(("renderer: okc private board, every Wild Kingdom module", round(ms, 1), "ms", "<= 40"))
    return rows


if __name__ == "__main__":
    argparse.ArgumentParser(prog="python -m tests.bench_renderer", description=__doc__.split("\n")[0]).parse_args()
    for name, figure, unit, target in bench():
        print(f"{name:70s} {figure:8.1f} {unit:4s} target {target}")
