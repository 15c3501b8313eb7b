"""``/game help``: what to do now for the asker where they asked, and the five commands that matter,
in one answer (table and local table alike)."""

from __future__ import annotations

import io

from bot.local.repl import LocalTable
from bot.table import FakeClock, Guide, Store, TableService, text
from tests.games.tribute import RULES
from tests.speech import assert_human
from tests.table.conftest import ALICE, BOB, CAROL, CHAN, start_game


def said(g: Guide) -> str:
    out = text.describe(g, now=0)
    assert_human(out, "/game help")
    return out


def test_where_there_is_no_game_it_says_how_to_open_one(table: TableService) -> None:
    g = table.guide(ALICE, CHAN)
    assert g.game is None and "There is no game here yet." in g.now
    assert "`/game new name:tribute`" in g.now[1]
    assert [c for c, _ in g.commands] == ["/game new", "/game join", "/game list", "/game rules", "/game help"]
    assert "The commands that matter here:" in said(g)


def test_in_the_lobby_it_gives_the_next_step(table: TableService) -> None:
    table.new_game(ALICE, CHAN, "tribute", players=3)
    table.join(BOB, CHAN)
    mine = table.guide(ALICE, CHAN)
    assert mine.now[0] == "Tribute, game 1 is in its lobby: 2 of 3 seats taken."
    assert "waits for 1 more player; then its creator starts it with `/game start`" in said(mine)
    watcher = table.guide(CAROL, CHAN)
    assert "Take a seat with the lobby's Join button or `/game join`" in said(watcher)
    table.join(CAROL, CHAN)
    assert "You opened it: start it with `/game start`" in said(table.guide(ALICE, CHAN))
    assert "Its creator starts it" in said(table.guide(BOB, CHAN))
    assert "/game start" in [c for c, _ in mine.commands] and len(mine.commands) == 5


def test_in_play_it_says_whether_the_game_waits_on_you_and_what_it_asks(table: TableService,
                                                                          clock: FakeClock) -> None:
    start_game(table)
    status = table.status(ALICE, CHAN)
    g = table.guide(ALICE, CHAN)
    assert status.question and status.question in g.now[0] and "the game waits on you" in g.now[0]
    assert g.due is not None
    out = said(g)
    assert "Answer with the buttons of your prompt in your direct messages" in out
    assert "`/tribute bid`" in out   # the command that answers it, as Discord spells it
    assert "You have until" in out
    assert [c for c, _ in g.commands] == ["/game hand", "/game status", "/game board", "/game log", "/game rules"]
    # Alice bids: the game now waits on Bob only.
    card = next(a for a in status.legal if a.startswith("bid"))
    table.invoke(ALICE, CHAN, "tribute", "bid", {"card": card.split(":")[1]}, key="k1")
    after = said(table.guide(ALICE, CHAN))
    assert "nothing waits on you now; the game waits on bob" in after
    outsider = said(table.guide(CAROL, CHAN))
    assert "you have no seat in this game; it waits on bob" in outsider


def test_a_paused_and_an_ended_game(table: TableService) -> None:
    start_game(table)
    table.pause(ALICE, CHAN, key="p")
    assert "is paused" in said(table.guide(ALICE, CHAN))
    table.resume(ALICE, CHAN, key="r")
    table.abandon(ALICE, CHAN, key="a")
    ended = table.guide(ALICE, CHAN)
    assert "was abandoned" in said(ended) and ended.commands[0][0] == "/game log"


def test_in_a_dm_with_several_games_it_asks_which(table: TableService) -> None:
    start_game(table)
    start_game(table, channel="chan-2")
    g = table.guide(ALICE, None)
    assert "You sit at several live games" in said(g)
    assert g.now == ("You sit at several live games: name one with game:<number> "
                     "(`/game list` shows them, with their numbers).",)
    assert [c for c, _ in g.commands] == ["/game new", "/game join", "/game list", "/game rules", "/game help"]


def test_a_lobby_without_a_set_number_of_players_counts_its_seats(table: TableService) -> None:
    table.new_game(ALICE, CHAN, "tribute")
    assert table.guide(ALICE, CHAN).now[0] == "Tribute, game 1 is in its lobby: 1 seat taken."
    table.join(BOB, CHAN)
    g = table.guide(ALICE, CHAN)
    assert g.now[0] == "Tribute, game 1 is in its lobby: 2 seats taken."
    assert "waits for" not in said(g)   # no number to wait for


def test_in_a_lobby_with_roles_the_join_command_mentions_the_role(tmp_path) -> None:
    service = TableService(Store(tmp_path / "fief.sqlite3"), clock=FakeClock())
    service.new_game(ALICE, CHAN, "fief", players=2, seed=3)
    g = service.guide(BOB, CHAN)
    assert g.commands[0] == ("/game join", "take a seat (role: a colour or faction)")
    assert g.commands[1] == ("/game role", "choose or change your colour or faction")
    service.join(BOB, CHAN)
    assert service.guide(CAROL, CHAN).now == (
        "Fief: England, game 1 is in its lobby: 2 of 2 seats taken.",
        "Every seat is taken: the game's manager may free one, or `/game new` opens another game.",
        "Its creator starts it with `/game start` when everyone is in.")
    assert service.guide(BOB, CHAN).now[1] == ("You have a seat. Choose your colour or faction with `/game role` "
                                               "(or leave it to the deal).")
    service.role(BOB, CHAN, role="red")
    assert service.guide(BOB, CHAN).now[1] == "You have a seat, playing Red."
    assert service.guide(ALICE, CHAN).now[2] == "You opened it: start it with `/game start` when everyone is in."


def test_the_registry_runs_it_and_the_local_table_answers_in_one_message(tmp_path) -> None:
    out = io.StringIO()
    service = TableService(Store(tmp_path / "local.sqlite3"), clock=FakeClock(), games=[RULES],
                           load_registered=False, local=True)
    local = LocalTable(service, out=out)
    local.handle("as alice: /game help")
    assert "There is no game here yet." in out.getvalue()
    local.handle("as alice: /game new tribute players:2")
    local.handle("as bob: /game join")
    local.handle("as alice: /game start")
    out.truncate(0)
    local.handle("as alice: /game help")
    answer = out.getvalue()
    assert "the game waits on you" in answer and "/game hand: your hand" in answer
    assert answer.count("[alice]") == 1   # one message


def test_in_fief_it_names_the_answer_as_discord_spells_it(tmp_path) -> None:
    """The grouped commands flow into the guide: Fief's first question is answered by ``/fief turn start``."""
    service = TableService(Store(tmp_path / "fief.sqlite3"), clock=FakeClock())
    service.new_game(ALICE, CHAN, "fief", players=2, seed=3)
    service.join(BOB, CHAN)
    service.start(ALICE, CHAN)
    waited = [w.seat for w in service.status(ALICE, CHAN).waiting if w.blocking]
    asker = {"alice": ALICE, "bob": BOB}[waited[0]]
    out = said(service.guide(asker, CHAN))
    assert "the game waits on you" in out and "`/fief turn start`" in out
