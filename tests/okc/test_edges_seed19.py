"""Edges found by the seed-19 mutation sample (issue 12): each test fails with the one-line change
named in its docstring and passes with the rules as written."""

from __future__ import annotations

from engine.core import Action, Audience, GameState
from engine.okc import RULES
from engine.okc.content.vocabulary import describe_step
from engine.okc.modules.whispering_tower import tower
from tests.okc.helpers import data, do, find, game, refused, spring_actions
from tests.okc.test_negotiating_table import agreed, allied_game, negotiating

NAMES = {"p1": "Ann", "p2": "Bob", "p3": "Cat"}


def _full_occupy_spaces(state: GameState, seat: str) -> None:
    """Both Occupy spaces of the seat's board hold a Kingdom card, each occupied by a card from hand."""
    p = data(state).players[seat]
    p.kingdom += ["k.war_banner", "k.royal_guard"]
    p.occupants.update({"k.war_banner": p.hand.pop(), "k.royal_guard": p.hand.pop()})


def test_p19_a_bartered_kingdom_card_needing_occupying_is_refused_by_a_receiver_with_no_space() -> None:
    """barter.check_receiver: the refusal cites p.19 Occupying Kingdom Cards, spelled as the rulebook's heading."""
    state = negotiating()
    g = data(state)
    g.players["p1"].kingdom.append("k.iron_crown")
    _full_occupy_spaces(state, "p2")
    do(state, "p1", "offer to:p2 give:k.iron_crown")
    err = refused(state, "p2", "accept_offer offer:1", "no_space")
    assert (err.section, err.message, err.legal) == (
        "p.19 Occupying Kingdom Cards", "a Kingdom card received must be Occupied at once, and both Occupy spaces of "
        "that board would be full", "an offer without that Kingdom card")


def test_cipher_wheel_swap_step_is_described_in_words() -> None:
    """describe_step: the Cipher Wheel's swap reads as a sentence, not as its step name."""
    assert describe_step({"do": "swap"}) == "swap one of your face-down cards with a card from your hand"


def test_wk_negotiating_table_outrage_the_verdict_names_each_judges_vote() -> None:
    """agreements.judge: the verdict carries the votes, and its words say who judged what."""
    state = agreed(text="No Herald of yours at the Castle")
    do(state, "p1", "breach agreement:1")
    events = do(state, "p3", "judge agreement:1 verdict:broken")
    [verdict] = find(events, "okc.breach_verdict")
    assert verdict.data["votes"] == {"p3": "broken"}
    told = " ".join(RULES.words().events(state, [verdict], Audience(None, NAMES)))
    assert "(Cat) say broken" in told and "upheld" in told


def test_wk_negotiating_table_alliances_the_ally_reads_the_hand_shown() -> None:
    """words.register: the private event showing a hand to the ally has its own words, naming the cards."""
    state = allied_game()
    [cards] = find(do(state, "p1", "show_hand"), "okc.hand_shown.cards")
    told = " ".join(RULES.words().events(state, [cards], Audience("p2", NAMES)))
    assert "show you their hand" in told


def test_wk_negotiating_table_outrage_the_breach_claim_has_its_own_label() -> None:
    """words.register: the breach action's button reads as a claim, naming the agreement by its other party
    and its words (never its number)."""
    state = agreed(text="No Herald of yours at the Castle")
    label = RULES.words().label(state, "p1", Action.of("breach", agreement=1), Audience("p1", NAMES))
    assert label.startswith("Claim that the Clans broke their agreement with you (")
    assert "No Herald of yours" in label and "1" not in label


def test_wk_negotiating_table_outrage_the_breach_claim_is_confirmed_naming_the_other_party() -> None:
    """words.confirm_deal: the question before a claim names whom it accuses, and the judges."""
    state = agreed(text="No Herald of yours at the Castle")
    asked = RULES.words().confirm(state, "p1", Action.of("breach", agreement=1), Audience("p1", NAMES))
    assert asked is not None and asked.startswith(
        "Claim that the Clans (Bob) broke their agreement with you (\u201cNo Herald of yours")
    assert "the Uprising (Cat) judge it in secret" in asked


def test_wk_whispering_tower_a_player_with_no_boons_is_told_so() -> None:
    """WhisperingTower.play: with an empty supply, the refusal's choices read "no Boons"."""
    state = game(2, modules="whispering_tower")
    tower(data(state))["supply"]["p1"] = []
    spring_actions(state, {"p1": {"plateau": "nobility.f4"}})
    err = refused(state, "p1", "boon region:plateau boon:wt.coin", "not_yours")
    assert (err.section, err.message, err.legal) == ("Wild Kingdom: Whispering Tower", "that Boon is not one of yours",
                                                     "no Boons")


def test_wk_negotiating_table_showing_the_hand_is_confirmed_only_to_an_ally() -> None:
    """words.confirm_deal: show_hand asks first, naming the ally; a seat without an ally is asked nothing."""
    state = allied_game()
    show = Action.of("show_hand")
    asked = RULES.words().confirm(state, "p1", show, Audience("p1", NAMES))
    assert asked == "Show your whole hand to the Clans (Bob), your ally?"
    assert RULES.words().confirm(state, "p3", show, Audience("p3", NAMES)) is None
