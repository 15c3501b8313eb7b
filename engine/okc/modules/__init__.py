"""Wild Kingdom modules, one package each (docs/architecture.md, "OKC's layout"): each subclasses
:class:`engine.okc.hooks.Module` and calls the base game only through :mod:`engine.okc.modules.api`;
:mod:`engine.okc.modules.shipped` lists them. Played: ``aeronauts``, ``legendary_creatures``,
``negotiating_table`` (3 and 4 players), ``night_map``, ``travelling_town``, ``whispering_tower``,
``wild_kingdom_cards``.
"""
