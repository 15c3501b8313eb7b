"""The Travelling Town (Wild Kingdom) whole: the Kingdom card taken at a Visit (none, one, a choice, an
instant card, a card kept), the Town's two spaces (each empty one, a full Town, the displaced card's owner),
the Visit, the Influence left on Locations, Trades & Travels, what the table sees, and every line of its
wording read exactly from a fresh OkcWords."""

from __future__ import annotations

import pytest

from engine.core import Event, GameState
from engine.core.words import Audience
from engine.okc import RULES
from engine.okc.modules.shipped import MODULES
from engine.okc.modules.travelling_town import NAME, PIECE, s_town_card, s_town_space, town
from engine.okc.state import Job
from engine.okc.words.wording import OkcWords
from tests.okc.helpers import data, game, module_words

NAMES = {"p1": "Alice", "p2": "Bob"}
THREAD, MINE = Audience(None, NAMES), Audience("p1", NAMES)
CTX = {"source": NAME}
TOWN = MODULES[NAME]


def told(state: GameState, e: Event) -> tuple[str, str]:
    w = module_words(NAME)
    return w.event(state, e, THREAD), w.event(state, e, MINE)


def town_game(road: list[str], deck: list[str]) -> GameState:
    state = game(2, modules=NAME)
    g = data(state)
    g.great_road, g.kingdom_deck = road, deck
    g.jobs = []
    state.take_events()
    return state


# -- the Kingdom card ------------------------------------------------------------------------------------
def test_an_empty_great_road_offers_nothing_and_says_who_visited() -> None:
    state = town_game(["", "", ""], [])
    s_town_card(state, "p1", {"do": "town_card"}, CTX, None)
    [e] = state.take_events()
    assert (e.kind, e.to, e.data) == ("okc.town_card", None, {"seat": "p1", "card": None})
    assert data(state).jobs == [] and data(state).choice is None
    assert told(state, e)[0] == "The Great Road is empty: the Town has no Kingdom card to offer."


def test_a_single_card_on_the_road_is_taken_without_asking() -> None:
    state = town_game(["", "", ""], ["k.mint", "k.bribes"])
    g = data(state)
    s_town_card(state, "p1", {"do": "town_card"}, CTX, None)
    assert g.choice is None and g.kingdom_deck == ["k.bribes"]
    [e] = state.take_events()
    assert (e.kind, e.data) == ("okc.town_card", {"seat": "p1", "card": "k.mint", "instant": False})
    assert g.jobs == [Job("p1", [{"do": "town_space", "card": "k.mint"}], CTX)]
    assert g.jobs[0].ctx is not CTX


def test_two_cards_on_the_road_are_a_choice_in_road_order() -> None:
    state = town_game(["", "k.mint", ""], ["k.bribes"])
    g = data(state)
    step = {"do": "town_card"}
    s_town_card(state, "p1", step, CTX, None)
    assert g.choice is not None
    assert (g.choice.seat, g.choice.kind, g.choice.prompt, g.choice.options) == (
        "p1", "town_card", "gain which Kingdom card from the Great Road", ["k.mint", "k.bribes"])
    assert state.take_events() == [] and g.great_road == ["", "k.mint", ""] and g.kingdom_deck == ["k.bribes"]


def test_the_chosen_card_leaves_its_slot_empty_and_waits_for_a_space() -> None:
    state = town_game(["k.oracle", "k.mint", ""], ["k.bribes"])
    g = data(state)
    g.jobs = [Job("p2", [{"do": "draw", "amount": 1}])]
    s_town_card(state, "p1", {"do": "town_card"}, CTX, "k.mint")
    assert g.great_road == ["k.oracle", "", ""] and g.kingdom_deck == ["k.bribes"]
    assert [j.seat for j in g.jobs] == ["p1", "p2"] and g.jobs[0].steps == [{"do": "town_space", "card": "k.mint"}]
    [e] = state.take_events()
    assert told(state, e) == ("The Nobility (Alice) take Royal Mint from the Great Road through the Town.",
                              "You take Royal Mint from the Great Road through the Town.")


def test_an_instant_card_is_carried_out_at_once_and_never_kept() -> None:
    state = town_game(["k.tax_rolls", "", ""], [])
    g = data(state)
    s_town_card(state, "p1", {"do": "town_card"}, CTX, None)
    e = state.take_events()[0]
    assert (e.kind, e.data) == ("okc.town_card", {"seat": "p1", "card": "k.tax_rolls", "instant": True})
    assert "k.tax_rolls" in g.kingdom_discard and "k.tax_rolls" not in g.players["p1"].kingdom
    assert all(step.get("do") != "town_space" for j in g.jobs for step in j.steps)
    assert told(state, e)[1] == ("You take Tax Rolls from the Great Road through the Town and carry out its "
                                 "instructions.")


