"""The golden traces (see tests/traces/record.py): any change of behaviour or wording in a path
that the recorded games and the scenarios reach shows up here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.traces.record import (
    CHECKPOINT,
    GAMES,
    GAMES_FILE,
    SCENARIOS_FILE,
    digest,
    game_trace,
    scenario_files,
    scenario_name,
    scenario_trace,
)

RECORD = "if the change is intended, review it and record the traces again: python -m tests.traces.record"
RECORDED_GAMES = json.loads(GAMES_FILE.read_text())
RECORDED_SCENARIOS = json.loads(SCENARIOS_FILE.read_text())


def test_every_game_and_scenario_is_recorded() -> None:
    assert sorted(RECORDED_GAMES) == sorted(GAMES), RECORD
    assert sorted(RECORDED_SCENARIOS) == sorted(scenario_name(p) for p in scenario_files()), RECORD


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_recorded_game_plays_the_same(name: str) -> None:
    now, then = digest(game_trace(*GAMES[name])), RECORDED_GAMES[name]
    if now == then:
        return
    same = sum(1 for a, b in zip(now["checkpoints"], then["checkpoints"], strict=False) if a == b)
    first = next((i for i, (a, b) in enumerate(zip(now["checkpoints"], then["checkpoints"], strict=False)) if a != b),
                 same)
    pytest.fail(f"the {name} game went another way after step {first * CHECKPOINT} (of {then['steps']} recorded, "
                f"{now['steps']} now); {RECORD}")


@pytest.mark.parametrize("path", scenario_files(), ids=scenario_name)
def test_a_scenario_tells_the_same(path: Path) -> None:
    assert digest(scenario_trace(path))["final"] == RECORDED_SCENARIOS[scenario_name(path)], (
        f"scenario {scenario_name(path)} now plays or reads differently; {RECORD}")
