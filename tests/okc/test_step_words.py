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
    ({"do": "draw", "amount": 2}, "draw 2 cards"),
    ({"do": "draw"}, "draw 1 card"),
    ({"do": "draw", "amount": 1, "optional": True}, "draw up to 1 card"),
    ({"do": "draw", "amount": 2, "optional": False}, "draw 2 cards"),
    ({"do": "draw", "amount": 3, "optional": True}, "draw up to 3 cards"),
    ({"do": "discard", "amount": 1}, "discard 1 card from your hand"),
    ({"do": "discard", "amount": 2}, "discard 2 cards from your hand"),
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
    ({"do": "recruit", "amount": 2}, "return 2 Supporters from your Lost Pile"),
    ({"do": "recruit", "amount": 1}, "return 1 Supporter from your Lost Pile"),
    ({"do": "unexhaust"}, "unexhaust 1 Tactic"),
    ({"do": "unexhaust", "amount": 2}, "unexhaust 2 Tactics"),
    ({"do": "favour"}, "take the Kingdom's Favour"),
    ({"do": "bottom", "amount": 2}, "put up to 2 cards from your hand on the bottom of your deck"),
    ({"do": "bottom", "amount": 1}, "put up to 1 card from your hand on the bottom of your deck"),
    ({"do": "recycle"}, "shuffle your discard pile into your deck"),
    ({"do": "recover"}, "return 1 card from your Lost Pile to your hand"),
    ({"do": "recover", "amount": 2, "to": "hand"}, "return 2 cards from your Lost Pile to your hand"),
    ({"do": "recover", "amount": 1, "to": "discard"}, "return 1 card from your Lost Pile to your discard"),
    ({"do": "retain"}, "this card stays Active through Winter"),
    ({"do": "clash_again"}, "this Region clashes again"),
    ({"do": "hand_size", "amount": 1}, "your Hand Size rises by 1"),
    ({"do": "hand_size", "amount": -1}, "your Hand Size falls by 1"),
    ({"do": "hand_size", "amount": 2}, "your Hand Size rises by 2"),
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
        "Draw 1 card, then discard 1 card from your hand, then Govern")


def test_no_generated_text_of_the_shipped_content_hedges_a_plural_or_leaves_out_its_object() -> None:
    """Issue 35: "Return 1 card(s)", "unexhaust 1 Tactic(s)", Ember Heart's bare "discard 1". Every text the
    engine writes for the shipped packs (abilities, Kingdom cards, Location rewards, Boons) counts in agreement
    and names what is drawn, discarded or returned."""
    import re

    from engine.okc.cards import pack_of
    from engine.okc.content.modules import boon_text, load_module_pack
    from engine.okc.modules.wild_kingdom_cards import content as wild_content
    from engine.okc.views import card_view, kingdom_view
    from tests.okc.helpers import data, game

    g = data(game(2, modules="wild_kingdom_cards,whispering_tower,aeronauts,legendary_creatures"))
    pack = pack_of(g)
    texts = [t.text for t in pack.tactics.values()] + [loc.text for loc in pack.locations.values()]
    texts += [card_view(g, cid)["text"] for cid in pack.cards]
    texts += [kingdom_view(g, kid)["text"] for kid in [*pack.kingdom, *wild_content().kingdom]]
    boons = load_module_pack("whispering_tower").boons.values()
    texts += [boon_text(b.kind, b.strength, b.keywords, b.steps, b.after_clash) for b in boons]
    assert len(texts) > 60
    for text in texts:
        assert "(s)" not in text, text
        assert not re.search(r"\b(draw|discard|up to) \d+(\.|,|$| then)", text), text
    ember = next(b for b in boons if b.name == "Ember Heart")
    assert boon_text(ember.kind, ember.strength, ember.keywords, ember.steps, ember.after_clash) == (
        "+6 Strength. After the clash: discard 1 card from your hand")
