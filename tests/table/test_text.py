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


def _game(status="active", phase="bidding", seats=(), roles=()):
    from bot.table import results as r

    return r.GameInfo(id=7, game="tribute", title="Tribute", channel="c", status=r.GameStatus(status), creator="u1",
                      players=None, options={}, settings={}, seats=tuple(seats), phase=phase, seq=0,
                      engine_version="1", created=0.0, roles=tuple(roles))


def test_an_abandoned_game_s_status_says_where_it_stopped():
    from bot.table import results as r

    at = text.status_text(r.Status(_game("abandoned"), title="The bidding"), now=0)
    assert at.startswith("Tribute, game 7: abandoned at The bidding; nobody plays it any more.")
    lobby = text.status_text(r.Status(_game("abandoned", phase="")), now=0)
    assert lobby.startswith("Tribute, game 7: abandoned in its lobby;")


def test_only_a_seat_s_own_board_is_called_private():
    from bot.table import results as r

    assert text.describe(r.Board(_game(), seat="p1")) == "The private board of game 7: bidding"
    assert text.describe(r.Board(_game(), seat=None)) == "The board of game 7: bidding"


def test_the_game_list_names_the_players_or_says_none():
    from bot.table import results as r

    seated = _game(seats=[r.SeatInfo("p1", "u1", "Alice", 0), r.SeatInfo("p2", "u2", "", 1)])
    listed = text.describe(r.GameList(None, games=(seated, _game("lobby"))))
    assert listed.splitlines() == ["Game 7: Tribute, bidding; players Alice, p2", "Game 7: Tribute, in its lobby; players none"]


def test_a_computer_player_s_seat_names_its_role():
    from bot.table import results as r

    g = _game("lobby", roles=[r.RoleInfo("red", "The Red House")])
    seated = r.ComputerSeated(g, seat="p2", name="Ada", strength="steady", role="red")
    assert text.describe(seated) == "Ada, a computer player (steady), sits as p2, playing The Red House."
    assert text.describe(r.ComputerSeated(g, seat="p2", name="Ada", strength="steady")) == (
        "Ada, a computer player (steady), sits as p2.")


def test_a_seat_handed_to_a_computer_is_named_by_its_player():
    notice = {"type": "table", "what": "computer", "by": "Gus", "seat": "p2", "strength": "bold"}
    assert text.table_notice({**notice, "user": "Bob"}) == (
        "Gus handed Bob's seat to a computer player (bold), which plays it from now on.")
    assert text.table_notice(notice) == "Gus handed p2's seat to a computer player (bold), which plays it from now on."
    assert text.table_notice({**notice, "user": "Gus"}).startswith("Gus handed their own seat to")


@pytest.mark.parametrize(("absent", "line"), [
    ("at the deadline the table passes", "Answer until T. At the deadline the table passes."),
    ("when time runs out you pass", "Answer until T. When time runs out you pass."),
    ("Otherwise you pass", "Answer until T. Otherwise you pass."),
    ("The table passes for you", "Answer until T; if you do not, the table passes for you."),
])
def test_a_prompt_says_what_happens_at_the_deadline_in_one_sentence(absent, line):
    lines = text.prompt_lines({"question": "Bid?", "due": 100.0, "if_absent": absent}, when=lambda ts: "T")
    assert lines == ["Bid?", line]
