"""Rule topics for ``/game rules TOPIC``: short summaries, in our own words, with section numbers.

Each game may ship ``bot/table/help/<game>.json``::

    {"game": "fief",
     "phases": [{"id": "5", "name": "Phase 5: Movement"}, ...],
     "topics": [{"id": "naval-movement", "title": "Naval movement", "aliases": ["ships"],
                 "keywords": ["port", "sea"], "sections": ["5.4", "5.5"], "phase": "5",
                 "summary": "Two to six sentences.", "commands": ["move"]}, ...]}

The file is checked when first loaded: an unknown or missing field, a wrong type, a duplicate id or
a topic naming an unknown phase raises :class:`HelpDataError` naming the file and the field
(``fief.json: topics[3].summary: ...``). Related commands are action kinds of the game; the tests
check that each exists in the game's ``Rules.actions``.

:func:`find` ranks the topics for a query: an exact id, title, alias or section first, then
partial matches on the title, aliases and keywords, then words of the summary.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from bot.table.results import HelpTopic

HELP_DIR = Path(__file__).with_name("help")

_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_SECTION = re.compile(r"^(\d+(\.\d+)?|p\.\d+)$")
_SECTION_QUERY = re.compile(r"^(§\s*)?(p\.?\s*)?\d+(\.\d+)?$", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.!?](?=\s+[A-Z(\"'`/])")
TOPIC_FIELDS = {"id", "title", "aliases", "keywords", "sections", "phase", "summary", "commands"}
REQUIRED = {"id", "title", "sections", "summary"}
MIN_SENTENCES, MAX_SENTENCES = 2, 6
MAX_SUMMARY = 900  # a Discord embed field holds 1024 characters, with the commands line


class HelpDataError(ValueError):
    """A help file that does not follow the schema; the message names the file and the field."""

    def __init__(self, file: str, field: str, problem: str):
        self.file, self.field = file, field
        super().__init__(f"{file}: {field}: {problem}")


def _text(file: str, where: str, value: Any, *, limit: int = 200) -> str:
    if not isinstance(value, str) or not value.strip():
        raise HelpDataError(file, where, f"expected non-empty text, got {value!r}")
    if len(value) > limit:
        raise HelpDataError(file, where, f"longer than {limit} characters ({len(value)})")
    return value.strip()


def _texts(file: str, where: str, value: Any, *, pattern: re.Pattern[str] | None = None) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise HelpDataError(file, where, f"expected a list of texts, got {type(value).__name__}")
    out = []
    for i, item in enumerate(value):
        text = _text(file, f"{where}[{i}]", item, limit=80)
        if pattern is not None and not pattern.match(text):
            raise HelpDataError(file, f"{where}[{i}]", f"{text!r} does not match {pattern.pattern}")
        out.append(text)
    return tuple(out)


def sentences(summary: str) -> int:
    """How many sentences a summary has (a sentence ends with . ! or ? before a capital or the end)."""
    return len(_SENTENCE_END.findall(summary)) + 1


def parse(data: Any, file: str = "<help>") -> tuple[tuple[tuple[str, str], ...], tuple[HelpTopic, ...]]:
    """Check one help file's JSON; returns its phases ``(id, name)`` and its topics."""
    if not isinstance(data, dict):
        raise HelpDataError(file, "(top)", "expected an object with game, phases and topics")
    unknown = sorted(set(data) - {"game", "phases", "topics"})
    if unknown:
        raise HelpDataError(file, unknown[0], "unknown field (known: game, phases, topics)")
    _text(file, "game", data.get("game"), limit=40)
    raw_phases = data.get("phases", [])
    if not isinstance(raw_phases, list):
        raise HelpDataError(file, "phases", "expected a list")
    phases: list[tuple[str, str]] = []
    for i, ph in enumerate(raw_phases):
        if not isinstance(ph, dict) or set(ph) != {"id", "name"}:
            raise HelpDataError(file, f"phases[{i}]", "expected an object with exactly id and name")
        phases.append((_text(file, f"phases[{i}].id", ph["id"], limit=20),
                       _text(file, f"phases[{i}].name", ph["name"], limit=80)))
    phase_ids = {p for p, _ in phases}
    raw = data.get("topics")
    if not isinstance(raw, list) or not raw:
        raise HelpDataError(file, "topics", "expected a non-empty list of topics")
    topics: list[HelpTopic] = []
    seen: set[str] = set()
    for i, t in enumerate(raw):
        where = f"topics[{i}]"
        if not isinstance(t, dict):
            raise HelpDataError(file, where, "expected an object")
        extra = sorted(set(t) - TOPIC_FIELDS)
        if extra:
            raise HelpDataError(file, f"{where}.{extra[0]}", f"unknown field (known: {', '.join(sorted(TOPIC_FIELDS))})")
        missing = sorted(REQUIRED - set(t))
        if missing:
            raise HelpDataError(file, f"{where}.{missing[0]}", "missing required field")
        tid = _text(file, f"{where}.id", t["id"], limit=40)
        if not _ID.match(tid):
            raise HelpDataError(file, f"{where}.id", f"{tid!r}: lower-case letters, digits and dashes only")
        if tid in seen:
            raise HelpDataError(file, f"{where}.id", f"{tid!r} is used twice")
        seen.add(tid)
        sections = _texts(file, f"{where}.sections", t["sections"], pattern=_SECTION)
        if not sections:
            raise HelpDataError(file, f"{where}.sections", "name at least one rule section")
        summary = _text(file, f"{where}.summary", t["summary"], limit=MAX_SUMMARY)
        n = sentences(summary)
        if not MIN_SENTENCES <= n <= MAX_SENTENCES:
            raise HelpDataError(file, f"{where}.summary",
                                f"{n} sentence(s); a summary has {MIN_SENTENCES} to {MAX_SENTENCES}")
        phase = t.get("phase", "")
        if phase != "":
            phase = _text(file, f"{where}.phase", phase, limit=20)
            if phase not in phase_ids:
                raise HelpDataError(file, f"{where}.phase", f"unknown phase {phase!r} (known: {sorted(phase_ids)})")
        topics.append(HelpTopic(
            id=tid, title=_text(file, f"{where}.title", t["title"], limit=80), sections=sections, summary=summary,
            commands=_texts(file, f"{where}.commands", t.get("commands", [])),
            aliases=_texts(file, f"{where}.aliases", t.get("aliases", [])),
            keywords=_texts(file, f"{where}.keywords", t.get("keywords", [])), phase=phase))
    return tuple(phases), tuple(topics)


