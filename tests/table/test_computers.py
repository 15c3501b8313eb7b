"""Computer players at the table (issue 16): seated in the lobby, handed a seat and back, standing in
for an absent player, answering requests, thinking away from the game's lock, and surviving a restart.

The agents are whatever :mod:`engine.agents` ships: these tests never assert which action a
computer player picks, only that it picks a legal one for its own seat, through the normal path.
"""

from __future__ import annotations

import json
import threading

import pytest

from bot.table import Actor, ComputerSeated, NotAllowed, TableError
from bot.table import text as wording
from bot.table.computers import NAMES, agent_seed
from bot.table.migrations import LATEST
from engine import agents
from engine.core import Action
from tests.games.tribute import RULES
from tests.speech import assert_human
from tests.table.conftest import ALICE, BOB, CAROL, CHAN, GM, make_table, snapshot

#: The tribute game's deadline, and a little more.
DAY = 25 * 3600


def lobby(table, *players: Actor, count: int | None = None) -> int:
    created = table.new_game(players[0], CHAN, "tribute", players=count, seed=11)
    for p in players[1:]:
        table.join(p, CHAN)
    return created.game.id


def sources(table, game: int) -> dict[str, set[str]]:
    """Each seat's action sources in the log (player, deadline, computer, skip...)."""
    out: dict[str, set[str]] = {}
    for a in table.store.actions(game):
        out.setdefault(a.seat, set()).add(a.source)
    return out


def messages(table, game: int) -> list[str]:
    out = []
    for m in table.pending_outbox(1000, game_id=game):
        text = wording.outgoing_text(m, table.clock.now())
        assert_human(text, f"{m.kind} {m.key}")
        out.append(f"{m.kind} {m.seat or ''}: {text}")
        table.mark_delivered(m.id)
    return out


# -- the lobby ---------------------------------------------------------------------------
def test_a_computer_player_takes_a_lobby_seat_with_a_period_name_and_its_strength(table):
    game = lobby(table, Actor("u-maud", "Aldous"))
    seated = table.invoke(Actor("u-maud", "Aldous"), CHAN, "game", "computer", {"strength": "schemer"})
    assert isinstance(seated, ComputerSeated) and seated.strength == "schemer"
    assert seated.name in NAMES and seated.name != "Aldous"  # never a name already at the table
    info = table.info(game)
    computer = info.user_of(seated.seat)
    assert computer is not None and computer.computer and computer.agent == "schemer"
    assert computer.user_id.startswith("computer:")
    assert f"{seated.name} (computer player, schemer)" in wording.status_text(table.status(ALICE, CHAN))
    assert "computer player (schemer)" in wording.describe(seated)


def test_a_computer_player_is_named_like_anyone_and_refused_a_name_in_use(table):
    lobby(table, ALICE)
    named = table.computer(ALICE, CHAN, strength="random", name="Sir Roger")
    assert named.name == "Sir Roger" and named.seat == "sir-roger"
    with pytest.raises(TableError) as err:
        table.computer(ALICE, CHAN, name="alice")
    assert err.value.code == "seat_taken" and err.value.message == "alice already sits at this table"
    assert err.value.legal == "another name, or none for one of ours"


def test_a_computer_player_is_dismissed_before_the_start_not_after(table):
    game = lobby(table, ALICE)
    first = table.computer(ALICE, CHAN, strength="steady")
    gone = table.invoke(ALICE, CHAN, "game", "dismiss", {"seat": first.seat})
    assert isinstance(gone, ComputerSeated) and not gone.added
    assert wording.describe(gone) == f"{first.name}, the computer player, left the table."
    assert [s.seat for s in table.info(game).seats] == ["alice"]
    with pytest.raises(TableError) as err:  # alice is a person, not a computer player
        table.dismiss(ALICE, CHAN, seat="alice")
    assert (err.value.code, err.value.message, err.value.legal) == (
        "no_seat", f"game {game} has no computer player in seat 'alice'", "no computer player sits here")
    again = table.computer(ALICE, CHAN)
    with pytest.raises(TableError) as err:
        table.dismiss(ALICE, CHAN, seat="alice")
    assert err.value.legal == [again.seat]
    table.start(ALICE, CHAN)
    with pytest.raises(TableError) as err:
        table.dismiss(ALICE, CHAN, seat=again.seat)
    assert (err.value.code, err.value.message, err.value.legal) == (
        "started", f"game {game} has started: a seat can only change hands", f"`/game replace seat:{again.seat} user:<person>`")


