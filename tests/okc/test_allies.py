"""Allies (Wild Kingdom): declared in turn order before the bids and the Region cards; never asked in a base
game; worded for the table."""

from __future__ import annotations

import pytest

from engine.core import Action, Event, GameState, RuleError, apply
from engine.okc import RULES
from engine.okc.modules.negotiating_table import STEP
from engine.okc.words.wording import WORDS
from engine.okc.year import begin_bids, wait_heralds
from tests.okc.helpers import data, do, game, refused
from tests.okc.words_games import audience
from tests.speech import assert_human


def test_ally_holders_declare_in_turn_order_before_the_bids() -> None:
    state = game(3, modules="travelling_town")
    g = data(state)
    g.secret = None
    g.players["p2"].hand.append("uprising.f4")
    g.players["p3"].hand.append("gathering.f2")
    begin_bids(state)
    assert g.step == "ally_bids" and g.turn_queue == ["p2", "p3"]
    assert [d.prompt for d in RULES.pending(state)] == ["okc.ally_bid"]
    assert Action.of("ally", card="uprising.f4") in RULES.legal(state, "p2")


def test_a_base_game_never_asks_about_allies() -> None:
    state = game(2)
    g = data(state)
    g.secret = None
    g.players["p1"].hand.append("uprising.f4")          # not an Ally without modules: no module gives any
    begin_bids(state)
    assert g.step == "bid"


def test_ally_placement_comes_before_the_region_cards() -> None:
    state = game(2, modules="travelling_town")
    g = data(state)
    g.secret = None
    g.turn_queue = []
    g.step = "heralds"
    g.players["p1"].hand.append("uprising.f4")
    wait_heralds(state)
    assert g.step == "ally_regions" and g.turn_queue == ["p1"]
    assert Action.of("ally_place", plateau="uprising.f4") in RULES.legal(state, "p1")
    decision = RULES.pending(state)[0]   # at the deadline: no Ally placed
    assert decision.prompt == "okc.ally_regions" and decision.default_for("p1") == Action.of("ally_place")


def test_an_ally_declared_out_of_its_moment_is_refused_with_the_reason() -> None:
    state = game(3, modules="travelling_town")
    data(state).players["p2"].hand.append("uprising.f4")
    with pytest.raises(RuleError) as err:
        RULES.play(state, "p2", Action.of("ally", card="uprising.f4"))
    assert err.value.code == "phase" and "just before the bids or the Region cards" in str(err.value)


def test_ally_prompts_labels_and_events_read_as_prose() -> None:
    state = game(3, modules="travelling_town")
    g = data(state)
    g.secret = None
    g.players["p1"].hand.append("uprising.f4")
    begin_bids(state)
    aud = audience(state).to("p1")
    decision = RULES.pending(state)[0]
    texts = [WORDS.question(state, decision, "p1", aud), WORDS.if_absent(state, decision, "p1", aud)]
    texts += [WORDS.label(state, "p1", a, aud) for a in RULES.legal(state, "p1")]
    texts += [WORDS.label(state, "p1", Action.of("ally_place", plateau="uprising.f4"), aud),
              WORDS.label(state, "p1", Action.of("ally_place"), aud)]
    for e in (Event.public("okc.ally_bid", seat="p1", bid=True), Event.public("okc.ally_bid", seat="p2", bid=False),
              Event.public("okc.ally_bids_revealed", bids={"p1": "uprising.f4"}),
              Event.public("okc.ally_placed", seat="p1", regions=["plateau", "lowlands"])):
        texts.append(str(WORDS.event(state, e, audience(state).public())))
    for text in texts:
        assert text and "What do you do" not in text
        assert_human(text, "allies")
    assert "Bid with the Ally" in texts[3] and texts[2] == "No Ally bid"


def pass_until_negotiation(state: GameState) -> None:
    """Every awaited seat takes its default until the Negotiation Step opens."""
    while data(state).step != STEP:
        d = next(d for d in RULES.pending(state) if d.blocking)
        apply(RULES, state, d.seats[0], d.default_for(d.seats[0]))


def whole(err: RuleError) -> tuple:
    """A refusal whole: (section, code, message, legal)."""
    return (err.section, err.code, err.message, err.legal)


def test_an_ally_of_someone_else_s_turn_is_refused_while_that_seat_judges_a_breach() -> None:
    # The turn check of every action lets a seat through that a module awaits: here p3, who judges a
    # claimed breach (Negotiating Table), speaks while p2 is the Ally holder awaited.
    state = game(3, modules="negotiating_table")
    g = data(state)
    pass_until_negotiation(state)
    do(state, "p1", 'agreement to:p2 text:"No Herald of yours at the Castle"')
    do(state, "p2", "accept_offer offer:1")
    do(state, "p1", "breach agreement:1")
    g.secret = None
    g.players["p2"].hand.append("uprising.f4")
    begin_bids(state)
    assert g.step == "ally_bids" and g.turn_queue == ["p2"]
    assert whole(refused(state, "p3", "ally")) == (
        "Wild Kingdom: Bidding with Allies", "order", "Allies are declared in turn order", "waiting on p2")


def test_only_an_ally_in_hand_is_bid_or_placed() -> None:
    state = game(2, modules="travelling_town")
    g = data(state)
    g.secret = None
    g.players["p1"].hand.append("uprising.f4")
    begin_bids(state)
    assert whole(refused(state, "p1", "ally card:nobility.f2")) == (
        "Wild Kingdom: Bidding with Allies", "not_ally", "'nobility.f2' is not an Ally in your hand", ["uprising.f4"])
    g.turn_queue, g.step = ["p1"], "ally_regions"
    assert whole(refused(state, "p1", "ally_place plateau:uprising.f4 lowlands:uprising.f4")) == (
        "Wild Kingdom: Place Allies Next to Regions", "not_ally",
        "place different Allies from your hand, at most one per Region", ["uprising.f4"])
    g.players["p1"].hand.remove("uprising.f4")
    assert whole(refused(state, "p1", "ally_place plateau:nobility.f2"))[2:] == (
        "place different Allies from your hand, at most one per Region", "pass")
