"""``make refusals`` (tests/mutation/refusals.py): the recorder sees which refusal fields a test reads, and the
report lists the raise sites never raised or never read."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.mutation.refusals import findings, raise_sites

ROOT = Path(__file__).parents[2]

SOURCE = '''
from bot.table.errors import TableError
from engine.core import RuleError


def check(n):
    if n < 0:
        raise RuleError("1.1", "a count is never negative", code="count", legal="0 or more")
    if n > 9:
        raise RuleError("1.2", "at most 9", code="count")
    if n == 5:
        raise RuleError("1.3", "not 5", code="count")
    if n == 6:
        raise TableError("not 6", code="count")


class CannotSave(TableError):
    def __init__(self, reason):
        super().__init__("cannot save now", code="full")
        self.reason = reason


def save(n):
    raise CannotSave(f"no room for {n}")
'''

TESTS = '''
import pytest

from engine.core import RuleError
from sample_rules import check, save


def test_negative():
    with pytest.raises(RuleError) as err:
        check(-1)
    assert (err.value.section, err.value.message) == ("1.1", "a count is never negative")


def test_too_many():
    with pytest.raises(RuleError) as err:
        check(10)
    assert err.value.code == "count"   # its words are never read


def test_full(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)   # a test that runs elsewhere (as the golden transcripts do) still counts
    with pytest.raises(RuleError) as err:   # raised from the line that builds it, not from its constructor
        save(1)
    assert err.value.message == "cannot save now"
'''


def test_the_report_lists_the_refusals_never_raised_and_those_whose_words_no_test_reads(tmp_path: Path) -> None:
    (tmp_path / "sample_rules.py").write_text(SOURCE)
    (tmp_path / "test_sample.py").write_text(TESTS)
    out = tmp_path / "reads.json"
    env = {**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{ROOT}", "REFUSALS_OUT": str(out)}
    subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "tests.mutation.refusals",
                    str(tmp_path / "test_sample.py")], cwd=tmp_path, env=env, check=True, capture_output=True)
    sites = raise_sites((str(tmp_path / "sample_rules.py"),))
    assert [s.rsplit(":", 1)[1] for s in sites] == ["24", "8", "10", "12", "14"]   # shallowest first
    assert list(sites.values()) == [("message",)] + [("message", "section")] * 3 + [("message",)]   # the table's section is its own
    reads = {str(tmp_path / k): v for k, v in json.loads(out.read_text()).items()}
    never, unread = findings(sites, reads)
    _, first, second, third, fourth = sites
    assert never == [third, fourth]
    assert unread == [f"{second}  unread: message, section  (read: code)"]
