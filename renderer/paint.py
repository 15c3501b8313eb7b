"""Painting scenes with Pillow, and encoding the result once.

Costs that matter (see docs/rendering.md): the static base layer of a board is painted once
per process and copied; marker sprites and text labels (with their halo) are rendered once
into small RGBA images and pasted; nothing is flood-filled; the image is opaque RGB, then
quantised to a palette and encoded exactly once (PNG at a low compression level, never
``optimize=True``).
"""

from __future__ import annotations

import copy
import io
import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

from PIL import Image, ImageDraw

from renderer.fonts import font
from renderer.palette import INK_DARK, ink_on
from renderer.scene import Item, Scene

SUPERSAMPLE = 4  # sprites are drawn this much larger and scaled down, for smooth edges


class Cache:
    """A small least-recently-used cache of images, safe to share between rendering threads
    (the bot renders with ``asyncio.to_thread``). Cached images are only ever read."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.store: OrderedDict[Hashable, Any] = OrderedDict()
        self.lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable, build: Callable[[], Any]) -> Any:
        with self.lock:
            value = self.store.get(key)
            if value is not None:
                self.store.move_to_end(key)
                self.hits += 1
                return value
            self.misses += 1
        value = build()  # outside the lock: two threads may build the same entry, both correct
        with self.lock:
            self.store[key] = value
            while len(self.store) > self.limit:
                self.store.popitem(last=False)
        return value

    def clear(self) -> None:
        with self.lock:
            self.store.clear()


BASES = Cache(16)
SPRITES = Cache(4096)
LABELS = Cache(8192)


def clear_caches() -> None:
    for cache in (BASES, SPRITES, LABELS):
        cache.clear()


def rgb(colour: str | None) -> tuple[int, int, int] | None:
    if colour is None:
        return None
    return solid(colour)


def solid(colour: str) -> tuple[int, int, int]:
    colour = colour.lstrip("#")
    return (int(colour[0:2], 16), int(colour[2:4], 16), int(colour[4:6], 16))


# -- labels ------------------------------------------------------------------------

def label_image(text: str, size: int, bold: bool, ink: str, halo: str | None) -> Image.Image:
    """``text`` rendered once, with a halo, on a transparent background."""
    f = font(size, bold)
    stroke = max(2, size // 9) if halo else 0
    probe = ImageDraw.Draw(Image.new("RGBA", (1, 1)))
    left, top, right, bottom = probe.multiline_textbbox((0, 0), text, font=f, stroke_width=stroke,
                                                        spacing=2)
    img = Image.new("RGBA", (max(1, int(right - left)), max(1, int(bottom - top))), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.multiline_text((-left, -top), text, font=f, fill=ink, stroke_width=stroke,
                        stroke_fill=halo if halo else None, spacing=2)
    return img


def place(anchor: str, x: int, y: int, w: int, h: int) -> tuple[int, int]:
    """Top-left corner for an image of w x h anchored at (x, y); anchors like Pillow's "mm", "la"."""
    horizontal, vertical = anchor[0], anchor[1]
    left = x if horizontal == "l" else x - w if horizontal == "r" else x - w // 2
    top = y if vertical in "ta" else y - h if vertical in "bd" else y - h // 2
    return left, top


def paint_text(im: Image.Image, draw: ImageDraw.ImageDraw, item: Item) -> None:
    if not item.text:
        return
    halo = item.outline
    key = (item.text, item.size, item.bold, item.ink, halo)
    img = LABELS.get(key, lambda: label_image(item.text, item.size, item.bold, item.ink, halo))
    im.paste(img, place(item.anchor, item.x, item.y, img.width, img.height), img)


# -- marker sprites -----------------------------------------------------------------

def _polygon(n: int, r: float, cx: float, cy: float, turn: float = -90.0) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(math.radians(turn + 360 * i / n)), cy + r * math.sin(math.radians(turn + 360 * i / n)))
            for i in range(n)]


