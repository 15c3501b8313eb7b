"""The database decides who applies an action: two table services (two connections, as two bot
processes would have) on one file, clicking the same game at once. Nothing is applied twice,
nothing is lost, and the log replays to the state both services end with."""

from __future__ import annotations

import threading

from bot.table import Store, TableService
from bot.table.check import check
from engine.core import Action
from tests.games.tribute import RULES
from tests.table.conftest import ALICE, BOB, make_table, start_game

ROUNDS = 40


def test_two_services_race_on_one_game(db_path, clock):
    first = make_table(db_path, clock)
    second = make_table(db_path, clock)
    gid = start_game(first)
    answers: dict[str, list[tuple[str, int, bool]]] = {"first": [], "second": []}
    errors: list[BaseException] = []
    go = threading.Barrier(2)

    def click(name: str, table: TableService) -> None:
        try:
            go.wait()
            for i in range(ROUNDS):
                # The same click reaches both processes (a gateway replay), and each has one of its own.
                for key, actor in ((f"same-{i}", ALICE), (f"{name}-{i}", BOB)):
                    applied = table.act(actor, None, "tribute", Action.of("offer", to="bob" if actor is ALICE
                                                                          else "alice", give=1, take=0),
                                        game_id=gid, key=key)
                    answers[name].append((key, applied.seq, applied.duplicate))
        except BaseException as err:  # pragma: no cover - shown by the assertion below
            errors.append(err)

    threads = [threading.Thread(target=click, args=(n, t)) for n, t in (("first", first), ("second", second))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    log = first.store.actions(gid)
    keys = [a.key for a in log]
    assert sorted(keys) == sorted({k for a in answers.values() for k, _, _ in a})  # nothing lost
    assert len(keys) == len(set(keys)) == 3 * ROUNDS  # nothing twice
    assert [a.seq for a in log] == list(range(1, 3 * ROUNDS + 1))
    seq_of = {a.key: a.seq for a in log}
    for name in answers:  # each answered with the seq the database kept; a loser as a duplicate
        assert all(seq_of[k] == seq for k, seq, _ in answers[name])
    shared = {k: [d for n in answers for kk, _, d in answers[n] if kk == k] for k in seq_of if k.startswith("same")}
    assert all(sorted(d) == [False, True] for d in shared.values())
    assert RULES.fingerprint(first.state(gid)) == RULES.fingerprint(second.state(gid))
    first.store.close()
    second.store.close()
    report = check(Store(db_path, readonly=True), {"tribute": RULES})
    assert report.healthy, report.text()
