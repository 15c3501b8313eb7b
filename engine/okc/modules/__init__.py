"""Wild Kingdom modules, one package each. Each subclasses :class:`engine.okc.hooks.Module` and is
registered by name when imported; a game turns them on with the option ``modules=name,name`` (or
``all``). Played so far: ``aeronauts``, ``legendary_creatures``, ``night_map``, ``travelling_town``, ``whispering_tower``,
``wild_kingdom_cards``. Known but not played yet (refused with a clear message): negotiating table.
"""

from engine.okc.modules import (
    aeronauts,
    legendary_creatures,
    night_map,
    travelling_town,
    whispering_tower,
    wild_kingdom_cards,
)

__all__ = ["aeronauts", "legendary_creatures", "night_map", "travelling_town", "whispering_tower", "wild_kingdom_cards"]
