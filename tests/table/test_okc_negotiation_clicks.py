"""The OKC Negotiating Table by clicks through the table service: an agreement composed part by part
(a barter, a checkable term, words of one's own typed at a text step), shown whole to the other party
before Accept, accepted, and the text step's refusals; the local table's ``write``."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from bot.local.repl import LocalTable
from bot.table import Actor, Applied, Asked, FakeClock, Store, TableError, TableService
from engine.okc.modules.negotiating_table.book import open_offers
from engine.okc.modules.negotiating_table.book import table as nt_table
from engine.okc.modules.negotiating_table.compose import PLACEHOLDER

PEOPLE = (Actor("u0", "Alice"), Actor("u1", "Bob"), Actor("u2", "Carol"))
WORDS = "We keep the peace in the Plateau this Year."


def to_negotiation(table: TableService, gid: int, people: tuple[Actor, ...] = PEOPLE) -> dict[str, Actor]:
    """Play every seat's default until the first Negotiation Step opens; the people by seat."""
    rules = table.rules_for("okc")
    by_seat = {s.seat: next(p for p in people if p.user_id == s.user_id) for s in table.info(gid).seats}
    for _ in range(200):
        state = table.state(gid)
        if state.data.step == "negotiation":
            return by_seat
        d = next(d for d in rules.pending(state) if d.blocking)
        seat = d.seats[0]
        table.act(by_seat[seat], "c", None, d.default_for(seat) or rules.legal(state, seat)[0])
    raise AssertionError("no Negotiation Step")


@pytest.fixture
def game(tmp_path: Path) -> tuple[TableService, int, dict[str, Actor]]:
    table = TableService(Store(tmp_path / "t.sqlite3"), clock=FakeClock())
    made = table.new_game(PEOPLE[0], "c", "okc", players=3, seed=3, options="modules=negotiating_table")
    gid = made.game.id  # type: ignore[union-attr]
    for p in PEOPLE[1:]:
        table.join(p, "c")
    table.start(PEOPLE[0], "c")
    return table, gid, to_negotiation(table, gid)


def index(labels: list[str] | tuple[Any, ...], wanted: str) -> int:
    found = [i for i, label in enumerate(labels) if wanted in (label if isinstance(label, str) else label[0])]
    assert found, f"no {wanted!r} among {labels}"
    return found[0]


def click(table: TableService, actor: Actor, version: int, path: list[list[int]], asked: Asked | None,
          wanted: str) -> tuple[list[list[int]], Asked | Applied]:
    """Pick the option of ``asked`` (or of the prompt) whose label holds ``wanted``; the next answer."""
    if asked is None:
        labels = [c["label"] for c in table.prompt(actor, "c")["choices"]]
        path = [[index(labels, wanted)]]
    else:
        path = [*path, [index(asked.options, wanted)]]
    return path, table.choose(actor, "c", version=version, path=path)


def compose(table: TableService, gid: int, by_seat: dict[str, Actor]) -> tuple[str, str, int, list[list[int]]]:
    """Alice's seat composes an agreement with the next seat up to the text step; (seat, other, version, path)."""
    state = table.state(gid)
    seat, other = state.data.order[0], state.data.order[1]
    me = by_seat[seat]
    version = table.prompt(me, "c")["version"]
    them = state.data.players[other].faction.title()
    path, out = click(table, me, version, [], None, "Propose a binding Trade Agreement")
    assert isinstance(out, Asked) and out.question.startswith("To whom")
    path, out = click(table, me, version, path, out, f"The {them}")
    assert isinstance(out, Asked) and "so far" in out.question
    steps = ["Add something you hand over now", "Supporters", "2 Supporters", "Add a term the bot checks",
             "reveal no card", "Deadly", "", "Until the end of Year 1", "Write terms in your own words"]
    for wanted in steps:
        assert isinstance(out, Asked) and not out.text, out
        if wanted == "reveal no card":   # the other party is bound, not you
            wanted = next(label for label, _ in out.options if "reveal no card" in label and not label.startswith("You"))
        if wanted == "":                 # the first Region
            wanted = out.options[0][0]
        path, out = click(table, me, version, path, out, wanted)
    assert isinstance(out, Asked) and out.text and not out.options and out.max_length == 400
    assert (out.placeholder, out.button) == (PLACEHOLDER, "Write the terms…")   # the box Discord opens
    assert "2 Supporters now" in out.question and "Deadly" in out.question and "Year 1" in out.question
    return seat, other, version, path


def test_an_agreement_composed_by_clicks_is_shown_whole_and_accepted(game: tuple[TableService, int, dict[str, Actor]]
                                                                     ) -> None:
    table, gid, by_seat = game
    seat, other, version, path = compose(table, gid, by_seat)
    sent = table.choose(by_seat[seat], "c", version=version, path=path, text=f"  {WORDS}\n ")
    assert isinstance(sent, Applied)
    offer = open_offers(table.state(gid).data)[0]
    assert offer["kind"] == "agreement" and offer["give"] == ["supporters:2"] and offer["text"] == WORDS
    assert len(offer["terms"]) == 1 and offer["terms"][0].endswith(":deadly:" + offer["terms"][0].split(":")[3] + ":1")

    # The other party's prompt says the whole agreement before Accept / Decline.
    prompt = table.prompt(by_seat[other], "c")
    # asked for again, the living prompt is shown as it stands: no ping, no board drawn anew
    assert (prompt["fresh"], prompt["ping"], "board" in prompt) == (False, False, False)
    question = prompt["question"]
    for part in ("binding Trade Agreement", "2 Supporters now", "reveal no card with Deadly", "until the end of Year 1",
                 WORDS, "Outrage"):
        assert part in question, (part, question)
    assert "offer 1" not in question.lower() and "round" not in question
    labels = [c["label"] for c in prompt["choices"]]
    accept = index(labels, "Accept ")
    assert accept < index(labels, "Decline ") < index(labels, "Done negotiating")
    assert "agreement" in labels[accept] and not any(ch.isdigit() for ch in labels[accept].split("(")[0])
    done = table.choose(by_seat[other], "c", version=prompt["version"], path=[[accept]])
    assert isinstance(done, Applied)
    deals = nt_table(table.state(gid).data)["agreements"]
    assert len(deals) == 1 and deals[0]["text"] == WORDS and set(deals[0]["parties"]) == {seat, other}
    assert table.state(gid).data.players[other].supporters == 7


