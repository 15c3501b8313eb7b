"""End to end with computer players (issue 16): a lobby filled from its "Add a computer player" menu,
a person who answers by clicks, and a person who never answers while the table's ``absent``
setting has a computer player stand in for them. Played on the fake Discord through a whole Fief
round, and through OKC's first seasons.

Every message the bot sends (thread posts, DMs, replies, button labels) is read: it must read as
prose (``tests/speech.py``), the thread says in one line when a computer stood in, the absent player
is told by DM what was chosen for them, and nobody is sent a DM for the computer player's seat.
The agents are whatever :mod:`engine.agents` ships: nothing here asserts which move they pick.
"""

from __future__ import annotations

import asyncio
import random
import threading
from typing import Any

from bot.table import Actor
from tests.e2e.harness import Harness, run, running
from tests.e2e.test_real_games import click_one, components, living_prompt
from tests.speech import engine_speak

DAY = 25 * 3600


async def open_with_a_computer(h: Harness, name: str, options: str) -> tuple[int, int]:
    """alice opens ``name`` with ``absent=steady``, bob joins, alice adds a steady computer player
    from the lobby's menu and starts."""
    fake = h.fake
    inter = await fake.slash("alice", h.channel, "game new", name=name, options=options)
    await fake.wait_for(lambda: inter.followups)
    game = max(g.id for g in h.table.store.games())
    thread = h.thread_of(game)
    lobby = fake.channel_messages(thread)[0]
    await fake.click("bob", lobby, "Join")
    added = await fake.click("alice", lobby, f"sn:k:{game}", values=["steady"])
    assert added.response_type == 7, added.callback  # the lobby message itself shows the new seat
    lobby = fake.messages[lobby.id]
    assert "computer player, steady" in lobby.text(), lobby.text()
    started = await fake.click("alice", lobby, "Start")
    assert started.response_type == 7, started.callback
    await h.idle(30)
    return game, thread


async def play_until(h: Harness, game: int, thread: int, done: str, limit: int = 600) -> int:
    """alice answers her prompts by clicks; when only bob is awaited, a day passes and a computer
    player stands in for him. Until the phase label contains ``done``."""
    rnd = random.Random(5)
    probe = Actor(str(h.fake.uid("alice")), "alice")
    steps = 0
    while done not in h.table.info(game).phase.lower() and steps < limit:
        info = h.table.info(game)
        if info.status.value == "finished":
            break
        awaited = {w.seat for w in h.table.status(probe, None, game_id=game).waiting if w.blocking}
        alice = info.seat_of(str(h.fake.uid("alice")))
        assert alice is not None
        before = info.seq
        if alice.seat in awaited and living_prompt(h.fake, "alice") is not None:
            await answer_by_clicks(h, game, "alice", rnd)
        if h.table.info(game).seq == before:  # alice did not finish her answer, or only bob is awaited
            h.clock.advance(DAY)
            h.bot.wake()
        await h.idle(30)
        steps += 1
    assert done in h.table.info(game).phase.lower() or h.table.info(game).status.value == "finished", (
        f"stopped at {h.table.info(game).phase} after {steps} steps")
    return steps


async def answer_by_clicks(h: Harness, game: int, user: str, rnd: random.Random) -> None:
    """``user`` answers their living prompt with buttons and selects only (a multi-part choice step by
    step in the ephemeral message the first click opens)."""
    fake = h.fake
    message = living_prompt(fake, user)
    assert message is not None
    before = h.table.info(game).seq
    click = await click_one(fake, user, message, rnd)
    for _ in range(12):
        assert click.callback is not None, click
        data = click.callback.get("data") or {}
        assert "Something went wrong" not in (data.get("content") or ""), data
        if h.table.info(game).seq != before or click.response_message_id is None:
            return
        shown = fake.messages[click.response_message_id]
        if not components(shown):
            return
        click = await click_one(fake, user, shown, rnd)


def read_everything(h: Harness, thread: int) -> tuple[list[str], dict[str, list[str]]]:
    """Every line of the thread and of each person's DMs, checked for engine-speak."""
    fake = h.fake
    posts = [m.text() for m in fake.channel_messages(thread) if not m.ephemeral]
    dms = {u: [m.text() for m in fake.dms(u)] for u in ("alice", "bob", "carol")}
    for where, texts in [("thread", posts)] + [(f"dm {u}", t) for u, t in dms.items()]:
        for text in texts:
            assert not engine_speak(text), f"{where}: {engine_speak(text)} in {text!r}"
    return posts, dms


def check_computers_spoke_well(h: Harness, game: int, thread: int) -> None:
    posts, dms = read_everything(h, thread)
    computer = next(s for s in h.table.info(game).seats if s.computer)
    stand_in = [p for p in posts if "time ran out for bob, so a computer player (steady) plays in their place" in p]
    assert stand_in, "\n".join(posts)
    assert all(len(p.splitlines()) == 1 for p in stand_in)  # one line each
    told = [line for text in dms["bob"] for line in text.splitlines() if "a computer player chose for you" in line]
    assert told and all(len(line) < 200 for line in told)
    assert not dms["carol"]
    assert set(h.fake.dm_channels) <= {h.fake.uid("alice"), h.fake.uid("bob")}  # never the computer's seat
    sources = {a.seat: set() for a in h.table.store.actions(game)}
    for a in h.table.store.actions(game):
        sources[a.seat].add(a.source)
    assert "computer" in sources[computer.seat] and "player" not in sources[computer.seat]
    assert "deadline" not in sources.get("bob", set())  # no bare default while absent is set


def test_fief_three_people_one_computer_and_an_absent_player_through_a_round(tmp_path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as h:
            game, thread = await open_with_a_computer(h, "fief", "absent=steady")
            await play_until(h, game, thread, "round 2")
            check_computers_spoke_well(h, game, thread)

    run(scenario())


def test_okc_with_a_computer_and_an_absent_player(tmp_path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as h:
            game, thread = await open_with_a_computer(h, "okc", "length=4, absent=steady")
            await play_until(h, game, thread, "round 2")
            check_computers_spoke_well(h, game, thread)

    run(scenario())


def test_the_bot_answers_people_while_a_computer_player_thinks(tmp_path, monkeypatch) -> None:
    """A computer's turn thinks in a worker thread: /game status is answered meanwhile, and the move
    lands once it has thought (tribute, with a computer player that thinks until told to stop)."""
    from engine import agents

    go_on, thinking = threading.Event(), threading.Event()
    real = agents.decide

    def slow(*args: Any, **kw: Any) -> Any:
        thinking.set()
        go_on.wait(20)
        return real(*args, **kw)

    monkeypatch.setattr(agents, "decide", slow)

    async def scenario() -> None:
        async with running(tmp_path) as h:
            fake = h.fake
            inter = await fake.slash("alice", h.channel, "game new", name="tribute")
            await fake.wait_for(lambda: inter.followups)
            thread = h.thread_of(1)
            lobby = fake.channel_messages(thread)[0]
            await fake.click("alice", lobby, "sn:k:1", values=["schemer"])
            await fake.click("alice", fake.messages[lobby.id], "Start")
            await asyncio.wait_for(asyncio.to_thread(thinking.wait, 10), 15)
            status = await fake.slash("alice", thread, "game status")  # answered while the computer thinks
            assert status.answered.is_set()
            assert not any(a.seat != "alice" for a in h.table.store.actions(1) if a.source == "computer")
            go_on.set()
            await fake.wait_for(lambda: any(a.source == "computer" for a in h.table.store.actions(1)), 20)

    try:
        run(scenario())
    finally:
        go_on.set()
