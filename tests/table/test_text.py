"""The default wording: every outcome and every outbox message has one, and secrets stay in DMs."""

from __future__ import annotations

import pytest

from bot.table import CHANNEL_POST, text
from engine.core import Action
from tests.table.conftest import ALICE, BOB, CHAN, GM, start_game


def test_every_outcome_and_message_has_words(table, clock):
    outcomes = [table.new_game(ALICE, "c0", "tribute"), table.join(BOB, "c0"), table.leave(BOB, "c0")]
    start_game(table)
    outcomes += [
        table.act(ALICE, CHAN, "tribute", Action.of("bid", card=3)),
        table.act(BOB, CHAN, "tribute", Action.of("bid", card=1)),
        table.status(ALICE, CHAN), table.hand(ALICE, CHAN), table.board(BOB, CHAN), table.log(BOB, CHAN),
        table.settings(GM, CHAN, setting="deadline", value="2h"), table.pause(GM, CHAN), table.resume(GM, CHAN),
        table.export(GM, CHAN), table.rules_help(ALICE, CHAN), table.list_games(ALICE, CHAN),
        table.replace(GM, CHAN, "bob", "u-x", "x"),
    ]
    clock.advance(3 * 86400)
    outcomes += table.run_due()
    for o in outcomes:
        assert text.describe(o, now=clock.now()).strip()
    for m in table.pending_outbox(1000):
        words = text.outgoing_text(m)
        assert words.strip()
        if m.kind == CHANNEL_POST:
            assert "your choice" not in words


@pytest.mark.parametrize(("named", "who"), [
    ({"name": "Bob", "seat": "p2"}, "Bob"),          # the person's name, never the seat id beside it
    ({"seat": "Red"}, "Red"),
    ({}, "someone"),
])
def test_a_table_notice_names_the_person_first(named, who):
    assert text.table_notice({"type": "deadline", **named}) == (
        f"Time ran out for {who}: the table played the default answer and the game goes on.")
    assert text.table_notice({"type": "skip", "by": "Alice", **named}) == (
        f"Alice played the default answer for {who}, and the game goes on.")


def test_a_number_outside_the_prompt_is_answered_with_the_numbers_there_are():
    from bot.table.prompts import _numbered

    assert [_numbered(n) for n in (1, 2, 3, 12)] == [
        "its only choice is numbered 1", "its choices are numbered 1 and 2", "its choices are numbered 1 to 3",
        "its choices are numbered 1 to 12"]
