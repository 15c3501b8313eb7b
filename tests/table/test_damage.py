"""Damage stays where it is: a row that cannot be read sets its own game aside, never the others.

Bytes are flipped in the database file itself (tests/table/damage.py), as a failing disk would.
"""

from __future__ import annotations

import io
import logging

import pytest

from bot.local import LocalTable
from bot.table import CorruptGame
from bot.table.check import release
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


def test_a_damaged_snapshot_replays_from_the_log(db_path, clock, caplog):
    (one, hurt, _), prints = three_games(db_path, clock)
    flip_byte(db_path, "snapshots", "state", "game = ? AND seq = 0", (hurt,))
    table = make_table(db_path, clock)
    with caplog.at_level(logging.WARNING, logger="seneschal.table"):
        assert RULES.fingerprint(table.state(hurt)) == prints[1]
    assert (f"game {hurt}: loaded by replaying its whole log from the seed (its snapshots are damaged)"
            in [r.getMessage() for r in caplog.records])
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
    assert [(q.game, q.what, q.row) for q in table.store.quarantined()] == [(hurt, "actions", "1")]  # the move
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


# -- every table's damage stays with its game ---------------------------------------------------------
DAMAGE = {
    # name: (how to damage the first game, whether release repairs it)
    "games.options": (lambda db, g: spoil(db, "games", "options", "id = ?", (g,)), True),
    "games.settings (not JSON)": (lambda db, g: _sql(db, "UPDATE games SET settings = '{\"dead' WHERE id = ?", g), True),
    "games.phase": (lambda db, g: spoil(db, "games", "phase", "id = ?", (g,)), True),
    "games.creator": (lambda db, g: spoil(db, "games", "creator", "id = ?", (g,)), False),
    "seats.name": (lambda db, g: spoil(db, "seats", "name", "game = ? AND seat = 'bob'", (g,)), True),
    "seats.user_id": (lambda db, g: spoil(db, "seats", "user_id", "game = ? AND seat = 'bob'", (g,)), False),
    # the log and deadlines are read when the game loads, not when its messages go: the first command finds it
    "actions.action": (lambda db, g: flip_byte(db, "actions", "action", "game = ? AND seq = 1", (g,)), False),
    "outbox.payload": (lambda db, g: flip_byte(db, "outbox", "payload", "game = ? AND delivered_at IS NULL "
                                                                         "ORDER BY id LIMIT 1", (g,)), True),
    "outbox.payload (not JSON)": (lambda db, g: _sql(db, "UPDATE outbox SET payload = '{' WHERE id = (SELECT MIN(id) "
                                                         "FROM outbox WHERE game = ? AND delivered_at IS NULL)", g), True),
    "deadlines.decision": (lambda db, g: spoil(db, "deadlines", "decision", "game = ? AND done_at IS NULL", (g,)), True),
    "snapshots and actions": (lambda db, g: (flip_byte(db, "snapshots", "state", "game = ? AND seq = 0", (g,)),
                                             flip_byte(db, "actions", "action", "game = ? AND seq = 1", (g,))), False),
}


#: How the refusal names the damaged part, by the table damaged (the game's own row is not numbered).
DAMAGED_PART = {"games": "its own record", "seats": "seat 1", "actions": "action 1", "snapshots and actions": "action 1",
                "outbox": "queued message 1", "deadlines": "deadline 5"}


def _sql(db, sql, game):
    import sqlite3

    conn = sqlite3.connect(db)
    conn.execute(sql, (game,))
    conn.commit()
    conn.close()


