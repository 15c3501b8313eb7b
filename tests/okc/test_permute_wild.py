"""The leak permuter with the Wild Kingdom (issue 14): it scrambles which Ally is where (hand, deck, face down
next to a Region, a face-down Ally bid) and who holds which Boon, the Boon stack's order and the Boons on
face-down cards, and never what the table sees: how many Allies each hand holds, which face-down cards are
Allies, how many Boons each player and card holds. Public views and the next action's public events stay
byte for byte the same."""

from __future__ import annotations

import random

from engine.core import Action, apply, canonical, public_events
from engine.okc import RULES
from engine.okc.allies import is_ally
from engine.okc.modules.whispering_tower import tower
from engine.okc.state import Placed
from engine.okc.year import begin_bids
from tests.okc.helpers import data, game, spring_actions

ALLIES = ["uprising.f1", "uprising.f2", "uprising.f3", "uprising.f4", "uprising.c6"]


def allied_game():  # type: ignore[no-untyped-def]
    """Two players in the Spring Action Step; p1 holds Allies in hand and deck and has one face down."""
    state = game(2, modules="travelling_town,whispering_tower")
    spring_actions(state, {"p1": {"plateau": "nobility.f4", "highlands": ALLIES[0]}, "p2": {"plateau": "clans.f2"}},
                   hands={"p1": ["nobility.f1", "nobility.f2", ALLIES[1], ALLIES[2]]})
    g = data(state)
    g.players["p1"].deck = ["nobility.c6", ALLIES[3], "nobility.c7", ALLIES[4]]
    t = tower(g)
    t["supply"]["p1"], t["stack"] = t["stack"][:2], t["stack"][2:]
    g.regions[1].cards[0].boons, t["stack"] = t["stack"][:2], t["stack"][2:]
    return state


def test_allies_trade_places_only_with_allies_and_the_public_sees_nothing_move() -> None:
    state = allied_game()
    public = canonical(RULES.view(state, None))
    assert RULES.view(state, None)["players"]["p1"]["allies"] == 2
    assert RULES.view(state, None)["regions"][0]["cards"]["p1"] == [{"face_up": False, "ally": True}]
    seen_down, seen_boons = set(), set()
    for seed in range(12):
        twin = RULES.copy(state)
        RULES.permute_hidden(twin, random.Random(seed))
        h = data(twin)
        assert canonical(RULES.view(twin, None)) == public
        p = h.players["p1"]
        assert [is_ally(h, "p1", c) for c in p.deck] == [False, True, False, True]
        assert sum(is_ally(h, "p1", c) for c in p.hand) == 2 and len(p.hand) == 4
        down = h.regions[0].cards[0].card
        assert down in ALLIES
        seen_down.add(down)
        seen_boons.add(tuple(h.regions[1].cards[0].boons))
        # the next action's public events are the same in both worlds
        mine = apply(RULES, RULES.copy(state), "p1", Action.of("pass"))
        theirs = apply(RULES, twin, "p1", Action.of("pass"))
        assert canonical([e.to_json() for e in public_events(mine)]) == \
            canonical([e.to_json() for e in public_events(theirs)])
    assert len(seen_down) > 1 and len(seen_boons) > 1


def test_a_face_down_ally_bid_is_scrambled_while_two_declarations_remain() -> None:
    state = game(3, modules="travelling_town")
    g = data(state)
    g.secret = None
    g.players["p1"].hand += [ALLIES[0], ALLIES[1]]
    g.players["p2"].hand.append("gathering.f2")
    g.players["p3"].hand.append("gathering.f3")
    begin_bids(state)
    apply(RULES, state, "p1", Action.of("ally", card=ALLIES[0]))
    assert g.ally_bids == {"p1": ALLIES[0]} and g.turn_queue == ["p2", "p3"]
    public = canonical(RULES.view(state, None))
    bids = set()
    for seed in range(10):
        twin = RULES.copy(state)
        RULES.permute_hidden(twin, random.Random(seed))
        assert canonical(RULES.view(twin, None)) == public
        bid = data(twin).ally_bids["p1"]
        assert is_ally(data(twin), "p1", bid)
        bids.add(bid)
    assert bids == {ALLIES[0], ALLIES[1]}


def test_the_last_declaration_keeps_the_ally_bid_in_place() -> None:
    """With one declaration left, the next action may reveal the bids: the Ally bid stays as it is."""
    state = game(2, modules="travelling_town")
    g = data(state)
    g.secret = None
    g.players["p1"].hand += [ALLIES[0], ALLIES[1]]
    g.players["p2"].hand.append("nobility.f3")
    begin_bids(state)
    apply(RULES, state, "p1", Action.of("ally", card=ALLIES[0]))
    for seed in range(5):
        twin = RULES.copy(state)
        RULES.permute_hidden(twin, random.Random(seed))
        assert data(twin).ally_bids == {"p1": ALLIES[0]}


def test_boons_keep_their_counts_everywhere() -> None:
    state = allied_game()
    g = data(state)
    g.regions[2].cards.append(Placed("clans.f3", "p2", face_up=True, boons=[tower(g)["stack"].pop()]))
    before = {k: len(v) for k, v in tower(g)["supply"].items()}
    shown = canonical(RULES.view(state, None))
    orders = set()
    for seed in range(8):
        twin = RULES.copy(state)
        RULES.permute_hidden(twin, random.Random(seed))
        t = tower(data(twin))
        assert {k: len(v) for k, v in t["supply"].items()} == before
        assert data(twin).regions[2].cards[-1].boons == g.regions[2].cards[-1].boons   # face up: known to all
        assert canonical(RULES.view(twin, None)) == shown
        orders.add(tuple(t["stack"]))
    assert len(orders) > 1
