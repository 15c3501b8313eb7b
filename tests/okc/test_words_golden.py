"""Golden text: phase summaries and clash reports of rule scenarios match tests/okc/golden/.

After an intended wording change, regenerate with ``python -m tests.okc.golden`` and review the diff."""

from __future__ import annotations

import pytest

from tests.okc.golden import GOLDEN, SCENARIOS, render
from tests.speech import assert_human


@pytest.mark.parametrize("name", SCENARIOS)
def test_summaries_and_clash_reports_match_the_golden_text(name: str) -> None:
    text = render(name)
    assert text == (GOLDEN / f"{name}.txt").read_text(), "wording changed: run python -m tests.okc.golden"
    for line in text.splitlines():
        if line and not line.startswith("#"):
            assert_human(line, name)
