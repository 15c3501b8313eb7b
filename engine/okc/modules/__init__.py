"""Wild Kingdom modules, one package each. Each subclasses :class:`engine.okc.hooks.Module` and is
registered by name when imported; a game turns them on with the option ``modules=name,name`` (or
``all``). Played so far: ``night_map``, ``travelling_town``, ``whispering_tower``, ``wild_kingdom_cards``. Known but not played yet (refused with a clear message):
aeronauts, legendary creatures, negotiating table.
"""

from engine.okc.modules import night_map, travelling_town, whispering_tower, wild_kingdom_cards

__all__ = ["night_map", "travelling_town", "whispering_tower", "wild_kingdom_cards"]