def test_only_the_game_manager_seats_a_computer_player(table):
    lobby(table, ALICE, BOB)
    with pytest.raises(NotAllowed):
        table.computer(BOB, CHAN)
    with pytest.raises(TableError) as err:
        table.computer(ALICE, CHAN, strength="grandmaster")
    assert err.value.code == "bad_value" and "steady" in str(err.value.legal)


# -- playing -----------------------------------------------------------------------------
def test_computer_players_play_their_seats_through_the_normal_path(table):
    game = lobby(table, ALICE)
    a = table.computer(ALICE, CHAN, strength="random")
    b = table.computer(ALICE, CHAN, strength="steady")
    table.start(ALICE, CHAN)
    table.run_due()  # the computers' turns are due at once
    played = sources(table, game)
    assert played[a.seat] <= {"computer", "skip"} and "computer" in played[a.seat]
    assert "computer" in played[b.seat]
    for m in table.pending_outbox(1000, game_id=game):  # nobody reads a computer player's direct messages
        assert m.seat in (None, "alice"), m
    status = table.status(ALICE, CHAN)
    assert {w.seat for w in status.waiting if w.blocking} <= {"alice"}


def test_one_person_plays_a_whole_game_against_computer_players(table):
    """The local table's promise: a lone person answers their own prompts, computers the rest."""
    game = lobby(table, ALICE, count=3)
    table.computer(ALICE, CHAN, strength="random")
    table.computer(ALICE, CHAN, strength="schemer")
    table.start(ALICE, CHAN)
    for _ in range(200):
        table.run_due()
        if table.info(game).status.value == "finished":
            break
        own = [m for m in RULES.legal(table.state(game), "alice") if m.kind not in ("offer", "accept_offer",
                                                                                    "decline_offer")]
        if own:
            table.act(ALICE, CHAN, "tribute", own[0])
    assert table.info(game).status.value == "finished"
    messages(table, game)


def test_a_computer_answers_a_request_put_to_it(table):
    """Tribute's demand for a coin is a request; each one put to a computer player is answered."""
    game = lobby(table, ALICE)
    computer = table.computer(ALICE, CHAN, strength="steady")
    table.start(ALICE, CHAN)
    for _ in range(100):
        table.run_due()
        if table.info(game).status.value == "finished":
            break
        own = [m for m in RULES.legal(table.state(game), "alice") if m.kind not in ("offer", "accept_offer",
                                                                                    "decline_offer")]
        if own:
            table.act(ALICE, CHAN, "tribute", own[-1])  # the highest bid, then a demand
    log = [(a.seat, json.loads(a.action)["kind"]) for a in table.store.actions(game)]
    demands = [k for s, k in log if s == "alice" and k == "demand"]
    answers = [k for s, k in log if s == computer.seat and k == "respond"]
    assert demands and len(answers) == len(demands)


def test_an_offer_to_a_computer_player_gets_an_answer(table):
    game = lobby(table, ALICE)
    computer = table.computer(ALICE, CHAN)
    table.start(ALICE, CHAN)
    table.act(ALICE, CHAN, "tribute", Action.of("offer", to=computer.seat, give=1, take=0))
    table.run_due()
    kinds = [json.loads(a.action)["kind"] for a in table.store.actions(game) if a.seat == computer.seat]
    assert {"accept_offer", "decline_offer"} & set(kinds)
    assert not any(d.id.startswith("offer-") for d in RULES.pending(table.state(game)))


