"""The Travelling Town (Wild Kingdom): Travel over three rounds, Influence left on Locations, a full Town,
instant cards, cards the Custodians keep."""

from __future__ import annotations

from engine.okc import RULES
from engine.okc.modules.travelling_town import PIECE, town
from engine.okc.pieces import travel_piece
from engine.okc.words.names import kingdom_name
from engine.okc.words.wording import WORDS
from tests.okc.helpers import data, do, game, pass_until, refused, spring_actions
from tests.okc.words_games import audience


def test_travel_follows_the_three_round_example() -> None:
    state = game(2, modules="travelling_town")
    g = data(state)
    g.pieces[PIECE] = "castle"
    assert [travel_piece(state, PIECE) for _ in range(3)] == ["battlefield", "shrine", "wilderness"]


def test_travel_follows_the_night_map_layout() -> None:
    state = game(2, modules="night_map,travelling_town", night_map="castle,wilderness,shrine,necropolis,"
                                                                    "battlefield,harvest_field")
    g = data(state)
    g.pieces[PIECE] = "castle"
    # The Castle is top left: down to the middle Region's right side (the Necropolis), then the bottom left.
    assert [travel_piece(state, PIECE) for _ in range(2)] == ["necropolis", "battlefield"]


def test_the_starting_location_is_drawn_from_the_bag() -> None:
    state = game(2, modules="travelling_town")
    assert data(state).pieces[PIECE] in {"castle", "wilderness", "battlefield", "harvest_field", "necropolis", "shrine"}


def win_plateau(state, location: str) -> None:  # type: ignore[no-untyped-def]
    spring_actions(state, {"p1": {"plateau": "nobility.c9"}})
    pass_until(state, "clash_order")
    do(state, "p2", "order regions:plateau,highlands,lowlands")
    pass_until(state, "claim")
    do(state, "p1", f"claim location:{location}")


def test_influence_left_by_the_town_goes_with_the_location_reward_not_with_a_visit() -> None:
    state = game(2, modules="travelling_town")
    g = data(state)
    g.pieces[PIECE] = "harvest_field"
    town(g)["left"] = {"battlefield": 2, "harvest_field": 1}
    before = g.players["p1"].influence
    win_plateau(state, "battlefield")
    assert g.players["p1"].influence >= before + 2 and town(g)["left"] == {"harvest_field": 1}


def test_a_visit_leaves_the_influence_on_the_location() -> None:
    state = game(2, modules="travelling_town")
    g = data(state)
    g.pieces[PIECE] = "harvest_field"
    town(g)["left"] = {"harvest_field": 1}
    win_plateau(state, "harvest_field")
    do(state, "p1", "choose option:travelling_town")
    assert town(g)["left"] == {"harvest_field": 1}


def test_a_full_town_discards_a_kept_card_for_the_new_one() -> None:
    state = game(2, modules="travelling_town")
    g = data(state)
    g.pieces[PIECE] = "harvest_field"
    t = town(g)
    t["spaces"] = ["k.toll_bridge", "k.mint"]
    g.players["p2"].kingdom = ["k.toll_bridge", "k.mint"]
    g.players["p2"].custodians = ["k.toll_bridge", "k.mint"]
    g.great_road = ["k.guild_hall", "", ""]
    g.kingdom_deck = []
    win_plateau(state, "harvest_field")
    do(state, "p1", "choose option:travelling_town")
    assert g.choice is not None and g.choice.kind == "town_displace"
    question = WORDS.question(state, RULES.pending(state)[0], "p1", audience(state).to("p1"))
    assert question.endswith(f"to make room for {kingdom_name(state, 'k.guild_hall')}?")
    do(state, "p1", "choose option:k.mint")
    assert t["spaces"] == ["k.toll_bridge", "k.guild_hall"]
    assert g.players["p2"].kingdom == ["k.toll_bridge"] and "k.mint" in g.kingdom_discard
    assert g.players["p1"].custodians == ["k.guild_hall"]


