"""Deadlines with a fake clock: defaults, reminders, restarts, pause."""

from __future__ import annotations

import pytest

from bot.table import DM, FakeClock
from engine.core import Action
from tests.table.conftest import ALICE, BOB, CHAN, GM, make_table, start_game

HOUR = 3600.0


def dms(table, kind):
    out = [m for m in table.pending_outbox(1000) if m.kind == DM and m.payload.get("type") == kind]
    for m in table.pending_outbox(1000):
        table.mark_delivered(m.id)
    return out


def test_deadline_applies_the_default(table, clock):
    gid = start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=5))
    assert table.next_wakeup() == clock.now() + 12 * HOUR  # first reminder (24h deadline, 12h before)
    assert table.run_due() == []
    clock.advance(24 * HOUR + 1)
    fired = table.run_due()
    assert len(fired) == 1 and fired[0].source == "deadline" and fired[0].seat == "bob"
    assert fired[0].action == Action.of("bid", card=1)  # bob's default: his lowest card
    state = table.state(gid)
    assert state.data.step == "shield" and state.data.winner == "alice"
    row = table.store.actions(gid)[-1]
    assert row.source == "deadline" and row.key.startswith("deadline:")
    # Announced: in the phase post without the card (no post of its own), to bob with it.
    msgs = table.pending_outbox(1000)
    assert not [m for m in msgs if m.payload.get("type") == "deadline"]
    post = next(m for m in msgs if m.payload.get("type") == "phase")
    assert post.payload["timed_out"] == ["Time ran out for bob: the table played the default answer."]
    dm = [m for m in msgs if m.payload.get("type") == "prompt" and m.seat == "bob"][-1]
    assert dm.payload["note"] == "Time ran out, so the table chose for you: Bid 1."
    assert table.run_due() == []  # fired once


def test_reminders_come_before_the_deadline(table, clock):
    start_game(table)
    dms(table, "reminder")
    clock.advance(12 * HOUR)
    table.run_due()
    assert sorted(m.seat for m in dms(table, "reminder")) == ["alice", "bob"]
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=5))  # alice answers: her rows close
    clock.advance(11 * HOUR)
    table.run_due()
    assert [m.seat for m in dms(table, "reminder")] == ["bob"]


def test_deadline_passed_while_down(db_path, clock):
    table = make_table(db_path, clock)
    gid = start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=5))
    table.store.close()
    # Two days later the bot starts again.
    later = FakeClock(clock.now() + 48 * HOUR)
    table = make_table(db_path, later)
    fired = table.catch_up()
    assert [a.seat for a in fired] == ["bob"]
    # The reminders that passed with it were skipped, not sent late.
    assert not [m for m in table.pending_outbox(1000) if m.payload.get("type") == "reminder"]
    # After bob's default the shield window opened for bob with a fresh deadline.
    assert table.state(gid).data.step == "shield"
    assert table.next_wakeup() == later.now() + 12 * HOUR
    table.store.close()


def test_pause_stops_the_clock(table, clock):
    gid = start_game(table)
    table.pause(GM, CHAN)
    clock.advance(30 * HOUR)
    assert table.run_due() == []
    assert table.next_wakeup() is None
    table.resume(GM, CHAN)
    rows = [r for r in table.store.open_deadlines(gid) if r.kind == "deadline"]
    assert {r.due for r in rows} == {clock.now() - 30 * HOUR + 24 * HOUR + 30 * HOUR}
    clock.advance(23 * HOUR)
    assert [a for a in table.run_due() if hasattr(a, "seat")] == []
    clock.advance(1 * HOUR)
    assert sorted(a.seat for a in table.run_due()) == ["alice", "bob"]


def test_deadline_per_kind_and_off(table, clock):
    gid = start_game(table)
    table.settings(GM, CHAN, setting="deadline.reaction", value="10m")
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=5))
    table.act(BOB, CHAN, "tribute", Action.of("bid", card=1))
    rows = [r for r in table.store.open_deadlines(gid) if r.kind == "deadline"]
    assert [(r.decision, r.due - clock.now()) for r in rows] == [("reaction-shield", 600.0)]
    table.settings(GM, CHAN, setting="deadline", value="off")
    table.act(BOB, CHAN, "tribute", Action.of("pass"))
    assert table.store.open_deadlines(gid) == []
    assert table.next_wakeup() is None


def test_a_default_that_no_longer_applies_is_dropped(table, clock):
    start_game(table)
    clock.advance(24 * HOUR)
    fired = table.run_due()
    assert sorted(a.seat for a in fired) == ["alice", "bob"]  # both bids defaulted, in order
    assert table.run_due() == []