def _star(r: float, cx: float, cy: float) -> list[tuple[float, float]]:
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.48
        angle = math.radians(-90 + 36 * i)
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def _outline_shape(shape: str, s: int, pad: int) -> list[tuple[float, float]] | None:
    """The polygon of ``shape`` in a square of side ``s`` (None for shapes drawn otherwise)."""
    c = s / 2
    r = s / 2 - pad
    if shape == "diamond":
        return [(c, pad), (s - pad, c), (c, s - pad), (pad, c)]
    if shape == "triangle":
        return [(c, pad), (s - pad, s - pad * 1.5), (pad, s - pad * 1.5)]
    if shape == "hexagon":
        return _polygon(6, r, c, c, 0)
    if shape == "pentagon":
        return _polygon(5, r, c, c + r * 0.08)
    if shape == "star":
        return _star(r * 1.05, c, c + r * 0.05)
    if shape == "shield":
        return [(pad, pad), (s - pad, pad), (s - pad, c), (c, s - pad), (pad, c)]
    if shape == "tower":
        step = (s - 2 * pad) / 5
        top = pad + step
        pts: list[tuple[float, float]] = [(pad, s - pad), (pad, pad)]
        for i in range(1, 5):
            x = pad + step * i
            y = pad if i % 2 == 0 else top
            pts.extend([(x, pts[-1][1]), (x, y)])
        pts.extend([(s - pad, pad), (s - pad, s - pad)])
        return pts
    return None


