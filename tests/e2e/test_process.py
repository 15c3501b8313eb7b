"""End to end with the bot as a real process: ``python -m bot`` with a token, pointed at the fake.

- start-up: loads the config, syncs the commands to the development guild, serves them;
- SIGKILL in the middle of a game, then a restart: no acknowledged action is lost, the game
  goes on, buttons sent before the crash still work, nothing is posted twice;
- SIGTERM: a graceful stop; the token never appears in the log.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections import Counter
from pathlib import Path

from bot.table import Store
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import TRIBUTE, run
from tests.e2e.test_tribute_flow import open_lobby_in

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "process-test-token-SECRET"


class BotProcess:
    def __init__(self, fake: FakeDiscord, tmp: Path):
        self.fake = fake
        self.tmp = tmp
        self.config = tmp / "config.toml"
        self.db = tmp / "seneschal.sqlite3"
        self.config.write_text(
            f'[store]\npath = "{self.db}"\n\n[discord]\ndev_guild_ids = [{fake.guild_id}]\n\n'
            f'[games]\nextra = ["{TRIBUTE}"]\n\n[log]\nlevel = "INFO"\n', encoding="utf-8")
        self.proc: asyncio.subprocess.Process | None = None
        self.logs: list[bytes] = []

    async def start(self, token: str = TOKEN, wait: bool = True) -> None:
        env = {**os.environ, "DISCORD_TOKEN": token, "PYTHONPATH": str(ROOT),
               "SENESCHAL_TEST_DISCORD_API": self.fake.base_url,
               "SENESCHAL_TEST_DISCORD_GATEWAY": self.fake.gateway_url}
        self.fake.ready.clear()
        identified = self.fake.identifies
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "--config", str(self.config), cwd=str(self.tmp), env=env,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        if not wait:
            return
        await self.fake.wait_for(lambda: self.fake.identifies > identified and self.fake.ready.is_set(), 30)

    async def stop(self, sig: int) -> int:
        assert self.proc is not None
        self.proc.send_signal(sig)
        code = await asyncio.wait_for(self.proc.wait(), 20)
        assert self.proc.stdout is not None
        out = b""
        try:  # the drawing worker may hold the pipe a moment longer after a SIGKILL
            out = await asyncio.wait_for(self.proc.stdout.read(), 5)
        except TimeoutError:
            pass
        self.logs.append(out)
        return code


def duplicates(fake: FakeDiscord) -> list[tuple[int, str, tuple[str, ...]]]:
    seen = Counter((m.channel_id, m.text(), tuple(m.custom_ids())) for m in fake.messages.values() if not m.ephemeral)
    return [k for k, n in seen.items() if n > 1]


def test_sigkill_mid_game_loses_nothing_and_posts_nothing_twice(tmp_path) -> None:
    async def scenario() -> None:
        fake = FakeDiscord()
        await fake.start()
        bot = BotProcess(fake, tmp_path)
        try:
            await bot.start()
            assert "game new" in fake.command_names() and "tribute bid" in fake.command_names()
            game, thread, lobby = await open_lobby_in(fake, fake.channel_ids["games"], ("alice", "bob"))
            await fake.click("alice", lobby, "Start")
            await fake.wait_for(lambda: [m for m in fake.dms("bob") if m.custom_ids()], 20)
            bob_prompt = next(m for m in fake.dms("bob") if m.custom_ids())
            alice_prompt = next(m for m in fake.dms("alice") if m.custom_ids())
            first = await fake.click("alice", alice_prompt, "Bid 4")
            assert first.response_type == 6  # deferred: the outbox edits the prompt once
            # Bob's click ends the phase: its post reaches Discord, but the bot is killed before it
            # hears back (so before it can mark the outbox row delivered).
            stalled = fake.stall[thread] = asyncio.Event()
            click = await fake.click("bob", bob_prompt, "Bid 5")
            assert click.response_type == 6
            await asyncio.wait_for(stalled.wait(), 10)
            await bot.stop(signal.SIGKILL)

            store = Store(bot.db)
            try:
                assert [(a.seat, a.key) for a in store.actions(game)] == [("alice", str(first.id)),
                                                                           ("bob", str(click.id))]
                left = len(store.pending_outbox())
                print(f"outbox rows left undelivered by the crash: {left}")
            finally:
                store.close()

            await bot.start()
            # The game goes on: the phase post comes once, and alice's next prompt works.
            await fake.wait_for(lambda: any("The bids: alice 4 and bob 5." in m.text()
                                            for m in fake.channel_messages(thread)), 20)
            await fake.wait_for(lambda: [m for m in fake.dms("alice") if "shield" in m.text() and m.custom_ids()], 20)
            shield = next(m for m in reversed(fake.dms("alice")) if "shield" in m.text() and m.custom_ids())
            later = await fake.click("alice", shield, "Let it pass")
            assert later.response_type == 6, later.callback
            await fake.settle(0.3)
            assert duplicates(fake) == []
            assert len([m for m in fake.channel_messages(thread) if "The bids: alice 4 and bob 5." in m.text()]) == 1
            nonces = Counter(r.payload.get("nonce") for r in fake.sent("POST", f"/channels/{thread}/messages"))
            assert max(nonces.values()) >= 2  # the interrupted post was sent again, and Discord kept one
            store = Store(bot.db)
            try:
                assert store.pending_outbox() == []
            finally:
                store.close()
            code = await bot.stop(signal.SIGTERM)
            assert code == 0
            log = b"".join(bot.logs).decode("utf-8", "replace")
            assert TOKEN not in log
            assert "synced" in log and "stopped" in log
        finally:
            if bot.proc is not None and bot.proc.returncode is None:
                bot.proc.kill()
                await bot.proc.wait()
            await fake.stop()

    run(scenario())


def test_a_refused_token_stops_the_bot_with_a_clear_message(tmp_path) -> None:
    async def scenario() -> None:
        fake = FakeDiscord()
        await fake.start()
        fake.bad_tokens.add("refused-token-SECRET")
        bot = BotProcess(fake, tmp_path)
        try:
            await bot.start("refused-token-SECRET", wait=False)
            assert bot.proc is not None
            out, _ = await asyncio.wait_for(bot.proc.communicate(), 30)
            text = out.decode("utf-8", "replace")
            assert bot.proc.returncode == 1
            assert "refused the token" in text and "refused-token-SECRET" not in text
        finally:
            if bot.proc is not None and bot.proc.returncode is None:
                bot.proc.kill()
                await bot.proc.wait()
            await fake.stop()

    run(scenario())
