"""Scenes: what a board image shows, as data, before any pixel is painted.

A drawer builds a :class:`Scene` (a list of :class:`Item`) from a view, and the painter
(:mod:`renderer.paint`) turns it into an image. Tests assert on the scene: every army,
building and card is an item with a meaning (``kind``), a place on the board (``where``),
an owner (``who``), a position and its text, so "the Red family's stack of 5 in York is
drawn" is one query, not a pixel comparison.

Static art that never changes during a game (coast, regions, roads, city names) goes into
``Scene.base``, a scene of its own that the painter draws once and caches under ``base_key``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

Point = tuple[int, int]

INLINE_WIDTH = 550  # Discord shows an image about this wide until it is opened
INLINE_MIN_PX = 9  # text a player reads before opening the image is at least this tall there


def inline_size(width: int, px: float = INLINE_MIN_PX + 0.25) -> int:
    """The font size that is ``px`` pixels tall once an image ``width`` wide is shown inline."""
    return -(-int(px * width * 100) // (INLINE_WIDTH * 100))

# How an item is painted. Marker shapes are drawn centred on (x, y) with diameter ``size``.
MARKERS = frozenset({"circle", "square", "diamond", "triangle", "hexagon", "pentagon", "star", "shield",
                     "tower", "disc", "card_back"})
PRIMITIVES = frozenset({"rect", "line", "poly", "ellipse", "text", "card", "image", "none"}) | MARKERS


@dataclass(slots=True)
class Item:
    """One thing drawn.

    kind: what it means ("city", "troops", "noble", "card", "label", "road", ...).
    shape: how it is painted (a marker shape, "rect", "line", "poly", "ellipse", "text", "card").
    x, y: the anchor (centre of a marker or label; top-left of a rect or card).
    w, h: the size of a rect or card; ``size`` is a marker's diameter or a label's font size.
    text: the words or number shown; where/who: the board location and the seat it belongs to.
    info: further facts for tests (count, face-down, side...), never read by the painter.
    """

    kind: str
    shape: str
    x: int = 0
    y: int = 0
    w: int = 0
    h: int = 0
    text: str = ""
    fill: str | None = None
    outline: str | None = "#111111"
    ink: str = "#ffffff"  # text colour
    size: int = 16
    bold: bool = False
    anchor: str = "mm"
    width: int = 2  # outline or line width
    dash: int = 0  # dash length for lines (0 = solid)
    title_lines: int = 0  # cards: how many first lines are bold (a card's name)
    where: str = ""
    who: str = ""
    points: tuple[Point, ...] = ()
    info: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.shape not in PRIMITIVES:
            raise ValueError(f"unknown shape {self.shape!r} for {self.kind!r}")

    def box(self) -> tuple[int, int, int, int]:
        """The item's bounding box (left, top, right, bottom), roughly for labels."""
        if self.shape in ("rect", "card"):
            return (self.x, self.y, self.x + self.w, self.y + self.h)
        if self.points:
            xs = [p[0] for p in self.points]
            ys = [p[1] for p in self.points]
            return (min(xs), min(ys), max(xs), max(ys))
        half = self.size // 2
        if self.shape == "text":
            wide = max(1, len(self.text)) * self.size * 3 // 5
            return (self.x - wide // 2, self.y - half, self.x + wide // 2, self.y + half)
        return (self.x - half, self.y - half, self.x + half, self.y + half)

    def matches(self, kind: str | None, filters: dict[str, Any]) -> bool:
        if kind is not None and self.kind != kind:
            return False
        for key, want in filters.items():
            have = getattr(self, key) if hasattr(self, key) else self.info.get(key)
            if have != want:
                return False
        return True


@dataclass
class Scene:
    """A board to paint: its size, background, optional cached base, and items in paint order."""

    width: int
    height: int
    background: str = "#1b2430"
    items: list[Item] = field(default_factory=list)
    base: Scene | None = None
    base_key: str = ""
    # A header band drawn across the top of the image, above the board: ``band_h`` pixels added
    # to the image's height, the board painted under them. Band items are in image coordinates
    # (y from the image's top); every other item is in board coordinates (y from the board's top).
    band_h: int = 0
    band: list[Item] = field(default_factory=list)

    @property
    def image_height(self) -> int:
        """The painted image's height: the board and the band above it."""
        return self.height + self.band_h

    def inline_px(self, size: int) -> float:
        """How tall text of font ``size`` is once Discord scales the image to its inline width."""
        return size * INLINE_WIDTH / self.width

    def add(self, item: Item) -> Item:
        self.items.append(item)
        return item

    def extend(self, items: list[Item]) -> None:
        self.items.extend(items)

    # -- queries for tests ----------------------------------------------------------
    def every(self) -> Iterator[Item]:
        """Base items first, then the items of this scene."""
        if self.base is not None:
            yield from self.base.every()
        yield from self.band
        yield from self.items

    def find(self, kind: str | None = None, **filters: Any) -> list[Item]:
        """Items of ``kind`` whose attributes or ``info`` entries equal ``filters``."""
        return [item for item in self.every() if item.matches(kind, filters)]

    def one(self, kind: str | None = None, **filters: Any) -> Item:
        found = self.find(kind, **filters)
        if len(found) != 1:
            raise LookupError(f"expected one {kind or 'item'} {filters}, found {len(found)}")
        return found[0]

    def count(self, kind: str | None = None, **filters: Any) -> int:
        return len(self.find(kind, **filters))

    def texts(self, kind: str | None = None, **filters: Any) -> list[str]:
        return [item.text for item in self.find(kind, **filters) if item.text]

    def kinds(self) -> set[str]:
        return {item.kind for item in self.every()}

    def describe(self, base: bool = False) -> str:
        """One line per item (``kind @where [who] "text" {info}``): to read a board as text, or to
        find what to assert in a test. Base items only when ``base`` is true."""
        items = list(self.every()) if base else self.items
        lines = []
        for item in items:
            facts = {k: v for k, v in item.info.items() if k != "image"}
            who = f" [{item.who}]" if item.who else ""
            shown = f" {item.text!r}" if item.text else ""
            lines.append(f"{item.kind} @{item.where or '-'}{who}{shown}{' ' + repr(facts) if facts else ''}")
        return "\n".join(lines)
