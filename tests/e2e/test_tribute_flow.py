"""End to end: the real discord.py client against the fake Discord, through a lobby and several
phases of the test game (secret bids, a reaction window, a request, offers).

What is asserted is what the bot sends: DMs only to the right people, public posts without
secrets, board images attached, ephemeral answers where due, one status message edited in place.
"""

from __future__ import annotations

import re

from bot.table import Actor
from tests.e2e.fake_discord import EPHEMERAL, FakeDiscord, Message
from tests.e2e.harness import Harness, run, running

SECRET_WORDS = ("hand=", "hand:", "coins", "my_bid", "Bid 5", "Bid 3", "secret.chosen", "give=", "take=",
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
    assert lobby.custom_ids() == ["sn:l:1:join", "sn:l:1:leave", "sn:l:1:start", "sn:k:1"]
    for user in players[1:]:
        click = await fake.click(user, lobby, "Join")
        assert click.response_type == 7  # the lobby message itself is updated
    return 1, thread, lobby


def prompt(h: Harness, user: str, decision: str | None = None) -> Message:
    """``user``'s living prompt: the last DM with choices (the one edited in place)."""
    found = [m for m in h.fake.dms(user) if any(c.startswith(("sn:c:", "sn:p:")) for c in m.custom_ids())]
    assert found, f"{user} has no prompt{' for ' + decision if decision else ''}: {[m.text() for m in h.fake.dms(user)]}"
    if decision is not None:
        st = h.table.status(Actor(str(h.fake.uid(user)), user), None, game_id=1)
        assert any(w.decision == decision and w.seat == user for w in st.waiting), (user, decision, st.waiting)
    return found[-1]


def labels(m: Message) -> list[str]:
    return [c["label"] for row in m.components for c in row["components"] if c.get("label")]


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

            # Start: a public board in the thread with the opening post, private boards and prompts by DM.
            images = [m for m in fake.channel_messages(thread) if m.files]
            assert images and images[0].files[0]["data"][:8] == b"\x89PNG\r\n\x1a\n"
            assert "Round 1 begins" in images[0].text()  # the board goes with the post, one message
            for user in ("alice", "bob"):
                mine = prompt(h, user, "bid-1")
                assert mine.files  # the private board comes with the first prompt
                assert labels(mine)[:5] == [f"Bid {n}" for n in range(1, 6)]
                assert "Bid a card from your hand" in mine.text()
            assert fake.dms("carol") == [] and fake.dms("dave") == []
            status = [m for m in fake.channel_messages(thread) if m.embeds and not m.ephemeral and "Waiting for" in m.text()]
            assert len(status) == 1 and "alice and bob" in status[0].text()

            # A fresh hand (ephemeral, with buttons) taken before alice answers by DM goes stale after.
            hand = await fake.slash("alice", thread, "game hand")
            assert hand.callback["data"]["flags"] & EPHEMERAL
            hand_msg = await fake.reply(hand)
            assert "Your hand" in hand_msg.text() and "Bid 2" in labels(hand_msg)

            before = len(fake.dms("alice"))
            living = prompt(h, "alice", "bid-1")
            edits = fake.messages[living.id].edits
            bid = await fake.click("alice", living, "Bid 5")
            assert bid.response_type == 6  # deferred: no transient "Done" edit of the prompt
            await h.idle()
            assert fake.messages[living.id].custom_ids() == []  # answered: no live buttons
            assert "You chose: Bid 5." in fake.messages[living.id].text()
            assert fake.messages[living.id].edits == edits + 1  # one edit: what was chosen
            assert len(fake.dms("alice")) == before  # no echo DM of the click
            assert not any("5" in t for t in thread_texts(h, thread) if "bids" in t)  # not revealed yet
            stale = await fake.click("alice", hand_msg, "Bid 2")
            assert stale.callback["data"]["flags"] & EPHEMERAL and "no longer open" in stale.callback["data"]["content"]

            await fake.click("bob", prompt(h, "bob", "bid-1"), "Bid 3")
            await h.idle()
            texts = "\n".join(thread_texts(h, thread))
            assert "The bids: alice 5 and bob 3." in texts, texts
            assert "alice wins the round with a bid of 5." in texts

            # The reaction window: bob's prompt is edited in place (no new message, no ping).
            window = prompt(h, "bob", "reaction-shield")
            assert labels(window)[-2:] == ["Let it pass", "Show my hand and choices"]  # Pass is never first
            await fake.click("bob", window, "Let it pass")
            await h.idle()

            # The winner demands; the request reaches bob with Pay and Refuse; Refuse asks to confirm.
            await fake.click("alice", prompt(h, "alice", "demand-1"), "Demand a coin from bob")
            await h.idle()
            request = prompt(h, "bob", "request-1")
            assert labels(request)[:2] == ["Pay the coin", "Refuse"]
            asked = await fake.click("bob", request, "Refuse")
            confirm = fake.messages[asked.response_message_id]
            assert confirm.ephemeral and "Refuse, and let the winner score a point?" in confirm.text()
            await fake.click("bob", confirm, "Confirm")
            await h.idle()
            assert prompt(h, "alice", "bid-2") and prompt(h, "bob", "bid-2")

            # An offer without typing: the flow asks whom, how many, and how many back, step by step.
            step = await fake.click("alice", prompt(h, "alice", "bid-2"), "Offer coins to another player …")
            flow = fake.messages[step.response_message_id]
            assert flow.ephemeral and "Offer coins to whom?" in flow.text()
            await fake.click("alice", flow, "bob")
            assert "How many coins do you give?" in fake.messages[flow.id].text()
            await fake.click("alice", fake.messages[flow.id], "1 coin")
            await fake.click("alice", fake.messages[flow.id], "0 coins")
            assert "Offer bob 1 for 0." in fake.messages[flow.id].text()
            await h.idle()
            offered = prompt(h, "bob")
            assert "Accept the offer" in labels(offered)
            await fake.click("bob", offered, "Accept the offer")
            await h.idle()
            assert h.table.state(game).data.players["bob"].coins == 4

            # One status message, edited in place; the public posts never carry a secret.
            status = [m for m in fake.channel_messages(thread) if m.embeds and not m.ephemeral and "Waiting for" in m.text()]
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
            assert [(c["name"], c["value"]) for c in choices] == [(f"card {n}", n) for n in range(1, 6)]
            seats = await fake.autocomplete("alice", thread, "tribute offer", "to")
            assert [(c["name"], c["value"]) for c in seats] == [("Bob", "bob")]  # legal targets only, by name
            assert all(0 < len(c["name"]) <= 100 and str(c["value"]) for c in choices + seats)
            opts = await fake.autocomplete("alice", h.channel, "game new", "options", name="tribute")
            assert "deadline=24h" in [c["value"] for c in opts]
            # A refusal names the rule and says what is legal; nothing changes.
            bad = await fake.slash("alice", thread, "tribute bid", card=9)
            text = bad.callback["data"]["content"]
            assert bad.callback["data"]["flags"] & EPHEMERAL and "(T1)" in text and "Possible now" in text
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
            assert "Round 1: the bids" in embed["description"] and "Waiting for alice and bob" in embed["description"]
            assert any("Your choices" in f["name"] and "Bid 1" in f["value"] for f in embed["fields"])
            # The rules summary and the log are ephemeral.
            rules = await fake.slash("bob", thread, "game rules")
            (page,) = rules.callback["data"]["embeds"]   # one embed: a game without rule topics, its commands
            assert rules.callback["data"]["flags"] & EPHEMERAL and "§T1" in page["description"]
            topic = await fake.slash("bob", thread, "game rules", name="offer")
            text = topic.callback["data"]["embeds"][0]["description"]
            assert "/tribute offer" in text and "§T4" in text and "/tribute bid" not in text

    run(scenario())
