"""Wild Kingdom cards (Wild Kingdom, Wild Kingdom Cards; docs/rulings/okc-wild-cards.md): the mixed Kingdom
Deck and its Complexity Rating, the option's refusals, the cards' own steps where the scenarios do not reach,
and random playouts with every card in the deck."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Event, GameState, RuleError
from engine.okc import RULES
from engine.okc.content.loader import load_pack
from engine.okc.effects import run_jobs
from engine.okc.modules.wild_kingdom_cards import content, rating
from engine.okc.setup import lobby_notes
from engine.okc.state import Job
from engine.okc.words.wording import WORDS
from engine.playout import Playout
from tests.okc.helpers import data, do, find, game
from tests.okc.words_games import audience, lines
from tests.speech import assert_human

WILD = sorted(content().kingdom)


def test_fifteen_original_cards_each_with_its_own_text() -> None:
    cards = content().kingdom
    assert len(cards) == 15
    base = load_pack("starter").kingdom
    assert not set(cards) & set(base) and not {k.name for k in cards.values()} & {k.name for k in base.values()}
    assert all(k.text.endswith(".") for k in cards.values())


@pytest.mark.parametrize("n", [1, 7, 15])
def test_the_deck_mixes_the_chosen_number(n: int) -> None:
    state = game(2, modules="wild_kingdom_cards", wild_cards=n)
    g = data(state)
    everything = g.kingdom_deck + g.great_road
    assert len(everything) == 30 and len(set(everything)) == 30
    assert sum(k in WILD for k in everything) == n
    assert g.extra["wild_kingdom_cards"]["count"] == n
    # the same seed gives the same deck; another seed another
    assert data(game(2, modules="wild_kingdom_cards", wild_cards=n)).kingdom_deck == g.kingdom_deck
    assert data(game(2, seed=2, modules="wild_kingdom_cards", wild_cards=n)).kingdom_deck != g.kingdom_deck


def test_a_table_may_name_the_cards_it_agreed_on() -> None:
    g = data(game(2, modules="wild_kingdom_cards", wild_cards="wk.sky_fire,wk.wayfinder"))
    assert sorted(k for k in g.kingdom_deck + g.great_road if k in WILD) == ["wk.sky_fire", "wk.wayfinder"]


def test_the_base_game_deck_is_unchanged_by_the_module_being_known() -> None:
    assert data(game(2)).kingdom_deck == data(game(2)).kingdom_deck
    assert not any(k in WILD for k in data(game(2)).kingdom_deck)


@pytest.mark.parametrize("value,words", [(0, "1 to 15"), (16, "1 to 15"), ("wk.dragon", "once, by its id"),
                                         ("wk.sky_fire,wk.sky_fire", "once, by its id")])
def test_the_option_refuses_what_it_cannot_honour(value: object, words: str) -> None:
    with pytest.raises(RuleError) as info:
        RULES.new_game(["a", "b"], {"modules": "wild_kingdom_cards", "wild_cards": value}, 1)
    assert words in str(info.value) and "Wild Kingdom Cards" in info.value.section
    with pytest.raises(RuleError, match="needs the Wild Kingdom Cards module"):
        RULES.new_game(["a", "b"], {"wild_cards": 3}, 1)


def test_the_rating_follows_the_table() -> None:
    assert [rating(n) for n in (1, 5, 6, 10, 11, 15)] == [1, 1, 2, 2, 3, 3]
    notes = lobby_notes({"modules": "wild_kingdom_cards,night_map", "wild_cards": "12"})
    assert notes[0] == ("Wild Kingdom: Night Map (1), Wild Kingdom Cards, 12 in the Kingdom Deck (3). "
                        "Complexity 4: First Comets in the Sky.")
    state, events = RULES.new_game(["a", "b"], {"modules": "wild_kingdom_cards", "wild_cards": 8}, 1)
    assert next(e for e in events if e.kind == "okc.modules").data["total"] == 2
    assert next(e for e in events if e.kind == "okc.wild_deck").data == {"count": 8, "deck": 30, "rating": 2}


def effect(state: GameState, seat: str, steps: list[dict[str, Any]], source: str) -> list[Event]:
    """Carry out a Wild Kingdom card's steps for ``seat``; the events they emitted."""
    g = data(state)
    state.take_events()
    g.jobs.append(Job(seat, steps, {"source": f"kingdom:{source}"}))
    run_jobs(state)
    return state.take_events()