# -- the spaces --------------------------------------------------------------------------------------------
def test_a_kept_card_takes_the_first_empty_space_for_the_custodians() -> None:
    for spaces, after in ((["", ""], ["k.mint", ""]), (["k.oracle", ""], ["k.oracle", "k.mint"]),
                          (["", "k.oracle"], ["k.mint", "k.oracle"])):
        state = town_game(["", "", ""], [])
        g = data(state)
        town(g)["spaces"] = list(spaces)
        s_town_space(state, "p1", {"do": "town_space", "card": "k.mint"}, CTX, None)
        assert town(g)["spaces"] == after
        assert "k.mint" in g.players["p1"].kingdom and g.players["p1"].custodians == ["k.mint"]
        kept = [e for e in state.take_events() if e.kind == "okc.town_kept"]
        assert [e.data for e in kept] == [{"seat": "p1", "card": "k.mint"}]


def test_a_full_town_asks_which_kept_card_goes() -> None:
    state = town_game(["", "", ""], [])
    g = data(state)
    town(g)["spaces"] = ["k.oracle", "k.blacksmith"]
    step = {"do": "town_space", "card": "k.mint"}
    s_town_space(state, "p1", step, CTX, None)
    assert g.choice is not None
    assert (g.choice.kind, g.choice.prompt, g.choice.options, g.choice.step) == (
        "town_displace", "discard which card kept at the Town", ["k.oracle", "k.blacksmith"], step)
    assert town(g)["spaces"] == ["k.oracle", "k.blacksmith"] and state.take_events() == []


def _full_town(state: GameState) -> None:
    g = data(state)
    town(g)["spaces"] = ["k.oracle", "k.blacksmith"]
    g.players["p1"].kingdom, g.players["p1"].custodians = ["k.oracle"], ["k.oracle"]
    g.players["p2"].kingdom, g.players["p2"].custodians = ["k.bribes", "k.blacksmith"], ["k.blacksmith"]


def test_the_displaced_card_is_lost_by_its_owner_and_its_space_taken() -> None:
    state = town_game(["", "", ""], [])
    g = data(state)
    _full_town(state)
    s_town_space(state, "p1", {"do": "town_space", "card": "k.mint"}, CTX, "k.blacksmith")
    assert town(g)["spaces"] == ["k.oracle", "k.mint"]
    assert g.players["p2"].kingdom == ["k.bribes"] and g.players["p2"].custodians == []
    assert g.kingdom_discard[-1] == "k.blacksmith"
    assert g.players["p1"].custodians == ["k.oracle", "k.mint"]
    events = [e for e in state.take_events() if e.kind.startswith("okc.town_")]
    assert [(e.kind, e.data) for e in events] == [
        ("okc.town_displaced", {"seat": "p1", "owner": "p2", "card": "k.blacksmith"}),
        ("okc.town_kept", {"seat": "p1", "card": "k.mint"})]
    assert told(state, events[0]) == (
        "The Nobility (Alice) discard Blacksmith, kept at the Town for the Clans (Bob), to make room.",
        "You discard Blacksmith, kept at the Town for the Clans (Bob), to make room.")
    assert told(state, events[1]) == (
        "Royal Mint is kept at the Travelling Town for the Nobility (Alice): the Custodians hold it, and nobody "
        "can steal it.",
        "Royal Mint is kept at the Travelling Town for you: the Custodians hold it, and nobody can steal it.")


def test_a_visitor_may_displace_their_own_card() -> None:
    state = town_game(["", "", ""], [])
    g = data(state)
    _full_town(state)
    s_town_space(state, "p1", {"do": "town_space", "card": "k.mint"}, CTX, "k.oracle")
    assert town(g)["spaces"] == ["k.mint", "k.blacksmith"]
    assert g.players["p1"].kingdom == ["k.mint"] and g.players["p1"].custodians == ["k.mint"]
    assert g.players["p2"].custodians == ["k.blacksmith"]
    displaced = [e.data for e in state.take_events() if e.kind == "okc.town_displaced"]
    assert displaced == [{"seat": "p1", "owner": "p1", "card": "k.oracle"}]


# -- the Visit, the Influence left, Trades & Travels ----------------------------------------------------------
def test_the_town_starts_empty_on_a_location() -> None:
    state = game(2, modules=NAME)
    g = data(state)
    assert town(g) == {"influence": 0, "spaces": ["", ""], "left": {}, "visited": False}
    assert RULES.view(state, None)[NAME] == {"name": "Travelling Town", "location": g.pieces[PIECE], "influence": 0,
                                              "left": {}, "spaces": [None, None]}


