"""An SQLite file of games played by random players through the table service, for the move-store
round trip (tests/table/test_move_store.py, and ``python -m tests.bench_move`` with 50 games).

Games alternate Fief and The Old King's Crown with every Wild Kingdom module on, 2 to 4 seats; each
player picks a random legal action; every fifth game has its last action undone by the creator where
the rules allow it (so the undo journal is not empty), and one in seven is left in its lobby.
"""

from __future__ import annotations

import random
from contextlib import suppress
from pathlib import Path

from bot.table import Actor, FakeClock, Store, TableError, TableService


def play_games(path: Path, games: int, moves: int = 30, seed: int = 1) -> TableService:
    """The table on ``path`` with ``games`` games played ``moves`` random actions in (closed by the caller)."""
    table = TableService(Store(path), clock=FakeClock(), cache_size=10_000)
    agent = random.Random(seed)
    for g in range(games):
        name = ("fief", "okc")[g % 2]
        options = "modules=all" if name == "okc" else "random_start=true"
        seats = [Actor(f"u{g}-{i}", f"p{g}-{i}", admin=i == 0) for i in range(agent.randint(2, 4))]
        channel = f"chan-{g}"
        gid = table.new_game(seats[0], channel, name, players=len(seats), options=options,
                             seed=agent.randrange(2**40)).game.id
        for actor in seats[1:]:
            table.join(actor, channel)
        if g % 7 == 6:
            continue
        table.start(seats[0], channel)
        rules = table.rules_for(name)
        by_seat = {s.seat: a for s in table.info(gid).seats for a in seats if a.user_id == s.user_id}
        for _ in range(moves):
            state = table.state(gid)
            awaited = [(d, s) for d in rules.pending(state) if d.blocking for s in d.seats]
            if not awaited or rules.result(state) is not None:
                break
            _, seat = agent.choice(awaited)
            legal = rules.legal(state, seat)
            if not legal:
                break
            table.act(by_seat[seat], None, None, agent.choice(legal), game_id=gid)
        if g % 5 == 0 and table.store.game(gid).last_seq:  # type: ignore[union-attr]
            with suppress(TableError):  # an undo may not cross dice or a revealed secret
                table.undo(seats[0], channel, game_id=gid)
    return table
