"""The Aeronauts in words, whole: every teller the module registers read exactly (the reader and the table,
each count's singular, plural and none), its three questions, its option names, the ship's button and the
mat's line; and the ship's Return to Base (A4) with its event. The wording is installed into a fresh
OkcWords, so what is checked is what ``register`` itself adds."""

from __future__ import annotations

import pytest

from engine.core import Action, Event, GameState
from engine.core.words import Audience, Section
from engine.okc.modules.aeronauts import NAME, PIECE, aero, return_ship
from engine.okc.modules.shipped import MODULES
from engine.okc.words.wording import OkcWords
from tests.okc.helpers import data, game, module_words

NAMES = {"p1": "Alice", "p2": "Bob"}
THREAD, MINE = Audience(None, NAMES), Audience("p1", NAMES)


def option_name(state: GameState, kind: str, value: str) -> str | None:
    from engine.okc.modules.aeronauts.words import option_name

    return option_name(state, kind, value)


def mat(state: GameState, seat: str) -> list[Section]:
    from engine.okc.modules.aeronauts.words import mat

    return mat(state, seat, MINE)


def told(state: GameState, e: Event) -> tuple[str, str]:
    """The event as the table reads it and as p1 reads it."""
    w = module_words(NAME)
    return w.event(state, e, THREAD), w.event(state, e, MINE)


def test_a_visit_tells_how_many_cards_are_left_in_the_deck() -> None:
    state = game(2, modules=NAME)
    board = "climb aboard the Near & Far"
    for n, left in ((2, "2 cards left in the Aeronaut Deck"), (1, "1 card left in the Aeronaut Deck"),
                    (0, "the Aeronaut Deck is empty")):
        assert told(state, Event.public("okc.aeronauts_visited", seat="p1", deck=n)) == (
            f"The Nobility (Alice) {board} ({left}).", f"You {board} ({left}).")


def test_the_visitor_is_shown_the_deck_by_name() -> None:
    state = game(2, modules=NAME)
    seen = Event.private("p1", "okc.aeronauts_seen", seat="p1", cards=["aero.corsair", "aero.gunner"])
    assert told(state, seen)[1] == "The Aeronaut Deck holds Sky Corsair (4) and Thunder Gunner (5)."


def test_an_aeronaut_taken_is_told_to_the_table_without_its_name_and_named_to_its_taker() -> None:
    state = game(2, modules=NAME)
    took = "take an Aeronaut into hand as an Ally, face down;"
    for n, left in ((2, "2 cards"), (1, "1 card"), (0, "0 cards")):
        assert told(state, Event.public("okc.aeronaut_taken", seat="p1", left=n)) == (
            f"The Nobility (Alice) {took} {left} left in the Aeronaut Deck.",
            f"You {took} {left} left in the Aeronaut Deck.")
    card = Event.private("p1", "okc.aeronaut_taken.card", seat="p1", card="aero.rook")
    assert told(state, card)[1] == "Rook the Engineer (3) joins your hand as an Ally."


def test_the_ship_claimed_is_yours_to_its_claimer_and_theirs_to_the_table() -> None:
    state = game(2, modules=NAME)
    claimed = Event.public("okc.ship_claimed", seat="p1", location="castle")
    tail = "Supporters, worth 3 Strength, and nobody Visits the Aeronauts again."
    assert told(state, claimed) == (
        f"The Nobility (Alice) claim the Near & Far: from now on it is one of their {tail}",
        f"You claim the Near & Far: from now on it is one of your {tail}")
    assert module_words(NAME).event(state, claimed, Audience("p2", NAMES)).endswith(f"one of their {tail}")


def test_the_ship_placed_counts_three_strength_plus_one_per_supporter() -> None:
    state = game(2, modules=NAME)
    for n, more in ((0, ""), (1, " with 1 Supporter"), (2, " with 2 Supporters")):
        assert told(state, Event.public("okc.ship_placed", seat="p1", region="plateau", count=n))[0] == (
            f"The Nobility (Alice) fly the Near & Far into the Plateau{more}: +{3 + n} Strength in its first clash "
            "there.")


def test_the_ship_returned_names_the_region_it_leaves_and_its_owner() -> None:
    state = game(2, modules=NAME)
    home = "The Near & Far flies home from the Highlands to"
    assert told(state, Event.public("okc.ship_returned", seat="p1", region="highlands")) == (
        f"{home} the Nobility (Alice).", f"{home} you.")


def test_the_three_questions_and_the_two_options_of_a_visit() -> None:
    state = game(2, modules=NAME)
    w = module_words(NAME)
    asked = {kind: w.choice_questions[kind](state, "p1", {}, {}) for kind in ("aero_gain", "aero_take", "aero_unexhaust")}
    assert asked == {
        "aero_gain": "The Aeronauts: do you take 1 Influence or 1 Lore?",
        "aero_take": "The Aeronaut Deck: which card joins your hand as an Ally? Only you will know.",
        "aero_unexhaust": "The Aeronaut Deck is empty and the Near & Far is yours: turn one exhausted Tactic back up "
                          "first?"}
    assert option_name(state, "aero_gain", "influence") == "1 Influence"
    assert option_name(state, "aero_gain", "lore") == "1 Lore"
    assert option_name(state, "aero_gain", "gold") is None
    assert option_name(state, "aero_take", "lore") is None


