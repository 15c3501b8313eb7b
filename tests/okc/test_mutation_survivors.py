"""OKC behaviours the mutation sample (make mutate) found unchecked: the setup event, the public view's
Council names, the Occupy spaces (p.19) and the option refusals (p.7 Setup H)."""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.okc import RULES
from engine.okc.setup import check_options, default_options
from tests.okc.helpers import data, game


def test_setup_event_tells_the_turn_order():
    state, events = RULES.new_game(["p1", "p2", "p3"], {**default_options(3), "order": "seated"}, 4)
    (setup,) = [e for e in events if e.kind == "okc.setup"]
    assert setup.data["order"] == data(state).order == ["p1", "p2", "p3"]


def test_the_public_view_names_each_council():
    state = game(2)
    councils = RULES.view(state, None)["councils"]
    assert councils and all(c["name"] for c in councils)


def test_p7_setup_h_roles_and_factions_together_are_refused_with_both_ways_shown():
    opts = {**default_options(2), "roles": "random,random", "factions": "nobility,clans"}
    with pytest.raises(RuleError) as err:
        check_options(2, opts)
    assert err.value.section == "p.7 Setup H"
    assert any(str(x).startswith("roles=") for x in err.value.legal)
    assert any(str(x).startswith("factions=") for x in err.value.legal)


def test_an_instant_kingdom_card_is_discarded_and_its_gift_queued():
    from engine.okc.play import gain_kingdom
    state = game(2)
    g = data(state)
    gain_kingdom(state, "p1", "k.star_chart", "bid-card")
    assert "k.star_chart" in g.kingdom_discard and "k.star_chart" not in g.players["p1"].kingdom
    assert g.players["p1"].discard == ["bid-card"]
    assert [(j.seat, j.steps) for j in g.jobs] == [("p1", [{"do": "gain", "what": "lore", "amount": 2}])]


def test_p19_the_board_has_two_occupy_spaces():
    from engine.okc.actions import occupy_space
    state = game(2)
    p = data(state).players["p1"]
    p.kingdom = ["k.market_charter"]
    assert occupy_space(data(state), "p1")
    p.kingdom = ["k.market_charter", "k.silver_mine"]
    assert not occupy_space(data(state), "p1")


def test_a_step_without_an_amount_counts_one():
    from engine.okc.content.vocabulary import describe_step
    assert describe_step({"do": "draw"}) == "draw 1 card"


def test_sabotage_finds_nothing_to_blank_when_the_opponents_card_is_already_blank():
    from tests.okc.helpers import do, region, spring_actions, to_summer
    state = game(2, factions="uprising,nobility")
    g = data(state)
    spring_actions(state, {"p1": {"highlands": "uprising.c6"}, "p2": {"highlands": "nobility.c7"}})
    to_summer(state)
    do(state, "p1", "pass")
    do(state, "p2", "command card:nobility.c7")
    region(state, "highlands").cards[1].blanked = True
    g.turn_queue.insert(0, "p1")
    do(state, "p1", "tactic id:uprising.sabotage")
    assert g.choice is None or g.choice.kind != "blank"


def test_winter_effects_of_an_active_card_go_to_its_owner():
    from engine.okc.state import Placed
    from engine.okc.year import after_autumn
    state = game(2, factions="gathering,nobility")
    g = data(state)
    g.jobs.clear()
    g.regions[0].cards.append(Placed("gathering.circle", "p1", face_up=True))
    g.regions[0].cards.append(Placed("gathering.deadly", "p1", face_up=False))
    after_autumn(state)
    winter = [(j.seat, j.ctx.get("source")) for j in g.jobs if str(j.ctx.get("source", "")).startswith("winter:")]
    assert winter == [("p1", "winter:gathering.circle")]
