"""Living prompts on Discord: a seat's prompt message (question, deadline, choices as buttons or
selects) and the steps of a multi-part choice (selects), both answered through
:meth:`TableService.choose` by the path of indices their components carry.

Up to 20 choices are buttons (Done/Pass last, as the table orders them), each hint on a line of its
own under the question; more become selects of 25 options each (up to four), the hint under each
option. A flow step is one select (a multi-select for troops), or buttons
when it offers at most five options; a harmful choice asks Confirm / Cancel first; a step asking for
words (an agreement's terms) is a button opening a modal.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.components import HandButton, PathButton, PathSelect, WriteButton
from bot.table import Asked
from bot.table import text as tabletext

MAX_BUTTONS = 20
MAX_SELECTS = 4
OPTIONS = 25

STYLES = {"primary": discord.ButtonStyle.primary, "danger": discord.ButtonStyle.danger,
          "secondary": discord.ButtonStyle.secondary, "pass": discord.ButtonStyle.secondary}


def when(ts: float) -> str:
    return f"<t:{int(ts)}:f> (<t:{int(ts)}:R>)"


def prompt_content(head: str, payload: dict[str, Any]) -> str:
    """The prompt's text: the game, the question, the deadline and what happens then (the choices
    are the components)."""
    lines = [head] + tabletext.prompt_lines(payload, when=when, numbered=False)
    choices = list(payload.get("choices") or [])
    if not payload.get("answered") and len(choices) <= MAX_BUTTONS:   # a button has no room for its hint
        lines += hint_lines(choices, 1990 - len("\n".join(lines)) - 120)
    if payload.get("more"):
        typed = ", ".join(f"`{c}`" for c in payload.get("commands") or []) or "the slash command"
        lines.append(f"({payload['more']} more choices than shown: {typed} takes their names.)")
    return "\n".join(lines)[:1990]


def hint_lines(choices: list[dict[str, Any]], room: int) -> list[str]:
    """What each button does, one line each under the question ("Take Armoury: +1 Strength in every
    clash"), as many as fit in ``room`` characters."""
    out: list[str] = []
    for c in choices:
        if not c.get("hint"):
            continue
        line = f"{c['label']}: {c['hint']}"
        room -= len(line) + 1
        if room < 0:
            break
        out.append(line)
    return out


def prompt_view(game: int, payload: dict[str, Any], *, hand_button: bool = True) -> discord.ui.View | None:
    """The choices of a living prompt as components (None when it is answered)."""
    choices = list(payload.get("choices") or [])
    if payload.get("answered") or not choices:
        return None
    version = int(payload.get("version", 0))
    view = discord.ui.View(timeout=None)
    if len(choices) <= MAX_BUTTONS:
        for i, c in enumerate(choices):
            label = str(c["label"]) + (" …" if c.get("flow") else "")
            view.add_item(PathButton(game, version, str(i), label=label, style=STYLES.get(c.get("style"),
                                                                                        discord.ButtonStyle.secondary)))
    else:
        for part in range(min(MAX_SELECTS, (len(choices) + OPTIONS - 1) // OPTIONS)):
            chunk = choices[part * OPTIONS:(part + 1) * OPTIONS]
            options = [discord.SelectOption(label=_short(str(c["label"]) + (" …" if c.get("flow") else "")),
                                            value=str(part * OPTIONS + i), description=_short(c.get("hint") or "")
                                            or None) for i, c in enumerate(chunk)]
            first, last = _short(chunk[0]["label"], 40), _short(chunk[-1]["label"], 40)
            view.add_item(PathSelect(game, version, "", options, placeholder=f"{first} … {last}", part=part + 1))
    if hand_button and len(view.children) < 25 and len(choices) <= 15:
        view.add_item(HandButton(game))
    return view


def step_message(game: int, asked: Asked) -> tuple[str, discord.ui.View]:
    """One step of a multi-part choice: its question and options, or Confirm / Cancel."""
    path = "/".join("+".join(str(i) for i in step) for step in asked.path)
    view = discord.ui.View(timeout=None)
    if asked.confirm:
        view.add_item(PathButton(game, asked.version, path, label="Confirm", yes=True,
                                 style=discord.ButtonStyle.danger))
        return asked.confirm, view
    if asked.text:   # words of the player's own: a button opening a modal
        view.add_item(WriteButton(game, asked.version, path, label=asked.button or "Write…"))
        return asked.question, view
    options = list(asked.options)[:OPTIONS]
    text = asked.question
    if len(asked.options) > OPTIONS:
        text += f"\n({len(asked.options) - OPTIONS} more options than a menu holds: the slash command takes them.)"
    if not asked.multi and len(options) <= 5:
        for i, (label, _hint) in enumerate(options):
            view.add_item(PathButton(game, asked.version, f"{path}/{i}", label=label))
        hints = [f"{label}: {hint}" for label, hint in options if hint]
        if hints:
            text += "\n" + "\n".join(hints)
        return text, view
    select = [discord.SelectOption(label=_short(label), value=str(i), description=_short(hint) or None)
              for i, (label, hint) in enumerate(options)]
    view.add_item(PathSelect(game, asked.version, path, select, placeholder=_short(asked.question, 150),
                             min_values=asked.min_values if asked.multi else 1,
                             max_values=asked.max_values if asked.multi else 1))
    return text, view


def _short(text: str, limit: int = 100) -> str:
    return tabletext.shorten(text, limit)