# -- a seat handed over ------------------------------------------------------------------
def test_the_seats_owner_hands_it_to_a_computer_player_and_takes_it_back(table):
    game = lobby(table, ALICE, BOB)
    table.start(ALICE, CHAN)
    messages(table, game)  # the prompts of the start
    handed = table.invoke(BOB, CHAN, "game", "replace", {"seat": "bob", "computer": "steady"})
    assert "computer player (steady)" in wording.describe(handed)
    bob = table.info(game).user_of("bob")
    assert bob is not None and bob.agent == "steady" and bob.user_id == BOB.user_id  # bob still owns it
    for call in (lambda: table.act(BOB, CHAN, "tribute", Action.of("bid", card=1)), lambda: table.prompt(BOB, CHAN)):
        with pytest.raises(NotAllowed) as err:  # a computer plays it now: neither a command nor a click
            call()
        assert (err.value.code, err.value.message, err.value.legal) == (
            "not_allowed", "a computer player (steady) plays your seat bob now",
            "take it back: `/game replace seat:bob user:<you>`")
    table.run_due()
    assert "computer" in sources(table, game)["bob"]
    posts = messages(table, game)
    assert any("bob handed their own seat to a computer player (steady)" in p for p in posts), posts
    assert not any(p.startswith("dm bob") and "Answer until" in p for p in posts)  # no prompt to a computer's seat
    table.replace(BOB, CHAN, "bob", BOB.user_id, "bob")  # back to its owner
    assert any("bob takes their seat back from the computer player." in p for p in messages(table, game))
    assert not table.info(game).user_of("bob").computer
    awaited = {w.seat for w in table.status(ALICE, CHAN).waiting if w.blocking}
    if "bob" in awaited:  # bob's own deadline again, and his prompt
        assert any(r.kind == "deadline" and r.seat == "bob" for r in table.store.open_deadlines(game))


def test_each_hand_over_to_a_computer_player_is_told_to_the_thread(table, clock):
    game = lobby(table, ALICE, BOB)
    table.start(ALICE, CHAN)
    messages(table, game)
    for strength in ("steady", "random"):
        table.replace(BOB, CHAN, "bob", computer=strength)
        table.replace(BOB, CHAN, "bob", BOB.user_id, "bob")
        clock.advance(60)
    said = [p for p in messages(table, game) if "handed their own seat" in p]
    assert len(said) == 2 and "(steady)" in said[0] and "(random)" in said[1], said


def test_only_the_manager_or_the_owner_hands_a_seat_over(table):
    game = lobby(table, ALICE, BOB, CAROL)
    table.start(ALICE, CHAN)
    with pytest.raises(NotAllowed) as err:
        table.replace(CAROL, CHAN, "bob", computer="steady")
    assert "the seat's owner may give it to a computer player" in err.value.describe()   # who may, said
    with pytest.raises(NotAllowed):  # the owner may not give it to someone else
        table.replace(BOB, CHAN, "bob", "u-dave", "dave")
    table.replace(ALICE, CHAN, "bob", computer="random")  # the creator may
    table.replace(GM, CHAN, "bob", "u-dave", "dave")  # and so may a GM, to a person
    seat = table.info(game).user_of("bob")
    assert seat is not None and seat.user_id == "u-dave" and not seat.computer


# -- an absent player --------------------------------------------------------------------
def time_runs_out(table, clock, *players: Actor, strength: str = "steady") -> tuple[int, list[str]]:
    """A game with absent=``strength`` whose first deadline passes: the game and what it posted then."""
    game = lobby(table, *players)
    table.settings(players[0], CHAN, setting="absent", value=strength)
    table.start(players[0], CHAN)
    messages(table, game)
    clock.advance(DAY)
    table.run_due()
    return game, messages(table, game)


def test_with_absent_set_a_computer_answers_for_a_seat_whose_deadline_passed(table, clock):
    game, posts = time_runs_out(table, clock, ALICE, BOB)
    played = sources(table, game)
    assert played["alice"] >= {"computer"} and played["bob"] >= {"computer"}
    assert "deadline" not in played["alice"] | played["bob"]  # no bare default
    stand_in = [p for p in posts if p.startswith("channel_post") and "time ran out for" in p]
    assert len(stand_in) == 2 and "so a computer player (steady) plays in their place" in stand_in[0]
    assert any(p.startswith("dm alice") and "a computer player chose for you:" in p for p in posts), posts


def test_a_stand_in_notice_takes_the_phase_label_when_the_game_gives_no_title(table, clock, monkeypatch):
    """The notice's heading is the game's phase title; a game without titles gives its phase label."""
    monkeypatch.setattr(type(RULES.words()), "phase_title", lambda self, state: "")
    _, posts = time_runs_out(table, clock, ALICE, BOB)
    stand_in = [p for p in posts if "time ran out for" in p]
    assert stand_in and all(p.startswith("channel_post : round 1, bid — time ran out for") for p in stand_in)


