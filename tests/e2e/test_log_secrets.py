"""The operator log keeps secrets out: a game of The Old King's Crown played through the Discord
adapter, with refusals whose legal choices are a player's hand, leaves no seat's private strings
(hand card ids and names) in any log line at INFO or above. The refusals' words go to DEBUG only."""

from __future__ import annotations

import logging
import random

import pytest

from bot.table import Actor
from bot.table.service import private_part
from tests.e2e.harness import run, running
from tests.e2e.test_real_games import command_path, step

PLAYERS = ("alice", "bob", "carol")


def private_strings(h, game: int) -> dict[str, set[str]]:  # type: ignore[no-untyped-def]
    """Each seat's hand: card ids and names (the strings only that seat may see)."""
    rules = h.table.rules_for("okc")
    state = h.table.state(game)
    public = rules.view(state, None)
    out = {}
    for seat in state.seats:
        secret = private_part(public, rules.view(state, seat)) or {}
        hand = (secret.get("private") or {}).get("hand") or []
        out[seat] = {c["id"] for c in hand} | {c["name"] for c in hand}
    return out


def test_no_private_string_reaches_the_log_at_info(tmp_path, caplog) -> None:
    caplog.set_level(logging.DEBUG, logger="seneschal")
    seen: dict[str, set[str]] = {}

    async def scenario() -> None:
        async with running(tmp_path) as h:
            if "okc" not in h.table.known_games():
                pytest.skip("okc is not playable yet")
            fake = h.fake
            inter = await fake.slash("alice", h.channel, "game new", name="okc", options="length=4")
            await fake.wait_for(lambda: inter.followups)
            game = max(g.id for g in h.table.store.games())
            thread = h.thread_of(game)
            lobby = fake.channel_messages(thread)[0]
            for user in PLAYERS[1:]:
                await fake.click(user, lobby, "Join")
            await fake.click("alice", lobby, "Start")
            await h.idle(30)
            rnd = random.Random(5)
            for turn in range(12):
                for seat, strings in private_strings(h, game).items():
                    seen.setdefault(seat, set()).update(strings)
                # Each player bids a card they do not hold: the refusal lists their hand as legal.
                if turn == 0:
                    for user in PLAYERS:
                        refused = await fake.slash(user, thread, command_path(fake, "okc", "bid"), card="no.such")
                        await fake.wait_for(lambda r=refused: r.callback)
                if not await step(h, game, thread, rnd):
                    break
                await h.idle(30)
            probe = h.table.info(game).seats[0]
            assert h.table.status(Actor(probe.user_id, probe.name), None, game_id=game).game is not None

    run(scenario())
    assert all(seen.values()), seen
    debug_refusals = [r for r in caplog.records if r.levelno == logging.DEBUG and "refused" in r.getMessage()]
    assert debug_refusals and any("no.such" in r.getMessage() for r in debug_refusals)  # the words went to DEBUG
    loud = [r for r in caplog.records if r.levelno >= logging.INFO]
    assert any("refused" in r.getMessage() for r in loud)  # the refusals were logged (by code) at INFO
    for record in loud:
        text = record.getMessage() + (caplog.handler.format(record) if record.exc_info else "")
        for seat, strings in seen.items():
            for s in strings:
                assert s not in text, f"{seat}'s private {s!r} is in the log at {record.levelname}: {text!r}"
