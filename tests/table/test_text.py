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
    ("if nobody answers, you pass", "Answer until T. If nobody answers, you pass."),
    ("The table passes for you", "Answer until T; if you do not, the table passes for you."),
])
def test_a_prompt_says_what_happens_at_the_deadline_in_one_sentence(absent, line):
    lines = text.prompt_lines({"question": "Bid?", "due": 100.0, "if_absent": absent}, when=lambda ts: "T")
    assert lines == ["Bid?", line]


def test_each_command_s_reply_in_words():
    from bot.table import results as r

    g = _game(roles=[r.RoleInfo("red", "The Red House", seat="p1"), r.RoleInfo("blue-green", "")])
    replies = [
        (r.AlreadyDone(g), "Already done: that command was received before."),
        (r.Created(None), "Created."),
        (r.Joined(g, seat="p2", role="red"), "You sit as p2, playing The Red House in game 7."),
        (r.Joined(g, seat="p2", already=True), "You already sit as p2 in game 7."),
        (r.Joined(None, seat="p2"), "You sit as p2 in game ?."),
        (r.RoleChosen(g, seat="p1", role="red", label="The Red House"), "You play The Red House."),
        (r.RoleChosen(g, seat="p1"), "You have no role now: one is dealt at the start; free: Blue green."),
        (r.Left(g, seat="p2"), "You left seat p2."),
        (r.ComputerSeated(g, seat="p2", name="Ada", added=False), "Ada, the computer player, left the table."),
        (r.Started(g, title="The bidding"), "Game 7 has started: The bidding. Your choices come by direct message."),
        (r.Applied(g, duplicate=True), "Already done: that answer was received before."),
        (r.Applied(g, said="a bid of 3", news=("You hold 2.",), result={"w": 1}),
         "Done (Tribute, game 7): a bid of 3.\nYou hold 2.\nThe game is over."),
        (r.Applied(None), "Done."),
        (r.Applied(None, said="what now?"), "Done: what now?"),
        (r.Applied(None, said="a bid of 3."), "Done: a bid of 3."),
        (r.RoleChosen(_game(roles=[r.RoleInfo("red", "Red", seat="p1")]), seat="p2"),
         "You have no role now: one is dealt at the start; free: none."),
        (r.Asked(g, confirm="Bid 3?"), "Bid 3? (answer again to confirm)"),
        (r.Asked(g, question="Which?", options=(("One", ""), ("Two", "best"))), "Which?\n  1. One\n  2. Two (best)"),
        (r.LogPage(g), "Nothing has happened yet."),
        (r.LogPage(g, entries=(r.LogEntry(3, "p1", 0.0, "player", (), "Alice bid."), r.LogEntry(4, "p2", 0.0, "player", ()))),
         "3. Alice bid.\n4. A choice was made."),
        (r.Undone(g, count=1), "Took back 1 action."),
        (r.Undone(g, count=2), "Took back 2 actions."),
        (r.TableChanged(g, what="paused"), "Game 7 is paused."),
        (r.TableChanged(g, what="replaced", detail={"seat": "p2", "name": "Cy"}),
         "Seat p2 of game 7 is replaced: Cy plays it from now on."),
        (r.TableChanged(g, what="replaced", detail={"seat": "p2", "computer": "bold"}),
         "Seat p2 of game 7 is replaced: a computer player (bold) plays it from now on."),
        # a reply without its game (none named) says "?" for its number, never fails
        (r.TableChanged(None, what="paused"), "Game ? is paused."),
        (r.TableChanged(None, what="replaced", detail={"seat": "p2", "name": "Cy"}),
         "Seat p2 of game ? is replaced: Cy plays it from now on."),
        (r.Started(None, title="The bidding"), "Game ? has started: The bidding. Your choices come by direct message."),
        (r.Imported(None, actions=5), "Imported as game ? (5 actions replayed and checked)."),
        (r.Exported(g, filename="g7.json", text="abc"), "Exported as g7.json (3 bytes)."),
        (r.Imported(g, actions=5), "Imported as game 7 (5 actions replayed and checked)."),
        (r.GameList(None), "No games."),
        (r.Hand(g, seat="p1"), "What only you know (p1):\nNothing hidden: everything you hold is on the board."),
        (r.Hand(g, seat="p1", title="Alice", sections=(("Cards", ("3", "5")), ("Notes", ()))),
         "What only you know (Alice):\nCards:\n  3\n  5\nNotes:\n  nothing"),
    ]
    for outcome, words in replies:
        assert text.describe(outcome) == words, outcome


