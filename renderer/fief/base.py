"""The printed map of England: land, six regions in their colours, six seas, roads, Sherwood's
bandit paths, ports, cathedral cities and city names. Drawn once per process and cached.

The map data gives city coordinates but no coastline, so the land is derived: a Voronoi diagram
of the cities (land, coloured by region) and of sea sites (the six sea labels plus points along
the edge of the canvas), computed on a coarse grid and smoothed when scaled up.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from PIL import Image, ImageFilter, ImageMath

from renderer.fief.mapdata import load
from renderer.paint import solid
from renderer.palette import INK_DARK, roman
from renderer.scene import Item, Scene

CROP_X = 120  # map x of the image's left edge: the map's canvas is wider than its content
MAP_W = 1460
PANEL_X = MAP_W
WIDTH = MAP_W + 440
GRID = 10
SEA_FILL = ["#3f6f96", "#386689", "#3f6f96", "#386689", "#3f6f96", "#386689"]
LAND_REACH = 230  # no land further than this from a city
BOTTOM_MARGIN = 50  # Plymouth sits 80 px above the canvas edge: room for its troops and captives
ROAD = "#6b4a2b"
BANDIT = "#1f5f2a"
SHERWOOD = "#2f6b35"


def to_image(x: float, y: float) -> tuple[int, int]:
    """Map coordinates to image pixels."""
    return (int(round(x)) - CROP_X, int(round(y)))


def height() -> int:
    """The board's height: the map's canvas plus a strip of sea for the pieces of the southern cities."""
    return int(load()["canvas"]["height"]) + BOTTOM_MARGIN


def _sites(m: dict[str, Any]) -> list[tuple[float, float, int]]:
    """Voronoi sites: (x, y, class); classes 1..6 are seas, 10+ are regions (by number)."""
    sites: list[tuple[float, float, int]] = []
    sea_index = {sid: i + 1 for i, sid in enumerate(sorted(m["seas"], key=lambda s: m["regions"][s]["number"]))}
    for c in m["cities"].values():
        sites.append((c["x"], c["y"], 10 + m["regions"][c["region"]]["number"]))
    sea_points = [(s["label"][0], s["label"][1], sea_index[sid]) for sid, s in m["seas"].items()]
    sites.extend(sea_points)
    w, h = m["canvas"]["width"], m["canvas"]["height"]
    border = [(x, y) for x in range(0, w + 1, 100) for y in (0, h)] + [(x, y) for y in range(0, h + 1, 100)
                                                                       for x in (0, w)]
    for x, y in border:
        near_city = min(math.hypot(x - c["x"], y - c["y"]) for c in m["cities"].values())
        if near_city > 200:
            nearest = min(sea_points, key=lambda s: math.hypot(x - s[0], y - s[1]))
            sites.append((x, y, nearest[2]))
    return sites


def present(im: Image.Image) -> list[int]:
    """The pixel values used in an "L" image, ascending."""
    return sorted(int(v) for _, v in im.getcolors(256) or [] if isinstance(v, int))


def _nearest(sites: list[tuple[float, float, int]], xs: Image.Image, ys: Image.Image) -> tuple[Image.Image, Image.Image]:
    """Per grid cell: the squared distance to the nearest of ``sites`` and that site's class.

    Computed with ImageMath on float images (C loops), not cell by cell in Python.
    """
    best: Image.Image | None = None
    label = Image.new("F", xs.size, 0)
    for sx, sy, cls in sites:
        def distance(a: dict[str, Any], sx: float = sx, sy: float = sy) -> Any:
            return (a["x"] - sx) * (a["x"] - sx) + (a["y"] - sy) * (a["y"] - sy)

        d = ImageMath.lambda_eval(distance, x=xs, y=ys)
        if best is None:
            best, label = d, Image.new("F", xs.size, cls)
            continue
        closer = ImageMath.lambda_eval(lambda a: a["d"] < a["b"], d=d, b=best)
        def relabel(a: dict[str, Any], cls: int = cls) -> Any:
            return a["l"] + a["c"] * (cls - a["l"])

        label = ImageMath.lambda_eval(relabel, l=label, c=closer)
        best = ImageMath.lambda_eval(lambda a: a["min"](a["d"], a["b"]), d=d, b=best)
    assert best is not None
    return best, label


@cache
def classes() -> Image.Image:
    """A full-size "L" image: each pixel's class (sea 1..6, region 11..16), smooth-edged."""
    m = load()
    sites = _sites(m)
    h = height()
    gw, gh = MAP_W // GRID + 1, h // GRID + 1
    xs = Image.new("F", (gw, gh))
    xs.putdata([gx * GRID + GRID / 2 + CROP_X for _ in range(gh) for gx in range(gw)])
    ys = Image.new("F", (gw, gh))
    ys.putdata([gy * GRID + GRID / 2 for gy in range(gh) for _ in range(gw)])
    land_d, land_class = _nearest([s for s in sites if s[2] >= 10], xs, ys)
    sea_d, sea_class = _nearest([s for s in sites if s[2] < 10], xs, ys)
    reach = float(LAND_REACH ** 2)
    # land where a city is nearer than any sea site and within reach; else the nearest sea
    is_land = ImageMath.lambda_eval(lambda a: (a["ld"] < a["sd"]) * (a["ld"] <= reach), ld=land_d, sd=sea_d)
    small = ImageMath.lambda_eval(lambda a: a["s"] + a["k"] * (a["l"] - a["s"]), s=sea_class, l=land_class,
                                  k=is_land).convert("L").filter(ImageFilter.ModeFilter(3))  # no lone cells
    full = Image.new("L", (MAP_W, h), 0)
    size = (gw * GRID, gh * GRID)
    quarter = (size[0] // 4, size[1] // 4)
    for cls in present(small):
        # smooth the cell edges at a quarter of the size (cheap), threshold at full size (crisp)
        mask = small.point(lambda v, c=cls: 255 if v == c else 0).resize(quarter, Image.Resampling.BILINEAR)
        mask = mask.filter(ImageFilter.GaussianBlur(GRID * 0.2)).resize(size, Image.Resampling.BILINEAR)
        mask = mask.point(lambda v: 255 if v >= 128 else 0).crop((0, 0, MAP_W, h))
        full.paste(cls, (0, 0), mask)
    return full


@cache
def land_image() -> Image.Image:
    """Regions and seas painted in their colours, with coast and region borders."""
    m = load()
    cls = classes()
    h = cls.height
    im = Image.new("RGB", (MAP_W, h), solid(SEA_FILL[0]))
    by_number = {r["number"]: r for r in m["regions"].values()}
    for value in present(cls):
        colour = SEA_FILL[(value - 1) % 6] if value < 10 else by_number[value - 10]["colour"]
        mask = cls.point(lambda v, c=value: 255 if v == c else 0)
        im.paste(solid(colour), (0, 0), mask)
    edges = cls.filter(ImageFilter.FIND_EDGES).point(lambda v: 255 if v else 0)
    land = cls.point(lambda v: 255 if v >= 10 else 0)
    sea_edges = Image.composite(Image.new("L", cls.size, 0), edges, land.filter(ImageFilter.MaxFilter(3)))
    im.paste(solid("#5d8fb8"), (0, 0), sea_edges)
    region_edges = Image.composite(edges, Image.new("L", cls.size, 0), land)
    im.paste(solid("#4a4030"), (0, 0), region_edges.filter(ImageFilter.MaxFilter(3)))
    coast = land.filter(ImageFilter.FIND_EDGES).point(lambda v: 255 if v else 0).filter(ImageFilter.MaxFilter(3))
    im.paste(solid("#16222e"), (0, 0), coast)
    return im


def base_scene() -> Scene:
    """The static layer as a scene (its items are queryable like any other)."""
    m = load()
    h = height()
    scene = Scene(WIDTH, h, "#1b2430")
    scene.add(Item("land", "image", 0, 0, MAP_W, h, info={"image": land_image()}, outline=None))
    # seas and their numerals
    for sid, sea in sorted(m["seas"].items(), key=lambda kv: m["regions"][kv[0]]["number"]):
        x, y = to_image(*sea["label"])
        scene.add(Item("sea", "text", x, y, text=roman(m["regions"][sid]["number"]), size=44, bold=True,
                       ink="#d8e8f5", outline="#1b3550", where=f"sea:{sid}", info={"sea": sid}))
        below = y + 32 if y + 48 < height() else y - 32
        scene.add(Item("sea_name", "text", x, below, text="Sea", size=15, ink="#d8e8f5", outline="#1b3550",
                       where=f"sea:{sid}"))
    # Sherwood and its bandit paths
    sx, sy = to_image(m["sherwood"]["x"], m["sherwood"]["y"])
    for city in m["sherwood"]["cities"]:
        cx, cy = to_image(m["cities"][city]["x"], m["cities"][city]["y"])
        scene.add(Item("bandit_path", "line", points=((sx, sy), (cx, cy)), fill=BANDIT, width=4, dash=10,
                       outline=None, where=city, info={"to": city}))
    # roads
    for road in m["roads"]:
        a, b = m["cities"][road["a"]], m["cities"][road["b"]]
        scene.add(Item("road", "line", points=(to_image(a["x"], a["y"]), to_image(b["x"], b["y"])), fill=ROAD,
                       width=6, outline="#2a1d10", where=f"{road['a']}-{road['b']}",
                       info={"cased": True, "a": road["a"], "b": road["b"]}))
    scene.add(Item("sherwood", "ellipse", sx, sy, 92, 58, fill=SHERWOOD, outline="#12301a", width=2,
                   where="Sherwood"))
    scene.add(Item("sherwood_name", "text", sx, sy, text="Sherwood", size=15, bold=True, ink="#eaf5e0",
                   outline="#0d2410", where="Sherwood"))
    # region numbers and names
    for rid, region in m["regions"].items():
        x, y = to_image(*region["label"])
        scene.add(Item("region", "text", x, y, text=f"{roman(region['number'])} · {region['name']}", size=19,
                       bold=True, ink="#2a2418", outline="#f4ecd8", where=f"region:{rid}",
                       info={"number": region["number"], "colour": region["colour"]}))
    # cities, ports, cathedrals, names
    for name, c in m["cities"].items():
        x, y = to_image(c["x"], c["y"])
        scene.add(Item("city", "circle", x, y, size=26, fill="#f4f1e6", outline=INK_DARK, width=2, where=name,
                       info={"port": c["port"], "cathedral": c["cathedral"], "region": c["region"]}))
        if c["port"]:
            scene.add(Item("port", "text", x - 24, y + 18, text="⚓", size=22, ink="#d8ecff", outline="#10202e",
                           where=name))
        if c["cathedral"]:
            scene.add(Item("cathedral", "text", x + 22, y - 20, text="✝", size=20, bold=True, ink="#ffe08a",
                           outline="#3a2a00", where=name))
        scene.add(Item("city_name", "text", x, y + 26, text=name, size=20, bold=True, ink="#ffffff",
                       outline="#111111", where=name))
    return scene


@cache
def base() -> Scene:
    return base_scene()


def city_xy(name: str) -> tuple[int, int]:
    c = load()["cities"][name]
    return to_image(c["x"], c["y"])
