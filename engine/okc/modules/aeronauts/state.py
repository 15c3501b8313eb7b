"""The Aeronauts' name, piece and part of the game state (``Okc.extra[NAME]``), and its content pack."""

from __future__ import annotations

from typing import Any, cast

from engine.okc.modules.api import ModulePack, Okc, load_module_pack

NAME = "aeronauts"
PIECE = "aeronauts"


def content() -> ModulePack:
    return load_module_pack(NAME)


def aero(g: Okc) -> dict[str, Any]:
    """The module's state: ``deck`` (the Aeronaut Deck), ``removed`` (the card out of the game, unseen),
    ``owner`` (who claimed the ship, or None) and ``ship`` ("" unclaimed, "board", or the Region it is in)."""
    return cast("dict[str, Any]", g.extra[NAME])
