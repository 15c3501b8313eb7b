"""Game commands (``/fief ...``, ``/okc ...``, one group per game) and decision clicks.

The groups are generated from the table's command registry (one subcommand per ActionSpec), so
a game gains a slash command by declaring an action. Every action, typed or clicked, goes
through :meth:`TableService.act` with the interaction id as idempotency key: the same
interaction delivered twice is applied once.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import errors, present
from bot.discord.components import MODAL_ID, WordsModal, modal_text
from bot.discord.context import actor_of, channel_of, of_this_game
from bot.discord.errors import Refusal
from bot.discord.prompts import prompt_content, prompt_view, step_message
from bot.discord.slash import build_groups, named_choice
from bot.table import TABLE_GROUP, Asked, Command, GameInfo, Outcome, Status, TableError
from bot.table import text as tabletext
from bot.table.errors import TableRefusal
from engine.core.errors import Refusal as Codes  # shared codes; Refusal here is the reply
from engine.core.words import join_words

if TYPE_CHECKING:
    from bot.discord.bot import Seneschal

log = logging.getLogger("seneschal.discord")


async def respond(interaction: discord.Interaction, content: str | None = None, *, ephemeral: bool = True,
                  **kwargs: Any) -> None:
    """The first answer, or a follow-up when the interaction was answered already.

    A redelivered interaction whose token was used already is only logged.
    """
    try:
        if interaction.response.is_done():
            await interaction.followup.send(content or discord.utils.MISSING, ephemeral=ephemeral, **kwargs)
        else:
            await interaction.response.send_message(content, ephemeral=ephemeral, **kwargs)
    except discord.HTTPException as err:
        if err.code in (40060, 10062):  # already acknowledged / unknown interaction (a redelivery)
            log.info("interaction %s was answered already (%s)", interaction.id, err.code)
            return
        raise


async def respond_long(interaction: discord.Interaction, text: str, *, ephemeral: bool = True) -> None:
    """A long answer in as many messages as it takes (2000 characters each)."""
    for part in present.split(text)[:10]:
        await respond(interaction, part, ephemeral=ephemeral)


def check_life(interaction: discord.Interaction, info: GameInfo) -> None:
    """Refuse a button of an earlier game that had this number (:func:`of_this_game`), changing nothing."""
    if not of_this_game(interaction, info.channel):
        raise Refusal(f"This button belongs to an earlier game numbered {info.id}, which is no longer kept; nothing "
                      "was played. `/game list` shows the games you sit at now.")


class Play(commands.Cog):
    def __init__(self, bot: Seneschal):
        self.bot = bot
        self.groups: list[app_commands.Group] = []

    async def cog_load(self) -> None:
        table = self.bot.table
        for name, rules in sorted(table.known_games().items()):
            cmds = table.registry.commands(name)
            for group in build_groups(name, rules.title, cmds, self.run_action, self.suggest,
                                      table.registry.subgroups(name)):
                self.bot.tree.add_command(group)
                self.groups.append(group)
        self.bot.playcog = self

    async def cog_unload(self) -> None:
        for group in self.groups:
            self.bot.tree.remove_command(group.name)

    # -- slash commands ---------------------------------------------------------------------
    async def suggest(self, interaction: discord.Interaction, cmd: Command, param: str,
                      current: str) -> list[app_commands.Choice[Any]]:
        """Names people see (the game's own), never an empty or over-long choice."""
        actor = actor_of(interaction, self.bot.settings)
        game_id = getattr(interaction.namespace, "game", None) if param != "game" else None
        channel = channel_of(interaction)
        pairs = self.bot.table.suggest_named(actor, channel, cmd.group, cmd.name, param, current or "",
                                             game_id=game_id)
        return [named_choice(label, value) for label, value in pairs[:25]]

    async def run_action(self, interaction: discord.Interaction, cmd: Command, values: dict[str, Any]) -> None:
        """``/<game> <action> ...``: through the table's one entry point (names accepted, this
        channel's game or else the person's), answered ephemerally."""
        applied = self.bot.ask_table(interaction, cmd.group, cmd.name, values)
        self.bot.wake()
        await respond(interaction, self.applied_text(applied))

    @staticmethod
    def applied_text(applied: Outcome) -> str:
        return tabletext.describe(applied)[:1990]

    # -- living prompts: choices, flows, confirmations --------------------------------------------
    async def pick(self, interaction: discord.Interaction, game_id: int, version: int, path: str,
                   confirmed: bool) -> None:
        """A click on a prompt's choice, a flow step's option or Confirm: the next step (an
        ephemeral message, edited step by step), or the action played."""
        if not await self.bot.admitted(interaction):
            return
        try:
            await self._pick(interaction, game_id, version, path, confirmed)
        except Exception as err:  # the dynamic item path logs only: answer the person here
            if isinstance(err, TableError) and err.code in (TableRefusal.STALE, Codes.NOT_AWAITED):
                try:
                    await self.offer_fresh(interaction, game_id)
                    return
                except Exception as second:
                    err = second
            await errors.handle(interaction, err, f"prompt of game {game_id}")

    async def offer_fresh(self, interaction: discord.Interaction, game_id: int) -> None:
        """A click on a prompt the game has moved past: say so, and offer the choices that are
        true now (the seat's living prompt), or say that nothing waits on the person."""
        actor = actor_of(interaction, self.bot.settings)
        try:
            prompt = self.bot.table.prompt(actor, None, game_id=game_id)
        except TableError as err:
            if err.code != Codes.NOT_AWAITED:
                raise
            status = self.bot.ask_table(interaction, TABLE_GROUP, "status", game_id=game_id)
            assert isinstance(status, Status)
            waiting = join_words(dict.fromkeys(w.name or w.seat for w in status.waiting))
            await respond(interaction, "That choice is no longer open: the game has moved on and nothing waits on "
                          "you now." + (f" It waits for {waiting}." if waiting else ""))
            return
        text = prompt_content("That choice is no longer open: the game has moved on. Here is what you can do "
                              "now:", prompt)
        view = prompt_view(game_id, prompt, hand_button=False)
        if view is None:
            await respond(interaction, text)
        else:
            await respond(interaction, text, view=view)

    async def _pick(self, interaction: discord.Interaction, game_id: int, version: int, path: str,
                    confirmed: bool, *, text: str | None = None) -> None:
        actor = actor_of(interaction, self.bot.settings)
        check_life(interaction, self.bot.table.info_for(actor, None, game_id))
        out = self.choose(interaction, game_id, version, path, confirmed=confirmed, text=text)
        message = interaction.message
        in_flow = message is not None and message.flags.ephemeral
        if isinstance(out, Asked):
            text, view = step_message(game_id, out)
            if in_flow:
                await interaction.response.edit_message(content=text, view=view)
            else:
                await interaction.response.send_message(text, view=view, ephemeral=True)
            return
        self.bot.wake()
        note = self.applied_text(out)
        try:
            if message is not None and not interaction.response.is_done():
                if in_flow:  # the ephemeral steps of a multi-part choice close with what was done
                    await interaction.response.edit_message(content=note, view=None)
                else:  # the living prompt: the outbox edits it once, with what was chosen (no transient "Done")
                    await interaction.response.defer()
            else:
                await respond(interaction, note)
        except discord.HTTPException as err:
            if err.code not in (40060, 10062):
                raise
            log.info("choice interaction %s answered already (%s)", interaction.id, err.code)

    def choose(self, interaction: discord.Interaction, game_id: int, version: int, path: str, *,
               confirmed: bool = False, text: str | None = None) -> Outcome:
        """A click on a prompt through the table's one entry point (``/game choose``, hidden from people)."""
        values = {"version": version, "path": path, "confirmed": confirmed, "text": text}
        return self.bot.ask_table(interaction, TABLE_GROUP, "choose", values, game_id=game_id, by_number=True)

    # -- words typed in a flow (a text step): a modal --------------------------------------------------
    async def open_writer(self, interaction: discord.Interaction, game_id: int, version: int, path: str) -> None:
        """"Write…" on a text step: the step is asked again (it may have moved on) and its modal opens."""
        try:
            out = self.choose(interaction, game_id, version, path)
            if not isinstance(out, Asked) or not out.text:
                raise Refusal("This step no longer asks for words: the game has moved on since.")
            await interaction.response.send_modal(WordsModal(
                game_id, version, path, title="Your own words", label="The terms, in your own words",
                max_length=out.max_length, placeholder=out.placeholder))
        except Exception as err:  # the dynamic item path logs only: answer the person here
            if isinstance(err, TableError) and err.code in (TableRefusal.STALE, Codes.NOT_AWAITED):
                err = Refusal("This prompt is out of date: the game has moved on since it was sent. Your newest "
                              "prompt is the last one I sent you (`/game hand` shows your choices too).")
            await errors.handle(interaction, err, f"words for game {game_id}")

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A modal of a text step submitted (``sn:m:...``): answered from its custom_id, even after a restart."""
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        data: Any = interaction.data or {}
        m = MODAL_ID.match(str(data.get("custom_id") or ""))
        if m is None:
            return
        try:
            text = modal_text(data)
            if text is None:
                raise Refusal("The words did not arrive: press Write again.")
            await self._pick(interaction, int(m["game"]), int(m["version"]), m["path"], False, text=text)
        except Exception as err:
            if isinstance(err, TableError) and err.code in (TableRefusal.STALE, Codes.NOT_AWAITED):
                err = Refusal("This prompt is out of date: the game has moved on since it was sent. Your newest "
                              "prompt is the last one I sent you (`/game hand` shows your choices too).")
            await errors.handle(interaction, err, f"words for game {m['game']}")


async def setup(bot: Seneschal) -> None:
    await bot.add_cog(Play(bot))