def load_file(path: Path) -> tuple[tuple[tuple[str, str], ...], tuple[HelpTopic, ...]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise HelpDataError(path.name, "(file)", f"cannot read: {err.strerror}") from None
    except ValueError as err:
        raise HelpDataError(path.name, "(file)", f"not JSON: {err}") from None
    return parse(data, path.name)


@cache
def _load(game: str) -> tuple[tuple[tuple[str, str], ...], tuple[HelpTopic, ...]]:
    path = HELP_DIR / f"{game}.json"
    if not _ID.match(game) or not path.is_file():
        return (), ()
    return load_file(path)


def topics(game: str) -> tuple[HelpTopic, ...]:
    """The topics of a game, in file order (none when the game ships no help file)."""
    return _load(game)[1]


def phases(game: str) -> tuple[tuple[str, str], ...]:
    """The phases of a game as ``(id, name)``, in order."""
    return _load(game)[0]


def sections_label(sections: tuple[str, ...]) -> str:
    """``§5.4, §5.5`` for numbered sections, ``p.30`` for page references."""
    return ", ".join(s if s.startswith("p.") else f"§{s}" for s in sections)


def _norm(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9.']+", text.lower().replace("§", " ").replace("-", " ")))


def _section(text: str) -> str:
    """A section as typed (``§5.4``, ``5.4``, ``p.30``, ``p30``, ``30``) in one spelling."""
    t = text.lower().replace("§", "").replace(" ", "").rstrip(".")
    return t[2:] if t.startswith("p.") else t[1:] if t.startswith("p") and t[1:].isdigit() else t


def score(topic: HelpTopic, query: str) -> int:
    """How well a topic answers a query (0 = not at all)."""
    q = _norm(query)
    if not q:
        return 0
    sec = _section(query)
    exact = {_norm(topic.id), _norm(topic.title), *(_norm(a) for a in topic.aliases)}
    if q in exact:
        return 1000
    if any(_section(s) == sec for s in topic.sections):
        return 900
    if _SECTION_QUERY.match(query.strip()):  # a bare section number: chapters match by prefix only
        return 300 if any(_section(s).startswith(sec + ".") for s in topic.sections) else 0
    points = 0
    title = _norm(topic.title)
    names = [title, *(_norm(a) for a in topic.aliases), *(_norm(k) for k in topic.keywords)]
    if any(q in n for n in names):
        points += 200 if q in title else 150
    words = [w for w in q.split() if len(w) > 2 or w.replace(".", "").isdigit()]
    name_words = set(" ".join(names).split())
    summary_words = set(_norm(topic.summary).split())
    for w in words:
        stem = w.rstrip("s")
        if w in name_words or any(n.startswith(stem) for n in name_words):
            points += 40
        elif w in summary_words or (len(stem) > 3 and any(s.startswith(stem) for s in summary_words)):
            points += 5
    return points


def find(game: str, query: str, limit: int = 10) -> tuple[HelpTopic, ...]:
    """The topics of ``game`` matching ``query``, best first. An exact id, title, alias or section
    gives only the topics matching it that way."""
    ranked = sorted(((score(t, query), i, t) for i, t in enumerate(topics(game))), key=lambda x: (-x[0], x[1]))
    ranked = [r for r in ranked if r[0] > 0]
    best = ranked[0][0] if ranked else 0
    if best >= 900:
        ranked = [r for r in ranked if r[0] >= 900]
    return tuple(t for _, _, t in ranked[:limit])


def suggest(game: str, prefix: str, limit: int = 25) -> list[str]:
    """Topic titles for autocomplete: those whose id, title or aliases contain what is typed."""
    low = _norm(prefix)
    out = []
    for t in topics(game):
        if not low or any(low in _norm(x) for x in (t.id, t.title, *t.aliases, *t.sections)):
            out.append(t.title)
    return out[:limit]
