"""``make mutate``: mutation testing of the rules, the computer players and the table with mutmut, by sample.

mutmut makes some 30,000 one-line mutants of engine/fief, engine/okc, engine/agents and bot/table;
each is judged by the tests that cover it, which takes seconds on a busy machine. This script lets
mutmut generate them, draws a fixed-seed sample per area and runs just those, then prints each
area's kill rate and survivors.

- ``MUTATE_ONLY``: the areas, separated by spaces or commas. An area is a name prefix of mutants
  (``engine.fief.estates.income``) or one of the named areas of ``AREAS`` (``fief-9-13``, ``okc-modules``,
  ``agents``, ``table``; ``new`` stands for those four). Default ``engine.``: the two games.
- ``MUTATE_SAMPLE``: mutants drawn in each area (150).
- ``MUTATE_SEED``: the draw's seed (12); a fresh seed gives mutants the tests have never been fitted to.
- ``MUTATE_NAMES``: mutant names separated by spaces, run exactly (an earlier sample's survivors,
  to confirm that new tests kill them); the areas then only sort them for the figures.
- ``MUTATE_CHILDREN``: mutmut's parallel workers (2).

Not part of ``make test``: it is far too slow for CI. Survivors judged equivalent are listed in
``tests/mutation/equivalent.txt`` with the reason and left out of the rate.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

MUTANTS = Path("mutants")
EQUIVALENT = Path(__file__).with_name("equivalent.txt")
KILLED = {1, 3, 36, 24, -24, 152, 255}   # a failing test or a timeout kills the mutant (mutmut's reading)
NOT_RUN = (None, 33, 34, 5)               # not run, no test covers it, skipped, no test collected

# The areas issue 35 measures. Fief's sections 9-13: Phase 1's marriages, elections and Parliament
# (9.0-9.3, with the Abbess of 2.13 and the deals carried by pigeon), the Opportunity cards (10.0-11.3),
# the relics (12.0-12.4) and the crown's optional rules (13.1-13.3: Royal Guard, Excalibur, Garter).
AREAS: dict[str, tuple[str, ...]] = {
    "fief-9-13": ("engine.fief.crown.", "engine.fief.opportunity.", "engine.fief.board.",
                  "engine.fief.cards.pigeons."),   # 9.0-13.4: the crown, Opportunity cards, the family board
    "okc-modules": ("engine.okc.modules.",),
    "agents": ("engine.agents.",),
    "table": ("bot.table.",),
}
AREAS["new"] = tuple(p for area in ("fief-9-13", "okc-modules", "agents", "table") for p in AREAS[area])


def mutmut(*args: str) -> int:
    return subprocess.call([sys.executable, "-m", "mutmut", *args])


def verdicts() -> dict[str, int | None]:
    out: dict[str, int | None] = {}
    for meta in MUTANTS.rglob("*.py.meta"):
        out.update(json.loads(meta.read_text())["exit_code_by_key"])
    return out


def equivalent() -> set[str]:
    if not EQUIVALENT.exists():
        return set()
    return {line.split()[0] for line in EQUIVALENT.read_text().splitlines() if line.strip() and line[0] != "#"}


def areas(spec: str) -> dict[str, tuple[str, ...]]:
    """Each area named in ``spec`` with its name prefixes ('new' expands to the four areas it names)."""
    out: dict[str, tuple[str, ...]] = {}
    for token in re.split(r"[\s,]+", spec.strip()):
        if token == "new":
            out.update((a, AREAS[a]) for a in ("fief-9-13", "okc-modules", "agents", "table"))
        elif token:
            out[token] = AREAS.get(token, (token,))
    return out


def in_area(name: str, prefixes: tuple[str, ...]) -> bool:
    return name.startswith(prefixes)


def draw(names: list[str], size: int, seed: int, area: str) -> list[str]:
    """A fixed sample of one area: the same seed and area draw the same mutants whatever else is asked."""
    return sorted(random.Random(f"{seed}:{area}").sample(names, min(size, len(names))))


def report(area: str, total: int, sample: list[str], results: dict[str, int | None], skip: set[str]) -> None:
    judged = [n for n in sample if results.get(n) not in NOT_RUN and n not in skip]
    killed = [n for n in judged if results[n] in KILLED]
    left_out = len(skip & set(sample))
    print(f"{area}: mutants {total}; sample {len(sample)}; judged {len(judged)}; equivalent left out {left_out}; "
          f"untested {len(sample) - len(judged) - left_out}; "
          f"killed {len(killed)} of {len(judged)}: {100 * len(killed) / max(1, len(judged)):.1f}%")
    for n in judged:
        if n not in killed:
            print("  survived:", n)
    for n in sample:
        if results.get(n) in NOT_RUN and n not in skip:
            print("  untested:", n)


def main() -> int:
    size = int(os.environ.get("MUTATE_SAMPLE", "150"))
    seed = int(os.environ.get("MUTATE_SEED", "12"))
    children = os.environ.get("MUTATE_CHILDREN", "2")
    wanted = areas(os.environ.get("MUTATE_ONLY", "engine."))
    # Generate the mutants of every changed file, and the tests' coverage, before drawing: a file changed
    # since the last run has no mutants listed until mutmut makes them again, and would be left out.
    mutmut("run", "--max-children", children, "no.such.mutant")
    names = sorted(verdicts())
    by_area = {a: [n for n in names if in_area(n, p)] for a, p in wanted.items()}
    chosen = os.environ.get("MUTATE_NAMES", "").split()
    if chosen:
        samples = {a: sorted(n for n in chosen if in_area(n, p)) for a, p in wanted.items()}
    else:
        samples = {a: draw(by_area[a], size, seed, a) for a in wanted}
    run = sorted({n for s in samples.values() for n in s} | set(chosen))
    mutmut("run", "--max-children", children, *run)
    results = verdicts()
    skip = equivalent()
    print(f"seed {seed}; {len(run)} mutants run")
    for a, sample in samples.items():
        report(a, len(by_area[a]), sample, results, skip)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
