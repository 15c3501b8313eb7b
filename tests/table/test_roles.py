"""Lobby roles at the table: a seat chooses a colour (Fief) or faction (OKC) with ``/game join role:``,
``/game role``; taken and unknown roles are refused with the free ones; ``start`` hands the choices
to the game's ``roles`` option. Also: ``/game new`` options whose values hold commas."""

from __future__ import annotations

import pytest

from bot.table import Actor, Joined, Store, TableError, TableService, limits
from bot.table import text as wording
from bot.table.results import RoleChosen
from bot.table.service import parse_options
from tests.table.conftest import ALICE, BOB, CAROL, CHAN, counts


@pytest.fixture
def shipped(tmp_path, clock):
    t = TableService(Store(tmp_path / "roles.sqlite3"), clock=clock)
    yield t
    t.store.close()


def lobby(table: TableService, game: str = "fief", players: int | None = 3, options: str = "") -> int:
    return table.new_game(ALICE, CHAN, game, players=players, options=options or None, seed=4).game.id


def test_join_with_a_role_and_change_it_in_the_lobby(shipped):
    gid = lobby(shipped)
    joined = shipped.invoke(BOB, CHAN, "game", "join", {"role": "green"}, key="k1")
    assert isinstance(joined, Joined) and joined.role == "green"
    chosen = shipped.invoke(ALICE, CHAN, "game", "role", {"role": "Yellow"}, key="k2")  # a name works too
    assert isinstance(chosen, RoleChosen) and chosen.role == "yellow" and chosen.label == "Yellow"
    info = shipped.info(gid)
    assert {s.seat: s.role for s in info.seats} == {"alice": "yellow", "bob": "green"}
    assert [(r.id, r.seat) for r in info.roles] == [("red", None), ("blue", None), ("green", "bob"),
                                                    ("yellow", "alice")]
    changed = shipped.role(BOB, CHAN, role="red")
    assert changed.previous == "green" and shipped.info(gid).free_roles()[0].id == "blue"
    back = shipped.role(BOB, CHAN, role="random")
    assert back.role == "" and wording.describe(back) == (
        "You have no role now: one is dealt at the start; free: Red, Blue, Green.")
    assert wording.describe(shipped.role(BOB, CHAN, role="blue")) == "You play Blue."


def test_a_taken_or_unknown_role_is_refused_with_the_free_ones(shipped, db_path):
    gid = lobby(shipped)
    shipped.join(BOB, CHAN, role="blue")
    before = counts(shipped.store.path)  # type: ignore[arg-type]
    with pytest.raises(TableError) as taken:
        shipped.join(CAROL, CHAN, role="blue")
    assert taken.value.code == "role_taken" and "bob" in taken.value.message
    assert taken.value.legal == ["red", "green", "yellow", "random"]
    with pytest.raises(TableError) as unknown:
        shipped.role(ALICE, CHAN, role="purple")
    assert (unknown.value.code, unknown.value.message, unknown.value.legal) == (
        "unknown_role", "Fief: England has no role 'purple'", ["red", "green", "yellow", "random"])
    with pytest.raises(TableError) as unseated:
        shipped.role(CAROL, CHAN, role="red")
    assert (unseated.value.code, unseated.value.message, unseated.value.legal) == (
        "no_seat", f"you have no seat in game {gid}", "`/game join role:red`")
    assert counts(shipped.store.path) == before  # type: ignore[arg-type]
    assert shipped.role(BOB, CHAN, role="blue").role == "blue"  # one's own role is not "taken"


def test_status_shows_each_seats_role_and_the_free_ones(shipped):
    lobby(shipped)
    shipped.join(BOB, CHAN, role="green")
    text = wording.describe(shipped.status(ALICE, CHAN))
    assert "bob (Green)" in text
    assert "Red: free" in text and "Green: bob" in text


def test_autocomplete_offers_the_free_roles_and_random(shipped):
    lobby(shipped)
    shipped.join(BOB, CHAN, role="green")
    assert shipped.suggest(CAROL, CHAN, "game", "join", "role") == ["red", "blue", "yellow", "random"]
    assert shipped.suggest(BOB, CHAN, "game", "role", "role") == ["red", "blue", "green", "yellow", "random"]
    assert shipped.suggest(ALICE, CHAN, "game", "role", "role", "y") == ["yellow"]
    # people see each role by its name
    assert shipped.suggest_named(CAROL, CHAN, "game", "join", "role") == [
        ("Red", "red"), ("Blue", "blue"), ("Yellow", "yellow"), ("Random", "random")]


