"""Shards over one store (bot/table/shards.py): a process fires deadlines and delivers messages only
for the games of its own shards' servers; games with no server belong to shard 0."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot import config as configuration
from bot.table.shards import games_condition
from tests.table.conftest import ALICE, BOB, make_table, start_game


def shard_of(guild_id: int | str | None, shard_count: int) -> int:
    """Discord's shard of a server (0 for none, or without sharding): what ``games_condition`` says in SQL."""
    if shard_count <= 1 or not guild_id:
        return 0
    return (int(guild_id) >> 22) % shard_count


def guild_on(shard: int, count: int = 2, n: int = 1) -> str:
    return str(((1_000_000 + n * count + shard) << 22) | 12345)


def test_a_server_shard_is_its_id_shifted_modulo_the_count():
    assert shard_of(guild_on(1), 2) == 1 and shard_of(guild_on(0), 2) == 0
    assert shard_of(None, 4) == 0 and shard_of(guild_on(1), 1) == 0
    assert games_condition(0) is None and games_condition(2, (0, 1)) is None and games_condition(2) is None


def test_each_process_handles_only_its_own_shards_games(db_path, clock):
    table = make_table(db_path, clock)
    games = {}
    for shard, channel in ((0, "n"), (1, "s")):
        seated = (replace(ALICE, guild=guild_on(shard)), replace(BOB, guild=guild_on(shard)))
        games[shard] = start_game(table, seated, channel=channel)
    local = start_game(table, channel="dm-less")  # no server: shard 0
    assert table.info(games[1]).game == "tribute" and table.store.game(games[1]).guild == guild_on(1)
    zero, one = make_table(db_path, clock), make_table(db_path, clock)
    zero.shard_games, one.shard_games = games_condition(2, (0,)), games_condition(2, (1,))
    assert {m.game_id for m in zero.pending_outbox(1000)} == {games[0], local}
    assert {m.game_id for m in one.pending_outbox(1000)} == {games[1]}
    clock.advance(3 * 86400)
    assert {o.game.id for o in one.run_due()} == {games[1]}
    assert {o.game.id for o in zero.run_due()} == {games[0], local}
    for t in (table, zero, one):
        t.store.close()


def test_shard_settings_are_checked(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("[discord]\nshard_count = 4\nshard_ids = [1, 3]\n", encoding="utf-8")
    cfg = configuration.load(path, env={})
    assert (cfg.shard_count, cfg.shard_ids) == (4, (1, 3))
    for bad in ("shard_count = 2\nshard_ids = [2]", "shard_ids = [0]", "shard_count = -1", "shard_count = 2\nshard_ids = [1, 1]"):
        path.write_text(f"[discord]\n{bad}\n", encoding="utf-8")
        with pytest.raises(configuration.ConfigError, match="shard"):
            configuration.load(path, env={})


def test_the_games_condition_chooses_in_sql_the_games_of_the_process_shards():
    """Run in SQLite over servers of every shard, text as Discord ids are stored, none and '' on shard 0."""
    import sqlite3

    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, guild TEXT)")
    guilds = [None, "", str(1 << 22), str((1 << 22) - 1)] + [guild_on(s, c, n) for c in (2, 4, 5) for s in range(c)
                                                             for n in (1, 2)]
    conn.executemany("INSERT INTO games (guild) VALUES (?)", [(g,) for g in guilds])
    for count in (2, 4, 5):
        for ids in ((0,), (1,), (0, count - 1), tuple(range(1, count))):
            condition = games_condition(count, ids) or "1"  # None: every game
            chosen = {r[0] for r in conn.execute(f"SELECT id FROM games g WHERE {condition}")}
            assert chosen == {i for i, g in enumerate(guilds, 1) if shard_of(g, count) in ids}, (count, ids)
    assert shard_of(1 << 22, 2) == 1 and shard_of((1 << 22) - 1, 2) == 0  # the low 22 bits are not the shard


def test_the_games_condition_names_only_the_process_shards_in_order():
    expected = ("(CASE WHEN g.guild IS NULL OR g.guild = '' THEN 0 ELSE (CAST(g.guild AS BIGINT) >> 22) % 4 END) "
                "IN (1, 3)")
    assert games_condition(4, (3, 1, 3)) == expected == games_condition(4, [1, 3])
    assert games_condition(4, (0, 1, 2, 3)) is None and games_condition(4, ()) is None
    assert games_condition(1, (0,)) is None
    assert games_condition(2, (0,)).endswith("% 2 END) IN (0)")
