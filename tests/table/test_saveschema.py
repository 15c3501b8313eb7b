"""The export file's schema (bot/table/saveschema.py), checked on its own: every field's refusal in its
own words, each bound at equality and one past it, and every field of a file that passes read back."""

from __future__ import annotations

import copy
import json

import pytest

from bot.table import FakeClock, TableError, limits, saveschema
from bot.table.basics import DEFAULT_SETTINGS
from bot.table.results import GameStatus
from engine import agents
from tests.games.tribute import RULES
from tests.table.conftest import CHAN, GM, make_table
from tests.table.test_saveformat import played


@pytest.fixture(scope="module")
def saved(tmp_path_factory) -> tuple[dict, object]:
    """A played game's export (three actions, two seats) and the table's setting check."""
    table = make_table(tmp_path_factory.mktemp("schema") / "table.sqlite3", FakeClock())
    played(table)
    doc = json.loads(table.export(GM, CHAN).text)
    yield doc, table.check_setting
    table.store.close()


def games(name: str):
    if name != "tribute":
        raise TableError(f"no game {name!r}", code="unknown_game")
    return RULES


def parse(saved, change=None, text=None) -> saveschema.SaveFile:
    doc, check = saved
    doc = copy.deepcopy(doc)
    if change is not None:
        change(doc)
    return saveschema.parse(json.dumps(doc) if text is None else text, games, check, tuple(DEFAULT_SETTINGS))


def refusal(saved, change=None, text=None) -> str:
    with pytest.raises(TableError) as err:
        parse(saved, change, text)
    assert err.value.code == "bad_file"
    return err.value.message


def test_every_field_of_a_good_file_is_read_back(saved):
    def extras(d):
        d["seats"][0].update(role="", agent="steady", name="Alice of the Hills")
        d["seats"][1].pop("name")
        d["actions"][1].update(user_id=None, source="deadline")
        d["actions"][2].pop("source")
        d["game"]["settings"] = {"deadline": "2h", "reminders": "off"}
    save = parse(saved, extras)
    assert save.rules is RULES and save.source_id == 1 and save.status is GameStatus.ACTIVE
    assert (save.players, save.options, save.settings, save.seed) == (2, {}, {"deadline": "2h", "reminders": "off"}, 11)
    assert save.seats == (saveschema.SeatEntry("alice", "u-alice", "Alice of the Hills", "", "steady"),
                          saveschema.SeatEntry("bob", "u-bob", "bob", "", ""))
    assert save.seat_names == ["alice", "bob"]
    assert [(a.seq, a.seat, a.action, a.key, a.at, a.user_id, a.source) for a in save.actions] == [
        (1, "alice", {"args": {"card": 4}, "kind": "bid"}, "k1", 1_800_000_000.0, "u-alice", "player"),
        (2, "bob", {"args": {"card": 2}, "kind": "bid"}, "k2", 1_800_000_000.0, None, "deadline"),
        (3, "alice", {"args": {"give": 1, "take": 0, "to": "bob"}, "kind": "offer"}, "k3", 1_800_000_000.0,
         "u-alice", "player")]
    assert save.state == saved[0]["state"] and isinstance(save.actions[0].at, float)


def test_a_file_without_an_id_or_a_player_count_still_reads(saved):
    save = parse(saved, lambda d: (d["game"].pop("id"), d["game"].pop("players")))
    assert save.source_id is None and save.players is None


@pytest.mark.parametrize("source", saveschema.SOURCES)
def test_every_source_of_an_action_is_taken(saved, source):
    assert parse(saved, lambda d: d["actions"][0].update(source=source)).actions[0].source == source


@pytest.mark.parametrize("agent", agents.STRENGTHS)
def test_every_strength_of_a_computer_seat_is_taken(saved, agent):
    assert parse(saved, lambda d: d["seats"][1].update(agent=agent)).seats[1].agent == agent


