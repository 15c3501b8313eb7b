"""Secret choices, requests, reaction windows and offers, on the Tribute test game."""

import pytest

from engine.core import Action, GameOver, NotYourTurn, RuleError, UnknownAction, apply
from tests.games.tribute import RULES


def new(seats=("a", "b", "c"), seed=1):
    state, _ = RULES.new_game(list(seats), {}, seed)
    return state


def test_secret_bids_are_revealed_together() -> None:
    state = new()
    events = apply(RULES, state, "a", Action.of("bid", card=5))
    assert [e.kind for e in events if e.is_public] == ["secret.submitted"]
    assert all("value" not in e.data for e in events if e.is_public)
    assert RULES.view(state, None)["bids"]["submitted"] == ["a"]
    assert "my_bid" not in RULES.view(state, "b") and RULES.view(state, "a")["my_bid"] == 5
    with pytest.raises(RuleError):  # a face-down choice is final
        apply(RULES, state, "a", Action.of("bid", card=3))
    apply(RULES, state, "b", Action.of("bid", card=1))
    events = apply(RULES, state, "c", Action.of("bid", card=2))
    revealed = next(e for e in events if e.kind == "secret.revealed")
    assert revealed.is_public and revealed.data["values"] == {"a": 5, "b": 1, "c": 2}


def test_refusals_change_nothing() -> None:
    state = new()
    before = RULES.fingerprint(state)
    for seat, action, error in [
        ("a", Action.of("bid", card=9), RuleError),
        ("a", Action.of("fly"), UnknownAction),
        ("zed", Action.of("bid", card=1), RuleError),
        ("a", Action.of("demand", seat="b"), RuleError),
        ("a", Action.of("offer", to="a", give=1, take=0), RuleError),
        ("a", Action.of("offer", to="b", give=99, take=0), RuleError),
    ]:
        with pytest.raises(error):
            apply(RULES, state, seat, action)
        assert RULES.fingerprint(state) == before


def test_not_your_turn_names_who_is_awaited() -> None:
    state = new(("a", "b"))
    apply(RULES, state, "a", Action.of("bid", card=5))
    apply(RULES, state, "b", Action.of("bid", card=1))
    with pytest.raises(NotYourTurn) as err:
        apply(RULES, state, "a", Action.of("pass"))
    assert "b" in str(err.value)


def test_reaction_window_and_request_with_default() -> None:
    state = new(("a", "b", "c"))
    for seat, card in (("a", 5), ("b", 1), ("c", 2)):
        apply(RULES, state, seat, Action.of("bid", card=card))
    (window,) = RULES.pending(state)
    assert window.kind.value == "reaction" and set(window.seats) == {"b", "c"}
    apply(RULES, state, "b", Action.of("pass"))
    apply(RULES, state, "c", Action.of("pass"))
    apply(RULES, state, "a", Action.of("demand", seat="c"))
    (request,) = [d for d in RULES.pending(state) if d.blocking]
    assert request.kind.value == "response" and request.seats == ("c",)
    assert request.default_for("c") == Action.of("respond", request=1, accept=False)
    events = apply(RULES, state, "c", request.default_for("c"))
    assert any(e.kind == "request.answered" and e.data["accepted"] is False for e in events)
    assert RULES.view(state, None)["players"]["a"]["points"] == 2


def test_offer_is_binding_and_atomic() -> None:
    state = new(("a", "b"))
    events = apply(RULES, state, "a", Action.of("offer", to="b", give=2, take=1))
    made = next(e for e in events if e.kind == "offer.made")
    assert made.to == ("a", "b")
    assert RULES.view(state, None)["offers"] == [{"offer": 1, "by": "a", "to": "b"}]
    # a spends coins elsewhere so the offer can no longer be honoured: acceptance is refused whole
    state.data.players["a"].coins = 1
    before = RULES.fingerprint(state)
    with pytest.raises(RuleError):
        apply(RULES, state, "b", Action.of("accept_offer", offer=1))
    assert RULES.fingerprint(state) == before
    state.data.players["a"].coins = 3
    apply(RULES, state, "b", Action.of("accept_offer", offer=1))
    assert (state.data.players["a"].coins, state.data.players["b"].coins) == (2, 4)


def test_finished_game_refuses_everything() -> None:
    state = new(("a", "b"))
    state.data.step = "over"
    with pytest.raises(GameOver):
        apply(RULES, state, "a", Action.of("pass"))
