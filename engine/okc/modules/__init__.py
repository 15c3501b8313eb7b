"""Wild Kingdom modules, one package each. Each subclasses :class:`engine.okc.hooks.Module` and is
registered by name when imported; a game turns them on with the option ``modules=name,name`` (or
``all``). Played: ``aeronauts``, ``legendary_creatures``, ``negotiating_table`` (3 and 4 players), ``night_map``,
``travelling_town``, ``whispering_tower``, ``wild_kingdom_cards``.
"""

from engine.okc.modules import (
    aeronauts,
    legendary_creatures,
    negotiating_table,
    night_map,
    travelling_town,
    whispering_tower,
    wild_kingdom_cards,
)

__all__ = ["aeronauts", "legendary_creatures", "negotiating_table", "night_map", "travelling_town", "whispering_tower",
           "wild_kingdom_cards"]
