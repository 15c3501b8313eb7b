"""End to end: the real discord.py client against the fake Discord, through a lobby and several
phases of the test game (secret bids, a reaction window, a request, offers).

What is asserted is what the bot sends: DMs only to the right people, public posts without
secrets, board images attached, ephemeral answers where due, one status message edited in place.
"""

from __future__ import annotations

import re

from tests.e2e.fake_discord import EPHEMERAL, FakeDiscord, Message
from tests.e2e.harness import Harness, run, running

SECRET_WORDS = ("hand=", "hand:", "coins", "my_bid", "your choice for", "secret.chosen", "give=", "take=",
                "offer.made", "offer.executed")


def thread_texts(h: Harness, thread: int) -> list[str]:
    return [m.text() for m in h.fake.channel_messages(thread) if not m.ephemeral]


def assert_no_secrets(h: Harness, thread: int) -> None:
    for text in thread_texts(h, thread):
        for word in SECRET_WORDS:
            assert word not in text, f"public post leaks {word!r}: {text!r}"


async def open_lobby(h: Harness, players: tuple[str, ...] = ("alice", "bob")) -> tuple[int, int, Message]:
    return await open_lobby_in(h.fake, h.channel, players)


async def open_lobby_in(fake: FakeDiscord, channel: int, players: tuple[str, ...]) -> tuple[int, int, Message]:
    """``/game new`` by the first player in ``channel``, then the others click Join."""
    inter = await fake.slash(players[0], channel, "game new", name="tribute")
    assert inter.callback and inter.callback["type"] == 5 and inter.callback["data"]["flags"] & EPHEMERAL
    await fake.wait_for(lambda: inter.followups)
    reply = fake.messages[inter.followups[0]]
    assert reply.ephemeral and "Game 1" in reply.text()
    thread = int(re.search(r"<#(\d+)>", reply.text())[1])  # type: ignore[index]
    assert thread in {int(t["id"]) for t in fake.threads()}
    lobby = fake.channel_messages(thread)[0]
    assert lobby.custom_ids() == ["sn:l:1:join", "sn:l:1:leave", "sn:l:1:start"]
    for user in players[1:]:
        click = await fake.click(user, lobby, "Join")
        assert click.response_type == 7  # the lobby message itself is updated
    return 1, thread, lobby


def prompt(h: Harness, user: str, decision: str) -> Message:
    found = [m for m in h.fake.dms(user) if any(f":{decision}|" in c for c in m.custom_ids())]
    assert found, f"{user} has no prompt for {decision}: {[m.text() for m in h.fake.dms(user)]}"
    return found[-1]


