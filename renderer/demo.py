"""Draw real boards from a game played part-way at random through the engine.

    python -m renderer.demo GAME --out DIR [--seed S] [--players N] [--steps K] [--scene]

Plays random legal actions through ``engine.core.apply`` (the only path into the rules), then
writes the public board and every seat's private board into DIR (``GAME-public.png``,
``GAME-<seat>.png``; with ``--scene`` also each scene as text), and prints each file with its
draw + encode time and size.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from pathlib import Path
from typing import Any

from renderer import render

SEAT_NAMES = ["ann", "bob", "cat", "dan", "eve", "fay"]
DEFAULT_STEPS = {"fief": 250, "okc": 150}


def start(game: str, seed: int, players: int | None = None):  # type: ignore[no-untyped-def]
    """A new game of ``game`` through the registry: (rules, state)."""
    # the engine only when a demo runs: the renderer itself never imports it
    from engine import games  # noqa: F401  (registers the shipped games)
    from engine.registry import get  # the engine only when a demo runs

    rules = get(game)
    count = players or max(rules.min_seats, min(3, rules.max_seats))
    state, _ = rules.new_game(SEAT_NAMES[:count], None, seed)
    return rules, state


def choose(rules, state, seat: str, legal: list[Any], agent: random.Random):  # type: ignore[no-untyped-def]
    """A random legal action, weighted as the simulator weights it (``Rules.agent_weight``), so that
    demos reach battles and sieges rather than surrendering at the first chance."""
    try:
        from engine.playout import pick  # the engine only when a demo runs (else a plain random choice)
    except ImportError:
        return agent.choice(legal)
    return pick(rules, state, seat, legal, agent)


def advance(rules, state, seed: int, steps: int) -> str:  # type: ignore[no-untyped-def]
    """Up to ``steps`` random (weighted) legal actions, each through ``engine.core.apply``.

    Returns "" or why it stopped early (an engine refusing one of its own legal actions is the
    simulator's business: the boards are drawn from the state reached so far).
    """
    from engine.core import RuleError, apply  # the engine only when a demo runs

    agent = random.Random(seed)
    for _ in range(steps):
        if rules.result(state) is not None:
            return ""
        blocking = [d for d in rules.pending(state) if d.blocking]
        if not blocking:
            return "no blocking decision"
        seat = agent.choice(agent.choice(blocking).seats)
        legal = rules.legal(state, seat)
        if not legal:
            return f"{seat} has no legal action"
        action = choose(rules, state, seat, legal, agent)
        try:
            apply(rules, state, seat, action)
        except RuleError as err:
            return f"the engine refused its own legal action {action!r} by {seat}: {err}"
    return ""


def play(game: str, seed: int, steps: int, players: int | None = None):  # type: ignore[no-untyped-def]
    """A game of ``game`` after up to ``steps`` random legal actions: (rules, state)."""
    rules, state = start(game, seed, players)
    stopped = advance(rules, state, seed, steps)
    if stopped:
        print(f"note: stopped early: {stopped}", file=sys.stderr)
    return rules, state


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m renderer.demo", description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=["fief", "okc"])
    parser.add_argument("--out", required=True, type=Path, help="folder for the images")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int)
    parser.add_argument("--steps", type=int, help="random actions to play first")
    parser.add_argument("--scene", action="store_true", help="also write each board's scene as text (.txt)")
    args = parser.parse_args(argv)

    try:
        rules, state = play(args.game, args.seed, args.steps or DEFAULT_STEPS[args.game], args.players)
    except Exception as err:  # an engine still being written: say so plainly
        print(f"the {args.game} engine could not play: {type(err).__name__}: {err}", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    print(f"{args.game}: {rules.phase(state)} (state version {state.version}, seed {args.seed})")
    for seat in [None, *state.seats]:
        view = rules.view(state, seat)
        t0 = time.perf_counter()
        data = render(args.game, view, seat)
        ms = (time.perf_counter() - t0) * 1000
        path = args.out / f"{args.game}-{seat or 'public'}.png"
        path.write_bytes(data)
        print(f"  {path}  {ms:.0f} ms  {len(data) // 1024} KiB")
        if args.scene:
            scene = importlib.import_module(f"renderer.{args.game}").build_scene(view, seat)
            path.with_suffix(".txt").write_text(scene.describe() + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
