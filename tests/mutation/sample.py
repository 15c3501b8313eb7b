"""``make mutate``: mutation testing of the rules (engine/fief, engine/okc) with mutmut, by sample.

mutmut makes some 25,000 one-line mutants of the two games; each is judged by the tests that
cover it, which takes seconds on a busy machine. This script lets mutmut generate them, draws a
fixed-seed sample (``MUTATE_SAMPLE`` mutants, ``MUTATE_ONLY`` a name prefix such as
``engine.fief.estates.income``), runs just those and prints the kill rate and the survivors.
``MUTATE_NAMES`` (mutant names separated by spaces) runs exactly those instead: the survivors of
an earlier sample, to confirm that new tests kill them. Not part of
``make test``: it is far too slow for CI. Survivors judged equivalent are listed in
``tests/mutation/equivalent.txt`` and left out of the rate.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

MUTANTS = Path("mutants")
EQUIVALENT = Path(__file__).with_name("equivalent.txt")
KILLED = {1, 3, 36, 24, -24, 152, 255}   # a failing test or a timeout kills the mutant (mutmut's reading)


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


def main() -> int:
    size = int(os.environ.get("MUTATE_SAMPLE", "150"))
    only = os.environ.get("MUTATE_ONLY", "engine.")
    seed = int(os.environ.get("MUTATE_SEED", "12"))
    children = os.environ.get("MUTATE_CHILDREN", "2")
    if not MUTANTS.exists():
        mutmut("run", "--max-children", children, "no.such.mutant")   # generate mutants and test stats only
    names = sorted(k for k in verdicts() if k.startswith(only))
    chosen = os.environ.get("MUTATE_NAMES", "").split()
    sample = sorted(chosen) if chosen else sorted(random.Random(seed).sample(names, min(size, len(names))))
    mutmut("run", "--max-children", children, *sample)
    results = verdicts()
    skip = equivalent()
    judged = [n for n in sample if results.get(n) not in (None, 33, 34, 5) and n not in skip]
    killed = [n for n in judged if results[n] in KILLED]
    survivors = [n for n in judged if n not in killed]
    print(f"mutants: {len(names)} under {only!r}; sample {len(sample)} (seed {seed}); judged {len(judged)}; "
          f"equivalent left out {len(skip & set(sample))}; untested {len(sample) - len(judged) - len(skip & set(sample))}")
    print(f"killed {len(killed)} of {len(judged)}: {100 * len(killed) / max(1, len(judged)):.1f}%")
    for n in survivors:
        print("survived:", n)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
