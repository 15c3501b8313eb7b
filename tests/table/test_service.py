"""The table service: lobby, playing, authority, refusals that change nothing, idempotency."""

from __future__ import annotations

import threading

import pytest

from bot.table import (
    DEFAULT_SETTINGS,
    AlreadyDone,
    Applied,
    Asked,
    GameStatus,
    NotAllowed,
    Status,
    TableError,
    text,
)
from engine.core import Action, RuleError, StaleState
from tests.games.tribute import RULES
from tests.table.conftest import ALICE, BOB, CAROL, CHAN, GM, actor_of, snapshot, start_game


def test_lobby_join_start(table):
    created = table.new_game(ALICE, CHAN, "tribute", players=3)
    assert created.seat == "alice" and created.game.status is GameStatus.LOBBY
    assert table.join(BOB, CHAN).seat == "bob"
    assert table.join(BOB, CHAN).already
    with pytest.raises(TableError, match="waits for 3 players, 2 seated") as short:
        table.start(ALICE, CHAN)
    assert short.value.legal == "`/game join`"   # the refusal says how the missing player gets in
    table.join(CAROL, CHAN)
    with pytest.raises(TableError, match="full"):
        table.join(GM, CHAN)
    with pytest.raises(NotAllowed):
        table.start(BOB, CHAN)
    started = table.start(ALICE, CHAN)
    assert started.title == "Round 1: the bids"
    info = started.game
    assert [s.seat for s in info.seats] == ["alice", "bob", "carol"]
    assert info.seat_of("u-bob").seat == "bob"
    assert info.engine_version == "1"


def test_seat_names_are_cleaned_and_unique(table):
    table.new_game(ALICE, CHAN, "tribute", players=4)
    from bot.table import Actor

    assert table.join(Actor("u2", "Alice"), CHAN).seat == "alice2"
    assert table.join(Actor("u3", "Sir Robin of Locksley!"), CHAN).seat == "sir-robin-of-locksley"
    with pytest.raises(TableError, match="taken"):
        table.join(Actor("u4", "x"), CHAN, seat="alice")
    assert table.join(Actor("u5", "!!!"), CHAN).seat == "p4"     # no letters: named by its place, the fourth


def test_one_live_game_per_channel(table):
    table.new_game(ALICE, CHAN, "tribute")
    with pytest.raises(TableError) as err:
        table.new_game(BOB, CHAN, "tribute")
    assert err.value.code == "channel_busy"
    assert table.new_game(BOB, "chan-2", "tribute").game.id == 2


def test_unknown_game_and_bad_options(table):
    with pytest.raises(TableError, match="unknown game"):
        table.new_game(ALICE, CHAN, "chess")
    with pytest.raises(TableError, match="no option"):
        table.new_game(ALICE, CHAN, "tribute", options="length=5")
    with pytest.raises(TableError, match="takes 2 to 4"):
        table.new_game(ALICE, CHAN, "tribute", players=9)
    assert table.store.games() == []


def test_act_and_status(table):
    gid = start_game(table)
    out = table.act(ALICE, CHAN, "tribute", Action.of("bid", card=3))
    assert isinstance(out, Applied) and out.seq == 1 and out.seat == "alice"
    assert {e.kind for e in out.events} == {"secret.chosen", "secret.submitted"}
    status = table.status(BOB, CHAN)
    assert isinstance(status, Status)
    assert [w.seat for w in status.waiting if w.blocking] == ["bob"]
    assert "bid card:5" in status.legal
    assert status.view["players"]["alice"] == {"cards": 5, "points": 0}
    assert table.status(ALICE, None).game.id == gid  # from a DM: the one game alice sits at


