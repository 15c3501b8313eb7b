"""Bounds everywhere: ids outside SQLite's range, deadlines, reminders, names and free texts are
refused with a clear reason (what is allowed) and change nothing."""

from __future__ import annotations

import pytest

from bot.table import Actor, TableError
from tests.table.conftest import ALICE, BOB, CHAN, GM, counts, start_game


def refusal(call) -> TableError:
    with pytest.raises(TableError) as err:
        call()
    return err.value


@pytest.mark.parametrize("huge", [2**63, 2**64 + 5, -(2**63) - 1, 10**40])
def test_game_ids_outside_sqlites_range_are_unknown_games(table, huge):
    start_game(table)
    for call in (lambda: table.status(ALICE, CHAN, game_id=huge), lambda: table.export(GM, CHAN, game_id=huge),
                 lambda: table.undo(GM, CHAN, game_id=huge), lambda: table.info(huge),
                 lambda: table.invoke(ALICE, CHAN, "tribute", "bid", {"card": "1", "game": str(huge)})):
        err = refusal(call)
        assert err.code == "no_game" and err.message == f"there is no game {huge}"
    assert table.suggest(ALICE, CHAN, "game", "skip", "seat", "", game_id=huge) == []


@pytest.mark.parametrize(("setting", "value", "words", "allowed"), [
    ("deadline", "99999999999d", "longer than 30d", "up to 30d, or off"),
    ("deadline", "31d", "longer than 30d", "up to 30d, or off"),
    ("deadline.response", "5w", "longer than 30d", "up to 30d, or off"),
    ("deadline", "9" * 400 + "h", "at most 100 characters", "e.g. 24h, 2h30m, off"),
    ("reminders", ",".join(f"{h}h" for h in range(1, 400)), "at most 100 characters", "e.g. 24h, 2h30m, off"),
    ("reminders", "6h,5h,4h,3h,2h,1h", "at most 5 allowed", "e.g. 12h,1h (or off)"),
    ("reminders", "12h,40d", "longer than 30d", "up to 30d, or off"),
    ("deadline", "whenever", "not a duration", "e.g. 24h, 2h30m, off"),
])
def test_settings_out_of_bounds_are_refused_saying_what_is_allowed(table, db_path, setting, value, words, allowed):
    start_game(table)
    before = counts(db_path)
    err = refusal(lambda: table.settings(GM, CHAN, setting=setting, value=value, key="k"))
    assert err.code == "bad_setting" and words in err.describe()
    assert err.legal == allowed
    assert counts(db_path) == before
    err = refusal(lambda: table.new_game(ALICE, "c2", "tribute", options={setting: value}))
    assert err.code == "bad_setting"


def test_the_limits_themselves_are_allowed(table):
    start_game(table)
    assert table.settings(GM, CHAN, setting="deadline", value="30d").changed == "deadline"
    assert table.settings(GM, CHAN, setting="reminders", value="5h,4h,3h,2h,1h").changed == "reminders"


def test_a_games_own_deadline_suggestion_is_capped_too(table):
    from engine.core import Decision, DecisionKind

    d = Decision("d1", DecisionKind.SEQUENTIAL, ("alice",), "?", info={"deadline": "400d"})
    assert table.deadlines.deadline_for(table.deadlines.settings_of(table.store.game(start_game(table))), d) == 30 * 86400


def test_names_and_free_texts_are_capped(table, db_path):
    table.new_game(ALICE, CHAN, "tribute", players=3)
    before = counts(db_path)
    err = refusal(lambda: table.join(BOB, CHAN, seat="b" * 33))
    assert err.code == "bad_value" and "at most 32" in err.message
    err = refusal(lambda: table.new_game(BOB, "c2", "tribute", options="deadline=" + "1" * 300))
    assert err.code == "bad_option" and "at most 200" in err.message
    err = refusal(lambda: table.new_game(BOB, "c2", "tribute", options="x=" + "9" * 40))
    assert err.code == "bad_option"
    assert counts(db_path) == before
    long = Actor("u-long", "L" * 5000)
    table.join(long, CHAN)
    assert max(len(s.name) for s in table.info(table.resolve(ALICE, CHAN).id).seats) == 64


def test_replace_refuses_an_overlong_user_id(table):
    start_game(table)
    err = refusal(lambda: table.replace(GM, CHAN, "bob", "x" * 65))
    assert err.code == "bad_value"


@pytest.mark.parametrize("option", ["colour", "rounds", "x" * 40])
def test_an_unknown_game_option_is_refused_by_name_with_the_options_there_are(table, option):
    err = refusal(lambda: table.new_game(ALICE, "c3", "tribute", options={option: "1"}))
    assert err.code == "bad_option" and f"has no option {option!r}" in err.describe()
    assert err.legal and option not in err.legal


def test_only_the_manager_changes_settings_and_the_refusal_says_so(table, db_path):
    start_game(table)
    before = counts(db_path)
    err = refusal(lambda: table.settings(BOB, CHAN, setting="deadline", value="2h", key="k"))
    assert "only the game's manager may change settings" in err.describe()
    assert counts(db_path) == before
