"""The shipped games plug into the table with no changes to it: a short game of each shipped game
(Fief and OKC must both be available) is played through the service with the deadline defaults, and
survives a reload, an export/import round trip and the outbox's JSON."""

from __future__ import annotations

import json

import pytest

from bot.table import Actor, Store, TableService
from bot.table.commands_doc import available_games

GAMES = sorted(available_games())
STEPS = 60


def test_both_games_ship():
    assert {"fief", "okc"} <= set(GAMES), f"a shipped game does not import: {GAMES}"


@pytest.mark.parametrize("name", GAMES)
def test_a_shipped_game_plays_at_the_table(name, tmp_path, clock):
    table = TableService(Store(tmp_path / "t.sqlite3"), clock=clock)
    rules = table.rules_for(name)
    people = [Actor(f"u{i}", f"p{i}") for i in range(rules.min_seats + 1 if rules.max_seats > rules.min_seats
                                                     else rules.min_seats)]
    gid = table.new_game(people[0], "c", name, players=len(people), seed=5).game.id
    for p in people[1:]:
        table.join(p, "c")
    table.start(people[0], "c")
    by_seat = {s.seat: Actor(s.user_id, s.name) for s in table.info(gid).seats}
    for _ in range(STEPS):
        state = table.state(gid)
        if rules.result(state) is not None:
            break
        d = next(d for d in rules.pending(state) if d.blocking)
        seat = d.seats[0]
        table.act(by_seat[seat], "c", name, d.default_for(seat))
    for m in table.pending_outbox(10_000):
        json.dumps(m.payload)
    want = rules.fingerprint(table.state(gid))
    table.store.close()
    fresh = TableService(Store(tmp_path / "t.sqlite3"), clock=clock)
    assert rules.fingerprint(fresh.state(gid)) == want
    gm = Actor("gm", "gm", admin=True)
    copy = fresh.import_game(gm, "c2", fresh.export(gm, "c").text).game.id
    assert rules.fingerprint(fresh.state(copy)) == want
    fresh.store.close()
