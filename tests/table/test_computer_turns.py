"""A computer player's turn as the table plays it (bot/table/computers.py ``play_computer``): what it is
given to think with, how often it tries before the turn is closed, and the outcome each closed turn row
says; a table that cannot save leaves the turn waiting."""

from __future__ import annotations

import logging
import time
from pathlib import Path

import pytest

from bot.table import computers, thinking
from bot.table.store import CannotSave
from engine import agents
from engine.core import Action, RuleError
from tests.table.conftest import ALICE, CHAN, drain

SEAT = "aldous"


@pytest.fixture
def turn(table) -> tuple[int, int]:
    """A started game of alice and a computer player: the computer's bid is its one turn due."""
    gid = table.new_game(ALICE, CHAN, "tribute", players=2, seed=11).game.id
    assert table.computer(ALICE, CHAN, strength="random").seat == SEAT
    table.start(ALICE, CHAN)
    drain(table)
    turns = table.computer_turns()
    assert len(turns) == 1
    return gid, turns[0]


def closed(table, turn_id: int) -> tuple:
    r = table.store.deadline(turn_id)
    return r.done_at, r.outcome


def logged(caplog, level: str) -> list[str]:
    """The lines of ``level`` the table logged, as an operator reads them."""
    return [r.getMessage() for r in caplog.records if r.levelname == level]


def test_the_agent_thinks_with_the_tables_budget_and_a_seed_of_the_turn(table, turn, monkeypatch):
    gid, turn_id = turn
    table.computer_budget = 2.5
    seen = []

    def decide(rules, state, seat, strength, *, seed, budget, clock):
        seen.append((seat, strength, seed, budget, clock))
        return Action.of("bid", card=2)

    monkeypatch.setattr(agents, "decide", decide)
    [applied] = table.play_computer(turn_id)
    row = table.store.game(gid)
    want = computers.agent_seed(row.seed, 0, SEAT, "bid-1")
    assert seen == [(SEAT, "random", want, 2.5, time.monotonic)]
    assert (applied.seat, applied.action, applied.source) == (SEAT, Action.of("bid", card=2), "computer")
    assert table.store.actions(gid)[-1].key == f"computer:{turn_id}"
    assert closed(table, turn_id)[1] == "default applied"


def test_a_refused_choice_is_thought_again_then_the_default_is_played(table, turn, monkeypatch):
    gid, turn_id = turn
    tries = []

    def wrong_then_right(rules, state, seat, strength, **kw):
        tries.append(seat)
        return Action.of("bid", card=99 if len(tries) < 3 else 3)

    monkeypatch.setattr(agents, "decide", wrong_then_right)
    [applied] = table.play_computer(turn_id)
    assert len(tries) == 3 and applied.action == Action.of("bid", card=3)


def test_after_three_thoughts_are_refused_the_default_plays(table, turn, monkeypatch, caplog):
    gid, turn_id = turn
    tries = []
    monkeypatch.setattr(agents, "decide", lambda *a, **kw: tries.append(1) or Action.of("bid", card=99))
    caplog.set_level(logging.INFO, "seneschal.table")
    [applied] = table.play_computer(turn_id)
    assert len(tries) == 3 and applied.action == Action.of("bid", card=1)  # the lowest card
    # each refusal is logged with its game, the kind and the code, never the card (a secret bid)
    assert logged(caplog, "INFO") == [f"game {gid}: a computer player's bid for bid-1 was refused (not_in_hand)"] * 3


def test_a_broken_agent_is_logged_and_its_seat_plays_the_default(table, turn, monkeypatch, caplog):
    gid, turn_id = turn

    def broken(*args, **kwargs):
        raise ZeroDivisionError("oops")

    monkeypatch.setattr(agents, "decide", broken)
    [applied] = table.play_computer(turn_id)
    assert applied.action == Action.of("bid", card=1) and closed(table, turn_id)[1] == "default applied"
    assert logged(caplog, "ERROR") == [f"game {gid}: the random computer player failed on bid-1; playing the default"]


def test_a_turn_whose_every_attempt_is_refused_is_closed_as_refused(table, turn, monkeypatch):
    gid, turn_id = turn
    applies = []

    def refuse(*args, **kwargs):
        applies.append(args)
        raise RuleError("T1", "no")

    monkeypatch.setattr(table.computers.actions, "apply", refuse)
    monkeypatch.setattr(agents, "decide", lambda *a, **kw: Action.of("bid", card=2))
    assert table.play_computer(turn_id) == []
    assert len(applies) == 4 and closed(table, turn_id)[1] == "refused"  # three thoughts and the default
    assert table.store.actions(gid) == []


def test_a_turn_without_a_choice_or_a_default_is_closed_saying_so(table, turn, monkeypatch):
    gid, turn_id = turn
    monkeypatch.setattr(computers.ComputerPlayers, "_think", lambda self, turn: None)
    monkeypatch.setattr(computers.ComputerPlayers, "_looping", lambda self, turn: False)
    assert table.play_computer(turn_id) == []
    assert closed(table, turn_id) == (table.clock.now(), "no default")


