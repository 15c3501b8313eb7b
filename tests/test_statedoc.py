"""docs/fief-state.md and docs/okc-state.md are the generated list of the state fields a scenario's
setup can reach; docs/scenarios.md lists every label (``why``) the engines draw random values with."""

import re
from pathlib import Path

import pytest

from engine import games  # noqa: F401  (registers the shipped games)
from engine.registry import get
from engine.statedoc import state_doc

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("game", ["fief", "okc"])
def test_state_doc_is_up_to_date(game: str) -> None:
    doc = ROOT / "docs" / f"{game}-state.md"
    assert doc.read_text() == state_doc(get(game)), (
        f"docs/{game}-state.md is out of date: python -m engine.scenario --state-doc {game} > docs/{game}-state.md")


def test_state_doc_lists_nested_fields_with_their_comment() -> None:
    doc = state_doc(get("fief"))
    assert "| `cities.{key}.stacks.{key}.building` | number | siege trebuchets under construction (7.9); default 0 |" in doc
    assert "| `retainers` | true/false |" in doc
    assert "keys in a new game: `blue`, `green`, `red`, `yellow`" in doc
    assert "`war.fought` | list of text | \"city\\|side\\|side\"" in doc


# A random draw in the engines: rng.roll/pick/shuffle(..., why=LABEL) or Fief's battle dice.
DRAW = re.compile(r"rng\.(?:roll|pick|shuffle)\([^\n]*?why=(f?\"[^\"]*\")|dice\.roll\(state, \w+, (f?\"[^\"]*\")")


def labels() -> set[str]:
    out: set[str] = set()
    for path in (ROOT / "engine").rglob("*.py"):
        for m in DRAW.finditer(path.read_text()):
            out.add((m.group(1) or m.group(2)).removeprefix("f").strip('"'))
    return out


def test_every_random_draw_label_is_documented() -> None:
    table = (ROOT / "docs" / "scenarios.md").read_text().split("The labels (", 1)[1].split("\n## ", 1)[0]
    found = labels()
    assert {"carrier pigeon", "retainer drawn", "plague: {n.name}", "invasion: region {region.id}"} <= found
    missing = []
    for label in sorted(found):
        # the literal pieces of an f-string label; ``{'male' if ...} nobles`` is written out in full
        pieces = [p.strip(" :") for p in re.split(r"\{[^}]*\}", label) if p.strip(" :")]
        if not all(p in table for p in pieces):
            missing.append(label)
    assert not missing, f"random draw labels missing from docs/scenarios.md: {missing}"
