"""Engine-speak: what must never reach a person at the table.

Every player-facing line (thread posts, DMs, prompts, button and select labels, ephemeral
replies, log lines, the local table) is scanned with :func:`engine_speak`. It finds dotted ids
(``fief.draw``, ``nobility.c7``), ``key=value``, JSON or dict/list syntax, hyphenated or
snake_case ids (``steward-1``, ``noble-estrid``, ``men_at_arms``) outside a quoted command,
and Python reprs (``None``, ``True``, ``Action(``), and an article doubled by a name that carries
its own ("your The Pretender").

Text between backticks is a command the reader may type (``/fief move``) and is not scanned.
"""

from __future__ import annotations

import re

_QUOTED = re.compile(r"`[^`]*`")
_URL = re.compile(r"https?://\S+")
# Hyphenated words people do write; anything else hyphenated with a digit or an id prefix is an id.
_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("dotted id", re.compile(r"\b[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*\b")),
    ("key=value", re.compile(r"\b\w+=\S")),
    ("dict or JSON", re.compile(r"[{}]|\"\w+\"\s*:")),
    ("list syntax", re.compile(r"\[\s*['\"\d{]|\[\]")),
    ("snake_case", re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")),
    ("numbered id", re.compile(r"\b[a-z]+-\d+\b")),
    ("prefixed id", re.compile(r"\b(?:noble|card|retainer|city|region|fam|seat|deck|dec|req|offer)-[a-z0-9]")),
    ("python repr", re.compile(r"\b(?:None|True|False)\b|\w+\(\w+=|<\w+ object")),
    ("doubled article", re.compile(r"\b(?:[Yy]our|[Tt]heir|[Tt]he|[Hh]is|[Hh]er) [Tt]he\b")),   # "your The Pretender"
]


def engine_speak(text: str) -> list[str]:
    """The engine-speak found in ``text``: one ``"kind: match"`` per hit; [] when it reads clean."""
    bare = _URL.sub(" ", _QUOTED.sub(" ", text))
    hits: list[str] = []
    for name, pattern in _PATTERNS:
        for m in pattern.finditer(bare):
            hits.append(f"{name}: {m.group(0)!r}")
    return hits


def assert_human(text: str, where: str = "") -> None:
    """Fail with every hit when ``text`` shows engine-speak."""
    hits = engine_speak(text)
    assert not hits, f"engine-speak{' in ' + where if where else ''}: {hits} in {text!r}"
