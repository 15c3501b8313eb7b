"""The random players' weights (engine.fief.rules.agent_weight, engine.fief.playouts.weights): a table
pinning each weight per kind and situation, so that a changed number or a branch taken on the wrong
side shows. They change no rule; they shape what random playouts reach (issue 13's coverage goals)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Action
from engine.fief import RULES
from engine.fief.state import Task
from engine.fief.war.state import Battle
from tests.fief.helpers import g, new, place


def _state(phase: int = 5, step: str = "move"):  # type: ignore[no-untyped-def]
    s = new(4)
    d = g(s)
    d.flow.phase, d.flow.step, d.flow.round, d.flow.turn = phase, step, 2, 0
    d.flow.queue = ["red"]
    return s


def _w(kind: str, state: Any = None, **args: Any) -> float:
    s = state if state is not None else _state()
    return RULES.agent_weight(s, "ann", Action.of(kind, **args))


@pytest.mark.parametrize("kind,args,weight", [
    ("battle_next", {"choice": "continue"}, 6.0),
    ("battle_next", {"choice": "surrender"}, 1.0),
    ("passage", {"card": "passage-1", "use": "tunnels"}, 4.0),
    ("passage", {"card": "passage-1", "use": "aid"}, 4.0),
    ("passage", {"card": "passage-1", "use": "guide"}, 4.0),
    ("passage", {"card": "passage-1", "use": "withdraw"}, 4.0),
    ("passage", {"card": "passage-1", "use": "storms"}, 1.0),
    ("passage", {"card": "passage-1", "use": "escape"}, 1.0),
    ("rebellion", {"card": "rebellion-1"}, 2.0),
    ("assassinate", {"card": "assassination-1"}, 0.2),
    ("justice", {"card": "justice-1"}, 0.3),
    ("ambush", {"card": "ambush-1"}, 0.3),
    ("quell", {}, 2.0),
    ("vote_election", {"support": "william"}, 4.0),
    ("vote_election", {"support": "none"}, 0.5),
    ("vote_election", {}, 0.5),
    ("vote_tax", {"vote": "for"}, 3.0),
    ("vote_tax", {"vote": "against"}, 1.0),
    ("propose_marriage", {}, 8.0),
    ("nominate", {}, 6.0),
    ("convene_parliament", {}, 8.0),
    ("award_garter", {}, 60.0),
    ("play_clergy", {}, 10.0),
    ("buy_title", {}, 40.0),
    ("grant_title", {}, 40.0),
    ("danegeld", {}, 10.0),
    ("intervene", {}, 6.0),
    ("deal", {}, 3.0),
    ("respond", {"request": 999, "accept": True}, 1.0),
    ("pass_turn", {}, 1.0),
])
def test_each_kind_has_its_weight_outside_a_battle(kind, args, weight) -> None:
    assert _w(kind, **args) == weight


def test_o_6b_a_strike_between_two_battle_rounds_weighs_twelve_and_only_then() -> None:
    s = _state(7, "battle")
    d = g(s)
    d.war.battle = Battle("Oxford", "red", "blue", rolls=1)
    d.tasks.append(Task("battle_next", "red", city="Oxford"))
    for kind in ("assassinate", "justice", "ambush"):
        assert _w(kind, s) == 12.0
    assert _w("rebellion", s) == 2.0
    d.tasks.append(Task("losses", "blue", city="Oxford"))   # a second task: not between two rounds
    assert (_w("assassinate", s), _w("justice", s), _w("ambush", s)) == (0.2, 0.3, 0.3)


def test_12_0_a_relic_for_the_sovereign_weighs_most_of_the_board_actions() -> None:
    """board.legal.weight (read first for every board action)."""
    s = _state()
    assert _w("give_relic", s, to="walter") == 0.3
    g(s).nobles["walter"].titles.append("king")
    assert _w("give_relic", s, to="walter") == 8.0
    assert _w("give_relic", s, to="edward") == 0.3
    for kind, weight in (("draw_excalibur", 6.0), ("take_excalibur", 6.0), ("play_board_card", 6.0),
                         ("shinbone", 6.0), ("leave_relic", 0.3), ("take_relic", 0.3),
                         ("chasuble", 0.3), ("hire", 0.5), ("lend_mercenaries", 0.5)):
        assert _w(kind, s) == weight, kind


def test_7_0_battles_against_invaders_weigh_most_where_a_lord_of_the_family_stands() -> None:
    s = _state(7, "battle")
    d = g(s)
    d.nobles["william"].city = "York"
    assert _w("battle", s, city="York", against="blue") == 0.4
    assert _w("battle", s, city="York", against="invaders") == 3.0
    d.nobles["william"].titles.append("lord:IV")
    assert _w("battle", s, city="York", against="invaders") == 20.0
    assert _w("battle", s, city="Oxford", against="invaders") == 3.0
    d.nobles["william"].captor = "blue"
    assert _w("battle", s, city="York", against="invaders") == 3.0


def test_4_3_a_stronghold_weighs_more_for_each_city_held_in_its_region() -> None:
    s = _state(4, "purchase")
    d = g(s)
    assert _w("build", s, what="mill", city="York") == 1.0
    assert _w("build", s, what="stronghold", city="Atlantis") == 1.0
    assert _w("build", s, what="stronghold", city="York") == 4.0
    d.cities["York"].controller = "red"
    assert _w("build", s, what="stronghold", city="York") == 8.0
    d.cities["Whitby"].controller = "red"
    assert _w("build", s, what="stronghold", city="York") == 12.0
    d.cities["Lincoln"].building = "fortified"
    assert _w("build", s, what="stronghold", city="York") == 1.0


def test_5_1_moves_toward_a_region_held_and_away_from_emptying_a_city() -> None:
    s = _state()
    d = g(s)
    d.nobles["william"].city = "Oxford"
    assert _w("move", s, noble="nobody", to="York") == 1.0
    assert _w("move", s, noble="william", to="Atlantis") == 1.0
    assert _w("move", s, noble="william", to="York") == 6.0        # a region nobody holds yet
    d.cities["Whitby"].controller = "blue"
    assert _w("move", s, noble="william", to="York") == 1.0        # somebody holds part of it
    d.cities["Whitby"].controller = "red"
    assert _w("move", s, noble="william", to="York") == 30.0       # free, in a region red holds part of
    d.cities["York"].controller = "blue"
    assert _w("move", s, noble="william", to="York") == 3.0        # held by another, in red's region
    d.cities["York"].controller = "red"
    assert _w("move", s, noble="william", to="York") == 1.0        # its own city
    place(s, "red", "Oxford", "men")
    d.cities["Whitby"].controller = None
    d.cities["York"].controller = None
    assert _w("move", s, noble="william", to="York", troops=["men"]) == 0.05   # Oxford left empty
    assert _w("move", s, noble="william", to="York") == 6.0                    # a soldier stays
    d.nobles["lucia"].city = "Oxford"
    assert _w("move", s, noble="william", to="York", troops=["men"]) == 6.0    # lucia keeps it
    d.nobles["lucia"].captor = "blue"
    assert _w("move", s, noble="william", to="York", troops=["men"]) == 0.05   # a captive keeps nothing
    d.nobles["lucia"].captor = None
    d.nobles["william"].outskirts = True
    d.nobles["lucia"].city = None
    assert _w("move", s, noble="william", to="York", troops=["men"]) == 6.0    # not inside: nothing emptied


def test_agent_weights_are_agent_weight_for_every_legal_action() -> None:
    s = _state()
    d = g(s)
    d.nobles["william"].city = "Oxford"
    place(s, "red", "Oxford", "men", "knight")
    legal = RULES.legal(s, "ann")
    assert legal
    assert RULES.agent_weights(s, "ann", legal) == [RULES.agent_weight(s, "ann", a) for a in legal]


@pytest.mark.parametrize("players,seed", [(2, 3), (4, 5)])
def test_agent_weights_match_agent_weight_through_a_whole_round_of_defaults(players, seed) -> None:
    """The fast path (agent_weights: once per kind, a memo for moves) gives agent_weight's numbers at
    every decision of Round 1 and 2, in every phase, with Opportunity cards in hand."""
    from engine.core import apply
    from tests.fief.helpers import give_card
    s = new(players, seed)
    for seat, card in zip(g(s).players, ("passage-1", "ambush-1", "assassination-1", "justice-1"), strict=False):
        give_card(s, seat, card)
    phases = set()
    for _ in range(900):
        d = g(s)
        if d.flow.round > 2 or RULES.result(s) is not None:
            break
        decision = next(x for x in RULES.pending(s) if x.blocking)
        seat = decision.seats[0]
        legal = RULES.legal(s, seat)
        phases.add(d.flow.phase)
        assert RULES.agent_weights(s, seat, legal) == [RULES.agent_weight(s, seat, a) for a in legal]
        apply(RULES, s, seat, decision.default_for(seat))
    assert phases >= {2, 4, 5, 7}


def test_a_move_list_shares_what_its_weigher_already_asked() -> None:
    """playouts.weights.move_weigher remembers, for the moves of one legal list, where each noble stands and
    what each destination weighs; a new list (a new weigher) asks again."""
    from engine.fief.playouts import weights as playout_weights
    s = _state()
    d = g(s)
    d.nobles["william"].city = "Oxford"
    a = Action.of("move", noble="william", to="York")
    weigh = playout_weights.move_weigher(d)
    assert weigh(a) == 6.0
    d.cities["Whitby"].controller = "red"
    assert weigh(a) == 6.0                                   # the destination's weight, as asked first
    assert playout_weights.move_weigher(d)(a) == 30.0         # asked again: red holds part of the region
    d.nobles["william"].city = None
    assert weigh(a) == 6.0                                   # where the noble stood, as asked first
    assert playout_weights.move(d, a) == 1.0                  # a noble nowhere