def test_an_applied_action_says_where_the_game_now_stands(table):
    start_game(table)
    first = table.act(ALICE, CHAN, "tribute", Action.of("bid", card=3))
    assert (first.phase, first.phase_changed, first.game.phase, first.game.seq) == ("round 1, bid", False,
                                                                                    "round 1, bid", 1)
    second = table.act(BOB, CHAN, "tribute", Action.of("bid", card=1))
    assert (second.phase, second.phase_changed) == ("round 1, shield", True)
    assert (second.game.phase, second.game.seq, second.game.status) == ("round 1, shield", 2, GameStatus.ACTIVE)


def test_invoke_parses_raw_values(table):
    start_game(table)
    out = table.invoke(ALICE, CHAN, "tribute", "bid", {"card": "4"})
    assert out.action == Action.of("bid", card=4)
    out = table.invoke(BOB, CHAN, "game", "status", {})
    assert isinstance(out, Status)


@pytest.mark.parametrize("group,name,values,code", [
    ("tribute", "bid", {"card": "nine"}, "bad_type"),
    ("tribute", "bid", {}, "missing_param"),
    ("tribute", "bid", {"card": "3", "colour": "red"}, "bad_param"),
    ("tribute", "fly", {}, "unknown_command"),
    ("chess", "move", {}, "unknown_group"),
    ("tribute", "bid", {"card": "9"}, "not_in_hand"),
    ("tribute", "demand", {"seat": "bob"}, "phase"),
    ("tribute", "respond", {"request": "1", "accept": "yes"}, "phase"),
    ("game", "undo", {"count": "x"}, "bad_type"),
    ("game", "log", {"last": "0"}, "bad_value"),
])
def test_bad_input_changes_nothing(table, db_path, group, name, values, code):
    gid = start_game(table)
    table.act(BOB, CHAN, "tribute", Action.of("bid", card=2))
    before = snapshot(table, db_path, gid)
    with pytest.raises(RuleError) as err:
        table.invoke(ALICE, CHAN, group, name, values)
    assert err.value.code == code
    assert snapshot(table, db_path, gid) == before


def test_wrong_seat_and_wrong_user(table, db_path):
    gid = start_game(table)
    before = snapshot(table, db_path, gid)
    with pytest.raises(NotAllowed, match="no seat"):
        table.act(CAROL, CHAN, "tribute", Action.of("bid", card=1))
    with pytest.raises(NotAllowed):
        table.act(GM, CHAN, "tribute", Action.of("bid", card=1))  # a GM cannot act for a seat either
    assert snapshot(table, db_path, gid) == before


def test_gm_only_commands(table, db_path):
    gid = start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("offer", to="bob", give=1, take=0))
    before = snapshot(table, db_path, gid)
    for call in (lambda: table.undo(BOB, CHAN), lambda: table.pause(BOB, CHAN),
                 lambda: table.replace(BOB, CHAN, "bob", "u-carol"), lambda: table.export(BOB, CHAN),
                 lambda: table.settings(BOB, CHAN, setting="deadline", value="1h"),
                 lambda: table.abandon(BOB, CHAN), lambda: table.import_game(ALICE, "c9", "{}")):
        with pytest.raises(NotAllowed):
            call()
    assert snapshot(table, db_path, gid) == before
    assert table.undo(GM, CHAN).count == 1


def test_the_creator_manages_the_game(table):
    """The game's manager is its creator (or a GM of its server): the creator may pause, a player may not."""
    start_game(table)
    assert table.pause(ALICE, CHAN).what == "paused"
    with pytest.raises(NotAllowed):
        table.resume(BOB, CHAN)


def test_anyone_may_import_on_the_local_table_only(db_path, clock):
    from tests.table.conftest import make_table

    t = make_table(db_path, clock, local=True)
    assert t.may_import(ALICE) and not make_table(db_path, clock).may_import(ALICE)
    with pytest.raises(NotAllowed) as refused:
        make_table(db_path, clock).import_game(ALICE, "c9", "{}")
    assert refused.value.message == "only a GM of this server may import a game"
    assert refused.value.legal == "a GM is anyone with Manage Server or the GM role in this server"
    assert refused.value.code == "not_allowed"


