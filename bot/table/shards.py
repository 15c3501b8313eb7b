"""Shards over one store: which games a bot process fires deadlines and delivers posts for.

Discord's gateway sharding puts each server (guild) on shard ``(guild_id >> 22) % shard_count``;
a bot past one process runs several, each connected for some shards, all on the one database.
Every process serves any interaction that reaches it (the database decides who applies an
action), but deadlines and the outbox are each handled by one process only: the one whose shards
hold the game's server. Games with no server (opened in a DM, on the local table, or from before
servers were recorded) belong to shard 0, where Discord sends every DM interaction too.
"""

from __future__ import annotations


def games_condition(shard_count: int, shard_ids: tuple[int, ...] | list[int] = ()) -> str | None:
    """An SQL condition on the games row ``g`` choosing the games of ``shard_ids`` (None: every game,
    when there is no sharding or the process holds every shard)."""
    ids = sorted(set(shard_ids)) if shard_ids else list(range(shard_count))
    if shard_count <= 1 or ids == list(range(shard_count)):
        return None
    shard = (f"(CASE WHEN g.guild IS NULL OR g.guild = '' THEN 0 "
             f"ELSE (CAST(g.guild AS BIGINT) >> 22) % {int(shard_count)} END)")
    return f"{shard} IN ({', '.join(str(int(i)) for i in ids)})"
