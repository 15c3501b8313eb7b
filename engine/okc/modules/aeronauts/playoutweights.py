"""How random playouts lean toward the Aeronauts (engine.simulate, the random computer player).

Only the winner of a Clash in the Region where the Near & Far stands can Visit it, once a round at best,
and the ship is claimed on the fourth Visit (three Aeronauts taken, then the empty deck): a uniformly
random winner picks that Location among the Region's and then the Visit against the Location's reward,
so the ship was claimed in 4 games of 200 with this module alone and never with every module on. These
weights make that winner choose the ship's Location and the Visit most of the time, while the Aeronauts
can still be Visited; the owner of the claimed ship places it about as readily as one other action, not
once per Region and Supporter count. They are read only by computer players and playouts; they change no
rule.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Action, GameState
from engine.okc.modules.aeronauts.state import PIECE, aero

CLAIM_WEIGHT = 8.0     # the ship's Location against each other Location of the Region
VISIT_WEIGHT = 9.0     # the Visit against the Location's reward (and any other piece there)
SHIP_WEIGHT = 1.5      # all the ship's placements together, against one other action


def claim(state: GameState, seat: str, action: Action) -> float:
    """The clash winner's Location (p.30): the ship's, while it can be Visited."""
    return CLAIM_WEIGHT if action.get("location") == state.data.pieces.get(PIECE) else 1.0


def choose(state: GameState, seat: str, action: Action) -> float:
    """Wild Kingdom, Visit: the Aeronauts rather than the Location's reward."""
    c = state.data.choice
    return VISIT_WEIGHT if c is not None and c.kind == "visit" and action.get("option") == PIECE else 1.0


def ship(state: GameState, seat: str, action: Action) -> float:
    """Claiming the Near & Far: its placements (every unresolved Region, every Supporter count) share one weight."""
    g = state.data
    n = g.players[seat].supporters + 1
    regions = 1 if g.step == "day" and g.clash is not None else sum(1 for r in g.regions if not r.resolved)
    return SHIP_WEIGHT / (n * max(1, regions)) if aero(g)["owner"] == seat else 1.0


WEIGHTS: dict[str, Callable[[GameState, str, Action], float]] = {"claim": claim, "choose": choose, "ship": ship}
