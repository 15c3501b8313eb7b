"""The automatic edges of phases 5-7 that the round's step table (flow.py) runs: what happens as
Movement, Invaders and Battles begin and end. Each ``begin_*`` returns the step that waits next."""

from __future__ import annotations

from engine.core import GameState
from engine.fief.state import Fief
from engine.fief.war import invaders, movement
from engine.fief.war.battle.siege import check_sieges


def begin_movement(state: GameState, g: Fief) -> str:
    """Phase 5 (5.0-5.5): move counts reset; nobles stopped in Sherwood come out; families move in turn."""
    movement.begin_phase(g)
    movement.settle_sherwood(state, g)
    return "move"


def end_movement(state: GameState, g: Fief) -> None:
    movement.end_phase(g)
    check_sieges(state, g)


def begin_invaders(state: GameState, g: Fief) -> str:
    """Phase 6 (6.0-6.13): reinforcements and landings, then the parley step (if anyone can parley),
    then the invaders move and fight."""
    invaders.begin_phase(state, g)
    return "parley" if invaders.parley_families(g) else "invaders"


def begin_battles(state: GameState, g: Fief) -> str:
    """Phase 7 (7.0-7.10): battles in turn order, then pillage."""
    g.war.fought.clear()
    g.war.battled_now.clear()
    movement.settle_sherwood(state, g)
    return "battle"


def end_battles(state: GameState, g: Fief) -> None:
    g.war.battled_last = list(g.war.battled_now)
    check_sieges(state, g)
