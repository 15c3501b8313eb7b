"""Random playouts of whole games, with invariant checks (:mod:`engine.playout`).

    python -m engine.simulate GAME --games N --seed S [--players P] [--start K] [--coverage]

Plays whole games with random legal choices and checks the engine's invariants after every action
(:class:`engine.playout.Playout` lists them). Prints one line per game and
``N games, D decisions, X decisions/s`` last (engine time only: the checks are not counted). Exits
non-zero on the first failure.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from engine import games  # noqa: F401  (registers the shipped games)
from engine.core import RuleError, Rules
from engine.playout import Playout, PlayoutFailure
from engine.registry import get, names


def seat_counts(rules: Rules, options: dict[str, Any]) -> list[int]:
    """The numbers of players the options allow, in order (OKC's Negotiating Table needs 3 or 4)."""
    out = []
    for n in range(rules.min_seats, rules.max_seats + 1):
        try:
            rules.check_options(n, {**rules.default_options(n), **options})
        except RuleError:
            continue
        out.append(n)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.simulate", description=__doc__.split("\n")[0])
    parser.add_argument("game", help=f"one of: {', '.join(names())} (or module:ATTR)")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--start", type=int, default=0,
                        help="skip the first N games of the run (to split a long run: --start 60 --games 140 plays "
                             "games 61 to 200 of --games 200)")
    parser.add_argument("--players", type=int, help="seats per game (default: cycle through the allowed counts)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option, e.g. --option length=5 (repeatable)")
    parser.add_argument("--no-check", action="store_true", help="skip the invariant checks (speed runs)")
    parser.add_argument("--coverage", action="store_true", help="print how often each event kind occurred")
    args = parser.parse_args(argv)

    try:
        rules = get(args.game)
    except (KeyError, TypeError, ImportError) as err:
        parser.error(str(err))
    options = {}
    for item in args.option:
        key, _, value = item.partition("=")
        options[key] = int(value) if value.lstrip("-").isdigit() else value
    counts = seat_counts(rules, options)
    if not counts:
        parser.error("no number of players allows these options")
    total_decisions, total_seconds = 0, 0.0
    coverage: dict[str, int] = {}
    goals: dict[str, int] = {}
    reasons: dict[str, int] = {}
    for i in range(args.start, args.start + args.games):
        n = args.players or counts[i % len(counts)]
        seats = [f"p{k + 1}" for k in range(n)]
        seed = args.seed * 100_003 + i
        playout = Playout(rules, seats, seed, options, check=not args.no_check)
        try:
            state = playout.run()
        except PlayoutFailure as err:
            print(f"game {i + 1}: FAILED {err}")
            return 1
        except Exception as err:  # a crash in the rules is a failure too, with its reproduction
            print(f"game {i + 1}: CRASHED seed {seed}, decision {playout.decisions}: {err!r}")
            raise
        result = rules.result(state)
        assert result is not None
        total_decisions += playout.decisions
        total_seconds += playout.engine_seconds
        for kind, count in playout.event_counts.items():
            coverage[kind] = coverage.get(kind, 0) + count
        for goal, count in playout.goal_counts.items():
            goals[goal] = goals.get(goal, 0) + count
        reasons[result.reason] = reasons.get(result.reason, 0) + 1
        print(f"game {i + 1}: {n} players, seed {seed}, {playout.decisions} decisions, "
              f"winners {','.join(result.winners)} ({result.reason})")
    if args.coverage:
        for kind in sorted(coverage):
            print(f"  {kind}: {coverage[kind]}")
        if rules.coverage_goals:
            print("goals (0 = not reached):")
            for goal in rules.coverage_goals:
                print(f"  {goal}: {goals.get(goal, 0)}")
    print("results: " + ", ".join(f"{reason} {count}" for reason, count in sorted(reasons.items())))
    rate = total_decisions / total_seconds if total_seconds else 0.0
    print(f"{args.games} games, {total_decisions} decisions, {rate:,.0f} decisions/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
