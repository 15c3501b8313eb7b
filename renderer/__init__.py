"""Board images drawn from views. See docs/rendering.md.

The one entry point the table and the bot use::

    png: bytes = render(game, view, seat)   # seat None = the public board

Each game registers a drawer in ``DRAWERS``; ``has_drawer`` tells whether a game has one.
``warm()`` builds the cached base layers ahead of the first board (a rendering worker may call it
when it starts, so that the first board posted is as fast as the others).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

Drawer = Callable[[dict[str, Any], str | None], bytes]
DRAWERS: dict[str, str] = {  # game name -> "module:function" returning PNG bytes
    "fief": "renderer.fief:draw",
    "okc": "renderer.okc:draw",
    "scores": "renderer.scores:draw",   # the score by round at the end of a game (either game's public view)
}


def has_drawer(game: str) -> bool:
    return game in DRAWERS


def render(game: str, view: dict[str, Any], seat: str | None) -> bytes:
    target = DRAWERS.get(game)
    if target is None:
        raise KeyError(f"no board drawer for {game!r}")
    module, _, attr = target.partition(":")
    draw: Drawer = getattr(importlib.import_module(module), attr)
    return draw(view, seat)


def warm(games: list[str] | None = None) -> None:
    """Build each game's static base layer now (the Fief map takes a few hundred ms once)."""
    for game in games or list(DRAWERS):
        target = DRAWERS.get(game)
        if target is None:
            continue
        module = importlib.import_module(target.partition(":")[0])
        warm_up = getattr(module, "warm", None)
        if callable(warm_up):
            warm_up()
