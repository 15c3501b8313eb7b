"""Legendary Creatures in words, whole: each teller read exactly by the table and by the player concerned,
the question and the button for placing a creature, and the mat's two lines (at home or out; card waiting or
gone), installed into a fresh OkcWords so that what is checked is what ``register`` itself adds."""

from __future__ import annotations

import pytest

from engine.core import Action, Event, GameState
from engine.core.words import Audience, Section
from engine.okc.modules.legendary_creatures import NAME, lc
from engine.okc.modules.shipped import MODULES
from engine.okc.words.wording import OkcWords
from tests.okc.helpers import data, game, module_words

NAMES = {"p1": "Alice", "p2": "Bob"}
THREAD, MINE = Audience(None, NAMES), Audience("p1", NAMES)


def told(state: GameState, e: Event) -> tuple[str, str]:
    w = module_words(NAME)
    return w.event(state, e, THREAD), w.event(state, e, MINE)


def test_a_creature_placed_is_a_second_herald_sent_to_a_location() -> None:
    state = game(2, modules=NAME)
    assert told(state, Event.public("okc.creature_placed", seat="p1", location="shrine")) == (
        "The Nobility (Alice) send The Gilded Gryphon, a second Herald, to the Shrine (Lowlands).",
        "You send The Gilded Gryphon, a second Herald, to the Shrine (Lowlands).")
    assert told(state, Event.public("okc.creature_placed", seat="p2", location="castle"))[1] == (
        "The Clans (Bob) send The Cairn Wyrm, a second Herald, to the Castle (Highlands).")


def test_a_creature_moved_names_the_mover_and_whose_creature_it_is() -> None:
    state = game(2, modules=NAME)
    assert told(state, Event.public("okc.creature_moved", seat="p1", by="p2", to="castle")) == (
        "The Clans (Bob) move the Legendary Creature of the Nobility (Alice) to the Castle (Highlands).",
        "The Clans (Bob) move your Legendary Creature to the Castle (Highlands).")
    assert told(state, Event.public("okc.creature_moved", seat="p2", by="p1", to="battlefield"))[1] == (
        "You move the Legendary Creature of the Clans (Bob) to the Battlefield (Plateau).")


def test_a_creatures_card_claimed_leaves_the_supply_for_the_losers_hand() -> None:
    state = game(2, modules=NAME)
    assert told(state, Event.public("okc.creature_claimed", seat="p1", region="plateau", card="lc.gryphon")) == (
        "The Nobility (Alice) lost in the Plateau where their creature stands: The Gilded Gryphon (10) leaves the "
        "Supply for their hand.",
        "You lost in the Plateau where your creature stands: The Gilded Gryphon (10) leaves the Supply for your hand.")


def test_placing_a_creature_is_asked_and_labelled_with_its_name() -> None:
    state = game(2, modules=NAME)
    w = module_words(NAME)
    assert w.questions["okc.creature"](state, None, "p2", Audience("p2", NAMES)) == (  # type: ignore[arg-type]
        "Where does The Cairn Wyrm go? It is a second Herald, and never stands where your Herald does. Lose a "
        "clash in its Region and its card joins your hand: The Cairn Wyrm (7), Deadly (at Night, eliminates every "
        "opposing Active card).")
    assert w.labels["creature"](state, "p1", Action.of("creature", location="shrine"), MINE) == (
        "Send The Gilded Gryphon to the Shrine (Lowlands)")


def test_the_mat_tells_where_the_creature_is_and_whether_its_card_waits() -> None:
    state = game(2, modules=NAME)
    g = data(state)
    w = module_words(NAME)
    title = "Your Legendary Creature, The Gilded Gryphon"
    assert w.hand(state, "p1", MINE)[-1] == Section(title, (
        "At home until the Heralds go out.",
        "The Gilded Gryphon (10) waits in your Supply: lose a clash in its Region to take it into hand."))
    lc(g)["pieces"]["p1"], lc(g)["supply"]["p1"] = "shrine", None
    assert w.hand(state, "p1", MINE)[-1] == Section(title, (
        "Stands at the Shrine (Lowlands).", "The Gilded Gryphon (10) has left your Supply."))


def test_the_mat_has_no_creature_outside_a_creatures_game_or_for_a_stranger() -> None:
    from engine.okc.modules.legendary_creatures.words import mat

    state = game(2, modules=NAME)
    assert mat(state, "p9", MINE) == []
    del data(state).extra[NAME]
    assert mat(state, "p1", MINE) == []
    state = game(2)
    data(state).extra[NAME] = {"pieces": {"p1": None}, "supply": {"p1": "lc.gryphon"}}
    assert mat(state, "p1", MINE) == []


def test_register_adds_the_claim_to_the_phase_summary(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kinds live in a module-level set the game's WORDS already filled at import: an empty one is
    swapped in so that what this ``register`` adds is seen on its own."""
    from engine.okc.words import summary

    monkeypatch.setattr(summary, "WILD_KINDS", set())
    w = OkcWords()
    kinds = set(w.summary_kinds)
    w.install(MODULES[NAME])
    assert w.summary_kinds - kinds == {"okc.creature_claimed"}
