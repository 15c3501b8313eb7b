"""Names in, names out: autocomplete shows the names players see (never an empty or over-long
choice), and commands take those names back (any case, unique prefixes, ids still accepted)."""

from __future__ import annotations

import random

import pytest

from bot.table import Actor, FakeClock, Store, TableError, TableService
from bot.table.commands import Source
from engine.playout import pick
from tests.speech import engine_speak

PEOPLE = [Actor("u0", "Alice"), Actor("u1", "Bob"), Actor("u2", "Carol")]


def open_game(table: TableService, game: str, seed: int) -> tuple[int, dict[str, Actor]]:
    gid = table.new_game(PEOPLE[0], "c", game, players=3, seed=seed).game.id  # type: ignore[union-attr]
    for p in PEOPLE[1:]:
        table.join(p, "c")
    table.start(PEOPLE[0], "c")
    return gid, {s.seat: PEOPLE[[x.user_id for x in PEOPLE].index(s.user_id)] for s in table.info(gid).seats}


@pytest.mark.parametrize("game,seed", [("fief", 1), ("fief", 3), ("okc", 2)])
def test_autocomplete_shows_names_never_empty_nor_too_long(tmp_path, game: str, seed: int) -> None:
    table = TableService(Store(tmp_path / "t.sqlite3"), clock=FakeClock())
    rules = table.rules_for(game)
    gid, by_seat = open_game(table, game, seed)
    agent = random.Random(seed)
    asked = 0
    try:
        for _ in range(120):
            state = table.state(gid)
            awaited = sorted({s for d in rules.pending(state) if d.blocking for s in d.seats})
            if not awaited:
                break
            seat = agent.choice(awaited)
            legal = rules.legal(state, seat)
            for kind in sorted({a.kind for a in legal}):
                cmd = table.registry.find(game, kind)
                for p in cmd.params:
                    if p.autocomplete is not Source.SUGGEST:
                        continue
                    for label, value in table.suggest_named(by_seat[seat], "c", game, kind, p.name, ""):
                        asked += 1
                        assert 0 < len(label) <= 100 and 0 < len(str(value)) <= 100, (kind, p.name, label, value)
                        assert not engine_speak(label), (kind, p.name, label)
            table.act(by_seat[seat], "c", None, pick(rules, state, seat, legal, agent))
    finally:
        table.close()
    assert asked > 20


def test_commands_take_the_names_people_see(tmp_path) -> None:
    table = TableService(Store(tmp_path / "t.sqlite3"), clock=FakeClock())
    rules = table.rules_for("fief")
    gid, by_seat = open_game(table, "fief", 1)
    try:
        seat = next(s for d in rules.pending(table.state(gid)) for s in d.seats)
        me = by_seat[seat]
        session, start = table.session(table.resolve(me, "c").id), table.registry.find("fief", "start")
        named = table.named_values(me, session, start, {"city": "king's l"})  # a prefix, any case
        assert named["city"] != "king's l"
        with pytest.raises(TableError) as err:  # an ambiguous prefix: the candidates by name
            table.named_values(me, session, start, {"city": "c"})
        assert err.value.code == "ambiguous" and "Canterbury" in str(err.value) and "Coventry" in str(err.value)
        applied = table.invoke(me, "c", "fief", "start", {"city": "KING'S LYNN"})  # what players see
        assert "King's Lynn" in applied.said  # type: ignore[attr-defined]
    finally:
        table.close()


def test_a_list_parameter_reads_its_items_from_a_suggestion_or_a_list() -> None:
    """A suggestion gives a list value as "a,b" (Discord's choices are text); "none" is the empty list."""
    from bot.table.actions import list_items
    from engine.fief.rules import RULES

    assert list_items(RULES, "deal", "give_cities", "York, Lincoln") == ["York", "Lincoln"]
    assert list_items(RULES, "deal", "give_cities", ("York",)) == ["York"]
    assert list_items(RULES, "deal", "give_cities", "none") == []
    assert list_items(RULES, "deal", "to", "red") is None and list_items(RULES, "fly", "to", "red") is None