def test_start_gives_the_chosen_families_and_deals_the_rest(shipped):
    gid = lobby(shipped)
    shipped.join(BOB, CHAN, role="yellow")
    shipped.join(CAROL, CHAN)
    shipped.role(ALICE, CHAN, role="blue")
    shipped.start(ALICE, CHAN)
    state = shipped.state(gid)
    assert state.options["roles"] == "blue,yellow,random"
    assert shipped.info(gid).options["roles"] == "blue,yellow,random"
    owned = {s: p.families for s, p in state.data.players.items()}
    assert owned["alice"] == ["blue"] and owned["bob"] == ["yellow"] and owned["carol"][0] in ("red", "green")
    assert shipped.info(gid).roles == ()  # no choosing once started
    # Once started, every seat shows its role, the dealt ones too (Rules.seat_roles).
    assert {s.seat: s.role for s in shipped.info(gid).seats} == {"alice": "blue", "bob": "yellow",
                                                                "carol": owned["carol"][0]}
    with pytest.raises(TableError, match="lobby"):
        shipped.role(ALICE, CHAN, role="red")
    exported = shipped.export(Actor("gm", "gm", admin=True), CHAN)
    assert '"role": "yellow"' in exported.text


def test_without_choices_the_game_deals_as_before(shipped):
    gid = lobby(shipped, players=2)
    shipped.join(BOB, CHAN)
    shipped.start(ALICE, CHAN)
    state = shipped.state(gid)
    assert state.options["roles"] == ""
    assert state.data.players["alice"].families == ["red", "blue"]
    assert [s.role for s in shipped.info(gid).seats] == ["red+blue", "green+yellow"]


def test_okc_factions_are_chosen_the_same_way(shipped):
    gid = lobby(shipped, "okc", players=2)
    labels = {r.id: r.label for r in shipped.info(gid).roles}
    assert set(labels) == {"nobility", "clans", "uprising", "gathering"}
    shipped.join(BOB, CHAN, role=labels["clans"])
    shipped.start(ALICE, CHAN)
    state = shipped.state(gid)
    assert state.data.players["bob"].faction == "clans" and state.data.players["alice"].faction != "clans"


def test_a_game_without_roles_refuses_a_role(table):
    table.new_game(ALICE, CHAN, "tribute", players=2)
    with pytest.raises(TableError) as err:
        table.join(BOB, CHAN, role="red")
    assert (err.value.code, err.value.message, err.value.legal) == (
        "no_roles", "Tribute has no roles to choose in the lobby", "`/game join`, then `/game start`")
    assert table.suggest(BOB, CHAN, "game", "join", "role") == []


def test_roles_are_not_given_as_new_game_options(shipped):
    with pytest.raises(TableError) as err:
        shipped.new_game(ALICE, CHAN, "fief", options="roles=red,blue")
    assert "lobby" in err.value.message and shipped.store.games() == []


def test_a_local_line_chooses_a_role(shipped):
    lobby(shipped)
    inv = shipped.registry.split("/game join role:green")
    assert shipped.invoke(BOB, CHAN, inv.group, inv.name, inv.values).role == "green"  # type: ignore[attr-defined]
    inv = shipped.registry.split("/game role red")
    assert shipped.invoke(BOB, CHAN, inv.group, inv.name, inv.values).role == "red"  # type: ignore[attr-defined]


@pytest.mark.parametrize(("text", "want"), [
    ("reminders=12h,1h", {"reminders": "12h,1h"}),
    ("reminders=12h,1h,deadline=2h", {"reminders": "12h,1h", "deadline": "2h"}),
    ("length=5, wild=yes", {"length": 5, "wild": True}),
    ("length=5 wild=no", {"length": 5, "wild": False}),
    ("modules=a,b, deadline.sequential=1h, x=1", {"modules": "a,b", "deadline.sequential": "1h", "x": 1}),
    ("reminders=12h, 1h", {"reminders": "12h, 1h"}),
    ("name=Xena,", {"name": "Xena"}),   # only the trailing comma goes, never a letter of the value
])
def test_options_split_only_where_a_new_key_starts(text, want):
    assert parse_options(text) == want


def test_a_word_without_a_key_is_still_refused():
    with pytest.raises(TableError, match="key=value") as refused:
        parse_options("oops,length=5")
    assert refused.value.legal == "length=5,x=y"   # the refusal shows what an option looks like
    assert refused.value.code == "bad_option"
    with pytest.raises(TableError, match="key=value") as refused:
        parse_options("=5")   # a value without its key
    assert refused.value.code == "bad_option"


@pytest.mark.parametrize("word", ["true", "yes", "on", "On", "YES"])
def test_a_yes_word_in_any_case_is_a_true_option(word):
    assert parse_options(f"wild={word}") == {"wild": True}


