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
from bot.discord.cogs.play import check_life, respond, respond_long
from bot.discord.components import UndoButton, lobby_view, rules_view
from bot.discord.context import actor_of, channel_of
from bot.discord.errors import Refusal
from bot.discord.prompts import prompt_content, prompt_view
from bot.discord.slash import build_groups, named_choice
from bot.table import (
    TABLE_GROUP,
    Actor,
    AlreadyDone,
    Board,
    Command,
    ComputerSeated,
    Created,
    Exported,
    GameInfo,
    GameList,
    GameStatus,
    Guide,
    Hand,
    Imported,
    Joined,
    Left,
    LogPage,
    Outcome,
    RoleChosen,
    RulesHelp,
    Started,
    Status,
    TableChanged,
    TableError,
    TableService,
)
from bot.table import text as tabletext
from engine.core.words import plural

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
        """Every ``/game`` command: through the table's one entry point (``Seneschal.ask_table``), then
        answered by what came back. Only what Discord adds is done here: a thread for a new game, a
        confirmation before an undo, the person a ``user:`` option names, a board drawn off the loop."""
        if cmd.name in ("new", "import"):
            await self.open_game(interaction, values)
            return
        if cmd.name == "undo":
            await self.ask_undo(interaction, values)
            return
        if cmd.name == "replace":
            values = replace_values(values)
        if cmd.name == "board":
            await interaction.response.defer(ephemeral=bool(values.get("private")), thinking=True)
        outcome = self.bot.ask_table(interaction, TABLE_GROUP, cmd.name, values)
        if cmd.mutates:
            self.bot.wake()
        await self.answer(interaction, outcome)

    async def answer(self, interaction: discord.Interaction, outcome: Outcome) -> None:
        """The person's answer to a ``/game`` command, by what the table returned (ephemeral)."""
        match outcome:
            case Status():
                await respond(interaction, embed=present.status_reply(outcome))
            case Board():
                await self.show_board(interaction, outcome)
            case Hand():
                await self.hand_answer(interaction, outcome)
            case LogPage():
                await respond_long(interaction, tabletext.describe(outcome))
            case RulesHelp():
                embed, view = self._rules_page(outcome, 0)
                if view is None:
                    await respond(interaction, embed=embed)
                else:
                    await respond(interaction, embed=embed, view=view)
            case Guide():
                await respond(interaction, embed=present.guide_embed(outcome))
            case GameList():
                await respond_long(interaction, list_text(outcome))
            case Exported():
                data = outcome.text.encode("utf-8")
                await respond(interaction, f"Game export ({len(data)} bytes). It holds every secret of the game: "
                                           "keep it to yourself.", file=discord.File(io.BytesIO(data), outcome.filename))
            case _:
                if isinstance(outcome, Joined | Left | Started | RoleChosen | ComputerSeated) or (
                        isinstance(outcome, TableChanged) and outcome.what == "abandoned"):
                    await self.refresh_lobby(outcome.game)
                await respond(interaction, tabletext.describe(outcome)[:1990])

    # -- the lobby -----------------------------------------------------------------------------
    async def open_game(self, interaction: discord.Interaction, values: dict[str, Any]) -> None:
        """``/game new`` and ``/game import``: open a thread for the game, then run the command in it
        (the lobby, or the imported game)."""
        actor = actor_of(interaction, self.bot.settings)
        attachment = values.get("file") if "file" in values else None
        if "file" in values:
            if not isinstance(attachment, discord.Attachment):
                raise Refusal("Attach the exported .json file to `/game import file:`.")
            if attachment.size > 8 * 1024 * 1024:
                raise Refusal("That file is too large for a saved game (over 8 MB).")
        done = self.table.already_done(str(interaction.id), actor, channel_of(interaction))
        if done is not None:  # the same interaction delivered again: the game exists already
            await respond(interaction, f"Already done: game {done.game.id if done.game else '?'}.")
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
        try:
            if attachment is not None:
                outcome = await asyncio.to_thread(self.bot.ask_table, interaction, TABLE_GROUP, "import", {"file": text},
                                                  channel=str(thread_id))
            else:
                outcome = self.bot.ask_table(interaction, TABLE_GROUP, "new", values, channel=str(thread_id))
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
            outcome = self.bot.ask_table(interaction, TABLE_GROUP, what, game_id=game_id)
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
            outcome = self.bot.ask_table(interaction, TABLE_GROUP, "computer", {"strength": strength}, game_id=game_id)
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
            info = self.table.info_for(actor, channel_of(interaction), game_id)
            check_life(interaction, info)
            seated = info.seat_of(actor.user_id) is not None
            outcome = self.bot.ask_table(interaction, TABLE_GROUP, "role" if seated else "join", {"role": role},
                                      game_id=game_id)
            embed, view = self.lobby_parts(self.table.info(game_id))
            await interaction.response.edit_message(embed=embed, view=view)
            await interaction.followup.send(tabletext.describe(outcome)[:1990], ephemeral=True)
        except Exception as err:
            await errors.handle(interaction, err, "lobby role")

    # -- looking ---------------------------------------------------------------------------------
    async def show_board(self, interaction: discord.Interaction, board: Board) -> None:
        """``/game board``: the board drawn by the painter (off the event loop), or where it stands."""
        info = board.game
        assert info is not None
        private = board.seat is not None
        png = None
        if renderer.has_drawer(info.game):
            png = await self.bot.painter.render(info.game, board.view, board.seat)
        caption = f"**{info.title} — game {info.id}** · {tabletext.where(info)}" + (
            " · your own board, which only you see" if private else "")
        if png is not None:
            await interaction.followup.send(caption, file=discord.File(io.BytesIO(png), "board.png"),
                                            ephemeral=private)
        else:
            await interaction.followup.send(f"{caption}\n(This game has no drawn board yet: `/game status` and "
                                            "`/game log` tell where it stands.)", ephemeral=private)

    async def show_hand(self, interaction: discord.Interaction, game_id: int) -> None:
        """The hand button (``sn:h``): ``/game hand`` for that game."""
        if not await self.bot.admitted(interaction):
            return
        try:
            hand = self.bot.ask_table(interaction, TABLE_GROUP, "hand", game_id=game_id)
            assert isinstance(hand, Hand)
            await self.hand_answer(interaction, hand)
        except Exception as err:
            await errors.handle(interaction, err, "hand")

    async def hand_answer(self, interaction: discord.Interaction, hand: Hand) -> None:
        """The person's private view (with their private board when the game has a drawer) and fresh
        buttons for what waits on them, ephemerally. The fallback of everything a DM would carry."""
        actor = actor_of(interaction, self.bot.settings)
        info = hand.game
        assert info is not None
        check_life(interaction, info)
        embed = present.hand_embed(hand)
        view: discord.ui.View | None = None
        try:
            prompt = self.table.prompt(actor, channel_of(interaction), game_id=info.id)
        except TableError:
            prompt = None
        if prompt is not None:
            embed.add_field(name="Waiting for you", value=prompt_content("", prompt).strip()[:1024], inline=False)
            view = prompt_view(info.id, prompt, hand_button=False)
        extra: dict[str, Any] = {}
        if renderer.has_drawer(info.game):
            await interaction.response.defer(ephemeral=True, thinking=True)
            png = await self.bot.painter.render(info.game, hand.view, hand.seat)
            extra["file"] = discord.File(io.BytesIO(png), "board.png")
            embed.set_image(url="attachment://board.png")
        if view is not None:
            extra["view"] = view
        await respond(interaction, embed=embed, **extra)

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
            helped = self.bot.ask_table(interaction, TABLE_GROUP, "rules", {"name": name, "topic": topic})
            assert isinstance(helped, RulesHelp)
            embed, view = self._rules_page(helped, page)
            await interaction.response.edit_message(embed=embed, view=view)
        except Exception as err:
            await errors.handle(interaction, err, "rules")

    # -- GM tools ----------------------------------------------------------------------------------
    async def ask_undo(self, interaction: discord.Interaction, values: dict[str, Any]) -> None:
        """``/game undo``: a button to confirm first (the undo itself runs when it is clicked)."""
        actor = actor_of(interaction, self.bot.settings)
        row = self.table.resolve(actor, channel_of(interaction), values.get("game"))
        if not self.table.is_gm(actor, row):
            raise Refusal("Only the game's manager (its creator, or Manage Server or the GM role here) may undo.")
        count = int(values.get("count", 1))
        if count < 1 or count > row.last_seq:
            raise Refusal(f"Game {row.id} can undo 1 to {plural(row.last_seq, 'action')}, not {count}.")
        view = discord.ui.View(timeout=None)
        view.add_item(UndoButton(row.id, row.last_seq, count))
        await respond(interaction, f"Undo the last {plural(count, 'action')} of game {row.id} (now at action "
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
            outcome = self.bot.ask_table(interaction, TABLE_GROUP, "undo", {"count": count}, game_id=game_id)
            self.bot.wake()
            await interaction.response.edit_message(content=tabletext.describe(outcome), view=None)
        except Exception as err:
            await errors.handle(interaction, err, "undo")


def replace_values(values: dict[str, Any]) -> dict[str, Any]:
    """``/game replace``'s values as the table takes them: the person a ``user:`` option names (never a
    bot, which cannot take a seat; a computer player can)."""
    user = values.get("user")
    if user is None:
        if not values.get("computer"):
            raise Refusal("Name who takes the seat: `/game replace seat:<seat> user:@someone`, or "
                          "`computer:steady` for a computer player.")
        return values
    if not isinstance(user, discord.User | discord.Member):
        raise Refusal("Name who takes the seat with a mention: `/game replace seat:<seat> user:@someone`.")
    if user.bot:
        raise Refusal("A bot cannot take a seat; a computer player can: `computer:steady`.")
    return {**values, "user": Actor(str(user.id), user.name)}


def list_text(games: GameList) -> str:
    """``/game list``: the games of this thread or channel, or the games the person sits at."""
    if not games.games:
        raise Refusal("No games here, and you sit at none. `/game new` opens one.")
    lines = ["**Your games**" if games.yours else "**Games here**"]
    for g in games.games:
        where = f" · <#{g.channel}>" if g.channel and g.channel.isdigit() else ""
        seats = ", ".join(s.name or s.seat for s in g.seats) or "nobody yet"
        state = "damaged and set aside (a GM may abandon it)" if g.damaged else tabletext.where(g)
        lines.append(f"Game {g.id}: {g.title or 'a game'}, {state}{where} · players {seats}")
    return "\n".join(lines)


async def setup(bot: Seneschal) -> None:
    await bot.add_cog(Table(bot))