def choose(state: GameState, option: str) -> None:
    choice = data(state).choice
    assert choice is not None
    do(state, choice.seat, f"choose option:{option}")


def test_nothing_to_steal_is_told() -> None:
    state = game(2, modules="wild_kingdom_cards")
    g = data(state)
    g.players["p2"].kingdom = []
    before = list(g.players["p1"].kingdom)
    events = effect(state, "p1", [{"do": "steal_kingdom"}], "wk.moonlit_thieves")
    assert g.choice is None and g.players["p1"].kingdom == before
    told = find(events, "okc.wild_nothing")
    assert [e.data for e in told] == [{"seat": "p1", "card": "wk.moonlit_thieves", "why": "steal"}]
    assert WORDS.event(state, told[0], audience(state)) == (
        "Moonlit Thieves does nothing for the Nobility (Alice): no opponent holds a Kingdom card that can be taken.")


def test_a_full_board_is_not_offered_an_occupy_card() -> None:
    state = game(2, modules="wild_kingdom_cards")
    g = data(state)
    g.players["p1"].kingdom = ["k.market_charter", "k.scriptorium"]     # both Occupy spaces taken
    g.players["p2"].kingdom = ["k.war_banner", "k.armoury"]
    effect(state, "p1", [{"do": "steal_kingdom"}], "wk.moonlit_thieves")
    assert g.choice is None and "k.armoury" in g.players["p1"].kingdom      # the only card that fits
    assert g.players["p2"].kingdom == ["k.war_banner"]


def test_a_thief_sets_a_stolen_map_card_anew() -> None:
    state = game(2, modules="wild_kingdom_cards")
    g = data(state)
    g.players["p2"].kingdom = ["wk.waking_stones"]
    g.extra["wild_kingdom_cards"]["map"] = {"wk.waking_stones": {"location": "castle", "effect": "strength",
                                                                 "amount": 4}}
    effect(state, "p1", [{"do": "steal_kingdom"}], "wk.moonlit_thieves")
    assert g.choice is not None and g.choice.kind == "place_on_map" and g.choice.seat == "p1"
    choose(state, "shrine")
    assert g.extra["wild_kingdom_cards"]["map"]["wk.waking_stones"]["location"] == "shrine"
    view = RULES.view(state, None)["wild_kingdom_cards"]
    assert view["map"] == [{"id": "wk.waking_stones", "name": "The Waking Stones", "location": "shrine",
                            "holder": "p1", "effect": "strength", "amount": 5}]   # the card's, set anew


def test_the_horn_without_a_herald_does_nothing() -> None:
    state = game(2, modules="wild_kingdom_cards")
    g = data(state)
    g.players["p1"].herald = None
    before = g.players["p1"].influence
    effect(state, "p1", [{"do": "claim_reward", "where": "herald"}], "wk.long_road_horn")
    assert g.choice is None and g.players["p1"].influence == before


@pytest.mark.parametrize(("herald", "creature", "options"), [
    (None, None, []),                                       # neither piece out: nothing
    ("battlefield", None, ["battlefield"]),                 # the Herald alone
    (None, "shrine", ["shrine"]),                           # the creature alone: the Herald is home
    ("battlefield", "castle", ["castle", "battlefield"]),   # both: the holder chooses (board order)
])
def test_the_horn_claims_where_the_herald_or_the_creature_stands(herald: str | None, creature: str | None,
                                                                 options: list[str]) -> None:
    """Legendary Creatures: every Herald instruction applies to the creature (ruling WK4). A single Location
    is claimed at once, two are offered, none does nothing and says which pieces are missing."""
    state = game(2, modules="wild_kingdom_cards,legendary_creatures")
    g = data(state)
    g.players["p1"].herald = herald
    g.extra["legendary_creatures"]["pieces"]["p1"] = creature
    g.players["p2"].herald = "necropolis"                  # an opponent's pieces never count
    g.extra["legendary_creatures"]["pieces"]["p2"] = "harvest_field"
    g.players["p1"].influence = 0
    events = effect(state, "p1", [{"do": "claim_reward", "where": "herald"}], "wk.long_road_horn")
    if len(options) > 1:
        assert g.choice is not None and g.choice.options == options
        [decision] = [d for d in RULES.pending(state) if "p1" in d.seats]
        asked = WORDS.question(state, decision, "p1", audience(state))
        assert "your Herald stands, or where your Legendary Creature stands" in asked
    elif options:
        assert find(events, "okc.wild_reward")[0].data["location"] == options[0]
        assert g.players["p1"].influence >= 1
    else:
        assert g.choice is None and g.players["p1"].influence == 0
        line = WORDS.event(state, find(events, "okc.wild_nothing")[0], audience(state))
        assert "neither their Herald nor their Legendary Creature" in line


