"""End to end with the real games: a lobby and several phases of Fief and of The Old King's Crown,
driven through the decision buttons the bot DMs (or ``/game hand``'s ephemeral buttons, or the
generated slash command when a decision has too many choices for buttons).

Asserted on what the bot sends: the public board image in the thread, private boards and
prompts by DM to seated players only, and no line of a private DM ever repeated in the thread.
"""

from __future__ import annotations

import random

import pytest

from bot.discord.choices import for_decision, parse
from bot.table import Actor
from tests.e2e.fake_discord import FakeDiscord, Message
from tests.e2e.harness import Harness, run, running

PNG = b"\x89PNG\r\n\x1a\n"


def button_for(fake: FakeDiscord, user: str, game: int, decision: str) -> tuple[Message, str] | None:
    for m in reversed(fake.dms(user)):
        ids = [c for c in m.custom_ids() if c.startswith(f"sn:a:{game}:") and f":{decision}|" in c]
        if ids:
            return m, ids[0]
    return None


def command_path(fake: FakeDiscord, group: str, kind: str) -> str:
    for name in fake.command_names():
        head, _, leaf = name.partition(" ")
        if leaf == kind and (head == group or head.startswith(group) and head[len(group):].isdigit()):
            return name
    raise KeyError(f"no slash command for {group} {kind}")


async def step(h: Harness, game: int, thread: int, rnd: random.Random) -> bool:
    """Answer one awaited decision as its player would; False when nothing waits."""
    fake = h.fake
    info = h.table.info(game)
    rules = h.table.rules_for(info.game)
    probe = Actor(info.seats[0].user_id, info.seats[0].seat)
    waiting = [w for w in h.table.status(probe, None, game_id=game).waiting if w.blocking]
    if not waiting:
        return False
    w = waiting[0]
    seat = info.user_of(w.seat)
    assert seat is not None
    user = fake.name_of(int(seat.user_id))
    found = button_for(fake, user, game, w.decision)
    if found is not None:
        message, custom_id = found
        click = await fake.click(user, message, custom_id)
        assert click.callback is not None
        if click.response_type == 7:
            return True
    st = h.table.status(Actor(seat.user_id, user), None, game_id=game)
    choices = for_decision(rules, w.decision, list(st.legal))
    assert choices, f"{w.decision} awaits {w.seat} but nothing is legal"
    action = parse(rules, rnd.choice(choices))
    assert action is not None
    options = {k: (",".join(v) if isinstance(v, tuple) else v) for k, v in action.args}
    typed = await fake.slash(user, thread, command_path(fake, info.game, action.kind), **options)
    data = (typed.callback or {}).get("data") or {}
    assert "Done" in (data.get("content") or ""), data
    return True


async def play(h: Harness, name: str, players: tuple[str, ...], phases: int, options: str = "") -> None:
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
        assert any(m.files and "private board" in m.text() for m in fake.dms(user)), user
    rnd = random.Random(3)
    seen = {h.table.info(game).phase}
    steps = 0
    while len(seen) <= phases and steps < 150:
        if not await step(h, game, thread, rnd):
            break
        steps += 1
        await h.idle(30)
        seen.add(h.table.info(game).phase)
    assert len(seen) > phases, f"only reached {sorted(seen)} in {steps} steps"
    # Public boards after the phases, DMs to seated players only, no private line repeated publicly.
    assert len([m for m in fake.channel_messages(thread) if m.files and not m.ephemeral]) >= phases
    seated = {fake.uid(u) for u in players}
    assert set(fake.dm_channels) <= seated
    public = "\n".join(m.text() for m in fake.channel_messages(thread) if not m.ephemeral)
    for user in players:
        for m in fake.dms(user):
            if "your decision" in m.text() or "private board" in m.text() or "✅" in m.text():
                continue
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
            await play(h, name, players, phases=3, options=options)

    run(scenario())
