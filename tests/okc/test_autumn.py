"""Autumn (p.31-33): Govern once, Journey once, Lore spent only when gained, Autumn commands."""

from __future__ import annotations

from engine.okc import RULES
from engine.okc.state import Job
from engine.okc.year import advance
from tests.okc.helpers import data, do, find, game, refused


def autumn(state, hands: dict[str, list[str]]) -> None:
    g = data(state)
    g.secret = None
    for seat, hand in hands.items():
        g.players[seat].hand = list(hand)
    g.turn_queue = list(g.order)
    g.step, g.season = "autumn", "autumn"


def whole(state, seat: str, text: str) -> tuple:
    """A refusal whole, (section, code, message, legal), with the state unchanged."""
    err = refused(state, seat, text)
    return (err.section, err.code, err.message, err.legal)


def test_govern_once_per_autumn() -> None:
    state = game(2)
    g = data(state)
    autumn(state, {"p1": ["nobility.c6", "nobility.f1", "nobility.f2"]})
    assert whole(state, "p1", "govern card:nobility.f2 council:relics") == (
        "p.31 Govern", "no_votes", "'nobility.f2' is not a card with Votes in your hand",
        ["nobility.c6", "nobility.f1"])
    assert whole(state, "p1", "govern card:nobility.c6 council:parliament") == (
        "p.31 Govern", "no_council", "no Council 'parliament'", ["oaths", "relics", "secrets"])
    do(state, "p1", "govern card:nobility.c6 council:relics")
    assert [s.card for s in g.councils["relics"]] == ["nobility.c6"]
    err = refused(state, "p1", "govern card:nobility.f1 council:relics", "once")
    assert "p.31" in err.section
    assert RULES.view(state, None)["councils"][0]["votes"] == {"p1": 2}


def test_journey_once_then_spend_lore_at_once() -> None:
    state = game(2)
    g = data(state)
    autumn(state, {"p1": ["nobility.trader", "nobility.f2"]})
    g.players["p1"].lore = 0
    events = do(state, "p1", "journey card:nobility.trader")
    # Pathfinder: to the discard pile, not the Lost Pile.
    assert "nobility.trader" in g.players["p1"].discard
    assert find(events, "okc.lore")[0].data["amount"] == 2
    assert g.choice is not None and g.choice.kind == "acquire"
    assert set(g.choice.options) == {"nobility.champion", "nobility.chancellor", "done"}
    do(state, "p1", "choose option:nobility.champion")
    assert "nobility.champion" in g.players["p1"].discard and g.players["p1"].lore == 0
    refused(state, "p1", "journey card:nobility.f2", "once")


def test_journey_sends_to_the_lost_pile() -> None:
    state = game(2)
    g = data(state)
    autumn(state, {"p1": ["nobility.f2"]})
    do(state, "p1", "journey card:nobility.f2")
    assert g.players["p1"].lost == ["nobility.f2"] and g.players["p1"].lore == 1


def test_faq_lore_waits_until_the_next_gain() -> None:
    state = game(2)
    g = data(state)
    autumn(state, {"p1": ["nobility.trader", "nobility.f2"]})
    do(state, "p1", "journey card:nobility.trader")
    do(state, "p1", "choose option:done")              # keep the 2 Lore
    assert g.players["p1"].lore == 2
    # No action spends Lore now: only gaining Lore opens the chance.
    assert not any(a.kind == "choose" for a in RULES.legal(state, "p1"))
    g.players["p1"].journeyed = False
    do(state, "p1", "journey card:nobility.f2")
    assert g.players["p1"].lore == 3 and "nobility.warden" in g.choice.options


def test_autumn_command_from_hand() -> None:
    state = game(2)
    g = data(state)
    autumn(state, {"p1": ["nobility.treasury"]})
    do(state, "p1", "command card:nobility.treasury")
    assert g.players["p1"].influence == 2 and "nobility.treasury" in g.players["p1"].discard


def test_tactic_exhausts_and_unexhaust_restores() -> None:
    state = game(2)
    g = data(state)
    autumn(state, {"p1": []})
    do(state, "p1", "tactic id:nobility.levy")
    assert g.players["p1"].tactics["nobility.levy"] is True
    refused(state, "p1", "tactic id:nobility.levy")
    g.jobs.append(Job("p1", [{"do": "unexhaust", "amount": 1}]))
    advance(state)
    do(state, "p1", "choose option:nobility.levy")
    assert g.players["p1"].tactics["nobility.levy"] is False


def test_favour_use_spends_one_use() -> None:
    state = game(2)
    g = data(state)
    autumn(state, {"p1": []})
    g.favour_holder = "p1"
    do(state, "p1", "favour ability:archive")
    assert g.favour_uses == 2 and g.players["p1"].lore == 1
    refused(state, "p2", "favour ability:archive", "not_your_turn")


def test_journey_takes_a_card_with_lore_from_hand() -> None:
    state = game(2)
    autumn(state, {"p1": ["nobility.heir", "nobility.f2"]})
    assert whole(state, "p1", "journey card:nobility.trader") == (
        "p.32 Journey", "not_in_hand", "'nobility.trader' is not in your hand", ["nobility.f2"])
    assert whole(state, "p1", "journey card:nobility.heir") == (
        "p.32 Journey", "no_lore", "'nobility.heir' has no Lore icon", ["nobility.f2"])
    data(state).players["p1"].hand = ["nobility.heir"]
    assert whole(state, "p1", "journey card:nobility.heir")[3] == "no card with Lore icons in hand"


def test_an_action_waits_for_the_choice_an_effect_asks_and_each_step_takes_its_own_actions() -> None:
    state = game(2)
    g = data(state)
    autumn(state, {"p1": ["nobility.trader", "nobility.f2"]})
    g.players["p1"].lore = 0
    assert whole(state, "p1", "choose option:done") == ("effects", "no_choice", "no effect waits on your choice", None)
    assert whole(state, "p1", "bid card:nobility.f2") == (
        "p.17 Place Bids", "phase", "bidding is not possible now: the game is at the Action Step", None)
    do(state, "p1", "journey card:nobility.trader")
    assert g.choice is not None and g.choice.kind == "acquire"
    assert whole(state, "p1", "pass") == (
        "p.16 Action steps", "choice_pending", "an effect waits on p1's choice first", "choose option:...")
