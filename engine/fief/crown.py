"""A noble takes the crown (9.1 elections, 13.2 Excalibur): the one way a Sovereign is made.

A minimal version for Excalibur (13.2): the nobleman becomes King, his Royal Guard is whole again
(13.1: beaten guard markers return with a new Sovereign) and his wife becomes Queen (9.0). The politics
of Phase 1 (9.1) call the same function with ``how="election"``.
"""

from __future__ import annotations

from engine.core import Event, GameState
from engine.fief.state import Fief


def crown(state: GameState, g: Fief, noble_id: str, how: str) -> None:
    n = g.nobles[noble_id]
    title = "king" if n.sex == "m" else "sovereign_queen"
    if title not in n.titles:
        n.titles.append(title)
    g.war.guards_lost = {}
    state.emit(Event.public("sovereign.crowned", noble=noble_id, family=n.family, how=how, title=title))
    wife = g.nobles.get(n.spouse) if n.spouse else None
    if title == "king" and wife is not None and "queen" not in wife.titles:
        for other in g.nobles.values():
            if "queen" in other.titles:
                other.titles.remove("queen")
        wife.titles.append("queen")
        state.emit(Event.public("queen.crowned", noble=wife.id, king=noble_id))