def test_the_format_and_version_are_checked_first(saved):
    assert refusal(saved, lambda d: d.update(format="seneschal")) == (
        "the file's format must be 'seneschal-game': this is not a Seneschal game file")
    assert refusal(saved, lambda d: d.pop("format")).startswith("the file's format must be")
    assert refusal(saved, lambda d: d.update(version=2)) == "the file's version is 2; this build reads version 1"
    assert refusal(saved, lambda d: d.update(version=True)) == "the file's version is True; this build reads version 1"
    assert refusal(saved, lambda d: d.update(version="1")) == "the file's version is '1'; this build reads version 1"
    assert refusal(saved, text="[1, 2]") == "the file's top level must be an object"


@pytest.mark.parametrize(("path", "change"), [
    ("exported", lambda d, v: d.update(exported=v)),
    ("game.created", lambda d, v: d["game"].update(created=v)),
    ("actions[1].at", lambda d, v: d["actions"][1].update(at=v)),
])
def test_every_time_is_a_number_from_1970_to_the_year_3000(saved, path, change):
    assert parse(saved, lambda d: change(d, 0)) is not None
    assert parse(saved, lambda d: change(d, limits.MAX_TIME)) is not None
    for value in (True, "now", None, float("inf"), float("nan")):
        assert refusal(saved, lambda d, v=value: change(d, v)) == f"the file's {path} must be a time (seconds since 1970)"
    for value in (-1, limits.MAX_TIME + 1):
        assert refusal(saved, lambda d, v=value: change(d, v)) == (
            f"the file's {path} must be a time between 1970 and the year 3000")


def test_missing_fields_are_named_by_their_path(saved):
    assert refusal(saved, lambda d: d.pop("exported")) == "the file's exported is missing"
    assert refusal(saved, lambda d: d.pop("game")) == "the file's game is missing"
    assert refusal(saved, lambda d: d["game"].pop("name")) == "the file's game.name is missing"
    assert refusal(saved, lambda d: d["game"].pop("status")) == "the file's game.status is missing"
    assert refusal(saved, lambda d: d.pop("seed")) == "the file's seed is missing"
    assert refusal(saved, lambda d: d.pop("seats")) == "the file's seats is missing"
    assert refusal(saved, lambda d: d["seats"][1].pop("user_id")) == "the file's seats[1].user_id is missing"
    assert refusal(saved, lambda d: d["seats"][0].pop("seat")) == "the file's seats[0].seat is missing"
    for key in ("seq", "seat", "action", "key", "at"):
        assert refusal(saved, lambda d, k=key: d["actions"][2].pop(k)) == f"the file's actions[2].{key} is missing"
    assert refusal(saved, lambda d: d["actions"][0]["action"].pop("kind")) == (
        "the file's actions[0].action.kind is missing")
    assert refusal(saved, lambda d: d.pop("actions")) == "the file's actions is missing"


def test_the_game_entry_is_checked_field_by_field(saved):
    assert refusal(saved, lambda d: d.update(game=[])) == "the file's game must be an object"
    assert refusal(saved, lambda d: d["game"].update(name="")) == "the file's game.name must not be empty"
    assert refusal(saved, lambda d: d["game"].update(name="x" * 201)) == (
        "the file's game.name is 201 characters long, at most 200 allowed")
    assert refusal(saved, lambda d: d["game"].update(name="x" * 200)) == (
        f"the file's game.name is {'x' * 200!r}, a game this table does not have")
    assert refusal(saved, lambda d: d["game"].update(id=True)) == "the file's game.id must be a whole number"
    assert refusal(saved, lambda d: d["game"].update(id=2**63)) == (
        f"the file's game.id must be from {-(2**63)} to {2**63 - 1}")
    for key in ("title", "engine_version", "phase"):
        assert refusal(saved, lambda d, k=key: d["game"].update({k: 5})) == f"the file's game.{key} must be text"
        assert refusal(saved, lambda d, k=key: d["game"].update({k: "a\nb"})) == (
            f"the file's game.{key} holds control characters")
    assert parse(saved, lambda d: d["game"].update(schema=1_000_000)) is not None
    assert parse(saved, lambda d: d["game"].update(schema=0)) is not None
    for schema in (-1, 1_000_001):
        assert refusal(saved, lambda d, s=schema: d["game"].update(schema=s)) == (
            "the file's game.schema must be from 0 to 1000000")
    assert parse(saved, lambda d: d["game"].update(creator="u" * 64)) is not None
    assert refusal(saved, lambda d: d["game"].update(creator="u" * 65)) == (
        "the file's game.creator is 65 characters long, at most 64 allowed")
    assert refusal(saved, lambda d: d["game"].update(result=[1])) == "the file's game.result must be an object"
    assert refusal(saved, lambda d: d["game"].update(status="x" * 21)) == (
        "the file's game.status is 21 characters long, at most 20 allowed")
    assert refusal(saved, lambda d: d["game"].update(status="asleep")) == (
        "the file's game.status is 'asleep', not one of lobby, active, paused, finished, abandoned")
    assert refusal(saved, lambda d: d.update(seed=-1)) == f"the file's seed must be from 0 to {2**63 - 1}"
    assert parse(saved, lambda d: d.update(seed=0)).seed == 0


