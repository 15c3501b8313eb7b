"""Handing a seat over (bot/table/manager.py ``replace``) at its edges: each refusal in its words, the
name a seat takes when none is given, a strength written any way, and the seat's deadlines started afresh."""

from __future__ import annotations

import pytest

from bot.table import TableError
from engine import agents
from engine.core import Action
from tests.table.conftest import ALICE, BOB, CHAN, GM, drain, start_game


def refused(call) -> TableError:
    with pytest.raises(TableError) as err:
        call()
    return err.value


def test_a_person_and_a_strength_together_or_a_strength_unknown_are_refused(table):
    start_game(table)
    both = refused(lambda: table.replace(GM, CHAN, "bob", "u-carol", computer="steady"))
    assert (both.message, both.code, both.legal) == (
        "name a person or a computer player's strength, not both", "bad_value", list(agents.STRENGTHS))
    unknown = refused(lambda: table.replace(GM, CHAN, "bob", computer="Godlike"))
    assert (unknown.message, unknown.legal) == ("a computer player's strength is not 'godlike'", list(agents.STRENGTHS))


def test_a_strength_is_read_in_any_case_with_spaces(table):
    gid = start_game(table)
    table.replace(GM, CHAN, "bob", computer=" Steady ")
    assert [(s.seat, s.agent) for s in table.store.seats(gid)] == [("alice", ""), ("bob", "steady")]


@pytest.mark.parametrize("user_id", ["", None])
def test_a_hand_over_naming_nobody_says_whom_to_name(table, user_id):
    start_game(table)
    err = refused(lambda: table.replace(GM, CHAN, "bob", user_id))
    assert (err.message, err.code) == ("say who takes the seat over", "bad_value")
    assert err.legal == "`user:` and the person, or `computer:` and a computer player's strength"


def test_a_user_id_of_too_many_characters_is_refused(table):
    start_game(table)
    assert len("u" * 64) == 64 and table.replace(GM, CHAN, "bob", "u" * 64)   # the longest there may be
    err = refused(lambda: table.replace(GM, CHAN, "alice", "v" * 65))
    assert (err.message, err.code) == ("a user id is 1 to 64 characters", "bad_value")


def test_a_seat_given_without_a_name_is_named_by_the_user_id(table):
    gid = start_game(table)
    table.replace(GM, CHAN, "bob", "u" * 64)
    table.replace(GM, CHAN, "alice", "u-maud", "M" * 65)  # a name is kept to 64 characters
    assert [(s.seat, s.user_id, s.name, s.agent) for s in table.store.seats(gid)] == [
        ("alice", "u-maud", "M" * 64, ""), ("bob", "u" * 64, "u" * 64, "")]
    assert [(s.seat, s.name) for s in table.info(gid).seats] == [("alice", "M" * 64), ("bob", "u" * 64)]


def test_a_seat_not_in_the_game_a_person_already_seated_and_a_game_over_are_refused(table):
    gid = start_game(table)
    nowhere = refused(lambda: table.replace(GM, CHAN, "zed", "u-carol"))
    assert (nowhere.message, nowhere.legal) == (f"game {gid} has no seat 'zed'", ["alice", "bob"])
    seated = refused(lambda: table.replace(GM, CHAN, "bob", ALICE.user_id))
    assert (seated.message, seated.code) == ("that person already holds seat 'alice'", "seated")
    table.replace(GM, CHAN, "bob", BOB.user_id, "bob")  # the holder again: allowed
    table.abandon(GM, CHAN)
    over = refused(lambda: table.replace(GM, CHAN, "bob", "u-carol", game_id=gid))
    assert over.message == f"game {gid} is over"


def test_a_seat_handed_over_has_its_deadlines_started_afresh(table, clock):
    gid = start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=4))
    clock.advance(3600)
    table.replace(GM, CHAN, "bob", "u-carol", "carol")
    closed = table.store._all("SELECT seat, kind, outcome FROM deadlines WHERE game = ? AND outcome = 'handed over'",
                              (gid,))
    assert sorted(tuple(r) for r in closed) == [("bob", "deadline", "handed over"), ("bob", "reminder", "handed over"),
                                                ("bob", "reminder", "handed over")]
    fresh = [(r.seat, r.kind, r.deadline) for r in table.store.open_deadlines(gid) if r.kind == "deadline"]
    assert fresh == [("bob", "deadline", clock.now() + 24 * 3600)]


def test_a_seat_handed_over_gets_its_living_prompt_anew_for_its_new_holder(table):
    gid = start_game(table)
    drain(table)
    table.replace(GM, CHAN, "bob", "u-carol", "carol")
    [prompt] = [m for m in drain(table) if m.payload.get("type") == "prompt"]
    assert (prompt.seat, prompt.user_id) == ("bob", "u-carol")
    p = prompt.payload
    assert (p["game_id"], p["seat"], p["name"], p["fresh"], p["ping"]) == (gid, "bob", "carol", True, True)
    pending = {s: d.id for d in table.rules_for("tribute").pending(table.state(gid)) for s in d.seats}
    assert p["decision"] == pending["bob"] and p["choices"] and p["title"] == "Round 1: the bids"


def test_the_reply_to_a_hand_over_names_the_seat_its_game_and_who_plays_it(table):
    from bot.table import text

    gid = start_game(table)
    given = table.replace(GM, CHAN, "bob", "u-carol", "Carol")
    assert given.game.id == gid and given.detail == {"seat": "bob", "old": "u-bob", "new": "u-carol", "name": "Carol",
                                                     "computer": ""}
    assert text.describe(given) == f"Seat bob of game {gid} is replaced: Carol plays it from now on."
    handed = table.replace(GM, CHAN, "bob", computer="steady")
    assert text.describe(handed) == f"Seat bob of game {gid} is replaced: a computer player (steady) plays it from now on."
    assert [s.name for s in handed.game.seats if s.seat == "bob"] == ["Carol"]


def test_someone_neither_manager_nor_owner_is_told_who_may_hand_a_seat_over(table):
    from bot.table import NotAllowed

    start_game(table)
    with pytest.raises(NotAllowed) as err:
        table.replace(BOB, CHAN, "alice", computer="steady")
    assert err.value.message == "only the game's manager, or the seat's owner, may hand a seat over"
    assert "the seat's owner may give it to a computer player and take it back" in str(err.value.legal)


def test_a_seat_is_handed_over_by_the_game_s_number_from_a_direct_message(table):
    first = start_game(table)
    second = start_game(table, channel="chan-2")
    handed = table.replace(BOB, None, "bob", computer="steady", game_id=second)
    assert handed.game.id == second
    assert table.info(second).user_of("bob").agent == "steady" and not table.info(first).user_of("bob").agent


def test_a_seat_taken_back_from_a_computer_player_is_a_person_s_again_in_the_reply_as_on_record(table):
    gid = start_game(table)
    table.replace(GM, CHAN, "bob", computer="steady")
    back = table.replace(GM, CHAN, "bob", "u-carol", "Carol")
    seat = back.game.user_of("bob")
    assert (seat.user_id, seat.name, seat.agent, seat.computer) == ("u-carol", "Carol", "", False)
    assert back.game.seats == table.info(gid).seats   # the reply says what the table reads back
