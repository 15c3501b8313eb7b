"""End to end with Fief: commands typed in a DM (autocomplete by name, a name typed by prefix), and
one living prompt per seat, edited in place after a partial action whether the seat clicked or
typed, never sent anew while the seat keeps acting."""

from __future__ import annotations

from bot.table import Actor
from tests.e2e.fake_discord import EPHEMERAL, FakeDiscord, Message
from tests.e2e.harness import Harness, run, running

PLAYERS = ("alice", "bob", "carol")


def living(fake: FakeDiscord, user: str) -> Message:
    found = [m for m in fake.dms(user) if any(c.startswith(("sn:c:", "sn:p:")) for c in m.custom_ids())]
    assert found, f"{user} has no prompt"
    return found[-1]


def labels(m: Message) -> list[str]:
    return [c.get("label") or "" for row in m.components for c in row["components"]]


def awaited(h: Harness, game: int) -> tuple[str, str]:
    """(user, decision) of the first seat the game waits on."""
    info = h.table.info(game)
    probe = Actor(info.seats[0].user_id, info.seats[0].name)
    w = next(w for w in h.table.status(probe, None, game_id=game).waiting if w.blocking)
    seat = info.user_of(w.seat)
    assert seat is not None
    return h.fake.name_of(int(seat.user_id)), w.decision


def test_commands_in_dms_and_a_prompt_refreshed_in_place(tmp_path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as h:
            fake = h.fake
            inter = await fake.slash("alice", h.channel, "game new", name="fief")
            await fake.wait_for(lambda: inter.followups)
            game = max(g.id for g in h.table.store.games())
            lobby = fake.channel_messages(h.thread_of(game))[0]
            for user in PLAYERS[1:]:
                await fake.click(user, lobby, "Join")
            await fake.click("alice", lobby, "Start")
            await h.idle(30)

            # Setup: the first player answers in a DM by typing, with a city's name by prefix.
            user, _ = awaited(h, game)
            prompt = living(fake, user)
            dm = prompt.channel_id
            offered = await fake.autocomplete(user, dm, "fief turn start", "city", city="king")
            assert [c["name"] for c in offered] == ["King's Lynn"]
            assert all(c["value"] and len(c["name"]) <= 100 for c in offered)
            typed = await fake.slash(user, dm, "fief turn start", city="king's")
            assert typed.callback["data"]["flags"] & EPHEMERAL
            assert "King's Lynn" in typed.callback["data"]["content"], typed.callback
            await h.idle(30)
            assert fake.messages[prompt.id].custom_ids() == []  # answered in place: no live buttons
            assert "You chose: Start at King's Lynn." in fake.messages[prompt.id].text()

            # The other players start by buttons, until someone draws cards (Phase 2).
            for _ in range(6):
                user, decision = awaited(h, game)
                if h.table.rules_for("fief").phase(h.table.state(game)).startswith("Round"):
                    break
                await fake.click(user, living(fake, user), labels(living(fake, user))[0])
                await h.idle(30)
            user, _ = awaited(h, game)
            prompt = living(fake, user)
            assert "Draw a Character card" in labels(prompt)
            sent, edits = len(fake.dms(user)), prompt.edits

            # A partial action by button: the same message, fresh choices.
            await fake.click(user, prompt, "Draw a Character card")
            await h.idle(30)
            now = fake.messages[prompt.id]
            assert now.edits > edits and "Draw a Character card" not in labels(now)
            assert "Draw a Fortune card" in labels(now) and labels(now).index("Done drawing") > 0
            assert len(fake.dms(user)) == sent  # no new prompt, no echo of the click
            # Another partial action typed in the DM: the same prompt is refreshed again.
            edits = now.edits
            typed = await fake.slash(user, now.channel_id, "fief cards draw", deck="fortune")
            assert "Done" in typed.callback["data"]["content"], typed.callback
            await h.idle(30)
            assert fake.messages[prompt.id].edits > edits
            assert len([m for m in fake.dms(user) if m.custom_ids()]) == 1

            # Status and hand, typed in the DM: the player's game, in words.
            status = await fake.slash(user, now.channel_id, "game status")
            embed = status.callback["data"]["embeds"][0]
            assert "Round 1" in embed["description"] and "Waiting for" in embed["description"]
            hand = await fake.reply(await fake.slash(user, now.channel_id, "game hand"))
            assert hand.ephemeral and "what only you know" in hand.text() and "Cards in hand" in hand.text()

    run(scenario())
