"""End to end: one person flooding the bot (eight commands in flight at all times) is slowed down
politely, with when to try again, while the others' clicks are answered and their next prompts
delivered: delivery is not starved by the flood, and the flooder gets a few answers a second, not
a hundred."""

from __future__ import annotations

import asyncio
import time

from bot.discord.fairness import Fairness
from tests.bench_discord import next_click
from tests.e2e.harness import fake_discord, run, running
from tests.e2e.test_damage import open_game


def test_a_flooding_person_is_slowed_and_the_others_play_on(tmp_path) -> None:
    async def scenario() -> None:
        async with fake_discord() as fake:
            fake.add_user("mallory")
            async with running(tmp_path, fake=fake) as h:
                h.bot.fairness = Fairness()  # the production shares (the harness lifts them)
                flooded, flooded_thread = await open_game(fake, h.channel)
                game, _ = await open_game(fake, h.channel)
                await h.idle()
                answers: list[str] = []
                stop = asyncio.Event()

                async def flood() -> None:
                    while not stop.is_set():
                        for command in ("game status", "game log"):
                            inter = await fake.slash("mallory", flooded_thread, command, wait=False)
                            reply = await fake.reply(inter, 30)
                            answers.append(reply.text())

                flooders = [asyncio.create_task(flood()) for _ in range(8)]
                started = time.perf_counter()
                played = 0
                try:
                    await asyncio.sleep(0.5)  # the flood is under way
                    for _ in range(6):  # the others play on: each click answered, each next prompt delivered
                        click = next_click(h, game)  # type: ignore[arg-type]
                        if click is None:
                            break
                        user, message_id, cid = click
                        before = len(h.table.store.actions(game))
                        click_ = await fake.click(user, message_id, cid)  # a prompt's click is deferred, then edited
                        said = str(((click_.callback or {}).get("data") or {}).get("content") or "")
                        assert "try again in" not in said, said
                        await fake.wait_for(lambda b=before: len(h.table.store.actions(game)) > b, 10)
                        played += 1
                        # What the click caused (the next prompts, the news) is delivered while the flood goes on.
                        await fake.wait_for(lambda: not [m for m in h.table.pending_outbox(200) if m.game_id == game],
                                            10)
                finally:
                    stop.set()
                    await asyncio.gather(*flooders, return_exceptions=True)
                elapsed = time.perf_counter() - started
                slowed = [a for a in answers if "please try again in" in a]
                served = len(answers) - len(slowed)
                assert played >= 2 and slowed, (played, len(answers))
                assert all("Nothing was changed." in a for a in slowed)
                # The person's share: a burst of 10, then two a second (and a little slack for timing).
                assert served <= 10 + 2 * elapsed + 4, (served, elapsed)

    run(scenario())