def test_the_stand_in_notice_names_the_person_not_the_seat(table, clock):
    _, posts = time_runs_out(table, clock, Actor("u-maud", "Maud"), BOB, strength="random")
    stand_in = [p for p in posts if "time ran out for" in p]
    assert any("time ran out for Maud, so a computer player (random)" in p for p in stand_in), stand_in


def test_absent_accepts_only_off_or_a_strength(table):
    lobby(table, ALICE)
    with pytest.raises(TableError) as err:
        table.settings(ALICE, CHAN, setting="absent", value="2h")
    assert (err.value.code, err.value.message, err.value.legal) == (
        "bad_setting", "absent: '2h' is not a computer player's strength", ["off", *agents.STRENGTHS])
    assert table.settings(ALICE, CHAN).values["absent"] == "off"


def test_reminders_come_as_before_the_computer_stands_in(table, clock):
    game = lobby(table, ALICE, BOB)
    table.settings(ALICE, CHAN, setting="absent", value="random")
    table.start(ALICE, CHAN)
    messages(table, game)
    clock.advance(13 * 3600)
    table.run_due()
    assert any("Reminder" in p for p in messages(table, game))
    assert "computer" not in {s for v in sources(table, game).values() for s in v}


# -- off the lock, and after a restart ---------------------------------------------------
def test_a_thinking_computer_holds_no_lock(table, monkeypatch):
    """While one game's computer thinks, its players are answered and other games play on."""
    game = lobby(table, ALICE)
    table.computer(ALICE, CHAN)
    table.start(ALICE, CHAN)
    other = table.new_game(BOB, "chan-2", "tribute", players=2, seed=3).game.id
    table.join(CAROL, "chan-2")
    table.start(BOB, "chan-2")
    thinking, go_on = threading.Event(), threading.Event()
    real = agents.decide

    def slow(*args, **kw):
        thinking.set()
        assert go_on.wait(10)
        return real(*args, **kw)

    monkeypatch.setattr(agents, "decide", slow)
    turns = table.computer_turns()
    assert turns
    worker = threading.Thread(target=table.play_computer, args=(turns[0],))
    worker.start()
    assert thinking.wait(10)
    assert table.status(ALICE, CHAN).game.id == game  # the same game answers its players
    legal = RULES.legal(table.state(other), "bob")
    table.act(BOB, "chan-2", "tribute", next(a for a in legal if a.kind == "bid"))  # another game plays on
    go_on.set()
    worker.join(10)
    assert "computer" in {s for v in sources(table, game).values() for s in v}


def test_a_computer_turn_pending_at_a_crash_is_played_after_the_restart(db_path, clock):
    first = make_table(db_path, clock)
    game = lobby(first, ALICE)
    computer = first.computer(ALICE, CHAN, strength="schemer")
    first.start(ALICE, CHAN)
    assert any(r.kind == "computer" for r in first.store.open_deadlines(game))
    first.store.close()  # down before the computer played
    second = make_table(db_path, clock)
    assert second.info(game).user_of(computer.seat).agent == "schemer"  # the seat's agent is in the save
    second.catch_up()
    assert "computer" in sources(second, game)[computer.seat]
    second.store.close()


def test_an_export_keeps_the_computer_players(table):
    lobby(table, ALICE)
    table.computer(ALICE, CHAN, strength="steady")
    table.start(ALICE, CHAN)
    table.run_due()
    exported = table.export(ALICE, CHAN)
    doc = json.loads(exported.text)
    assert [s.get("agent", "") for s in doc["seats"]] == ["", "steady"]
    assert "computer" in {a["source"] for a in doc["actions"]}
    table.abandon(ALICE, CHAN)
    imported = table.import_game(GM, "chan-3", exported.text)
    assert [s.agent for s in imported.game.seats] == ["", "steady"]


