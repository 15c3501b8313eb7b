"""End to end: a post that grows (a Fief battle told round by round) is one message in the thread,
edited in place by each later row with the same ``post`` key, never posted again; what no longer
fits one message goes on in one follow-up message, edited the same way; a restart keeps editing."""

from __future__ import annotations

from bot.table import outbox as ob
from tests.e2e.fake_discord import Message
from tests.e2e.harness import Harness, run, running
from tests.e2e.test_tribute_flow import open_lobby


def battle_row(game: int, seq: int, lines: list[str], *, done: bool = False) -> ob.Message:
    return ob.Message(f"g{game}.e0.s{seq}.battle.0", ob.CHANNEL_POST, "channel",
                      {"type": "battle", "game_id": game, "post": f"g{game}.e0.battle.1.0", "lines": lines,
                       "new": lines[-1:], "done": done})


def posts(h: Harness, thread: int, text: str) -> list[Message]:
    return [m for m in h.fake.channel_messages(thread) if text in m.text()]


def test_a_battle_post_is_edited_round_by_round_not_posted_again(tmp_path) -> None:
    head = "Battle at Oxford: Red (alice) attacks Green (bob), who holds the city."
    round1 = "Round 1. Melee: Red rolls 1 and 3 for 4 hits; Green rolls 3 for 3 hits. Left: 2 Knights for Red."
    round2 = "Round 2. Melee: Red rolls 2 for 2 hits; Green rolls a blank for no hit. Left: nothing for Green."

    async def scenario() -> None:
        async with running(tmp_path) as h:
            game, thread, lobby = await open_lobby(h, ("alice", "bob"))
            await h.fake.click("alice", lobby, "Start")
            await h.idle()
            h.table.queue(game, [battle_row(game, 90, [head, round1])])
            await h.idle()
            [post] = posts(h, thread, head)
            assert round1 in post.text() and post.edits == 0
            h.table.queue(game, [battle_row(game, 91, [head, round1, round2], done=True)])
            await h.idle()
            assert posts(h, thread, head) == [post]  # the same message...
            assert h.fake.messages[post.id].edits == 1 and round2 in h.fake.messages[post.id].text()  # ...edited
            # A report longer than one message: the rest goes on in one follow-up, itself edited later.
            long = [head] + [f"Round {i}. " + "Red rolls 1 for 1 hit. " * 12 for i in range(1, 12)]
            h.table.queue(game, [battle_row(game, 92, long)])
            await h.idle()
            h.table.queue(game, [battle_row(game, 93, long + ["Red (alice) takes Oxford."], done=True)])
            await h.idle()
            assert posts(h, thread, head) == [post]
            rest = [m for m in h.fake.channel_messages(thread) if "Round 11." in m.text()]
            assert len(rest) == 1 and "Red (alice) takes Oxford." in rest[0].text()
            assert all(len(m.text()) <= 2000 for m in h.fake.channel_messages(thread))

    run(scenario())
