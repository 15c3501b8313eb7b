"""Every ``python -m …`` command that README.md and docs/ name starts, with the build and without it
(issue 37: a compiled module cannot run as ``-m``, so engine/compile.py leaves every command as Python).

The commands are read from the documents, so a command added to them is covered at once; each is run
with ``--help``, which every one of them answers without doing its work."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
COMMAND = re.compile(r"python -m ([A-Za-z_][\w.]*)")


def documented() -> list[str]:
    """The modules named after ``python -m`` in README.md and every page under docs/."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    return sorted({m for page in pages for m in COMMAND.findall(page.read_text(encoding="utf-8"))})


def test_the_commands_are_read_from_the_docs() -> None:
    found = documented()
    assert {"bot", "engine.simulate", "engine.okc.balance", "engine.compile",
            "tests.traces.record"} <= set(found)


@pytest.mark.build
@pytest.mark.parametrize("module", documented())
@pytest.mark.parametrize("engine", ["compiled", "sources"])
def test_a_documented_command_starts(module: str, engine: str) -> None:
    env = {**os.environ, "SENESCHAL_PURE": "1" if engine == "sources" else ""}
    done = subprocess.run([sys.executable, "-m", module, "--help"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.startswith("usage: "), done.stderr[-2000:]
