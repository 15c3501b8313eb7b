"""Colours and marks: who is who on a board, readable by everyone.

Seat colours are the Okabe-Ito set, which stays distinct under the three common colour
blindnesses. Colour is never the only cue: each seat also gets a marker shape and a letter,
and every board carries a legend.
"""

from __future__ import annotations

from dataclasses import dataclass

# Okabe-Ito, in the order seats take them (yellow last: weakest on light fields).
OKABE_ITO = ["#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#0072B2", "#D55E00", "#F0E442"]
SHAPES = ["circle", "square", "diamond", "triangle", "hexagon", "pentagon", "star"]

INK_DARK = "#111111"
INK_LIGHT = "#ffffff"
PANEL = "#222c38"
PANEL_EDGE = "#56657a"
BACKGROUND = "#1b2430"
SEA = "#2f5d80"
SEA_DEEP = "#27506f"
NEUTRAL = "#9aa0a6"
INVADER = "#3b3b3b"
FACE_DOWN = "#4a4f57"
GOLD = "#d9b44a"


@dataclass(frozen=True)
class Mark:
    """How one seat is drawn: colour, marker shape, a short letter, and the text colour on it."""

    seat: str
    colour: str
    shape: str
    letter: str
    ink: str


def ink_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour``."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return INK_DARK if (0.299 * r + 0.587 * g + 0.114 * b) > 140 else INK_LIGHT


def letters(seats: list[str]) -> dict[str, str]:
    """A distinct short tag per seat: its initial, or more letters when initials clash."""
    out: dict[str, str] = {}
    for n in (1, 2, 3):
        tags = {s: (s[:n] or "?").upper() for s in seats}
        if len(set(tags.values())) == len(seats):
            return tags
    for i, s in enumerate(seats):
        out[s] = str(i + 1)
    return out


def marks(seats: list[str]) -> dict[str, Mark]:
    """Marks for seats in their public order (the order the view lists them)."""
    tags = letters(seats)
    result: dict[str, Mark] = {}
    for i, seat in enumerate(seats):
        colour = OKABE_ITO[i % len(OKABE_ITO)]
        result[seat] = Mark(seat, colour, SHAPES[i % len(SHAPES)], tags[seat], ink_on(colour))
    return result


def roman(n: int) -> str:
    values = [(10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
    out = ""
    for value, numeral in values:
        while n >= value:
            out += numeral
            n -= value
    return out