def test_abandon_closes_deadlines(table, clock):
    gid = start_game(table)
    table.abandon(GM, CHAN)
    assert table.store.open_deadlines(gid) == []
    clock.advance(100 * HOUR)
    assert table.run_due() == []


class _Stubborn:
    """Tribute where a missed bid defaults to an offer, so the seat stays awaited afterwards."""

    @staticmethod
    def rules():
        from engine.core import Action as A
        from engine.core import decision
        from tests.games.tribute import TributeRules

        class Stubborn(TributeRules):
            name = "stubborn"

            def pending(self, state):
                out = super().pending(state)
                return [decision(d.id, d.kind, d.seats, d.prompt,
                                 {s: A.of("offer", to=next(x for x in state.seats if x != s), give=0, take=1)
                                  for s in d.seats}, secret=d.secret)
                        if d.id.startswith("bid-") else d for d in out]

        return Stubborn()


def test_a_seat_still_awaited_after_its_default_gets_a_new_deadline(db_path, clock):
    A_, B_ = ALICE, BOB

    table = make_table(db_path, clock)
    table.add_game(_Stubborn.rules())
    gid = table.new_game(A_, CHAN, "stubborn", players=2, seed=1).game.id
    table.join(B_, CHAN)
    table.start(A_, CHAN)
    table.act(A_, CHAN, "stubborn", Action.of("bid", card=2))
    clock.advance(24 * HOUR)
    fired = table.run_due()
    assert [a.action.kind for a in fired] == ["offer"]
    rows = [r for r in table.store.open_deadlines(gid) if r.kind == "deadline"]
    assert [(r.seat, r.due) for r in rows] == [("bob", clock.now() + 24 * HOUR)]
    assert table.next_wakeup() == clock.now() + 12 * HOUR
    table.store.close()


def test_a_game_may_suggest_a_deadline_for_a_decision(db_path, clock):
    from engine.core import decision
    from tests.games.tribute import TributeRules

    class Quick(TributeRules):
        name = "quick"

        def pending(self, state):
            return [decision(d.id, d.kind, d.seats, d.prompt, dict(d.defaults), secret=d.secret,
                             blocking=d.blocking, deadline="5m") if d.kind.value == "reaction" else d
                    for d in super().pending(state)]

    table = make_table(db_path, clock)
    table.add_game(Quick())
    gid = table.new_game(ALICE, CHAN, "quick", players=2).game.id
    table.join(BOB, CHAN)
    table.start(ALICE, CHAN)
    table.act(ALICE, CHAN, "quick", Action.of("bid", card=5))
    table.act(BOB, CHAN, "quick", Action.of("bid", card=1))
    rows = [r for r in table.store.open_deadlines(gid) if r.kind == "deadline"]
    assert [(r.decision, r.due - clock.now()) for r in rows] == [("reaction-shield", 300.0)]
    # The table's own setting for the kind wins over the game's suggestion.
    other = table.new_game(ALICE, "c2", "quick", players=2).game.id
    table.join(BOB, "c2")
    table.start(ALICE, "c2")
    table.settings(GM, "c2", setting="deadline.reaction", value="1h")
    table.act(ALICE, "c2", "quick", Action.of("bid", card=5))
    table.act(BOB, "c2", "quick", Action.of("bid", card=1))
    rows = [r for r in table.store.open_deadlines(other) if r.kind == "deadline"]
    assert [(r.decision, r.due - clock.now()) for r in rows] == [("reaction-shield", 3600.0)]
    table.close()


