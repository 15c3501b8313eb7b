"""What the timers write on each deadline row they close (bot/table/timers.py), one way out of ``_fire``
per test: reminded, skipped, default applied, answered, no default, default refused, failed, handed to a
computer player; and a row closed by someone else while the timer waited is not fired again."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.table import GameStatus
from bot.table.basics import HANDED
from bot.table.store import CannotSave
from engine.core import Action
from tests.games.tribute import RULES
from tests.table.conftest import ALICE, CHAN, GM, drain, start_game

HOUR = 3600.0
DAY = 24 * HOUR


def outcomes(table, gid) -> list[tuple]:
    """(seat, kind, outcome, done_at) of the game's closed rows, in the order they were made."""
    rows = table.store._all("SELECT seat, kind, outcome, done_at FROM deadlines WHERE game = ? AND done_at IS NOT NULL "
                            "ORDER BY id", (gid,))
    return [tuple(r) for r in rows]


def test_reminders_are_marked_reminded_and_the_deadline_default_applied_each_when_it_ran(table, clock):
    gid = start_game(table)
    start = clock.now()
    clock.advance(12 * HOUR)
    table.run_due()
    clock.advance(11 * HOUR)
    table.run_due()
    clock.advance(HOUR)
    fired = table.run_due()
    assert sorted((a.seat, a.source, a.action) for a in fired) == [
        ("alice", "deadline", Action.of("bid", card=1)), ("bob", "deadline", Action.of("bid", card=1))]
    assert sorted(outcomes(table, gid)) == sorted(
        [(s, "reminder", "reminded", start + 12 * HOUR) for s in ("alice", "bob")]
        + [(s, "reminder", "reminded", start + 23 * HOUR) for s in ("alice", "bob")]
        + [(s, "deadline", "default applied", start + DAY) for s in ("alice", "bob")])
    assert [a.key for a in table.store.actions(gid)] == [f"deadline:{r.id}" for r in sorted(
        table.store.seat_rows(gid, "bid-1", "alice") + table.store.seat_rows(gid, "bid-1", "bob"), key=lambda r: r.id)
        if r.kind == "deadline"]


def test_a_reminder_whose_deadline_has_come_is_skipped_unsent(table, clock):
    gid = start_game(table)
    drain(table)
    clock.advance(DAY)
    table.run_due()
    assert [m for m in drain(table) if m.payload.get("type") == "reminder"] == []
    assert sorted(o[2] for o in outcomes(table, gid) if o[1] == "reminder") == ["skipped"] * 4


def test_a_row_whose_decision_is_no_longer_awaited_closes_as_answered(table, clock):
    gid = start_game(table)
    table.store.add_deadline(gid, "bid-9", "alice", "deadline", clock.now(), clock.now(), clock.now())
    assert table.timers.run_due() == []
    assert outcomes(table, gid) == [("alice", "deadline", "answered", clock.now())]


def test_a_deadline_of_a_game_not_running_waits(table, clock):
    gid = start_game(table)
    for status in (GameStatus.PAUSED, GameStatus.FINISHED, GameStatus.ABANDONED):
        table.store.update_game(gid, status=status.value)
        clock.advance(DAY)
        assert table.timers.run_due() == [] and outcomes(table, gid) == []
    assert table.timers._fire(table.store.open_deadlines(gid)[0].id, clock.now()) == []
    assert outcomes(table, gid) == []


def errors(caplog) -> list[str]:
    """The error lines the timers logged, as an operator reads them."""
    return [r.getMessage() for r in caplog.records if r.levelname == "ERROR"]


def test_a_decision_without_a_default_for_the_seat_closes_saying_so(table, clock, monkeypatch, caplog):
    gid = start_game(table)
    pending = type(RULES).pending
    monkeypatch.setattr(type(RULES), "pending", lambda self, state: [replace(d, defaults=()) for d in pending(self, state)])
    clock.advance(DAY)
    assert table.timers.run_due() == []
    assert [o[2] for o in outcomes(table, gid) if o[1] == "deadline"] == ["no default", "no default"]
    assert table.store.actions(gid) == []
    decision = pending(RULES, table.state(gid))[0].id
    # the operator finds the game, the decision and the seat
    assert errors(caplog) == [f"game {gid}: decision {decision} has no default for {seat}" for seat in ("alice", "bob")]


