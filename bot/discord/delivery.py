"""Outbox delivery: the table's pending messages, posted to Discord, each exactly once.

One task drains :meth:`TableService.pending_outbox` whenever it is woken (after every command)
and every few seconds. A row is marked delivered only after Discord accepted it, so delivery is
at least once; every message carries a nonce derived from the row's key with
``enforce_nonce`` (discord.py sets it with every nonce), so a row re-sent after a crash (sent, then killed before the mark) is
created once by Discord. Status messages are edited in place (their id is kept in
``discord_refs``), and only the newest status of a game in a batch is applied.

A DM to someone who closed their DMs (error 50007) does not stall anything: the game goes on,
the thread is told once, without secrets, to use ``/game hand``, whose ephemeral answer has the
same information and buttons.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import json
import logging
import time
from typing import Any

import discord

from bot.discord import present
from bot.discord.components import HandButton
from bot.discord.context import mention
from bot.discord.host import Host
from bot.discord.loop import BackgroundLoop
from bot.discord.prompts import prompt_content, prompt_view
from bot.table import BOARD_IMAGE, CHANNEL_POST, DM, STATUS_EDIT, CannotSave, Outgoing

log = logging.getLogger("seneschal.discord.delivery")

DM_CLOSED = 50007
PERMANENT = (10003, 10008, 50001, 50013)  # unknown channel / message, missing access / permissions
MAX_ATTEMPTS = 5


def nonce(key: str, part: int = 0) -> str:
    return hashlib.sha1(f"{key}#{part}".encode()).hexdigest()[:25]


def life_key(m: Outgoing, key: str | None = None) -> str:
    """A message's key within its game's life: the outbox key (or ``key``) with the game's thread, so a
    game that is given a lost game's number (a restored database) never shares a nonce with it (Discord
    would take the new game's message for the old one and send nothing)."""
    return f"{m.channel or ''}/{key or m.key}"