@pytest.mark.parametrize(("notice", "words"), [
    ({"type": "stand_in", "name": "Bob", "strength": "bold", "title": "The bidding"},
     "The bidding — time ran out for Bob, so a computer player (bold) plays in their place while they are away."),
    ({"type": "stand_in", "seat": "p2"},
     "Time ran out for p2, so a computer player (steady) plays in their place while they are away."),
    ({"type": "undo", "by": "Gus"}, "Gus took back the last action."),
    ({"type": "undo", "by": "Gus", "count": 3, "title": "The bidding"}, "Gus took back the last 3 actions. Now: The bidding."),
    ({"type": "table", "what": "paused"}, "a GM paused the game: no deadline runs until it resumes."),
    ({"type": "table", "what": "resumed", "by": "Gus"}, "Gus resumed the game; deadlines run again."),
    ({"type": "table", "what": "replaced", "by": "Gus", "was": "Bob", "user": "Cy"}, "Gus gave Bob's seat to Cy, who now plays it."),
    ({"type": "table", "what": "replaced", "by": "Gus", "seat": "p2", "user": "Cy", "back": True},
     "Gus gave p2's seat, played by a computer player until now, to Cy."),
    ({"type": "table", "what": "replaced", "by": "Bob", "user": "Bob", "back": True},
     "Bob takes their seat back from the computer player."),
    ({"type": "table", "what": "abandoned", "by": "Gus"}, "Gus ended the game here: it is abandoned."),
    ({"type": "table", "what": "imported", "by": "Gus"}, "Gus opened this game from a saved file."),
    ({"type": "table", "what": "renamed", "by": "Gus"}, "Gus: renamed"),
    ({"type": "odd"}, "a GM: odd"),
])
def test_each_table_notice_in_words(notice, words):
    assert text.table_notice(notice) == words


@pytest.mark.parametrize(("chosen", "line"), [
    (["Pass"], "Time ran out for Bob: the table chose Pass."),
    (["Pass", "Pass"], "Time ran out for Bob twice: the table chose Pass each time."),
    (["Pass", None, "Bid"], "Time ran out for Bob 3 times: the table played the default answer each time."),
    ([None], "Time ran out for Bob: the table played the default answer."),
    (["Pass", "Bid"], "Time ran out for Bob twice: the table chose Pass and Bid."),
])
def test_time_running_out_is_told_once_per_phase(chosen, line):
    assert text.timed_out_line("Bob", chosen) == line


def test_a_prompt_without_a_deadline_says_what_happens_if_nobody_answers():
    assert text.prompt_lines({"question": "Bid?", "if_absent": "you pass"}) == ["Bid?", "If you do not answer: you pass."]
    assert text.prompt_lines({"due": 100.0}, when=lambda ts: "T") == ["The game waits for your answer.", "Answer until T."]
    assert text.prompt_lines({"question": "Bid?", "note": "Bob bid.", "answered": "You bid 3."}) == [
        "Bob bid.", "Bid?", "You bid 3."]
    listed = text.prompt_lines({"question": "Bid?", "choices": [{"label": "1", "hint": "low"}, {"label": "2", "flow": True}],
                                "more": 4, "commands": ["/tribute bid"]})
    assert listed[1:] == ["  1. 1 (low)", "  2. 2 ...", "  ... and 4 more: type `/tribute bid`, its names are accepted."]
    assert text.prompt_lines({"question": "Bid?", "choices": [{"label": "1"}]}, numbered=False) == ["Bid?"]


