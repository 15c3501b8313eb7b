"""End to end: closed DMs, duplicate deliveries, deadlines and restarts (in-process)."""

from __future__ import annotations

from tests.e2e.fake_discord import EPHEMERAL
from tests.e2e.harness import fake_discord, run, running
from tests.e2e.test_tribute_flow import assert_no_secrets, open_lobby, prompt, thread_texts


def test_closed_dms_do_not_stall_the_game(tmp_path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as h:
            fake = h.fake
            fake.closed_dms.add(fake.uid("bob"))
            game, thread, lobby = await open_lobby(h)
            await fake.click("alice", lobby, "Start")
            await h.idle()
            notices = [m for m in fake.channel_messages(thread) if "cannot send you direct messages" in m.text()]
            assert len(notices) == 1 and f"<@{fake.uid('bob')}>" in notices[0].text()
            assert "/game hand" in notices[0].text() and notices[0].custom_ids() == ["sn:h:1"]
            assert fake.dms("bob") == []
            # Bob gets his hand and buttons ephemerally, from the notice's button.
            shown = await fake.click("bob", notices[0], "Show my hand and choices")
            assert shown.callback["data"]["flags"] & EPHEMERAL
            hand = await fake.reply(shown)
            assert hand.files and hand.ephemeral  # the private board comes along
            assert "Your hand" in hand.text() and "Bid 4" in [c.get("label") for r in hand.components
                                                              for c in r["components"]]
            await fake.click("bob", hand, "Bid 4")
            await fake.click("alice", prompt(h, "alice", "bid-1"), "Bid 2")
            await h.idle()
            assert any("The bids: alice 2 and bob 4." in t for t in thread_texts(h, thread))
            # Still one notice, and nothing secret in the thread.
            assert len([m for m in fake.channel_messages(thread) if "cannot send you" in m.text()]) == 1
            assert_no_secrets(h, thread)
            assert h.table.info(game).seq == 2

    run(scenario())


def test_the_same_interaction_delivered_twice_is_applied_once(tmp_path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as h:
            fake = h.fake
            game, thread, lobby = await open_lobby(h)
            await fake.click("alice", lobby, "Start")
            await h.idle()
            typed = await fake.slash("alice", thread, "tribute bid", card=2)
            await fake.redeliver(typed)
            clicked = await fake.click("bob", prompt(h, "bob", "bid-1"), "Bid 1")
            await fake.redeliver(clicked)
            again = await fake.slash("alice", h.channel, "game new", name="tribute")
            await fake.wait_for(lambda: again.followups)
            await fake.redeliver(again)
            await h.idle()
            assert h.table.info(game).seq == 2
            assert [a.seat for a in h.table.store.actions(game)] == ["alice", "bob"]
            assert len(fake.threads()) == 2 and len(h.table.store.games()) == 2
            # The second deliveries found their tokens used and were only logged: one answer each.
            for inter in (typed, clicked):
                answers = [r for r in fake.sent("POST", f"/interactions/{inter.id}/")]
                assert len(answers) >= 1 and sum(r.status == 200 for r in answers) == 1

    run(scenario())


def test_reminders_and_defaults_are_announced_and_survive_a_restart(tmp_path) -> None:
    async def scenario() -> None:
        settings = {"deadline": "1h", "reminders": "30m"}
        async with fake_discord() as fake, running(tmp_path, fake=fake, settings=settings) as h:
            fake, clock = h.fake, h.clock
            game, thread, lobby = await open_lobby(h)
            await fake.click("alice", lobby, "Start")
            await h.idle()
            await fake.click("alice", prompt(h, "alice", "bid-1"), "Bid 5")
            await h.idle()
            clock.advance(31 * 60)
            await h.idle()
            assert any("Reminder" in m.text() for m in fake.dms("bob"))
            assert not any("Reminder" in m.text() for m in fake.dms("alice"))  # she has answered
            clock.advance(30 * 60)
            await h.idle()
            texts = "\n".join(thread_texts(h, thread))
            assert "Time ran out for bob" in texts and "The bids: alice 5 and bob 1." in texts
            assert any("Time ran out" in m.text() for m in fake.dms("bob"))
            posted = len(fake.channel_messages(thread))
            # The bot is down while bob's next deadline (the shield window) passes.
            await h.bot.close()
            clock.advance(2 * 3600)
            async with running(tmp_path, fake=fake, clock=clock, settings=settings) as h2:
                await h2.idle()
                assert h2.table.info(game).seq == 3
                assert [a.source for a in h2.table.store.actions(game)] == ["player", "deadline", "deadline"]
                assert len([t for t in thread_texts(h2, thread) if "Time ran out for bob" in t]) == 2
                assert len(fake.channel_messages(thread)) > posted

    run(scenario())


def test_buttons_sent_before_a_restart_still_work_and_nothing_is_posted_twice(tmp_path) -> None:
    async def scenario() -> None:
        async with fake_discord() as fake:
            async with running(tmp_path, fake=fake) as h:
                clock = h.clock
                game, thread, lobby = await open_lobby(h)
                await fake.click("alice", lobby, "Start")
                await h.idle()
                await fake.click("alice", prompt(h, "alice", "bid-1"), "Bid 3")
                await h.idle()
                before = {m.id: (m.text(), m.edits) for m in fake.messages.values()}
                bob_prompt = prompt(h, "bob", "bid-1")
            await restarted(tmp_path, fake, clock, game, thread, before, bob_prompt)

    async def restarted(tmp_path, fake, clock, game, thread, before, bob_prompt) -> None:
        async with running(tmp_path, fake=fake, clock=clock) as h2:
            await h2.idle()
            new = [m for m in fake.messages.values() if m.id not in before]
            assert new == []  # nothing re-posted on start
            click = await fake.click("bob", bob_prompt, "Bid 2")
            assert click.response_type == 6
            await h2.idle()
            assert h2.table.info(game).seq == 2
            assert any("The bids: alice 3 and bob 2." in t for t in thread_texts(h2, thread))

    run(scenario())


def test_a_message_discord_refuses_is_logged_and_does_not_stall_the_game(tmp_path, caplog) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as h:
            fake = h.fake
            game, thread, lobby = await open_lobby(h)
            await fake.click("alice", lobby, "Start")
            await h.idle()
            # Discord refuses the next post in the thread (missing permissions); the game goes on.
            await fake.click("alice", prompt(h, "alice", "bid-1"), "Bid 1")
            await h.idle()
            fake.fail_next.append(("POST", f"/channels/{thread}/messages", 403, 50013))
            with caplog.at_level("ERROR", logger="seneschal.discord.delivery"):
                await fake.click("bob", prompt(h, "bob", "bid-1"), "Bid 2")
                await h.idle()
            assert any("dropped" in r.getMessage() for r in caplog.records)
            assert not any("The bids" in t for t in thread_texts(h, thread))  # that post was refused
            shield = prompt(h, "alice", "reaction-shield")
            await fake.click("alice", shield, "Let it pass")
            await h.idle()
            assert h.table.info(game).seq == 3 and h.table.pending_outbox() == []

    run(scenario())


def test_a_dropped_gateway_reconnects_without_syncing_again(tmp_path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as h:
            fake = h.fake
            game, thread, lobby = await open_lobby(h)
            await fake.click("alice", lobby, "Start")
            await h.idle()
            syncs = len(fake.sent("PUT", "/applications/"))
            assert fake._ws is not None
            await fake._ws.close()
            await fake.wait_for(lambda: fake.identifies == 2 and fake.ready.is_set(), 20)
            await fake.click("alice", prompt(h, "alice", "bid-1"), "Bid 2")
            await h.idle()
            assert h.table.info(game).seq == 1
            assert len(fake.sent("PUT", "/applications/")) == syncs  # synced in setup_hook, not on_ready

    run(scenario())


def test_long_choices_as_buttons_many_as_selects(tmp_path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as h:
            fake = h.fake
            inter = await fake.slash("alice", h.channel, "game new", name="pick")
            thread = int((await fake.reply(inter)).text().split("<#")[1].split(">")[0])
            lobby = fake.channel_messages(thread)[0]
            await fake.click("bob", lobby, "Join")
            await fake.click("alice", lobby, "Start")
            await h.idle()
            # Round 1: three choices with long names: buttons (their index in the custom_id).
            first = prompt(h, "alice", "pick-1")
            ids = [c for c in first.custom_ids() if c.startswith("sn:c:")]
            assert len(ids) == 3 and all(len(c) <= 100 for c in ids)
            hand = await fake.reply(await fake.slash("alice", thread, "game hand"))
            assert ids[0] in hand.custom_ids()
            await fake.click("alice", first, ids[2])
            await h.idle()
            assert h.table.state(1).data.picks[-1].endswith("-2")
            # Round 2: 22 options: a select (values are indices).
            select = prompt(h, "bob", "pick-2")
            menus = [c for row in select.components for c in row["components"] if c["type"] == 3]
            assert len(menus) == 1 and len(menus[0]["options"]) == 22
            assert menus[0]["options"][7]["label"] == "pick: opt07"
            await fake.click("bob", select, menus[0]["custom_id"], values=["7"])
            await h.idle()
            assert h.table.state(1).data.picks[-1] == "opt07"
            # Round 3: 30 options: two selects of 25 and 5.
            third = prompt(h, "alice", "pick-3")
            menus = [c for row in third.components for c in row["components"] if c["type"] == 3]
            assert [len(m["options"]) for m in menus] == [25, 5]
            offered = await fake.autocomplete("alice", thread, "pick pick", "option", option="opt2")
            assert [c["value"] for c in offered] == [f"opt2{i}" for i in range(10)]
            await fake.click("alice", third, menus[1]["custom_id"], values=["29"])
            await h.idle()
            assert h.table.state(1).data.picks[-1] == "opt29"
            # A click on an old prompt is refused with an explanation.
            stale = await fake.click("alice", hand, ids[0])
            assert stale.callback["data"]["flags"] & EPHEMERAL and "over" in stale.callback["data"]["content"]
            assert len(h.table.state(1).data.picks) == 3
            assert h.table.info(1).status.value == "finished"

    run(scenario())