def sprite_image(shape: str, size: int, fill: str | None, outline: str | None, width: int,
                 text: str, ink: str) -> Image.Image:
    """A marker drawn large and scaled down to ``size`` (cached by the caller)."""
    k = SUPERSAMPLE
    s = size * k
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    line = max(1, width * k) if outline else 0
    pad = line // 2 + k
    fill_rgb = rgb(fill)
    edge = rgb(outline)
    poly = _outline_shape(shape, s, pad)
    if shape in ("circle", "disc"):
        draw.ellipse((pad, pad, s - pad, s - pad), fill=fill_rgb, outline=edge, width=line)
        if shape == "disc":
            inner = s // 4
            draw.ellipse((inner, inner, s - inner, s - inner), outline=edge, width=max(1, line // 2))
    elif shape in ("square", "card_back"):
        draw.rounded_rectangle((pad, pad, s - pad, s - pad), radius=s // 10, fill=fill_rgb, outline=edge,
                               width=line)
        if shape == "card_back":
            for off in range(-s, s, s // 5):
                draw.line((pad + off, s - pad, pad + off + s, pad - 0), fill=edge, width=max(1, k))
            draw.rounded_rectangle((pad, pad, s - pad, s - pad), radius=s // 10, outline=edge, width=line)
    elif poly is not None:
        draw.polygon(poly, fill=fill_rgb, outline=edge, width=line)
    img = img.resize((size, size), Image.Resampling.LANCZOS)
    if text:
        scale = 0.58 if len(text) == 1 else 0.5 if len(text) == 2 else 0.38
        if shape in ("diamond", "triangle", "star"):
            scale *= 0.78
        tsize = max(8, int(size * scale))
        f = font(tsize, True)
        d = ImageDraw.Draw(img)
        dy = size * 0.1 if shape == "triangle" else 0
        d.text((size / 2, size / 2 + dy), text, font=f, fill=ink, anchor="mm",
               stroke_width=1, stroke_fill="#111111" if ink_on(ink) == INK_DARK else "#ffffff")
    return img


def paint_marker(im: Image.Image, draw: ImageDraw.ImageDraw, item: Item) -> None:
    key = (item.shape, item.size, item.fill, item.outline, item.width, item.text, item.ink)
    img = SPRITES.get(key, lambda: sprite_image(item.shape, item.size, item.fill, item.outline, item.width,
                                                 item.text, item.ink))
    im.paste(img, (item.x - item.size // 2, item.y - item.size // 2), img)


# -- boxes, lines and cards -----------------------------------------------------------

def paint_rect(im: Image.Image, draw: ImageDraw.ImageDraw, item: Item) -> None:
    box = (item.x, item.y, item.x + item.w, item.y + item.h)
    radius = int(item.info.get("radius", 6))
    draw.rounded_rectangle(box, radius=radius, fill=rgb(item.fill), outline=rgb(item.outline),
                           width=item.width if item.outline else 0)


def paint_ellipse(im: Image.Image, draw: ImageDraw.ImageDraw, item: Item) -> None:
    box = (item.x - item.w // 2, item.y - item.h // 2, item.x + item.w // 2, item.y + item.h // 2)
    draw.ellipse(box, fill=rgb(item.fill), outline=rgb(item.outline), width=item.width if item.outline else 0)


def _dashes(points: tuple[tuple[int, int], ...], dash: int) -> list[tuple[float, float, float, float]]:
    pieces = []
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        length = math.hypot(x1 - x0, y1 - y0)
        if length == 0:
            continue
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        t = 0.0
        while t < length:
            end = min(length, t + dash)
            pieces.append((x0 + ux * t, y0 + uy * t, x0 + ux * end, y0 + uy * end))
            t += dash * 2
    return pieces


def paint_line(im: Image.Image, draw: ImageDraw.ImageDraw, item: Item) -> None:
    colour = rgb(item.fill)
    if item.outline and item.info.get("cased"):
        draw.line(item.points, fill=rgb(item.outline), width=item.width + 4, joint="curve")
    if item.dash:
        for piece in _dashes(item.points, item.dash):
            draw.line(piece, fill=colour, width=item.width)
    else:
        draw.line(item.points, fill=colour, width=item.width, joint="curve")


def paint_poly(im: Image.Image, draw: ImageDraw.ImageDraw, item: Item) -> None:
    draw.polygon(item.points, fill=rgb(item.fill), outline=rgb(item.outline), width=item.width)


def card_image(w: int, h: int, fill: str | None, outline: str | None, width: int, text: str, ink: str,
               size: int, bold: bool, title_lines: int = 0) -> Image.Image:
    """A card: a rounded box with centred lines; the first ``title_lines`` lines in bold."""
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=min(8, h // 4), fill=rgb(fill), outline=rgb(outline),
                           width=width)
    if not text:
        return img
    if not title_lines:
        draw.multiline_text((w / 2, h / 2), text, font=font(size, bold), fill=ink, anchor="mm", align="center",
                            spacing=2)
        return img
    lines = text.split("\n")
    step = size + 3
    y = h / 2 - step * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        draw.text((w / 2, y), line, font=font(size, bold or i < title_lines), fill=ink, anchor="mm")
        y += step
    return img


def paint_card(im: Image.Image, draw: ImageDraw.ImageDraw, item: Item) -> None:
    key = ("card", item.w, item.h, item.fill, item.outline, item.width, item.text, item.ink, item.size, item.bold,
           item.title_lines)
    img = SPRITES.get(key, lambda: card_image(item.w, item.h, item.fill, item.outline, item.width, item.text,
                                               item.ink, item.size, item.bold, item.title_lines))
    im.paste(img, (item.x, item.y), img)


def paint_image(im: Image.Image, draw: ImageDraw.ImageDraw, item: Item) -> None:
    """A prepared image (a base layer's land and regions) carried in ``info["image"]``."""
    img = item.info["image"]
    im.paste(img, (item.x, item.y), img if img.mode == "RGBA" else None)


def paint_nothing(im: Image.Image, draw: ImageDraw.ImageDraw, item: Item) -> None:
    return None


PAINTERS: dict[str, Callable[[Image.Image, ImageDraw.ImageDraw, Item], None]] = {
    "text": paint_text,
    "rect": paint_rect,
    "ellipse": paint_ellipse,
    "line": paint_line,
    "poly": paint_poly,
    "card": paint_card,
    "image": paint_image,
    "none": paint_nothing,
}


def paint_items(im: Image.Image, items: list[Item], dy: int = 0) -> None:
    """Paints ``items`` in order; ``dy`` moves them down (a board's items under its header band)."""
    draw = ImageDraw.Draw(im)
    for item in items:
        PAINTERS.get(item.shape, paint_marker)(im, draw, shifted(item, dy) if dy else item)


def shifted(item: Item, dy: int) -> Item:
    """A copy of ``item`` moved ``dy`` pixels down (the scene's own item is left as it is)."""
    moved = copy.copy(item)
    moved.y += dy
    if moved.points:
        moved.points = tuple((x, y + dy) for x, y in moved.points)
    return moved


# -- scenes and encoding ------------------------------------------------------------------

def base_image(scene: Scene, key: str) -> Image.Image:
    """The static layer of a board, painted once per process per key."""
    def build() -> Image.Image:
        im = Image.new("RGB", (scene.width, scene.height), rgb(scene.background))
        paint_items(im, scene.items)
        return im

    image: Image.Image = BASES.get(key, build)
    return image


def canvas(scene: Scene) -> Image.Image:
    """The image a board is painted on, before its items: the base layer's copy, on a background as
    large as the image (board and band) when they differ, cached per size (one paste per size, not
    per board)."""
    if scene.base is None:
        return Image.new("RGB", (scene.width, scene.image_height), rgb(scene.background))
    key = scene.base_key or str(id(scene.base))
    base = base_image(scene.base, key)
    if base.size == (scene.width, scene.image_height) and not scene.band_h:
        return base.copy()

    def build() -> Image.Image:
        im = Image.new("RGB", (scene.width, scene.image_height), rgb(scene.background))
        im.paste(base, (0, scene.band_h))
        return im

    tall: Image.Image = BASES.get((key, scene.width, scene.image_height, scene.band_h), build)
    return tall.copy()


def paint(scene: Scene) -> Image.Image:
    """The scene as an opaque RGB image: the board under its header band, when it has one."""
    im = canvas(scene)
    paint_items(im, scene.items, scene.band_h)
    paint_items(im, scene.band)
    return im


GREYS = [(g, g, g) for g in range(0, 256, 17)]
BASE_COLOURS = 160  # palette entries for the base layer; the rest go to the items' colours
PALETTES = Cache(16)


def base_palette(scene: Scene) -> list[int]:
    """The base layer's own colours (an octree of its pixels), computed once per base."""
    def build() -> list[int]:
        im = base_image(scene.base, scene.base_key) if scene.base is not None else None
        if im is None:
            return []
        quantised = im.quantize(BASE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        return list(quantised.getpalette() or [])[: BASE_COLOURS * 3]

    palette: list[int] = PALETTES.get(("base", scene.base_key), build)
    return palette


def scene_palette(scene: Scene) -> Image.Image | None:
    """A fixed palette for a board: its base layer's colours, then every colour its items use.

    Quantising to a known palette costs a few ms where an octree of the whole image costs ~15;
    antialiased edges map to the nearest entry. Scenes without a base use the octree.
    """
    if scene.base is None:
        return None
    flat = list(base_palette(scene))
    wanted: set[tuple[int, int, int]] = set(GREYS)
    for item in [*scene.band, *scene.items]:
        for colour in (item.fill, item.outline, item.ink):
            if colour:
                wanted.add(solid(colour))
    have = {tuple(flat[i:i + 3]) for i in range(0, len(flat), 3)}
    for entry in sorted(wanted - have)[: 256 - len(flat) // 3]:
        flat.extend(entry)
    flat.extend([0] * (768 - len(flat)))
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat)
    return palette


def encode(im: Image.Image, fmt: str = "png", palette: Image.Image | None = None) -> bytes:
    """One encode: a 256-colour palette PNG (a given palette, or a fast octree), or lossless WebP."""
    buf = io.BytesIO()
    if fmt == "webp":
        im.save(buf, "WEBP", lossless=True, method=0, quality=0)
    else:
        if palette is not None:
            quantised = im.quantize(palette=palette, dither=Image.Dither.NONE)
        else:
            quantised = im.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        quantised.save(buf, "PNG", compress_level=3)
    return buf.getvalue()


def render_scene(scene: Scene, fmt: str = "png") -> bytes:
    return encode(paint(scene), fmt, scene_palette(scene) if fmt == "png" else None)


def warm_base(base: Scene, key: str) -> None:
    """Paint a base layer and compute its palette now, so the first board pays for neither."""
    base_image(base, key)
    scene_palette(Scene(base.width, base.height, base.background, base=base, base_key=key))