def test_a_gm_may_play_a_default_at_once(table, db_path):
    from bot.table import NotAllowed, TableError
    from tests.table.conftest import snapshot

    gid = start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=5))
    before = snapshot(table, db_path, gid)
    for call, err in ((lambda: table.skip(BOB, CHAN, seat="alice"), NotAllowed),
                      (lambda: table.skip(GM, CHAN, seat="alice"), TableError)):
        try:
            call()
        except err:
            pass
        else:  # pragma: no cover
            raise AssertionError("not refused")
    assert snapshot(table, db_path, gid) == before
    out = table.skip(GM, CHAN, seat="bob", key="i-9")
    assert (out.seat, out.action, out.source) == ("bob", None, "gm")  # the bid stays bob's secret
    assert all(e.is_public for e in out.events)
    assert (out.said, out.news) == ("", ())  # nor in words: the bid's label and bob's own news are bob's
    assert table.store.actions(gid)[-1].action == Action.of("bid", card=1).dumps()
    assert table.skip(GM, CHAN, seat="bob", key="i-9").duplicate
    dm = [m for m in table.pending_outbox(1000) if m.payload.get("type") == "prompt" and m.seat == "bob"][-1]
    assert dm.payload["note"] == "A GM chose for you: Bid 1."
    news = [m for m in table.pending_outbox(1000) if m.kind == DM and m.payload.get("type") == "news"]
    assert [(m.seat, m.payload["seat"], m.payload["lines"]) for m in news] == [
        ("bob", "bob", ["Your bid of 1 is in."])]  # his own news: by DM
    [post] = [m.payload for m in table.pending_outbox(1000) if m.payload.get("type") == "skip"]
    assert {k: post[k] for k in ("seat", "seq", "by", "name")} == {"seat": "bob", "seq": 2, "by": "Game Master",
                                                                    "name": "bob"}
    assert table.invoke(GM, CHAN, "game", "skip", {"seat": "bob"}).action == Action.of("pass")  # shield window


def test_a_gm_is_told_whom_the_game_waits_on_and_when_there_is_no_default_to_play(table, monkeypatch):
    from bot.table import TableError
    from engine.core.decisions import Decision

    gid = start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=5))
    with pytest.raises(TableError) as err:
        table.skip(GM, CHAN, seat="alice")
    assert (err.value.code, err.value.message, err.value.legal) == ("not_awaited", f"game {gid} is not waiting on 'alice'",
                                                                    ["bob"])
    monkeypatch.setattr(Decision, "default_for", lambda self, seat: None)
    with pytest.raises(TableError) as err:
        table.skip(GM, CHAN, seat="bob")
    assert (err.value.code, err.value.message, err.value.legal) == (
        "no_default", "seat bob must make this choice: it has no default for a game manager to play",
        "wait for their answer")
    assert table.store.actions(gid)[-1].action == Action.of("bid", card=5).dumps()


def _notices(table, gid):
    from bot.table import text

    return [text.outgoing_text(m) for m in table.pending_outbox(1000, game_id=gid) if m.payload.get("type") == "table"]


def test_pause_resume_and_abandon_tell_the_thread_and_record_when_the_game_changed(table, clock):
    from bot.table import text

    gid = start_game(table)
    for command, word in ((table.pause, "paused"), (table.resume, "resumed"), (table.abandon, "abandoned")):
        clock.advance(HOUR)
        done = command(GM, CHAN)
        assert text.describe(done) == f"Game {gid} is {word}." and done.game.status == word.replace("resumed", "active")
        assert table.store.game(gid).updated == clock.now()
    assert _notices(table, gid) == ["Game Master paused the game: no deadline runs until it resumes.",
                                    "Game Master resumed the game; deadlines run again.",
                                    "Game Master ended the game here: it is abandoned."]


def test_only_a_paused_game_is_resumed(table, clock):
    from bot.table import TableError

    gid = start_game(table)
    with pytest.raises(TableError) as err:
        table.resume(GM, CHAN)
    assert err.value.code == "not_paused" and str(err.value) == f"table: game {gid} cannot be resumed: it is under way"
    table.abandon(GM, CHAN)
    with pytest.raises(TableError) as err:
        table.abandon(GM, CHAN)
    assert (err.value.code, err.value.message, err.value.legal) == ("game_over", f"game {gid} is already abandoned", None)
    with pytest.raises(TableError) as err:
        table.pause(GM, CHAN)
    assert (err.value.code, err.value.message, err.value.legal) == (
        "not_active", f"game {gid} cannot be paused: it is abandoned", None)


def test_a_setting_sent_twice_with_one_key_is_already_done_in_its_game(table):
    from bot.table import AlreadyDone

    gid = start_game(table)
    table.settings(GM, CHAN, setting="deadline", value="2h", key="k-set")
    again = table.settings(GM, CHAN, setting="deadline", value="3h", key="k-set")
    assert isinstance(again, AlreadyDone) and again.game is not None and again.game.id == gid
    assert table.settings(GM, CHAN).values["deadline"] == "2h"


def test_the_timers_fire_what_is_due_at_the_moment_they_are_given(table, clock):
    start_game(table)
    assert table.run_due(now=clock.now() + 23 * HOUR) == []
    fired = table.run_due(now=clock.now() + 24 * HOUR)   # the table's clock has not moved
    assert sorted(a.seat for a in fired) == ["alice", "bob"]
