"""The fake Discord with gateway sharding: several servers, one websocket per shard.

A client IDENTIFYs with ``"shard": [id, count]``; the fake answers that connection with READY and
GUILD_CREATE for the servers of that shard only (``(guild_id >> 22) % count``), and sends each
interaction on the connection of its server's shard, DM interactions on shard 0, as Discord does.
:attr:`ShardedFakeDiscord.everywhere` sends the next interactions on every connection at once
(the same interaction id and token), to make two processes race on one click.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from aiohttp import WSMsgType, web

from tests.e2e.fake_discord import FakeDiscord


class ShardedFakeDiscord(FakeDiscord):
    def __init__(self, shard_count: int = 2, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.shard_count = shard_count
        self.shard_ws: dict[int, web.WebSocketResponse] = {}
        self.shard_seq: dict[int, int] = {}
        self.identified: list[tuple[int, int]] = []  # (shard id, shard count) of every IDENTIFY
        self.everywhere = False

    def shard_of(self, guild_id: int | None) -> int:
        return 0 if guild_id is None else (guild_id >> 22) % self.shard_count

    def add_guild(self, name: str, channels: tuple[str, ...], owner: str = "alice", *, shard: int = 0) -> int:
        """A server on ``shard``, owned by ``owner``, with text channels known as ``<name>/<channel>`` in
        :attr:`channel_ids`."""
        gid = self.new_id()
        ms = (gid >> 22) - (gid >> 22) % self.shard_count + shard
        gid = (ms << 22) | (gid & 0x3FFFFF)
        self.guilds[gid] = (name, self.uid(owner))
        for pos, channel in enumerate(channels):
            cid = self.new_id()
            self.channels[cid] = {"id": str(cid), "type": 0, "name": channel, "position": pos, "guild_id": str(gid),
                                  "permission_overwrites": [], "nsfw": False, "parent_id": None}
            self.channel_ids[f"{name}/{channel}"] = cid
        return gid

    async def stop(self) -> None:
        for ws in list(self.shard_ws.values()):
            if not ws.closed:
                await ws.close()
        await super().stop()

    # -- the gateway, one connection per shard ---------------------------------------------
    async def _send_on(self, shard: int, op: int, d: Any, t: str | None = None) -> None:
        ws = self.shard_ws.get(shard)
        if ws is None or ws.closed:
            raise ConnectionError(f"no bot is connected for shard {shard}")
        msg: dict[str, Any] = {"op": op, "d": d, "s": None, "t": t}
        if op == 0:
            self.shard_seq[shard] = self.shard_seq.get(shard, 0) + 1
            msg["s"] = self.shard_seq[shard]
        await ws.send_str(json.dumps(msg))

    async def _send(self, op: int, d: Any, t: str | None = None) -> None:
        """Interactions go to their server's shard (DMs to shard 0), or to every shard."""
        guild = int(d["guild_id"]) if isinstance(d, dict) and d.get("guild_id") else None
        shards = sorted(self.shard_ws) if self.everywhere else [self.shard_of(guild)]
        await asyncio.gather(*(self._send_on(s, op, d, t) for s in shards))

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        shard: int | None = None
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 41250}, "s": None, "t": None}))
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                continue
            data = json.loads(msg.data)
            op = data.get("op")
            if op == 1:
                await ws.send_str(json.dumps({"op": 11, "d": None, "s": None, "t": None}))
            elif op == 2:
                shard, count = (data["d"].get("shard") or [0, 1])
                assert count == self.shard_count, f"a client identified with {count} shards, the fake has {self.shard_count}"
                self.identifies += 1
                self.identified.append((shard, count))
                self.shard_ws[shard] = ws
                self.shard_seq[shard] = 0
                guilds = [g for g in self.guilds if self.shard_of(g) == shard]
                ready = {"v": 10, "user": self.bot_user, "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
                         "session_id": f"session-{self.identifies}", "resume_gateway_url": self.gateway_url,
                         "application": {"id": str(self.app_id), "flags": 0}, "private_channels": [],
                         "relationships": [], "shard": [shard, count]}
                await self._send_on(shard, 0, ready, "READY")
                for g in guilds:
                    await self._send_on(shard, 0, self.guild_payload(g), "GUILD_CREATE")
                if set(self.shard_ws) == set(range(self.shard_count)):
                    self.ready.set()
            elif op == 6:
                await ws.send_str(json.dumps({"op": 9, "d": False, "s": None, "t": None}))
        if shard is not None and self.shard_ws.get(shard) is ws:
            del self.shard_ws[shard]
            self.ready.clear()
        return ws