def test_status_names_the_askers_own_seat_and_none_for_an_onlooker(table):
    start_game(table)
    assert table.status(BOB, CHAN).your_seat == "bob"
    assert table.status(CAROL, CHAN).your_seat is None


def test_the_first_seat_of_a_new_lobby_comes_first(table):
    created = table.new_game(ALICE, CHAN, "tribute", players=3)
    assert [(s.seat, s.position) for s in created.game.seats] == [("alice", 0)]
    joined = table.join(BOB, CHAN)
    assert [(s.seat, s.position) for s in joined.game.seats] == [("alice", 0), ("bob", 1)]
    table.abandon(ALICE, CHAN)
    assert table.new_game(ALICE, CHAN, "tribute", players=3, play=False).seat is None   # its creator sits out
    assert [(s.seat, s.position) for s in table.join(BOB, CHAN).game.seats] == [("bob", 0)]


def test_wrong_group(table):
    start_game(table)
    table.add_game(_OtherGame())
    with pytest.raises(TableError, match="use /tribute"):
        table.invoke(ALICE, CHAN, "other", "bid", {"card": "1"})


def _OtherGame():
    from tests.games.tribute import TributeRules

    class Other(TributeRules):
        name = "other"
        title = "Other"

    return Other()


def play_out(table, gid):
    """Apply each awaited seat's default until the game ends."""
    rules = table.rules_for("tribute")
    for _ in range(200):
        state = table.state(gid)
        if rules.result(state) is not None:
            return
        d = next(d for d in rules.pending(state) if d.blocking)
        seat = d.seats[0]
        table.act(actor_of(seat), CHAN, "tribute", d.default_for(seat))
    raise AssertionError("the game did not end")


def test_a_game_ends_with_a_snapshot_of_its_end_even_when_its_phase_reads_the_same(table, monkeypatch):
    """Snapshots follow changes of the phase label; the last action of a game is kept as one in any case,
    so a finished game loads from where it ended."""
    from bot.table import outbox

    monkeypatch.setattr(type(RULES), "phase", lambda self, state: "play")
    monkeypatch.setattr(outbox, "title_of", lambda rules, words, state: "")
    gid = start_game(table)
    play_out(table, gid)
    last = table.store.actions(gid)[-1].seq
    assert table.store.snapshot_seqs(gid)[0] == last and table.store.game(gid).phase == "play"


def test_finished_game_refuses_actions(table, db_path):
    gid = start_game(table)
    play_out(table, gid)
    info = table.info(gid)
    assert info.status is GameStatus.FINISHED
    assert table.status(ALICE, CHAN).result["reason"] == "most points"
    assert table.store.open_deadlines(gid) == []
    before = snapshot(table, db_path, gid)
    with pytest.raises(TableError) as err:
        table.act(ALICE, CHAN, "tribute", Action.of("bid", card=1))
    assert err.value.code == "game_over"
    assert (err.value.message, err.value.legal) == (f"game {gid} is over", "`/game status`, `/game log`")
    assert snapshot(table, db_path, gid) == before
    # The channel is free for the next game.
    assert table.new_game(ALICE, CHAN, "tribute").game.id == gid + 1


def test_the_final_action_sent_again_answers_with_the_result_and_the_status_says_who_won(table):
    gid = start_game(table)
    rules = table.rules_for("tribute")
    for n in range(200):
        state = table.state(gid)
        d = next(d for d in rules.pending(state) if d.blocking)
        last = (actor_of(d.seats[0]), d.default_for(d.seats[0]), f"k{n}")
        first = table.act(last[0], CHAN, "tribute", last[1], key=last[2])
        if first.result is not None:
            break
    again = table.act(last[0], CHAN, "tribute", last[1], key=last[2])
    assert again.duplicate and (again.result, again.phase_changed, again.seq) == (first.result, False, first.seq)
    winners = " and ".join(first.result["winners"])
    status = [m.payload for m in table.pending_outbox(1000) if m.payload.get("type") == "status"][-1]
    assert status["result"] == [f"The game is over: {winners} {'wins' if ' and ' not in winners else 'win'}.",
                                "Most points."]
    assert status["waiting"] == [] and status["status"] == "finished"


