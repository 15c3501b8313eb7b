"""End to end: a damaged outbox row and a damaged snapshot in the bot's database file.

Two games are played, the bot stops, each game gets one more action (queued, not yet sent), and
bytes are flipped in the file: game 1's queued message, game 2's snapshot. After the restart,
game 2's message goes out and game 2 plays on (its state replayed from the log); game 1's thread is
told it is set aside, and ``/game status`` there gives the corrupt-game refusal, never an incident.
"""

from __future__ import annotations

from bot.table import Actor, FakeClock
from engine.core import Action
from tests.e2e.fake_discord import EPHEMERAL, FakeDiscord
from tests.e2e.harness import fake_discord, make_table, run, running
from tests.table.damage import flip_byte


async def open_game(fake: FakeDiscord, channel: int) -> tuple[int, int]:
    inter = await fake.slash("alice", channel, "game new", name="tribute")
    await fake.wait_for(lambda: inter.followups)
    before = {int(t["id"]) for t in fake.threads()}
    thread = max(before)
    lobby = fake.channel_messages(thread)[0]
    game = int(lobby.custom_ids()[0].split(":")[2])
    await fake.click("bob", lobby, "Join")
    await fake.click("alice", lobby, "Start")
    return game, thread


def test_damaged_rows_stay_with_their_game(tmp_path) -> None:
    async def scenario() -> None:
        clock = FakeClock()
        async with fake_discord() as fake:
            async with running(tmp_path, fake=fake, clock=clock) as h:
                first, first_thread = await open_game(fake, h.channel)
                second, second_thread = await open_game(fake, h.channel)
                await h.idle()
            db = tmp_path / "seneschal.sqlite3"
            offline = make_table(db, clock)
            alice = Actor(str(fake.uid("alice")), "alice")
            for card, game in ((1, first), (3, second)):
                offline.act(alice, None, "tribute", Action.of("bid", card=card), game_id=game)
            offline.store.close()
            flip_byte(db, "outbox", "payload", "game = ? AND delivered_at IS NULL ORDER BY id LIMIT 1", (first,))
            flip_byte(db, "snapshots", "state", "game = ? AND seq = 0", (second,))

            async with running(tmp_path, fake=fake, clock=clock) as h:
                await h.idle()
                # Game 2's queued status edit went out: after alice's bid it waits for bob alone.
                assert "Waiting for bob," in fake.channel_messages(second_thread)[-1].text()
                notices = [m for m in fake.channel_messages(first_thread) if "is damaged" in m.text()]
                assert len(notices) == 1 and "/game abandon" in notices[0].text()
                status = await fake.slash("bob", first_thread, "game status")
                answer = await fake.reply(status)
                assert answer.flags & EPHEMERAL
                assert "damaged" in answer.text() and "incident" not in answer.text()
                # The other game plays on: bob bids there and the reveal is posted.
                posts = len(fake.channel_messages(second_thread))
                await fake.slash("bob", second_thread, "tribute bid", card=4)
                await h.idle()
                assert len(fake.channel_messages(second_thread)) > posts  # the phase's post
                assert [q.game for q in h.table.store.quarantined()] == [first]

    run(scenario())


def test_a_damaged_game_row_or_seat_stays_with_its_game(tmp_path) -> None:
    """Game 1's own row (its options, not UTF-8) and game 2's seat are damaged while each has a message
    pending: game 3 delivers within 10 s, games 1 and 2 each tell their thread once, and their players
    get words, in the thread and in a DM listing, never an incident."""
    import time

    from tests.table.damage import spoil

    async def scenario() -> None:
        clock = FakeClock()
        async with fake_discord() as fake:
            async with running(tmp_path, fake=fake, clock=clock) as h:
                games = [await open_game(fake, h.channel) for _ in range(3)]
                await h.idle()
            db = tmp_path / "seneschal.sqlite3"
            offline = make_table(db, clock)
            alice = Actor(str(fake.uid("alice")), "alice")
            for card, (game, _) in enumerate(games, start=1):
                offline.act(alice, None, "tribute", Action.of("bid", card=card), game_id=game)
            offline.store.close()
            (first, first_thread), (second, second_thread), (third, third_thread) = games
            spoil(db, "games", "options", "id = ?", (first,))
            spoil(db, "seats", "name", "game = ? AND seat = 'bob'", (second,))

            started = time.perf_counter()
            async with running(tmp_path, fake=fake, clock=clock) as h:
                await fake.wait_for(lambda: any("Waiting for bob," in m.text()
                                                for m in fake.channel_messages(third_thread)[-1:]), timeout=10)
                assert time.perf_counter() - started < 10
                await h.idle()
                for thread in (first_thread, second_thread):
                    notices = [m for m in fake.channel_messages(thread) if "is damaged" in m.text()]
                    assert len(notices) == 1 and "/game abandon" in notices[0].text()
                    status = await fake.slash("bob", thread, "game status")
                    answer = await fake.reply(status)
                    assert "damaged" in answer.text() and "incident" not in answer.text()
                listing = await fake.slash("alice", int(fake._dm_channel(fake.uid("alice"))["id"]), "game list")
                said = (await fake.reply(listing)).text()
                assert "incident" not in said and said.count("damaged and set aside") == 2, said
                assert sorted(q.game for q in h.table.store.quarantined()) == [first, second]
                await fake.slash("bob", third_thread, "tribute bid", card=4)
                await h.idle()
                assert h.table.state(third).version > 0

    run(scenario())
