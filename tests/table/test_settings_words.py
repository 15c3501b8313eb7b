"""``/game settings`` in words: "Each player has 40 seconds to answer; absent players are not replaced"."""

from __future__ import annotations

from bot.table import DEFAULT_SETTINGS, TableService, text
from tests.speech import assert_human
from tests.table.conftest import ALICE, CHAN, start_game


def said(table: TableService, **kw: str) -> str:
    out = text.describe(table.settings(ALICE, CHAN, **kw))
    assert_human(out, "/game settings")
    assert "deadline.reaction: default" not in out and "absent: off" not in out and "40s" not in out
    return out


def test_the_settings_read_as_sentences(table: TableService) -> None:
    start_game(table)
    table.settings(ALICE, CHAN, setting="deadline", value="40s", key="k1")
    out = said(table)
    assert out.splitlines()[:3] == [
        "Each player has 40 seconds to answer.",
        "Reminders come 12 hours, then 1 hour before the deadline.",
        "Absent players are not replaced: when time runs out, the table plays the usual default for them."]
    assert "`/game settings setting:deadline value:2h`" in out


def test_a_change_says_what_changed_and_every_kind_reads(table: TableService) -> None:
    start_game(table)
    changed = text.describe(table.settings(ALICE, CHAN, setting="deadline.reaction", value="5m", key="k1"))
    assert changed.startswith("Changed: the time for a reaction to another player's move.")
    assert "For a reaction to another player's move: 5 minutes." in changed
    table.settings(ALICE, CHAN, setting="absent", value="steady", key="k2")
    table.settings(ALICE, CHAN, setting="reminders", value="off", key="k3")
    table.settings(ALICE, CHAN, setting="deadline", value="off", key="k4")
    out = said(table)
    assert "There is no deadline: the game waits for each answer as long as it takes." in out
    assert "No reminders before the deadline." in out
    assert "a computer player (steady) answers for an absent player" in out


def test_one_setting_asked_alone(table: TableService) -> None:
    start_game(table)
    assert said(table, setting="deadline").startswith(
        f"Each player has {text.duration_words(DEFAULT_SETTINGS['deadline'])} to answer.")
    assert text.duration_words("1d12h") == "1 day and 12 hours" and text.duration_words("90s") == "1 minute and 30 seconds"


def test_each_reminder_reads_apart_from_the_next(table: TableService) -> None:
    """Two reminders at 2 hours and at 30 minutes never read as one at 2 hours and 30 minutes."""
    start_game(table)
    for key, value, line in (("k1", "2h,30m", "Reminders come 2 hours, then 30 minutes before the deadline."),
                             ("k2", "2h30m", "A reminder comes 2 hours and 30 minutes before the deadline."),
                             ("k3", "1d,2h30m,5m",
                              "Reminders come 1 day, then 2 hours and 30 minutes, then 5 minutes before the deadline.")):
        table.settings(ALICE, CHAN, setting="reminders", value=value, key=key)
        assert line in said(table).splitlines()