def test_a_table_that_cannot_save_leaves_the_turn_waiting_for_room(table, turn, monkeypatch):
    """The adapter catches CannotSave and tries the turn again later: the row must stay open, and the
    agent must not think again and again meanwhile."""
    gid, turn_id = turn
    thoughts = []
    monkeypatch.setattr(agents, "decide", lambda *a, **kw: thoughts.append(1) or Action.of("bid", card=2))
    apply = table.computers.actions.apply

    def full(*args, **kwargs):
        raise CannotSave("disk full")

    monkeypatch.setattr(table.computers.actions, "apply", full)
    with pytest.raises(CannotSave):
        table.play_computer(turn_id)
    assert len(thoughts) == 1 and closed(table, turn_id) == (None, None)
    monkeypatch.setattr(table.computers.actions, "apply", apply)
    [applied] = table.play_computer(turn_id)
    assert applied.action == Action.of("bid", card=2) and table.computer_turns() == []


def test_a_turn_of_a_decision_already_answered_or_of_a_game_not_running_is_not_played(table, turn):
    gid, turn_id = turn
    table.store.update_game(gid, status="paused")
    assert table.play_computer(turn_id) == [] and closed(table, turn_id) == (None, None)
    table.store.update_game(gid, status="active")
    table.store.add_deadline(gid, "bid-7", SEAT, "computer", 0, 0, 0)
    stale = max(r.id for r in table.store.open_deadlines(gid))
    assert table.play_computer(stale) == [] and closed(table, stale) == (table.clock.now(), "answered")
    reminder = next(r.id for r in table.store.open_deadlines(gid) if r.kind != "computer")
    assert table.play_computer(reminder) == [] and closed(table, reminder) == (None, None)  # not a turn


def test_the_processes_setting_chooses_where_the_agent_thinks(monkeypatch):
    calls = []
    monkeypatch.setattr(thinking, "_decide", lambda *a: calls.append(("here",) + a[3:]) or "chosen")

    class Pool:
        def submit(self, fn, *args):
            calls.append(("pool", fn is thinking._decide) + args[3:])

            class Done:
                def result(self):
                    return "pooled"
            return Done()

    monkeypatch.setattr(thinking, "pool", lambda processes: calls.append(("size", processes)) or Pool())
    assert thinking.decide(0, None, None, "a", "random", seed=5, budget=1.0) == "chosen"
    assert thinking.decide(1, None, None, "a", "random", seed=5, budget=1.0) == "pooled"
    assert calls == [("here", "random", 5, 1.0), ("size", 1), ("pool", True, "random", 5, 1.0)]


def test_the_turn_limit_is_the_one_the_agents_guide_gives():
    guide = (Path(__file__).parents[2] / "docs" / "agents.md").read_text(encoding="utf-8")
    assert computers.TURN_LIMIT == 400 and f"{computers.TURN_LIMIT} turns on one decision" in guide


def test_a_computer_named_like_a_taken_seat_or_at_length_gets_a_seat_of_its_own(table):
    table.new_game(ALICE, CHAN, "tribute", players=4)
    long = table.computer(ALICE, CHAN, name="Ermengarde of the Long Valley Road West")
    assert (long.seat, long.name) == ("ermengarde-of-the-long-v", "Ermengarde of the Long Valley Road West")
    like = table.computer(ALICE, CHAN, name="Alice!")
    assert (like.seat, like.name) == ("alice2", "Alice!")


def test_a_thinking_process_lowers_itself_to_the_lowest_priority_or_thinks_on_if_refused(monkeypatch):
    asked = []
    monkeypatch.setattr(thinking.os, "nice", lambda n: asked.append(n))
    thinking._yield_to_people()
    assert asked == [19] == [thinking.NICENESS]

    def refused(n):
        raise OSError("not permitted")

    monkeypatch.setattr(thinking.os, "nice", refused)
    thinking._yield_to_people()  # no error


def test_pools_are_made_once_per_size_and_shut_down_by_size_or_all(monkeypatch):
    made, stopped = [], []

    class Pool:
        def __init__(self, max_workers, initializer):
            made.append((max_workers, initializer is thinking._yield_to_people))

        def shutdown(self, wait, cancel_futures):
            stopped.append((wait, cancel_futures))

    monkeypatch.setattr(thinking, "ProcessPoolExecutor", Pool)
    monkeypatch.setattr(thinking, "_pools", {})
    assert thinking.pool(2) is thinking.pool(2) and thinking.pool(3) is not thinking.pool(2)
    assert made == [(2, True), (3, True)]
    thinking.shutdown(2)
    assert sorted(thinking._pools) == [3] and stopped == [(False, True)]
    thinking.shutdown(7)  # none of that size: nothing to stop
    thinking.shutdown()
    assert thinking._pools == {} and len(stopped) == 2


def test_a_broken_pool_is_dropped_and_the_choice_thought_out_here(monkeypatch):
    from concurrent.futures.process import BrokenProcessPool

    class Broken:
        def submit(self, *args):
            raise BrokenProcessPool("gone")

    stopped = []
    monkeypatch.setattr(thinking, "pool", lambda processes: Broken())
    monkeypatch.setattr(thinking, "shutdown", lambda processes=None: stopped.append(processes))
    monkeypatch.setattr(thinking, "_decide", lambda *a: "here")
    assert thinking.decide(2, None, None, "a", "random", seed=1, budget=None) == "here" and stopped == [2]
