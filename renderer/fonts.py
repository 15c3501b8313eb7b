"""The shipped font, loaded by path so images never depend on the host's fonts.

DejaVu Sans (Bitstream Vera licence, see fonts/LICENSE) covers accented names, dashes and
arrows. The layout engine is fixed to BASIC so glyph placement does not change with the
host's libraries (raqm present or not).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    path = BOLD if bold else REGULAR
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=16384)
def text_width(text: str, size: int, bold: bool = False) -> int:
    return int(font(size, bold).getlength(text))


def fit(text: str, size: int, limit: int, bold: bool = False) -> str:
    """``text`` shortened with an ellipsis so that it is at most ``limit`` pixels wide."""
    if text_width(text, size, bold) <= limit:
        return text
    while text and text_width(text + "…", size, bold) > limit:
        text = text[:-1]
    return text + "…"
