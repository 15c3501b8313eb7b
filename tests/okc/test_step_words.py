"""Every effect step in words (content/vocabulary.describe_step), exactly: each step kind, each field's
branch and default, the per-suit amounts, and the sentence ``describe`` builds from several steps."""

from __future__ import annotations

from typing import Any

import pytest

from engine.okc.content.modules import MODULE_STEPS
from engine.okc.content.vocabulary import STEPS, describe, describe_step

WORDED: list[tuple[dict[str, Any], str]] = [
    ({"do": "gain", "what": "influence", "amount": 2}, "gain 2 Influence"),
    ({"do": "gain", "what": "lore"}, "gain 1 Lore"),
    ({"do": "gain", "what": "lore", "amount": "per_suit:books"}, "gain 1 Lore per books Kingdom card you hold"),
    ({"do": "steal", "what": "influence", "amount": 1}, "steal 1 Influence from an opponent"),
    ({"do": "steal", "what": "lore", "amount": 2, "from": "one_opponent"}, "steal 2 Lore from an opponent"),
    ({"do": "steal", "what": "lore", "amount": 1, "from": "each_opponent"}, "steal 1 Lore from each opponent"),
    ({"do": "steal", "what": "influence", "amount": 3, "from": "region_opponents"},
     "steal 3 Influence from each opponent in this Region"),
    ({"do": "draw", "amount": 2}, "draw 2"),
    ({"do": "draw", "amount": 2, "optional": False}, "draw 2"),
    ({"do": "draw", "amount": 3, "optional": True}, "draw up to 3"),
    ({"do": "discard", "amount": 1}, "discard 1"),
    ({"do": "eliminate"}, "eliminate an opponent's Active card here"),
    ({"do": "eliminate", "target": "one_opponent", "max_strength": 99}, "eliminate an opponent's Active card here"),
    ({"do": "eliminate", "max_strength": 98}, "eliminate an opponent's Active card of printed Strength 98 or less here"),
    ({"do": "eliminate", "max_strength": 4}, "eliminate an opponent's Active card of printed Strength 4 or less here"),
    ({"do": "eliminate", "target": "all_opponents"}, "eliminate every opponent's Active card here"),
    ({"do": "eliminate", "target": "all_opponents", "max_strength": 3},
     "eliminate every opponent's Active card of printed Strength 3 or less here"),
    ({"do": "burn", "target": "self"}, "burn this card"),
    ({"do": "burn", "target": "hand"}, "burn a card from your hand"),
    ({"do": "burn", "target": "lost"}, "burn a card from your Lost Pile"),
    ({"do": "move_herald"}, "move an opponent's Herald"),
    ({"do": "move_herald", "whose": "opponent"}, "move an opponent's Herald"),
    ({"do": "move_herald", "whose": "own"}, "move your Herald"),
    ({"do": "move_herald", "whose": "any"}, "move any Herald"),
    ({"do": "swap"}, "swap one of your face-down cards with a card from your hand"),
    ({"do": "peek"}, "look at an opponent's face-down card"),
    ({"do": "govern"}, "Govern"),
    ({"do": "journey"}, "Journey"),
    ({"do": "strength", "amount": 2}, "this card gains +2 Strength"),
    ({"do": "strength", "amount": -1}, "this card gains -1 Strength"),
    ({"do": "strength", "amount": 0}, "this card gains +0 Strength"),
    ({"do": "bonus", "amount": 2}, "+2 to your Strength in this clash"),
    ({"do": "bonus", "amount": "per_suit:swords"}, "+1 to your Strength in this clash per swords Kingdom card you hold"),
    ({"do": "blank"}, "blank an opponent's Active card here"),
    ({"do": "grant", "keyword": "flank"}, "this card gains Flank"),
    ({"do": "grant", "keyword": "invulnerable"}, "this card gains Invulnerable"),
    ({"do": "recruit", "amount": 2}, "return 2 Supporter(s) from your Lost Pile"),
    ({"do": "unexhaust"}, "unexhaust 1 Tactic(s)"),
    ({"do": "unexhaust", "amount": 2}, "unexhaust 2 Tactic(s)"),
    ({"do": "favour"}, "take the Kingdom's Favour"),
    ({"do": "bottom", "amount": 2}, "put up to 2 cards from hand on the bottom of your deck"),
    ({"do": "recycle"}, "shuffle your discard pile into your deck"),
    ({"do": "recover"}, "return 1 card(s) from your Lost Pile to your hand"),
    ({"do": "recover", "amount": 2, "to": "hand"}, "return 2 card(s) from your Lost Pile to your hand"),
    ({"do": "recover", "amount": 1, "to": "discard"}, "return 1 card(s) from your Lost Pile to your discard"),
    ({"do": "retain"}, "this card stays Active through Winter"),
    ({"do": "clash_again"}, "this Region clashes again"),
    ({"do": "hand_size", "amount": 1}, "hand size +1"),
    ({"do": "hand_size", "amount": -1}, "hand size -1"),
    ({"do": "visit_tower"}, "you may Visit the Whispering Tower"),
    ({"do": "steal_kingdom"}, "steal a Kingdom card from an opponent"),
    ({"do": "claim_reward"}, "claim the reward of a Location of your choice"),
    ({"do": "claim_reward", "where": "any"}, "claim the reward of a Location of your choice"),
    ({"do": "claim_reward", "where": "herald"}, "claim the reward of a Location where your Herald stands"),
    ({"do": "road_gain"}, "gain a Kingdom card from the Great Road without a Bidding card"),
    ({"do": "place_on_map", "effect": "strength", "amount": 2},
     "place this card on a Location: +2 Strength to its holder in clashes in that Region"),
    ({"do": "place_on_map", "effect": "reward", "amount": 1},
     "place this card on a Location: its holder gains 1 Influence whenever that reward is claimed"),
]


@pytest.mark.parametrize(("step", "words"), WORDED, ids=[f"{s['do']}-{i}" for i, (s, _) in enumerate(WORDED)])
def test_each_step_reads_exactly(step: dict[str, Any], words: str) -> None:
    assert describe_step(step) == words


def test_every_step_kind_a_pack_may_use_has_its_own_words() -> None:
    worded = {step["do"] for step, _ in WORDED}
    assert worded == set(STEPS) | set(MODULE_STEPS)


def test_a_kind_without_words_reads_as_itself() -> None:
    assert describe_step({"do": "mystery"}) == "mystery"


def test_several_steps_read_as_one_sentence_with_a_capital() -> None:
    assert describe([]) == ""
    assert describe([{"do": "favour"}]) == "Take the Kingdom's Favour"
    assert describe([{"do": "draw", "amount": 1}, {"do": "discard", "amount": 1}, {"do": "govern"}]) == (
        "Draw 1, then discard 1, then Govern")
