"""The local table and a post that grows (a Fief battle told round by round): Discord edits the
message; the local table prints the whole post once, then only the lines each later row adds."""

from __future__ import annotations

import io

from bot.local.repl import LocalTable
from bot.table import FakeClock
from bot.table import outbox as ob
from tests.table.conftest import make_table, start_game


def row(game: int, seq: int, lines: list[str], new: list[str]) -> ob.Message:
    return ob.Message(f"g{game}.e0.s{seq}.battle.0", ob.CHANNEL_POST, "channel",
                      {"type": "battle", "game_id": game, "post": f"g{game}.e0.battle.1.0", "lines": lines,
                       "new": new, "done": False})


def test_the_local_table_prints_a_battle_once_then_its_new_lines(tmp_path) -> None:
    table = make_table(tmp_path / "t.sqlite3", FakeClock())
    gid = start_game(table)
    out = io.StringIO()
    local = LocalTable(table, out=out, boards_dir=tmp_path)
    local.deliver()
    head, round1, round2 = ("Battle at Oxford: Red (Alice) attacks Green (Bob).",
                            "Round 1. Melee: Red rolls 1 for 1 hit. Left: 2 Knights for Red.",
                            "Round 2. Melee: Green rolls 3 for 3 hits. Left: nothing for Red.")
    table.queue(gid, [row(gid, 90, [head, round1], [head, round1])])
    table.queue(gid, [row(gid, 91, [head, round1, round2], [round2])])
    start = len(out.getvalue())
    local.deliver()
    printed = out.getvalue()[start:].splitlines()
    assert printed == [f"[#chan-1] {head}", f"[#chan-1] {round1}", "[#chan-1] (the battle post goes on)",
                       f"[#chan-1] {round2}"]
    table.store.close()
