"""The header band: the facts a player looks for first, drawn across the top of a board large
enough to read where Discord shows the image inline (about 550 px wide, before it is opened).

A board is 1000 to 1900 px wide, so its ordinary 14-18 px text is 4-9 px tall inline. The band's
text is sized from the board's width (:func:`renderer.scene.inline_size`) so that it is at
least 9 px tall at 550 px: round and phase, whose turn it is, each side's score sorted with who
leads and by how much, and on a seat's own board that seat's marker. Everything else stays in
the board's own panel, at full detail for the opened image.

Segments flow left to right in rows; a row's right-hand segments sit against the right edge, or
on a row of their own when they do not fit beside the left ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from renderer.fonts import fit, text_width
from renderer.palette import GOLD, INK_DARK, INK_LIGHT, Mark
from renderer.scene import Item, Scene, inline_size

BAND_FILL = "#10161e"
MUTED = "#c9d1db"


@dataclass
class Seg:
    """One fact in the band: optional words before a marker (``lead``), the seat's marker, the words."""

    kind: str
    words: str
    mark: Mark | None = None
    lead: str = ""
    ink: str = INK_LIGHT
    who: str = ""
    info: dict[str, Any] = field(default_factory=dict)


Row = tuple[list[Seg], list[Seg]]  # (left-aligned segments, right-aligned segments)


def seg_width(s: Seg, size: int) -> int:
    width = text_width(s.words, size, True)
    if s.lead:
        width += text_width(s.lead, size, False) + size // 3
    if s.mark is not None:
        width += mark_size(size) + size // 3
    return width


def mark_size(size: int) -> int:
    return size + size // 4


def layout(rows: list[Row], size: int, width: int, pad: int) -> list[tuple[list[Seg], list[Seg]]]:
    """Rows that fit ``width``: left segments wrap onto a new row, right ones move down when crowded."""
    gap = size
    room = width - 2 * pad
    out: list[tuple[list[Seg], list[Seg]]] = []
    for left, right in rows:
        lines: list[list[Seg]] = [[]]
        used = 0
        for s in left:
            w = seg_width(s, size)
            if lines[-1] and used + gap + w > room:
                lines.append([])
                used = 0
            used += (gap if lines[-1] else 0) + w
            lines[-1].append(s)
        right_w = sum(seg_width(s, size) for s in right) + gap * max(0, len(right) - 1)
        if right and used + 2 * gap + right_w > room and lines[-1]:
            out.extend((line, []) for line in lines)
            out.append(([], right))
        else:
            out.extend((line, []) for line in lines[:-1])
            out.append((lines[-1], right))
    return out


def draw_seg(band: list[Item], s: Seg, x: int, y: int, size: int, limit: int) -> int:
    """Paints one segment with its left edge at ``x`` and its text top at ``y``; returns its width."""
    start = x
    if s.lead:
        band.append(Item(s.kind + "_label", "text", x, y, text=s.lead, size=size, ink=MUTED, outline=None,
                         anchor="la", where="band", who=s.who))
        x += text_width(s.lead, size, False) + size // 3
    if s.mark is not None:
        m = mark_size(size)
        band.append(Item(s.kind + "_mark", s.mark.shape, x + m // 2, y + size // 2 + 2, text=s.mark.letter,
                         fill=s.mark.colour, outline=INK_DARK, ink=s.mark.ink, size=m, width=2, where="band",
                         who=s.mark.seat, info=dict(s.info)))
        x += m + size // 3
    words = fit(s.words, size, max(size, limit - (x - start)), True)
    band.append(Item(s.kind, "text", x, y, text=words, size=size, bold=True, ink=s.ink, outline=None, anchor="la",
                     where="band", who=s.who, info=dict(s.info)))
    return x - start + text_width(words, size, True)


def header_band(scene: Scene, rows: list[Row], size: int | None = None, pad: int = 20) -> int:
    """Draws the band above the board (``scene.band``, ``scene.band_h``); returns its height."""
    size = size or inline_size(scene.width)
    row_h = size + size // 2
    lines = layout(rows, size, scene.width, pad)
    height = pad // 2 + row_h * len(lines) + pad // 2
    band: list[Item] = [Item("band", "rect", 0, 0, scene.width, height, fill=BAND_FILL, outline=None, width=0,
                             where="band"),
                        Item("band_edge", "line", points=((0, height - 2), (scene.width, height - 2)), fill=GOLD,
                             outline=GOLD, width=3, where="band")]
    gap = size
    room = scene.width - 2 * pad
    for i, (left, right) in enumerate(lines):
        y = pad // 2 + i * row_h + (row_h - size) // 2 - 2
        x = pad
        for s in left:
            x += draw_seg(band, s, x, y, size, room - (x - pad)) + gap
        if right:
            right_w = sum(seg_width(s, size) for s in right) + gap * (len(right) - 1)
            x = max(x, scene.width - pad - right_w)
            for s in right:
                x += draw_seg(band, s, x, y, size, scene.width - pad - x) + gap
    scene.band = band
    scene.band_h = height
    return height


def lead_words(scores: list[tuple[str, int]], unit: str) -> str:
    """Who leads and by how much: "Blue leads by 3 VP", "Blue and Red tie at 5 VP"."""
    if not scores:
        return ""
    ranked = sorted(scores, key=lambda kv: -kv[1])
    top = ranked[0][1]
    leaders = [name for name, value in ranked if value == top]
    if len(leaders) == len(ranked) and len(ranked) > 1:
        return f"all level at {top} {unit}"
    if len(leaders) > 1:
        return f"{', '.join(leaders[:-1])} and {leaders[-1]} tie at {top} {unit}"
    if len(ranked) == 1:
        return f"{leaders[0]}: {top} {unit}"
    return f"{leaders[0]} leads by {top - ranked[1][1]} {unit}"


def place_words(scores: list[tuple[str, int]], who: str, unit: str) -> str:
    """A seat's standing: "1st, 3 VP ahead", "2nd, 2 VP behind Blue", "level first"."""
    ranked = sorted(scores, key=lambda kv: -kv[1])
    mine = dict(scores).get(who)
    if mine is None or len(ranked) < 2:
        return ""
    better = [name for name, value in ranked if value > mine]
    level = [name for name, value in ranked if value == mine and name != who]
    place = len(better) + 1
    ordinal = {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")
    if not better:
        if level:
            return f"level first with {' and '.join(level)}"
        second = max(value for name, value in ranked if name != who)
        return f"1st, {mine - second} {unit} ahead"
    return f"{ordinal}, {ranked[0][1] - mine} {unit} behind {ranked[0][0]}"


__all__ = ["GOLD", "Row", "Seg", "header_band", "lead_words", "place_words"]
