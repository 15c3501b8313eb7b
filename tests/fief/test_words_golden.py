"""Golden text: phase summaries and battle reports of worked examples, reviewed like code.
After an intended wording change: ``python -m tests.fief.golden`` and review the diff."""

from __future__ import annotations

import pytest

from tests.fief.golden import CASES, GOLDEN, render
from tests.speech import assert_human


@pytest.mark.parametrize("name", CASES)
def test_golden_text(name: str) -> None:
    text = render(name)
    assert_human(text, name)
    want = (GOLDEN / f"{name}.txt").read_text()
    assert text == want, f"wording changed for {name}: run `python -m tests.fief.golden` and review the diff"
