"""Import never trusts a file: real export files, mutated (fields dropped, duplicated, retyped,
enlarged, nested deeply), either import to the same replayed state or are refused with
``bad_file``: never another exception, never a half-written game.

Over 2,000 generated files a run (two tests of 1,100), in well under a minute.
"""

from __future__ import annotations

import copy
import json
import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.table import Actor, FakeClock, Store, TableError, TableService
from engine.core import Action
from tests.games.tribute import RULES

GM = Actor("u-gm", "gm", admin=True)
EXAMPLES = 1_100
TABLES = ("games", "seats", "actions", "snapshots", "outbox", "deadlines", "command_keys")
NEST = "\u2063nest\u2063"  # a marker replaced in the text by deeply nested brackets


def _exports() -> tuple[TableService, list[tuple[str, dict[str, Any]]]]:
    """A table, and real export files from it: a game under way, a finished one, a lobby (the
    tribute test game), and the opening of a shipped game (The Old King's Crown) when it plays."""
    table = TableService(Store(), clock=FakeClock(), games=[RULES])
    alice, bob = Actor("u-alice", "alice"), Actor("u-bob", "bob")
    table.new_game(alice, "c1", "tribute", players=2, seed=11, options="deadline=2h, reminders=1h")
    table.join(bob, "c1")
    table.start(alice, "c1")
    table.act(alice, "c1", "tribute", Action.of("bid", card=4), key="k1")
    table.act(bob, "c1", "tribute", Action.of("bid", card=2), key="k2")
    table.act(alice, "c1", "tribute", Action.of("offer", to="bob", give=1, take=0), key="k3")
    files = []
    gid = table.resolve(alice, "c1").id
    files.append(("under way", json.loads(table.export(alice, "c1").text)))
    rules = table.rules_for("tribute")
    while rules.result(table.state(gid)) is None:
        d = next(d for d in rules.pending(table.state(gid)) if d.blocking)
        who = alice if d.seats[0] == "alice" else bob
        table.act(who, "c1", "tribute", d.default_for(d.seats[0]))
    files.append(("finished", json.loads(table.export(alice, "c1").text)))
    table.new_game(alice, "c2", "tribute", players=3)
    files.append(("lobby", json.loads(table.export(alice, "c2").text)))
    if "okc" in table.known_games():
        okc = table.rules_for("okc")
        people = [alice, bob, Actor("u-carol", "carol")]
        gid = table.new_game(alice, "c3", "okc", players=3, seed=3, options="length=4").game.id
        for p in people[1:]:
            table.join(p, "c3")
        table.start(alice, "c3")
        by_seat = {s.seat: Actor(s.user_id, s.name) for s in table.info(gid).seats}
        for _ in range(12):
            d = next(d for d in okc.pending(table.state(gid)) if d.blocking)
            table.act(by_seat[d.seats[0]], "c3", "okc", d.default_for(d.seats[0]))
        files.append(("okc under way", json.loads(table.export(alice, "c3").text)))
    return table, files


TABLE, FILES = _exports()


def _paths(node: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [at] if at else []
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*at, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*at, i))
    return out


#: Paths of each file: the fields a person could edit (everything but the state's insides) are
#: drawn more often than the state's own.
PATHS = [(_paths(doc), [p for p in _paths(doc) if p[0] != "state" or len(p) <= 2]) for _, doc in FILES]

ODD_VALUES = [None, True, False, 0, -1, 2**63, 2**70, -(2**64), 1.5, math.nan, math.inf, -math.inf, "", "x",
              "yesterday", "@everyone", [], {}, [1, 2], {"a": 1}, "9" * 30]


def _enlarged(value: Any) -> Any:
    if isinstance(value, str):
        return (value or "x")[:8] * 1000
    if isinstance(value, bool):
        return [value] * 1000
    if isinstance(value, int | float):
        return value * 10**15 + 10**18
    if isinstance(value, list):
        return (value or [0])[:4] * 60
    if isinstance(value, dict):
        return {**dict(list(value.items())[:20]), **{f"extra{i}": i for i in range(100)}}
    return "x" * 100_000