def test_a_database_from_before_computer_players_opens_with_people_in_every_seat(db_path):
    """Migration 7 adds ``seats.agent``: the seats of an older database are played by people."""
    import sqlite3

    import sqlite_utils

    from bot.table import Store
    from bot.table.migrations import migrate

    conn = sqlite3.connect(db_path, isolation_level=None)
    migrate(sqlite_utils.Database(conn), target=6)
    conn.execute("INSERT INTO games (game, channel, creator, status, seed, engine_version, schema, created, updated) "
                 "VALUES ('tribute', 'c', 'u', 'lobby', 5, '1', 1, 0, 0)")
    conn.execute("INSERT INTO seats (game, seat, user_id, name, position, joined) VALUES (1, 'alice', 'u', 'a', 0, 0)")
    conn.close()
    store = Store(db_path)
    assert LATEST >= 7 and store.schema_version == LATEST
    assert [(s.seat, s.agent) for s in store.seats(1)] == [("alice", "")]
    store.close()


def test_a_turn_thinks_with_the_same_seed_every_time():
    assert agent_seed(5, 12, "bob", "bid-1") == agent_seed(5, 12, "bob", "bid-1")
    assert agent_seed(5, 12, "bob", "bid-1") != agent_seed(5, 13, "bob", "bid-1")


def test_every_strength_is_offered(table):
    lobby(table, ALICE)
    cmd = table.registry.find("game", "computer")
    assert cmd.param("strength").choices == agents.STRENGTHS
    assert "seat's owner" in table.registry.find("game", "replace").doc


def test_computer_players_may_think_in_a_pool_of_processes(db_path, clock, caplog):
    """``[computers] processes``: the same turns, thought out in other processes, give the same
    choices as in the worker thread (random reads no clock), through the normal path."""
    from bot.table import thinking

    chosen = []
    for processes in (0, 1):
        table = make_table(db_path.with_name(f"pool{processes}.db"), clock)
        table.computer_processes = processes
        game = lobby(table, ALICE)
        table.computer(ALICE, CHAN, strength="random")
        table.computer(ALICE, CHAN, strength="random")
        table.start(ALICE, CHAN)
        table.run_due()
        chosen.append([(a.seat, a.action) for a in table.store.actions(game) if a.source == "computer"])
        assert "computer" in sources(table, game)[chosen[-1][0][0]]
    thinking.shutdown()
    assert chosen[0] == chosen[1] and chosen[0]
    assert "thinking processes failed" not in caplog.text   # the pool thought, not the fallback


def test_a_computer_player_caught_in_a_loop_plays_the_default(table, monkeypatch, caplog):
    """A computer player whose moves undo each other (an offer made and withdrawn, again and again)
    takes the decision's default after TURN_LIMIT turns on it instead of holding the game forever."""
    from bot.table import computers

    monkeypatch.setattr(computers, "TURN_LIMIT", 4)
    game = lobby(table, ALICE)
    seat = table.computer(ALICE, CHAN).seat

    def fidget(rules, state, who, strength, **kw):
        mine = [o for o in state.data.offers.open if o.by == who]
        if mine:
            return Action.of("decline_offer", offer=mine[0].id)
        legal = rules.legal(state, who)
        return next((a for a in legal if a.kind == "offer"), legal[0])

    monkeypatch.setattr(agents, "decide", fidget)
    table.start(ALICE, CHAN)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=1))
    table.run_due()
    kinds = [json.loads(a.action)["kind"] for a in table.store.actions(game) if a.seat == seat]
    assert kinds[:5] == ["offer", "decline_offer", "offer", "decline_offer", "bid"]   # the default ends it
    assert [r.getMessage() for r in caplog.records if r.levelname == "WARNING"][0] == (
        f"game {game}: the computer player in seat {seat} has taken 4 turns on bid-1; playing the default")


def reasoned_table(db_path, clock):
    """A table playing tribute whose answers to offers carry a reason, as OKC's do."""
    from bot.table import Store, TableService
    from engine.core import ActionSpec, Param
    from tests.games.tribute import TributeRules

    reason = Param("reason", choices=("helps", "costs", "binds"), required=False)

    class Reasoned(TributeRules):
        actions = {**TributeRules.actions,
                   **{k: ActionSpec(k, s.doc, (*s.params, reason), s.section, anytime=True)
                      for k, s in TributeRules.actions.items() if k in ("accept_offer", "decline_offer")}}

    return TableService(Store(db_path), clock=clock, games=[Reasoned()], load_registered=False)


