"""Buttons and selects that survive restarts: ``DynamicItem``s whose custom_id carries what the
click means.

- ``sn:a:``, ``sn:i:``, ``sn:s:``: choices sent before living prompts; they play nothing now and point
  to ``/game hand`` (:class:`RetiredChoice`);
- ``sn:l:<game>:<join|leave|start>``: lobby buttons;
- ``sn:r:<game>``: the lobby's role select (colour or faction); option values are role ids or ``random``;
- ``sn:k:<game>``: the lobby's "Add a computer player" select; option values are strengths;
- ``sn:h:<game>``: show my private information and choices (ephemeral; the fallback when DMs are closed);
- ``sn:u:<game>:<seq>:<count>``: confirm an undo prepared at action ``seq``;
- ``sn:c:<game>:<version>:<path>[!]``: a choice of a living prompt, or of a step of its flow:
  ``path`` is the choice's index, then each step's picked option indices (``3/1/0+2``); ``!``
  confirms a harmful choice (the table answers with the question first);
- ``sn:p:<game>:<version>:<path>``: a select of a prompt (path empty) or of a flow step: the
  picked option indices extend ``path``;
- ``sn:w:<game>:<version>:<path>``: "Write…" on a flow step that asks for words (``FlowStep.text``):
  opens a modal ``sn:m:<game>:<version>:<path>`` whose one text input (``text``) answers the step.

Each click reloads the game from the table, so a button sent before a restart works after it,
and a click that no longer fits the game (another decision is awaited, the state moved past an
index choice) is refused with an explanation.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, cast

import discord

from bot.discord.errors import reply
from bot.discord.host import Clicked
from bot.table import RoleInfo
from bot.table.text import shorten
from engine import agents
from engine.core.words import plural

CUSTOM_ID_MAX = 100


def _seneschal(interaction: discord.Interaction) -> Clicked:
    """The bot a click came to: these items are only ever registered on the bot
    (``bot.discord.bot.Seneschal``, which has its cogs), while discord.py types ``interaction.client``
    as the base ``Client``."""
    return cast("Clicked", interaction.client)


class RetiredChoice(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"sn:[ais]:(?P<rest>.*)"):
    """A choice button or select sent before living prompts (``sn:a:``, ``sn:i:``, ``sn:s:``), still sitting
    in someone's messages: it plays nothing and points to fresh choices (no other route plays an action)."""

    def __init__(self, custom_id: str):
        super().__init__(discord.ui.Button(label="-", custom_id=custom_id))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> RetiredChoice:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        await reply(interaction, "This button is from an older kind of prompt and plays nothing any more; "
                                 "`/game hand` shows your choices now.")


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=
                  r"sn:l:(?P<game>\d+):(?P<what>join|leave|start)"):
    STYLES = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
              "start": discord.ButtonStyle.primary}

    def __init__(self, game: int, what: str):
        super().__init__(discord.ui.Button(label=what.capitalize(), style=self.STYLES[what],
                                           custom_id=f"sn:l:{game}:{what}"))
        self.game, self.what = game, what

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> LobbyButton:
        return cls(int(match["game"]), match["what"])

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = _seneschal(interaction)
        await bot.tablecog.lobby_click(interaction, self.game, self.what)


class RoleSelect(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]], template=r"sn:r:(?P<game>\d+)"):
    """The lobby's choice of colour or faction: the free roles, and ``random`` (dealt at the start)."""

    def __init__(self, game: int, options: list[discord.SelectOption] | None = None):
        super().__init__(discord.ui.Select(custom_id=f"sn:r:{game}", placeholder="Choose your colour or faction…",
                                           options=options or [discord.SelectOption(label="Random", value="random")],
                                           min_values=1, max_values=1))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> RoleSelect:
        return cls(int(match["game"]), list(getattr(item, "options", [])))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = _seneschal(interaction)
        value = self.item.values[0] if self.item.values else "random"
        await bot.tablecog.role_pick(interaction, self.game, value)


class ComputerSelect(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]], template=r"sn:k:(?P<game>\d+)"):
    """The lobby's "Add a computer player" menu: one option per strength (the game's manager)."""

    BLURBS = {"random": "Plays any legal move: for trying the game out",
              "steady": "Looks one move ahead: a fair opponent",
              "schemer": "Searches ahead before each move: the strongest"}

    def __init__(self, game: int):
        options = [discord.SelectOption(label=f"Add a computer player: {s}", value=s, description=self.BLURBS.get(s))
                   for s in agents.STRENGTHS]
        super().__init__(discord.ui.Select(custom_id=f"sn:k:{game}", placeholder="Add a computer player…",
                                           options=options, min_values=1, max_values=1))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ComputerSelect:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = _seneschal(interaction)
        value = self.item.values[0] if self.item.values else "steady"
        await bot.tablecog.computer_pick(interaction, self.game, value)


