"""`make bench`: run every ``tests/bench_*.py`` and print one table of figures.

Each module has ``bench() -> list[Row]``, a row being ``(name, figure, unit, target)``: the target
is text such as ``"<= 1"`` or ``">= 10000"`` in the row's unit (``""`` for none). A row whose
figure misses its target is marked MISSED; figures are measurements, never test assertions.

    python -m tests.bench            # all modules
    python -m tests.bench store      # only tests/bench_store.py
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
_TARGET = re.compile(r"^\s*(<=|>=|<|>)\s*([0-9.,_]+)\s*$")


def verdict(figure: float, target: str) -> str:
    m = _TARGET.match(target or "")
    if not m:
        return ""
    op, bound = m.group(1), float(m.group(2).replace(",", "").replace("_", ""))
    ok = {"<=": figure <= bound, ">=": figure >= bound, "<": figure < bound, ">": figure > bound}[op]
    return "ok" if ok else "MISSED"


def modules(only: list[str]) -> list[str]:
    names = sorted(p.stem for p in HERE.glob("bench_*.py"))
    if only:
        names = [n for n in names if n.removeprefix("bench_") in only or n in only]
    return names


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench", description=__doc__.split("\n")[0])
    parser.add_argument("only", nargs="*", help="only these modules (store for tests/bench_store.py)")
    only = parser.parse_args(argv).only
    rows: list[tuple[str, str, str, str, str]] = []
    failed = 0
    for name in modules(only):
        t0 = time.perf_counter()
        try:
            module = importlib.import_module(f"tests.{name}")
            for row_name, figure, unit, target in module.bench():
                rows.append((row_name, f"{figure:,}" if isinstance(figure, int) else f"{figure:,.3g}"
                             if abs(figure) < 100 else f"{figure:,.0f}", unit, target or "", verdict(figure, target)))
        except Exception:
            failed += 1
            rows.append((f"{name}: FAILED (see below)", "-", "", "", "ERROR"))
            traceback.print_exc(file=sys.stderr)
        print(f"  ({name}: {time.perf_counter() - t0:.1f} s)", file=sys.stderr)
    headers = ("benchmark", "figure", "unit", "target", "")
    widths = [max(len(str(r[i])) for r in [headers, *rows]) for i in range(5)]
    line = "  ".join(("{:>%s}" if i == 1 else "{:<%s}").replace("%s", str(w)) for i, w in enumerate(widths))
    print(line.format(*headers).rstrip())
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print(line.format(*r).rstrip())
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
