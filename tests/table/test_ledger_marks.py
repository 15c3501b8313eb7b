"""The ledger on its own (bot/table/ledger.py): marks and the high-water mark, what counts as going back
in time (a count or an undo epoch behind, a game gone), the first finding kept, and accepting a step back
for one game or all."""

from __future__ import annotations

from bot.table.ledger import Ledger, Lost, path_for

T = 1_800_000_000.0


def test_the_ledger_lives_beside_its_database(tmp_path):
    assert path_for(tmp_path / "table.sqlite3") == tmp_path / "table.sqlite3.ledger"
    Ledger(tmp_path / "table.sqlite3").close()
    assert (tmp_path / "table.sqlite3.ledger").exists()


def test_the_high_water_mark_follows_the_highest_game_and_never_falls(tmp_path):
    ledger = Ledger(tmp_path / "db")
    assert ledger.high() == 0
    ledger.mark({})
    assert ledger.high() == 0
    ledger.mark({3: (0, 5), 2: (0, 1)})
    assert ledger.high() == 3
    ledger.mark({1: (0, 2)})
    assert ledger.high() == 3
    ledger.accept({1: (0, 2)})
    assert ledger.high() == 3
    ledger.accept({7: (0, 0), 5: (0, 0)})
    assert ledger.high() == 7


def test_a_game_behind_its_mark_in_count_or_epoch_or_gone_is_lost(tmp_path):
    ledger = Ledger(tmp_path / "db")
    ledger.mark({1: (2, 5), 2: (2, 5), 3: (2, 5), 4: (2, 5), 5: (2, 5), 6: (2, 5)})
    now = {1: (2, 5), 2: (2, 4), 3: (1, 9), 4: (2, 6), 5: (3, 0)}  # 6 is gone
    assert ledger.compare(now, T) == [Lost(2, 2, 5, 2, 4, T), Lost(3, 2, 5, 1, 9, T), Lost(6, 2, 5, None, None, T)]
    assert ledger.losses() == [Lost(2, 2, 5, 2, 4, T), Lost(3, 2, 5, 1, 9, T), Lost(6, 2, 5, None, None, T)]


def test_the_first_finding_is_kept_and_a_readonly_ledger_records_none(tmp_path, caplog):
    ledger = Ledger(tmp_path / "db")
    ledger.mark({1: (0, 5), 2: (0, 5)})
    assert ledger.compare({1: (0, 4), 2: (0, 5)}, T) == [Lost(1, 0, 5, 0, 4, T)]
    assert ledger.compare({1: (0, 3), 2: (0, 5)}, T + 60) == [Lost(1, 0, 5, 0, 4, T)]
    reader = Ledger(tmp_path / "db", readonly=True)
    assert reader.compare({1: (0, 3), 2: (0, 1)}, T + 90) == [Lost(1, 0, 5, 0, 4, T), Lost(2, 0, 5, 0, 1, T + 90)]
    assert ledger.losses() == [Lost(1, 0, 5, 0, 4, T)]  # the reader wrote nothing, nor tried to
    assert not reader.broken and [r for r in caplog.records if r.levelname == "ERROR"] == []
    reader.close()


def test_accepting_one_game_clears_its_loss_and_marks_it_as_it_stands(tmp_path):
    ledger = Ledger(tmp_path / "db")
    ledger.mark({1: (0, 5), 2: (0, 5), 3: (0, 5)})
    ledger.compare({1: (0, 4), 2: (0, 4)}, T)
    ledger.accept({1: (0, 4), 2: (1, 1)}, only=1)  # game 1's own count, not another's
    assert ledger.losses() == [Lost(2, 0, 5, 0, 4, T), Lost(3, 0, 5, None, None, T)]
    assert ledger.compare({1: (0, 4), 2: (0, 4), 3: (0, 5)}, T + 1) == [Lost(2, 0, 5, 0, 4, T), Lost(3, 0, 5, None, None, T)]
    assert ledger.compare({1: (0, 3), 2: (0, 5), 3: (0, 5)}, T + 2)[0] == Lost(1, 0, 4, 0, 3, T + 2)
    ledger.accept({}, only=3)  # a game gone for good: its mark goes too
    ledger.accept({1: (0, 3), 2: (0, 5)}, only=2)
    ledger.accept({1: (0, 3)}, only=1)
    assert ledger.losses() == [] and ledger.compare({1: (0, 3), 2: (0, 5)}, T + 3) == []


def test_accepting_every_game_forgets_every_loss_and_mark(tmp_path):
    ledger = Ledger(tmp_path / "db")
    ledger.mark({1: (0, 5), 2: (0, 5)})
    ledger.compare({1: (0, 1)}, T)
    ledger.accept({1: (0, 1)})
    assert ledger.losses() == [] and ledger.compare({1: (0, 1)}, T) == []
    assert ledger.compare({1: (0, 0)}, T) == [Lost(1, 0, 1, 0, 0, T)]


def test_without_a_ledger_file_a_reader_sees_nothing(tmp_path):
    reader = Ledger(tmp_path / "db", readonly=True)
    assert reader.conn is None and not (tmp_path / "db.ledger").exists()
    assert (reader.high(), reader.compare({1: (0, 1)}, T), reader.losses()) == (0, [], [])
    reader.mark({1: (0, 1)})
    reader.close()
    assert not (tmp_path / "db.ledger").exists()


def test_a_loss_says_how_far_back_the_database_went():
    assert Lost(4, 1, 9, 0, 7, T).text() == (
        "the database has the game at action 7 (undo epoch 0), the ledger saw action 9 (epoch 1): it went back in "
        "time (a lost write-ahead log or an older copy)")
    assert Lost(4, 1, 9, None, None, T).text() == (
        "the database has lost the whole game (the ledger saw it at action 9): it went back in time (a lost "
        "write-ahead log or an older copy)")


def test_a_readonly_ledger_reads_from_any_thread(tmp_path):
    """A read-only store (the operator's check, a backup's verification) may be read from a worker thread."""
    import threading

    Ledger(tmp_path / "db").mark({4: (0, 2)})
    reader = Ledger(tmp_path / "db", readonly=True)
    seen: list[int] = []
    worker = threading.Thread(target=lambda: seen.append(reader.high()))
    worker.start()
    worker.join()
    assert seen == [4]
    reader.close()


def test_a_writing_ledger_marks_from_any_thread(tmp_path):
    """The bot stores moves from worker threads: the ledger opened in one thread is written from another."""
    import threading

    ledger = Ledger(tmp_path / "db")
    failed: list[BaseException] = []

    def mark() -> None:
        try:
            ledger.mark({5: (1, 3)})
        except BaseException as err:   # noqa: BLE001 - reported below, in the test's own thread
            failed.append(err)

    worker = threading.Thread(target=mark)
    worker.start()
    worker.join()
    assert failed == [] and ledger.high() == 5
    ledger.close()
