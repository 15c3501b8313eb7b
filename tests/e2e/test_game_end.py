"""The end of a game through the Discord adapter (issue 33): the thread gets the final post with the
score by round attached, and a player reads the ended game's log and board from a DM by its number."""

from __future__ import annotations

import random

from bot.table import Actor
from engine.core import RuleError
from engine.playout import pick
from tests.e2e.harness import run, running

PNG = b"\x89PNG\r\n\x1a\n"


def reply_text(fake, inter) -> str:  # type: ignore[no-untyped-def]
    data = (inter.callback or {}).get("data") or {}
    parts = [data.get("content") or ""] + [e.get("description") or "" for e in data.get("embeds") or []]
    parts += [fake.messages[m].text() for m in inter.followups]
    return "\n".join(parts)


def test_the_end_is_posted_and_drawn_and_the_game_is_read_after_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    async def body() -> None:
        async with running(tmp_path) as h:
            fake = h.fake
            inter = await fake.slash("alice", h.channel, "game new", name="okc", options="length=4")
            await fake.wait_for(lambda: inter.followups)
            game = max(g.id for g in h.table.store.games())
            thread = h.thread_of(game)
            lobby = fake.channel_messages(thread)[0]
            for user in ("bob", "carol"):
                await fake.click(user, lobby, "Join")
            await fake.click("alice", lobby, "Start")
            await h.idle(30)
            rules = h.table.rules_for("okc")
            by_seat = {s.seat: Actor(s.user_id, s.name) for s in h.table.info(game).seats}
            rnd = random.Random(2)
            for _ in range(3000):
                if h.table.info(game).status.value != "active":
                    break
                state = h.table.state(game)
                seat = rnd.choice(sorted({s for d in rules.pending(state) if d.blocking for s in d.seats}))
                try:
                    h.table.act(by_seat[seat], None, None, pick(rules, state, seat, rules.legal(state, seat), rnd),
                                game_id=game)
                except RuleError:
                    continue
            assert h.table.info(game).status.value == "finished"
            await h.idle(120)
            final = [m for m in fake.channel_messages(thread) if "The end of the game" in m.text()]
            assert len(final) == 1, [m.text()[:80] for m in fake.channel_messages(thread)[-4:]]
            assert "The game is over after Year 4" in final[0].text()
            assert final[0].files and final[0].files[0]["data"].startswith(PNG)

            dm = int(fake._dm_channel(fake.uid("bob"))["id"])
            log = await fake.slash("bob", dm, "game log", game=game)
            await fake.settle(0.2)
            text = reply_text(fake, log)
            assert "no live game" not in text and "no game" not in text.lower(), text
            board = await fake.slash("bob", dm, "game board", game=game)
            await fake.settle(0.5)
            shown = [fake.messages[m] for m in board.followups] + (
                [fake.messages[board.response_message_id]] if board.response_message_id else [])
            files = [f for m in shown for f in m.files] + list(((board.callback or {}).get("data") or {}).get("files") or [])
            assert files and files[0]["data"].startswith(PNG), reply_text(fake, board)
            bare = await fake.slash("bob", dm, "game log")
            await fake.settle(0.2)
            assert f"game:{game}" in reply_text(fake, bare)

    run(body())
