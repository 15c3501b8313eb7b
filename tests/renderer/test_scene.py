"""The scene model, the painter's caches and the encoder."""

from __future__ import annotations

import io

from PIL import Image

from renderer import DRAWERS, has_drawer
from renderer.fonts import REGULAR, fit, font, text_width
from renderer.paint import LABELS, SPRITES, encode, paint, render_scene
from renderer.palette import OKABE_ITO, letters, marks, roman
from renderer.scene import Item, Scene


def small_scene() -> Scene:
    base = Scene(200, 100, "#203040", [Item("field", "rect", 10, 10, 180, 80, fill="#6a8a5a")])
    scene = Scene(200, 100, "#203040", base=base, base_key="test/small")
    scene.add(Item("troops", "square", 50, 50, text="3", fill="#E69F00", size=30, where="York", who="red",
                   info={"count": 3}))
    scene.add(Item("label", "text", 120, 50, text="Ælfrida → York", size=16, ink="#ffffff", outline="#000000",
                   where="York"))
    return scene


def test_queries_find_items_by_kind_place_owner_and_info() -> None:
    scene = small_scene()
    assert scene.one("troops", where="York", who="red").text == "3"
    assert scene.find("troops", count=3)
    assert scene.count("troops", who="blue") == 0
    assert scene.kinds() == {"field", "troops", "label"}  # base items are included
    assert scene.texts("label") == ["Ælfrida → York"]


def test_unknown_shape_is_refused() -> None:
    try:
        Item("x", "blob")
    except ValueError as err:
        assert "blob" in str(err)
    else:
        raise AssertionError("an unknown shape was accepted")


def test_paint_is_opaque_rgb_and_deterministic() -> None:
    im = paint(small_scene())
    assert im.mode == "RGB" and im.size == (200, 100)
    assert render_scene(small_scene()) == render_scene(small_scene())


def test_sprites_and_labels_are_cached() -> None:
    render_scene(small_scene())
    sprites, labels = SPRITES.hits, LABELS.hits
    render_scene(small_scene())
    assert SPRITES.hits > sprites and LABELS.hits > labels


def test_encode_is_a_palette_png() -> None:
    data = encode(paint(small_scene()))
    im = Image.open(io.BytesIO(data))
    assert im.format == "PNG" and im.mode == "P"
    webp = encode(paint(small_scene()), "webp")
    assert Image.open(io.BytesIO(webp)).format == "WEBP"


def test_font_is_shipped_and_loaded_by_path() -> None:
    assert REGULAR.exists() and (REGULAR.parent / "LICENSE").exists()
    assert font(16).path == str(REGULAR)
    assert text_width("Ælfrida", 16) > 0
    assert fit("a very long name indeed", 14, 60).endswith("…")


def test_seat_marks_are_distinct_in_colour_shape_and_letter() -> None:
    m = marks(["ann", "al", "bob", "cy"])
    assert len({x.colour for x in m.values()}) == 4 and len({x.shape for x in m.values()}) == 4
    assert len({x.letter for x in m.values()}) == 4
    assert all(x.colour in OKABE_ITO for x in m.values())
    assert letters(["ann", "bob"]) == {"ann": "A", "bob": "B"}
    assert roman(4) == "IV" and roman(6) == "VI"


def test_drawers_are_registered() -> None:
    assert has_drawer("fief") and has_drawer("okc")
    assert DRAWERS["fief"] == "renderer.fief:draw" and DRAWERS["okc"] == "renderer.okc:draw"


def test_threads_render_the_same_bytes() -> None:
    """The bot renders off the event loop, several boards at once."""
    from concurrent.futures import ThreadPoolExecutor

    from renderer import render
    from tests.renderer import fief_fixture, okc_fixture

    jobs = [("fief", fief_fixture.public_view(), None), ("okc", okc_fixture.public_view(), None),
            ("fief", fief_fixture.private_view("ann"), "ann"), ("okc", okc_fixture.private_view("al"), "al")] * 3
    expected = [render(g, v, s) for g, v, s in jobs]
    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(lambda job: render(*job), jobs)) == expected


def test_describe_lists_items_as_text() -> None:
    text = small_scene().describe()
    assert "troops @York [red] '3' {'count': 3}" in text
    assert "field" not in text and "field" in small_scene().describe(base=True)


def test_warm_builds_the_base_layers() -> None:
    from renderer import warm
    from renderer.paint import BASES

    warm()
    assert "fief/england" in BASES.store
    assert any(str(key).startswith("okc/public/Highlands:Wilderness,Castle") for key in BASES.store)