def test_a_computer_that_accepts_an_offer_on_its_own_turn_says_it_helps(db_path, clock, monkeypatch):
    """An offer the computer takes up while thinking about something else (here its bid) is accepted
    with the reason "helps", as a game that tells the proposer its reasons (OKC) would show it."""
    table = reasoned_table(db_path, clock)
    game = lobby(table, ALICE)
    seat = table.computer(ALICE, CHAN).seat
    real = agents.decide

    def takes_offers(rules, state, who, strength, **kw):
        mine = [o for o in state.data.offers.open if o.to == who]
        return Action.of("accept_offer", offer=mine[0].id) if mine else real(rules, state, who, strength, **kw)

    monkeypatch.setattr(agents, "decide", takes_offers)
    table.start(ALICE, CHAN)
    table.act(ALICE, CHAN, "tribute", Action.of("offer", to=seat, give=1, take=0))
    table.run_due()
    answers = [json.loads(a.action) for a in table.store.actions(game) if a.seat == seat]
    assert answers[0] == {"kind": "accept_offer", "args": {"offer": 1, "reason": "helps"}}
    table.store.close()


def test_a_computer_answers_an_offer_put_to_it_as_its_judgement_says_with_the_reason(db_path, clock, monkeypatch,
                                                                                        caplog):
    """An offer waiting on a computer player is answered by agents.answer_why, reason and all, never
    by the fallback default."""
    table = reasoned_table(db_path, clock)
    game = lobby(table, ALICE)
    seat = table.computer(ALICE, CHAN, strength="random").seat
    asked = []

    def judge(rules, state, who, request, strength, *, seed):
        asked.append((who, request, strength, state.version))
        return True, "binds"

    monkeypatch.setattr(agents, "answer_why", judge)
    table.start(ALICE, CHAN)
    table.act(ALICE, CHAN, "tribute", Action.of("offer", to=seat, give=1, take=0))
    table.run_due()
    answers = [json.loads(a.action) for a in table.store.actions(game) if a.seat == seat]
    assert {"kind": "accept_offer", "args": {"offer": 1, "reason": "binds"}} in answers
    assert asked and asked[0][:3] == (seat, "offer-1", "random") and "failed" not in caplog.text
    table.store.close()


def test_a_computer_player_is_dismissed_by_the_games_number_from_a_direct_message(table):
    game = lobby(table, ALICE)
    table.new_game(ALICE, "another-channel", "tribute")   # alice sits in two lobbies: the number says which
    seated = table.computer(ALICE, CHAN)
    gone = table.dismiss(ALICE, None, seat=seated.seat, game_id=game)
    assert isinstance(gone, ComputerSeated) and not gone.added
    assert [s.seat for s in table.info(game).seats] == ["alice"]


def test_stopping_the_thinking_processes_does_not_wait_for_a_think_under_way():
    """The bot stops at once: a computer player's think still running is left to end on its own."""
    import time

    from bot.table import thinking

    thinking.shutdown(1)   # a pool of our own
    running = thinking.pool(1).submit(time.sleep, 3)
    while not running.running():
        time.sleep(0.01)
    started = time.monotonic()
    thinking.shutdown(1)
    assert time.monotonic() - started < 1.5


def test_a_computer_player_is_not_seated_once_the_game_has_started(table):
    game = lobby(table, ALICE, BOB)
    table.start(ALICE, CHAN)
    with pytest.raises(TableError) as err:
        table.computer(ALICE, CHAN)
    assert (err.value.code, err.value.message, err.value.legal) == (
        "started", f"game {game} has already started: it is under way",
        "hand a seat to a computer player with `/game replace seat:<seat> computer:<strength>`")


def test_a_computer_player_is_not_seated_in_a_full_lobby(table, db_path):
    game = lobby(table, ALICE, BOB, count=2)
    before = snapshot(table, db_path, game)
    with pytest.raises(TableError) as err:
        table.computer(ALICE, CHAN)
    assert (err.value.code, err.value.message, err.value.legal) == ("full", f"game {game} is full (2 seats)", None)
    assert snapshot(table, db_path, game) == before


