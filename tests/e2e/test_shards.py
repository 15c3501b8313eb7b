"""Shards over one store: two bot processes, shards 0 and 1 of 2, on one database and the fake Discord.

Server "north" is on shard 0, "south" on shard 1. Each process connects its shard (the fake checks
the IDENTIFY's shard field and sends each server's events on its shard, DMs on shard 0), answers
whatever reaches it, and fires deadlines and posts only for its own servers' games. The bids of
both games are clicked with every interaction sent to both processes at once: each click is
applied once, none is lost, and every post in a game's thread (and every DM about it) comes from
the process holding that game's server.

It runs once per backend (the ``database`` fixture, tests/conftest.py): on one SQLite file, and on
one PostgreSQL server with each process as if on its own host (its own working directory, no file
shared).
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from pathlib import Path

from bot.table.backends import is_postgres, open_store
from tests.e2e.fake_discord import FakeDiscord, Message
from tests.e2e.fake_shards import ShardedFakeDiscord
from tests.e2e.harness import TRIBUTE, run

ROOT = Path(__file__).resolve().parents[2]
TOKENS = ("shard-zero-token", "shard-one-token")


class ShardProcess:
    def __init__(self, fake: ShardedFakeDiscord, tmp: Path, shard: int, guilds: list[int], database: str):
        self.fake, self.shard, self.token = fake, shard, TOKENS[shard]
        self.db = database
        folder = tmp / f"host-{shard}" if is_postgres(database) else tmp
        folder.mkdir(exist_ok=True)
        self.config = folder / f"config-{shard}.toml"
        self.config.write_text(
            f'[store]\n{"url" if is_postgres(database) else "path"} = "{self.db}"\n\n[discord]\ndev_guild_ids = {guilds}\nshard_count = 2\n'
            f'shard_ids = [{shard}]\n\n[games]\nextra = ["{TRIBUTE}"]\n\n[log]\nlevel = "INFO"\n', encoding="utf-8")
        self.proc: asyncio.subprocess.Process | None = None
        self.log = b""

    async def start(self) -> None:
        env = {**os.environ, "DISCORD_TOKEN": self.token, "PYTHONPATH": str(ROOT),
               "SENESCHAL_TEST_DISCORD_API": self.fake.base_url, "SENESCHAL_TEST_DISCORD_GATEWAY": self.fake.gateway_url}
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "--config", str(self.config), cwd=str(self.config.parent), env=env,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)

    async def stop(self) -> None:
        if self.proc is None or self.proc.returncode is not None:
            return
        self.proc.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(self.proc.wait(), 20)
        except TimeoutError:
            self.proc.kill()
            await self.proc.wait()
        assert self.proc.stdout is not None
        self.log = await self.proc.stdout.read()


async def open_game(fake: FakeDiscord, channel: int) -> tuple[int, int]:
    inter = await fake.slash("alice", channel, "game new", name="tribute")
    await fake.wait_for(lambda: inter.followups, 20)
    thread = int(re.search(r"<#(\d+)>", fake.messages[inter.followups[0]].text())[1])  # type: ignore[index]
    lobby = fake.channel_messages(thread)[0]
    game = int(lobby.custom_ids()[0].split(":")[2])
    await fake.click("bob", lobby, "Join", wait=True)
    await fake.click("alice", lobby, "Start", wait=True)
    return game, thread


def prompt_for(fake: FakeDiscord, user: str, game: int) -> Message | None:
    found = [m for m in fake.dms(user)
             if any(c.startswith((f"sn:c:{game}:", f"sn:p:{game}:")) for c in m.custom_ids())]
    return found[-1] if found else None


def test_two_processes_with_disjoint_shards_share_one_store(tmp_path, database) -> None:
    async def scenario() -> None:
        fake = ShardedFakeDiscord(2)
        north = fake.add_guild("north", ("games",), shard=0)
        south = fake.add_guild("south", ("games",), shard=1)
        await fake.start()
        procs = [ShardProcess(fake, tmp_path, s, [north, south], database) for s in (0, 1)]
        try:
            for p in procs:
                await p.start()
            # Two bot processes start at once on two cores; twice in CI the host stalled them for some 40 s
            # (a shard's log: "websocket is 41.3s behind"), so the wait for both is generous.
            await fake.wait_for(lambda: fake.ready.is_set() and "game new" in fake.command_names(), 150)
            assert sorted(fake.identified) == [(0, 2), (1, 2)]
            games = {}
            for name in ("north", "south"):
                games[name] = await open_game(fake, fake.channel_ids[f"{name}/games"])
            for game, _ in games.values():
                for user in ("alice", "bob"):
                    await fake.wait_for(lambda g=game, u=user: prompt_for(fake, u, g), 30)
            # Every click reaches both processes at once.
            fake.everywhere = True
            clicks = []
            for game, _ in games.values():
                for user, label in (("alice", "Bid 2"), ("bob", "Bid 3")):
                    message = prompt_for(fake, user, game)
                    assert message is not None
                    clicks.append((game, await fake.click(user, message, label, wait=False)))
            for _, inter in clicks:
                await fake.answer(inter, 30)
            fake.everywhere = False
            for _, thread in games.values():
                await fake.wait_for(lambda t=thread: any("The bids: alice 2 and bob 3." in m.text()
                                                         for m in fake.channel_messages(t)), 30)
            await fake.settle(0.5, 30)

            store = open_store(procs[0].db, readonly=True)
            try:
                for game, _ in games.values():
                    keys = [a.key for a in store.actions(game)]
                    assert sorted(keys) == sorted(str(i.id) for g, i in clicks if g == game)  # once each, none lost
                    assert [a.seq for a in store.actions(game)] == [1, 2]
                assert {g.id: g.guild for g in store.games()} == {games["north"][0]: str(north),
                                                                   games["south"][0]: str(south)}
            finally:
                store.close()
            # Each process posts only for its own servers' games.
            for shard, name in ((0, "north"), (1, "south")):
                game, thread = games[name]
                posts = fake.sent("POST", f"/channels/{thread}/messages")
                assert posts and {r.auth for r in posts} == {TOKENS[shard]}, name
                dms = [r for r in fake.sent("POST", "/channels/") if r.path.endswith("/messages")
                       and int(r.path.split("/")[2]) in fake.dm_channels.values()
                       and f"game {game}" in str(r.payload.get("content"))]
                assert dms and {r.auth for r in dms} == {TOKENS[shard]}, name
        finally:
            for p in procs:
                await p.stop()
                # shown by pytest when the scenario fails: what each bot process said up to then
                print(f"--- shard {p.shard} log ---\n{p.log.decode('utf-8', 'replace')[-4000:]}")
            await fake.stop()
        for p in procs:
            text = p.log.decode("utf-8", "replace")
            assert f"on shard(s) [{p.shard}] of 2" in text, text[-3000:]
            assert "Traceback" not in text, text[-3000:]

    run(scenario())
