"""A fake Discord on 127.0.0.1: the REST API under ``/api/v10`` and the gateway websocket.

The real, unmodified discord.py client talks to it once two class attributes point at it
(see :func:`point_client_at`). The fake records every request the bot makes, hands out
snowflake ids, keeps channels, threads, DM channels and messages, and lets a test act as
the people at the table: run slash commands (type 2), ask for autocomplete (type 4) and
click buttons or pick from selects (type 3), then wait for the bot's answer.

What it does on purpose, because the bot relies on it:

- interaction callbacks with ``with_response=1`` answer an InteractionCallbackResponse and
  remember the response message id; follow-ups and ``@original`` edits work for 15 minutes
  of tokens that never actually expire here;
- a message sent with ``nonce`` and ``enforce_nonce`` twice to the same channel is created
  once (the second answer is the first message), as Discord does;
- DMs to a user in :attr:`FakeDiscord.closed_dms` fail with 403 and code 50007;
- unknown routes answer 404 JSON (a 5xx would make the client retry with back-off);
- JSON answers carry exactly ``Content-Type: application/json``.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

DISCORD_EPOCH_MS = 1420070400000
EPHEMERAL = 64
ADMINISTRATOR = 1 << 3
MANAGE_GUILD = 1 << 5
# What an ordinary member may do in a channel (view, send, threads, embeds, attach, read history...).
MEMBER_PERMS = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 31) | (1 << 35) | (1 << 38)


def snowflake_now(counter: itertools.count) -> int:
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
    return (ms << 22) | (next(counter) & 0x3FFFFF)


def json_response(data: Any, status: int = 200) -> web.Response:
    # Exactly "application/json": with a charset suffix discord.py reads the body as text.
    return web.Response(status=status, body=json.dumps(data).encode(), headers={"Content-Type": "application/json"})


def error(status: int, code: int, message: str) -> web.Response:
    return json_response({"message": message, "code": code}, status)


@dataclass
class Request:
    """One request the bot made."""

    method: str
    path: str  # without the /api/v10 prefix
    query: dict[str, str]
    json: Any = None
    files: list[dict[str, Any]] = field(default_factory=list)  # {name, filename, data, content_type}
    at: float = 0.0
    status: int = 200
    auth: str = ""  # the Authorization header (tells two bot processes apart when given two tokens)

    @property
    def payload(self) -> dict[str, Any]:
        return self.json if isinstance(self.json, dict) else {}


@dataclass
class Message:
    id: int
    channel_id: int
    content: str
    author_id: int
    flags: int = 0
    components: list[dict[str, Any]] = field(default_factory=list)
    embeds: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[dict[str, Any]] = field(default_factory=list)
    files: list[dict[str, Any]] = field(default_factory=list)
    interaction_id: int | None = None
    webhook_id: int | None = None
    edits: int = 0

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    def text(self) -> str:
        """Content plus embed titles, descriptions and fields: everything a reader sees as text."""
        parts = [self.content or ""]
        for e in self.embeds:
            parts += [e.get("title") or "", e.get("description") or ""]
            for f in e.get("fields") or []:
                parts += [f.get("name") or "", f.get("value") or ""]
            if e.get("footer"):
                parts.append(e["footer"].get("text") or "")
        return "\n".join(p for p in parts if p)

    def custom_ids(self) -> list[str]:
        out: list[str] = []

        def walk(items: list[dict[str, Any]]) -> None:
            for c in items:
                if c.get("custom_id"):
                    out.append(c["custom_id"])
                walk(c.get("components") or [])

        walk(self.components)
        return out

    def component(self, label_or_id: str) -> dict[str, Any]:
        """The button or select whose label or custom_id contains ``label_or_id``."""
        found: list[dict[str, Any]] = []

        def walk(items: list[dict[str, Any]]) -> None:
            for c in items:
                if c.get("custom_id") and (label_or_id == c.get("label") or label_or_id in c["custom_id"]):
                    found.append(c)
                walk(c.get("components") or [])

        walk(self.components)
        if not found:
            raise KeyError(f"no component {label_or_id!r} on message {self.id}: {self.custom_ids()}")
        return found[0]


@dataclass
class Interaction:
    """One interaction the fake sent to the bot, and what the bot answered."""

    id: int
    token: str
    type: int
    user_id: int
    channel_id: int
    data: dict[str, Any]
    sent_at: float = 0.0
    answered_at: float | None = None
    callback: dict[str, Any] | None = None  # the callback body (type + data)
    response_message_id: int | None = None
    followups: list[int] = field(default_factory=list)
    answered: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def response_type(self) -> int | None:
        return self.callback.get("type") if self.callback else None

    @property
    def latency(self) -> float | None:
        return None if self.answered_at is None else self.answered_at - self.sent_at


class FakeDiscord:
    """The fake server. ``await fake.start()`` then point the client at :attr:`base_url`."""

    def __init__(self, *, guild_name: str = "Test Guild", channels: tuple[str, ...] = ("general", "games"),
                 users: tuple[str, ...] = ("alice", "bob", "carol", "dave", "erin")) -> None:
        self._ids = itertools.count(1)
        self.app_id = self.new_id()
        self.bot_user = self._user(self.app_id, "Seneschal", bot=True)
        self.guild_id = self.new_id()
        self.gm_role_id = self.new_id()
        self.owner_id = 0
        self.users: dict[str, dict[str, Any]] = {}
        for name in users:
            self.add_user(name)
        self.owner_id = int(next(iter(self.users.values()))["id"]) if self.users else 0
        self.roles: dict[int, list[int]] = {}  # user id -> role ids
        self.channels: dict[int, dict[str, Any]] = {}
        self.channel_ids: dict[str, int] = {}
        for pos, name in enumerate(channels):
            cid = self.new_id()
            self.channels[cid] = {"id": str(cid), "type": 0, "name": name, "position": pos, "guild_id": str(self.guild_id),
                                  "permission_overwrites": [], "nsfw": False, "parent_id": None}
            self.channel_ids[name] = cid
        self.dm_channels: dict[int, int] = {}  # user id -> DM channel id
        self.guilds: dict[int, tuple[str, int]] = {self.guild_id: (guild_name, self.owner_id)}  # id -> name, owner
        self.messages: dict[int, Message] = {}
        self.requests: list[Request] = []
        self.interactions: dict[int, Interaction] = {}
        self.commands: dict[int | None, list[dict[str, Any]]] = {}  # guild id (None = global) -> commands
        self.closed_dms: set[int] = set()
        self.bad_tokens: set[str] = set()
        self.nonces: dict[tuple[int, str], int] = {}
        self._attachments: dict[int, bytes] = {}  # uploaded by people (slash command attachments)
        # Channels whose next message is created but whose answer never comes (to kill the bot then).
        self.stall: dict[int, asyncio.Event] = {}
        self._released = asyncio.Event()
        self.fail_next: list[tuple[str, str, int, int]] = []  # (method, path prefix, status, code)
        self._ws: web.WebSocketResponse | None = None
        self._seq = 0
        self.ready = asyncio.Event()
        self.identifies = 0
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.changed = asyncio.Condition()

    # -- ids and users ---------------------------------------------------------------
    def new_id(self) -> int:
        return snowflake_now(self._ids)

    @staticmethod
    def _user(uid: int, name: str, bot: bool = False) -> dict[str, Any]:
        return {"id": str(uid), "username": name, "global_name": name, "discriminator": "0", "avatar": None,
                "bot": bot, "flags": 0, "public_flags": 0}

    def add_user(self, name: str) -> int:
        uid = self.new_id()
        self.users[name] = self._user(uid, name)
        return uid

    def uid(self, name: str) -> int:
        return int(self.users[name]["id"])

    def name_of(self, uid: int) -> str:
        for name, u in self.users.items():
            if int(u["id"]) == uid:
                return name
        return str(uid)

    def add_guild(self, name: str, channels: tuple[str, ...], owner: str) -> int:
        """Another server, owned by ``owner`` (Manage Server there), with text channels known in
        :attr:`channel_ids` as ``<name>/<channel>``. Add it before the bot connects."""
        gid = self.new_id()
        self.guilds[gid] = (name, self.uid(owner))
        for pos, channel in enumerate(channels):
            cid = self.new_id()
            self.channels[cid] = {"id": str(cid), "type": 0, "name": channel, "position": pos, "guild_id": str(gid),
                                  "permission_overwrites": [], "nsfw": False, "parent_id": None}
            self.channel_ids[f"{name}/{channel}"] = cid
        return gid

    def give_role(self, name: str, role_id: int) -> None:
        self.roles.setdefault(self.uid(name), []).append(role_id)

    # -- server lifecycle ----------------------------------------------------------
    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    async def start(self, port: int = 0) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/", self._gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", port)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        self._released.set()
        if self._ws is not None and not self._ws.closed:
            await self._ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    # -- gateway -------------------------------------------------------------------
    def guild_payload(self, guild_id: int | None = None) -> dict[str, Any]:
        guild_id = self.guild_id if guild_id is None else guild_id
        name, owner = self.guilds[guild_id]
        owner = self.owner_id if guild_id == self.guild_id else owner
        everyone = {"id": str(guild_id), "name": "@everyone", "permissions": str(MEMBER_PERMS), "position": 0,
                    "color": 0, "hoist": False, "managed": False, "mentionable": False, "flags": 0}
        gm = {**everyone, "id": str(self.gm_role_id), "name": "GM", "position": 1}
        me = {"user": self.bot_user, "roles": [], "joined_at": "2026-01-01T00:00:00+00:00", "deaf": False,
              "mute": False, "flags": 0}
        mine = [c for c in self.channels.values() if c.get("guild_id") == str(guild_id)]
        threads = [c for c in mine if c["type"] in (11, 12)]
        return {"id": str(guild_id), "name": name, "owner_id": str(owner), "roles": [everyone, gm],
                "emojis": [], "stickers": [], "features": [], "member_count": len(self.users) + 1,
                "channels": [c for c in mine if c["type"] == 0], "threads": threads,
                "members": [me], "voice_states": [], "presences": [], "stage_instances": [],
                "guild_scheduled_events": [], "soundboard_sounds": [], "large": False, "unavailable": False,
                "preferred_locale": "en-US", "premium_tier": 0, "mfa_level": 0, "nsfw_level": 0,
                "verification_level": 0, "default_message_notifications": 0, "explicit_content_filter": 0,
                "afk_timeout": 300, "system_channel_flags": 0}

    async def _send(self, op: int, d: Any, t: str | None = None) -> None:
        ws = self._ws
        if ws is None or ws.closed:
            raise ConnectionError("the bot is not connected to the gateway")
        msg: dict[str, Any] = {"op": op, "d": d, "s": None, "t": t}
        if op == 0:
            self._seq += 1
            msg["s"] = self._seq
        await ws.send_str(json.dumps(msg))

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self._ws = ws
        self.ready.clear()
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 41250}, "s": None, "t": None}))
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                continue
            data = json.loads(msg.data)
            op = data.get("op")
            if op == 1:
                await ws.send_str(json.dumps({"op": 11, "d": None, "s": None, "t": None}))
            elif op == 2:
                self.identifies += 1
                self._seq = 0
                ready = {"v": 10, "user": self.bot_user, "guilds": [{"id": str(g), "unavailable": True}
                                                                   for g in self.guilds],
                         "session_id": f"session-{self.identifies}", "resume_gateway_url": self.gateway_url,
                         "application": {"id": str(self.app_id), "flags": 0}, "private_channels": [],
                         "relationships": []}
                await self._send(0, ready, "READY")
                for gid in self.guilds:
                    await self._send(0, self.guild_payload(gid), "GUILD_CREATE")
                self.ready.set()
            elif op == 6:
                # No resume here: invalidate, and the client identifies afresh.
                await ws.send_str(json.dumps({"op": 9, "d": False, "s": None, "t": None}))
        if self._ws is ws:
            self._ws = None
            self.ready.clear()
        return ws

    # -- REST ----------------------------------------------------------------------
    async def _rest(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        rec = Request(request.method, path, dict(request.query), at=time.perf_counter(),
                      auth=request.headers.get("Authorization", "").removeprefix("Bot "))
        if request.content_type == "application/json":
            rec.json = await request.json()
        elif request.content_type.startswith("multipart/"):
            reader = await request.multipart()
            async for part in reader:
                body = await part.read()  # type: ignore[union-attr]
                if part.name == "payload_json":  # type: ignore[union-attr]
                    rec.json = json.loads(body)
                else:
                    rec.files.append({"name": part.name, "filename": part.filename, "data": bytes(body),  # type: ignore[union-attr]
                                      "content_type": part.headers.get("Content-Type", "")})  # type: ignore[union-attr]
        self.requests.append(rec)
        if request.headers.get("Authorization", "").removeprefix("Bot ") in self.bad_tokens:
            rec.status = 401
            return error(401, 0, "401: Unauthorized")
        for i, (method, prefix, status, code) in enumerate(self.fail_next):
            if request.method == method and path.startswith(prefix):
                del self.fail_next[i]
                rec.status = status
                return error(status, code, "injected failure")
        try:
            response = await self._route(request.method, path, rec)
        except KeyError as err:
            response = error(404, 10003, f"unknown {err}")
        rec.status = response.status
        async with self.changed:
            self.changed.notify_all()
        return response

    async def _route(self, method: str, path: str, rec: Request) -> web.StreamResponse:
        parts = path.strip("/").split("/")
        body = rec.payload
        match (method, parts):
            case ("GET", ["users", "@me"]):
                return json_response(self.bot_user)
            case ("GET", ["oauth2", "applications", "@me"]):
                return json_response(self.app_info())
            case ("GET", ["gateway"]) | ("GET", ["gateway", "bot"]):
                return json_response({"url": self.gateway_url, "shards": 1, "session_start_limit": {
                    "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}})
            case ("PUT", ["applications", _, "commands"]) if self._too_large(rec.json or []):
                return error(400, 50035, f"Invalid Form Body: {self._too_large(rec.json or [])}")
            case ("PUT", ["applications", _, "guilds", _, "commands"]) if self._too_large(rec.json or []):
                return error(400, 50035, f"Invalid Form Body: {self._too_large(rec.json or [])}")
            case ("PUT", ["applications", _, "commands"]):
                return json_response(self._put_commands(None, rec.json or []))
            case ("PUT", ["applications", _, "guilds", gid, "commands"]):
                return json_response(self._put_commands(int(gid), rec.json or []))
            case ("GET", ["applications", _, "commands"]):
                return json_response(self.commands.get(None, []))
            case ("GET", ["applications", _, "guilds", gid, "commands"]):
                return json_response(self.commands.get(int(gid), []))
            case ("POST", ["interactions", iid, token, "callback"]):
                return self._callback(int(iid), token, rec)
            case ("POST", ["webhooks", _, token]):
                return self._followup(token, rec)
            case ("GET", ["webhooks", _, token, "messages", mid]):
                return json_response(self.message_payload(self._webhook_message(token, mid)))
            case ("PATCH", ["webhooks", _, token, "messages", mid]):
                msg = self._webhook_message(token, mid)
                self._edit(msg, rec)
                return json_response(self.message_payload(msg))
            case ("DELETE", ["webhooks", _, token, "messages", mid]):
                msg = self._webhook_message(token, mid)
                self.messages.pop(msg.id, None)
                return web.Response(status=204)
            case ("POST", ["users", "@me", "channels"]):
                return json_response(self._dm_channel(int(body["recipient_id"])))
            case ("POST", ["channels", cid, "messages"]):
                return await self._post_message(int(cid), rec)
            case ("PATCH", ["channels", cid, "messages", mid]):
                msg = self.messages[int(mid)]
                self._edit(msg, rec)
                return json_response(self.message_payload(msg))
            case ("GET", ["channels", cid, "messages", mid]):
                return json_response(self.message_payload(self.messages[int(mid)]))
            case ("DELETE", ["channels", cid, "messages", mid]):
                self.messages.pop(int(mid), None)
                return web.Response(status=204)
            case ("GET", ["channels", cid]):
                return json_response(self.channels[int(cid)])
            case ("DELETE", ["channels", cid]):
                return json_response(self.channels.pop(int(cid)))
            case ("POST", ["channels", cid, "threads"]):
                return json_response(self._thread(int(cid), body, None), 201)
            case ("POST", ["channels", cid, "messages", mid, "threads"]):
                return json_response(self._thread(int(cid), body, int(mid)), 201)
            case ("GET", ["_files", aid]):
                return web.Response(body=self._attachments[int(aid)], content_type="application/octet-stream")
            case ("PUT", ["channels", cid, "thread-members", _]):
                return web.Response(status=204)
            case ("POST", ["channels", cid, "typing"]):
                return web.Response(status=204)
        return error(404, 0, f"404: Not Found ({method} {path})")

    def app_info(self) -> dict[str, Any]:
        return {"id": str(self.app_id), "name": "Seneschal", "description": "", "icon": None, "bot_public": True,
                "bot_require_code_grant": False, "owner": self._user(self.owner_id, "owner"), "verify_key": "0" * 64,
                "flags": 0, "team": None, "summary": "", "rpc_origins": [], "tags": [], "redirect_uris": [],
                "interactions_endpoint_url": None}

    @staticmethod
    def _too_large(commands: list[dict[str, Any]]) -> str:
        """As Discord: a command whose names, descriptions and values come to more than 8,000 characters
        (with 25 options at most at each level) is refused, and the whole sync with it."""
        def size(node: dict[str, Any]) -> int:
            if len(node.get("options") or []) > 25:
                return 10**6
            return (len(node.get("name") or "") + len(node.get("description") or "")
                    + sum(len(str(c.get("name") or "")) + len(str(c.get("value") or "")) for c in node.get("choices") or [])
                    + sum(size(o) for o in node.get("options") or []))
        big = [c["name"] for c in commands if size(c) > 8000]
        return f"Command exceeds maximum size (8000): {', '.join(big)}" if big else ""

    def _put_commands(self, guild_id: int | None, commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
        out = []
        for c in commands:
            entry = {**c, "id": str(self.new_id()), "application_id": str(self.app_id), "version": "1",
                     "type": c.get("type", 1)}
            if guild_id is not None:
                entry["guild_id"] = str(guild_id)
            out.append(entry)
        self.commands[guild_id] = out
        return out

    # -- messages ------------------------------------------------------------------
    def message_payload(self, msg: Message) -> dict[str, Any]:
        author = self.bot_user
        out: dict[str, Any] = {
            "id": str(msg.id), "channel_id": str(msg.channel_id), "type": 0 if msg.interaction_id is None else 20,
            "content": msg.content, "author": author, "flags": msg.flags, "components": msg.components,
            "embeds": msg.embeds, "attachments": msg.attachments, "mentions": [], "mention_roles": [],
            "mention_everyone": False, "pinned": False, "tts": False, "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": None,
        }
        channel = self.channels.get(msg.channel_id)
        if channel and channel.get("guild_id"):
            out["guild_id"] = channel["guild_id"]
        if msg.webhook_id:
            out["webhook_id"] = str(msg.webhook_id)
        return out

    def _new_message(self, channel_id: int, rec: Request, *, interaction: Interaction | None = None,
                     data: dict[str, Any] | None = None) -> Message:
        data = rec.payload if data is None else data
        mid = self.new_id()
        attachments = self._attachments_of(rec)
        msg = Message(mid, channel_id, data.get("content") or "", self.app_id, int(data.get("flags") or 0),
                      list(data.get("components") or []), list(data.get("embeds") or []), attachments,
                      list(rec.files), interaction.id if interaction else None,
                      self.app_id if interaction else None)
        self.messages[mid] = msg
        return msg

    def _attachments_of(self, rec: Request) -> list[dict[str, Any]]:
        out = []
        for i, f in enumerate(rec.files):
            aid = self.new_id()
            out.append({"id": str(aid), "filename": f["filename"], "size": len(f["data"]),
                        "url": f"https://cdn.fake/{aid}/{f['filename']}",
                        "proxy_url": f"https://cdn.fake/{aid}/{f['filename']}",
                        "content_type": f["content_type"] or None, "index": i})
        return out

    def _edit(self, msg: Message, rec: Request) -> None:
        body = rec.payload
        if "content" in body:
            msg.content = body["content"] or ""
        if "components" in body:
            msg.components = list(body["components"] or [])
        if "embeds" in body:
            msg.embeds = list(body["embeds"] or [])
        if rec.files or "attachments" in body:
            msg.files = list(rec.files)
        msg.edits += 1

    async def _post_message(self, channel_id: int, rec: Request) -> web.Response:
        channel = self.channels.get(channel_id)
        if channel is None:
            return error(404, 10003, "Unknown Channel")
        if channel["type"] == 1:
            recipient = int(channel["recipients"][0]["id"])
            if recipient in self.closed_dms:
                return error(403, 50007, "Cannot send messages to this user")
        nonce = rec.payload.get("nonce")
        if nonce is not None and rec.payload.get("enforce_nonce"):
            seen = self.nonces.get((channel_id, str(nonce)))
            if seen is not None and seen in self.messages:
                return json_response(self.message_payload(self.messages[seen]))
        msg = self._new_message(channel_id, rec)
        if nonce is not None:
            self.nonces[(channel_id, str(nonce))] = msg.id
        channel["last_message_id"] = str(msg.id)
        stalled = self.stall.pop(channel_id, None)
        if stalled is not None:
            stalled.set()
            await self._released.wait()  # the message exists; the bot never hears back (until stop)
        return json_response(self.message_payload(msg))

    def _dm_channel(self, user_id: int) -> dict[str, Any]:
        cid = self.dm_channels.get(user_id)
        if cid is None:
            cid = self.dm_channels[user_id] = self.new_id()
            name = self.name_of(user_id)
            user = self.users.get(name) or self._user(user_id, name)
            self.channels[cid] = {"id": str(cid), "type": 1, "recipients": [user], "last_message_id": None}
        return self.channels[cid]

    def _thread(self, parent_id: int, body: dict[str, Any], message_id: int | None) -> dict[str, Any]:
        if parent_id not in self.channels:
            raise KeyError(f"channel {parent_id}")
        tid = message_id or self.new_id()
        thread = {"id": str(tid), "type": int(body.get("type") or 11), "name": body.get("name", "thread"),
                  "guild_id": self.channels[parent_id]["guild_id"], "parent_id": str(parent_id), "owner_id": str(self.app_id),
                  "message_count": 0, "member_count": 1, "rate_limit_per_user": 0, "flags": 0,
                  "thread_metadata": {"archived": False, "auto_archive_duration": int(body.get("auto_archive_duration")
                                                                                     or 10080),
                                      "archive_timestamp": "2026-01-01T00:00:00+00:00", "locked": False}}
        self.channels[tid] = thread
        return thread

    # -- interactions --------------------------------------------------------------
    def _interaction(self, token: str) -> Interaction:
        for i in self.interactions.values():
            if i.token == token:
                return i
        raise KeyError(f"interaction token {token}")

    def _webhook_message(self, token: str, mid: str) -> Message:
        inter = self._interaction(token)
        if mid == "@original":
            if inter.response_message_id is None:
                raise KeyError("original response")
            return self.messages[inter.response_message_id]
        return self.messages[int(mid)]

    def _callback(self, iid: int, token: str, rec: Request) -> web.Response:
        inter = self.interactions.get(iid)
        if inter is None or inter.token != token:
            return error(404, 10062, "Unknown interaction")
        if inter.callback is not None:
            return error(400, 40060, "Interaction has already been acknowledged.")
        body = rec.payload
        inter.callback = body
        inter.answered_at = rec.at
        kind = body.get("type")
        data = body.get("data") or {}
        resource: dict[str, Any] = {"type": kind}
        loading = False
        if kind in (4, 5):
            msg = self._new_message(inter.channel_id, rec, interaction=inter, data=data)
            inter.response_message_id = msg.id
            loading = kind == 5
            resource["message"] = self.message_payload(msg)
        elif kind == 7:
            source = inter.data.get("_message_id")
            if source in self.messages:
                self._edit(self.messages[source], Request(rec.method, rec.path, rec.query, data, rec.files))
                inter.response_message_id = source
                resource["message"] = self.message_payload(self.messages[source])
        inter.answered.set()
        answer = {"interaction": {"id": str(iid), "type": inter.type,
                                  "response_message_loading": loading,
                                  "response_message_ephemeral": bool(int(data.get("flags") or 0) & EPHEMERAL)},
                  "resource": resource}
        if inter.response_message_id is not None:
            answer["interaction"]["response_message_id"] = str(inter.response_message_id)
        return json_response(answer)

    def _followup(self, token: str, rec: Request) -> web.Response:
        inter = self._interaction(token)
        original = self.messages.get(inter.response_message_id or 0)
        if inter.response_type == 5 and original is not None and not inter.followups:
            # After a deferred ("thinking") response, the first follow-up fills the loading message.
            self._edit(original, rec)
            original.files = list(rec.files)
            original.attachments = self._attachments_of(rec)
            if "flags" in rec.payload:
                original.flags = int(rec.payload["flags"] or 0)
            inter.followups.append(original.id)
            return json_response(self.message_payload(original))
        msg = self._new_message(inter.channel_id, rec, interaction=inter)
        inter.followups.append(msg.id)
        return json_response(self.message_payload(msg))

    # -- acting as people ------------------------------------------------------------
    def _member(self, uid: int, guild_id: int | None = None) -> dict[str, Any]:
        name = self.name_of(uid)
        owner = self.owner_id if guild_id in (None, self.guild_id) else self.guilds[guild_id][1]
        perms = MEMBER_PERMS | (ADMINISTRATOR | MANAGE_GUILD if uid == owner else 0)
        return {"user": self.users[name], "roles": [str(r) for r in self.roles.get(uid, [])], "joined_at":
                "2026-01-01T00:00:00+00:00", "deaf": False, "mute": False, "flags": 0, "permissions": str(perms),
                "nick": None, "pending": False}

    def _channel_stub(self, channel_id: int) -> dict[str, Any]:
        c = self.channels[channel_id]
        return {k: v for k, v in c.items() if k != "recipients"} | (
            {"recipients": c["recipients"]} if "recipients" in c else {})

    async def _dispatch_interaction(self, user: str, channel_id: int, itype: int, data: dict[str, Any],
                                    message: Message | None = None, *, interaction_id: int | None = None,
                                    token: str | None = None) -> Interaction:
        if not self.ready.is_set():
            await asyncio.wait_for(self.ready.wait(), 30)
        uid = self.uid(user)
        iid = interaction_id or self.new_id()
        inter = self.interactions.get(iid)
        if inter is None:
            inter = Interaction(iid, token or f"token-{iid}", itype, uid, channel_id, dict(data))
            if message is not None:
                inter.data["_message_id"] = message.id
            self.interactions[iid] = inter
        channel = self.channels[channel_id]
        payload: dict[str, Any] = {
            "id": str(iid), "type": itype, "token": inter.token, "version": 1, "application_id": str(self.app_id),
            "attachment_size_limit": 10 * 1024 * 1024, "data": data, "channel": self._channel_stub(channel_id),
            "channel_id": str(channel_id), "locale": "en-US", "app_permissions": str(MEMBER_PERMS),
            "entitlements": [], "authorizing_integration_owners": {},
        }
        if channel["type"] == 1:
            payload["user"] = self.users[user]
            payload["context"] = 1
        else:
            gid = int(channel.get("guild_id") or self.guild_id)
            payload["guild_id"] = str(gid)
            payload["guild_locale"] = "en-US"
            payload["member"] = self._member(uid, gid)
            payload["context"] = 0
        if message is not None:
            payload["message"] = self.message_payload(message)
        inter.sent_at = time.perf_counter()
        await self._send(0, payload, "INTERACTION_CREATE")
        return inter

    def _find_command(self, path: list[str], dm: bool = False) -> tuple[dict[str, Any], list[dict[str, Any]],
                                                                       int | None]:
        """The synced top-level command, the option chain down to the leaf, and its guild id. In a DM
        (``dm``), as on Discord, only global commands allowed in bot DMs (context 1) exist."""
        for guild_id, commands in list(self.commands.items()):
            if dm and guild_id is not None:
                continue
            for cmd in commands:
                if cmd["name"] != path[0] or (dm and 1 not in (cmd.get("contexts") or [0])):
                    continue
                chain: list[dict[str, Any]] = []
                node = cmd
                for name in path[1:]:
                    node = next(o for o in node.get("options", []) if o["name"] == name and o["type"] in (1, 2))
                    chain.append(node)
                return cmd, chain, guild_id
        raise KeyError(f"no synced command /{' '.join(path)}; have {self.command_names()}")

    def command_names(self) -> list[str]:
        names: list[str] = []

        def walk(prefix: str, node: dict[str, Any]) -> None:
            subs = [o for o in node.get("options", []) if o["type"] in (1, 2)]
            if not subs:
                names.append(prefix)
            for o in subs:
                walk(f"{prefix} {o['name']}", o)

        for commands in self.commands.values():
            for cmd in commands:
                walk(cmd["name"], cmd)
        return sorted(set(names))

    def _command_data(self, command: str, options: dict[str, Any], focused: str | None = None,
                      channel_id: int | None = None) -> dict[str, Any]:
        path = command.split()
        dm = channel_id is not None and self.channels.get(channel_id, {}).get("type") == 1
        cmd, chain, guild_id = self._find_command(path, dm)
        leaf = chain[-1] if chain else cmd
        declared = {o["name"]: o for o in leaf.get("options", [])}
        resolved: dict[str, Any] = {}
        values = []
        for name, value in options.items():
            opt = declared.get(name)
            if opt is None:
                raise KeyError(f"/{command} has no option {name!r}; options: {sorted(declared)}")
            otype = opt["type"]
            entry: dict[str, Any] = {"name": name, "type": otype}
            if otype == 6:  # user: pass the user name
                uid = self.uid(value)
                entry["value"] = str(uid)
                resolved.setdefault("users", {})[str(uid)] = self.users[value]
                resolved.setdefault("members", {})[str(uid)] = {k: v for k, v in self._member(uid).items()
                                                                if k != "user"}
            elif otype == 11:  # attachment: pass (filename, bytes)
                filename, blob = value
                aid = self.new_id()
                self._attachments[aid] = blob
                entry["value"] = str(aid)
                resolved.setdefault("attachments", {})[str(aid)] = {
                    "id": str(aid), "filename": filename, "size": len(blob),
                    "url": f"{self.base_url}/_files/{aid}", "proxy_url": f"{self.base_url}/_files/{aid}"}
            else:
                entry["value"] = value
            if name == focused:
                entry["focused"] = True
            values.append(entry)
        if focused is not None and focused not in options:
            values.append({"name": focused, "type": declared[focused]["type"], "value": "", "focused": True})
        for node in reversed(chain):
            values = [{"name": node["name"], "type": node["type"], "options": values}]
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": values}
        if resolved:
            data["resolved"] = resolved
        if guild_id is not None:
            data["guild_id"] = str(guild_id)
        return data

    async def slash(self, user: str, channel_id: int, command: str, /, *, wait: bool = True,
                    interaction_id: int | None = None, **options: Any) -> Interaction:
        """``user`` runs ``/command`` in ``channel_id`` with ``options``; wait for the first answer."""
        data = self._command_data(command, options, channel_id=channel_id)
        inter = await self._dispatch_interaction(user, channel_id, 2, data, interaction_id=interaction_id)
        if wait:
            await self.answer(inter)
        return inter

    async def autocomplete(self, user: str, channel_id: int, command: str, focused: str, /,
                           **options: Any) -> list[dict[str, Any]]:
        """The choices the bot offers for option ``focused`` of ``/command`` (others as typed)."""
        inter = await self.start_autocomplete(user, channel_id, command, focused, **options)
        await self.answer(inter)
        assert inter.callback and inter.callback["type"] == 8, inter.callback
        return list(inter.callback["data"]["choices"])

    async def start_autocomplete(self, user: str, channel_id: int, command: str, focused: str, /,
                                 **options: Any) -> Interaction:
        """Send an autocomplete request without waiting for the answer."""
        return await self._dispatch_interaction(user, channel_id, 4,
                                                self._command_data(command, options, focused, channel_id))

    async def click(self, user: str, message: Message | int, component: str, *, values: list[str] | None = None,
                    wait: bool = True, interaction_id: int | None = None) -> Interaction:
        """``user`` clicks the button (or picks ``values`` in the select) named by label or custom_id."""
        msg = self.messages[message] if isinstance(message, int) else message
        comp = msg.component(component)
        data: dict[str, Any] = {"custom_id": comp["custom_id"], "component_type": comp["type"]}
        if comp["type"] == 3:
            data["values"] = list(values or [])
        inter = await self._dispatch_interaction(user, msg.channel_id, 3, data, msg, interaction_id=interaction_id)
        if wait:
            await self.answer(inter)
        return inter

    async def submit_modal(self, user: str, opener: Interaction, values: dict[str, str], *, wait: bool = True
                           ) -> Interaction:
        """``user`` fills in the modal the bot opened in answer to ``opener`` (callback type 9) and submits it:
        each text input's ``custom_id`` gets ``values[custom_id]`` (as Discord sends it: in its row or label)."""
        assert opener.callback is not None and opener.callback.get("type") == 9, opener.callback
        modal = opener.callback["data"]
        rows: list[dict[str, Any]] = []
        for row in modal.get("components") or []:
            if row.get("type") == 18:   # a label holding one component
                c = row["component"]
                rows.append({"type": 18, "component": {"type": c["type"], "custom_id": c["custom_id"],
                                                       "value": values.get(c["custom_id"], "")}})
                continue
            rows.append({"type": 1, "components": [{"type": c["type"], "custom_id": c["custom_id"],
                                                    "value": values.get(c["custom_id"], "")}
                                                   for c in row.get("components") or []]})
        msg = self.messages.get(opener.data.get("_message_id", 0))
        inter = await self._dispatch_interaction(user, opener.channel_id, 5,
                                                 {"custom_id": modal["custom_id"], "components": rows}, msg)
        if wait:
            await self.answer(inter)
        return inter

    async def redeliver(self, inter: Interaction, wait: bool = False) -> Interaction:
        """Deliver the same interaction (same id and token) once more, as a gateway replay would."""
        msg = self.messages.get(inter.data.get("_message_id", 0))
        data = {k: v for k, v in inter.data.items() if k != "_message_id"}
        channel = inter.channel_id
        again = await self._dispatch_interaction(self.name_of(inter.user_id), channel, inter.type, data, msg,
                                                 interaction_id=inter.id, token=inter.token)
        return again

    async def answer(self, inter: Interaction, timeout: float = 10.0) -> Interaction:
        await asyncio.wait_for(inter.answered.wait(), timeout)
        return inter

    async def reply(self, inter: Interaction, timeout: float = 10.0) -> Message:
        """The message answering ``inter``: its response, or after a deferral the follow-up filling it."""
        await self.answer(inter, timeout)
        if inter.response_type == 5:
            await self.wait_for(lambda: inter.followups, timeout)
        mid = inter.followups[0] if inter.response_type == 5 else inter.response_message_id
        assert mid is not None, inter.callback
        return self.messages[mid]

    async def settle(self, quiet: float = 0.15, timeout: float = 10.0) -> None:
        """Wait until the bot has made no request for ``quiet`` seconds."""
        deadline = time.perf_counter() + timeout
        seen = -1
        while time.perf_counter() < deadline:
            if len(self.requests) == seen:
                return
            seen = len(self.requests)
            await asyncio.sleep(quiet)
        raise TimeoutError("the bot kept making requests")

    async def wait_for(self, predicate: Any, timeout: float = 10.0) -> Any:
        """Wait until ``predicate()`` returns something truthy (re-checked after every request)."""
        async def loop() -> Any:
            while True:
                value = predicate()
                if value:
                    return value
                async with self.changed:
                    try:
                        await asyncio.wait_for(self.changed.wait(), 0.2)
                    except TimeoutError:
                        pass

        return await asyncio.wait_for(loop(), timeout)

    # -- reading what the bot did -----------------------------------------------------
    def channel_messages(self, channel_id: int) -> list[Message]:
        return [m for m in self.messages.values() if m.channel_id == channel_id]

    def dms(self, user: str) -> list[Message]:
        cid = self.dm_channels.get(self.uid(user))
        return [] if cid is None else self.channel_messages(cid)

    def threads(self) -> list[dict[str, Any]]:
        return [c for c in self.channels.values() if c["type"] in (11, 12)]

    def sent(self, method: str | None = None, prefix: str = "") -> list[Request]:
        return [r for r in self.requests if (method is None or r.method == method) and r.path.startswith(prefix)]


def point_client_at(fake: FakeDiscord) -> None:
    """Aim the unmodified discord.py client at the fake (tests only)."""
    import discord.gateway
    import discord.http
    import yarl

    discord.http.Route.BASE = fake.base_url
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