def role_options(roles: Sequence[RoleInfo], blurb: Any = None) -> list[discord.SelectOption]:
    """The free roles (at most 24) and ``random``, labelled with their names and described by
    the game's one line about each (``blurb(role id)``)."""
    out = [discord.SelectOption(label=shorten(r.label, 100), value=r.id[:100],
                                description=((blurb(r.id) if blurb else "") or None) and shorten(str(blurb(r.id)), 100))
           for r in roles if r.seat is None][:24]
    out.append(discord.SelectOption(label="Random", value="random", description="dealt at the start"))
    return out


class HandButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"sn:h:(?P<game>\d+)"):
    def __init__(self, game: int):
        super().__init__(discord.ui.Button(label="Show my hand and choices", style=discord.ButtonStyle.secondary,
                                           custom_id=f"sn:h:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> HandButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = _seneschal(interaction)
        await bot.tablecog.show_hand(interaction, self.game)


class UndoButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=
                 r"sn:u:(?P<game>\d+):(?P<seq>\d+):(?P<count>\d+)"):
    def __init__(self, game: int, seq: int, count: int):
        super().__init__(discord.ui.Button(label=f"Confirm: undo {plural(count, 'action')}", style=discord.ButtonStyle.danger,
                                           custom_id=f"sn:u:{game}:{seq}:{count}"))
        self.game, self.seq, self.count = game, seq, count

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> UndoButton:
        return cls(int(match["game"]), int(match["seq"]), int(match["count"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = _seneschal(interaction)
        await bot.tablecog.confirm_undo(interaction, self.game, self.seq, self.count)


def extend_path(path: str, picked: Sequence[str]) -> str:
    step = "+".join(str(int(x)) for x in picked)
    return f"{path}/{step}" if path else step


class PathButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=
                 r"sn:c:(?P<game>\d+):(?P<version>\d+):(?P<path>[0-9/+]*)(?P<yes>!?)"):
    """A choice of a living prompt (or of a flow step, or Confirm): answered through TableService.choose."""

    def __init__(self, game: int, version: int, path: str, *, label: str = "", yes: bool = False,
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary):
        cid = f"sn:c:{game}:{version}:{path}{'!' if yes else ''}"
        super().__init__(discord.ui.Button(label=shorten(label or "Choose", 80), style=style, custom_id=cid))
        self.game, self.version, self.path, self.yes = game, version, path, yes

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PathButton:
        return cls(int(match["game"]), int(match["version"]), match["path"], label=getattr(item, "label", "") or "",
                   yes=bool(match["yes"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = _seneschal(interaction)
        await bot.playcog.pick(interaction, self.game, self.version, self.path, self.yes)


class PathSelect(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]], template=
                 r"sn:p:(?P<game>\d+):(?P<version>\d+):(?P<path>[0-9/+]*)(?::(?P<part>\d+))?"):
    """A select of a living prompt's choices or of a flow step's options (values are indices)."""

    def __init__(self, game: int, version: int, path: str, options: list[discord.SelectOption] | None = None, *,
                 placeholder: str = "Choose…", min_values: int = 1, max_values: int = 1, part: int = 0):
        options = options or [discord.SelectOption(label="-", value="0")]
        cid = f"sn:p:{game}:{version}:{path}" + (f":{part}" if part else "")
        super().__init__(discord.ui.Select(custom_id=cid[:CUSTOM_ID_MAX], options=options,
                                           placeholder=placeholder[:150], min_values=min(min_values, len(options)),
                                           max_values=max(1, min(max_values, len(options)))))
        self.game, self.version, self.path = game, version, path

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PathSelect:
        return cls(int(match["game"]), int(match["version"]), match["path"], list(getattr(item, "options", [])),
                   min_values=getattr(item, "min_values", 1), max_values=getattr(item, "max_values", 1),
                   part=int(match["part"] or 0))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = _seneschal(interaction)
        await bot.playcog.pick(interaction, self.game, self.version, extend_path(self.path, self.item.values), False)


class WriteButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=
                  r"sn:w:(?P<game>\d+):(?P<version>\d+):(?P<path>[0-9/+]*)"):
    """A flow step that asks for words: the click opens a modal (:class:`WordsModal`) with one text input."""

    def __init__(self, game: int, version: int, path: str, *, label: str = "Write…"):
        super().__init__(discord.ui.Button(label=shorten(label, 80), style=discord.ButtonStyle.primary,
                                           custom_id=f"sn:w:{game}:{version}:{path}"))
        self.game, self.version, self.path = game, version, path

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> WriteButton:
        return cls(int(match["game"]), int(match["version"]), match["path"], label=getattr(item, "label", "") or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = _seneschal(interaction)
        await bot.playcog.open_writer(interaction, self.game, self.version, self.path)


MODAL_ID = re.compile(r"sn:m:(?P<game>\d+):(?P<version>\d+):(?P<path>[0-9/+]*)$")
MODAL_TITLE = 45   # Discord's limits: a modal's title and a text input's label
INPUT_LABEL = 45


class WordsModal(discord.ui.Modal):
    """The modal of a text step: one paragraph input, ``text``. Its submission is answered by the Play cog's
    ``on_interaction`` listener from the custom_id alone (``sn:m:...``), so it works across a restart."""

    def __init__(self, game: int, version: int, path: str, *, title: str, label: str, max_length: int,
                 placeholder: str = ""):
        super().__init__(title=title[:MODAL_TITLE], custom_id=f"sn:m:{game}:{version}:{path}"[:CUSTOM_ID_MAX],
                         timeout=None)
        self.words: discord.ui.TextInput[WordsModal] = discord.ui.TextInput(
            label=label[:INPUT_LABEL], style=discord.TextStyle.paragraph, custom_id="text", required=True,
            min_length=1, max_length=max_length or 4000, placeholder=shorten(placeholder, 100) or None)
        self.add_item(self.words)


def modal_text(data: Any) -> str | None:
    """The value of the ``text`` input in a modal submission's data (None when it has none)."""
    rows = (data or {}).get("components") or []
    for row in rows:
        for comp in ([row.get("component")] if row.get("component") else row.get("components") or []):
            if isinstance(comp, dict) and comp.get("custom_id") == "text":
                return str(comp.get("value") or "")
    return None


#: How much of a rules topic a page button carries (a custom_id holds 100 characters).
TOPIC_IN_ID = 60


class RulesPageButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=
                      r"sn:t:(?P<name>[a-z0-9_-]+):(?P<page>\d+):(?P<edge>[pn]):(?P<topic>.*)"):
    """Previous / Next of ``/game rules``: the page of the game's rules (and topic) to show."""

    def __init__(self, name: str, page: int, edge: str, topic: str, *, disabled: bool = False):
        label = "Previous" if edge == "p" else "Next"
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                                           custom_id=f"sn:t:{name}:{page}:{edge}:{topic[:TOPIC_IN_ID]}"))
        self.name, self.page, self.topic = name, page, topic

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> RulesPageButton:
        return cls(match["name"], int(match["page"]), match["edge"], match["topic"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _seneschal(interaction).tablecog.rules_page(interaction, self.name, self.topic, self.page)


class RulesPageSelect(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]], template=
                      r"sn:v:(?P<name>[a-z0-9_-]+):(?P<topic>.*)"):
    """The pages of ``/game rules`` by name (topics, then each group of commands): option values are pages."""

    def __init__(self, name: str, topic: str, labels: Sequence[str] = (), page: int = 0):
        options = [discord.SelectOption(label=shorten(label, 100) or "-", value=str(i), default=i == page)
                   for i, label in enumerate(labels[:25])] or [discord.SelectOption(label="-", value="0")]
        super().__init__(discord.ui.Select(custom_id=f"sn:v:{name}:{topic[:TOPIC_IN_ID]}", options=options,
                                           placeholder="Go to a page…"))
        self.name, self.topic = name, topic

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> RulesPageSelect:
        return cls(match["name"], match["topic"])

    async def callback(self, interaction: discord.Interaction) -> None:
        value = self.item.values[0] if self.item.values else "0"
        page = int(value) if value.isdigit() else 0
        await _seneschal(interaction).tablecog.rules_page(interaction, self.name, self.topic, page)


def rules_view(name: str, topic: str, labels: Sequence[str], page: int) -> discord.ui.View | None:
    """The select of pages (past two) and Previous / Next under the embed of ``/game rules``; none for one page."""
    if len(labels) < 2:
        return None
    view = discord.ui.View(timeout=None)
    if len(labels) > 2:
        view.add_item(RulesPageSelect(name, topic, labels, page))
    last = len(labels) - 1
    view.add_item(RulesPageButton(name, max(page - 1, 0), "p", topic, disabled=page == 0))
    view.add_item(RulesPageButton(name, min(page + 1, last), "n", topic, disabled=page == last))
    return view


DYNAMIC_ITEMS: tuple[type[Any], ...] = (RetiredChoice, LobbyButton, RoleSelect, ComputerSelect, HandButton,
                                         UndoButton, PathButton, PathSelect, WriteButton, RulesPageButton,
                                         RulesPageSelect)


def lobby_view(game: int, *, open_: bool = True, roles: Sequence[RoleInfo] = (), blurb: Any = None) -> discord.ui.View:
    """Join, Leave, Start; a select of the free roles when the game offers roles; and a select
    that adds a computer player."""
    view = discord.ui.View(timeout=None)
    if open_:
        for what in ("join", "leave", "start"):
            view.add_item(LobbyButton(game, what))
        if roles:
            view.add_item(RoleSelect(game, role_options(roles, blurb)))
        view.add_item(ComputerSelect(game))
    return view
