"""The Whispering Tower's name, piece, part of the game state (``Okc.extra[NAME]``) and Boons."""

from __future__ import annotations

from typing import Any, cast

from engine.okc.modules.api import Boon, ModulePack, Okc, load_module_pack

NAME = "whispering_tower"
PIECE = "whispering_tower"


def content() -> ModulePack:
    return load_module_pack(NAME)


def boon(bid: str) -> Boon:
    return content().boons[bid]


def tower(g: Okc) -> dict[str, Any]:
    """The tower's state: the Boon stack (top first), the discard, each level's Boons, each seat's Boons."""
    return cast("dict[str, Any]", g.extra[NAME])