def test_the_seats_are_checked_entry_by_entry(saved):
    assert refusal(saved, lambda d: d.update(seats={})) == "the file's seats must be a list"
    assert refusal(saved, lambda d: d["seats"].__setitem__(1, "bob")) == "the file's seats[1] must be an object"
    assert refusal(saved, lambda d: d["seats"][1].update(seat="")) == "the file's seats[1].seat must not be empty"
    assert refusal(saved, lambda d: d["seats"][1].update(seat="b" * 33)) == (
        "the file's seats[1].seat is 33 characters long, at most 32 allowed")
    for seat in ("Bob", "bo b", "bob!"):
        assert refusal(saved, lambda d, s=seat: d["seats"][1].update(seat=s)) == (
            "the file's seats[1].seat may hold only lower case letters, digits, '-' and '_'")
    assert refusal(saved, lambda d: d["seats"][0].update(user_id="u" * 65)) == (
        "the file's seats[0].user_id is 65 characters long, at most 64 allowed")
    assert refusal(saved, lambda d: d["seats"][0].update(name="n" * 65)) == (
        "the file's seats[0].name is 65 characters long, at most 64 allowed")
    assert parse(saved, lambda d: d["seats"][0].update(name="")).seats[0].name == "alice"
    assert refusal(saved, lambda d: d["seats"][0].update(role=7)) == "the file's seats[0].role must be text"
    assert refusal(saved, lambda d: d["seats"][0].update(agent="godlike")) == (
        "the file's seats[0].agent is 'godlike', not a strength (random, steady, schemer)")
    assert refusal(saved, lambda d: d["seats"][1].update(user_id="u-alice")) == (
        "the file's seats[1].user_id repeats 'u-alice': each must differ")
    assert refusal(saved, lambda d: d["game"].update(players=1)) == "the file's game.players must be from 2 to 4"
    assert refusal(saved, lambda d: d["game"].update(players=5)) == "the file's game.players must be from 2 to 4"


def test_a_started_game_has_as_many_seats_as_players_and_its_state(saved):
    assert refusal(saved, lambda d: d["game"].update(players=3)) == (
        "the file's seats has 2 seats for a game of 3 players")
    more = {"seat": "carol", "user_id": "u-carol"}
    assert refusal(saved, lambda d: d["seats"].append(more)) == "the file's seats has 3 seats for a game of 2 players"
    assert refusal(saved, lambda d: (d["seats"].pop(), d["game"].pop("players"),
                                      [a.update(seat="alice") for a in d["actions"]])) == (
        "the file's seats has 1 seats; Tribute takes 2 to 4")
    assert refusal(saved, lambda d: d.pop("state")) == "the file's state is missing, yet the file has actions"
    assert refusal(saved, lambda d: (d.pop("state"), d.update(actions=[]))) == (
        "the file's state is missing for a game that is active")
    for status in ("lobby", "abandoned"):
        assert parse(saved, lambda d, s=status: (d.pop("state"), d.update(actions=[]),
                                                 d["game"].update(status=s))).state is None
    assert refusal(saved, lambda d: (d.update(actions=[]), d["game"].update(status="lobby"))) == (
        "the file's state is given for a game still in its lobby")
    assert refusal(saved, lambda d: d.update(state=[])) == "the file's state must be an object"
    assert refusal(saved, lambda d: d["state"].pop("options")) == "the file's state.options is missing"
    assert refusal(saved, lambda d: d["state"]["options"].update(speed=1)) == (
        "the file's state.options.speed is no option of this game (its options: none)")
    assert refusal(saved, lambda d: d["game"]["options"].update(speed=1)) == (
        "the file's game.options.speed is no option of this game (its options: none)")


