"""Damage stays where it is: a row that cannot be read sets its own game aside, never the others.

Bytes are flipped in the database file itself (tests/table/damage.py), as a failing disk would.
"""

from __future__ import annotations

import io

import pytest

from bot.local import LocalTable
from bot.table import CorruptGame
from engine.core import Action
from tests.games.tribute import RULES
from tests.table.conftest import ALICE, BOB, make_table, start_game
from tests.table.damage import flip_byte, spoil


def three_games(db_path, clock):
    table = make_table(db_path, clock)
    games = [start_game(table, channel=f"c{i}", seed=11 + i) for i in range(3)]
    for card, gid in enumerate(games, start=1):
        table.act(ALICE, None, "tribute", Action.of("bid", card=card), game_id=gid)
    fingerprints = [RULES.fingerprint(table.state(g)) for g in games]
    table.store.close()
    return games, fingerprints


def test_a_damaged_outbox_row_sets_its_game_aside_and_the_others_deliver(db_path, clock, caplog):
    (hurt, other, third), _ = three_games(db_path, clock)
    flip_byte(db_path, "outbox", "payload", "game = ? ORDER BY id LIMIT 1", (hurt,))
    table = make_table(db_path, clock)
    pending = table.pending_outbox(1000)
    games = {m.game_id for m in pending}
    assert {other, third} <= games
    assert [m.payload["type"] for m in pending if m.game_id == hurt] == ["damaged"]  # only the notice
    notice = next(m for m in pending if m.game_id == hurt)
    assert notice.channel == "c0" and "set aside" in __import__("bot.table.text", fromlist=["x"]).outgoing_text(notice)
    assert [q.game for q in table.store.quarantined()] == [hurt]
    assert any(f"game {hurt} set aside: outbox row" in r.getMessage() for r in caplog.records)
    # The damaged game is refused with the corrupt-game refusal, saying what can be done.
    with pytest.raises(CorruptGame) as err:
        table.status(ALICE, "c0")
    assert err.value.code == "corrupt" and "abandon" in err.value.describe()
    with pytest.raises(CorruptGame):
        table.act(BOB, "c0", "tribute", Action.of("bid", card=1))
    # The others play on and deliver.
    for m in pending:
        table.mark_delivered(m.id)
    table.act(BOB, "c1", "tribute", Action.of("bid", card=5))
    assert {m.game_id for m in table.pending_outbox(1000)} == {other}
    # A GM may still abandon the damaged game.
    from tests.table.conftest import GM

    table.abandon(GM, "c0")
    assert table.info(hurt).status == "abandoned"
    table.store.close()


def test_a_damaged_snapshot_replays_from_the_log(db_path, clock):
    (one, hurt, _), prints = three_games(db_path, clock)
    flip_byte(db_path, "snapshots", "state", "game = ? AND seq = 0", (hurt,))
    table = make_table(db_path, clock)
    assert RULES.fingerprint(table.state(hurt)) == prints[1]
    table.act(BOB, "c1", "tribute", Action.of("bid", card=4))
    assert table.store.quarantined() == []
    table.store.close()


def test_damaged_snapshot_and_log_report_the_game_corrupt(db_path, clock):
    (one, hurt, third), _ = three_games(db_path, clock)
    flip_byte(db_path, "snapshots", "state", "game = ? AND seq = 0", (hurt,))
    flip_byte(db_path, "actions", "action", "game = ? AND seq = 1", (hurt,))
    table = make_table(db_path, clock)
    with pytest.raises(CorruptGame) as err:
        table.status(BOB, "c1")
    assert (err.value.game_id, err.value.seq, err.value.code) == (hurt, 1, "corrupt")
    assert [q.game for q in table.store.quarantined()] == [hurt]
    assert table.status(BOB, "c2").game.seq == 1  # the others are untouched
    table.act(BOB, "c0", "tribute", Action.of("bid", card=5))
    table.store.close()


def test_a_damaged_deadline_row_sets_its_game_aside(db_path, clock):
    (hurt, other, _), _ = three_games(db_path, clock)
    spoil(db_path, "deadlines", "decision", "game = ? AND kind = 'deadline' AND done_at IS NULL", (hurt,))
    table = make_table(db_path, clock)
    clock.advance(2 * 86400)
    fired = table.run_due()
    assert {o.game.id for o in fired} >= {other}
    assert hurt not in {o.game.id for o in fired}
    assert [q.game for q in table.store.quarantined()] == [hurt]
    assert table.next_wakeup() is None or table.store.quarantined()[0].what == "deadlines"
    table.store.close()


def test_the_local_table_says_so_and_goes_on(db_path, clock, tmp_path):
    (hurt, _, _), _ = three_games(db_path, clock)
    flip_byte(db_path, "outbox", "payload", "game = ? ORDER BY id LIMIT 1", (hurt,))
    table = make_table(db_path, clock)
    out = io.StringIO()
    local = LocalTable(table, boards_dir=tmp_path / "boards", out=out)
    code = local.run(io.StringIO("as alice: /game status game:1\nas alice: /game status game:2\n"))
    text = out.getvalue()
    assert code == 0 and "Traceback" not in text and "[bug]" not in text
    assert "is damaged" in text and "set aside" in text
    table.store.close()