def test_the_ships_button_says_where_it_flies_and_with_whom() -> None:
    state = game(2, modules=NAME)
    w = module_words(NAME)
    label = w.labels["ship"]
    assert label(state, "p1", Action.of("ship", region="lowlands", count=0), MINE) == "Fly the Near & Far to the Lowlands alone"
    assert label(state, "p1", Action.of("ship", region="lowlands", count=1), MINE) == (
        "Fly the Near & Far to the Lowlands with 1 Supporter")
    assert label(state, "p1", Action.of("ship", region="plateau", count=3), MINE) == (
        "Fly the Near & Far to the Plateau with 3 Supporters")


def test_the_ship_appears_on_its_owners_mat_where_it_is() -> None:
    state = game(2, modules=NAME)
    g = data(state)
    w = module_words(NAME)
    aero(g).update(owner="p1", ship="board")
    ship = Section("The Near & Far", ("Beside your Supporter slots, ready to fly (3 Strength).",))
    assert w.hand(state, "p1", MINE)[-1] == ship
    aero(g)["ship"] = "lowlands"
    assert w.hand(state, "p1", MINE)[-1] == Section("The Near & Far", ("In the Lowlands this round; home in Winter.",))
    assert all(s.title != "The Near & Far" for s in w.hand(state, "p2", Audience("p2", NAMES)))
    aero(g)["owner"] = None
    assert mat(state, "p1") == []


def test_the_ship_is_on_no_mat_outside_an_aeronauts_game() -> None:
    state = game(2)
    g = data(state)
    g.extra[NAME] = {"deck": [], "removed": "", "owner": "p1", "ship": "board"}
    assert mat(state, "p1") == []
    state = game(2, modules=NAME)
    del data(state).extra[NAME]
    assert mat(state, "p1") == []


def test_register_adds_the_ships_events_to_the_phase_summary_and_its_option_names(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The kinds and namers live in module-level collections the game's WORDS already filled at import:
    empty ones are swapped in so that what this ``register`` adds is seen on its own."""
    from engine.okc.modules.aeronauts.words import option_name as named
    from engine.okc.words import prompts, summary

    monkeypatch.setattr(summary, "WILD_KINDS", set())
    monkeypatch.setattr(prompts, "OPTION_NAMES", [])
    w = OkcWords()
    kinds, namers = set(w.summary_kinds), list(w.option_names)
    w.install(MODULES[NAME])
    assert w.summary_kinds - kinds == {"okc.aeronaut_taken", "okc.ship_claimed", "okc.ship_returned"}
    assert w.option_names[len(namers):] == [named]


# -- Return to Base (A4) ------------------------------------------------------------------------------
def test_a_ship_at_home_or_unclaimed_does_not_return() -> None:
    state = game(2, modules=NAME)
    g = data(state)
    for ship in ("", "board"):
        aero(g).update(owner="p1", ship=ship)
        state.take_events()
        return_ship(state)
        assert aero(g)["ship"] == ship and state.take_events() == []


def test_the_ship_returns_from_its_region_leaving_the_supporters_that_flew_with_it() -> None:
    state = game(2, modules=NAME)
    g = data(state)
    aero(g).update(owner="p2", ship="lowlands")
    g.regions[2].supporters = {"p1": 2, "p2": 3}
    state.take_events()
    return_ship(state)
    assert aero(g)["ship"] == "board" and g.regions[2].supporters == {"p1": 2, "p2": 2}
    [e] = state.take_events()
    assert (e.kind, e.to, e.data) == ("okc.ship_returned", None, {"seat": "p2", "region": "lowlands"})


def test_a_ship_that_flew_alone_leaves_no_supporter_count_behind() -> None:
    state = game(2, modules=NAME)
    g = data(state)
    aero(g).update(owner="p1", ship="plateau")
    g.regions[1].supporters = {"p1": 1, "p2": 1}
    state.take_events()
    return_ship(state)
    assert g.regions[1].supporters == {"p2": 1} and aero(g)["ship"] == "board"
    assert [e.data for e in state.take_events()] == [{"seat": "p1", "region": "plateau"}]


def test_in_winter_an_owned_ship_comes_home_and_an_unclaimed_one_travels() -> None:
    state = game(2, modules=NAME)
    g = data(state)
    aero(g).update(owner="p1", ship="highlands")
    g.regions[0].supporters = {"p1": 1}
    g.pieces.pop(PIECE, None)
    MODULES[NAME].winter(state)
    assert aero(g)["ship"] == "board" and g.regions[0].supporters == {} and PIECE not in g.pieces
    state = game(2, modules=NAME)
    g = data(state)
    g.pieces[PIECE] = "castle"
    MODULES[NAME].winter(state)
    assert g.pieces[PIECE] == "battlefield" and aero(g)["ship"] == ""
    del g.pieces[PIECE]
    MODULES[NAME].winter(state)
    assert PIECE not in g.pieces
