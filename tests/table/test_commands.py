"""The command registry: table and game commands, parsing, autocomplete, and docs/commands.md."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.table import TABLE_COMMANDS, ParamKind, Source, TableError
from bot.table.commands_doc import available_games, render, sections
from engine.core import RuleError
from tests.games.tribute import RULES
from tests.table.conftest import ALICE, BOB, CAROL, CHAN, start_game

ROOT = Path(__file__).resolve().parents[2]


def test_game_commands_come_from_action_specs(table):
    cmds = {c.name: c for c in table.registry.commands("tribute")}
    assert set(cmds) == set(RULES.actions)
    bid = cmds["bid"]
    assert bid.secret and bid.is_action and bid.path == "/tribute bid"
    assert [(p.name, p.kind, p.autocomplete) for p in bid.params] == [
        ("card", ParamKind.INT, Source.SUGGEST), ("game", ParamKind.INT, Source.MY_GAMES)]
    assert cmds["offer"].anytime
    assert table.registry.groups() == ["game", "tribute"]


def test_every_table_command_has_a_handler(table):
    for cmd in TABLE_COMMANDS:
        assert cmd.name in ("new", "import", "rules", "list", "help") or callable(getattr(table, cmd.name))
    assert callable(table.table_handlers()["help"])


def test_a_registry_missing_a_table_command_s_handler_names_each_at_start():
    from bot.table import CommandRegistry

    handlers = {c.name: print for c in TABLE_COMMANDS if c.name not in ("pause", "resume")}
    with pytest.raises(ValueError, match="^table commands without a handler: pause, resume$"):
        CommandRegistry(dict, handlers)


def test_split_parses_local_lines(table):
    inv = table.registry.split('/tribute offer bob 2 take:1 game:4')
    assert (inv.group, inv.name, inv.values, inv.game_id) == ("tribute", "offer", {"to": "bob", "give": 2, "take": 1}, 4)
    inv = table.registry.split("/game new tribute players:3")
    assert inv.values == {"name": "tribute", "players": "3"}
    for bad, code in [("/tribute", "syntax"), ("tribute bid 1", "syntax"), ("/tribute bid 1 2", "syntax"),
                      ("/tribute bid card:x", "bad_type"), ("/game new x y z w v", "syntax"),
                      ("/game status colour:red", "bad_param"), ('/game new "x', "syntax"),
                      ("/nope x", "unknown_group"), ("/game status game:one", "bad_type")]:
        with pytest.raises(RuleError) as err:
            table.registry.split(bad)
        assert err.value.code == code, bad


def test_a_line_without_its_command_group_is_refused_naming_the_groups(table):
    groups = ["/game", "/tribute"]
    for line, message in [("tribute bid 1", "a command starts with /group, not 'tribute'"), ("  ", "empty command")]:
        with pytest.raises(TableError) as err:
            table.registry.split(line)
        assert (err.value.message, err.value.code, err.value.legal) == (message, "syntax", groups)
    with pytest.raises(TableError) as err:
        table.registry.split("/tribute")
    assert (err.value.message, err.value.code, err.value.legal) == (
        "`/tribute` needs a command", "syntax", [c.path for c in table.registry.commands("tribute")])
    with pytest.raises(TableError) as err:
        table.registry.split("/nope x")
    assert (err.value.message, err.value.code, err.value.legal) == ("no command group `/nope`", "unknown_group", groups)


def test_a_line_that_cannot_be_read_or_names_a_parameter_the_command_lacks_is_refused_in_words(table):
    refused = []
    for line in ('/game new "x', "/game status colour:red"):
        with pytest.raises(TableError) as err:
            table.registry.split(line)
        refused.append((err.value.code, err.value.message, err.value.legal))
    assert refused == [("syntax", """cannot read '/game new "x': No closing quotation""", None),
                       ("bad_param", "/game status has no parameter 'colour'", "/game status [game:<int>]")]


def test_a_table_command_without_a_value_it_needs_is_refused_with_its_usage(table):
    with pytest.raises(TableError) as err:
        table.invoke(ALICE, CHAN, "game", "new", {})
    assert (err.value.code, err.value.message, err.value.legal) == (
        "missing_param", "/game new needs name", "/game new name:<str> [players:<int>] [options:<str>] [play:<bool>]")
    assert table.store.games() == []


def test_a_table_command_given_a_parameter_it_lacks_is_refused_with_its_usage(table):
    with pytest.raises(TableError) as err:
        table.invoke(ALICE, CHAN, "game", "status", {"colour": "red"})
    status = table.registry.find("game", "status")
    assert (err.value.message, err.value.code, err.value.legal) == (
        "/game status has no parameter 'colour'", "bad_param", status.usage())
    assert status.usage() == "/game status [game:<int>]"
    assert table.registry.find("tribute", "bid").usage() == "/tribute bid card:<int> [game:<int>]"
    assert table.registry.find("game", "computer").usage() == (
        "/game computer [strength:<random|steady|schemer>] [name:<str>] [role:<str>] [game:<int>]")


def test_a_game_may_not_use_the_game_parameter():
    from bot.table.commands import game_commands
    from engine.core import ActionSpec, Param
    from tests.games.tribute import TributeRules

    class Bad(TributeRules):
        name = "bad"
        actions = {"go": ActionSpec("go", "go", (Param("game"),))}

    with pytest.raises(ValueError, match="game"):
        game_commands(Bad())


def test_autocomplete(table):
    start_game(table)
    assert table.suggest(ALICE, CHAN, "tribute", "bid", "card") == [1, 2, 3, 4, 5]
    assert table.suggest(ALICE, CHAN, "tribute", "bid", "card", prefix="4") == [4]
    assert table.suggest(CAROL, CHAN, "tribute", "bid", "card") == []  # no seat: nothing
    assert table.suggest(ALICE, CHAN, "game", "new", "name") == ["tribute"]
    assert table.suggest(ALICE, CHAN, "game", "replace", "seat") == ["alice", "bob"]
    assert table.suggest(BOB, None, "tribute", "bid", "game") == [1]
    assert table.suggest(ALICE, CHAN, "game", "settings", "setting", prefix="dead")[0] == "deadline"
    assert table.suggest(ALICE, CHAN, "nope", "x", "y") == []
    # a channel with no game of its own: the person's one live game (as every command there)
    assert table.suggest(ALICE, "elsewhere", "tribute", "bid", "card") == [1, 2, 3, 4, 5]
    assert table.suggest(CAROL, "elsewhere", "tribute", "bid", "card") == []


def test_autocomplete_names_table_values_and_offers_at_most_25(table, monkeypatch):
    """Discord shows at most 25 choices; a table value with no name of its own is shown as it is."""
    from tests.games.tribute import TributeRules

    start_game(table)
    assert table.suggest_named(ALICE, CHAN, "game", "new", "name") == [("tribute", "tribute")]
    assert table.suggest_named(ALICE, CHAN, "game", "settings", "setting", "dead")[0] == ("deadline", "deadline")
    monkeypatch.setattr(TributeRules, "suggest", lambda self, state, seat, kind, param: list(range(1, 41)))
    assert table.suggest(ALICE, CHAN, "tribute", "bid", "card") == list(range(1, 26))
    named = table.suggest_named(ALICE, CHAN, "tribute", "bid", "card")
    assert len(named) == 25 and named[-1] == ("card 25", 25)
    monkeypatch.setattr(TributeRules, "suggest", lambda self, state, seat, kind, param: ["x" * 101, "x" * 100])
    # Discord's limit: a value over 100 characters cannot be sent; a name over 100 is cut
    assert table.suggest_named(ALICE, CHAN, "tribute", "bid", "card") == [("card " + "x" * 94 + "…", "x" * 100)]


def test_unknown_command_lists_the_known_ones(table):
    with pytest.raises(TableError) as err:
        table.registry.find("game", "frob")
    assert (err.value.code, err.value.message, err.value.legal) == (
        "unknown_command", "`/game` has no command 'frob'", [c.name for c in table.registry.commands("game")])
    assert "status" in err.value.legal


def test_commands_doc_is_current():
    """docs/commands.md matches the registry for every game importable now (regenerate with
    ``python -m bot.table.commands_doc > docs/commands.md``)."""
    games = available_games()
    want = sections(render(games))
    have = sections((ROOT / "docs" / "commands.md").read_text(encoding="utf-8"))
    for group in ["", "game", *sorted(games)]:
        assert have.get(group) == want[group], (
            f"docs/commands.md is out of date for /{group or '(header)'}: "
            "run python -m bot.table.commands_doc > docs/commands.md")


def test_a_word_where_a_table_command_wants_a_number_is_refused_with_a_number_as_the_hint(table):
    start_game(table)
    with pytest.raises(TableError) as err:
        table.invoke(ALICE, CHAN, "game", "log", {"last": "ten"})
    assert err.value.code == "bad_type" and err.value.legal == "a number"
    assert "`/game log last:` takes a whole number, not 'ten' (legal: a number)" in str(err.value)


def test_a_table_command_is_built_under_game_with_its_game_number():
    from bot.table.commands import CommandParam, ParamKind, _t

    cmd = _t("ping", "Ask the table", CommandParam("n", ParamKind.INT, "a number"))
    assert cmd.path == "/game ping" and [p.name for p in cmd.params] == ["n", "game"]
    assert [p.name for p in _t("pong", "Not about one game", scoped=False).params] == []


def test_the_commands_doc_generator_says_what_it_does(capsys):
    from bot.table.commands_doc import main

    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    said = capsys.readouterr().out
    assert "Generate docs/commands.md from the command registry." in said and "Lists the table" not in said


def test_an_unknown_parameter_of_a_table_command_is_refused_with_its_usage(table):
    with pytest.raises(TableError) as err:
        table.invoke(ALICE, CHAN, "game", "status", {"colour": "red"})
    cmd = table.registry.find("game", "status")
    assert err.value.message == "/game status has no parameter 'colour'" and err.value.legal == cmd.usage()


def test_a_word_where_a_table_command_wants_yes_or_no_is_refused_naming_the_option(table):
    start_game(table)
    with pytest.raises(TableError) as err:
        table.invoke(ALICE, CHAN, "game", "board", {"private": "perhaps"})
    assert err.value.code == "bad_type" and err.value.legal == ["yes", "no"]
    assert "`/game board private:` takes yes or no, not 'perhaps' (legal: yes, no)" in str(err.value)
    with pytest.raises(TableError) as err:
        table.invoke(ALICE, CHAN, "game", "log", {"last": True})
    assert err.value.code == "bad_type" and "`/game log last:` takes a whole number (legal: a number)" in str(err.value)


def test_a_click_that_is_not_a_path_is_refused_naming_the_option(table):
    start_game(table)
    with pytest.raises(TableError) as err:
        table.invoke(ALICE, CHAN, "game", "choose", {"version": 1, "path": "one/two"})
    assert err.value.code == "bad_type" and err.value.legal == "3/1/0+2"
    assert "`/game choose path:` takes the clicks on a prompt, not 'one/two'" in str(err.value)


def test_a_strength_the_bot_does_not_offer_is_refused_with_the_strengths_there_are(table):
    from engine import agents

    start_game(table)
    with pytest.raises(TableError) as err:
        table.invoke(ALICE, CHAN, "game", "computer", {"strength": "grandmaster"})
    assert err.value.code == "bad_choice" and err.value.legal == list(agents.STRENGTHS)
    assert "`/game computer strength:` cannot be 'grandmaster'" in str(err.value)


def test_too_many_values_are_refused_with_the_command_s_usage(table):
    with pytest.raises(TableError) as err:
        table.registry.split("/game log 5 1 2")
    assert err.value.code == "syntax" and str(err.value).startswith("table: /game log: too many values ('1')")
    assert err.value.legal == table.registry.find("game", "log").usage()


def test_a_table_command_builds_no_game_action_and_says_so():
    pause = next(c for c in TABLE_COMMANDS if c.name == "pause")
    with pytest.raises(TableError) as err:
        pause.build_action({})
    assert (err.value.code, err.value.message) == ("not_action", "/game pause is a table command, not a game action")


def test_yes_and_no_typed_for_a_table_command_read_as_true_and_false(table):
    start_game(table)
    for word, seat in (("no", None), ("False", None), ("yes", "alice"), ("TRUE", "alice")):
        assert table.invoke(ALICE, CHAN, "game", "board", {"private": word}).seat == seat, word
