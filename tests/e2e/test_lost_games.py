"""End to end: a lost game's buttons never act on another game.

Game 2 is played to its first prompts, then the database is restored from a backup taken before game
2 existed. With the ledger beside the database (bot/table/ledger.py) the next game gets number 3 and
game 2's prompts answer "no game 2"; with the ledger lost too, the next game gets number 2 again, and
the adapter still refuses the old prompts: their messages are older than the new game's thread."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot.admin import main as admin
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import fake_discord, run, running
from tests.e2e.test_damage import open_game


def prompt_of(fake: FakeDiscord, user: str, game: int):  # type: ignore[no-untyped-def]
    found = [m for m in fake.dms(user) if any(c.startswith(f"sn:c:{game}:") for c in m.custom_ids())]
    assert found, f"{user} has no prompt of game {game}"
    return found[-1]


def tool(*argv: str) -> str:
    out = io.StringIO()
    assert admin(list(argv), out=out) == 0
    return out.getvalue()


@pytest.mark.parametrize("ledger", ["kept", "lost too"])
def test_a_restored_database_refuses_the_lost_games_prompts(tmp_path: Path, ledger: str) -> None:
    db = tmp_path / "seneschal.sqlite3"

    async def scenario() -> None:
        async with fake_discord() as fake:
            async with running(tmp_path, fake=fake) as h:
                first, _ = await open_game(fake, h.channel)
                await h.idle()
            tool("backup", str(tmp_path / "before-game-2.sqlite3"), "--db", str(db))
            async with running(tmp_path, fake=fake) as h:
                lost, _ = await open_game(fake, h.channel)
                await h.idle()
                old_prompts = {u: prompt_of(fake, u, lost) for u in ("alice", "bob")}
            tool("restore", str(tmp_path / "before-game-2.sqlite3"), "--db", str(db))
            if ledger != "kept":
                Path(f"{db}.ledger").unlink()
            async with running(tmp_path, fake=fake) as h:
                assert [g.id for g in h.table.store.games()] == [first]
                fresh, fresh_thread = await open_game(fake, h.channel)
                await h.idle()
                assert (fresh == lost) == (ledger != "kept")
                before = h.table.state(fresh).version, len(h.table.store.actions(fresh))
                for user, message in old_prompts.items():
                    cid = next(c for c in message.custom_ids() if c.startswith(f"sn:c:{lost}:"))
                    click = await fake.click(user, message, cid)
                    said = (await fake.reply(click)).text()
                    if ledger == "kept":
                        assert f"no game {lost}" in said, said
                    else:
                        assert f"earlier game numbered {lost}" in said and "nothing was played" in said, said
                await h.idle()
                assert (h.table.state(fresh).version, len(h.table.store.actions(fresh))) == before
                # The new game's own prompts work.
                message = prompt_of(fake, "alice", fresh)
                cid = next(c for c in message.custom_ids() if c.startswith(f"sn:c:{fresh}:"))
                click = await fake.click("alice", message, cid)  # answered by editing the prompt (deferred)
                await h.idle()
                assert len(h.table.store.actions(fresh)) > before[1], (click.callback, message.id, fresh_thread)

    run(scenario())
