"""What the table says back, named as people see it: a refusal lists the legal values by their names
(never the ids behind them), an unknown command lists the game's commands, autocomplete matches a
value by its name or its id, and a game without options says so."""

from __future__ import annotations

import pytest

from bot.table import TableError
from engine.core import Action, RuleError
from engine.core.errors import UnknownAction
from tests.table.conftest import ALICE, CHAN, start_game


def test_a_refused_bid_names_the_cards_in_hand(table) -> None:
    start_game(table)
    with pytest.raises(RuleError) as err:
        table.act(ALICE, CHAN, "tribute", Action.of("bid", card=99))
    assert err.value.legal == ["card 1", "card 2", "card 3", "card 4", "card 5"]   # the game's names, not 1-5
    assert "(legal: card 1, card 2, card 3, card 4, card 5)" in str(err.value)


def test_an_unknown_command_is_refused_with_the_games_commands(table) -> None:
    start_game(table)
    with pytest.raises(UnknownAction) as err:   # no spec to name values by: the list is left as it is
        table.act(ALICE, CHAN, "tribute", Action.of("fly"))
    assert "bid" in err.value.legal and "shield" in err.value.legal


@pytest.mark.parametrize("typed,expected", [
    ("3", [("card 3", 3)]),        # the id
    ("CARD 4", [("card 4", 4)]),   # the name, any case
    ("x", []),                     # neither: nothing, and no error
])
def test_autocomplete_matches_the_name_or_the_id(table, typed: str, expected: list) -> None:
    start_game(table)
    assert table.suggest_named(ALICE, CHAN, "tribute", "bid", "card", typed) == expected


def test_autocomplete_offers_game_values_only_to_a_seat_of_a_running_game(table) -> None:
    from tests.table.conftest import CAROL, GM

    start_game(table)
    assert table.suggest(ALICE, CHAN, "tribute", "bid", "card") == [1, 2, 3, 4, 5]
    for actor in (CAROL, ALICE):   # a person with no seat; then a seat, the game paused
        if actor is ALICE:
            table.pause(GM, CHAN)
        assert table.suggest(actor, CHAN, "tribute", "bid", "card") == []
        assert table.suggest_named(actor, CHAN, "tribute", "bid", "card") == []


def test_autocomplete_reads_the_game_named_by_its_number_not_the_channels(table) -> None:
    first = start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=5))   # nothing left to bid in the channel's game
    second = start_game(table, channel="chan-2")
    assert table.suggest(ALICE, CHAN, "tribute", "bid", "card") == []
    assert table.suggest(ALICE, CHAN, "tribute", "bid", "card", game_id=second) == [1, 2, 3, 4, 5]
    assert table.suggest_named(ALICE, CHAN, "tribute", "bid", "card", "card 2", game_id=second) == [("card 2", 2)]
    assert table.suggest(ALICE, "chan-2", "tribute", "bid", "card", game_id=first) == []


def test_a_game_without_options_says_so(table) -> None:
    with pytest.raises(TableError) as err:
        table.new_game(ALICE, CHAN, "tribute", players=2, options={"length": 4})
    assert err.value.code == "bad_option" and err.value.legal == "it takes none"


def _tithing_table(tmp_path):  # type: ignore[no-untyped-def]
    """Tribute with a tithe paid in coins listed one by one: a refusal's legal pieces repeat."""
    from bot.table import FakeClock, Store, TableService
    from engine.core import ActionSpec, Param, ParamType
    from engine.core.words import plural
    from tests.games.tribute import TributeRefusal, TributeRules, TributeWords

    class TithingWords(TributeWords):
        def value_label(self, state, seat, kind, param, value):  # type: ignore[no-untyped-def]
            if param == "coins":   # the purse as a whole, a coin alone
                return plural(len(value), "coin") if isinstance(value, tuple) else (
                    "a silver coin" if value == "coin" else str(value))
            return super().value_label(state, seat, kind, param, value)

    class Tithing(TributeRules):
        actions = {**TributeRules.actions,
                   "tithe": ActionSpec("tithe", "Tithe coins", (Param("coins", ParamType.LIST),), "T9", anytime=True)}

        def _play_tithe(self, state, g, seat, action):  # type: ignore[no-untyped-def]
            raise RuleError("T9", "the tithe is the whole purse", code=TributeRefusal.FUNDS,
                            legal=["coin"] * g.players[seat].coins)

        def suggest(self, state, seat, kind, param):  # type: ignore[no-untyped-def]
            if (kind, param) == ("tithe", "coins"):   # the whole purse, or nothing
                return [",".join(["coin"] * state.data.players[seat].coins), "none"]
            return super().suggest(state, seat, kind, param)

        def words(self):  # type: ignore[no-untyped-def]
            return TithingWords()

    return TableService(Store(tmp_path / "t.sqlite3"), clock=FakeClock(), games=[Tithing()], load_registered=False)


def test_pieces_that_repeat_are_named_as_one_whole(tmp_path) -> None:
    table = _tithing_table(tmp_path)
    start_game(table)
    with pytest.raises(RuleError) as err:
        table.act(ALICE, CHAN, "tribute", Action.of("tithe", coins=("coin",)))
    assert err.value.legal == ["3 coins"]   # the purse as one whole, not "coin, coin, coin"
    assert "(legal: 3 coins)" in str(err.value)
    table.store.close()


def test_a_suggested_list_is_named_as_one_whole_and_the_empty_one_none(tmp_path) -> None:
    table = _tithing_table(tmp_path)
    start_game(table)
    assert table.suggest_named(ALICE, CHAN, "tribute", "tithe", "coins") == [
        ("3 coins", "coin,coin,coin"), ("0 coins", "none")]
    assert table.suggest_named(ALICE, CHAN, "tribute", "tithe", "coins", "3") == [("3 coins", "coin,coin,coin")]
    table.store.close()


def test_a_list_typed_by_name_is_read_item_by_item_and_none_is_empty(tmp_path) -> None:
    table = _tithing_table(tmp_path)
    gid = start_game(table)
    session, tithe = table.session(gid), table.registry.find("tribute", "tithe")
    assert table.named_values(ALICE, session, tithe, {"coins": "A Silver Coin, a silver coin"}) == {"coins": "coin,coin"}
    assert table.named_values(ALICE, session, tithe, {"coins": "None"}) == {"coins": ()}
    table.store.close()
