"""Golden text for Fief's phase summaries and battle reports, from worked-example scenarios.

    python -m tests.fief.golden        # rewrite tests/fief/golden/*.txt after a wording change

The files are reviewed like code: a wording change shows up as a diff. test_words_golden.py
compares them with what the words produce now."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.core import Audience
from engine.scenario import Scenario

ROOT = Path(__file__).resolve().parent
SCENARIOS = ROOT.parent / "scenarios" / "fief"
GOLDEN = ROOT / "golden"
CASES = (
    "ex_2_4_resolution",
    "ex_3_3_invaders_halve",
    "ex_5_3_cavalcade_through_canterbury",
    "ex_13_4_robbed_in_sherwood",
    "ex_6_3_invaders_attack",
    "ex_7_1_allied_attack",
    "ex_7_2_siege_of_london",
    "ex_7_4_five_hits",
    "battle_end_surrender",
    "battle_end_truce",
)


def render(name: str) -> str:
    """The summary of everything the scenario did, then a report per battle."""
    sc = Scenario.load(SCENARIOS / f"{name}.json")
    sc.run()
    words = sc.rules.words()
    aud = Audience(None, {s: s.title() for s in sc.state.seats})
    first = len(sc.rules.new_game(list(sc.spec["seats"]), sc.spec.get("options") or {}, int(sc.spec.get("seed", 1)))[1])
    events = sc.all_events[first:]
    out = [f"# {sc.spec.get('name', name)} ({sc.spec.get('section', '')})", "", f"## {words.phase_title(sc.state)}"]
    out += words.phase_summary(sc.state, "", events, aud)
    for battle in words.battle_events(events):
        out += ["", "## Battle report"]
        out += words.battle_report(sc.state, battle, aud)
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(prog="python -m tests.fief.golden", description=__doc__.split("\n")[0]).parse_args(argv)
    GOLDEN.mkdir(exist_ok=True)
    for name in CASES:
        (GOLDEN / f"{name}.txt").write_text(render(name))
        print(f"wrote {GOLDEN / name}.txt")
    return 0


if __name__ == "__main__":
    sys.exit(main())
