"""The Whispering Tower in words, whole: every teller read exactly by the table and by the player concerned
(each count's singular and plural, named and face-down Boons), each question (every level the climb may
reach), each option name and the button, and the mat; installed into a fresh OkcWords so that what is
checked is what ``register`` itself adds."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Action, Event, GameState
from engine.core.words import Audience, Section
from engine.okc.modules.shipped import MODULES
from engine.okc.modules.whispering_tower import NAME, PIECE, tower
from engine.okc.words.wording import OkcWords
from tests.okc.helpers import data, game, module_words

NAMES = {"p1": "Alice", "p2": "Bob"}
THREAD, MINE = Audience(None, NAMES), Audience("p1", NAMES)
COIN, VOICE = "Echo of Coin (If you win: gain 2 Influence)", "Rising Voice (+2 Strength)"


def told(state: GameState, kind: str, **data: Any) -> tuple[str, str]:
    w, e = module_words(NAME), Event.public(kind, **data)
    return w.event(state, e, THREAD), w.event(state, e, MINE)


@pytest.fixture
def state() -> GameState:
    return game(2, modules=NAME)


def test_the_climb_is_told_level_by_level(state: GameState) -> None:
    assert told(state, "okc.tower_visited", seat="p1") == (
        "The Nobility (Alice) enter the Whispering Tower.", "You enter the Whispering Tower.")
    for level, name in (("entrance", "the Entrance"), ("labyrinth", "the Labyrinth"), ("pinnacle", "the Pinnacle"),
                        ("cellar", "a level")):
        assert told(state, "okc.tower_level", seat="p1", level=level) == (
            f"The Nobility (Alice) explore {name}.", f"You explore {name}.")
    assert told(state, "okc.tower_left", seat="p2")[1] == (
        "The Clans (Bob) leave the tower, and fresh Boons fill the levels explored.")


def test_boons_gained_are_counted_for_the_table_and_named_to_their_taker(state: GameState) -> None:
    for n, why, said in ((1, "gift", "1 Boon face down as a gift"), (2, "entrance", "2 Boons face down at the Entrance"),
                         (1, "labyrinth", "1 Boon face down in the Labyrinth"),
                         (2, "pinnacle", "2 Boons face down at the Pinnacle")):
        assert told(state, "okc.boons_gained", seat="p1", count=n, why=why) == (
            f"The Nobility (Alice) take {said}.", f"You take {said}.")
    assert told(state, "okc.boons_gained.names", seat="p1", boons=["wt.coin", "wt.voice"])[1] == (
        f"Your new Boons: {COIN} and {VOICE}.")
    assert told(state, "okc.boons_gained.names", seat="p1", boons=[])[1] == "No Boon was left to take."
    assert told(state, "okc.boons_seen", seat="p1", boons=["wt.coin", "wt.voice"])[1] == (
        f"In the Labyrinth you see {COIN} and {VOICE}.")


def test_boons_handed_on_discarded_and_placed_stay_face_down(state: GameState) -> None:
    assert told(state, "okc.boon_passed", seat="p2", to="p1") == (
        "The Clans (Bob) hand a Boon face down to the Nobility (Alice).", "The Clans (Bob) hand a Boon face down to you.")
    assert told(state, "okc.boon_discarded", seat="p1") == (
        "The Nobility (Alice) discard a Boon face down.", "You discard a Boon face down.")
    assert told(state, "okc.boon_placed", seat="p1", region="plateau") == (
        "The Nobility (Alice) slip a Boon face down onto one of their cards in the Plateau.",
        "You slip a Boon face down onto one of your cards in the Plateau.")


def test_boons_revealed_resolved_and_discarded_are_named_once_shown(state: GameState) -> None:
    assert told(state, "okc.boons_revealed", seat="p1", card="nobility.f4", boons=["wt.coin", "wt.voice"])[0] == (
        f"Revealed with Reeve: {COIN} and {VOICE}.")
    assert told(state, "okc.boon_resolved", seat="p1", boon="wt.coin") == (
        "Echo of Coin takes effect for the Nobility (Alice).", "Echo of Coin takes effect for you.")
    assert told(state, "okc.boon_resolved", seat="p2", boon="wt.unknown")[0] == "A Boon takes effect for the Clans (Bob)."
    for n, shown, said in ((1, [], "1 face-down Boon on Reeve goes"), (2, [], "2 face-down Boons on Reeve go"),
                           (1, ["wt.coin"], "Echo of Coin on Reeve goes"),
                           (2, ["wt.coin", "wt.voice"], "Echo of Coin and Rising Voice on Reeve go")):
        assert told(state, "okc.boons_discarded", seat="p1", card="nobility.f4", count=n, boons=shown)[0] == (
            f"{said} to the Boon discard.")
    assert told(state, "okc.boons_reshuffled")[0] == (
        "The Boon stack ran out: the Boon discard is shuffled into a new stack.")


def test_the_climb_asks_for_the_next_level_and_the_pinnacle_costs_lore(state: GameState) -> None:
    ask = module_words(NAME).choice_questions["tower_level"]
    assert ask(state, "p1", {}, {}) == "The Whispering Tower: climb on to the Entrance, or leave now?"
    assert ask(state, "p1", {"explored": ["entrance"]}, {}) == (
        "The Whispering Tower: climb on to the Labyrinth, or leave now?")
    pinnacle = "The Whispering Tower: climb on to the Pinnacle, or leave now? It costs 1 Lore."
    assert ask(state, "p1", {"explored": ["entrance", "labyrinth"]}, {}) == pinnacle
    assert ask(state, "p1", {"explored": ["entrance", "labyrinth", "pinnacle"]}, {}) == pinnacle


def test_the_towers_other_questions(state: GameState) -> None:
    data(state).pieces[PIECE] = "necropolis"
    asked = {kind: ask(state, "p1", {"boon": "wt.coin"}, {}) for kind, ask in module_words(NAME).choice_questions.items()
             if kind.startswith("tower_") and kind != "tower_level"}
    assert asked == {
        "tower_keep": "The Labyrinth: which Boon do you keep? The other goes face down to an opponent.",
        "tower_give": "Which opponent receives Echo of Coin? Only they will learn what it is.",
        "tower_discard": "The Pinnacle: discard one of your Boons (two in all).",
        "tower_move": "Where does the Whispering Tower go now? It must stand in another Region.",
        "tower_visit": "Your Boon opens the tower's door: Visit the Whispering Tower at the Necropolis (Lowlands)?"}


def test_each_option_of_the_tower_has_a_name(state: GameState) -> None:
    from engine.okc.modules.whispering_tower.words import option_name

    named = {(kind, value): option_name(state, kind, value) for kind, value in (
        ("tower_keep", "wt.coin"), ("tower_discard", "wt.coin"), ("boon", "wt.coin"), ("boon", "k.mint"),
        ("tower_keep", "p2"), ("tower_level", "leave"), ("tower_level", "labyrinth"), ("tower_level", "attic"),
        ("tower_move", "castle"), ("tower_visit", "visit"), ("tower_visit", "stay"), ("steal", "wt.coin"))}
    assert named == {
        ("tower_keep", "wt.coin"): "Keep Echo of Coin", ("tower_discard", "wt.coin"): "Discard Echo of Coin",
        ("boon", "wt.coin"): "Echo of Coin", ("boon", "k.mint"): None, ("tower_keep", "p2"): None,
        ("tower_level", "leave"): "Leave the tower", ("tower_level", "labyrinth"): "Explore the Labyrinth",
        ("tower_level", "attic"): "Explore attic", ("tower_move", "castle"): "The Castle (Highlands)",
        ("tower_visit", "visit"): "Visit the tower", ("tower_visit", "stay"): None, ("steal", "wt.coin"): None}


def test_the_boon_button_and_the_mat(state: GameState) -> None:
    w = module_words(NAME)
    assert w.labels["boon"](state, "p1", Action.of("boon", boon="wt.coin", region="plateau"), MINE) == (
        "Put Echo of Coin on your card in the Plateau")
    tower(data(state))["supply"]["p1"] = ["wt.coin", "wt.voice"]
    assert w.hand(state, "p1", MINE)[-1] == Section("Your Boons (only you know them)", (COIN, VOICE))
    tower(data(state))["supply"]["p1"] = []
    assert w.hand(state, "p1", MINE)[-1] == Section("Your Boons (only you know them)", ("No Boons yet.",))


def test_the_mat_has_no_boons_outside_a_tower_game() -> None:
    from engine.okc.modules.whispering_tower.words import mat

    state = game(2)
    data(state).extra[NAME] = {"supply": {"p1": ["wt.coin"]}}
    assert mat(state, "p1", MINE) == []
    state = game(2, modules=NAME)
    del data(state).extra[NAME]
    assert mat(state, "p1", MINE) == []


def test_register_adds_its_summary_kinds_option_names_and_giving_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    """These live in module-level collections the game's WORDS already filled at import: empty ones are
    swapped in so that what this ``register`` adds is seen on its own."""
    from engine.okc.modules.whispering_tower.words import option_name
    from engine.okc.words import prompts, summary

    monkeypatch.setattr(summary, "WILD_KINDS", set())
    monkeypatch.setattr(prompts, "OPTION_NAMES", [])
    monkeypatch.setattr(prompts, "GIVING_KINDS", set())
    w = OkcWords()
    kinds, namers, giving = set(w.summary_kinds), list(w.option_names), set(w.giving_kinds)
    w.install(MODULES[NAME])
    assert w.summary_kinds - kinds == {"okc.tower_level", "okc.boon_passed"}
    assert w.option_names[len(namers):] == [option_name]
    assert w.giving_kinds - giving == {"tower_give"}