def test_paused_game_refuses_actions(table):
    start_game(table)
    table.pause(GM, CHAN)
    with pytest.raises(TableError) as err:
        table.act(ALICE, CHAN, "tribute", Action.of("bid", card=1))
    assert err.value.code == "paused"
    table.resume(GM, CHAN)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=1))


def test_repeated_key_is_applied_once(table, db_path):
    gid = start_game(table)
    first = table.act(ALICE, CHAN, "tribute", Action.of("offer", to="bob", give=1, take=0), key="i-1")
    again = table.act(ALICE, CHAN, "tribute", Action.of("offer", to="bob", give=1, take=0), key="i-1")
    assert not first.duplicate and again.duplicate and again.seq == first.seq == 1
    assert len(table.store.actions(gid)) == 1
    assert len(table.state(gid).data.offers.open) == 1
    # Table commands too.
    assert table.pause(GM, CHAN, key="i-2").what == "paused"
    again = table.pause(GM, CHAN, key="i-2")
    assert isinstance(again, AlreadyDone) and (again.command, again.key) == ("pause", "i-2")


def test_concurrent_same_key_applies_once(table):
    gid = start_game(table)
    results, errors = [], []

    def send():
        try:
            results.append(table.act(ALICE, CHAN, "tribute", Action.of("offer", to="bob", give=1, take=0), key="k"))
        except Exception as err:  # pragma: no cover - reported below
            errors.append(err)

    threads = [threading.Thread(target=send) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert sum(not r.duplicate for r in results) == 1
    assert len(table.store.actions(gid)) == 1


def test_concurrent_games_each_apply(table):
    ids = [start_game(table, channel=f"c{i}") for i in range(4)]

    def play(gid):
        for _ in range(10):
            table.act(ALICE, None, "tribute", Action.of("offer", to="bob", give=1, take=0), game_id=gid)
            state = table.state(gid)
            offer = state.data.offers.open[0].id
            table.act(ALICE, None, "tribute", Action.of("decline_offer", offer=offer), game_id=gid)

    threads = [threading.Thread(target=play, args=(g,)) for g in ids]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [len(table.store.actions(g)) for g in ids] == [20] * 4


def test_stale_version_is_refused(table):
    start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=1), expect_version=0)
    with pytest.raises(StaleState):
        table.act(BOB, CHAN, "tribute", Action.of("bid", card=1), expect_version=0)


def test_dm_needs_game_when_seated_twice(table):
    start_game(table, channel="c1")
    start_game(table, channel="c2")
    with pytest.raises(TableError) as err:
        table.act(ALICE, None, "tribute", Action.of("bid", card=1))
    assert err.value.code == "which_game"
    assert table.act(ALICE, None, "tribute", Action.of("bid", card=1), game_id=2).game.id == 2


def test_replace_gives_the_seat_to_someone_else(table):
    gid = start_game(table)
    out = table.replace(GM, CHAN, "bob", "u-carol", "carol")
    assert out.detail["old"] == "u-bob"
    with pytest.raises(NotAllowed):
        table.act(BOB, CHAN, "tribute", Action.of("bid", card=1))
    assert table.act(CAROL, CHAN, "tribute", Action.of("bid", card=1)).seat == "bob"
    assert table.info(gid).user_of("bob").user_id == "u-carol"


def test_leave_and_abandon(table):
    table.new_game(ALICE, CHAN, "tribute")
    table.join(BOB, CHAN)
    assert table.leave(BOB, CHAN).seat == "bob"
    assert table.abandon(ALICE, CHAN).what == "abandoned"  # the creator may drop a lobby
    assert table.info(1).status is GameStatus.ABANDONED
    with pytest.raises(TableError):
        table.join(BOB, CHAN)


