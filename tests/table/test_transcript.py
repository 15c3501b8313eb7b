"""The golden transcripts: what the table says in scripted sessions, reviewed like code. After an
intended wording change: ``python -m tests.table.transcript`` and review the diff."""

from __future__ import annotations

import pytest

from tests.speech import assert_human
from tests.table.transcript import SCRIPTS, render


@pytest.mark.parametrize("name", list(SCRIPTS))
def test_the_scripted_session_reads_as_recorded(name: str) -> None:
    text = render(name)
    assert_human("\n".join(line for line in text.splitlines() if not line.startswith("> ")), name)  # what was read
    assert text == SCRIPTS[name].golden.read_text(encoding="utf-8"), (
        f"what the table says changed: run `python -m tests.table.transcript {name}` and review the diff")
