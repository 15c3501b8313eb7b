"""Import in bounded memory and in agreement with itself: the size and nesting are checked in one
streaming pass before parsing (an 8 MB file of one string adds at most 64 MB, measured), options and
state options must agree, every text must be valid Unicode (no lone surrogate), and the local
table's ``/game import file:`` reads at most the largest file import takes."""

from __future__ import annotations

import copy
import io
import json
import tracemalloc

import pytest

from bot.local import LocalTable
from bot.table import Actor, FakeClock, Store, TableError, TableService, limits
from engine.core import Action
from tests.games.tribute import RULES

GM = Actor("u-gm", "gm", admin=True)
MB = 2**20


def fresh() -> TableService:
    return TableService(Store(), clock=FakeClock(), games=[RULES], load_registered=False)


def export() -> dict:
    table = fresh()
    alice, bob = Actor("u-alice", "alice"), Actor("u-bob", "bob")
    table.new_game(alice, "c1", "tribute", players=2, seed=11, options="deadline=2h")
    table.join(bob, "c1")
    table.start(alice, "c1")
    table.act(alice, "c1", "tribute", Action.of("bid", card=4), key="k1")
    doc = json.loads(table.export(alice, "c1").text)
    table.close()
    return doc


def refused(table: TableService, data: bytes | str) -> str:
    with pytest.raises(TableError) as err:
        table.import_game(GM, "c9", data)
    assert err.value.code == "bad_file", err.value
    return err.value.describe()


def peak_of(table: TableService, data: bytes) -> tuple[int, str]:
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        base = tracemalloc.get_traced_memory()[0]
        said = refused(table, data)
        peak = tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()
    return peak, said


@pytest.mark.parametrize("shape", ["ascii", "two-byte", "escaped astral", "in a field", "backslashes"])
def test_an_8_mb_file_of_one_string_adds_at_most_64_mb(shape):
    size = 8 * MB - 64
    if shape == "ascii":
        data = b'"' + b"a" * size + b'"'
    elif shape == "two-byte":
        data = b'"' + "é".encode() * (size // 2) + b'"'
    elif shape == "escaped astral":  # one astral character makes the parsed string four bytes a character
        data = b'"\\ud83d\\ude00' + b"a" * size + b'"'
    elif shape == "backslashes":  # every character an escape pair: the nesting pass sees them all
        data = b'"' + b"\\\\" * (size // 2) + b'"'
    else:
        doc = export()
        doc["game"]["title"] = "x" * size
        data = json.dumps(doc).encode()
    table = fresh()
    peak, said = peak_of(table, data)
    assert peak <= 64 * MB, f"{shape}: {peak / MB:.1f} MB"
    assert "the file's" in said
    table.close()


def test_too_big_and_too_deep_are_refused_before_parsing():
    table = fresh()
    said = refused(table, b" " * (limits.MAX_FILE_BYTES + 1))
    assert "over 32 MB" in said
    deep = b"[" * 41 + b"]" * 41
    assert "deeper than 40 levels" in refused(table, deep)
    # Brackets inside text, escaped quotes included, do not count.
    doc = export()
    doc["seats"][0]["name"] = '\\"[[[[' * 10
    table.import_game(GM, "c8", json.dumps(doc))
    assert "not UTF-8" in refused(table, b'{"format": "\xff"}')
    table.close()


def okc_export() -> tuple[TableService, dict]:
    """A started game of The Old King's Crown, which takes options (``length``)."""
    table = TableService(Store(), clock=FakeClock())
    people = [Actor("u-alice", "alice"), Actor("u-bob", "bob"), Actor("u-carol", "carol")]
    table.new_game(people[0], "c1", "okc", players=3, seed=3, options="length=4")
    for p in people[1:]:
        table.join(p, "c1")
    table.start(people[0], "c1")
    return table, json.loads(table.export(people[0], "c1").text)


def test_options_and_state_options_must_agree():
    table, base = okc_export()
    assert base["game"]["options"]["length"] == 4 == base["state"]["options"]["length"]
    doc = copy.deepcopy(base)
    doc["game"]["options"]["length"] = 5  # the game takes 5, but the state was set up with 4
    said = refused(table, json.dumps(doc))
    assert "game.options.length" in said and "must agree" in said
    doc = copy.deepcopy(base)
    del doc["game"]["options"]["length"]  # the game's options leave it at its default
    if doc["state"]["options"]["length"] != table.rules_for("okc").default_options(3)["length"]:
        said = refused(table, json.dumps(doc))
        assert "state.options.length" in said and "must agree" in said
    table.import_game(GM, "c7", json.dumps(base))  # the untouched file imports
    table.close()


@pytest.mark.parametrize("where", ["seats[0].name", "actions[0].key", "game.title", "a key"])
def test_a_lone_surrogate_is_refused_with_its_place(where):
    doc = export()
    if where == "seats[0].name":
        doc["seats"][0]["name"] = "al\ud800ice"
    elif where == "actions[0].key":
        doc["actions"][0]["key"] = "k\udfff"
    elif where == "game.title":
        doc["game"]["title"] = "\ud83d"
    else:
        doc["state"]["data"]["\ud800"] = 1
    text = json.dumps(doc)  # ensure_ascii: the surrogates travel as \\ud800 escapes, as a hostile file's would
    table = fresh()
    said = refused(table, text)
    assert "lone surrogate" in said
    if where != "a key":
        assert where in said
    assert table.store.games() == []
    table.close()


def test_the_local_table_reads_at_most_the_largest_file_and_refuses_what_is_not_utf8(tmp_path):
    table = fresh()
    table.local = True
    out = io.StringIO()
    local = LocalTable(table, boards_dir=tmp_path / "boards", out=out)
    latin = tmp_path / "latin1.json"
    latin.write_bytes('{"format": "seneschal-game", "game": {"title": "Café"}}'.encode("latin-1"))
    big = tmp_path / "big.json"
    with big.open("wb") as f:
        f.truncate(limits.MAX_FILE_BYTES + 10)
    script = (f"as alice: /game import file:/dev/zero\nchannel two\nas alice: /game import file:{big}\n"
              f"channel three\nas alice: /game import file:{latin}\n")
    tracemalloc.start()
    try:
        code = local.run(io.StringIO(script))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    text = out.getvalue()
    assert code == 0 and "Traceback" not in text and "[bug]" not in text, text
    assert text.count("larger than 32 MB") == 2, text
    assert "is not UTF-8" in text
    assert peak < 3 * limits.MAX_FILE_BYTES  # one bounded read, not /dev/zero's endless bytes
    table.close()
