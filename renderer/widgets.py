"""Small building blocks shared by the boards: panels, headings, rows of text, legends, cards.

Each function appends items to a scene and returns where the next thing may go (a y), so a
panel reads top to bottom like the board's side panel does.
"""

from __future__ import annotations

from typing import Any

from renderer.fonts import fit, text_width
from renderer.palette import INK_DARK, INK_LIGHT, PANEL, PANEL_EDGE, Mark
from renderer.scene import Item, Scene

LINE = 24  # one row of panel text


def panel(scene: Scene, kind: str, x: int, y: int, w: int, h: int, title: str = "", where: str = "") -> int:
    """A framed box with an optional title; returns the y below the title."""
    scene.add(Item(kind, "rect", x, y, w, h, fill=PANEL, outline=PANEL_EDGE, width=2, where=where or kind))
    if not title:
        return y + 8
    scene.add(Item("heading", "text", x + 10, y + 8, text=title, size=18, bold=True, ink=INK_LIGHT,
                   outline=None, anchor="la", where=where or kind))
    return y + 34


def text(scene: Scene, kind: str, x: int, y: int, words: str, size: int = 16, bold: bool = False,
         ink: str = INK_LIGHT, anchor: str = "la", where: str = "", who: str = "", limit: int = 0,
         halo: str | None = None, **info: Any) -> Item:
    if limit:
        words = fit(words, size, limit, bold)
    return scene.add(Item(kind, "text", x, y, text=words, size=size, bold=bold, ink=ink, outline=halo,
                          anchor=anchor, where=where, who=who, info=dict(info)))


def row(scene: Scene, kind: str, x: int, y: int, label: str, value: str, width: int, where: str = "",
        who: str = "", size: int = 16, **info: Any) -> int:
    """``label .... value`` on one line; returns the next line's y."""
    text(scene, kind + "_label", x, y, label, size=size, ink="#c9d1db", where=where, who=who,
         limit=width - text_width(value, size, True) - 12)
    text(scene, kind, x + width, y, value, size=size, bold=True, anchor="ra", where=where, who=who, **info)
    return y + LINE


def mark(scene: Scene, kind: str, m: Mark, x: int, y: int, size: int, text: str | None = None,
         where: str = "", **info: Any) -> Item:
    """A seat's marker: its shape, in its colour, with a letter or a number on it."""
    shown = m.letter if text is None else text
    return scene.add(Item(kind, m.shape, x, y, text=shown, fill=m.colour, outline=INK_DARK, ink=m.ink,
                          size=size, width=2, where=where, who=m.seat, info=dict(info)))


def chip(scene: Scene, kind: str, x: int, y: int, words: str, fill: str, ink: str, where: str = "",
         who: str = "", size: int = 14, outline: str = INK_DARK, limit: int = 160, **info: Any) -> int:
    """A small rounded tag with text (a noble's name, a title); returns its width."""
    words = fit(words, size, limit, True)
    w = text_width(words, size, True) + 12
    scene.add(Item(kind, "card", x, y, w, size + 8, text=words, fill=fill, outline=outline, ink=ink,
                   size=size, bold=True, width=2, where=where, who=who, info=dict(info)))
    return w


def legend(scene: Scene, marks: list[Mark], names: dict[str, str], x: int, y: int, width: int,
           title: str = "Legend") -> int:
    """Who is who: marker, colour and name per seat; returns the y below it."""
    y = panel_row_title(scene, x, y, title)
    for m in marks:
        mark(scene, "legend_mark", m, x + 14, y + 10, 26, where="legend")
        text(scene, "legend", x + 32, y, names.get(m.seat, m.seat), size=16, where="legend", who=m.seat,
             limit=width - 40)
        y += 28
    return y


def panel_row_title(scene: Scene, x: int, y: int, title: str) -> int:
    text(scene, "subheading", x, y, title, size=16, bold=True, ink="#f0d890", where="panel")
    return y + 24


def card(scene: Scene, kind: str, x: int, y: int, w: int, h: int, words: str, fill: str,
         ink: str = INK_DARK, size: int = 13, where: str = "", who: str = "", bold: bool = False,
         title_lines: int = 0, **info: Any) -> Item:
    return scene.add(Item(kind, "card", x, y, w, h, text=words, fill=fill, outline=INK_DARK, ink=ink, size=size,
                          bold=bold, width=2, where=where, who=who, title_lines=title_lines, info=dict(info)))


def wrap(words: str, size: int, limit: int, lines: int = 2, bold: bool = False) -> str:
    """``words`` broken into at most ``lines`` lines of at most ``limit`` pixels."""
    out: list[str] = []
    current = ""
    for word in words.split():
        trial = f"{current} {word}".strip()
        if text_width(trial, size, bold) <= limit or not current:
            current = trial
        else:
            out.append(current)
            current = word
    if current:
        out.append(current)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = fit(out[-1] + " …", size, limit, bold)
    return "\n".join(fit(line, size, limit, bold) for line in out)
