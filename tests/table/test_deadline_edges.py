"""Deadlines and reminders at their equality edges (issue 35): a row due at this very moment fires, one a
moment later does not; a reminder as long as the deadline itself, or of no length, is never made; a
reminder that comes due only at its deadline is skipped, not sent."""

from __future__ import annotations

import pytest

from tests.table.conftest import ALICE, BOB, CHAN, GM, start_game

HOUR = 3600.0


def _reminders(table) -> list[str]:  # type: ignore[no-untyped-def]
    out = [m.seat for m in table.pending_outbox(1000) if m.payload.get("type") == "reminder"]
    for m in table.pending_outbox(1000):
        table.mark_delivered(m.id)
    return sorted(out)


def _open(table, gid, kind):  # type: ignore[no-untyped-def]
    return sorted(r.due for r in table.store.open_deadlines(gid) if r.kind == kind)


def test_a_deadline_fires_at_its_very_moment_and_not_before(table, clock):  # type: ignore[no-untyped-def]
    start_game(table)
    clock.advance(24 * HOUR - 0.001)
    _reminders(table)
    table.run_due()
    assert _reminders(table) == ["alice", "alice", "bob", "bob"]     # the 12h and 1h reminders, long due
    assert table.run_due() == []                     # the deadline itself is a thousandth away
    clock.advance(0.001)
    assert sorted(a.seat for a in table.run_due()) == ["alice", "bob"]


def test_a_reminder_fires_at_its_very_moment_and_not_before(table, clock):  # type: ignore[no-untyped-def]
    start_game(table)   # reminders 12h and 1h before the 24h deadline
    _reminders(table)
    clock.advance(12 * HOUR - 0.001)
    table.run_due()
    assert _reminders(table) == []
    clock.advance(0.001)
    table.run_due()
    assert _reminders(table) == ["alice", "bob"]
    clock.advance(11 * HOUR - 0.001)
    table.run_due()
    assert _reminders(table) == []
    clock.advance(0.001)
    table.run_due()
    assert _reminders(table) == ["alice", "bob"]


def test_a_reminder_due_only_at_its_deadline_is_skipped(table, clock):  # type: ignore[no-untyped-def]
    """The table was down from before the reminder until the deadline itself: the default is played, and
    a reminder of a question already answered for the seat would only mislead."""
    gid = start_game(table)
    _reminders(table)
    clock.advance(24 * HOUR)
    reminder_rows = [r.id for r in table.store.open_deadlines(gid) if r.kind == "reminder"]
    fired = table.run_due()
    assert sorted(a.seat for a in fired) == ["alice", "bob"]
    assert _reminders(table) == []
    assert reminder_rows and all(r.id not in reminder_rows for r in table.store.open_deadlines(gid))


@pytest.mark.parametrize(("reminders", "before"), [
    ("24h", []),                 # as long as the deadline: it would come with the question itself
    ("0h", []),                  # no length: no reminder
    ("0h,24h,25h", []),
    ("86399s", [86399.0]),       # a second shorter: kept
    ("23h", [23 * HOUR]),        # shorter: kept
    ("12h,12h", [12 * HOUR]),    # the same length twice: one reminder
    ("1h,23h", [1 * HOUR, 23 * HOUR]),
])
def test_only_reminders_shorter_than_the_deadline_are_made(table, clock, reminders, before):  # type: ignore[no-untyped-def]
    gid = table.new_game(ALICE, CHAN, "tribute", players=2, seed=7).game.id
    table.join(BOB, CHAN)
    table.settings(GM, CHAN, setting="reminders", value=reminders)
    table.start(ALICE, CHAN)
    now = clock.now()
    assert _open(table, gid, "deadline") == [now + 24 * HOUR] * 2
    assert _open(table, gid, "reminder") == sorted(now + 24 * HOUR - b for b in before for _ in "ab")


def test_a_reminder_names_its_game_seat_decision_and_time_left(table, clock):  # type: ignore[no-untyped-def]
    gid = start_game(table)
    _reminders(table)
    deadline = clock.now() + 24 * HOUR
    clock.advance(12 * HOUR)
    table.run_due()
    sent = sorted((m.payload for m in table.pending_outbox(1000) if m.payload.get("type") == "reminder"),
                  key=lambda p: p["seat"])
    assert [(p["game_id"], p["seat"], p["due"], p["left"]) for p in sent] == \
        [(gid, "alice", deadline, "12h"), (gid, "bob", deadline, "12h")]
    pending = {s: d.id for d in table.rules_for("tribute").pending(table.state(gid)) for s in d.seats}
    assert all(p["decision"] == pending[p["seat"]] and p["question"] for p in sent)


def test_a_game_not_running_cannot_be_paused(table, clock):  # type: ignore[no-untyped-def]
    from bot.table import TableError

    start_game(table)
    table.pause(GM, CHAN)
    with pytest.raises(TableError) as err:
        table.pause(GM, CHAN)
    assert err.value.code == "not_active" and "paused already" in str(err.value)