def test_an_instant_card_is_carried_out_and_not_kept() -> None:
    state = game(2, modules="travelling_town")
    g = data(state)
    g.pieces[PIECE] = "harvest_field"
    g.great_road = ["k.tax_rolls", "", ""]
    g.kingdom_deck = []
    discard = list(g.players["p1"].discard)
    win_plateau(state, "harvest_field")
    events = do(state, "p1", "choose option:travelling_town")
    assert town(g)["spaces"] == ["", ""] and "k.tax_rolls" in g.kingdom_discard
    told = [str(WORDS.event(state, e, audience(state).public())) for e in events if e.kind == "okc.town_card"]
    assert len(told) == 1 and told[0].endswith("and carry out its instructions.")
    assert g.players["p1"].discard == discard           # no Bidding card to discard


def test_cards_the_custodians_keep_cannot_be_stolen_and_need_no_space() -> None:
    from engine.okc.actions import occupy_space

    state = game(2, modules="travelling_town")
    g = data(state)
    g.players["p2"].kingdom = ["k.siege_commander", "k.silver_mine"]
    g.players["p2"].custodians = ["k.siege_commander", "k.silver_mine"]
    assert occupy_space(g, "p2")
    g.players["p1"].hand = ["nobility.c9"]
    g.players["p2"].hand = ["clans.c6"]
    do(state, "p1", "bid card:nobility.c9")
    do(state, "p2", "bid card:clans.c6")
    assert g.bid_queue[0] == "p1"
    refused(state, "p1", "steal card:k.siege_commander", "not_held")


def test_a_choice_of_kingdom_cards_at_the_town_is_asked_in_words() -> None:
    state = game(2, modules="travelling_town")
    g = data(state)
    g.pieces[PIECE] = "harvest_field"
    g.great_road = ["k.guild_hall", "k.mint", ""]
    g.kingdom_deck = []
    win_plateau(state, "harvest_field")
    do(state, "p1", "choose option:travelling_town")
    assert g.choice is not None and g.choice.kind == "town_card"
    assert RULES.view(state, "p1")["choice"]["prompt"] == "gain which Kingdom card from the Great Road"


def test_the_town_starts_empty_and_trades_one_influence_more_when_nobody_visited() -> None:
    from engine.okc.modules.travelling_town import TravellingTown

    state = game(2, modules="travelling_town")
    g = data(state)
    t = town(g)
    assert t["influence"] == 0 and t["visited"] is False and t["spaces"] == ["", ""]
    TravellingTown().winter(state)                  # unvisited: 2
    assert t["influence"] == 2
    t["visited"] = True
    TravellingTown().winter(state)                  # visited this year: 1
    assert t["influence"] == 3 and t["visited"] is False


def test_influence_the_town_left_is_told_when_claimed() -> None:
    """The Influence the Town leaves on a Location goes to whoever claims its reward, told to the table."""
    from engine.core import Audience, Event

    state = game(3, modules="travelling_town")
    line = WORDS.event(state, Event.public("okc.town_influence_claimed", seat="p1", location="wilderness", influence=2),
                       Audience(None, {"p1": "Alice"}))
    assert line and line.endswith("also take the 2 Influence the Town left at the Wilderness (Highlands).")


def test_the_town_trades_and_travels_after_the_other_winter_effects() -> None:
    """Ruling W11: Councils, Kingdom cards and Active cards resolve their Winter effects first; the modules'
    Winter effects (the Near & Far's Travel, then the Town's Trade & Travel, in module order) come last."""
    from engine.okc.effects import run_jobs
    from engine.okc.year import after_autumn

    state = game(2, modules="travelling_town,aeronauts")
    g = data(state)
    g.pieces["travelling_town"] = "castle"
    g.pieces["aeronauts"] = "shrine"
    g.players["p1"].kingdom = ["k.toll_bridge"]
    g.players["p2"].kingdom = ["k.toll_bridge"]
    state.take_events()
    after_autumn(state)
    run_jobs(state)
    events = state.take_events()
    kinds = [e.kind for e in events]
    gains = [i for i, e in enumerate(events) if e.kind == "okc.influence"]
    assert len(gains) == 2
    travels = [e.data["piece"] for e in events if e.kind == "okc.travelled"]
    assert travels == ["aeronauts", "travelling_town"]
    assert max(gains) < kinds.index("okc.travelled") < kinds.index("okc.town_trade")
