"""Computer players against each other: outright win rates and decision times (issue 16).

    python -m engine.arena GAME --seats schemer,random,... --games N [--budget SECONDS] [--seed S]
        [--iterations K] [--workers W] [--log FILE]

Each game seats the listed strengths, turned one place further every game so that each entry
plays from every position; ``p1``.. are the seats. A win is outright when the entry is the only
winner (a tie or an alliance does not count; nor does a game stopped after 20,000 decisions).
Prints, per entry, its wins with a 95% Wilson interval, and the mean and 99th percentile of its
seconds per decision (decisions with one legal action included: they cost nothing). Games run in parallel worker processes.

``--iterations K`` alone gives the schemer exactly K iterations and no clock, so a run plays the same games on any
machine under any load; with ``--budget`` (or neither) the schemer also stops at the budget's wall time. ``--log FILE``
writes each finished game as one JSON line and, run again with the same settings, skips the games the file already
holds: a run of hundreds of games can be stopped and resumed, and the summary covers every game logged.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import games  # noqa: F401  (registers the shipped games)
from engine.agents import STRENGTHS, decide
from engine.core import apply
from engine.registry import get, names

MAX_DECISIONS = 20_000   # a game still going after this many decisions counts as won by nobody


@dataclass
class Tally:
    games: int = 0
    wins: int = 0
    times: list[float] = field(default_factory=list)


Result = tuple[list[bool], list[list[float]]]   # each entry's outright win, and its decision times


def play(game: str, entries: list[str], index: int, seed: int, budget: float | None,
         iterations: int | None) -> Result:
    """One game; entry ``e`` sits at position ``(e + index) % n``. Returns each entry's outright win
    and its decision times. A schemer given ``iterations`` and no ``budget`` runs without the clock."""
    rules = get(game)
    n = len(entries)
    seats = [f"p{k + 1}" for k in range(n)]
    sit = {seats[(e + index) % n]: e for e in range(n)}
    state, _ = rules.new_game(seats, {}, seed)
    times: list[list[float]] = [[] for _ in entries]
    clock = None if iterations is not None and budget is None else time.perf_counter
    step = 0
    while (result := rules.result(state)) is None:
        if step >= MAX_DECISIONS:
            return [False] * n, times
        seat = next(d for d in rules.pending(state) if d.blocking).seats[0]
        e = sit[seat]
        t0 = time.perf_counter()
        action = decide(rules, state, seat, entries[e], seed=seed * 7919 + step, budget=budget,
                        clock=clock, iterations=iterations)
        times[e].append(time.perf_counter() - t0)
        apply(rules, state, seat, action)
        step += 1
    return [result.winners == (s,) for s in sorted(sit, key=sit.__getitem__)], times


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def settings(args: argparse.Namespace, entries: list[str]) -> dict[str, Any]:
    """What makes two logged games part of the same run."""
    return {"game": args.game, "seats": entries, "seed": args.seed, "budget": args.budget,
            "iterations": args.iterations}


def read_log(path: Path, run: dict[str, Any]) -> dict[int, Result]:
    """The games of this run already in the log, by index; a log of another run is refused."""
    done: dict[int, Result] = {}
    if not path.exists():
        return done
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        row = json.loads(line)
        if row["run"] != run:
            raise ValueError(f"{path} line {number} is a game of another run ({row['run']}); "
                             f"give this run its own --log file")
        done[row["index"]] = (row["wins"], row["times"])
    return done


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.arena", description=__doc__.split("\n")[0])
    parser.add_argument("game", help=f"one of: {', '.join(names())}")
    parser.add_argument("--seats", required=True, help=f"a strength per seat, comma separated ({', '.join(STRENGTHS)})")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--budget", type=float, default=None, help="schemer's seconds per decision (default 2)")
    parser.add_argument("--iterations", type=int, default=None,
                        help="schemer's iterations per decision instead (without --budget: no clock)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--log", type=Path, default=None,
                        help="append each finished game to this file and skip the games it already holds")
    args = parser.parse_args(argv)
    entries = [s.strip() for s in args.seats.split(",")]
    bad = [s for s in entries if s not in STRENGTHS]
    if bad:
        parser.error(f"not a strength: {', '.join(bad)} (each seat is one of {', '.join(STRENGTHS)})")
    rules = get(args.game)
    if not rules.min_seats <= len(entries) <= rules.max_seats:
        parser.error(f"{rules.title} takes {rules.min_seats} to {rules.max_seats} seats")
    run = settings(args, entries)
    try:
        logged = read_log(args.log, run) if args.log else {}
    except (ValueError, KeyError, json.JSONDecodeError) as err:
        parser.error(f"cannot resume from {args.log}: {err}")
    tallies = [Tally() for _ in entries]
    shared = 0
    t0 = time.perf_counter()
    todo = [i for i in range(args.games) if i not in logged]
    jobs = [(args.game, entries, i, args.seed * 100_003 + i, args.budget, args.iterations) for i in todo]
    if logged:
        print(f"  {args.games - len(todo)} of {args.games} games read from {args.log}", file=sys.stderr, flush=True)

    def count(wins: list[bool], times: list[list[float]]) -> None:
        nonlocal shared
        shared += not any(wins)
        for tally, won, spent in zip(tallies, wins, times, strict=True):
            tally.games += 1
            tally.wins += won
            tally.times += spent

    for i in range(args.games):
        if i in logged:
            count(*logged[i])
    # One worker plays in this process (no pool: tests and small runs need no child processes).
    with ProcessPoolExecutor(max_workers=args.workers) if args.workers > 1 else nullcontext() as pool:
        if pool is not None:
            futures = [pool.submit(play, *job) for job in jobs]
            results: Iterator[Result] = (f.result() for f in futures)
        else:
            results = (play(*job) for job in jobs)
        for done, (index, (wins, times)) in enumerate(zip(todo, results, strict=True), 1):
            count(wins, times)
            if args.log:
                with args.log.open("a") as log:
                    log.write(json.dumps({"run": run, "index": index, "wins": wins, "times": times}) + "\n")
            if done % max(1, len(todo) // 10) == 0:
                print(f"  {done}/{len(todo)} games, {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
    if args.iterations and args.budget is None:
        budget = f"{args.iterations} iterations, no clock"
    elif args.iterations:
        budget = f"{args.iterations} iterations within {args.budget:g} s"
    else:
        budget = f"{args.budget or 2.0:g} s budget"
    search = f", schemer {budget}" if "schemer" in entries else ""
    print(f"{rules.title}, {args.games} games, seats {','.join(entries)}{search}, seed {args.seed}")
    print(f"{'seat':<4} {'strength':<8} {'wins':>5} {'rate':>6} {'95% interval':>15} {'s/decision':>11} {'p99 s':>7}")
    for k, (entry, t) in enumerate(zip(entries, tallies, strict=True)):
        lo, hi = wilson(t.wins, t.games)
        mean = sum(t.times) / len(t.times) if t.times else 0.0
        print(f"{k + 1:<4} {entry:<8} {t.wins:>5} {t.wins / max(1, t.games):>6.1%} "
              f"{f'{lo:.1%}-{hi:.1%}':>15} {mean:>11.4f} {percentile(t.times, 0.99):>7.3f}")
    print(f"no outright winner (a tie, an alliance or a stopped game): {shared} of {args.games} games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
