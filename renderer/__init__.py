"""Board images drawn from views. See docs/rendering.md.

The one entry point the table and the bot use::

    png: bytes = render(game, view, seat)   # seat None = the public board

Each game registers a drawer in ``DRAWERS``; ``has_drawer`` tells whether a game has one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Drawer = Callable[[dict[str, Any], str | None], bytes]
DRAWERS: dict[str, str] = {  # game name -> "module:function" returning PNG bytes
    "fief": "renderer.fief:draw",
    "okc": "renderer.okc:draw",
}


def has_drawer(game: str) -> bool:
    return game in DRAWERS


def render(game: str, view: dict[str, Any], seat: str | None) -> bytes:
    import importlib

    target = DRAWERS.get(game)
    if target is None:
        raise KeyError(f"no board drawer for {game!r}")
    module, _, attr = target.partition(":")
    draw: Drawer = getattr(importlib.import_module(module), attr)
    return draw(view, seat)
