"""The Old King's Crown boards: the public Kingdom board and each seat's private board.

``build_scene(view, seat)`` turns a view (``engine.okc`` ``RULES.view``) into a scene;
``draw(view, seat)`` paints and encodes it. ``seat=None`` is the public board.
"""

from __future__ import annotations

from typing import Any

from renderer.okc.private import private_scene
from renderer.okc.public import public_scene
from renderer.paint import render_scene
from renderer.scene import Scene


def build_scene(view: dict[str, Any], seat: str | None) -> Scene:
    return public_scene(view) if seat is None else private_scene(view, seat)


def draw(view: dict[str, Any], seat: str | None) -> bytes:
    return render_scene(build_scene(view, seat))


def warm() -> None:
    """Paint the printed board for the standard layout into the cache (see renderer.warm)."""
    # the base layer's painters load only when warming (a process that never draws skips them)
    from renderer.okc.public import base_scene_for_layout
    from renderer.paint import warm_base  # the same

    warm_base(*base_scene_for_layout(STANDARD_LAYOUT))


STANDARD_LAYOUT = [("Highlands", ["Wilderness", "Castle"]), ("Plateau", ["Battlefield", "Harvest Field"]),
                   ("Lowlands", ["Necropolis", "Shrine"])]
