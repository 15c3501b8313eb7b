"""A prompt's payload field by field (bot/table/outbox.py): what the adapter draws its buttons from. The
first prompt of the bids, and the one after an offer waits on the seat."""

from __future__ import annotations

import pytest

from engine.core import Action
from tests.table.conftest import ALICE, CHAN, drain, start_game

KEYS = ["action", "confirm", "flow", "hint", "label", "style"]


def prompts(table) -> dict[str, dict]:
    return {m.seat: m.payload for m in drain(table) if m.payload.get("type") == "prompt"}


def test_the_first_prompt_carries_every_field_and_each_choice_every_key(table, clock):
    gid = start_game(table)
    alice = prompts(table)["alice"]
    assert {k: alice[k] for k in ("type", "game_id", "seat", "name", "decision", "kind", "title", "question",
                                  "if_absent", "due")} == {
        "type": "prompt", "game_id": gid, "seat": "alice", "name": "alice", "decision": "bid-1",
        "kind": "simultaneous", "title": "Round 1: the bids",
        "question": "Bid a card from your hand, in secret: the highest bid wins the round.",
        "if_absent": "the table plays the cautious answer for you", "due": clock.now() + 86400}
    assert isinstance(alice["version"], int)
    assert alice["more"] == 0 and "commands" not in alice
    assert all(sorted(c) == KEYS for c in alice["choices"])
    bids = [c for c in alice["choices"] if c["action"] and c["action"].startswith("bid ")]
    assert [(c["label"], c["action"], c["style"], c["flow"], c["hint"], c["confirm"]) for c in bids] == [
        (f"Bid {n}", f"bid card:{n}", "secondary", None, "", None) for n in range(1, 6)]


def test_an_offer_waiting_on_a_seat_comes_first_in_its_prompt_with_its_number(table):
    start_game(table)
    drain(table)
    table.act(ALICE, CHAN, "tribute", Action.of("offer", to="bob", give=1, take=0))
    bob = prompts(table)["bob"]
    assert bob["question"].startswith("An offer of coins waits for your answer.\n")
    assert [(c["label"], c["action"]) for c in bob["choices"][:2]] == [
        ("Accept the offer", "accept_offer offer:1"), ("Decline the offer", "decline_offer offer:1")]


@pytest.mark.parametrize("top", [98, 120])
def test_a_prompt_of_more_than_100_choices_shows_100_and_names_the_command_for_the_rest(table, monkeypatch, top):
    """Discord shows at most 100 choices (4 selects of 25): the rest are counted, with the commands
    that take them; a prompt of exactly 100 shows them all."""
    from tests.games.tribute import TributeRules

    plain = TributeRules.legal
    monkeypatch.setattr(TributeRules, "legal", lambda self, state, seat: [
        *plain(self, state, seat), *(Action.of("bid", card=n) for n in range(6, top + 1))])
    start_game(table)
    alice = prompts(table)["alice"]   # Bid 1 to 5, the offer to bob, Bid 6 and up, then the offer's flow
    assert len(alice["choices"]) == 100 and alice["choices"][-1]["label"] == ("Bid 99" if top > 98 else
                                                                             "Offer coins to another player")
    if top == 98:
        assert alice["more"] == 0 and "commands" not in alice
    else:
        assert alice["more"] == 22   # Bid 100 to 120, and the offer that opens a flow
        assert alice["commands"] == ["/tribute bid", "/tribute offer"]


def test_the_options_picked_in_a_multi_select_step_are_all_kept_in_order():
    """A step that lets several options be picked (Fief's "Several…" troops) fixes its parameter to
    every picked value, in order, a picked list spread into it; a single pick keeps its value as it is."""
    from bot.table.prompts import _merge_chosen
    from engine.core.words import Choice

    picked = [Choice("Knight", flow="move", chosen=(("troops", "knight"),)),
              Choice("Two men", flow="move", chosen=(("troops", ("man", "man")),)),
              Choice("Nobody", flow="move", chosen=(("troops", None),))]
    assert _merge_chosen({"to": "york"}, "troops", picked, True) == {"to": "york", "troops": ("knight", "man", "man")}
    assert _merge_chosen({"to": "york"}, "troops", picked[:1], False) == {"to": "york", "troops": "knight"}
