"""The PostgreSQL server the store's tests run against, once per test session.

A test (or fixture) asking for ``pg_server`` gets a real PostgreSQL server started on a free local
port in a temporary folder (tests/pg_server.py), stopped when the session ends. Where no server
binary is found the test is reported as skipped, and the session's summary says in one line how to
get them; in CI (``CI`` set, as .ci/run is run) a missing server fails the test instead: CI must
run them.

Under ``make mutate`` a mutant may make a test wait forever (a lock never released, a row never
stored); mutmut's limit is on CPU time, which a waiting test never spends, so each test there gets a
wall-clock limit instead and fails when it runs out (mutmut reads that as killed).
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.pg_server import HOW_TO_GET, PgServer, find_binaries

_missing: list[str] = []
MUTANT_TEST_SECONDS = 120   # far above any one test's time on a busy machine


def _out_of_time(signum: int, frame: object) -> None:
    pytest.fail(f"ran over {MUTANT_TEST_SECONDS} s under a mutant: it waits forever", pytrace=False)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    if "__mutmut_" not in os.environ.get("MUTANT_UNDER_TEST", ""):
        return (yield)
    previous = signal.signal(signal.SIGALRM, _out_of_time)
    signal.alarm(MUTANT_TEST_SECONDS)
    try:
        return (yield)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    binaries = find_binaries()
    if binaries is None:
        if os.environ.get("CI"):
            pytest.fail(f"{HOW_TO_GET} (CI must run them)")
        _missing.append(HOW_TO_GET)
        pytest.skip(HOW_TO_GET)
    server = PgServer(binaries).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a store under test lives, once per backend: an SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "store.sqlite3")
    server: PgServer = request.getfixturevalue("pg_server")
    return server.fresh()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _missing:
        terminalreporter.write_line(_missing[0], yellow=True)
