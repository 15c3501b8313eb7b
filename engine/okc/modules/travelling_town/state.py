"""The Travelling Town's name, piece and part of the game state (``Okc.extra[NAME]``)."""

from __future__ import annotations

from typing import Any, cast

from engine.okc.modules.api import Okc

NAME = "travelling_town"
PIECE = "travelling_town"


def town(g: Okc) -> dict[str, Any]:
    """The Town's state: Influence on its card, its two spaces, Influence left on Locations, visited this round."""
    return cast("dict[str, Any]", g.extra[NAME])
