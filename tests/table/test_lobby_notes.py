"""The lobby tells the Wild Kingdom modules chosen for an OKC game: each with its Complexity Rating, the
total with its band, and the rulebook's three bands (Wild Kingdom, Introduction); on the local table's
text and on the Discord lobby message alike."""

from __future__ import annotations

import pytest

from bot.table import Store, TableService
from bot.table import text as wording
from tests.speech import assert_human
from tests.table.conftest import ALICE, CHAN


@pytest.fixture
def shipped(tmp_path, clock):
    t = TableService(Store(tmp_path / "notes.sqlite3"), clock=clock)
    yield t
    t.store.close()


MODULES = ("Wild Kingdom: Night Map (1), Travelling Town (2), Whispering Tower (3). Complexity 6: Welcome to the "
           "Wild Kingdom.")
BANDS = ("Complexity bands: First Comets in the Sky (1 to 4); Welcome to the Wild Kingdom (5 to 8, this game); "
         "All is Altered (9 and more).")


def test_the_lobby_names_each_module_with_its_rating_the_total_and_the_bands(shipped) -> None:
    created = shipped.new_game(ALICE, CHAN, "okc", players=2, options="modules=night_map,travelling_town,whispering_tower", seed=4)
    assert created.game is not None and created.game.notes == (MODULES, BANDS)
    said = wording.describe(created)
    assert said.splitlines()[1:] == [MODULES, BANDS]
    status = wording.status_text(shipped.status(ALICE, CHAN))
    assert MODULES in status and BANDS in status
    for line in (said, status):
        assert_human(line)


@pytest.mark.parametrize("modules,band", [("night_map", "First Comets in the Sky (1 to 4, this game)"),
                                          ("travelling_town,whispering_tower",
                                           "Welcome to the Wild Kingdom (5 to 8, this game)")])
def test_the_band_marked_follows_the_total(shipped, modules: str, band: str) -> None:
    created = shipped.new_game(ALICE, CHAN, "okc", players=2, options=f"modules={modules}", seed=4)
    assert created.game is not None and band in created.game.notes[1]


def test_the_number_of_wild_kingdom_cards_is_a_lobby_option_with_its_rating(shipped) -> None:
    created = shipped.new_game(ALICE, CHAN, "okc", players=2, options="modules=wild_kingdom_cards, wild_cards=12",
                               seed=4)
    assert created.game is not None and created.game.notes[0] == (
        "Wild Kingdom: Wild Kingdom Cards, 12 in the Kingdom Deck (3). Complexity 3: First Comets in the Sky.")


def test_no_modules_no_lines(shipped) -> None:
    created = shipped.new_game(ALICE, CHAN, "okc", players=2, seed=4)
    assert created.game is not None and created.game.notes == ()
    assert len(wording.describe(created).splitlines()) == 1


def test_the_discord_lobby_message_has_a_modules_field(shipped) -> None:
    discord = pytest.importorskip("discord")
    from bot.discord import present

    created = shipped.new_game(ALICE, CHAN, "okc", players=2, options="modules=travelling_town", seed=4)
    assert created.game is not None
    embed = present.lobby_embed(created.game, max_seats=4, min_seats=2)
    assert isinstance(embed, discord.Embed)
    field = next(f for f in embed.fields if f.name == "Modules")
    assert field.value == ("Wild Kingdom: Travelling Town (2). Complexity 2: First Comets in the Sky.\n"
                           "Complexity bands: First Comets in the Sky (1 to 4, this game); Welcome to the Wild "
                           "Kingdom (5 to 8); All is Altered (9 and more).")


def test_a_game_whose_notes_fail_still_opens_and_the_log_names_the_game(shipped, monkeypatch, caplog) -> None:
    okc = shipped.rules_by_name["okc"]

    def broken(options, players):
        raise ValueError("no notes today")

    monkeypatch.setattr(okc, "lobby_notes", broken)
    created = shipped.new_game(ALICE, CHAN, "okc", players=2, options="modules=night_map", seed=4)
    assert created.game is not None and created.game.notes == ()
    assert f"game {created.game.id}: lobby notes of okc failed: ValueError('no notes today')" in caplog.text


def test_a_game_whose_roles_fail_still_opens_without_roles_and_the_log_names_the_game(shipped, monkeypatch,
                                                                                      caplog) -> None:
    okc = shipped.rules_by_name["okc"]

    def broken(count, options):
        raise ValueError("no roles today")

    monkeypatch.setattr(okc, "roles", broken)
    created = shipped.new_game(ALICE, CHAN, "okc", players=2, seed=4)
    assert created.game is not None and created.game.roles == ()
    assert f"game {created.game.id}: roles of okc failed: ValueError('no roles today')" in caplog.text


def test_a_game_this_bot_no_longer_runs_is_listed_without_notes_and_without_a_warning(shipped, monkeypatch,
                                                                                     caplog) -> None:
    shipped.new_game(ALICE, CHAN, "okc", players=2, options="modules=night_map", seed=4)
    monkeypatch.delitem(shipped.rules_by_name, "okc")
    caplog.set_level("WARNING", logger="seneschal.table")
    [listed] = shipped.list_games(ALICE, CHAN).games
    assert listed.notes == () and caplog.records == []
