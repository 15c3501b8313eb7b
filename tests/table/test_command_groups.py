"""Commands gathered in groups by what they do (``/fief war move``, ``/okc negotiation offer``):
the grouping declared beside each game's specs, checked by the registry, built as Discord's
subcommand groups within its limits, and taken by the local table in both spellings."""

from __future__ import annotations

import asyncio
from typing import Any, ClassVar

import pytest
from discord import app_commands

from bot.table import CommandRegistry, TableError
from engine import registry as engines
from engine.core import ActionSpec, CommandGroup, specs
from tests.games.tribute import RULES as TRIBUTE
from tests.games.tribute import TributeRules

SHIPPED = ("fief", "okc")


def shipped() -> dict[str, Any]:
    from engine import games  # noqa: F401  (registers fief and okc)

    return {name: engines.get(name) for name in SHIPPED}


@pytest.fixture(scope="module")
def reg() -> CommandRegistry:
    games = shipped()
    return CommandRegistry(lambda: games)


@pytest.mark.parametrize("name", SHIPPED)
def test_every_action_is_in_one_group_of_at_most_25(reg: CommandRegistry, name: str) -> None:
    rules = shipped()[name]
    groups = rules.command_groups
    assert 1 < len(groups) <= 25
    kinds = [k for g in groups for k in g.kinds]
    assert sorted(kinds) == sorted(rules.actions)  # each action once, none missing
    assert all(1 <= len(g.kinds) <= 25 and g.doc and g.name.isidentifier() for g in groups)
    assert not any(g.name[-1].isdigit() for g in groups)  # named by what they do, never numbered
    cmds = reg.commands(name)
    assert [c.name for c in cmds] == kinds  # in the groups' order
    tops = {g.name: g.command or name for g in groups}
    assert all(c.path == f"/{tops[c.subgroup]} {c.subgroup} {c.name}" and c.short == f"/{name} {c.name}" for c in cmds)


def test_the_groups_read_as_the_issue_asks(reg: CommandRegistry) -> None:
    assert reg.path("fief", "move") == "/fief war move"
    assert reg.path("fief", "draw") == "/fief cards draw"
    assert reg.path("okc", "offer") == "/okc negotiation offer"
    assert reg.path("fief", "nominate") == "/fief-court crown nominate"   # the court, under its own command
    assert reg.tops("fief") == ["fief", "fief-court"] and reg.tops("okc") == ["okc"]
    assert reg.find("fief", "move").usage().startswith("/fief war move noble:<str> to:<str>")


def test_the_local_table_takes_both_spellings(reg: CommandRegistry) -> None:
    grouped = reg.split("/fief war move noble:Hugh to:York")
    short = reg.split("/fief move noble:Hugh to:York")
    assert (grouped.group, grouped.name, grouped.values) == (short.group, short.name, short.values)
    assert grouped.values == {"noble": "Hugh", "to": "York"}
    assert reg.split("/okc negotiation done_negotiating").name == "done_negotiating"
    court = reg.split("/fief-court crown nominate noble:Hugh")
    assert (court.group, court.name, court.values) == ("fief", "nominate", {"noble": "Hugh"})
    assert reg.split("/fief crown nominate noble:Hugh").name == "nominate"   # lenient under the game's own
    with pytest.raises(TableError) as err:   # the court holds no war
        reg.split("/fief-court war move noble:Hugh to:York")
    assert "/fief-court crown" in err.value.legal and "/fief-court war" not in err.value.legal
    assert reg.split("war move noble:Hugh to:York", default_group="fief").name == "move"
    with pytest.raises(TableError) as err:   # a command of another group
        reg.split("/fief cards move noble:Hugh to:York")
    assert err.value.code == "syntax" and "/fief cards draw" in err.value.legal
    with pytest.raises(TableError) as err:   # a group alone
        reg.split("/fief war")
    assert "/fief war move" in err.value.legal
    with pytest.raises(TableError) as err:   # the game alone: its groups
        reg.split("/fief")
    assert "/fief war" in err.value.legal and "/fief cards" in err.value.legal


def test_a_misplaced_group_is_refused_saying_where_it_is_missing(reg: CommandRegistry) -> None:
    for line, message in [("/fief-court war move noble:Hugh", "/fief-court has no group 'war'"),
                          ("/fief war", "`/fief war` needs one of its commands"),
                          ("/fief cards move noble:Hugh", "`/fief cards` needs one of its commands"),
                          ("/fief", "`/fief` needs a command")]:
        with pytest.raises(TableError) as err:
            reg.split(line)
        assert (err.value.message, err.value.code) == (message, "syntax"), line


def test_respell_names_commands_as_discord_does(reg: CommandRegistry) -> None:
    said = "Propose with /fief propose_marriage, then /fief move; /fief nothing stays."
    assert reg.respell("fief", said) == ("Propose with /fief-court crown propose_marriage, then /fief war move; "
                                         "/fief nothing stays.")
    assert reg.respell("game", "/game status") == "/game status"


def test_a_flat_game_keeps_its_commands_under_its_name() -> None:
    reg = CommandRegistry(lambda: {"tribute": TRIBUTE})
    assert reg.subgroups("tribute") == ()
    assert all(c.path == c.short == f"/tribute {c.name}" for c in reg.commands("tribute"))


