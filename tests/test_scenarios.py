"""Runs every scenario file under tests/scenarios/ (see docs/scenarios.md)."""

from pathlib import Path

import pytest

from engine.scenario import run_file

ROOT = Path(__file__).parent / "scenarios"
FILES = sorted(ROOT.rglob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_scenario(path: Path) -> None:
    run_file(path)
