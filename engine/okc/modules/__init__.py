"""Wild Kingdom modules, one package each (aeronauts, creatures, negotiating, night_map, town, tower,
wild_cards). Each subclasses :class:`engine.okc.hooks.Module` and calls :func:`engine.okc.hooks.register`.
None ship yet: the base game runs with ``modules=[]``.
"""