def test_a_seat_cannot_be_left_once_the_game_has_started(table):
    start_game(table)
    with pytest.raises(TableError) as started:
        table.leave(BOB, CHAN)
    assert started.value.message == "game 1 has started: seats can only change hands"
    assert started.value.legal == "ask a GM: `/game replace`"


def test_a_started_game_takes_no_new_seat_and_no_second_start(table, db_path):
    gid = start_game(table)
    before = snapshot(table, db_path, gid)
    refused = []
    for call in (lambda: table.join(CAROL, CHAN), lambda: table.start(ALICE, CHAN)):
        with pytest.raises(TableError) as err:
            call()
        refused.append((err.value.code, err.value.message, err.value.legal))
    assert refused == [
        ("started", f"game {gid} has already started: it is under way", "ask a GM to give you a seat with `/game replace`"),
        ("started", f"game {gid} is not in its lobby: it is under way", None)]
    assert snapshot(table, db_path, gid) == before


def test_someone_without_a_seat_has_none_to_leave(table, db_path):
    gid = table.new_game(ALICE, CHAN, "tribute", players=2).game.id
    before = snapshot(table, db_path, gid)
    with pytest.raises(TableError) as err:
        table.leave(BOB, CHAN)
    assert (err.value.code, err.value.message, err.value.legal) == ("no_seat", f"you have no seat in game {gid}", None)
    assert snapshot(table, db_path, gid) == before


def test_a_private_board_is_refused_to_someone_without_a_seat(table):
    start_game(table)
    with pytest.raises(NotAllowed) as refused:
        table.board(CAROL, CHAN, private=True, draw=False)
    assert refused.value.message == "you have no seat in game 1, so no private board"
    assert table.board(CAROL, CHAN, draw=False).game.id == 1   # the public board is anyone's


def test_a_prompt_is_refused_to_someone_without_a_seat(table, db_path):
    gid = start_game(table)
    before = snapshot(table, db_path, gid)
    with pytest.raises(NotAllowed) as refused:
        table.prompt(CAROL, CHAN)
    assert (refused.value.code, refused.value.message, refused.value.legal) == (
        "not_allowed", f"you have no seat in game {gid}; only a seat's player answers for it", None)
    assert snapshot(table, db_path, gid) == before


def test_settings(table, db_path):
    gid = start_game(table)
    assert table.settings(ALICE, CHAN).values["deadline"] == "24h"
    out = table.settings(GM, CHAN, setting="deadline", value="2h")
    assert out.changed == "deadline" and out.values["deadline"] == "2h"
    before = snapshot(table, db_path, gid)
    refused = []
    for setting, value in (("deadline", "soon"), ("colour", "red")):
        with pytest.raises(TableError) as err:
            table.settings(GM, CHAN, setting=setting, value=value)
        refused.append((err.value.code, err.value.message, err.value.legal))
    assert refused == [("bad_setting", "deadline: not a duration: 'soon'", "e.g. 24h, 2h30m, off"),
                       ("bad_setting", "no setting 'colour'", sorted(DEFAULT_SETTINGS))]
    assert snapshot(table, db_path, gid) == before


def test_log_shows_each_seat_its_own(table):
    start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=3))
    mine = table.log(ALICE, CHAN).entries[0]
    theirs = table.log(BOB, CHAN).entries[0]
    assert "secret.chosen" in {e.kind for e in mine.events}
    assert "secret.chosen" not in {e.kind for e in theirs.events}


def test_hand_and_board(table):
    start_game(table)
    hand = table.hand(ALICE, CHAN)
    assert hand.view["players"]["alice"]["hand"] == [1, 2, 3, 4, 5]
    board = table.board(BOB, CHAN)
    assert board.seat is None and "hand" not in board.view["players"]["alice"] and board.png is None
    with pytest.raises(NotAllowed):
        table.hand(CAROL, CHAN)


