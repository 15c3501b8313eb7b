"""End to end with the real games: a lobby and several phases of Fief and of The Old King's Crown,
driven only through the buttons and selects of the living prompts the bot DMs (multi-part
choices such as movement step by step, in the ephemeral message the first click opens).

Asserted on what the bot sends: the public board image in the thread, private boards and
prompts by DM to seated players only, and no line of a private DM ever repeated in the thread.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.table import Actor
from tests.e2e.fake_discord import FakeDiscord, Message
from tests.e2e.harness import Harness, run, running

PNG = b"\x89PNG\r\n\x1a\n"


def living_prompt(fake: FakeDiscord, user: str) -> Message | None:
    """The user's living prompt: the last DM with choices."""
    for m in reversed(fake.dms(user)):
        if any(c.startswith(("sn:c:", "sn:p:")) for c in m.custom_ids()):
            return m
    return None


def command_path(fake: FakeDiscord, group: str, kind: str) -> str:
    """``/group kind`` as synced: in the group of commands it belongs to (``fief war move``)."""
    for name in fake.command_names():
        words = name.split()
        if (words[0] == group or words[0].startswith(f"{group}-")) and words[-1] == kind:
            return name
    raise KeyError(f"no slash command for {group} {kind}")


def components(m: Message) -> list[dict[str, Any]]:
    return [c for row in m.components for c in row["components"]
            if str(c.get("custom_id", "")).startswith(("sn:c:", "sn:p:"))]


async def click_one(fake: FakeDiscord, user: str, m: Message, rnd: random.Random) -> Any:
    """Click a random choice of ``m``: a button, or options of a select (as many as it asks)."""
    comp = rnd.choice(components(m))
    if comp["type"] == 3:
        options = [o["value"] for o in comp["options"]]
        low = max(comp.get("min_values", 1), 1 if comp.get("max_values", 1) == 1 else 0)
        picked = rnd.sample(options, min(len(options), rnd.randint(low, max(low, comp.get("max_values", 1)))))
        return await fake.click(user, m, comp["custom_id"], values=picked)
    return await fake.click(user, m, comp["custom_id"])


async def step(h: Harness, game: int, thread: int, rnd: random.Random) -> bool:
    """Answer one awaited decision as its player would, with buttons and selects only (a multi-part
    choice step by step, Confirm when asked); False when nothing waits."""
    fake = h.fake
    info = h.table.info(game)
    probe = Actor(info.seats[0].user_id, info.seats[0].seat)
    waiting = [w for w in h.table.status(probe, None, game_id=game).waiting if w.blocking]
    if not waiting:
        return False
    w = rnd.choice(waiting)
    seat = info.user_of(w.seat)
    assert seat is not None
    user = fake.name_of(int(seat.user_id))
    message = living_prompt(fake, user)
    assert message is not None, f"{user} is awaited ({w.decision}) but has no prompt"
    before = h.table.info(game).seq
    click = await click_one(fake, user, message, rnd)
    for _ in range(12):  # the steps of a flow, in the ephemeral message the first click opened
        assert click.callback is not None, click
        data = click.callback.get("data") or {}
        assert "Something went wrong" not in (data.get("content") or ""), data
        if h.table.info(game).seq != before or click.response_message_id is None:
            break
        shown = fake.messages[click.response_message_id]
        if not components(shown):
            break
        click = await click_one(fake, user, shown, rnd)
    return True


async def play(h: Harness, name: str, players: tuple[str, ...], phases: int, options: str = "",
               until: str = "") -> None:
    """Open ``name``, then play by clicks until ``phases`` phases are seen (and an action of kind
    ``until`` was played, when given: Fief movement, a multi-part choice)."""
    fake = h.fake
    extra = {"options": options} if options else {}
    inter = await fake.slash(players[0], h.channel, "game new", name=name, **extra)
    await fake.wait_for(lambda: inter.followups)
    game = max(g.id for g in h.table.store.games())
    thread = h.thread_of(game)
    lobby = fake.channel_messages(thread)[0]
    for user in players[1:]:
        await fake.click(user, lobby, "Join")
    started = await fake.click(players[0], lobby, "Start")
    assert started.response_type == 7, started.callback
    await h.idle(30)
    images = [m for m in fake.channel_messages(thread) if m.files and not m.ephemeral]
    assert images and images[0].files[0]["data"].startswith(PNG)
    for user in players:
        assert any(m.files for m in fake.dms(user)) or living_prompt(fake, user) is None, user
    rnd = random.Random(3)
    seen = {h.table.info(game).phase}
    steps = 0
    def played(kind: str) -> bool:
        return any(json.loads(a.action)["kind"] == kind for a in h.table.store.actions(game) if a.source == "player")

    while (len(seen) <= phases or (until and not played(until))) and steps < 400:
        if not await step(h, game, thread, rnd):
            break
        steps += 1
        await h.idle(30)
        seen.add(h.table.info(game).phase)
    assert len(seen) > phases, f"only reached {sorted(seen)} in {steps} steps"
    assert not until or played(until), f"no {until} played by clicks in {steps} steps"
    # DMs to seated players only, no private line repeated publicly.
    seated = {fake.uid(u) for u in players}
    assert set(fake.dm_channels) <= seated
    public = "\n".join(m.text() for m in fake.channel_messages(thread) if not m.ephemeral)
    for user in players:
        for m in fake.dms(user):
            if m.custom_ids() or "You chose" in m.text():
                continue  # prompts: their questions may say what the thread says
            for line in m.text().splitlines()[1:]:
                if len(line) > 25:
                    assert line not in public, f"a private line of {user} is in the thread: {line!r}"


@pytest.mark.parametrize("name,players,options", [
    ("okc", ("alice", "bob", "carol"), "length=4"),
    ("fief", ("alice", "bob", "carol"), ""),
])
def test_real_game_lobby_and_several_phases(tmp_path, name: str, players: tuple[str, ...], options: str) -> None:
    async def scenario() -> None:
        async with running(tmp_path, render_processes=1) as h:  # boards drawn by the worker process
            assert name in h.table.known_games(), f"{name} does not load at the table"
            await play(h, name, players, phases=3, options=options, until="move" if name == "fief" else "")

    run(scenario())
