"""Fief: England boards: the public map and each seat's private board.

``build_scene(view, seat)`` turns a view (``engine.fief`` ``RULES.view``, docs/fief-view.md) into a
scene; ``draw(view, seat)`` paints and encodes it. ``seat=None`` is the public board.
"""

from __future__ import annotations

from typing import Any

from renderer.fief.private import private_scene
from renderer.fief.public import public_scene
from renderer.paint import render_scene
from renderer.scene import Scene


def build_scene(view: dict[str, Any], seat: str | None) -> Scene:
    return public_scene(view) if seat is None else private_scene(view, seat)


def draw(view: dict[str, Any], seat: str | None) -> bytes:
    return render_scene(build_scene(view, seat))


def warm() -> None:
    """Paint the map's base layer into the cache (see renderer.warm)."""
    # the base layer's painters load only when warming (a process that never draws skips them)
    from renderer.fief.base import base
    from renderer.paint import warm_base  # the same

    warm_base(base(), "fief/england")