def test_lobby_and_phases_of_a_game(tmp_path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as h:
            fake = h.fake
            game, thread, lobby = await open_lobby(h, ("alice", "bob", "carol"))
            assert "carol" in fake.messages[lobby.id].text()
            await fake.click("carol", lobby, "Leave")
            assert "carol" not in fake.messages[lobby.id].text()

            # Only the creator (or a GM) starts; the refusal is ephemeral.
            refused = await fake.click("bob", lobby, "Start")
            assert refused.callback["data"]["flags"] & EPHEMERAL
            assert "creator" in refused.callback["data"]["content"]
            started = await fake.click("alice", lobby, "Start")
            assert started.response_type == 7
            assert fake.messages[lobby.id].custom_ids() == []  # no buttons once started
            await h.idle()

            # Start: a public board in the thread, private boards and prompts by DM, to seated people only.
            images = [m for m in fake.channel_messages(thread) if m.files]
            assert images and images[0].files[0]["data"][:8] == b"\x89PNG\r\n\x1a\n"
            assert "game 1 started" in images[0].text()  # the board goes with the summary of the phase
            for user in ("alice", "bob"):
                assert any(m.files and "private board" in m.text() for m in fake.dms(user))
                assert prompt(h, user, "bid-1").custom_ids()[:5] == [f"sn:a:1:0:bid-1|bid card:{n}" for n in range(1, 6)]
            assert fake.dms("carol") == [] and fake.dms("dave") == []
            status = [m for m in fake.channel_messages(thread) if m.embeds and not m.ephemeral and "Waiting on" in m.text()]
            assert len(status) == 1

            # A fresh hand (ephemeral, with buttons) taken before alice answers by DM goes stale after.
            hand = await fake.slash("alice", thread, "game hand")
            assert hand.callback["data"]["flags"] & EPHEMERAL
            hand_msg = await fake.reply(hand)
            assert "bid" in hand_msg.text() and "sn:a:1:0:bid-1|bid card:2" in hand_msg.custom_ids()

            bid = await fake.click("alice", prompt(h, "alice", "bid-1"), "Bid: 5")
            assert bid.response_type == 7 and "Bid: 5" in fake.messages[bid.response_message_id].text()
            await h.idle()
            assert any("alice has chosen" in t for t in thread_texts(h, thread))
            assert not any("5" in t and "revealed" in t for t in thread_texts(h, thread))  # not revealed yet
            stale = await fake.click("alice", hand_msg, "Bid: 2")
            assert stale.callback["data"]["flags"] & EPHEMERAL and "stale" in stale.callback["data"]["content"]

            await fake.click("bob", prompt(h, "bob", "bid-1"), "Bid: 3")
            await h.idle()
            texts = "\n".join(thread_texts(h, thread))
            assert "revealed bid-1: alice 5, bob 3" in texts and "round.won seat=alice" in texts

            # The reaction window: bob is prompted by DM, and mentioned in the thread (no choices listed).
            window = prompt(h, "bob", "reaction-shield")
            assert {c.split("|")[1] for c in window.custom_ids() if "|" in c} == {"pass", "shield"}
            assert any(f"<@{fake.uid('bob')}>" in t and "reaction.shield" in t for t in thread_texts(h, thread))
            await fake.click("bob", window, "Pass")
            await h.idle()

            # The winner demands; the request reaches bob by DM with Accept and Decline.
            await fake.click("alice", prompt(h, "alice", "demand-1"), "Demand: bob")
            await h.idle()
            request = prompt(h, "bob", "request-1")
            assert [b for b in request.custom_ids() if "|" in b] == [
                "sn:a:1:4:request-1|respond accept:True request:1", "sn:a:1:4:request-1|respond accept:False request:1"]
            await fake.click("bob", request, "Decline")
            await h.idle()
            assert prompt(h, "alice", "bid-2") and prompt(h, "bob", "bid-2")

            # An offer by slash command: the terms go by DM to the two parties only.
            offer = await fake.slash("alice", thread, "tribute offer", to="bob", give=1, take=0)
            assert offer.callback["data"]["flags"] & EPHEMERAL
            await h.idle()
            offered = prompt(h, "bob", "offer-1")
            assert "Accept offer 1" in [c["label"] for row in offered.components for c in row["components"]]
            await fake.click("bob", offered, "Accept offer 1")
            await h.idle()
            assert any("offer.accepted" in t for t in thread_texts(h, thread))

            # One status message, edited in place; the public posts never carry a secret.
            status = [m for m in fake.channel_messages(thread) if m.embeds and not m.ephemeral and "Waiting on" in m.text()]
            assert len(status) == 1 and status[0].edits >= 4
            assert_no_secrets(h, thread)
            # Every DM went to a seated player.
            seated = {fake.uid("alice"), fake.uid("bob")}
            assert set(fake.dm_channels) <= seated
            assert h.table.info(game).seq == 7

    run(scenario())


def test_commands_refuse_clearly_and_autocomplete_offers_legal_values(tmp_path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as h:
            fake = h.fake
            game, thread, lobby = await open_lobby(h)
            await fake.click("alice", lobby, "Start")
            await h.idle()
            # Autocomplete comes from the legal actions of the asking seat.
            choices = await fake.autocomplete("alice", thread, "tribute bid", "card")
            assert [c["value"] for c in choices] == [1, 2, 3, 4, 5]
            seats = await fake.autocomplete("alice", thread, "tribute offer", "to")
            assert [c["value"] for c in seats] == ["bob"]  # legal targets only: not herself
            opts = await fake.autocomplete("alice", h.channel, "game new", "options", name="tribute")
            assert "deadline=24h" in [c["value"] for c in opts]
            # A refusal names the rule and says what is legal; nothing changes.
            bad = await fake.slash("alice", thread, "tribute bid", card=9)
            text = bad.callback["data"]["content"]
            assert bad.callback["data"]["flags"] & EPHEMERAL and "T1" in text and "legal" in text
            wrong = await fake.slash("carol", thread, "tribute bid", card=1)
            assert "no seat" in wrong.callback["data"]["content"]
            turn = await fake.slash("alice", thread, "tribute demand", seat="bob")
            assert "T3" in turn.callback["data"]["content"]
            gm_only = await fake.slash("bob", thread, "game pause")
            assert "GM" in gm_only.callback["data"]["content"]
            assert h.table.info(game).seq == 0
            # Status: public facts plus, for the asker only, the legal choices.
            status = await fake.slash("bob", thread, "game status")
            assert status.callback["data"]["flags"] & EPHEMERAL
            embed = status.callback["data"]["embeds"][0]
            assert any("You may" in f["name"] and "bid card:1" in f["value"] for f in embed["fields"])
            # The rules summary and the log are ephemeral.
            rules = await fake.slash("bob", thread, "game rules")
            assert rules.callback["data"]["flags"] & EPHEMERAL and "§T1" in rules.callback["data"]["content"]
            topic = await fake.slash("bob", thread, "game rules", name="offer")
            text = topic.callback["data"]["content"]
            assert "/tribute offer" in text and "§T4" in text and "/tribute bid" not in text

    run(scenario())