def test_the_final_post_ends_with_the_result_and_a_phase_post_says_what_comes_next():
    from bot.table import outbox as ob

    final = ob.Outgoing(1, 7, "f", CHANNEL_POST, "c", None, None,
                        {"type": "final", "title": "The end", "lines": ["Bob bid 3."], "result": ["Alice wins."]})
    assert text.outgoing_text(final) == "**The end**\nBob bid 3.\nAlice wins."
    phase = ob.Outgoing(2, 7, "p", CHANNEL_POST, "c", None, None,
                        {"type": "phase", "lines": ["Bob bid 3."], "next": "the shield"})
    assert text.outgoing_text(phase) == "Bob bid 3.\nNext: the shield."


def test_boards_reminders_damage_and_news_in_words():
    from bot.table import outbox as ob

    def said(kind, payload):
        return text.outgoing_text(ob.Outgoing(1, 7, "k", kind, "c", "alice", None, payload))

    assert said(ob.BOARD_IMAGE, {"title": "The bidding", "phase": "bid"}) == "The board: The bidding"
    assert said(ob.BOARD_IMAGE, {"phase": "bid"}) == "The board: bid"
    assert said(ob.BOARD_IMAGE, {}) == "The board:"
    assert said(ob.DM, {"type": "reminder", "question": "Bid?", "left": "2h"}) == "Reminder: Bid? (2h left)."
    assert said(ob.DM, {"type": "reminder", "left": "5m"}) == "Reminder: the game waits for you (5m left)."
    assert said(CHANNEL_POST, {"type": "damaged"}).startswith("This game is damaged: part of its record cannot be read")
    assert said(ob.DM, {"type": "news", "lines": ["You drew 3.", "Bob saw it."]}) == "You drew 3.\nBob saw it."
    assert said(CHANNEL_POST, {"type": "started", "lines": ["Go."], "next": "ignored"}) == "Go."


def test_the_status_message_says_a_paused_game_is_paused_and_otherwise_who_it_waits_for():
    assert text.status_lines({"title": "The bidding", "status": "paused", "waiting": [{"name": "Bob"}]}) == [
        "The bidding", "The game is paused."]
    assert text.status_lines({"title": "The bidding", "status": "active", "waiting": [{"name": "Bob"}]}) == [
        "The bidding", "Waiting for Bob."]
    assert text.status_lines({"result": ["Alice wins."], "title": "The end"}) == ["Alice wins."]


def test_the_status_names_the_roles_and_the_asker_s_question_and_choices():
    from bot.table import results as r

    g = _game("paused", seats=[r.SeatInfo("p1", "u1", "Alice", 0, role="red")],
              roles=[r.RoleInfo("red", "The Red House", seat="p1"), r.RoleInfo("blue", "Blue")])
    said = text.status_text(r.Status(g, title="The bidding", question="Your bid?",
                                     choices=tuple(str(n) for n in range(1, 17))), now=0).splitlines()
    assert said == ["Tribute, game 7: The bidding (paused)", "Waiting for nobody.", "Players: Alice (The Red House)",
                    "Roles (`/game role`): The Red House: Alice, Blue: free", "You: Your bid?",
                    "Your choices: " + "; ".join(str(n) for n in range(1, 16)) + " ..."]


def test_a_prompt_sent_as_text_gives_its_deadline_in_the_readers_own_clock() -> None:
    from bot.table.outbox import DM, Outgoing

    prompt = {"type": "prompt", "question": "Bid?", "due": 7200.0, "if_absent": "you pass", "choices": []}
    m = Outgoing(1, 1, "k", DM, None, "alice", "u1", prompt)
    said = text.outgoing_text(m, 0.0, lambda ts: f"at hour {ts / 3600:.0f}")
    assert "at hour 2" in said and "UTC" not in said


def test_settings_without_a_choice_for_absent_players_say_they_are_not_replaced() -> None:
    assert text.settings_lines({"absent": ""}) == [
        "Absent players are not replaced: when time runs out, the table plays the usual default for them."]
