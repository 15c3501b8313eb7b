"""End to end: the table commands: board, log, undo (confirmed), pause and resume, replace,
export and import, settings, abandon, and who may use the GM ones."""

from __future__ import annotations

import json

from tests.e2e.fake_discord import EPHEMERAL
from tests.e2e.harness import run, running
from tests.e2e.test_tribute_flow import assert_no_secrets, open_lobby, prompt, thread_texts


def flags(inter) -> int:  # type: ignore[no-untyped-def]
    return int((inter.callback or {}).get("data", {}).get("flags") or 0)


def content(h, inter) -> str:  # type: ignore[no-untyped-def]
    data = (inter.callback or {}).get("data") or {}
    if data.get("content"):
        return str(data["content"])
    return "\n".join(h.fake.messages[m].text() for m in inter.followups)


def test_gm_tools_and_table_commands(tmp_path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, gm_role="") as h:
            fake = h.fake
            game, thread, lobby = await open_lobby(h)
            await fake.click("alice", lobby, "Start")
            await h.idle()

            # Boards: the public one in the thread, the private one only to its owner.
            public = await fake.slash("bob", thread, "game board")
            await fake.wait_for(lambda: public.followups)
            board = fake.messages[public.followups[0]]
            assert not board.ephemeral and board.files[0]["data"].startswith(b"\x89PNG")
            assert board.text() == "**Tribute — game 1** · Round 1: the bids"
            private = await fake.slash("bob", thread, "game board", private=True)
            await fake.wait_for(lambda: private.followups)
            assert fake.messages[private.followups[0]].ephemeral and fake.messages[private.followups[0]].files
            assert fake.messages[private.followups[0]].text() == (
                "**Tribute — game 1** · Round 1: the bids · your own board, which only you see")

            # Undo: GM only, confirmed by a button.
            await fake.click("alice", prompt(h, "alice", "bid-1"), "Bid 5")
            await h.idle()
            refused = await fake.slash("bob", thread, "game undo")
            assert flags(refused) & EPHEMERAL and "GM" in content(h, refused)
            asked = await fake.slash("alice", thread, "game undo")
            assert flags(asked) & EPHEMERAL and "sn:u:1:1:1" in fake.messages[asked.response_message_id].custom_ids()
            done = await fake.click("alice", fake.messages[asked.response_message_id], "sn:u:1:1:1")
            assert done.response_type == 7 and "Took back 1 action" in fake.messages[asked.response_message_id].text()
            await h.idle()
            assert h.table.info(game).seq == 0
            assert len([m for m in fake.dms("alice") if any(c.startswith("sn:c:") for c in m.custom_ids())]) == 1

            # Pause and resume: announced in the thread; actions wait meanwhile.
            await fake.slash("alice", thread, "game pause")
            await h.idle()
            assert any("alice paused the game" in t for t in thread_texts(h, thread))
            blocked = await fake.slash("bob", thread, "tribute bid", card=1)
            assert "paused" in content(h, blocked)
            await fake.slash("alice", thread, "game resume")
            await h.idle()
            assert any("alice resumed the game" in t for t in thread_texts(h, thread))

            # Replace: carol takes bob's seat; bob's old buttons no longer act for it.
            old = prompt(h, "bob", "bid-1")
            swapped = await fake.slash("alice", thread, "game replace", seat="bob", user="carol")
            assert "replaced" in content(h, swapped)
            await h.idle()
            stale = await fake.click("bob", old, "Bid 2")
            assert flags(stale) & EPHEMERAL and ("no seat" in content(h, stale) or "no game 1" in content(h, stale))
            assert "Bid a card from your hand" in prompt(h, "carol").text()  # the prompt goes to the new player
            hand = await fake.slash("carol", thread, "game hand")
            await fake.click("carol", await fake.reply(hand), "Bid 2")
            await fake.click("alice", prompt(h, "alice", "bid-1"), "Bid 4")
            await h.idle()
            assert any("The bids: alice 4 and carol 2." in t for t in thread_texts(h, thread)), thread_texts(h, thread)
            assert any("Pay a coin to shield" in m.text() for m in fake.dms("carol"))

            # Skip (GM): play the default for a seat the game waits on, announced like a deadline.
            assert "GM" in content(h, await fake.slash("carol", thread, "game skip", seat="alice"))
            skipped = await fake.slash("alice", thread, "game skip", seat="bob")
            assert flags(skipped) & EPHEMERAL
            await h.idle()
            assert h.table.info(game).seq == 3  # bob's seat passed the shield window by default

            # Settings, log.
            changed = await fake.slash("alice", thread, "game settings", setting="deadline", value="2h")
            assert "Changed: the deadline." in content(h, changed) and "Each player has 2 hours to answer." in content(h, changed)
            log = await fake.slash("carol", thread, "game log")
            assert flags(log) & EPHEMERAL and "2. " in content(h, log)

            # Export (GM, ephemeral: it holds every secret) and import into a new thread.
            assert "GM" in content(h, await fake.slash("carol", thread, "game export"))
            exported = await fake.slash("alice", thread, "game export")
            assert flags(exported) & EPHEMERAL
            file = fake.messages[exported.response_message_id].files[0]
            assert json.loads(file["data"])["format"] == "seneschal-game"
            imported = await fake.slash("alice", fake.channel_ids["general"], "game import",
                                        file=(file["filename"], file["data"]))
            await fake.wait_for(lambda: imported.followups)
            assert "Imported as game 2" in content(h, imported)
            await h.idle()
            assert h.table.info(2).seq == h.table.info(1).seq

            # Abandon (GM): the game ends without a result.
            await fake.slash("alice", thread, "game abandon")
            await h.idle()
            assert h.table.info(game).status.value == "abandoned"
            assert any("alice ended the game here" in t for t in thread_texts(h, thread))
            assert_no_secrets(h, thread)

    run(scenario())


def test_the_configured_gm_role_counts_as_gm(tmp_path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as h0:
            gm_role = str(h0.fake.gm_role_id)
            fake = h0.fake
            game, thread, lobby = await open_lobby(h0, ("bob", "carol"))
            await fake.click("bob", lobby, "Start")
            await h0.idle()
            assert "GM" in content(h0, await fake.slash("carol", thread, "game pause"))
            h0.bot.settings = type(h0.bot.settings)(h0.bot.settings.token, h0.bot.settings.dev_guild_ids, gm_role)
            fake.give_role("carol", fake.gm_role_id)
            paused = await fake.slash("carol", thread, "game pause")
            assert "paused" in content(h0, paused)

    run(scenario())
