"""Wild Kingdom modules, one package each. Each subclasses :class:`engine.okc.hooks.Module` and is
registered by name when imported; a game turns them on with the option ``modules=name,name`` (or
``all``). Played so far: ``night_map``, ``travelling_town``, ``whispering_tower``, ``negotiating_table``. Known but not played
yet (refused with a clear message): aeronauts, legendary creatures, wild kingdom cards.
"""

from engine.okc.modules import negotiating_table, night_map, travelling_town, whispering_tower

__all__ = ["negotiating_table", "night_map", "travelling_town", "whispering_tower"]
