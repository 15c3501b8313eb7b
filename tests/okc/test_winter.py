"""Winter (p.33), the Start of the Year (p.16), Attrition (p.16, p.47) and the end (p.34, p.45)."""

from __future__ import annotations

from engine.okc import RULES
from engine.okc.state import Placed, Seated
from tests.okc.helpers import data, do, find, game


def autumn_pass(state) -> list:
    g = data(state)
    g.secret = None
    g.turn_queue = list(g.order)
    g.step, g.season = "autumn", "autumn"
    events = []
    for seat in list(g.order):
        events += do(state, seat, "pass")
    return events


def test_council_tiers_in_winter_then_cleanup() -> None:
    state = game(2)
    g = data(state)
    g.councils["relics"] = [Seated("nobility.c6", "p1"), Seated("nobility.f1", "p1")]   # 3 Votes
    g.councils["oaths"] = [Seated("clans.f1", "p2")]                                     # 1 Vote
    g.players["p2"].supporters, g.players["p2"].supporters_lost = 2, 3
    g.players["p1"].herald = "castle"
    g.regions[0].supporters = {"p1": 2}
    g.players["p1"].supporters = 3
    g.regions[0].cards = [Placed("nobility.c9", "p1", face_up=True), Placed("nobility.keep", "p1", face_up=True,
                                                                             retained=True)]
    g.regions[0].resolved = True
    events = autumn_pass(state)
    assert g.players["p1"].influence == 2                       # Relics, 3 Votes
    assert g.players["p2"].supporters == 4                      # Oaths: 2 back
    # Cleanup: Heralds home, placed Supporters lost, Active cards discarded, a retained card stays.
    assert g.players["p1"].herald is None and g.players["p1"].supporters_lost == 2
    assert "nobility.c9" in g.players["p1"].discard
    assert [p.card for p in g.regions[0].cards] == ["nobility.keep"] and not g.regions[0].cards[0].retained
    assert "nobility.c6" in g.players["p1"].discard and g.councils["relics"] == []
    assert find(events, "okc.round")[0].data["round"] == 2
    assert g.round == 2 and g.step == "bid"


def test_start_of_year_draws_and_orders_by_influence_ties_reversed() -> None:
    state = game(3)
    g = data(state)
    g.order = ["p1", "p2", "p3"]
    g.players["p1"].influence, g.players["p2"].influence, g.players["p3"].influence = 2, 2, 5
    g.players["p1"].hand = []
    events = autumn_pass(state)
    assert g.order == ["p3", "p2", "p1"]
    assert len(g.players["p1"].hand) == 6
    drew = [e for e in events if e.kind == "okc.drew.cards"]
    assert all(e.to is not None for e in drew)


def test_attrition_reshuffles_and_lowers_hand_size() -> None:
    from engine.okc.deck import draw

    state = game(2)
    g = data(state)
    p = g.players["p1"]
    p.deck, p.discard, p.hand = [], ["nobility.c6", "nobility.c7"], ["nobility.f1"] * 0
    draw(state, "p1", 1)
    assert p.hand_size == 5 and len(p.deck) == 1 and len(p.hand) == 1
    events = state.take_events()
    assert [e for e in events if e.kind == "okc.attrition"]


def test_hand_size_never_below_three() -> None:
    from engine.okc.deck import attrition

    state = game(2)
    p = data(state).players["p1"]
    p.hand_size = 3
    p.discard = ["nobility.c6"]
    attrition(state, "p1")
    assert p.hand_size == 3


def test_faq_over_hand_size_after_attrition_discard_at_once() -> None:
    state = game(2)
    g = data(state)
    p = g.players["p1"]
    p.hand = ["nobility.c6", "nobility.c7", "nobility.c8", "nobility.c9", "nobility.f1", "nobility.f2"]
    p.deck, p.discard = [], ["nobility.f3"]
    g.secret = None
    g.turn_queue = ["p1", "p2"]
    g.step, g.season = "autumn", "autumn"
    g.players["p1"].tactics = {**g.players["p1"].tactics}
    from engine.okc.effects import queue
    from engine.okc.year import advance
    queue(g, "p1", [{"do": "draw", "amount": 1}])
    advance(state)
    # Drew f3 after Attrition: 7 cards, Hand Size 5 -> discard 2 now, before anything else.
    assert p.hand_size == 5 and len(p.hand) == 7
    assert g.choice.kind == "discard" and g.choice.count == 2
    do(state, "p1", "choose option:nobility.f1")
    do(state, "p1", "choose option:nobility.f2")
    assert len(p.hand) == 5 and g.choice is None


def test_game_ends_after_the_last_round_with_lore_conversion() -> None:
    state = game(2, length=4)
    g = data(state)
    g.round = 4
    g.players["p1"].site = []
    g.players["p1"].lore = 5
    g.players["p2"].lore = 5                       # p2 still has Site of Power cards: no conversion
    g.players["p1"].influence = 10
    g.players["p2"].influence = 12
    events = autumn_pass(state)
    assert g.over and g.players["p1"].influence == 12 and g.players["p1"].lore == 1
    assert g.players["p2"].influence == 12
    result = RULES.result(state)
    # Tied on 12: nobody holds the Favour, so the Order Track decides (p1 is first).
    assert result.winners == ("p1",) and "Order Track" in result.reason
    assert find(events, "okc.game_over")
    assert RULES.pending(state) == []


def test_favour_holder_wins_a_tie() -> None:
    state = game(2, length=4)
    g = data(state)
    g.round = 4
    g.players["p1"].influence = g.players["p2"].influence = 9
    g.favour_holder = "p2"
    autumn_pass(state)
    result = RULES.result(state)
    assert result.winners == ("p2",) and "Favour" in result.reason


def test_most_influence_wins() -> None:
    state = game(3, length=4)
    g = data(state)
    g.round = 4
    g.players["p3"].influence = 4
    autumn_pass(state)
    assert RULES.result(state).winners == ("p3",)
