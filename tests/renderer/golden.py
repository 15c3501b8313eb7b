"""Golden images: a few boards drawn from the fixtures, compared with a changed-pixel threshold.

Regenerate deliberately after a visual change and look at the pictures before committing:

    .venv/bin/python -m tests.renderer.golden
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Callable
from pathlib import Path

from PIL import Image, ImageChops

from renderer import render
from tests.renderer import fief_fixture, okc_fixture

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
# A pixel counts as changed when a channel moves by more than this; the image fails when more than
# MAX_CHANGED of its pixels changed (one missing 24 px marker is ~0.02% of a Fief board).
TOLERANCE = 24
MAX_CHANGED = 0.0001

BOARDS: dict[str, Callable[[], bytes]] = {
    "fief_public": lambda: render("fief", fief_fixture.public_view(), None),
    "fief_private": lambda: render("fief", fief_fixture.private_view("ann"), "ann"),
    "okc_public": lambda: render("okc", okc_fixture.public_view(), None),
    "okc_private": lambda: render("okc", okc_fixture.private_view("al"), "al"),
}


def changed_fraction(a: bytes, b: bytes) -> float:
    ia = Image.open(io.BytesIO(a)).convert("RGB")
    ib = Image.open(io.BytesIO(b)).convert("RGB")
    if ia.size != ib.size:
        return 1.0
    diff = ImageChops.difference(ia, ib).convert("L").point(lambda v: 255 if v > TOLERANCE else 0)
    changed = diff.histogram()[255]
    return changed / (ia.width * ia.height)


def regenerate() -> None:
    GOLDEN_DIR.mkdir(exist_ok=True)
    for name, draw in BOARDS.items():
        path = GOLDEN_DIR / f"{name}.png"
        path.write_bytes(draw())
        print(f"wrote {path} ({path.stat().st_size // 1024} KiB)")


if __name__ == "__main__":
    argparse.ArgumentParser(prog="python -m tests.renderer.golden", description=__doc__.split("\n")[0]).parse_args()
    regenerate()
    sys.exit(0)
