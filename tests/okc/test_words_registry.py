"""What the shipped modules register in OKC's wording matches what the engine does: every event kind
the source emits has a teller (or is quiet), every teller answers a kind that is emitted, every module
action has a button label, every effect choice a question, every summary kind is a real event.

Each test builds its own wording (``build_words``) instead of reading the shared ``WORDS``: a stray
or dropped registration then shows up in the test that made it."""

from __future__ import annotations

import ast
import re
from fnmatch import fnmatchcase
from functools import cache
from pathlib import Path

from engine.okc.modules.shipped import MODULES
from engine.okc.words.wording import OkcWords, build_words
from tests.okc.test_words import choice_kinds

ENGINE = Path(__file__).parents[2] / "engine"
KIND = re.compile(r"[a-z_]+(\.[a-z_]+)+")
CORE_KINDS = {"secret.submitted", "secret.chosen", "secret.revealed", "random.shuffle", "random.pick", "random.roll"}


def _sources(*, words: bool) -> list[Path]:
    return [p for p in sorted((ENGINE / "okc").rglob("*.py")) if ("words" in p.parts or p.stem == "words") == words]


@cache
def _kind_args() -> tuple[ast.expr, ...]:
    """The kind argument of every ``Event.public(kind, ...)`` and ``Event.private(to, kind, ...)``."""
    out: list[ast.expr] = []
    for path in _sources(words=False):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "Event"
                    and node.func.attr in ("public", "private")):
                at = 1 if node.func.attr == "private" else 0
                if len(node.args) > at:
                    out.append(node.args[at])
    return tuple(out)


@cache
def emitted() -> frozenset[str]:
    """Event kinds written out in engine/okc, and the core kinds OKC sets off."""
    return frozenset(CORE_KINDS) | {a.value for a in _kind_args()
                         if isinstance(a, ast.Constant) and isinstance(a.value, str) and KIND.fullmatch(a.value)}


def patterns() -> set[str]:
    """Kinds built with f-strings, as globs: ``f"okc.offer_{how}"`` is ``okc.offer_*``."""
    return {"".join(str(v.value) if isinstance(v, ast.Constant) else "*" for v in a.values)
            for a in _kind_args() if isinstance(a, ast.JoinedStr)}


def is_emitted(kind: str) -> bool:
    return kind in emitted() or any(fnmatchcase(kind, p) for p in patterns())


def strings_outside_words() -> set[str]:
    return {n.value for p in _sources(words=False) for n in ast.walk(ast.parse(p.read_text()))
            if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def words() -> OkcWords:
    return build_words()


def test_the_scan_sees_module_events_written_over_several_lines() -> None:
    assert {"okc.offer_made", "okc.barter_cards", "okc.clash", "okc.creature_claimed"} <= emitted()
    assert "okc.offer_*" in patterns()


def test_every_emitted_kind_is_told_or_quiet() -> None:
    told = words().told()
    missing = sorted(emitted() - told)
    assert not missing, f"event kinds without wording: {missing}"
    assert all(any(fnmatchcase(k, p) for k in told) for p in patterns()), "a kind built from parts has no teller"


def test_every_teller_answers_an_emitted_kind() -> None:
    stray = sorted(k for k in words().told() if not is_emitted(k))
    assert not stray, f"tellers for kinds nothing emits: {stray}"


def test_every_summary_kind_is_an_emitted_kind() -> None:
    stray = sorted(words().summary_kinds - emitted())
    assert not stray, f"summary kinds nothing emits: {stray}"


def test_every_module_action_has_a_label_and_no_label_is_stray() -> None:
    actions = set().union(*(m.actions for m in MODULES.values()))
    assert set(words().labels) == actions


def test_every_effect_choice_question_answers_a_choice_the_rules_ask() -> None:
    effects = set().union(*(m.effects for m in MODULES.values()))
    w = words()
    assert set(w.choice_questions) <= effects | choice_kinds()
    assert {"aero_gain", "town_card", "town_displace", "tower_give", "steal_kingdom"} <= set(w.choice_questions)


def test_every_question_answers_a_prompt_the_modules_ask() -> None:
    w = words()
    asked = strings_outside_words()
    assert set(w.questions) <= asked, sorted(set(w.questions) - asked)
    assert {"okc.creature", "okc.negotiation", "okc.offer", "okc.alliance_winner", "okc.breach"} <= set(w.questions)


def test_each_module_with_private_pieces_adds_one_part_to_the_mat() -> None:
    parts = {part.__module__.rsplit(".", 2)[-2] for part in words().mat_parts}
    assert parts == {"aeronauts", "legendary_creatures", "whispering_tower"}
    assert len(words().mat_parts) == 3


def test_installing_a_module_twice_adds_its_words_once() -> None:
    w = words()
    before = (len(w.mat_parts), dict(w.labels))
    for module in MODULES.values():
        w.install(module)
    assert (len(w.mat_parts), dict(w.labels)) == before