def test_a_default_the_rules_refuse_closes_with_the_refusal(table, clock, monkeypatch, caplog):
    gid = start_game(table)
    pending = type(RULES).pending
    bad = (("alice", Action.of("bid", card=99)), ("bob", Action.of("bid", card=1)))
    monkeypatch.setattr(type(RULES), "pending", lambda self, state: [replace(d, defaults=bad) for d in pending(self, state)])
    clock.advance(DAY)
    fired = table.timers.run_due()
    assert [a.seat for a in fired] == ["bob"]
    alice = [o for o in outcomes(table, gid) if o[0] == "alice" and o[1] == "deadline"]
    assert len(alice) == 1 and alice[0][2].startswith("default refused: ") and "99" in alice[0][2]
    # the kind and the refusal's code, never the card (a default may be a secret choice)
    assert errors(caplog) == [f"game {gid}: the default bid of bid-1 for alice was refused (not_in_hand)"]


def test_a_deadline_that_fails_is_closed_with_the_error_and_the_next_one_fires(table, clock, monkeypatch, caplog):
    first = start_game(table)
    second = start_game(table, channel="chan-2")
    apply = table.timers.actions.apply

    def failing(game_id, *args, **kwargs):
        if game_id == first:
            raise ValueError("boom")
        return apply(game_id, *args, **kwargs)

    monkeypatch.setattr(table.timers.actions, "apply", failing)
    clock.advance(DAY)
    fired = table.timers.run_due()
    assert {a.game.id for a in fired} == {second} and len(fired) == 2
    assert [o[2] for o in outcomes(table, first) if o[1] == "deadline"] == ["failed: ValueError: boom"] * 2
    failed = [r.id for r in table.store.seat_rows(first, "bid-1", "alice") if r.kind == "deadline"]
    assert errors(caplog)[0] == f"deadline {failed[0]} of game {first} failed"  # the operator finds the row


def test_a_table_that_cannot_save_stops_firing_and_keeps_every_row_open(table, clock, monkeypatch):
    """Saving the default fails (the database cannot grow) while a small update still succeeds: the
    deadline is not closed as a refused default but waits, and fires once there is room."""
    gid = start_game(table)
    calls = []

    def full(*args, **kwargs):
        calls.append(args)
        raise CannotSave("disk full")

    monkeypatch.setattr(table.timers.actions, "apply", full)
    clock.advance(DAY)
    assert table.timers.run_due() == [] and len(calls) == 1
    assert [o for o in outcomes(table, gid) if o[1] == "deadline"] == []
    monkeypatch.undo()
    assert len(table.timers.run_due()) == 2


def test_a_deadline_closed_while_the_timer_waited_for_the_game_is_not_fired(table, clock, monkeypatch):
    """Another process answered for the seat between the timer's first look at the row and its lock."""
    gid = start_game(table)
    clock.advance(DAY)
    row = next(r for r in table.store.open_deadlines(gid) if r.kind == "deadline")
    read = table.store.deadline
    looks = []

    def then_closed(deadline_id):
        looks.append(deadline_id)
        if len(looks) == 2:
            table.store.close_deadline(deadline_id, clock.now(), "elsewhere")
        return read(deadline_id)

    monkeypatch.setattr(table.store, "deadline", then_closed)
    assert table.timers._fire(row.id, clock.now()) == [] and looks == [row.id, row.id]
    assert table.store.actions(gid) == []


def test_computer_turns_are_left_to_the_computer_players(table, clock):
    gid = start_game(table)
    table.store.add_deadline(gid, "bid-1", "alice", "computer", clock.now(), clock.now(), clock.now())
    assert table.timers.run_due() == [] and outcomes(table, gid) == []


@pytest.mark.parametrize("strength", ["random", "steady"])
def test_an_absent_seat_is_handed_to_a_computer_player_with_its_turn_due_at_once(table, clock, strength):
    gid = start_game(table)
    table.settings(GM, CHAN, setting="absent", value=strength)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=3))
    drain(table)
    clock.advance(DAY)
    assert table.timers.run_due() == []
    assert [o for o in outcomes(table, gid) if o[1] == "deadline"] == [("alice", "deadline", "answered", clock.now() - DAY),
                                                                       ("bob", "deadline", HANDED, clock.now())]
    assert [(r.decision, r.seat, r.kind, r.due, r.deadline) for r in table.store.open_deadlines(gid)] == [
        ("bid-1", "bob", "computer", clock.now(), clock.now())]
    posts = [m.payload for m in drain(table) if m.payload.get("type") == "stand_in"]
    assert [(p["seat"], p["name"], p["strength"]) for p in posts] == [("bob", "bob", strength)]
    assert table.store.actions(gid)[-1].seat == "alice"  # nothing played yet: the computer's turn does it


def test_the_rows_a_game_leaves_open_close_as_game_over_at_its_end_and_as_undone_on_an_undo(table):
    from tests.table.test_service import play_out

    gid = start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("offer", to="bob", give=1, take=0))
    table.undo(GM, CHAN)
    assert {o[2] for o in outcomes(table, gid)} == {"undone"}
    play_out(table, gid)
    assert outcomes(table, gid)[-1][2] == "game over" and table.store.open_deadlines(gid) == []