def test_the_table_settings_are_named_and_checked(saved):
    assert refusal(saved, lambda d: d["game"]["settings"].update(speed="1")) == (
        f"the file's game.settings.speed is no table setting (the settings: {', '.join(DEFAULT_SETTINGS)})")
    assert refusal(saved, lambda d: d["game"]["settings"].update(deadline=5)) == (
        "the file's game.settings.deadline must be text")
    assert refusal(saved, lambda d: d["game"]["settings"].update(deadline="9" * 101)) == (
        "the file's game.settings.deadline is 101 characters long, at most 100 allowed")
    assert refusal(saved, lambda d: d["game"]["settings"].update(deadline="soon")).startswith(
        "the file's game.settings.deadline is refused: deadline: not a duration: 'soon'")
    assert refusal(saved, lambda d: d["game"].update(settings=["2h"])) == "the file's game.settings must be an object"


def test_the_actions_are_checked_entry_by_entry(saved):
    assert refusal(saved, lambda d: d.update(actions={})) == "the file's actions must be a list"
    assert refusal(saved, lambda d: d["actions"].__setitem__(0, 1)) == "the file's actions[0] must be an object"
    for seq in (1, 3):
        assert refusal(saved, lambda d, s=seq: d["actions"][1].update(seq=s)) == (
            "the file's actions[1].seq must be from 2 to 2")
    assert refusal(saved, lambda d: d["actions"][1].update(seat="carol")) == (
        "the file's actions[1].seat is 'carol', not a seat of the file")
    assert refusal(saved, lambda d: d["actions"][1].update(action=[])) == "the file's actions[1].action must be an object"
    assert refusal(saved, lambda d: d["actions"][1]["action"].update(kind="fly")) == (
        "the file's actions[1].action.kind is 'fly', no action of Tribute")
    assert refusal(saved, lambda d: d["actions"][1]["action"].update(args=[1])) == (
        "the file's actions[1].action.args must be an object")
    assert refusal(saved, lambda d: d["actions"][1].update(key="")) == "the file's actions[1].key must not be empty"
    assert refusal(saved, lambda d: d["actions"][1].update(key="k" * 101)) == (
        "the file's actions[1].key is 101 characters long, at most 100 allowed")
    assert refusal(saved, lambda d: d["actions"][2].update(key="k1")) == (
        "the file's actions[2].key repeats 'k1': each must differ")
    assert refusal(saved, lambda d: d["actions"][1].update(user_id=5)) == "the file's actions[1].user_id must be text"
    assert refusal(saved, lambda d: d["actions"][1].update(source="robot")) == (
        "the file's actions[1].source is 'robot', not one of player, deadline, gm, skip, computer")
    assert refusal(saved, lambda d: d["actions"][1].update(events={})) == "the file's actions[1].events must be a list"


def test_the_text_is_checked_before_it_is_read(saved, monkeypatch):
    text = json.dumps(saved[0])
    assert refusal(saved, text=b"\xff" + text.encode()) == "the file's text is not UTF-8"
    assert refusal(saved, text="{").startswith("the file's text is not JSON (")
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", len(text))
    assert parse(saved, text=text).seed == 11 and parse(saved, text=text.encode()).seed == 11
    for over in (text + " ", (text + " ").encode()):
        assert refusal(saved, text=over) == "the file's size is over 0 MB"


def test_nesting_is_counted_to_its_limit(saved):
    depth = limits.MAX_JSON_DEPTH
    deep = lambda n: "[" * n + "]" * n  # noqa: E731
    assert saveschema.load_json(deep(depth)) is not None
    assert saveschema.load_json('["' + "[" * 100 + '"]') == ["[" * 100]  # brackets in a string do not count
    for text in (deep(depth + 1), '["a", "b", ' + deep(depth) + "]"):  # strings neither open nor close a level
        with pytest.raises(TableError) as err:
            saveschema.load_json(text)
        assert err.value.message == f"the file's nesting is deeper than {depth} levels"