def _game(actions: dict[str, ActionSpec], groups: tuple[CommandGroup, ...]) -> Any:
    class Grouped(TributeRules):
        name: ClassVar[str] = "grouped"

    Grouped.actions = actions
    Grouped.command_groups = groups
    return Grouped()


@pytest.mark.parametrize("groups, why", [
    ((CommandGroup("a", "A", ("k0",)),), "in no group"),
    ((CommandGroup("a", "A", tuple(f"k{i}" for i in range(30))),), "holds 30"),
    ((CommandGroup("a", "A", ("k0",)), CommandGroup("b", "B", ("k0",))), "in both"),
    ((CommandGroup("A b", "A", ("k0",)),), "not a free lower-case name"),
    ((CommandGroup("k1", "A", ("k0",)),), "not a free lower-case name"),
    ((CommandGroup("a", "A", ("nope",)),), "no action of the game"),
    ((CommandGroup("a", "A", ("k0",), command="other"),), "not grouped-<word>"),
    (tuple(CommandGroup(f"g{i}", "A", (f"k{i}",), command="grouped-more") for i in range(26)),
     "more than 25 groups under /grouped-more"),
])
def test_a_grouping_that_breaks_discords_limits_is_refused_at_start(groups: tuple[CommandGroup, ...],
                                                                       why: str) -> None:
    actions = specs(*(ActionSpec(f"k{i}", "a command") for i in range(30)))
    if len(groups) > 1 and why.startswith("more"):
        actions = specs(*(ActionSpec(f"k{i}", "a command") for i in range(26)))
    with pytest.raises(ValueError, match=f"^grouped: command groups: .*{why}"):   # the game named first
        CommandRegistry(lambda: {"grouped": _game(actions, groups)}).commands("grouped")


def test_more_than_25_commands_need_groups() -> None:
    actions = specs(*(ActionSpec(f"k{i}", "a command") for i in range(26)))
    with pytest.raises(ValueError, match="^grouped: command groups: 26 commands need groups"):
        CommandRegistry(lambda: {"grouped": _game(actions, ())}).commands("grouped")


@pytest.mark.parametrize("name", SHIPPED)
def test_discord_gets_subcommand_groups_within_its_limits(reg: CommandRegistry, name: str) -> None:
    from bot.discord.slash import COMMAND_CHARACTERS, PATHS, build_groups, command_size

    async def nothing(*args: Any) -> Any:
        return []

    tops = build_groups(name, name, reg.commands(name), nothing, nothing, reg.subgroups(name))
    assert [t.name for t in tops] == reg.tops(name)
    tree = asyncio.run(_tree())
    reached = []
    for top in tops:
        assert 0 < len(top.commands) <= 25 and top.description
        for group in top.commands:
            assert isinstance(group, app_commands.Group) and len(group.commands) <= 25
            assert group.description and len(group.description) <= 100
            for cmd in group.commands:
                assert isinstance(cmd, app_commands.Command)
                reached.append(f"/{top.name} {group.name} {cmd.name}")
        payload = top.to_dict(tree)   # what is synced: it serialises, within Discord's size
        assert {o["type"] for o in payload["options"]} == {2}   # subcommand groups only
        # Discord refuses a command past 8,000 characters; keep room for a few more actions.
        assert command_size(payload) <= COMMAND_CHARACTERS - 1000, (top.name, command_size(payload))
    assert sorted(reached) == sorted(c.path for c in reg.commands(name))
    assert all(PATHS[(name, c.name)] == c.path for c in reg.commands(name))


def test_command_size_counts_what_discord_counts() -> None:
    from bot.discord.slash import command_size

    payload = {"name": "fief", "description": "abc", "options": [
        {"name": "war", "description": "de", "options": [{"name": "x", "description": "y",
                                                          "choices": [{"name": "n", "value": "vv"}]}]}]}
    assert command_size(payload) == 4 + 3 + 3 + 2 + 1 + 1 + 1 + 2


async def _tree() -> app_commands.CommandTree[Any]:
    import discord

    return app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))


def test_a_prompt_with_more_choices_than_shown_names_the_commands_that_take_them(tmp_path: Any,
                                                                                monkeypatch: Any) -> None:
    from bot.table import DM, FakeClock, Store, TableService, text
    from bot.table import outbox as ob
    from bot.table.commands import spelled
    from tests.table.conftest import start_game

    assert spelled(shipped()["fief"], "move") == "/fief war move" and spelled(TRIBUTE, "bid") == "/tribute bid"
    monkeypatch.setattr(ob, "MAX_CHOICES", 1)
    table = TableService(Store(tmp_path / "t.sqlite3"), clock=FakeClock(), games=[TRIBUTE], load_registered=False)
    start_game(table)
    prompt = next(m for m in table.pending_outbox(100) if m.kind == DM and m.payload.get("type") == "prompt")
    assert prompt.payload["more"] > 0 and prompt.payload["commands"] == ["/tribute bid", "/tribute offer"]
    assert "more: type `/tribute bid`, `/tribute offer`, its names are accepted." in "\n".join(text.prompt_lines(prompt.payload))