def test_rules_help_and_list(table):
    start_game(table)
    help_ = table.rules_help(ALICE, CHAN)
    assert help_.group == "tribute"
    assert any(c.usage.startswith("/tribute bid card:<int>") for c in help_.commands)
    assert [g.id for g in table.list_games(ALICE, CHAN).games] == [1]


def test_the_list_names_a_games_phase_as_its_status_does(table):
    """``/game list`` shows the phase in words (the status's title), never the engine's phase label."""
    start_game(table)
    [listed] = table.list_games(ALICE, CHAN).games
    assert listed.phase == "round 1, bid" and listed.phase_title == table.status(ALICE, CHAN).title
    assert text.describe(table.list_games(ALICE, CHAN)).startswith(f"Game 1: Tribute, {listed.phase_title}; players ")
    table.pause(GM, CHAN)
    assert text.describe(table.list_games(ALICE, CHAN)).startswith(f"Game 1: Tribute, {listed.phase_title} (paused)")


def test_many_threads_at_once(table, clock):
    """Commands, deadlines and delivery from several threads leave a consistent log."""
    ids = [start_game(table, channel=f"t{i}") for i in range(3)]
    errors = []

    def player(gid):
        try:
            for _ in range(15):
                table.act(ALICE, None, "tribute", Action.of("offer", to="bob", give=1, take=0), game_id=gid)
                offer = table.state(gid).data.offers.open[0].id
                table.act(BOB, None, "tribute", Action.of("decline_offer", offer=offer), game_id=gid)
        except Exception as err:  # pragma: no cover - reported below
            errors.append(err)

    def courier():
        try:
            for _ in range(30):
                for m in table.pending_outbox(50):
                    table.mark_delivered(m.id)
                table.run_due()
        except Exception as err:  # pragma: no cover
            errors.append(err)

    threads = [threading.Thread(target=player, args=(g,)) for g in ids] + [threading.Thread(target=courier)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for gid in ids:
        rows = table.store.actions(gid)
        assert [r.seq for r in rows] == list(range(1, 31))
        assert table.state(gid).version == 30


def test_table_settings_may_come_with_the_options(table):
    created = table.new_game(ALICE, CHAN, "tribute", options="deadline=2h, reminders=off")
    assert created.game.settings == {"deadline": "2h", "reminders": "off"} and created.game.options == {}
    with pytest.raises(TableError):
        table.new_game(ALICE, "c2", "tribute", options="deadline=whenever")


def test_an_action_waiting_on_its_game_sees_the_game_as_it_is_when_its_turn_comes(table):
    """Two commands on one game never interleave: an action waits while another holds the game, and
    then reads the game afresh (here its seat was handed to a computer player meanwhile)."""
    gid = start_game(table)
    outcome: list[object] = []

    def bid() -> None:
        try:
            outcome.append(table.act(BOB, CHAN, "tribute", Action.of("bid", card=1)))
        except NotAllowed as err:
            outcome.append(err)

    worker = threading.Thread(target=bid)
    with table.game_lock(gid):
        worker.start()
        worker.join(timeout=0.5)
        assert worker.is_alive() and not outcome   # held up by the game's lock
        table.replace(GM, CHAN, "bob", computer="steady")
    worker.join(timeout=10)
    assert len(outcome) == 1 and isinstance(outcome[0], NotAllowed), outcome
    assert "a computer player" in str(outcome[0]) and table.store.actions(gid) == []


def test_the_log_shows_the_last_ten_actions_unless_asked(table):
    start_game(table)
    for _ in range(6):
        table.act(ALICE, CHAN, "tribute", Action.of("offer", to="bob", give=1, take=0))
        offer = table.state(1).data.offers.open[0].id
        table.act(BOB, CHAN, "tribute", Action.of("decline_offer", offer=offer))
    assert [e.seq for e in table.log(ALICE, CHAN).entries] == list(range(3, 13))
    assert len(table.log(ALICE, CHAN, last=12).entries) == 12


def test_a_harmful_click_asks_first_and_plays_once_confirmed(table):
    """The tribute game's refusal of a demand costs a point: the click asks, the confirmed click plays."""
    gid = start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=5))
    table.act(BOB, CHAN, "tribute", Action.of("bid", card=1))
    while table.state(gid).data.step == "shield":   # nobody shields
        seat = next(s for d in RULES.pending(table.state(gid)) for s in d.seats)
        table.act(actor_of(seat), CHAN, "tribute", Action.of("pass"))
    table.act(ALICE, CHAN, "tribute", Action.of("demand", seat="bob"))
    before = table.state(gid).version
    prompt = table.prompt(BOB, CHAN)
    refuse = next(i for i, c in enumerate(prompt["choices"]) if c.get("confirm"))
    asked = table.choose(BOB, CHAN, version=prompt["version"], path=[[refuse]])
    assert isinstance(asked, Asked) and asked.confirm and table.state(gid).version == before   # nothing played
    applied = table.choose(BOB, CHAN, version=prompt["version"], path=[[refuse]], confirmed=True)
    assert isinstance(applied, Applied) and table.state(gid).version == before + 1
    assert table.state(gid).data.step != "answer"