def test_a_lone_surrogate_is_named_where_it_is(saved):
    def where(text: str) -> str:
        with pytest.raises(TableError) as err:
            saveschema.load_json(text)
        return err.value.message.split(" holds")[0]
    assert where('"\\ud800"') == "the file's top level"
    assert where('{"a": [1, {"b": "x\\udfff"}]}') == "the file's a[1].b"
    assert where('{"\\ud800": 1}') == "the file's <a key>"
    assert where('{"a": {"\\ud800": 1}}') == "the file's a.<a key>"
    assert saveschema.load_json('{"a": ["\\ud7ff", "\\ue000"]}') == {"a": ["\ud7ff", "\ue000"]}


def test_a_games_options_are_checked_by_the_game_itself_and_kept_as_it_writes_them(tmp_path):
    """Fief's random_start (13.6) is true or false; a state's options must be as the game wrote them."""
    from bot.table import Actor, Store, TableService

    table = TableService(Store(tmp_path / "fief.sqlite3"), clock=FakeClock())
    people = [Actor(f"u{i}", f"p{i}") for i in range(3)]
    table.new_game(people[0], "c", "fief", players=3, seed=5)
    for p in people[1:]:
        table.join(p, "c")
    table.start(people[0], "c")
    doc = json.loads(table.export(GM, "c").text)
    table.store.close()

    def refused(change) -> str:
        changed = copy.deepcopy(doc)
        change(changed)
        with pytest.raises(TableError) as err:
            saveschema.parse(json.dumps(changed), table.rules_for, table.check_setting, tuple(DEFAULT_SETTINGS))
        return err.value.message

    assert refused(lambda d: d["state"]["options"].update(random_start="true")) == (
        "the file's state.options.random_start is 'true', not as the game writes it (True)")
    assert refused(lambda d: d["state"]["options"].update(random_start="maybe")) == (
        "the file's state.options are refused by the game: the option `random_start` is true or false")
    assert refused(lambda d: d["game"].update(options={"random_start": "maybe"})) == (
        "the file's game.options are refused by the game: the option `random_start` is true or false")


def test_the_options_are_judged_for_the_file_s_players_or_else_its_seats_at_least_the_game_s_least(saved):
    seen = []

    class Counting(type(RULES)):
        def check_options(self, seats, options):
            seen.append(seats)
            super().check_options(seats, options)

    def lobby(players, seats):
        def change(d):
            d["game"].update(status="lobby", players=players)
            d["seats"], d["actions"] = d["seats"][:seats], []
            d.pop("state")
        return change

    doc, check = saved
    for change, count in ((lambda d: d["game"].pop("players"), 2), (lobby(3, 1), 3), (lobby(None, 1), 2)):
        d = copy.deepcopy(doc)
        change(d)
        seen.clear()
        saveschema.parse(json.dumps(d), lambda name: Counting(), check, tuple(DEFAULT_SETTINGS))
        assert seen[0] == count


def test_an_option_s_value_must_be_text_a_whole_number_or_true_false(saved):
    class WithRounds(type(RULES)):
        def default_options(self, seats):
            return {"rounds": 3}

    doc, check = saved

    def lobby_with(value):
        d = copy.deepcopy(doc)
        d["game"].update(status="lobby", options={"rounds": value})
        d["actions"] = []
        d.pop("state")
        return json.dumps(d)

    for value in ("long", 5, True):
        save = saveschema.parse(lobby_with(value), lambda name: WithRounds(), check, tuple(DEFAULT_SETTINGS))
        assert save.options == {"rounds": value}
    for value in (2.5, None, [3], {"n": 3}):
        with pytest.raises(TableError) as err:
            saveschema.parse(lobby_with(value), lambda name: WithRounds(), check, tuple(DEFAULT_SETTINGS))
        assert err.value.message == "the file's game.options.rounds must be text, a whole number or true/false"