@pytest.mark.parametrize("word", ["false", "no", "off", "Off", "FALSE"])
def test_a_no_word_in_any_case_is_a_false_option(word):
    assert parse_options(f"wild={word}") == {"wild": False}


def test_a_number_option_may_be_as_large_as_the_database_holds_and_no_larger():
    assert parse_options(f"x={limits.SQLITE_MAX}, y={limits.SQLITE_MIN}") == {"x": limits.SQLITE_MAX,
                                                                               "y": limits.SQLITE_MIN}
    with pytest.raises(TableError, match="too large a number") as refused:
        parse_options(f"x={limits.SQLITE_MAX + 1}")
    assert refused.value.code == "bad_option"
    assert (refused.value.message, refused.value.legal) == (f"option x: {limits.SQLITE_MAX + 1}... is too large a number", None)
    with pytest.raises(TableError, match="too large a number") as refused:
        parse_options(f"x={limits.SQLITE_MIN - 1}")
    assert refused.value.code == "bad_option"


def test_an_option_value_too_long_is_refused_asking_for_a_shorter_one():
    assert parse_options("x=" + "a" * limits.MAX_OPTION_VALUE) == {"x": "a" * limits.MAX_OPTION_VALUE}
    with pytest.raises(TableError) as refused:
        parse_options("x=" + "a" * (limits.MAX_OPTION_VALUE + 1))
    assert refused.value.message == f"option x: a value is at most {limits.MAX_OPTION_VALUE} characters"
    assert refused.value.legal == "a shorter value"
    assert refused.value.code == "bad_option"


def test_a_taken_role_names_its_holder_as_they_call_themselves(shipped):
    lobby(shipped)
    shipped.join(Actor("u-dora", "Dora M."), CHAN, role="blue")
    with pytest.raises(TableError) as taken:
        shipped.join(CAROL, CHAN, role="blue")
    assert taken.value.message == "Blue is taken by Dora M."


def test_reminders_with_commas_reach_the_table_settings(shipped):
    gid = shipped.new_game(ALICE, CHAN, "fief", options="reminders=12h,1h, deadline=2h").game.id
    assert shipped.deadlines.settings_of(shipped.game_row(gid))["reminders"] == "12h,1h"
    assert shipped.deadlines.settings_of(shipped.game_row(gid))["deadline"] == "2h"


def test_the_local_table_chooses_roles_with_the_same_commands(shipped, tmp_path):
    import io

    from bot.local.repl import LocalTable

    out = io.StringIO()
    local = LocalTable(shipped, out=out, boards_dir=tmp_path / "boards", channel=CHAN, render=lambda *a: b"")
    for line in ("help", "as alice: /game new okc players:2", "as bob: /game join role:clans",
                 "as alice: /game role clans", "/game role nobility", "/game status", "/game start"):
        local.handle(line)
    text = out.getvalue()
    assert "/game role red" in text  # the help names the lobby's role commands
    assert "[bob] You sit as bob, playing " in text and " in game 1" in text
    assert "[error] " in text and "is taken by bob" in text
    assert "alice (" in text
    state = shipped.state(1)
    assert {s: p.faction for s, p in state.data.players.items()} == {"alice": "nobility", "bob": "clans"}


def test_a_computer_player_takes_the_role_it_is_given(shipped):
    gid = lobby(shipped)
    seated = shipped.computer(ALICE, CHAN, role="green")
    assert seated.role == "green" and wording.describe(seated).endswith(f"sits as {seated.seat}, playing Green.")
    assert {s.seat: s.role for s in shipped.info(gid).seats}[seated.seat] == "green"


def test_a_game_that_tells_nothing_of_its_setup_is_begun_naming_each_seats_roles(db_path, clock):
    from tests.games.tribute import TributeRules

    class Coloured(TributeRules):
        name = "coloured"

        def new_game(self, seats, options, seed):
            return super().new_game(seats, options, seed)[0], []   # no setup events to tell

        def seat_roles(self, state):
            return dict(zip(state.seats, ("red", "blue+green"), strict=True))

        def role_label(self, role, options):
            if role == "green":
                raise ValueError("no label")   # the role's id stands in
            return role.title()

    table = TableService(Store(db_path), clock=clock, games=[Coloured()], load_registered=False)
    table.new_game(ALICE, CHAN, "coloured", players=2)
    table.join(BOB, CHAN)
    table.start(ALICE, CHAN)
    [started] = [m for m in table.pending_outbox(100) if m.payload["type"] == "started"]
    assert started.payload["lines"] == ["The game begins.", "alice plays Red.", "bob plays Blue and green."]
    table.store.close()
