"""End to end: start-up (command sync), the error tier, several games per channel."""

from __future__ import annotations

import asyncio
import logging

from bot.discord.bot import Seneschal
from bot.discord.settings import DiscordSettings
from tests.e2e.fake_discord import EPHEMERAL
from tests.e2e.harness import TOKEN, FakeClock, fake_discord, make_table, run, running
from tests.e2e.test_tribute_flow import open_lobby_in


def test_commands_sync_globally_for_dms_and_to_development_guilds(tmp_path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as h:
            assert set(h.fake.commands) == {h.fake.guild_id, None}  # global: commands exist in DMs too
            names = {c["name"] for c in h.fake.commands[h.fake.guild_id]}
            assert {"game", "tribute", "okc", "fief"} <= names
            assert all(1 in c["contexts"] for c in h.fake.commands[None])  # allowed in DMs with the bot
            fief = [n for n in h.fake.command_names() if n.startswith(("fief ", "fief-court "))]
            assert len(fief) == len(h.table.known_games()["fief"].actions)  # all actions reachable
            assert "fief war move" in fief and "fief-court crown nominate" in fief
            assert not any(n.startswith("fief2") for n in h.fake.command_names())
            assert all(len(n.split()) == 3 for n in fief)   # /fief <group> <command>
            rules = await h.fake.slash("alice", h.channel, "game rules", name="fief")
            reply = await h.fake.reply(rules)
            war = next(c for row in reply.components for c in row["components"] if c["type"] == 3)
            page = await h.fake.click("alice", reply, war["custom_id"], values=[
                next(o["value"] for o in war["options"] if o["label"] == "/fief war")])
            text = page.callback["data"]["embeds"][0]["description"]
            assert "`/fief war move noble:" in text and "`/fief war battle" in text  # the Discord spelling
        async with fake_discord() as fake:
            from tests.e2e.fake_discord import point_client_at

            point_client_at(fake)
            table = make_table(tmp_path / "global.sqlite3", FakeClock())
            bot = Seneschal(DiscordSettings(TOKEN), table, guild_ready_timeout=0.05, render_processes=0)
            task = asyncio.create_task(bot.start(TOKEN))
            await asyncio.wait_for(bot.wait_until_ready(), 10)
            assert set(fake.commands) == {None}
            await bot.close()
            await task
            table.store.close()

    run(scenario())


def test_an_unexpected_failure_gets_an_ephemeral_reply_and_a_log_line(tmp_path, caplog) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as h:
            game, thread, lobby = await open_lobby_in(h.fake, h.channel, ("alice", "bob"))

            def broken(*args: object, **kwargs: object) -> None:
                raise RuntimeError("disk on fire")

            h.table.invoke = broken  # type: ignore[method-assign]   # the one entry point every command takes
            with caplog.at_level(logging.ERROR, logger="seneschal.discord"):
                inter = await h.fake.slash("bob", thread, "game status")
            data = inter.callback["data"]
            assert data["flags"] & EPHEMERAL and "incident" in data["content"]
            incident = data["content"].split("incident ")[1][:6]
            assert any(incident in r.getMessage() and r.exc_info for r in caplog.records)
            assert "disk on fire" not in data["content"]

    run(scenario())


def test_several_games_in_one_channel_each_in_its_thread(tmp_path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as h:
            fake = h.fake
            g1, t1, lobby1 = await open_lobby_in(fake, h.channel, ("alice", "bob"))
            second = await fake.slash("carol", h.channel, "game new", name="tribute")
            await fake.wait_for(lambda: second.followups)
            g2 = 2
            t2 = h.thread_of(g2)
            assert t1 != t2 and h.table.info(g2).channel == str(t2)
            await fake.click("dave", fake.channel_messages(t2)[0], "Join")
            await fake.click("alice", lobby1, "Start")
            await fake.click("carol", fake.channel_messages(t2)[0], "Start")
            await h.idle()
            # In each thread, commands address that thread's game.
            s1 = await fake.slash("bob", t1, "game status")
            s2 = await fake.slash("bob", t2, "game status")
            assert "game 1" in s1.callback["data"]["embeds"][0]["title"]
            assert "game 2" in s2.callback["data"]["embeds"][0]["title"]
            # In the parent channel, a player of one game is understood; of none, told what to do.
            typed = await fake.slash("dave", h.channel, "tribute bid", card=3)
            assert "game 2" in typed.callback["data"]["content"]
            lost = await fake.slash("erin", h.channel, "game status")
            assert "no game" in lost.callback["data"]["content"]
            listed = await fake.slash("dave", h.channel, "game list")
            text = listed.callback["data"]["content"]
            assert "Game 2: Tribute" in text and f"<#{t2}>" in text and "Game 1" not in text
            assert text.splitlines()[1] == f"Game 2: Tribute, Round 1: the bids · <#{t2}> · players carol, dave", text

    run(scenario())


def test_missing_thread_permission_is_explained(tmp_path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as h:
            h.fake.fail_next.append(("POST", f"/channels/{h.channel}/threads", 403, 50013))
            inter = await h.fake.slash("alice", h.channel, "game new", name="tribute")
            reply = await h.fake.reply(inter)
            assert reply.ephemeral and "Create Public Threads" in reply.text()
            assert h.table.store.games() == []

    run(scenario())
