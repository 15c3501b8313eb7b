"""The golden transcript: what the table says in a scripted session, reviewed like code. After an
intended wording change: ``python -m tests.table.transcript`` and review the diff."""

from __future__ import annotations

from tests.speech import assert_human
from tests.table.transcript import GOLDEN, render


def test_the_scripted_session_reads_as_recorded() -> None:
    text = render()
    assert_human(text, "transcript")
    assert text == GOLDEN.read_text(encoding="utf-8"), (
        "what the table says changed: run `python -m tests.table.transcript` and review the diff")
