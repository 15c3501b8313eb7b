"""Wild Kingdom modules, one package each. Each subclasses :class:`engine.okc.hooks.Module` and calls
:func:`engine.okc.hooks.register` when imported; a game turns them on with the option
``modules=name,name``. Shipped so far: ``night_map``. Still to come (later issue): aeronauts,
legendary creatures, negotiating table, travelling town, whispering tower, wild kingdom cards.
"""

from engine.okc.modules import night_map

__all__ = ["night_map"]