def test_a_stand_in_called_off_before_it_plays_gives_the_person_their_deadline_back(table, clock):
    game = lobby(table, ALICE, BOB)
    table.settings(ALICE, CHAN, setting="absent", value="steady")
    table.start(ALICE, CHAN)
    clock.advance(DAY)
    table.run_due(computers=False)  # the stand-ins' turns are queued, not yet played
    assert {r.kind for r in table.store.open_deadlines(game)} == {"computer"}
    assert table.next_wakeup() == clock.now()  # a computer's turn is due at once...
    assert table.next_wakeup(computers=False) != clock.now()  # ...unless the adapter plays those itself
    table.settings(ALICE, CHAN, setting="absent", value="off")
    assert table.run_computers() == []
    rows = [r for r in table.store.open_deadlines(game) if r.kind != "reminder"]
    assert {(r.seat, r.kind) for r in rows} == {("alice", "deadline"), ("bob", "deadline")}
    assert all(r.deadline > clock.now() for r in rows)
    assert "computer" not in set().union(*sources(table, game).values())
    closed = table.store._all("SELECT outcome FROM deadlines WHERE game = ? AND kind = 'computer'", (game,))
    assert [tuple(r) for r in closed] == [("no computer player",)] * 2


def test_a_computer_says_yes_or_no_with_the_answer_that_says_so(monkeypatch):
    from bot.table import computers

    yes, no = Action.of("respond", request=3, accept=True), Action.of("respond", request=3, accept=False)
    default = Action.of("pass")

    class Asked:
        def default_for(self, seat):
            return default

    def answer(named, accept):
        monkeypatch.setattr(computers.ob, "answers", lambda rules, state, seat, d: named)
        return computers.answer_request(RULES, None, "alice", Asked(), accept)

    assert answer([no, yes], True) == yes and answer([yes, no], False) == no
    offer = [Action.of("accept_offer", offer=1), Action.of("decline_offer", offer=1)]
    assert answer(offer, True) == offer[0] and answer(offer, False) == offer[1]
    # an answer that says no is never taken for yes because of its name, nor the other way
    assert answer([Action.of("accept_terms", accept=False)], True) == default
    assert answer([yes], False) == default


def test_every_message_of_a_stand_in_names_its_game(table, clock):
    """The Discord adapter finds the game of a notice by the ``game_id`` in its payload."""
    game = lobby(table, ALICE, BOB)
    table.settings(ALICE, CHAN, setting="absent", value="steady")
    table.start(ALICE, CHAN)
    clock.advance(DAY)
    table.run_due()
    sent = table.pending_outbox(1000, game_id=game)
    assert any(m.payload.get("type") == "stand_in" for m in sent)
    assert {m.payload.get("game_id", game) for m in sent} == {game}


def test_a_reason_is_added_only_where_the_game_takes_it_and_none_was_given(db_path, clock):
    from bot.table.computers import with_reason

    table = reasoned_table(db_path, clock)
    rules = table.rules_for("tribute")
    bare = Action.of("accept_offer", offer=1)
    assert with_reason(rules, bare, "helps") == Action.of("accept_offer", offer=1, reason="helps")
    given = Action.of("accept_offer", offer=1, reason="binds")
    assert with_reason(rules, given, "helps") == given   # the agent's own reason stays
    assert with_reason(rules, bare, "spite") == bare      # not one of the game's reasons
    assert with_reason(RULES, bare, "helps") == bare      # plain tribute's answers take no reason
    table.store.close()


def test_what_a_stand_in_chose_is_told_in_one_line_or_as_a_list():
    from bot.table.basics import HANDED
    from bot.table.computers import CHOSE, stand_in_lines
    from bot.table.store import DeadlineRow

    def row(outcome):
        return DeadlineRow(1, 1, "bid-1", "alice", "computer", 0.0, 0.0, 0.0, 0.0, outcome)

    earlier = [row(f"{CHOSE}a bid of 9"), row(HANDED)]   # before the last hand-over: told already
    assert stand_in_lines([*earlier, row(f"{CHOSE}a bid of 3")]) == [
        "Time ran out, so a computer player chose for you: a bid of 3."]
    assert stand_in_lines([*earlier, row(f"{CHOSE}an offer"), row("answered"), row(f"{CHOSE}a bid of 3")]) == [
        "Time ran out, so a computer player chose for you:", "· an offer", "· a bid of 3"]
