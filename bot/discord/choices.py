"""Buttons sent before living prompts (``sn:a:`` / ``sn:i:`` / ``sn:s:``): their action text, read back.

Prompts now carry worded choices answered by path (bot/discord/prompts.py); buttons already
sitting in people's DMs still carry an action's text form, which :func:`parse` reads back and
:func:`for_decision` checks against what answers that decision now.
"""

from __future__ import annotations

import re
import shlex

from engine.core import Action, ParamType, RuleError, Rules, textform

_NUMBERED = re.compile(r"(offer|request)-(\d+)$")


def for_decision(rules: Rules, decision: str, legal: list[str]) -> list[str]:
    m = _NUMBERED.match(decision)
    if m:
        wanted = f"{m[1]}:{m[2]}"
        return [t for t in legal if wanted in t.split()[1:]]
    anytime = {k for k, spec in rules.actions.items() if spec.anytime}
    return [t for t in legal if t.split(" ", 1)[0] not in anytime]


def _unquote(raw: str) -> str:
    """A value the text form quoted (``"King's Lynn"``, ``""`` for an empty list) without its quotes."""
    if raw[:1] in ('"', "'"):
        try:
            words = shlex.split(raw)
        except ValueError:
            return raw
        if len(words) == 1:
            return words[0]
    return raw


def parse(rules: Rules, text: str) -> Action | None:
    """The action whose text form (``Action.text()``) is ``text``, or None.

    The text is split at the spec's own parameter names (a value may hold spaces), each value
    unquoted when ``Action.text()`` quoted it (``to:"King's Lynn"``, ``troops:""``), and the
    result must print back to ``text``.
    """
    kind, _, rest = text.partition(" ")
    spec = rules.actions.get(kind)
    if spec is None:
        return None
    names = [p.name for p in spec.params]
    values: dict[str, str] = {}
    if names and rest:
        marks = list(re.finditer(r"(?:^|\s)(" + "|".join(map(re.escape, names)) + r"):", rest))
        for i, m in enumerate(marks):
            end = marks[i + 1].start() if i + 1 < len(marks) else len(rest)
            values[m.group(1)] = _unquote(rest[m.end():end].strip())
    try:
        action = textform.build(spec, values)
    except RuleError:
        action = None
    if action is not None:
        empty = {p.name: () for p in spec.params if p.type is ParamType.LIST and values.get(p.name) == ""}
        if empty:  # an empty list prints as "name:" and must come back as an empty list
            action = Action.of(kind, **{**action.params, **empty})
        if action.text() == text:
            return action
    try:
        action = textform.parse(text, rules.actions)
    except RuleError:
        return None
    return action if action.text() == text else None