class Delivery(BackgroundLoop):
    name = "seneschal-delivery"

    def __init__(self, bot: Host, poll: float = 5.0):
        super().__init__()
        self.bot = bot
        self.poll = poll
        self.failures: dict[int, tuple[int, float]] = {}  # outbox id -> (attempts, retry at)
        self.lanes = 4  # games delivered side by side
        self.dm_channels: dict[str, int] = {}
        self.idle = asyncio.Event()

    def wake(self) -> None:
        self.idle.clear()
        super().wake()

    async def run(self) -> None:
        await self.bot.wait_until_ready()
        while not self.bot.is_closed():
            self.event.clear()
            try:
                await self.flush()
            except asyncio.CancelledError:
                raise
            except CannotSave:  # a delivered mark could not be written (the store logged why): sent again later
                log.warning("outbox delivery paused: the database cannot be written; retrying in %.0f s", self.poll)
            except Exception:
                log.exception("outbox delivery failed; retrying later")
            if not self.event.is_set():
                self.idle.set()
            try:
                await asyncio.wait_for(self.event.wait(), timeout=self.poll)
            except TimeoutError:
                pass

    async def flush(self) -> None:
        while True:
            now = time.monotonic()
            batch = [m for m in self.bot.table.pending_outbox(100) if self.failures.get(m.id, (0, 0.0))[1] <= now]
            if not batch:
                return
            newest = {m.game_id: m.id for m in batch if m.kind == STATUS_EDIT}
            lanes: dict[int, list[Outgoing]] = {}
            for m in batch:
                lanes.setdefault(m.game_id, []).append(m)
            # Games are delivered side by side (each game's messages in order): one game's long queue,
            # or a slow board, never holds back another game's next prompt.
            # Games with a person's direct message (a prompt someone waits for) take the first lanes.
            order = sorted(lanes.values(), key=lambda ms: (not any(m.kind == DM for m in ms), ms[0].id))
            gate = asyncio.Semaphore(self.lanes)
            failed = [r for r in await asyncio.gather(*(self.lane(ms, newest, gate) for ms in order),
                                                      return_exceptions=True) if isinstance(r, BaseException)]
            if failed:
                raise failed[0]

    async def lane(self, messages: list[Outgoing], newest: dict[int, int], gate: asyncio.Semaphore) -> None:
        """One game's messages of a batch, in order."""
        async with gate:
            for m in messages:
                await self.one(m, newest)

    async def one(self, m: Outgoing, newest: dict[int, int]) -> None:
        """Deliver one row and mark it, or keep it for a retry with back-off (dropped when permanent)."""
        if m.kind == STATUS_EDIT and newest[m.game_id] != m.id:
            self.bot.table.mark_delivered(m.id)  # superseded by a newer status
            return
        await self.bot.quiet()
        try:
            await self.deliver(m)
        except asyncio.CancelledError:
            raise
        except Exception as err:
            attempts = self.failures.get(m.id, (0, 0.0))[0] + 1
            http = isinstance(err, discord.HTTPException)
            permanent = isinstance(err, discord.HTTPException) and (
                err.code in PERMANENT or 400 <= err.status < 500 and err.status != 429)
            if permanent or attempts >= MAX_ATTEMPTS:
                log.error("outbox %s (%s) dropped after %d attempt(s): %s", m.key, m.kind, attempts, err,
                          exc_info=None if http else err)
            else:
                self.failures[m.id] = (attempts, time.monotonic() + 2.0 ** attempts)
                log.warning("outbox %s (%s) failed, attempt %d: %s", m.key, m.kind, attempts, err,
                            exc_info=None if http else err)
                return
        self.failures.pop(m.id, None)
        self.bot.table.mark_delivered(m.id)

    # -- one message ---------------------------------------------------------------------------
    async def deliver(self, m: Outgoing) -> None:
        """Deliver one row (a post's board travels in its payload, ``board``, and goes with it)."""
        if m.kind == CHANNEL_POST:
            await self.channel_post(m)
        elif m.kind == DM:
            await self.dm(m)
        elif m.kind == BOARD_IMAGE:
            await self.board(m)
        elif m.kind == STATUS_EDIT:
            await self.status(m)
        else:
            log.error("outbox %s has unknown kind %s", m.key, m.kind)

    def thread(self, m: Outgoing) -> discord.PartialMessageable | None:
        if not m.channel or not str(m.channel).isdigit():
            return None
        return self.bot.get_partial_messageable(int(m.channel))

    async def send_text(self, channel: discord.abc.Messageable, key: str, text: str, **kwargs: Any) -> None:
        parts = present.split(text)
        for i, part in enumerate(parts):
            extra = kwargs if i == len(parts) - 1 else {}
            await channel.send(part, nonce=nonce(key, i), **extra)

    async def channel_post(self, m: Outgoing) -> None:
        """A phase post, a battle report or a table notice; the phase's board in the same message."""
        channel = self.thread(m)
        text = present.outgoing_text(m)
        if channel is None or not text.strip():
            return
        if m.payload.get("post"):
            await self.growing_post(m, channel, text)
            return
        extra: dict[str, Any] = {}
        drawn = m.payload.get("board")
        if isinstance(drawn, dict):
            png = await self.bot.painter.render(str(drawn["game"]), drawn["view"], None)
            extra["file"] = discord.File(io.BytesIO(png), "board.png")
        await self.send_text(channel, life_key(m), text, **extra)

    async def growing_post(self, m: Outgoing, channel: discord.PartialMessageable, text: str) -> None:
        """A post that grows (a battle, round by round): its first row sends the message, every later
        row with the same ``post`` edits it in place (what fits one message; more goes to one
        follow-up message of its own, kept and edited the same way)."""
        parts = present.split(text)
        for i, part in enumerate(parts):
            name = f"post:{m.payload['post']}" + (f":{i}" if i else "")
            ref = self.bot.refs.get(m.game_id, name)
            if ref is not None:
                try:
                    await self.bot.get_partial_messageable(ref[0]).get_partial_message(ref[1]).edit(content=part)
                    continue
                except discord.NotFound:
                    log.info("post %s of game %s is gone; sending it again", name, m.game_id)
            msg = await channel.send(part, nonce=nonce(life_key(m), i))
            self.bot.refs.put(m.game_id, name, msg.channel.id, msg.id)

    async def dm_channel(self, user_id: str) -> discord.DMChannel:
        cid = self.dm_channels.get(user_id)
        if cid is None:
            dm = await self.bot.create_dm(discord.Object(int(user_id)))
            self.dm_channels[user_id] = dm.id
            return dm
        channel = self.bot.get_channel(cid)
        if isinstance(channel, discord.DMChannel):
            return channel
        return await self.bot.create_dm(discord.Object(int(user_id)))

    async def dm(self, m: Outgoing) -> None:
        p = m.payload
        kind = p.get("type")
        if not m.user_id or not m.user_id.isdigit():
            return
        info = self.bot.table.info(m.game_id)
        if kind == "prompt":
            await self.prompt(m, info)
            return
        text = present.outgoing_text(m)
        if not text.strip():
            return
        await self.to_user(m, f"**{info.title}, game {info.id}**: {text}" if "\n" not in text
                           else f"**{info.title}, game {info.id}**\n{text}")

    async def prompt(self, m: Outgoing, info: Any) -> None:
        """The seat's one living prompt: a new message when the seat becomes awaited (the ping),
        else the last one edited in place (fresh choices, or what was chosen and no buttons)."""
        p = m.payload
        head = f"**{info.title}, game {info.id}**" + (f" · {p['title']}" if p.get("title") else "")
        content = prompt_content(head, p)
        view = prompt_view(m.game_id, p)
        name = f"prompt:{m.seat}"
        ref = self.bot.refs.get(m.game_id, name)
        if not p.get("fresh") and ref is not None:
            try:
                message = self.bot.get_partial_messageable(ref[0]).get_partial_message(ref[1])
                await message.edit(content=content, view=view)
                return
            except discord.NotFound:
                log.info("prompt of %s in game %s is gone; sending a new one", m.seat, m.game_id)
        extra: dict[str, Any] = {"view": view} if view is not None else {}
        board = p.get("board")
        fingerprint = ""
        if isinstance(board, dict):
            # A private board goes only with a prompt when the seat's private picture changed.
            fingerprint = hashlib.sha1(json.dumps(board["view"], sort_keys=True, default=str).encode()).hexdigest()
            if self.bot.refs.note(m.game_id, f"board:{m.seat}") != fingerprint:
                png = await self.bot.painter.render(str(board["game"]), board["view"], m.seat)
                extra["file"] = discord.File(io.BytesIO(png), "board.png")
        assert m.user_id is not None
        try:
            channel = await self.dm_channel(m.user_id)
            msg = await channel.send(content, nonce=nonce(life_key(m)), **extra)
        except discord.Forbidden as err:
            if err.code != DM_CLOSED:
                raise
            await self.dm_closed(m)
            return
        self.bot.refs.put(m.game_id, name, msg.channel.id, msg.id)
        if "file" in extra:
            self.bot.refs.set_note(m.game_id, f"board:{m.seat}", fingerprint)

    async def to_user(self, m: Outgoing, text: str, **kwargs: Any) -> None:
        assert m.user_id is not None
        try:
            channel = await self.dm_channel(m.user_id)
            await self.send_text(channel, life_key(m), text, **kwargs)
        except discord.Forbidden as err:
            if err.code != DM_CLOSED:
                raise
            await self.dm_closed(m)

    async def dm_closed(self, m: Outgoing) -> None:
        """Tell the thread once per game and person, without any secret, how to get the same by ephemeral."""
        refs = self.bot.refs
        name = f"dmclosed:{m.user_id}"
        if refs.has(m.game_id, name):
            return
        channel = self.thread(m)
        if channel is None:
            return
        view = discord.ui.View(timeout=None)
        view.add_item(HandButton(m.game_id))
        msg = await channel.send(
            f"{mention(m.user_id)}, I cannot send you direct messages (they are closed), so your private "
            f"board, hand and choices cannot reach you that way. The game goes on: use `/game hand` here (only you "
            f"will see the answer, with buttons for your choices), or open your DMs to this server.",
            view=view, nonce=nonce(life_key(m, f"g{m.game_id}.{name}")))
        refs.put(m.game_id, name, msg.channel.id, msg.id)

    async def board(self, m: Outgoing) -> None:
        p = m.payload
        fingerprint = ""
        if m.seat is not None:
            # A private board goes only to a seat whose private picture changed since the last one.
            fingerprint = hashlib.sha1(json.dumps(p["view"], sort_keys=True, default=str).encode()).hexdigest()
            if self.bot.refs.note(m.game_id, f"board:{m.seat}") == fingerprint:
                return
        png = await self.bot.painter.render(str(p["game"]), p["view"], p.get("seat"))
        info = self.bot.table.info(m.game_id)
        caption = f"**{info.title} — game {info.id}** · {p.get('phase', '')}"
        if m.seat is None:
            channel = self.thread(m)
            if channel is not None:
                await channel.send(caption, file=discord.File(io.BytesIO(png), "board.png"), nonce=nonce(life_key(m)))
            return
        if not m.user_id or not m.user_id.isdigit():
            return
        try:
            dm = await self.dm_channel(m.user_id)
            await dm.send(f"{caption} · your private board", file=discord.File(io.BytesIO(png), "board.png"),
                          nonce=nonce(life_key(m)))
            self.bot.refs.set_note(m.game_id, f"board:{m.seat}", fingerprint)
        except discord.Forbidden as err:
            if err.code != DM_CLOSED:
                raise
            await self.dm_closed(m)

    async def status(self, m: Outgoing) -> None:
        channel = self.thread(m)
        if channel is None:
            return
        info = self.bot.table.info(m.game_id)
        embed = present.status_embed(info, m.payload)
        ref = self.bot.refs.get(m.game_id, "status")
        if ref is not None:
            try:
                await self.bot.get_partial_messageable(ref[0]).get_partial_message(ref[1]).edit(embed=embed)
                return
            except discord.NotFound:
                log.info("status message of game %s is gone; posting a new one", m.game_id)
        msg = await channel.send(embed=embed, nonce=nonce(life_key(m, f"g{m.game_id}.status")))
        self.bot.refs.put(m.game_id, "status", channel.id, msg.id)
