"""Undo: GM only, by replay, never across dice or revealed secrets."""

from __future__ import annotations

import pytest

from bot.table import AlreadyDone, NotAllowed, TableError, is_irreversible
from bot.table import text as wording
from engine.core import Action, Event
from tests.games.tribute import RULES
from tests.table.conftest import ALICE, BOB, CHAN, GM, snapshot, start_game


def test_undo_replays_without_the_last_actions(table):
    gid = start_game(table)
    before = RULES.fingerprint(table.state(gid))
    table.act(ALICE, CHAN, "tribute", Action.of("offer", to="bob", give=1, take=0))
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=2))
    out = table.undo(GM, CHAN, count=2)
    assert (out.count, out.seq) == (2, 0)
    assert RULES.fingerprint(table.state(gid)) == before
    assert table.store.actions(gid) == []
    # Play on: sequence numbers are reused, outbox keys are not.
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=3))
    keys = [m.key for m in table.pending_outbox(1000)]
    assert len(keys) == len(set(keys))
    assert table.store.actions(gid)[0].seq == 1


def test_undo_refused_across_a_revealed_secret(table, db_path):
    gid = start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=2))
    table.act(BOB, CHAN, "tribute", Action.of("bid", card=5))  # completes the bids: secret.revealed
    before = snapshot(table, db_path, gid)
    with pytest.raises(TableError) as err:
        table.undo(GM, CHAN)
    assert err.value.code == "irreversible" and "revealed a secret" in str(err.value)
    assert snapshot(table, db_path, gid) == before


def test_undo_refused_across_dice(table, db_path):
    gid = start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=3))
    table.act(BOB, CHAN, "tribute", Action.of("bid", card=3))  # a tie: dice are rolled
    kinds = {e["kind"] for e in __import__("json").loads(table.store.actions(gid)[-1].events)}
    assert "random.roll" in kinds
    with pytest.raises(TableError, match="drew at random|revealed a secret"):
        table.undo(GM, CHAN)


def test_an_undo_refused_across_dice_or_a_reveal_names_the_action_and_how_far_back_it_may_go(tmp_path, clock):
    """The refusal says which action it meets first, by whom, what made it final (a die rolled, a
    secret revealed), and how many actions after it may still be taken back."""
    from bot.table import Store, TableService
    from tests.games.tribute import TributeRules

    class DicePass(TributeRules):  # passing on a shield rolls a die (for the test)
        def _play_pass(self, state, g, seat, action):  # type: ignore[no-untyped-def]
            state.rng.roll(6, why="a die for the pass")
            super()._play_pass(state, g, seat, action)

    table = TableService(Store(tmp_path / "t.sqlite3"), clock=clock, games=[DicePass()], load_registered=False)
    start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=5))
    table.act(BOB, CHAN, "tribute", Action.of("bid", card=2))  # the bids revealed: alice wins the round
    table.act(BOB, CHAN, "tribute", Action.of("pass"))   # the die
    with pytest.raises(TableError) as err:
        table.undo(GM, CHAN)
    assert err.value.code == "irreversible"
    assert err.value.message == "action 3 (by bob) drew at random: an undo may not cross dice or revealed secrets"
    assert err.value.legal == "nothing after it to undo"
    with pytest.raises(TableError) as err:
        table.undo(GM, CHAN, count=2)
    assert err.value.message.startswith("action 2 (by bob) revealed a secret: ")
    assert err.value.legal == "undo at most 1 action"
    table.store.close()


def test_an_undo_leaves_each_game_a_snapshot_where_it_now_stands(table):
    """Another game's snapshots are no reason to skip this one's (here both go back to action 1)."""
    games = []
    for channel in (CHAN, "chan-2"):
        gid = start_game(table, channel=channel)
        table.act(ALICE, channel, "tribute", Action.of("offer", to="bob", give=1, take=0))
        table.act(ALICE, channel, "tribute", Action.of("bid", card=2))
        assert 1 not in table.store.snapshot_seqs(gid)
        table.undo(GM, channel)
        games.append(gid)
    assert all(1 in table.store.snapshot_seqs(gid) for gid in games)


def test_undo_is_for_gms_only(table, db_path):
    gid = start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=2))
    before = snapshot(table, db_path, gid)
    with pytest.raises(NotAllowed):
        table.undo(BOB, CHAN)  # a player who did not open the game
    with pytest.raises(TableError):
        table.undo(GM, CHAN, count=5)
    assert snapshot(table, db_path, gid) == before


