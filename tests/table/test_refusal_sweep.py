"""Refusals and log lines of the table, each asserted whole: words, code and hint (issue 35)."""

from __future__ import annotations

import logging

import pytest

from bot.table import Store, TableError
from bot.table.basics import parse_options
from bot.table.computers import strength_of
from bot.table.errors import TableRefusal
from engine import agents
from engine.core import Action
from engine.core.decisions import Decision, DecisionKind
from engine.core.errors import Refusal
from tests.table.conftest import ALICE, BOB, CHAN, GM, start_game


def refused(call, *args, **kw) -> TableError:
    with pytest.raises(TableError) as err:
        call(*args, **kw)
    return err.value


def test_an_option_without_equals_sign_is_refused_with_an_example() -> None:
    err = refused(parse_options, "length")
    assert (err.message, err.code, err.legal) == ("options are key=value pairs, not 'length'", Refusal.BAD_OPTION,
                                                  "length=5,x=y")


def test_an_unknown_strength_lists_the_strengths() -> None:
    err = refused(strength_of, "Godlike")
    assert err.message == f"a computer player's strength is one of {', '.join(agents.STRENGTHS)}, not 'Godlike'"
    assert (err.code, err.legal) == (TableRefusal.BAD_VALUE, list(agents.STRENGTHS))


def test_undo_beyond_the_log_names_the_range(table) -> None:
    start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=2))
    err = refused(table.undo, GM, CHAN, count=2)
    assert (err.message, err.code, err.legal) == ("can undo 1 to 1 actions, not 2", TableRefusal.BAD_VALUE,
                                                  "`count:1` to `count:1`")
    err = refused(table.undo, GM, CHAN, count=0)
    assert (err.message, err.code) == ("can undo 1 to 1 actions, not 0", TableRefusal.BAD_VALUE)


def test_an_undone_action_sent_again_with_its_key_is_refused(table) -> None:
    start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=2), key="k-1")
    table.undo(GM, CHAN)
    err = refused(table.act, ALICE, CHAN, "tribute", Action.of("bid", card=2), key="k-1")
    assert (err.message, err.code, err.legal) == ("this action was applied and then undone by a GM",
                                                  TableRefusal.UNDONE, None)


def test_a_second_game_in_a_busy_channel_names_the_first(table) -> None:
    gid = start_game(table)
    err = refused(table.new_game, BOB, CHAN, "tribute", players=2)
    assert err.message == (f"this channel already has game {gid} (under way); finish or abandon it first, "
                           "or open another thread")
    assert (err.code, err.legal) == (TableRefusal.CHANNEL_BUSY, None)


def test_an_unknown_game_module_cannot_be_added(table) -> None:
    err = refused(table.add_game, "no_such_game")
    assert err.message.startswith("cannot load game 'no_such_game': ")
    assert (err.code, err.legal) == (TableRefusal.UNKNOWN_GAME, None)


def test_game_values_that_are_not_numbers_are_refused(table) -> None:
    err = refused(table.invoke, ALICE, CHAN, "game", "status", {"game": "two"})
    assert (err.message, err.code, err.legal) == ("`game:` takes a game's number, not 'two'", Refusal.BAD_TYPE, None)
    err = refused(table.registry.split, "/game status game:two")
    assert (err.message, err.code, err.legal) == ("game takes a game number, not 'two'", Refusal.BAD_TYPE, None)


def test_a_long_seat_name_is_refused_with_its_length(table) -> None:
    table.new_game(ALICE, CHAN, "tribute", players=2)
    err = refused(table.join, BOB, CHAN, seat="x" * 40)
    from bot.table import limits
    assert err.message == f"a seat name is at most {limits.MAX_SEAT_NAME} characters, not 40"
    assert (err.code, err.legal) == (TableRefusal.BAD_VALUE, "a short name: letters, digits, - and _")


def test_help_topics_that_match_nothing(table) -> None:
    err = refused(table.rules_help, ALICE, CHAN, topic="zebras")
    assert (err.message, err.code) == ("no game here and no game's rule topic matches 'zebras'", TableRefusal.NO_GAME)
    assert err.legal == sorted(table.rules_by_name)
    err = refused(table.rules_help, ALICE, CHAN, name="tribute", topic="zebras")
    assert (err.message, err.code) == ("no rule topic or command of Tribute matches 'zebras'", TableRefusal.NO_TOPIC)


def test_store_refuses_an_unknown_synchronous_mode_and_table(tmp_path) -> None:
    for bad in ("sometimes", "OFF"):   # OFF: a crash of the machine could lose committed moves
        with pytest.raises(ValueError) as err:
            Store(tmp_path / "a.db", synchronous=bad)
        assert str(err.value) == f"store.synchronous must be NORMAL, FULL or EXTRA, not {bad!r}"
    for i, (mode, level) in enumerate((("normal", 1), ("FULL", 2), ("Extra", 3))):
        good = Store(tmp_path / f"s{i}.db", synchronous=mode)
        assert good.db.execute("PRAGMA synchronous").fetchone()[0] == level
        good.close()
    store = Store(tmp_path / "b.db")
    with pytest.raises(ValueError) as err:
        store.unreadable("chairs")
    assert str(err.value) == "no row check for table 'chairs'"
    store.close()


