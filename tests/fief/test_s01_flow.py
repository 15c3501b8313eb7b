"""1.0 and 8.0: the round's phases in order (Phase 1 from Round 2: marriages, 9.0)."""

from engine.core import apply
from engine.fief import RULES
from tests.fief.helpers import g, started


def test_1_0_round_order_of_steps():
    s = started(4)
    steps = []
    r = g(s).flow.round
    while g(s).flow.round == r:
        d = next(d for d in RULES.pending(s) if d.blocking)
        for e in apply(RULES, s, d.seats[0], d.default_for(d.seats[0])):
            if e.kind == "step.begun":
                steps.append((e.data["phase"], e.data["step"]))
    assert steps == [(2, "resolve"), (2, "play"), (3, "income"), (3, "scorch"), (4, "ransom"), (4, "purchase"),
                     (5, "phase5"), (5, "move"), (6, "phase6"), (6, "invaders"), (7, "phase7"), (7, "battle"), (7, "pillage"),
                     (8, "end"), (1, "phase1"), (1, "marriage")]


def test_1_0_players_act_in_turn_order_from_the_first_player():
    s = started(3)
    data = g(s)
    first = data.flow.first
    d = next(d for d in RULES.pending(s) if d.blocking)
    assert d.seats == (first,) and d.prompt == "fief.draw"
    assert d.default_for(first).kind == "done"
