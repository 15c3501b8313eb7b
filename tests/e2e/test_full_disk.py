"""End to end: a full disk while people click and type. Each is answered in words ("the table cannot
save right now, so nothing was played"), never an incident; the bot recovers by itself when space
returns (the error is injected at the store's connection, as SQLite raises it)."""

from __future__ import annotations

from tests.e2e.harness import fake_discord, run, running
from tests.e2e.test_damage import open_game
from tests.e2e.test_lost_games import prompt_of
from tests.table.test_full_disk import fill


def test_a_full_disk_is_answered_in_words_and_passes(tmp_path) -> None:
    async def scenario() -> None:
        async with fake_discord() as fake:
            async with running(tmp_path, fake=fake) as h:
                game, thread = await open_game(fake, h.channel)
                await h.idle()
                disk = fill(h.table)
                disk.full = True
                message = prompt_of(fake, "alice", game)
                cid = next(c for c in message.custom_ids() if c.startswith(f"sn:c:{game}:"))
                said = (await fake.reply(await fake.click("alice", message, cid))).text()
                assert "cannot save right now, so nothing was played" in said and "incident" not in said, said
                typed = await fake.slash("bob", thread, "tribute bid", card=2)
                said = (await fake.reply(typed)).text()
                assert "cannot save right now" in said and "incident" not in said, said
                assert h.table.store.actions(game) == []
                disk.full = False
                await fake.click("alice", prompt_of(fake, "alice", game), cid)
                await h.idle()
                assert len(h.table.store.actions(game)) == 1

    run(scenario())
