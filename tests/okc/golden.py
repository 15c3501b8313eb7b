"""Golden text for OKC's phase summaries and clash reports, from rule scenarios.

    python -m tests.okc.golden        # rewrite tests/okc/golden/*.txt after a wording change

Each scenario of :data:`SCENARIOS` (tests/scenarios/okc/) is played step by step; the events of
each phase (split where the phase title changes) are summarised, and each clash ended in them is
reported, as the thread would show them. tests/okc/test_words_golden.py compares with the files,
so wording changes are reviewed like code.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.core import Audience, Event, apply
from engine.registry import get
from engine.scenario import Scenario

ROOT = Path(__file__).parents[1] / "scenarios" / "okc"
GOLDEN = Path(__file__).parent / "golden"
SCENARIOS = ("clash_sequence", "herald_rewards", "tie_break_card", "faq_deadly_each_other", "councils_winter",
             "end_of_game_tally", "secret_bids_and_region_cards")


def render(name: str) -> str:
    """The thread's summaries and clash reports for one scenario, as text."""
    scenario = Scenario.load(ROOT / f"{name}.json")
    spec = scenario.spec
    rules = get("okc")
    scenario.rules = rules
    scenario.state, first = rules.new_game(list(spec["seats"]), spec.get("options") or {}, int(spec.get("seed", 1)))
    if spec.get("setup"):
        scenario.override(spec["setup"])
    words = rules.words()
    aud = Audience(None, {s: s.title() for s in spec["seats"]})
    out = [f"# {spec['name']}"]
    title = words.phase_title(scenario.state)
    phase: list[Event] = list(first)

    def close(heading: str) -> None:
        out.append(f"\n## {heading}")
        out.extend(words.phase_summary(scenario.state, heading, phase, aud))
        for battle in words.battle_events(phase):
            out.append("\n### Clash report")
            out.extend(words.battle_report(scenario.state, battle, aud))

    for i, step in enumerate(spec["steps"], 1):
        seen = len(scenario.all_events)
        scenario.step(i, {"do": step} if isinstance(step, str) else step)
        phase += scenario.all_events[seen:]
        now = words.phase_title(scenario.state)
        if now != title:
            close(title)
            title, phase = now, []
    # The last phase is played to its end with every awaited seat taking its default.
    for _ in range(500):
        if words.phase_title(scenario.state) != title or rules.result(scenario.state) is not None:
            break
        d = next(d for d in rules.pending(scenario.state) if d.blocking)
        default = d.default_for(d.seats[0])
        assert default is not None
        phase += apply(rules, scenario.state, d.seats[0], default)
    if phase:
        close(title)
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(prog="python -m tests.okc.golden", description=__doc__.split("\n")[0]).parse_args(argv)
    GOLDEN.mkdir(exist_ok=True)
    for name in SCENARIOS:
        (GOLDEN / f"{name}.txt").write_text(render(name))
        print(f"wrote {GOLDEN / name}.txt")
    return 0


if __name__ == "__main__":
    sys.exit(main())
