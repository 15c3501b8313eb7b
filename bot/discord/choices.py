"""Decision choices as buttons or a select.

A prompt carries the seat's legal actions in text form. The ones that answer *this* decision
are kept: for ``offer-N`` / ``request-N`` decisions the actions naming that offer or request,
otherwise the actions whose kind is not an anytime one (offers and the like stay slash
commands). Up to 20 choices become buttons, up to 25 a select; more than that and the person
uses the slash command, whose autocomplete offers the same legal values.
"""

from __future__ import annotations

import re
import shlex

import discord

from bot.discord.components import ChoiceButton, ChoiceSelect, HandButton, choice_id
from bot.discord.present import action_label
from engine.core import Action, ParamType, RuleError, Rules, textform

MAX_BUTTONS = 20
MAX_OPTIONS = 25
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


def add_choices(view: discord.ui.View, rules: Rules, game: int, version: int, decision: str,
                legal: list[str]) -> int:
    """Add the choices of one decision to ``view``; return how many were added (0 = too many or none)."""
    texts = for_decision(rules, decision, legal)
    if not texts or len(texts) > MAX_OPTIONS:
        return 0
    used = sum(1 for _ in view.children)
    labels = []
    for t in texts:
        action = parse(rules, t)
        labels.append(action_label(action) if action else t[:80])
    if len(texts) <= MAX_BUTTONS and used + len(texts) <= 25:
        for i, (t, label) in enumerate(zip(texts, labels, strict=True)):
            style = discord.ButtonStyle.danger if label.startswith("Decline") else discord.ButtonStyle.primary
            view.add_item(ChoiceButton(game, version, decision, t, label=label, index=i, style=style))
        return len(texts)
    if used + 5 > 25 or len(view.children) >= 5 * 5:
        return 0
    options = []
    for i, (t, label) in enumerate(zip(texts, labels, strict=True)):
        value = t if len(t) <= 100 and len(choice_id(game, version, decision, t, i)) <= 100 else f"#{i}"
        options.append(discord.SelectOption(label=label[:100], value=value, description=t[:100]))
    view.add_item(ChoiceSelect(game, version, decision, options))
    return len(texts)


def prompt_view(rules: Rules, game: int, version: int, decision: str, legal: list[str],
                *, hand_button: bool = True) -> tuple[discord.ui.View, int]:
    view = discord.ui.View(timeout=None)
    n = add_choices(view, rules, game, version, decision, legal)
    if hand_button and len(view.children) < 25:
        view.add_item(HandButton(game))
    return view, n
