"""The Start of the Year and the Spring bids (p.16-17) step by step: the Order Track with ties reversed
group by group and its event, the year's opening, the bids opened only for seats able to bid, the bids
revealed and ranked by printed Strength then Order Track, and the Great Road refilled from the deck."""

from __future__ import annotations

from engine.core import GameState
from engine.core.secret import SecretChoices
from engine.okc.year import open_bids, order_track, repopulate, start_of_year, wait_bids
from tests.okc.helpers import data, game


def fresh(n: int = 3) -> GameState:
    state = game(n)
    state.take_events()
    return state


def test_the_order_track_puts_most_influence_first_and_reverses_each_tie() -> None:
    state = fresh(4)
    g = data(state)
    g.order = ["p1", "p2", "p3", "p4"]
    for seat, influence in zip(g.order, (3, 5, 3, 1), strict=True):
        g.players[seat].influence = influence
    order_track(state)
    assert g.order == ["p2", "p3", "p1", "p4"]
    assert [(e.kind, e.to, e.data) for e in state.take_events()] == [
        ("okc.order", None, {"order": ["p2", "p3", "p1", "p4"]})]


def test_the_order_track_with_everyone_level_turns_right_round() -> None:
    state = fresh(3)
    g = data(state)
    g.order = ["p3", "p1", "p2"]
    for p in g.players.values():
        p.influence = 2
    order_track(state)
    assert g.order == ["p2", "p1", "p3"]


def test_the_year_opens_with_its_round_then_draws_orders_and_opens_the_bids() -> None:
    state = fresh(2)
    g = data(state)
    g.round = 2
    g.revealed_bids, g.ally_bids = {"p1": "nobility.c6"}, {}
    assert start_of_year(state) is True
    kinds = [e.kind for e in state.take_events()]
    assert kinds[0] == "okc.round" and "okc.order" in kinds
    assert g.step == "bid" and g.revealed_bids == {} and g.secret is not None and g.secret.key == "bid-2"


def test_bids_open_for_every_seat_holding_a_card_and_none_when_nobody_can() -> None:
    state = fresh(3)
    g = data(state)
    g.players["p2"].hand = []
    open_bids(state)
    assert g.step == "bid" and g.secret is not None
    assert (g.secret.key, g.secret.awaiting) == (f"bid-{g.round}", ["p1", "p3"])
    for p in g.players.values():
        p.hand = []
    open_bids(state)
    assert g.secret is None


def test_bids_revealed_leave_the_hand_and_rank_by_strength_then_order() -> None:
    state = fresh(3)
    g = data(state)
    g.order = ["p3", "p1", "p2"]
    g.players["p1"].hand = ["nobility.c6", "nobility.f1"]
    g.players["p2"].hand = ["clans.c6"]
    g.players["p3"].hand = ["gathering.f1"]
    g.secret = SecretChoices("bid-1", ["p1", "p2", "p3"])
    g.secret.submit(state, "p1", "nobility.c6")
    assert wait_bids(state) is False and g.step != "resolve_bids"
    g.secret.submit(state, "p2", "clans.c6")
    g.secret.submit(state, "p3", "gathering.f1")
    assert wait_bids(state) is True
    assert g.secret is None and g.step == "resolve_bids"
    assert g.players["p1"].hand == ["nobility.f1"] and g.players["p2"].hand == []
    assert g.revealed_bids == {"p1": "nobility.c6", "p2": "clans.c6", "p3": "gathering.f1"}
    assert g.bid_queue == ["p1", "p2", "p3"]          # 6 and 6 by the Order Track (p1 before p2), then 1


def test_with_no_bids_at_all_the_bids_resolve_at_once() -> None:
    state = fresh(2)
    g = data(state)
    g.secret = None
    assert wait_bids(state) is True
    assert g.revealed_bids == {} and g.bid_queue == [] and g.step == "resolve_bids"


def test_the_great_road_fills_its_empty_slots_in_order_from_the_deck() -> None:
    state = fresh(2)
    g = data(state)
    g.great_road, g.kingdom_deck = ["", "k.mint", ""], ["k.oracle", "k.bribes", "k.blacksmith"]
    repopulate(state)
    assert g.great_road == ["k.oracle", "k.mint", "k.bribes"] and g.kingdom_deck == ["k.blacksmith"]
    assert [(e.kind, e.data) for e in state.take_events()] == [
        ("okc.great_road", {"road": ["k.oracle", "k.mint", "k.bribes"], "top": "k.blacksmith"})]
    g.great_road, g.kingdom_deck = ["", "", "k.mint"], ["k.oracle"]
    repopulate(state)
    assert g.great_road == ["k.oracle", "", "k.mint"] and g.kingdom_deck == []
    assert [e.data for e in state.take_events()] == [{"road": ["k.oracle", "", "k.mint"], "top": None}]