@pytest.mark.parametrize("kind", sorted(DAMAGE))
def test_damage_of_each_table_sets_its_game_aside_and_the_others_go_on(db_path, clock, kind, capsys):
    from bot.admin import main as admin
    from bot.table.text import describe as outcome_text
    from bot.table.text import outgoing_text

    (hurt, other, third), _ = three_games(db_path, clock)  # each has a message pending
    damage, repairable = DAMAGE[kind]
    damage(db_path, hurt)
    table = make_table(db_path, clock)
    if kind.startswith(("actions", "snapshots", "deadlines")):
        with pytest.raises(CorruptGame):
            table.status(BOB, "c0")
    pending = table.pending_outbox(1000)
    assert {other, third} <= {m.game_id for m in pending}
    mine = [m for m in pending if m.game_id == hurt]
    assert [m.payload["type"] for m in mine] == ["damaged"]  # one notice, nothing else of it
    assert all("set aside" in outgoing_text(m) for m in mine)
    assert [q.game for q in table.store.quarantined()] == [hurt]
    for m in pending:
        table.mark_delivered(m.id)
    # Its players get the corrupt-game refusal in words, in the channel and by number in a DM.
    for call in (lambda: table.status(ALICE, "c0"), lambda: table.status(ALICE, None, game_id=hurt),
                 lambda: table.act(ALICE, None, "tribute", Action.of("bid", card=2), game_id=hurt)):
        with pytest.raises(CorruptGame) as err:
            call()
        assert err.value.code == "corrupt" and "abandon" in err.value.describe()
        said = err.value.describe()
        assert f"game {hurt} is damaged and set aside: {DAMAGED_PART[kind.split('.')[0]]} cannot be read (" in said
        assert ("not JSON: " if "(not JSON)" in kind else "not UTF-8") in said
    # Listings work and say so; another server learns nothing.
    listed = table.list_games(ALICE, None)
    assert {g.id for g in listed.games} == {hurt, other, third}
    assert "damaged and set aside" in outcome_text(listed)
    from bot.table import Actor, TableError

    with pytest.raises(TableError) as err:
        table.status(Actor("u-mallory", "mallory", guild="elsewhere"), None, game_id=hurt)
    assert err.value.code == "no_game"
    # The other games play, deliver and keep their deadlines.
    table.act(BOB, "c1", "tribute", Action.of("bid", card=5))
    assert {m.game_id for m in table.pending_outbox(1000)} == {other}
    clock.advance(2 * 86400)
    fired = table.run_due()
    assert hurt not in {o.game.id for o in fired if o.game}
    assert third in {o.game.id for o in fired if o.game}
    table.store.close()
    # The operator's release repairs it or says plainly why not; never a traceback.
    code = admin(["release", str(hurt), "--db", str(db_path), "--game", "tests.games.tribute:RULES"])
    out, err_text = capsys.readouterr()
    assert "Traceback" not in out + err_text
    if repairable:
        assert code == 0 and "released from quarantine" in out, err_text
        table = make_table(db_path, clock)
        assert table.store.quarantined() == []
        # the unreadable queued message is dropped and the deadline closed: a check finds nothing left of them
        assert table.store.unreadable("outbox") == table.store.unreadable("deadlines") == []
        table.status(ALICE, None, game_id=hurt)
        table.store.close()
    else:
        assert code == 1 and err_text.startswith("refused: ") and "backup" in err_text
        if kind.startswith("seats."):   # what the seat lost, said
            assert f"game {hurt}'s seat 2 has lost who holds it, which nothing else records" in err_text
        assert "\n" == err_text[-1] and err_text.count("\n") == 1


def test_a_damaged_game_released_by_another_process_meanwhile_is_still_refused_for_its_own_record(
        db_path, clock, monkeypatch):
    (hurt, _, _), _ = three_games(db_path, clock)
    DAMAGE["games.options"][0](db_path, hurt)
    table = make_table(db_path, clock)
    monkeypatch.setattr(table.store, "quarantined", lambda game_id=None: [])   # the quarantine row is gone again
    with pytest.raises(CorruptGame) as err:
        table.status(ALICE, "c0")
    assert (err.value.game_id, err.value.seq, err.value.what) == (hurt, hurt, "record")
    assert err.value.message.startswith(f"game {hurt} is damaged and set aside: its own record cannot be read (options")
    table.store.close()


def test_releasing_a_game_this_bot_does_not_offer_is_refused_by_name(table):
    gid = start_game(table)
    with pytest.raises(ValueError, match=rf"game {gid} is 'tribute', which this bot does not offer"):
        release(table.store, {}, gid, table.clock.now())


def test_the_log_of_a_game_whose_old_action_is_damaged_names_that_action(db_path, clock):
    table = make_table(db_path, clock, snapshot_every=1)   # the game loads from its snapshot after action 1
    hurt = start_game(table)
    table.act(ALICE, None, "tribute", Action.of("bid", card=3), game_id=hurt)
    table.store.close()
    flip_byte(db_path, "actions", "action", "game = ? AND seq = 1", (hurt,))
    table = make_table(db_path, clock, snapshot_every=1)
    with pytest.raises(CorruptGame) as err:
        table.log(ALICE, None, last=5, game_id=hurt)
    assert f"game {hurt} is damaged and set aside: action 1 cannot be read (not UTF-8" in err.value.describe()
    assert [(q.game, q.what) for q in table.store.quarantined()] == [(hurt, "actions")]
    table.store.close()