def test_an_old_save_without_the_module_state_still_shows() -> None:
    state = game(2, modules="wild_kingdom_cards")
    data(state).extra.pop("wild_kingdom_cards")
    assert RULES.view(state, None)["wild_kingdom_cards"]["map"] == []


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_checked_playouts_with_every_card_in_the_deck(seats: int) -> None:
    playout = Playout(RULES, [f"p{i + 1}" for i in range(seats)], 15 * 100_003 + seats,
                      {"modules": "wild_kingdom_cards", "wild_cards": 15, "length": 4})
    state = playout.run()
    assert RULES.result(state) is not None
    assert playout.event_counts.get("okc.wild_gained", 0) > 0


@pytest.mark.parametrize("players,seed", [(2, 21), (4, 22)])
def test_every_line_of_a_game_with_wild_cards_reads_as_prose(players: int, seed: int) -> None:
    seen = 0
    for where, text in lines(players, 5, "wild_kingdom_cards", seed):
        assert text, f"an empty line from {where}"
        assert_human(text, where)
        seen += "Wild Kingdom card" in text
    assert seen > 0


def test_the_board_draws_cards_set_on_the_map() -> None:
    from renderer.okc.read import wild_kingdom, wild_pieces

    state = game(2, modules="wild_kingdom_cards")
    g = data(state)
    g.players["p2"].kingdom = ["wk.wishing_well"]
    g.extra["wild_kingdom_cards"]["map"] = {"wk.wishing_well": {"location": "shrine", "effect": "reward", "amount": 2}}
    assert wild_pieces(wild_kingdom(RULES.view(state, None))) == [("wild_kingdom_cards", "Well of Wishes", "shrine")]


@pytest.mark.parametrize(("count", "said"), [(1, "1 Wild Kingdom card is"), (8, "8 Wild Kingdom cards are")])
def test_the_shuffle_into_the_deck_is_told_with_the_number_agreeing(count: int, said: str) -> None:
    from engine.core.words import Audience
    from engine.okc.words.wording import build_words

    state, _ = RULES.new_game(["a", "b"], {"modules": "wild_kingdom_cards", "wild_cards": count}, 1)
    line = build_words().event(state, Event.public("okc.wild_deck", count=count, deck=30, rating=1),
                               Audience(None, {}))
    assert line == (f"Wild Kingdom: {said} shuffled into the Kingdom Deck of 30 (Complexity 1). "
                    "Nobody knows which until they turn up on the Great Road.")


def test_a_card_set_on_the_map_for_influence_tells_who_gains_from_whose_claim() -> None:
    from engine.core.words import Audience
    from engine.okc.words.wording import build_words

    state, _ = RULES.new_game(["a", "b"], {"modules": "wild_kingdom_cards"}, 1)
    event = Event.public("okc.wild_map_paid", seat="b", card="wk.wishing_well", location="shrine", claimant="a",
                         influence=2)
    names = {"a": "Alice", "b": "Bob"}
    assert build_words().event(state, event, Audience(None, names)) == (
        "The Gathering (Bob) gain 2 Influence from Well of Wishes: the Uprising (Alice) claimed the Shrine (Lowlands).")
    assert build_words().event(state, event, Audience("b", names)) == (
        "You gain 2 Influence from Well of Wishes: the Uprising (Alice) claimed the Shrine (Lowlands).")