def test_an_unreadable_deadline_suggestion_is_logged(table, caplog) -> None:
    decision = Decision("d-7", DecisionKind.REACTION, ("alice",), "react?", info={"deadline": "soonish"})
    with caplog.at_level(logging.WARNING, logger="seneschal.table"):
        took = table.deadlines.deadline_for({"deadline": "2h"}, decision)
    assert took == 7200
    assert [r.getMessage() for r in caplog.records] == ["decision d-7 suggests an unreadable deadline 'soonish'"]


def test_words_that_a_further_step_follows_are_refused(table, monkeypatch) -> None:
    """A game whose text step is not its flow's last (the contract says it must be): refused, not played."""
    from engine.core.words import FlowStep
    from tests.games.tribute import TributeWords

    plain = TributeWords.flow

    def flow(self, state, seat, kind, chosen, aud):  # type: ignore[no-untyped-def]
        if kind == "offer" and "to" in chosen and "give" not in chosen:
            return FlowStep(kind, "give", "How many, in words?", (), text=True, max_length=20)
        return plain(self, state, seat, kind, chosen, aud)

    monkeypatch.setattr(TributeWords, "flow", flow)
    gid = start_game(table)
    before = table.state(gid).version
    prompt = table.prompt(BOB, CHAN)
    offer = next(i for i, c in enumerate(prompt["choices"]) if c.get("flow"))
    err = refused(table.choose, BOB, CHAN, version=prompt["version"], path=[[offer], [0]], text="one")
    assert (err.message, err.code, err.legal) == ("those words were not the last answer this choice needs",
                                                  Refusal.BAD_CHOICE, "answer the question it asks, then write the words")
    assert table.state(gid).version == before


def test_roles_given_as_an_option_are_refused_for_a_game_with_roles(table) -> None:
    table.add_game("okc")
    err = refused(table.new_game, ALICE, CHAN, "okc", players=4, options="roles=crown")
    assert (err.message, err.code, err.legal) == ("roles are chosen in the lobby, seat by seat", Refusal.BAD_OPTION,
                                                  "`/game join role:<role>`, `/game role <role>`")
    assert table.store.games(channel=CHAN) == []


def test_a_game_moved_on_by_another_process_is_looked_at_again(table, caplog, monkeypatch) -> None:
    """The append another process won first (the race of tests/table/test_two_processes.py, made certain)."""
    from bot.table.store import StaleAppend

    gid = start_game(table)
    append, lost = table.store.append_action, []

    def first_loses(game_id, seq, *args, **kw):  # type: ignore[no-untyped-def]
        if not lost:
            lost.append(seq)
            raise StaleAppend(f"game {game_id} is no longer at action {seq - 1} (epoch 0)")
        return append(game_id, seq, *args, **kw)

    monkeypatch.setattr(table.store, "append_action", first_loses)
    with caplog.at_level(logging.DEBUG, logger="seneschal.table"):
        applied = table.act(BOB, CHAN, "tribute", Action.of("bid", card=3))
    assert (applied.seq, lost) == (1, [1])
    assert [r.getMessage() for r in caplog.records if "another process" in r.getMessage()] == [
        f"game {gid} moved on in another process (game {gid} is no longer at action 0 (epoch 0)): looking again"]


def test_a_registered_game_that_cannot_load_is_logged_and_left_out(db_path, clock, caplog, monkeypatch) -> None:
    from bot.table import TableService
    from engine import registry

    def get(name):  # type: ignore[no-untyped-def]
        raise ImportError(f"{name} is half written")

    monkeypatch.setattr(registry, "names", lambda: ["draft"])
    monkeypatch.setattr(registry, "get", get)
    with caplog.at_level(logging.DEBUG, logger="seneschal.table"):
        table = TableService(Store(db_path), clock=clock)
    assert [r.getMessage() for r in caplog.records if "not available" in r.getMessage()] == [
        "game draft is not available: ImportError('draft is half written')"]
    assert "draft" not in table.rules_by_name
    err = refused(table.add_game, "draft")
    assert (err.message, err.code) == ("cannot load game 'draft': draft is half written", TableRefusal.UNKNOWN_GAME)
    table.store.close()


def test_a_broken_pool_of_thinking_processes_falls_back_to_this_thread(caplog, monkeypatch) -> None:
    from concurrent.futures.process import BrokenProcessPool

    from bot.table import thinking
    from tests.games.tribute import RULES

    class Broken:
        def submit(self, *args):  # type: ignore[no-untyped-def]
            raise BrokenProcessPool("a process died")

    monkeypatch.setattr(thinking, "pool", lambda processes: Broken())
    state, _ = RULES.new_game(["alice", "bob"], {}, 7)
    with caplog.at_level(logging.ERROR, logger="seneschal.table"):
        chosen = thinking.decide(2, RULES, state, "alice", "random", seed=1, budget=None)
    assert chosen == thinking.decide(0, RULES, state, "alice", "random", seed=1, budget=None)
    assert [(r.levelname, r.getMessage()) for r in caplog.records] == [
        ("ERROR", "the thinking processes failed; thinking in the worker thread")]


def test_a_games_row_whose_options_are_not_an_object_is_damaged(db_path) -> None:
    import sqlite3

    store = Store(db_path)
    gid = store.create_game(game="tribute", channel="c", creator="u", players=2, options={}, settings={}, seed=1,
                            engine_version="1", schema=1, now=0)
    store.close()
    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE games SET options = '[1]' WHERE id = ?", (gid,))
    store = Store(db_path)
    row = store.game(gid)
    assert (row.damaged, row.options) == ("not JSON: options or settings is not an object", {})
    store.close()