def test_a_click_received_twice_plays_once(table):
    """Discord may deliver one click twice: the second answers with the first's result."""
    gid = start_game(table)
    prompt = table.prompt(ALICE, CHAN)
    offer = next(i for i, c in enumerate(prompt["choices"]) if c["action"] == "offer give:1 take:0 to:bob")
    first = table.choose(ALICE, CHAN, version=prompt["version"], path=[[offer]], key="click-1")
    again = table.choose(ALICE, CHAN, version=prompt["version"], path=[[offer]], key="click-1")
    assert not first.duplicate and again.duplicate and again.seq == first.seq == 1
    assert len(table.store.actions(gid)) == 1


def test_acting_when_nothing_waits_on_you_says_whom_the_game_waits_on(table):
    start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=2))
    with pytest.raises(TableError) as err:
        table.act(ALICE, CHAN, "tribute", Action.of("bid", card=3))
    assert (err.value.code, err.value.message, err.value.legal) == (
        "not_your_turn", "nothing waits on you right now", "the game waits on bob")


def test_a_game_in_its_lobby_or_abandoned_refuses_actions_clicks_and_skips(table, db_path):
    gid = table.new_game(ALICE, CHAN, "tribute", players=2).game.id
    table.join(BOB, CHAN)

    def refusals() -> list[tuple]:
        before = snapshot(table, db_path, gid)
        out = []
        for call in (lambda: table.act(ALICE, CHAN, "tribute", Action.of("bid", card=1)),
                     lambda: table.prompt(ALICE, CHAN), lambda: table.skip(GM, CHAN, seat="alice")):
            with pytest.raises(TableError) as err:
                call()
            out.append((err.value.code, err.value.message, err.value.legal))
        assert snapshot(table, db_path, gid) == before
        return out

    assert refusals() == [("not_started", f"game {gid} has not started", "`/game start`")] * 3
    table.abandon(GM, CHAN)
    assert refusals() == [("abandoned", f"game {gid} was abandoned", None),
                          ("abandoned", f"game {gid} was abandoned before it started", None),   # no `/game start`
                          ("abandoned", f"game {gid} was abandoned", None)]


def test_a_paused_games_refusal_says_a_gm_may_resume_it(table):
    start_game(table)
    table.pause(GM, CHAN)
    with pytest.raises(TableError) as err:
        table.act(ALICE, CHAN, "tribute", Action.of("bid", card=1))
    assert err.value.legal == "a GM may `/game resume`"
    assert "(legal: a GM may `/game resume`)" in str(err.value)
