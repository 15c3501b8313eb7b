"""``/game new options:`` autocomplete: every option with its values (OKC's ``modules``: ``all`` and each
module's name), never a blank value, each suggestion a set of options the lobby accepts; and
docs/commands.md lists each game's options with their values and defaults."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.table import Actor, FakeClock, Store, TableService
from engine.okc.modules.shipped import MODULES

ROOT = Path(__file__).resolve().parents[2]
ALICE = Actor("u-alice", "alice")


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> TableService:
    return TableService(Store(tmp_path_factory.mktemp("opts") / "t.sqlite3"), clock=FakeClock())


def accepted(table: TableService, name: str, options: str, n: list[int]) -> None:
    n[0] += 1
    table.new_game(ALICE, f"chan-{name}-{n[0]}", name, players=3, options=options, key=f"k{n[0]}")


@pytest.mark.parametrize("name", ["fief", "okc"])
def test_every_suggestion_is_whole_and_accepted(table: TableService, name: str) -> None:
    n = [0]
    typed_ = ("", "random", "random_start=", "dead", "abs", "deadline=2h, ") if name == "fief" else (
        "", "mod", "modules=", "modules=aeronauts,", "length=4, ", "dead", "abs")
    for typed in typed_:
        found = table.suggest_options(name, typed, 3)
        assert len(found) <= 25 and all(0 < len(x) <= 100 for x in found)
        for text in found:
            assert not text.endswith("=") and "=," not in text and "= " not in text, text
            accepted(table, name, text, n)
    assert n[0] > 10


def test_okc_modules_offer_all_and_each_module_by_name(table: TableService) -> None:
    first = table.suggest_options("okc", "", 4)
    assert "modules=all" in first and "modules=" not in first
    keys = {x.partition("=")[0] for x in first}
    assert {"length", "pack", "factions", "order", "modules", "wild_cards", "deadline", "reminders", "absent"} <= keys
    assert "roles" not in keys   # chosen in the lobby, seat by seat
    modules = table.suggest_options("okc", "modules=", 4)
    assert modules == ["modules=all", *(f"modules={m}" for m in MODULES)]
    more = table.suggest_options("okc", "length=6, modules=night_map,", 4)
    assert "length=6, modules=night_map,aeronauts" in more and not any(x.endswith(",night_map") for x in more)
    assert table.suggest_options("okc", "modules=all,", 4)[0].startswith("modules=all, ")
    assert table.suggest_options("nope", "", 3) == []


def test_fief_offers_its_option_and_the_table_settings(table: TableService) -> None:
    found = table.suggest_options("fief", "", 3)
    assert found[:4] == ["random_start=false", "deadline=24h", "reminders=12h,1h", "absent=off"]
    assert "random_start=true" in found and "absent=steady" in found


def test_the_commands_doc_lists_each_games_options() -> None:
    doc = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    okc = doc.split("## `/okc`", 1)[1]
    assert "| `modules` | `all`, `aeronauts`," in okc and "| `length` | `4`, `5`, `6` | `5` |" in okc
    fief = doc.split("## `/fief`", 1)[1].split("## `/okc`", 1)[0]
    assert "| `random_start` | `true`, `false` | `false` |" in fief


def test_a_value_that_needs_its_module_waits_for_it(table: TableService) -> None:
    alone = table.suggest_options("okc", "wild_cards=", 4)
    assert alone == ["wild_cards=5"]   # the default only: another count needs Wild Kingdom Cards
    assert "modules=all, wild_cards=10" in table.suggest_options("okc", "modules=all, wild_cards=1", 4)
    assert "modules=wild_kingdom_cards, wild_cards=3" in table.suggest_options("okc", "modules=wild_kingdom_cards, w", 4)


def test_what_was_typed_is_kept_as_typed(table: TableService) -> None:
    """A finished option is never rewritten, even a value the lobby will refuse: the person sees it."""
    after = table.suggest_options("okc", "pack=MAX,", 4)
    assert after and all(x.startswith("pack=MAX, ") for x in after)
    assert table.suggest_options("okc", "length=6 ,", 4)[0].startswith("length=6, ")


def test_a_suggestion_of_exactly_discords_100_characters_is_offered(table: TableService) -> None:
    """Discord takes a choice of up to 100 characters: one of exactly 100 is offered, one more is not."""
    typed = f"deadline={'9' * 71}h, random_start="
    found = table.suggest_options("fief", typed, 3)
    assert found == [f"deadline={'9' * 71}h, random_start=true"] and len(found[0]) == 100


def test_an_option_already_given_is_not_offered_again(table: TableService) -> None:
    after = table.suggest_options("okc", "length=6, deadline=2h, ", 4)
    assert after and all(x.startswith("length=6, deadline=2h, ") for x in after)
    offered = {x.rpartition(", ")[2].partition("=")[0] for x in after}
    assert "modules" in offered and not offered & {"length", "deadline"}
