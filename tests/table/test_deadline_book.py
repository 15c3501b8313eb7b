"""The deadline book (bot/table/deadlines.py) on its own: which setting times a decision, which reminders
are made, and the rows one sync opens, keeps and closes for each kind of awaited seat."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from bot.table import limits
from bot.table.basics import DEFAULT_SETTINGS
from bot.table.deadlines import DeadlineBook
from engine.core import Action, DecisionKind, decision
from tests.table.conftest import ALICE, CHAN

NOW = 1_800_000_000.0
HOUR = 3600.0


@dataclass
class Awaiting:
    """Rules that await the given decisions and nothing else."""

    decisions: list = field(default_factory=list)

    def pending(self, state):
        return self.decisions


def book(table, **settings) -> tuple[DeadlineBook, object]:
    created = table.new_game(ALICE, CHAN, "tribute", players=2)
    if settings:
        table.store.update_game(created.game.id, settings=settings)
    return table.deadlines, table.store.game(created.game.id)


def rows(table, row) -> list[tuple]:
    return [(r.decision, r.seat, r.kind, r.due, r.deadline) for r in table.store.open_deadlines(row.id)]


def closed(table, row) -> dict[tuple, str]:
    found = table.store._all("SELECT decision, seat, kind, outcome FROM deadlines WHERE game = ? AND done_at IS NOT NULL",
                             (row.id,))
    return {(r[0], r[1], r[2]): r[3] for r in found}


def test_the_settings_are_the_games_own_over_the_tables(table):
    deadlines, row = book(table, deadline="2h")
    assert deadlines.settings_of(row) == {**DEFAULT_SETTINGS, "deadline": "2h"}
    assert DeadlineBook(table.store, {"deadline": "1h", "absent": "steady"}).settings_of(row) == {
        "deadline": "2h", "absent": "steady"}


@pytest.mark.parametrize(("given", "want"), [
    ("12h,1h", [12 * HOUR, HOUR]), ("1h,12h", [12 * HOUR, HOUR]), ("1h, 1h,60m", [HOUR]), ("off", []),
    ("", []), (" , 2h,", [2 * HOUR]), ("0,30s", [30.0]), ("1s", [1.0])])
def test_reminders_are_read_longest_first_without_repeats_or_zeros(table, given, want):
    assert table.deadlines.reminders({"reminders": given}) == want


def test_no_reminder_setting_means_none(table):
    assert table.deadlines.reminders({}) == []


def test_a_decision_is_timed_by_its_kind_then_the_game_then_the_table(table):
    settings = {**DEFAULT_SETTINGS, "deadline": "24h"}
    plain = decision("d", DecisionKind.RESPONSE, ["alice"], "p")
    suggested = decision("d", DecisionKind.RESPONSE, ["alice"], "p", deadline="10m")
    assert table.deadlines.deadline_for(settings, plain) == 24 * HOUR
    assert table.deadlines.deadline_for(settings, suggested) == 600
    kind = {**settings, "deadline.response": "5m", "deadline.reaction": "1m"}
    assert table.deadlines.deadline_for(kind, suggested) == 300 and table.deadlines.deadline_for(kind, plain) == 300
    assert table.deadlines.deadline_for({**settings, "deadline.sequential": "5m"}, plain) == 24 * HOUR


def test_a_deadline_is_held_to_the_longest_allowed_and_an_unreadable_suggestion_falls_back(table):
    settings = {**DEFAULT_SETTINGS, "deadline": "2h"}
    at_most = decision("d", DecisionKind.RESPONSE, ["alice"], "p", deadline=f"{limits.MAX_DEADLINE}s")
    over = decision("d", DecisionKind.RESPONSE, ["alice"], "p", deadline=f"{limits.MAX_DEADLINE + 1}s")
    unreadable = decision("d", DecisionKind.RESPONSE, ["alice"], "p", deadline="soon")
    assert table.deadlines.deadline_for(settings, at_most) == limits.MAX_DEADLINE
    assert table.deadlines.deadline_for(settings, over) == limits.MAX_DEADLINE
    assert table.deadlines.deadline_for(settings, unreadable) == 2 * HOUR


def test_one_sync_opens_a_deadline_and_each_shorter_reminder_for_every_awaited_seat(table):
    deadlines, row = book(table, deadline="2h", reminders="3h,2h,1h,30m")
    d = decision("bid-1", DecisionKind.SIMULTANEOUS, ["alice", "bob"], "p", Action.of("pass"))
    due = deadlines.sync(row, Awaiting([d]), None, NOW, computers=set())
    end = NOW + 2 * HOUR
    assert due == {("bid-1", "alice"): end, ("bid-1", "bob"): end}
    want = sorted([("bid-1", s, "deadline", end, end) for s in ("alice", "bob")]
                  + [("bid-1", s, "reminder", end - HOUR, end) for s in ("alice", "bob")]
                  + [("bid-1", s, "reminder", end - HOUR / 2, end) for s in ("alice", "bob")])
    assert sorted(rows(table, row)) == want
    # A second sync with the same decisions changes nothing and gives the same deadlines.
    assert deadlines.sync(row, Awaiting([d]), None, NOW + 60, computers=set()) == due
    assert sorted(rows(table, row)) == want


def test_a_deadline_set_off_opens_no_row(table):
    deadlines, row = book(table, deadline="off")
    d = decision("bid-1", DecisionKind.SIMULTANEOUS, ["alice"], "p")
    assert deadlines.sync(row, Awaiting([d]), None, NOW, computers=set()) == {}
    assert rows(table, row) == []


def test_a_computer_seat_and_a_seat_stood_in_for_get_a_turn_due_at_once(table):
    deadlines, row = book(table, deadline="2h", reminders="off")
    d = decision("bid-1", DecisionKind.SIMULTANEOUS, ["alice", "bob", "carol"], "p")
    due = deadlines.sync(row, Awaiting([d]), None, NOW, standing_in=("bid-1", "carol"), computers={"bob"})
    assert due == {("bid-1", "alice"): NOW + 2 * HOUR}
    assert sorted(rows(table, row)) == [("bid-1", "alice", "deadline", NOW + 2 * HOUR, NOW + 2 * HOUR),
                                        ("bid-1", "bob", "computer", NOW, NOW),
                                        ("bid-1", "carol", "computer", NOW, NOW)]
    # Kept as they are on the next sync: a computer's turn is no person's deadline.
    assert deadlines.sync(row, Awaiting([d]), None, NOW + 5, computers={"bob"}) == due
    assert len(rows(table, row)) == 3


def test_an_offer_waits_for_a_computer_seat_but_sets_no_deadline_on_a_person(table):
    deadlines, row = book(table, deadline="2h", reminders="1h")
    offer = decision("offer-1", DecisionKind.RESPONSE, ["alice", "bob"], "p", blocking=False)
    assert deadlines.sync(row, Awaiting([offer]), None, NOW, computers={"bob"}) == {}
    assert rows(table, row) == [("offer-1", "bob", "computer", NOW, NOW)]


def test_the_computer_seats_are_read_from_the_store_when_not_given(table):
    deadlines, row = book(table, deadline="2h", reminders="off")
    table.store.add_seat(row.id, "bob", "computer:bob", "bob", NOW, "", "steady")
    d = decision("bid-1", DecisionKind.SIMULTANEOUS, ["alice", "bob"], "p")
    assert deadlines.sync(row, Awaiting([d]), None, NOW) == {("bid-1", "alice"): NOW + 2 * HOUR}
    assert ("bid-1", "bob", "computer", NOW, NOW) in rows(table, row)


def test_rows_of_answered_decisions_close_and_a_fired_deadline_starts_afresh(table):
    deadlines, row = book(table, deadline="2h", reminders="1h")
    first = decision("bid-1", DecisionKind.SIMULTANEOUS, ["alice", "bob"], "p")
    deadlines.sync(row, Awaiting([first]), None, NOW, computers=set())
    # bob answered; alice's deadline fired (closed) while her reminder stayed open.
    for r in table.store.open_deadlines(row.id):
        if r.seat == "alice" and r.kind == "deadline":
            table.store.close_deadline(r.id, NOW + 2 * HOUR, "fired")
    still = decision("bid-1", DecisionKind.SIMULTANEOUS, ["alice"], "p")
    later = NOW + 2 * HOUR
    due = deadlines.sync(row, Awaiting([still]), None, later, computers=set())
    assert due == {("bid-1", "alice"): later + 2 * HOUR}
    assert closed(table, row) == {("bid-1", "alice", "deadline"): "fired", ("bid-1", "alice", "reminder"): "superseded",
                                  ("bid-1", "bob", "deadline"): "answered", ("bid-1", "bob", "reminder"): "answered"}
    assert sorted(r for r in rows(table, row)) == [("bid-1", "alice", "deadline", later + 2 * HOUR, later + 2 * HOUR),
                                                   ("bid-1", "alice", "reminder", later + HOUR, later + 2 * HOUR)]


def test_a_deadline_of_one_second_is_a_deadline(table):
    deadlines, row = book(table, deadline="1s", reminders="off")
    d = decision("bid-1", DecisionKind.SIMULTANEOUS, ["alice"], "p")
    assert deadlines.sync(row, Awaiting([d]), None, NOW, computers=set()) == {("bid-1", "alice"): NOW + 1}
