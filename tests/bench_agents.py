"""Computer players for `make bench` (issue 16): the p50 and p99 of seconds per decision for each
strength and game, the schemer at its default budget (2 s of wall time) with the clock passed in.

Each strength plays the seat ``p1`` against random seats until it has made enough decisions that
had a real choice (two legal actions or more); forced moves are not counted.
"""

from __future__ import annotations

import time

from engine.agents import DEFAULT_BUDGET, STRENGTHS, decide
from engine.agents.choice import choices
from engine.core import apply
from engine.registry import get

Row = tuple[str, float, str, str]
DECISIONS = {"random": 200, "steady": 60, "schemer": 8}


def times(game: str, seats: int, strength: str, count: int, seed: int) -> list[float]:
    rules = get(game)
    out: list[float] = []
    step = 0
    while len(out) < count:
        state, _ = rules.new_game([f"p{k + 1}" for k in range(seats)], {}, seed + step)
        while rules.result(state) is None and len(out) < count:
            seat = next(d for d in rules.pending(state) if d.blocking).seats[0]
            who = strength if seat == "p1" else "random"
            real = who == strength and len(choices(rules, state, seat)) > 1
            t0 = time.perf_counter()
            action = decide(rules, state, seat, who, seed=step, clock=time.perf_counter)
            if real:
                out.append(time.perf_counter() - t0)
            apply(rules, state, seat, action)
            step += 1
    return sorted(out)


def bench() -> list[Row]:
    from engine import games  # noqa: F401  (registers fief and okc)

    rows: list[Row] = []
    for game, seats in (("okc", 2), ("fief", 4)):
        for strength in STRENGTHS:
            spent = times(game, seats, strength, DECISIONS[strength], 17)
            target = f"<= {DEFAULT_BUDGET}" if strength == "schemer" else ""
            for name, q in (("p50", 0.5), ("p99", 0.99)):
                rows.append((f"{game}: {strength} decision, {seats} players, {name}",
                             round(spent[min(len(spent) - 1, int(q * len(spent)))], 4), "s", target))
    return rows
