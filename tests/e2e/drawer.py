"""A tiny board drawer for the test game, so the end-to-end tests see board images.

It draws the view's JSON text into a small PNG: equal views give equal images, so a public
image can only carry what the public view carries.
"""

from __future__ import annotations

import io
import json
from typing import Any

from PIL import Image, ImageDraw

import renderer


def draw(view: dict[str, Any], seat: str | None) -> bytes:
    img = Image.new("RGB", (320, 120), "white")
    text = json.dumps(view, sort_keys=True)
    pen = ImageDraw.Draw(img)
    for i in range(0, min(len(text), 400), 50):
        pen.text((4, 4 + (i // 50) * 14), text[i:i + 50], fill="black")
    out = io.BytesIO()
    img.save(out, "PNG")
    return out.getvalue()


def register() -> bool:
    """Give the test game a drawer; True when this call added it (then :func:`unregister` it)."""
    if "tribute" in renderer.DRAWERS:
        return False
    renderer.DRAWERS["tribute"] = "tests.e2e.drawer:draw"
    return True


def unregister() -> None:
    renderer.DRAWERS.pop("tribute", None)
