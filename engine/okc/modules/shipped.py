"""The Wild Kingdom modules this engine plays, listed once: the one place that names them.

A game turns modules on with the option ``modules=name,name`` (or ``all``); setup and load put them, in
acting order, on ``Okc.playing`` (:func:`playing`), and the base rules ask those for their hooks
(engine/okc/hooks.py). Nothing registers itself: importing a module's package defines its class and
changes nothing else.
"""

from __future__ import annotations

from engine.core import ActionSpec
from engine.okc.actions import ACTIONS
from engine.okc.hooks import Module, Playing, in_acting_order
from engine.okc.modules.aeronauts import Aeronauts
from engine.okc.modules.legendary_creatures import LegendaryCreatures
from engine.okc.modules.negotiating_table import NegotiatingTable
from engine.okc.modules.night_map import NightMap
from engine.okc.modules.travelling_town import TravellingTown
from engine.okc.modules.whispering_tower import WhisperingTower
from engine.okc.modules.wild_kingdom_cards import WildKingdomCards

# Every shipped module by its option name (the lobby lists them in this order).
MODULES: dict[str, Module] = {m.name: m for m in (
    Aeronauts(), LegendaryCreatures(), NegotiatingTable(), NightMap(), TravellingTown(), WhisperingTower(),
    WildKingdomCards())}


def playing(names: list[str]) -> Playing:
    """The modules ``names`` lists (a game's ``Okc.modules``) in acting order: the game's ``Okc.playing``."""
    return in_acting_order([MODULES[n] for n in names if n in MODULES])


def catalogue() -> dict[str, ActionSpec]:
    """Every action any shipped module can bring, for the command list (a game accepts only its own)."""
    table = dict(ACTIONS)
    for m in MODULES.values():
        table.update(m.actions)
    return table
