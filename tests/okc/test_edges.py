"""Both sides of the boundaries the rules draw (issue 12): no Strength means no winner, the game ends
after exactly the chosen number of rounds, a Strength cap includes its value, and a Kingdom card's
Votes count only with a card of one's own in the Council."""

from __future__ import annotations

import pytest

from engine.okc import councils
from engine.okc.clash import tally
from engine.okc.effects import s_eliminate
from engine.okc.state import Clash, Placed, Seated
from tests.okc.helpers import data, find, game
from tests.okc.test_winter import autumn_pass


@pytest.mark.parametrize("gained,winner", [(-20, None), (-5, None), (-4, "p1")])
def test_p29_nobody_above_zero_strength_means_no_winner(gained, winner):
    """R15: a lone card tallied at 0 wins nothing; at 1 it wins."""
    state = game(2)
    g = data(state)
    reg = g.regions[0]
    reg.cards = [Placed("nobility.f4", "p1", face_up=True, gained=gained)]
    reg.supporters = {}
    g.clash = Clash(reg.id, first=False)
    state.take_events()   # what came before
    events = state._events   # the list the rules emit into (a compiled GameState's emit cannot be replaced)
    tally(state)
    assert g.clash is None or g.clash.winner == winner
    assert bool(find(events, "okc.no_winner")) is (winner is None)


@pytest.mark.parametrize("length", [4, 5, 6])
def test_p33_the_game_ends_after_exactly_the_chosen_rounds(length):
    state = game(2, length=length)
    g = data(state)
    g.round = length - 1
    autumn_pass(state)
    assert not g.over and g.round == length
    autumn_pass(state)
    assert g.over


@pytest.mark.parametrize("card,gone", [("clans.f3", True), ("gathering.f4", False)])
def test_a_strength_cap_includes_its_value(card, gone):
    state = game(2)
    g = data(state)
    reg = g.regions[0]
    reg.cards = [Placed(card, "p2", face_up=True)]
    s_eliminate(state, "p1", {"do": "eliminate", "max_strength": 3, "target": "all_opponents"}, {"region": reg.id},
                None)
    assert (not reg.cards) is gone


def test_p31_kingdom_votes_count_only_with_your_own_card_in_the_council():
    state = game(2)
    g = data(state)
    council = sorted(g.councils)[0]
    g.players["p1"].kingdom = ["k.guild_hall"]            # +1 Vote
    g.councils[council] = [Seated("clans.f3", "p2")]
    assert councils.votes(g, "p1", council) == 0
    g.councils[council].append(Seated("nobility.f4", "p1"))
    assert councils.votes(g, "p1", council) == 1 + 0      # its Kingdom Vote, the card has none


def test_p32_a_refused_journey_lists_the_cards_that_could_journey():
    from engine.core import RuleError
    from engine.okc.lore import check_journey, journey_cards
    state = game(2)
    g = data(state)
    with_lore = journey_cards(g, "p1")
    assert with_lore, "the starting hand holds a card with a Lore icon"
    with pytest.raises(RuleError) as err:
        check_journey(g, "p1", "no.such.card")
    assert err.value.legal == with_lore
    g.players["p1"].hand = [c for c in g.players["p1"].hand if c not in with_lore]
    with pytest.raises(RuleError) as err:
        check_journey(g, "p1", "no.such.card")
    assert err.value.legal == "no card with Lore icons in hand"