def _mutate(doc: Any, path: tuple[Any, ...], op: str, odd: Any, depth: int) -> None:
    parent = doc
    for part in path[:-1]:
        parent = parent[part]
    last = path[-1]
    value = parent[last]
    if op == "drop":
        del parent[last]
    elif op == "duplicate":
        if isinstance(parent, list):
            parent.insert(last, copy.deepcopy(value))
        else:
            sibling = next((k for k in parent if k != last), None)
            if sibling is not None:
                parent[sibling] = copy.deepcopy(value)
    elif op == "retype":
        parent[last] = copy.deepcopy(odd)   # a shared odd list placed twice could be made to hold itself
    elif op == "stringify":
        parent[last] = json.dumps(value)
    elif op == "enlarge":
        parent[last] = _enlarged(value)
    elif op == "nest":
        parent[last] = NEST
    elif op == "wrap":
        parent[last] = [value]


MUTATION = st.tuples(st.sampled_from(["drop", "duplicate", "retype", "stringify", "enlarge", "nest", "wrap"]),
                     st.floats(0, 1, exclude_max=True), st.booleans(), st.sampled_from(ODD_VALUES),
                     st.sampled_from([60, 2_000, 200_000]))


def _counts(table: TableService) -> dict[str, int]:
    return {t: table.store.db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in TABLES}


def _text(which: int, mutations: list[tuple[str, float, bool, Any, int]]) -> str:
    doc = copy.deepcopy(FILES[which][1])
    nest = 0
    for op, where, anywhere, odd, depth in mutations:
        every, edited = PATHS[which]
        pool = every if anywhere else edited
        path = pool[int(where * len(pool))]
        try:
            _mutate(doc, path, op, odd, depth)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier mutation removed or changed this path
        nest = max(nest, depth) if op == "nest" else nest
    text = json.dumps(doc)
    return text.replace(json.dumps(NEST), "[" * nest + "1" + "]" * nest) if nest else text


def _check(which: int, text: str) -> None:
    """Imported: the same replayed state as the original file (a lobby: the seats the file names).
    Refused: ``bad_file``, and nothing written."""
    before = _counts(TABLE)
    try:
        out = TABLE.import_game(GM, None, text)
    except TableError as err:
        assert err.code == "bad_file", err
        assert _counts(TABLE) == before
        return
    original = FILES[which][1]
    game = out.game
    assert game is not None and game.creator == GM.user_id
    if original["state"] is not None:
        rules = TABLE.rules_for(game.game)
        assert rules.fingerprint(TABLE.state(game.id)) == rules.fingerprint(rules.load(original["state"]))
    else:  # a lobby has no state to replay: it holds what the (edited) file says
        assert [(s.seat, s.user_id) for s in game.seats] == [(s["seat"], s["user_id"])
                                                              for s in json.loads(text)["seats"]]


def test_the_real_files_import_as_they_are():
    for which, (_, doc) in enumerate(FILES):
        _check(which, json.dumps(doc))


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
@given(st.integers(0, len(FILES) - 1), st.lists(MUTATION, min_size=1, max_size=3))
def test_mutated_files_import_the_same_or_are_refused(which, mutations):
    _check(which, _text(which, mutations))


@settings(max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, len(FILES) - 1), st.lists(MUTATION, min_size=1, max_size=4))
def test_mutated_files_import_the_same_or_are_refused_random(which, mutations):
    """The same, with a fresh random draw each run (the first test is the same every run)."""
    _check(which, _text(which, mutations))


@pytest.mark.parametrize("text", ["[" * 100_000, '{"a":' * 50_000, "[" * 50 + "]" * 50, "\xff\xfe", "",
                                  "null", "1e999", '"' + "x" * 100 + '"'])
def test_hostile_texts_are_refused(text):
    _check(0, text)