def test_a_visit_takes_the_towns_influence_and_then_its_card() -> None:
    state = town_game(["", "", ""], [])
    g = data(state)
    town(g)["influence"] = 3
    g.players["p2"].influence = 4
    g.jobs = [Job("p1", [{"do": "draw", "amount": 1}])]
    TOWN.visit(state, "p2", PIECE)
    assert g.players["p2"].influence == 4 + 3 and town(g)["influence"] == 0 and town(g)["visited"] is True
    [e] = state.take_events()
    assert (e.kind, e.to, e.data) == ("okc.town_visited", None, {"seat": "p2", "influence": 3})
    assert g.jobs == [Job("p2", [{"do": "town_card"}], {"source": "travelling_town"}),
                      Job("p1", [{"do": "draw", "amount": 1}])]
    assert told(state, e)[0] == "The Clans (Bob) Visit the Travelling Town and take the 3 Influence waiting on its card."
    TOWN.visit(state, "p1", PIECE)
    [e] = state.take_events()
    assert e.data == {"seat": "p1", "influence": 0} and told(state, e)[1] == "You Visit the Travelling Town."


def test_influence_left_on_a_location_goes_to_its_reward_once() -> None:
    state = town_game(["", "", ""], [])
    g = data(state)
    town(g)["left"] = {"castle": 2, "shrine": 1}
    g.players["p1"].influence = before = 5
    TOWN.rewarded(state, "p1", "castle")
    assert g.players["p1"].influence == before + 2 and town(g)["left"] == {"shrine": 1}
    [e] = state.take_events()
    assert e.data == {"seat": "p1", "location": "castle", "influence": 2}
    assert told(state, e) == ("The Nobility (Alice) also take the 2 Influence the Town left at the Castle (Highlands).",
                              "You also take the 2 Influence the Town left at the Castle (Highlands).")
    TOWN.rewarded(state, "p1", "castle")
    TOWN.rewarded(state, "p1", "wilderness")
    assert g.players["p1"].influence == before + 2 and state.take_events() == []


def test_winter_trades_on_the_card_and_the_location_then_travels() -> None:
    state = town_game(["", "", ""], [])
    g = data(state)
    g.pieces[PIECE] = "castle"
    town(g).update(influence=1, left={"castle": 1}, visited=True)
    TOWN.winter(state)
    assert town(g) == {"influence": 2, "spaces": ["", ""], "left": {"castle": 2}, "visited": False}
    assert g.pieces[PIECE] == "battlefield"
    [trade] = [e for e in state.take_events() if e.kind == "okc.town_trade"]
    assert trade.data == {"added": 1, "influence": 2, "location": "castle", "left": 2}
    assert told(state, trade)[0] == ("The Travelling Town trades: 1 Influence on its card, now 2 Influence, and 1 more "
                                     "left at the Castle (Highlands) for whoever claims it.")
    TOWN.winter(state)
    assert town(g)["influence"] == 4 and town(g)["left"] == {"castle": 2, "battlefield": 1}
    [trade] = [e for e in state.take_events() if e.kind == "okc.town_trade"]
    assert trade.data == {"added": 2, "influence": 4, "location": "battlefield", "left": 1}
    assert told(state, trade)[0].startswith("The Travelling Town trades: 2 Influence on its card (nobody Visited it "
                                            "this round), now 4 Influence, and 1 more left at the Battlefield")


def test_the_table_sees_each_kept_card_and_its_owner() -> None:
    state = town_game(["", "", ""], [])
    g = data(state)
    town(g)["spaces"] = ["", "k.blacksmith"]
    town(g)["left"] = {"shrine": 1}
    g.players["p2"].kingdom, g.players["p2"].custodians = ["k.blacksmith"], ["k.blacksmith"]
    seen = RULES.view(state, None)[NAME]
    assert seen["spaces"][0] is None and seen["spaces"][1]["owner"] == "p2"
    assert seen["spaces"][1]["id"] == "k.blacksmith" and seen["left"] == {"shrine": 1}


def test_the_towns_questions_and_summary_kinds() -> None:
    state = game(2, modules=NAME)
    w = module_words(NAME)
    assert w.choice_questions["town_card"](state, "p1", {}, {}) == (
        "The Travelling Town: which Kingdom card do you gain from the Great Road? An instant one is carried out at "
        "once; any other is kept at the Town for you.")
    displace = w.choice_questions["town_displace"]
    assert displace(state, "p1", {"card": "k.mint"}, {}) == (
        "Both spaces of the Town are taken: which card kept there is discarded to make room for Royal Mint?")
    assert displace(state, "p1", {}, {}) == (
        "Both spaces of the Town are taken: which card kept there is discarded to make room?")


def test_register_adds_the_kept_card_and_the_trade_to_the_phase_summary(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kinds live in a module-level set the game's WORDS already filled at import: an empty one is
    swapped in so that what this ``register`` adds is seen on its own."""
    from engine.okc.words import summary

    monkeypatch.setattr(summary, "WILD_KINDS", set())
    w = OkcWords()
    kinds = set(w.summary_kinds)
    w.install(TOWN)
    assert w.summary_kinds - kinds == {"okc.town_kept", "okc.town_trade"}
