"""``/game ...``: the lobby and table management, generated from the registry's table commands.

``/game new`` opens a thread for the game and posts the lobby message (Join, Leave, Start);
everything else addresses the game of the thread it is typed in (or, elsewhere, the one live
game the person sits at, or ``game:<id>``). Private answers (hand, log, status with your
choices, export) are ephemeral; public announcements (pause, replace, abandon...) come through
the outbox into the game's thread.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

import renderer
from bot.discord import errors, present
from bot.discord.cogs.play import call_with_fallback, check_life, respond, respond_long
from bot.discord.components import UndoButton, lobby_view, rules_view
from bot.discord.context import actor_of, channel_of
from bot.discord.errors import Refusal
from bot.discord.prompts import prompt_content, prompt_view
from bot.discord.slash import build_groups, named_choice
from bot.table import (
    TABLE_GROUP,
    AlreadyDone,
    Command,
    ComputerSeated,
    Created,
    Exported,
    GameInfo,
    GameStatus,
    Guide,
    Imported,
    Joined,
    Left,
    LogPage,
    Outcome,
    RoleChosen,
    RulesHelp,
    Settings,
    Started,
    TableChanged,
    TableError,
    TableService,
)
from bot.table import text as tabletext

if TYPE_CHECKING:
    from bot.discord.bot import Seneschal

log = logging.getLogger("seneschal.discord")

THREAD_ARCHIVE_MINUTES: Literal[10080] = 10080  # a week: campaigns are slow


class Table(commands.Cog):
    def __init__(self, bot: Seneschal):
        self.bot = bot
        self.group_names: list[str] = []

    async def cog_load(self) -> None:
        cmds = self.bot.table.registry.commands(TABLE_GROUP)
        for group in build_groups(TABLE_GROUP, "Seneschal table", cmds, self.run, self.suggest):
            new = group.get_command("new")
            if isinstance(new, app_commands.Command) and "options" in new._params:
                new.autocomplete("options")(self.suggest_options)
            self.bot.tree.add_command(group)
            self.group_names.append(group.name)
        self.bot.tablecog = self

    async def cog_unload(self) -> None:
        for name in self.group_names:
            self.bot.tree.remove_command(name)

    @property
    def table(self) -> TableService:
        return self.bot.table

    async def suggest(self, interaction: discord.Interaction, cmd: Command, param: str,
                      current: str) -> list[Any]:
        actor = actor_of(interaction, self.bot.settings)
        game_id = getattr(interaction.namespace, "game", None) if param != "game" else None
        given = {"name": getattr(interaction.namespace, "name", None)}  # /game rules name:fief topic:...
        pairs = self.table.suggest_named(actor, channel_of(interaction), TABLE_GROUP, cmd.name, param,
                                         current or "", game_id=game_id, given=given)
        if not pairs and channel_of(interaction) is not None and game_id is None:
            pairs = self.table.suggest_named(actor, None, TABLE_GROUP, cmd.name, param, current or "", given=given)
        return [named_choice(label, value) for label, value in pairs[:25]]

    async def suggest_options(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """``/game new options:``: the game's options and the table settings with their values (the
        default first), completing what is typed already (``TableService.suggest_options``)."""
        name = str(getattr(interaction.namespace, "name", "") or "")
        players = getattr(interaction.namespace, "players", None)
        found = self.table.suggest_options(name, current or "", players if isinstance(players, int) else None)
        return [app_commands.Choice(name=text, value=text) for text in found]

    # -- one handler for every /game command ----------------------------------------------------
    async def run(self, interaction: discord.Interaction, cmd: Command, values: dict[str, Any]) -> None:
        handler = getattr(self, f"cmd_{cmd.name}", None)
        if handler is not None:
            await handler(interaction, values)
            return
        await self.generic(interaction, cmd, values)

    async def generic(self, interaction: discord.Interaction, cmd: Command, values: dict[str, Any]) -> None:
        """join, leave, start, skip, pause, resume, abandon: call the table, answer ephemerally."""
        actor = actor_of(interaction, self.bot.settings)
        channel = channel_of(interaction)
        game_id = values.pop("game", None)
        key = str(interaction.id) if cmd.mutates else None
        method = getattr(self.table, cmd.name)
        kwargs: dict[str, Any] = dict(cmd.convert(values))
        if cmd.mutates:
            kwargs["key"] = key
        outcome = call_with_fallback(method, actor, channel, game_id=game_id, **kwargs)
        self.bot.wake()
        if isinstance(outcome, Joined | Left | Started | RoleChosen | ComputerSeated) or (
                isinstance(outcome, TableChanged) and outcome.what == "abandoned"):
            await self.refresh_lobby(outcome.game)
        await respond(interaction, tabletext.describe(outcome)[:1990])

    # -- the lobby -----------------------------------------------------------------------------
    async def cmd_new(self, interaction: discord.Interaction, values: dict[str, Any]) -> None:
        await self.open_game(interaction, values, None)

    async def cmd_import(self, interaction: discord.Interaction, values: dict[str, Any]) -> None:
        attachment = values.get("file")
        if not isinstance(attachment, discord.Attachment):
            raise Refusal("Attach the exported .json file to `/game import file:`.")
        if attachment.size > 8 * 1024 * 1024:
            raise Refusal("That file is too large for a saved game (over 8 MB).")
        await self.open_game(interaction, values, attachment)

    async def open_game(self, interaction: discord.Interaction, values: dict[str, Any],
                        attachment: discord.Attachment | None) -> None:
        """Open a thread for a new (or imported) game, then the lobby (or the game) in it."""
        actor = actor_of(interaction, self.bot.settings)
        key = str(interaction.id)
        done = self.table.store.command_key(key)
        if done is not None:  # the same interaction delivered again: the game exists already
            await respond(interaction, f"Already done: game {done[0]}.")
            return
        if interaction.guild_id is None:
            raise Refusal("Open games in a server channel: the game gets its own thread there.")
        parent = interaction.channel
        parent_id = getattr(parent, "parent_id", None) if isinstance(parent, discord.Thread) else interaction.channel_id
        if parent_id is None:
            raise Refusal("I cannot tell which channel to open the game's thread in.")
        if attachment is not None:
            if not actor.admin:
                raise Refusal("Only a GM (Manage Server or the GM role) may import a game.")
            await interaction.response.defer(ephemeral=True, thinking=True)
            text = await attachment.read()
            title = f"imported game ({attachment.filename})"
        else:
            rules = self.table.rules_for(str(values.get("name", "")))
            text = b""
            title = f"{rules.title} — {interaction.user.display_name}"
            await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            thread = await self.bot.http.start_thread_without_message(
                parent_id, name=title[:100], auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                type=discord.ChannelType.public_thread.value, reason="a Seneschal game")
        except discord.Forbidden:
            raise Refusal("I cannot open a thread in this channel: I need the Create Public Threads and Send "
                          "Messages in Threads permissions here (see docs/operations.md).") from None
        thread_id = int(thread["id"])
        outcome: Outcome
        try:
            if attachment is not None:
                outcome = await asyncio.to_thread(self.table.import_game, actor, str(thread_id), text, key=key)
            else:
                outcome = self.table.new_game(actor, str(thread_id), str(values["name"]),
                                              players=values.get("players"), options=values.get("options"),
                                              play=values.get("play", True), key=key)
        except Exception:
            try:
                await self.bot.http.delete_channel(thread_id, reason="the game could not be opened")
            except discord.HTTPException:
                log.warning("could not remove the empty thread %s", thread_id)
            raise
        if isinstance(outcome, AlreadyDone):
            await respond(interaction, f"Already done: game {outcome.game.id if outcome.game else '?'}.")
            return
        info = outcome.game
        assert info is not None
        if isinstance(outcome, Created):
            await self.post_lobby(info, thread_id)
            await respond(interaction, f"Game {info.id} ({info.title}) is open in <#{thread_id}>"
                                       + (f"; you sit as **{outcome.seat}**." if outcome.seat else "."))
        elif isinstance(outcome, Imported):
            self.bot.wake()
            await respond(interaction, f"Imported as game {info.id} in <#{thread_id}> "
                                       f"({outcome.actions} actions replayed and verified).")

    async def post_lobby(self, info: GameInfo, thread_id: int) -> None:
        channel = self.bot.get_partial_messageable(thread_id)
        embed, view = self.lobby_parts(info)
        msg = await channel.send(embed=embed, view=view, nonce=f"lobby{info.id}"[:25])
        self.bot.refs.put(info.id, "lobby", thread_id, msg.id)

    def lobby_parts(self, info: GameInfo) -> tuple[discord.Embed, discord.ui.View]:
        """The lobby message: seats and free roles (each with the game's one line about it) while
        open; once started, who plays what, and no buttons."""
        rules = self.table.rules_for(info.game)
        roles = {}
        if info.status is not GameStatus.LOBBY:
            for s in info.seats:
                labels = []
                for r in filter(None, s.role.split("+")):
                    try:
                        labels.append(rules.role_label(r, info.options))
                    except Exception:
                        labels.append(r)
                roles[s.seat] = " and ".join(labels)
        embed = present.lobby_embed(info, max_seats=rules.max_seats, min_seats=rules.min_seats, roles=roles)
        view = lobby_view(info.id, open_=info.status is GameStatus.LOBBY, roles=info.roles,
                          blurb=rules.words().role_blurb)
        return embed, view

    async def refresh_lobby(self, info: GameInfo | None) -> None:
        """Edit the lobby message after a seat changed hands or the game started."""
        if info is None:
            return
        ref = self.bot.refs.get(info.id, "lobby")
        if ref is None:
            return
        try:
            message = self.bot.get_partial_messageable(ref[0]).get_partial_message(ref[1])
            embed, view = self.lobby_parts(info)
            await message.edit(embed=embed, view=view)
        except discord.HTTPException as err:
            log.warning("could not edit the lobby message of game %s: %s", info.id, err)

    async def lobby_click(self, interaction: discord.Interaction, game_id: int, what: str) -> None:
        if not await self.bot.admitted(interaction):
            return
        try:
            actor = actor_of(interaction, self.bot.settings)
            check_life(interaction, self.table.info_for(actor, channel_of(interaction), game_id))
            key = str(interaction.id)
            method: Any = {"join": self.table.join, "leave": self.table.leave, "start": self.table.start}[what]
            outcome = method(actor, channel_of(interaction), game_id=game_id, key=key)
            self.bot.wake()
            embed, view = self.lobby_parts(self.table.info(game_id))
            await interaction.response.edit_message(embed=embed, view=view)
            note = tabletext.describe(outcome)
            await interaction.followup.send(note[:1990], ephemeral=True)
        except Exception as err:
            await errors.handle(interaction, err, f"lobby {what}")

    async def computer_pick(self, interaction: discord.Interaction, game_id: int, strength: str) -> None:
        """The lobby's "Add a computer player" menu: seat one of that strength (the game's manager)."""
        if not await self.bot.admitted(interaction):
            return
        try:
            actor = actor_of(interaction, self.bot.settings)
            check_life(interaction, self.table.info_for(actor, channel_of(interaction), game_id))
            outcome = self.table.computer(actor, channel_of(interaction), strength=strength, game_id=game_id,
                                              key=str(interaction.id))
            embed, view = self.lobby_parts(self.table.info(game_id))
            await interaction.response.edit_message(embed=embed, view=view)
            await interaction.followup.send(tabletext.describe(outcome)[:1990], ephemeral=True)
        except Exception as err:
            await errors.handle(interaction, err, "lobby computer")

    async def role_pick(self, interaction: discord.Interaction, game_id: int, role: str) -> None:
        """The lobby's role select: set the clicker's colour or faction, taking a seat first if needed."""
        if not await self.bot.admitted(interaction):
            return
        try:
            actor = actor_of(interaction, self.bot.settings)
            key = str(interaction.id)
            info = self.table.info_for(actor, channel_of(interaction), game_id)
            check_life(interaction, info)
            seated = info.seat_of(actor.user_id) is not None
            outcome: Outcome
            if seated:
                outcome = self.table.role(actor, channel_of(interaction), role=role, game_id=game_id, key=key)
            else:
                outcome = self.table.join(actor, channel_of(interaction), role=role, game_id=game_id, key=key)
            embed, view = self.lobby_parts(self.table.info(game_id))
            await interaction.response.edit_message(embed=embed, view=view)
            await interaction.followup.send(tabletext.describe(outcome)[:1990], ephemeral=True)
        except Exception as err:
            await errors.handle(interaction, err, "lobby role")

    # -- looking ---------------------------------------------------------------------------------
    async def cmd_status(self, interaction: discord.Interaction, values: dict[str, Any]) -> None:
        actor = actor_of(interaction, self.bot.settings)
        st = call_with_fallback(self.table.status, actor, channel_of(interaction), game_id=values.get("game"))
        await respond(interaction, embed=present.status_reply(st))

    async def cmd_board(self, interaction: discord.Interaction, values: dict[str, Any]) -> None:
        actor = actor_of(interaction, self.bot.settings)
        private = bool(values.get("private"))
        await interaction.response.defer(ephemeral=private, thinking=True)
        board = call_with_fallback(self.table.board, actor, channel_of(interaction), game_id=values.get("game"),
                                   private=private, draw=False)
        info = board.game
        png = None
        if renderer.has_drawer(info.game):
            png = await self.bot.painter.render(info.game, board.view, board.seat)
        caption = f"**{info.title} — game {info.id}** · {info.phase}" + (f" · board of {board.seat}" if board.seat
                                                                            else "")
        if png is not None:
            await interaction.followup.send(caption, file=discord.File(io.BytesIO(png), "board.png"),
                                            ephemeral=private)
        else:
            await interaction.followup.send(f"{caption}\n(This game has no drawn board yet: `/game status` and "
                                            "`/game log` tell where it stands.)", ephemeral=private)

    async def cmd_hand(self, interaction: discord.Interaction, values: dict[str, Any]) -> None:
        actor = actor_of(interaction, self.bot.settings)
        game_id = values.get("game")
        if game_id is None:
            row = call_with_fallback(self.table.resolve, actor, channel_of(interaction))
            game_id = row.id
        await self.show_hand(interaction, int(game_id))

    async def show_hand(self, interaction: discord.Interaction, game_id: int) -> None:
        """The person's private view (with their private board when the game has a drawer) and fresh
        buttons for what waits on them, ephemerally. The fallback of everything a DM would carry."""
        if not await self.bot.admitted(interaction):
            return
        try:
            actor = actor_of(interaction, self.bot.settings)
            hand = self.table.hand(actor, channel_of(interaction), game_id=game_id)
            info = hand.game
            assert info is not None
            check_life(interaction, info)
            embed = present.hand_embed(hand)
            view: discord.ui.View | None = None
            try:
                prompt = self.table.prompt(actor, channel_of(interaction), game_id=game_id)
            except TableError:
                prompt = None
            if prompt is not None:
                embed.add_field(name="Waiting for you", value=prompt_content("", prompt).strip()[:1024], inline=False)
                view = prompt_view(game_id, prompt, hand_button=False)
            extra: dict[str, Any] = {}
            if renderer.has_drawer(info.game):
                await interaction.response.defer(ephemeral=True, thinking=True)
                png = await self.bot.painter.render(info.game, hand.view, hand.seat)
                extra["file"] = discord.File(io.BytesIO(png), "board.png")
                embed.set_image(url="attachment://board.png")
            if view is not None:
                extra["view"] = view
            await respond(interaction, embed=embed, **extra)
        except Exception as err:
            await errors.handle(interaction, err, "hand")

    async def cmd_log(self, interaction: discord.Interaction, values: dict[str, Any]) -> None:
        actor = actor_of(interaction, self.bot.settings)
        page: LogPage = call_with_fallback(self.table.log, actor, channel_of(interaction), game_id=values.get("game"),
                                           last=int(values.get("last", 10)))
        await respond_long(interaction, tabletext.describe(page))

    async def cmd_rules(self, interaction: discord.Interaction, values: dict[str, Any]) -> None:
        """``/game rules [name] [topic]``: one ephemeral embed with pages: the rule topics (the matching
        ones with their summaries, else every title), then the commands as Discord spells them with
        their rule sections, a page per group of commands; a select of the pages and Previous / Next.
        A name that is not a game is taken as the topic."""
        actor = actor_of(interaction, self.bot.settings)
        helped: RulesHelp = call_with_fallback(self.table.rules_help, actor, channel_of(interaction),
                                               name=values.get("name"), topic=values.get("topic"))
        embed, view = self._rules_page(helped, 0)
        if view is None:
            await respond(interaction, embed=embed)
        else:
            await respond(interaction, embed=embed, view=view)

    def _rules_page(self, helped: RulesHelp, page: int) -> tuple[discord.Embed, discord.ui.View | None]:
        pages = present.rules_pages(helped, self.table.registry.commands(helped.group),
                                    self.table.registry.subgroups(helped.group))
        page = min(max(page, 0), len(pages) - 1)
        return pages[page][1], rules_view(helped.group, helped.topic, [label for label, _ in pages], page)

    async def rules_page(self, interaction: discord.Interaction, name: str, topic: str, page: int) -> None:
        """A click on the pages of ``/game rules``: the same message shows page ``page``."""
        if not await self.bot.admitted(interaction):
            return
        try:
            actor = actor_of(interaction, self.bot.settings)
            helped = self.table.rules_help(actor, channel_of(interaction), name=name, topic=topic or None)
            embed, view = self._rules_page(helped, page)
            await interaction.response.edit_message(embed=embed, view=view)
        except Exception as err:
            await errors.handle(interaction, err, "rules")

    async def cmd_help(self, interaction: discord.Interaction, values: dict[str, Any]) -> None:
        """``/game help``: what to do now and the five commands that matter, in one ephemeral embed. In a
        channel without a game (the parent of the threads), the person's one live game answers."""
        actor = actor_of(interaction, self.bot.settings)
        channel = channel_of(interaction)
        guide: Guide = self.table.guide(actor, channel, game_id=values.get("game"))
        if guide.game is None and channel is not None and values.get("game") is None:
            theirs: Guide = self.table.guide(actor, None)
            if theirs.game is not None:
                guide = theirs
        await respond(interaction, embed=present.guide_embed(guide))

    async def cmd_list(self, interaction: discord.Interaction, values: dict[str, Any]) -> None:
        """The games of this thread or channel; where there are none, the games the person sits at."""
        actor = actor_of(interaction, self.bot.settings)
        channel = channel_of(interaction)
        games = self.table.list_games(actor, channel).games
        head = "Games here"
        if not games and channel is not None:
            games, head = self.table.list_games(actor, None).games, "Your games"
        if not games:
            raise Refusal("No games here, and you sit at none. `/game new` opens one.")
        lines = [f"**{head}**"]
        for g in games:
            where = f" · <#{g.channel}>" if g.channel and g.channel.isdigit() else ""
            seats = ", ".join(s.seat for s in g.seats) or "nobody yet"
            state = ("damaged and set aside (a GM may abandon it)" if g.damaged
                     else f"{g.status.value}{', ' + g.phase if g.phase else ''}")
            lines.append(f"game {g.id}: {g.title or 'a game'}, {state}{where} · {seats}")
        await respond_long(interaction, "\n".join(lines))

    # -- GM tools ----------------------------------------------------------------------------------
    async def cmd_undo(self, interaction: discord.Interaction, values: dict[str, Any]) -> None:
        actor = actor_of(interaction, self.bot.settings)
        row = call_with_fallback(self.table.resolve, actor, channel_of(interaction), game_id=values.get("game"))
        if not self.table.is_gm(actor, row):
            raise Refusal("Only the game's manager (its creator, or Manage Server or the GM role here) may undo.")
        count = int(values.get("count", 1))
        if count < 1 or count > row.last_seq:
            raise Refusal(f"Game {row.id} can undo 1 to {row.last_seq} action(s), not {count}.")
        view = discord.ui.View(timeout=None)
        view.add_item(UndoButton(row.id, row.last_seq, count))
        await respond(interaction, f"Undo the last {count} action(s) of game {row.id} (now at action "
                                   f"#{row.last_seq})? Dice and revealed secrets cannot be undone.", view=view)

    async def confirm_undo(self, interaction: discord.Interaction, game_id: int, seq: int, count: int) -> None:
        if not await self.bot.admitted(interaction):
            return
        try:
            actor = actor_of(interaction, self.bot.settings)
            info = self.table.info_for(actor, channel_of(interaction), game_id)  # a forged id learns nothing
            check_life(interaction, info)
            if info.seq != seq:
                raise Refusal(f"The game moved on since this undo was prepared (action #{seq}, now #{info.seq}); "
                              "run `/game undo` again.")
            outcome = self.table.undo(actor, channel_of(interaction), count=count, game_id=game_id, key=str(interaction.id))
            self.bot.wake()
            await interaction.response.edit_message(content=tabletext.describe(outcome), view=None)
        except Exception as err:
            await errors.handle(interaction, err, "undo")

    async def cmd_replace(self, interaction: discord.Interaction, values: dict[str, Any]) -> None:
        actor = actor_of(interaction, self.bot.settings)
        user = values.get("user")
        computer = values.get("computer")
        if computer and user is not None:
            raise Refusal("Name a person or a computer player's strength, not both.")
        if computer:
            outcome = call_with_fallback(self.table.replace, actor, channel_of(interaction), str(values["seat"]),
                                         computer=str(computer), game_id=values.get("game"), key=str(interaction.id))
            self.bot.wake()
            await respond(interaction, tabletext.describe(outcome))
            return
        if not isinstance(user, discord.User | discord.Member):
            raise Refusal("Name who takes the seat: `/game replace seat:<seat> user:@someone`, or "
                          "`computer:steady` for a computer player.")
        if user.bot:
            raise Refusal("A bot cannot take a seat; a computer player can: `computer:steady`.")
        outcome = call_with_fallback(self.table.replace, actor, channel_of(interaction), str(values["seat"]),
                                     str(user.id), user.name, game_id=values.get("game"), key=str(interaction.id))
        self.bot.wake()
        await respond(interaction, tabletext.describe(outcome))

    async def cmd_export(self, interaction: discord.Interaction, values: dict[str, Any]) -> None:
        actor = actor_of(interaction, self.bot.settings)
        exported: Exported = call_with_fallback(self.table.export, actor, channel_of(interaction),
                                                game_id=values.get("game"))
        data = exported.text.encode("utf-8")
        await respond(interaction, f"Game export ({len(data)} bytes). It holds every secret of the game: keep it "
                                   "to yourself.", file=discord.File(io.BytesIO(data), exported.filename))

    async def cmd_settings(self, interaction: discord.Interaction, values: dict[str, Any]) -> None:
        actor = actor_of(interaction, self.bot.settings)
        outcome: Settings = call_with_fallback(
            self.table.settings, actor, channel_of(interaction), game_id=values.get("game"),
            setting=values.get("setting"), value=values.get("value"), key=str(interaction.id))
        await respond(interaction, tabletext.describe(outcome)[:1990])


async def setup(bot: Seneschal) -> None:
    await bot.add_cog(Table(bot))
