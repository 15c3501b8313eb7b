"""A game session per call: one Fief action typed through ``invoke`` reads the games table twice (the
channel's game found, then its row under the lock), the seats once, and writes in one transaction
(the store's own methods join it: ``nested`` counts every entry). Before the session it read the
games row 5 times and the seats 6 times."""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Iterator

from bot.table import Actor, Applied, FakeClock, Joined, Store, TableService, Undone

ALICE, BOB = Actor("u-a", "alice"), Actor("u-b", "bob")


def counted(table: TableService) -> Counter[str]:
    """Count the store's reads of games and seats, and its transactions (outer and nested)."""
    store, seen = table.store, Counter[str]()
    for name in ("game", "games", "seats"):
        read = getattr(store, name)

        def wrap(*args: object, _read=read, _name=name, **kwargs: object) -> object:
            seen[_name] += 1
            return _read(*args, **kwargs)

        setattr(store, name, wrap)
    outer = store.transaction

    @contextlib.contextmanager
    def transaction() -> Iterator[None]:
        seen["nested"] += 1
        seen["outer"] += store._depth == 0
        with outer():
            yield

    store.transaction = transaction  # type: ignore[method-assign]
    return seen


def test_one_fief_action_reads_the_game_and_its_seats_once() -> None:
    table = TableService(Store(), clock=FakeClock())
    try:
        table.new_game(ALICE, "c", "fief", players=2, seed=3)
        table.join(BOB, "c")
        table.start(ALICE, "c")
        seat = next(s for d in table.rules_for("fief").pending(table.state(1)) for s in d.seats)
        actor = ALICE if seat == "alice" else BOB
        city = table.status(actor, "c").legal[0].split(":", 1)[1]
        seen = counted(table)
        out = table.invoke(actor, "c", "fief", "start", {"city": city}, key="k1")
        assert isinstance(out, Applied)
        assert seen["game"] + seen["games"] == 2 and seen["seats"] == 1
        assert seen["outer"] == 1, seen
    finally:
        table.close()


def test_a_lobby_command_reads_the_game_and_its_seats_once() -> None:
    table = TableService(Store(), clock=FakeClock())
    try:
        table.new_game(ALICE, "c", "fief", players=2, seed=3)
        seen = counted(table)
        out = table.invoke(BOB, "c", "game", "join", {}, key="j1")
        assert isinstance(out, Joined) and out.game is not None
        assert [s.seat for s in out.game.seats] == ["alice", "bob"]
        assert seen["game"] + seen["games"] == 2 and seen["seats"] == 1, seen
        assert seen["outer"] == 1, seen
    finally:
        table.close()


def test_an_undo_reads_the_seats_once() -> None:
    table = TableService(Store(), clock=FakeClock())
    try:
        table.new_game(ALICE, "c", "fief", players=2, seed=3)
        table.join(BOB, "c")
        table.start(ALICE, "c")
        seat = next(s for d in table.rules_for("fief").pending(table.state(1)) for s in d.seats)
        actor = ALICE if seat == "alice" else BOB
        city = table.status(actor, "c").legal[0].split(":", 1)[1]
        table.invoke(actor, "c", "fief", "start", {"city": city}, key="k1")
        seen = counted(table)
        out = table.invoke(ALICE, "c", "game", "undo", {}, key="u1")
        assert isinstance(out, Undone) and out.game is not None and out.game.seq == out.seq
        assert seen["game"] + seen["games"] == 3 and seen["seats"] == 1, seen
        assert seen["outer"] == 1, seen
    finally:
        table.close()