def test_a_game_in_its_lobby_or_abandoned_has_nothing_to_undo(table, db_path):
    gid = table.new_game(ALICE, CHAN, "tribute", players=2).game.id
    for status, then in (("still in its lobby", lambda: table.abandon(GM, CHAN)), ("abandoned", lambda: None)):
        before = snapshot(table, db_path, gid)
        with pytest.raises(TableError) as err:
            table.undo(GM, CHAN)
        assert (err.value.code, err.value.message, err.value.legal) == (
            "no_undo", f"game {gid} has nothing to undo: it is {status}", None)
        assert snapshot(table, db_path, gid) == before
        then()


def test_an_undone_key_is_not_applied_again(table):
    gid = start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=2), key="interaction-1")
    table.undo(GM, CHAN)
    with pytest.raises(TableError) as err:
        table.act(ALICE, CHAN, "tribute", Action.of("bid", card=2), key="interaction-1")
    assert err.value.code == "undone"
    assert table.store.actions(gid) == []


def test_an_undo_sent_twice_takes_back_once_and_says_it_was_an_undo(table):
    gid = start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("offer", to="bob", give=1, take=0))
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=2))
    assert table.undo(GM, CHAN, key="u-1").seq == 1
    again = table.undo(GM, CHAN, key="u-1")
    assert isinstance(again, AlreadyDone) and (again.command, again.key, again.game.id) == ("undo", "u-1", gid)
    assert len(table.store.actions(gid)) == 1


def test_undo_reopens_a_deadline(table, clock):
    gid = start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=2))
    clock.advance(3600)
    table.undo(GM, CHAN)
    rows = [r for r in table.store.open_deadlines(gid) if r.kind == "deadline"]
    assert sorted(r.seat for r in rows) == ["alice", "bob"]
    assert next(r for r in rows if r.seat == "alice").due == clock.now() + 24 * 3600


def test_irreversible_events():
    assert is_irreversible(Event.public("random.roll", value=3))
    assert is_irreversible(Event.public("random.shuffle", size=4))
    assert is_irreversible(Event.public("secret.revealed", values={}))
    assert is_irreversible(Event.public("card.revealed"))
    assert is_irreversible(Event.private("a", "troops.shown", reveal=True))
    assert not is_irreversible(Event.public("offer.opened"))
    assert not is_irreversible(Event.private("a", "secret.chosen", value=1))


def test_undo_while_paused_arms_deadlines_on_resume(table, clock):
    gid = start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=2))
    table.pause(GM, CHAN)
    clock.advance(10 * 3600)
    table.undo(GM, CHAN)
    assert table.store.open_deadlines(gid) == []
    clock.advance(5 * 3600)
    table.resume(GM, CHAN)
    rows = [r for r in table.store.open_deadlines(gid) if r.kind == "deadline"]
    assert sorted(r.seat for r in rows) == ["alice", "bob"]
    assert {r.due for r in rows} == {clock.now() + 24 * 3600}


def test_undo_of_a_finished_game_reopens_it_unless_its_channel_moved_on(table):
    from bot.table import GameStatus
    from tests.table.test_service import play_out

    gid = start_game(table)
    play_out(table, gid)
    last = __import__("json").loads(table.store.actions(gid)[-1].events)
    if any(e["kind"].startswith("random.") or e["kind"].endswith(".revealed") for e in last):
        return  # this ending cannot be undone anyway
    table.new_game(ALICE, CHAN, "tribute")
    with pytest.raises(TableError) as err:
        table.undo(GM, CHAN, game_id=gid)
    assert (err.value.code, err.value.message, err.value.legal) == (
        "channel_busy", f"game {gid} is over and its channel has a new game", None)
    assert table.info(gid).status is GameStatus.FINISHED


def test_undo_of_the_final_action_reopens_the_game(table):
    from bot.table import GameStatus
    from tests.table.test_service import play_out

    gid = start_game(table)
    play_out(table, gid)
    final = table.store.actions(gid)[-1]
    assert final.action.startswith('{"args":{"accept":false')  # a refused demand ended it: no reveal
    out = table.undo(GM, CHAN)
    assert out.game.status is GameStatus.ACTIVE and out.seq == final.seq - 1
    status = table.status(ALICE, CHAN)
    assert status.result is None and [w.seat for w in status.waiting if w.blocking] == [final.seat]


def test_the_thread_is_told_what_a_gm_took_back(table):
    start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("offer", to="bob", give=1, take=0))
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=2))
    for m in table.pending_outbox(1000):
        table.mark_delivered(m.id)
    table.undo(GM, CHAN, count=2)
    posts = [wording.outgoing_text(m, table.clock.now()) for m in table.pending_outbox(1000)
             if m.payload.get("type") == "undo"]
    assert posts == ["Game Master took back the last 2 actions. Now: Round 1: the bids."]
    [post] = [m.payload for m in table.pending_outbox(1000) if m.payload.get("type") == "undo"]
    assert (post["count"], post["by"], post["board"]) == (2, "Game Master", None)   # tribute has no drawer
