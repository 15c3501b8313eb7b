"""The Legendary Creatures' name, part of the game state (``Okc.extra[NAME]``) and content pack."""

from __future__ import annotations

from typing import Any, cast

from engine.okc.modules.api import ModulePack, Okc, load_module_pack

NAME = "legendary_creatures"


def content() -> ModulePack:
    return load_module_pack(NAME)


def lc(g: Okc) -> dict[str, Any]:
    """The module's state: ``pieces`` (seat -> the Location its creature stands on, or None at home) and
    ``supply`` (seat -> its creature card while unclaimed, else None)."""
    return cast("dict[str, Any]", g.extra[NAME])


def creature_of(faction: str) -> str:
    return next(c.id for c in content().cards.values() if c.faction == faction)
