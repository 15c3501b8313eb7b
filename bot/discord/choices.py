"""Decision choices as buttons or a select.

A prompt carries the seat's legal actions in text form. The ones that answer *this* decision
are kept: for ``offer-N`` / ``request-N`` decisions the actions naming that offer or request,
otherwise the actions whose kind is not an anytime one (offers and the like stay slash
commands). Up to 20 choices become buttons, up to 25 a select; more than that and the person
uses the slash command, whose autocomplete offers the same legal values.
"""

from __future__ import annotations

import re

import discord

from bot.discord.components import ChoiceButton, ChoiceSelect, HandButton, choice_id
from bot.discord.present import action_label
from engine.core import Action, RuleError, Rules, textform

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


def parse(rules: Rules, text: str) -> Action | None:
    try:
        return textform.parse(text, rules.actions)
    except RuleError:
        return None


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