def test_the_text_step_refuses_empty_long_and_misplaced_words(game: tuple[TableService, int, dict[str, Actor]]
                                                              ) -> None:
    table, gid, by_seat = game
    seat, _other, version, path = compose(table, gid, by_seat)
    me = by_seat[seat]
    before = table.state(gid).version
    with pytest.raises(TableError) as empty:
        table.choose(me, "c", version=version, path=path, text="   ")
    assert (empty.value.message, empty.value.code, empty.value.legal) == (
        "write something first: the words cannot be empty", "empty_text", "a sentence or two")
    with pytest.raises(TableError) as long:
        table.choose(me, "c", version=version, path=path, text="x" * 401)
    assert long.value.code == "too_long" and "400" in long.value.describe()
    assert (long.value.message, long.value.legal) == ("that is 401 characters; at most 400 fit",
                                                      "shorten them and write again")
    with pytest.raises(TableError) as misplaced:
        table.choose(me, "c", version=version, path=path[:2], text=WORDS)
    assert misplaced.value.code == "bad_choice"
    assert misplaced.value.message == "this step is answered by picking, not by writing"
    assert misplaced.value.legal == ("Write terms in your own words, then send…, Add a term the bot checks…, "
                                     "Add something you hand over now… or Add something you ask for now…")
    with pytest.raises(TableError) as first:
        table.choose(me, "c", version=version, path=path[:1], text=WORDS)
    assert (first.value.message, first.value.code) == ("this step is answered by picking, not by writing", "bad_choice")
    with pytest.raises(TableError) as clicked:
        table.choose(me, "c", version=version, path=[*path, [0]])
    assert (clicked.value.message, clicked.value.code, clicked.value.legal) == (
        "this step asks for your own words, not a choice: write them", "bad_choice", None)
    assert table.state(gid).version == before and not open_offers(table.state(gid).data)


def test_the_local_table_writes_words_at_a_text_step(tmp_path: Path) -> None:
    table = TableService(Store(tmp_path / "t.sqlite3"), clock=FakeClock())
    out = io.StringIO()
    local = LocalTable(table, out=out, boards_dir=tmp_path / "boards", channel="c", render=lambda *a: b"")
    for line in ("as Alice: /game new okc players:3 options:modules=negotiating_table", "as Bob: /game join",
                 "as Carol: /game join", "as Alice: /game start"):
        local.handle(line)
    gid = table.store.games()[0].id
    by_seat = to_negotiation(table, gid, tuple(Actor(p.name.lower(), p.name) for p in PEOPLE))
    state = table.state(gid)
    seat = state.data.order[0]
    name = by_seat[seat].name
    labels = [c["label"] for c in table.prompt(by_seat[seat], "c")["choices"]]
    local.handle(f"as {name}: choose {index(labels, 'Propose a binding Trade Agreement') + 1}")
    local.handle(f"as {name}: choose 1")                       # to the first other player
    text = out.getvalue()
    menu = text[text.rindex("so far"):].splitlines()
    write = next(i for i, line in enumerate(menu) if "Write terms in your own words" in line)
    local.handle(f"as {name}: choose {menu[write].split('.')[0].strip()}")
    assert "write <text>" in out.getvalue()
    local.handle(f"as {name}: write {WORDS}")
    offer = open_offers(table.state(gid).data)[0]
    assert offer["text"] == WORDS and offer["kind"] == "agreement" and not offer["terms"]
    local.handle(f"as {name}: write again")
    assert "nothing asks for your words" in out.getvalue()


def test_the_commands_doc_names_each_command_as_discord_spells_it(tmp_path: Path) -> None:
    """OKC has more than 25 commands: the Negotiating Table's are gathered in ``/okc negotiation`` on
    Discord, and docs/commands.md says so (with the local table's short name)."""
    from bot.discord.slash import PATHS, build_groups
    from bot.table.commands_doc import available_games, render

    table = TableService(Store(tmp_path / "t.sqlite3"), clock=FakeClock())
    for game in ("okc", "fief"):
        cmds = table.registry.commands(game)

        async def nothing(*args: Any) -> Any:
            return []

        build_groups(game, game, cmds, nothing, nothing, table.registry.subgroups(game))
        assert all(PATHS[(game, c.name)] == c.path for c in cmds)
    doc = render(available_games())
    assert "### `/okc negotiation agreement` (local table also: `/okc agreement`)" in doc
    assert "Usage: `/okc negotiation agreement to:<str>" in doc
    assert (Path(__file__).parents[2] / "docs" / "commands.md").read_text(encoding="utf-8") == doc
