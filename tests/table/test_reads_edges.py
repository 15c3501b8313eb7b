"""The table's reads at their edges (bot/table/reads.py): how much of the log ``last`` shows, counted
from one, who a secret action is shown as, and the guide's words where there is no game, and for a seat
waited on, a seat not waited on and someone with no seat."""

from __future__ import annotations

import pytest

from bot.table import Actor, FakeClock, Store, TableError, TableService
from engine.core import Action
from tests.table.conftest import ALICE, BOB, CAROL, CHAN, start_game


@pytest.fixture
def logged(table) -> int:
    gid = start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=4))
    table.act(BOB, CHAN, "tribute", Action.of("bid", card=2))
    table.act(ALICE, CHAN, "tribute", Action.of("offer", to="bob", give=1, take=0))
    return gid


@pytest.mark.parametrize("last", [0, -1])
def test_the_log_refuses_fewer_than_one_action_in_words(table, logged, last):
    with pytest.raises(TableError) as err:
        table.log(ALICE, CHAN, last=last)
    assert (err.value.message, err.value.code, err.value.legal) == (
        f"the log shows 1 action or more, not {last}", "bad_value", "for example `/game log last:5`")


@pytest.mark.parametrize(("last", "seqs"), [(1, [3]), (2, [2, 3]), (3, [1, 2, 3]), (4, [1, 2, 3]), (99, [1, 2, 3])])
def test_the_log_shows_the_last_actions_asked_for(table, logged, last, seqs):
    assert [e.seq for e in table.log(BOB, CHAN, last=last).entries] == seqs


def test_a_secret_action_is_shown_by_its_seat_only_to_that_seat(table, logged):
    def seats(actor) -> list[str]:
        return [e.seat for e in table.log(actor, CHAN, last=3).entries]
    assert seats(ALICE) == ["alice", "", "alice"]
    assert seats(BOB) == ["", "bob", "alice"]
    assert seats(CAROL) == ["", "", "alice"]
    assert [e.source for e in table.log(CAROL, CHAN, last=3).entries] == ["player"] * 3
    first = table.log(ALICE, CHAN, last=3).entries[0]
    assert first.line == "alice has bid." and {e.kind for e in first.events} >= {"secret.chosen"}
    assert "secret.chosen" not in {e.kind for e in table.log(BOB, CHAN, last=3).entries[0].events}


def test_the_guide_where_there_is_no_game_names_every_game_to_open(table, db_path, clock):
    guide = table.guide(ALICE, "nowhere")
    assert guide.game is None and guide.now[0] == "There is no game here yet."
    assert guide.now[1].startswith("Open one with `/game new name:tribute` (Tribute, 2 to 4 players); ")
    assert guide.commands[0] == ("/game new", "open a game (name: tribute)")
    bare = TableService(Store(db_path.with_name("bare.sqlite3")), clock=FakeClock(), games=[], load_registered=False)
    guide = bare.guide(ALICE, "nowhere")
    assert guide.now[1].startswith("Open one with `/game new`; ")
    assert guide.commands[0] == ("/game new", "open a game (name: the game's name)")
    bare.store.close()


def test_the_guide_tells_each_person_whom_the_game_waits_on(table, logged):
    mallory = Actor("u-mallory", "mallory")
    alice, bob, outsider = (table.guide(who, CHAN).now for who in (ALICE, BOB, mallory))
    assert bob[0].startswith("Tribute, game 1 (Round 1: the shield): the game waits on you. ")
    assert alice[0] == ("Tribute, game 1 (Round 1: the shield): nothing waits on you now; the game waits on bob. "
                        "Your prompt comes by direct message when it is your turn.")
    assert outsider[0] == "Tribute, game 1 (Round 1: the shield): you have no seat in this game; it waits on bob."


def test_the_status_the_list_and_the_log_wait_for_a_change_in_progress_on_that_game(table):
    """A read takes the game's own lock, so it never sees a move half stored (the log: never an action
    newer than the state it words it with)."""
    import threading

    gid = start_game(table)
    for read in (lambda: table.status(ALICE, CHAN), lambda: table.list_games(ALICE, CHAN),
                 lambda: table.log(ALICE, CHAN, last=3)):
        done = threading.Event()
        with table.game_lock(gid):
            reader = threading.Thread(target=lambda r=read, d=done: (r(), d.set()))
            reader.start()
            assert not done.wait(0.3)   # held back while the game is being changed
        assert done.wait(10)
        reader.join()


def test_the_game_words_learn_who_acted_only_for_a_public_action(table, logged, monkeypatch):
    from tests.games.tribute import TributeWords

    monkeypatch.setattr(TributeWords, "log_line", lambda self, state, seat, events, aud: f"by {seat}")
    assert [e.line for e in table.log(ALICE, CHAN, last=3).entries] == ["by None", "by None", "by alice"]
