"""The public Kingdom board of The Old King's Crown.

Layout (1500 x 1000): a header with round and season; the Great Road along the top; the three
Regions stacked (two Locations each, with Heralds, Supporters, the Clash marker and the
Kingdom's Favour) and, beside each Region, every player's cards there (face-down backs or
active cards); on the right a panel with the order track, Influence and Lore, the Favour, the
Councils and their votes, the Wild Kingdom pieces present, and the legend.
"""

from __future__ import annotations

from typing import Any

from renderer import widgets as w
from renderer.fonts import text_width
from renderer.okc.header import okc_band
from renderer.okc.panel import draw_panel, favour_disc, initials
from renderer.okc.read import Board, CardFace, Region, Tower, Town, board
from renderer.palette import FACE_DOWN, GOLD, INK_DARK, INK_LIGHT, Mark, marks, roman
from renderer.scene import Item, Scene

WIDTH, HEIGHT = 1500, 1060  # the board and two rows of its pieces legend; taller when more are needed
BACKGROUND = "#1f2a22"
REGION_FILL = {"Highlands": "#6f7f8f", "Plateau": "#a08a5a", "Lowlands": "#5f8a5a"}
SUIT_FILL = {"coins": "#e8d08a", "books": "#a9c7e8", "swords": "#e3a6a0"}
CARD_FILL = "#efe6d2"
PIECE_FILL = "#c8b4e8"  # a Wild Kingdom piece nobody owns (the Travelling Town, the Tower, a free ship)
ALLY_BACK = "#5b4a78"   # an Ally's back (Wild Kingdom): another faction's card, told apart face down

BOARD_X, BOARD_W = 20, 1000
REGION_TOP, REGION_H = 215, 255
LOC_W, LOC_H = 270, 170
CARDS_X = BOARD_X + 620  # the players' cards beside each Region, right of its two Locations
FACE_UP_W, FACE_DOWN_W, CARD_H, CARD_GAP = 90, 44, 50, 4
LEGEND_TOP = REGION_TOP + 3 * REGION_H + 4  # the pieces legend, under the Regions


def base_scene(layout: list[tuple[str, list[str]]]) -> Scene:
    """The printed board: region bands, location boxes and names, the Great Road frame.

    ``layout`` is [(region name, [left location, right location])]: modules may reshuffle it.
    """
    base = Scene(WIDTH, HEIGHT, BACKGROUND)
    base.add(Item("title", "text", BOARD_X, 14, text="The Old King's Crown", size=26, bold=True,
                  ink="#f0d890", outline="#111111", anchor="la"))
    base.add(Item("great_road_frame", "rect", BOARD_X, 60, BOARD_W, 145, fill="#2c3a2f", outline="#8a9a7a",
                  where="Great Road"))
    base.add(Item("label", "text", BOARD_X + 12, 66, text="Great Road", size=17, bold=True, ink=INK_LIGHT,
                  outline=None, anchor="la", where="Great Road"))
    for i, (region, locations) in enumerate(layout):
        top = REGION_TOP + i * REGION_H
        base.add(Item("region", "rect", BOARD_X, top, BOARD_W, REGION_H - 12,
                      fill=REGION_FILL.get(region, "#7a7a6a"), outline="#20261f", width=3, where=region))
        base.add(Item("region_name", "text", BOARD_X + 14, top + 8, text=region, size=22, bold=True,
                      ink=INK_LIGHT, outline="#111111", anchor="la", where=region))
        for j, loc in enumerate(locations[:2]):
            x, y = location_box(i, j)
            base.add(Item("location", "rect", x, y, LOC_W, LOC_H, fill="#f3ecd9", outline="#20261f", width=2,
                          where=loc, info={"region": region, "side": "left" if j == 0 else "right"}))
            base.add(Item("location_name", "text", x + LOC_W // 2, y + 16, text=loc, size=18, bold=True,
                          ink=INK_DARK, outline=None, where=loc))
        base.add(Item("cards_area", "rect", CARDS_X, top + 8, BOARD_X + BOARD_W - 12 - CARDS_X, REGION_H - 28,
                      fill=None, outline="#20261f", width=1, where=region))
    return base


def location_box(region_index: int, side: int) -> tuple[int, int]:
    return (BOARD_X + 40 + side * (LOC_W + 20), REGION_TOP + region_index * REGION_H + 38)


def card_text(c: CardFace, limit: int = 96, size: int = 12) -> str:
    name = w.wrap(c.name, size, limit, lines=2, bold=True)
    return f"{name}\n{c.strength}" if c.strength is not None else name


def kingdom_card(scene: Scene, kind: str, x: int, y: int, c: CardFace, where: str, who: str = "",
                 width: int = 165, height: int = 100, **info: Any) -> None:
    label = w.wrap(c.name or "?", 13, width - 14, lines=3, bold=True)
    suit = f"\n[{c.suit}]" if c.suit else ""
    w.card(scene, kind, x, y, width, height, label + suit, SUIT_FILL.get(c.suit, CARD_FILL), size=13, bold=True,
           where=where, who=who, name=c.name, suit=c.suit, **info)


def draw_great_road(scene: Scene, b: Board) -> None:
    x = BOARD_X + 14
    scene.add(Item("kingdom_deck", "card", x, 96, 80, 100, text=f"Deck\n{b.deck}", fill=FACE_DOWN,
                   outline=INK_DARK, ink=INK_LIGHT, size=15, bold=True, where="Great Road", info={"count": b.deck}))
    slots: list[CardFace | None] = [*b.great_road, b.road_top]
    for i, c in enumerate(slots):
        cx = x + 100 + i * 178
        if c is None:
            scene.add(Item("great_road_empty", "rect", cx, 96, 165, 100, fill=None, outline="#8a9a7a", width=1,
                           where="Great Road", info={"slot": i}))
            continue
        kingdom_card(scene, "great_road_card", cx, 96, c, "Great Road", slot=i, top_of_deck=i == len(slots) - 1)
    w.text(scene, "kingdom_discard", BOARD_X + BOARD_W - 12, 70, f"discard {b.discard}", size=13, anchor="ra",
           where="Great Road", ink="#c9d1db", count=b.discard)


TOWN_X, TOWN_W = BOARD_X + 828, 165
TOWER_X, TOWER_W = BOARD_X + 320, BOARD_W - 320
LEVELS = ("entrance", "labyrinth", "pinnacle")


def draw_town(scene: Scene, t: Town, b: Board, mk: dict[str, Mark]) -> None:
    """The Travelling Town card at the end of the Great Road: the Influence on it, then its two spaces with
    the Kingdom cards kept there and the Faction Marker of whoever holds each (Wild Kingdom, Travelling Town)."""
    w.card(scene, "town_card", TOWN_X, 84, TOWN_W, 34, f"Travelling Town\n{t.influence} Influence", "#c8b4e8",
           size=12, bold=True, where="Travelling Town", title_lines=1, influence=t.influence)
    for i, c in enumerate(t.spaces[:2]):
        y = 122 + i * 40
        if c is None:
            scene.add(Item("town_space", "rect", TOWN_X, y, TOWN_W, 36, fill=None, outline="#c8b4e8", width=1,
                           where="Travelling Town", info={"slot": i, "empty": True}))
            w.text(scene, "town_space_label", TOWN_X + TOWN_W // 2, y + 10, "empty space", size=11, ink="#c9d1db",
                   anchor="ma", where="Travelling Town")
            continue
        w.card(scene, "town_space", TOWN_X + 30, y, TOWN_W - 30, 36, w.wrap(c.name, 11, TOWN_W - 40, lines=2, bold=True),
               SUIT_FILL.get(c.suit, CARD_FILL), size=11, bold=True, where="Travelling Town", who=c.owner,
               slot=i, name=c.name, owner=c.owner, empty=False)
        if c.owner in mk:
            w.mark(scene, "town_marker", mk[c.owner], TOWN_X + 14, y + 18, 24, where="Travelling Town")


def draw_tower(scene: Scene, t: Tower, b: Board, mk: dict[str, Mark]) -> None:
    """The Whispering Tower tile along the top: each level's face-down Boons, the stack and the discard,
    and how many Boons each player holds (which ones only their owner knows)."""
    top = 8
    scene.add(Item("tower_tile", "rect", TOWER_X, top, TOWER_W, 46, fill="#3a3350", outline="#8a7ab0", width=2,
                   where="Whispering Tower", info={"stack": t.stack, "discard": t.discard}))
    w.text(scene, "tower_name", TOWER_X + 10, top + 4, "Whispering Tower", size=14, bold=True, ink="#e8dcff",
           where="Whispering Tower")
    w.text(scene, "tower_piles", TOWER_X + 10, top + 25, f"stack {t.stack} · discard {t.discard}", size=12,
           ink="#c9d1db", where="Whispering Tower", stack=t.stack, discard=t.discard)
    for i, level in enumerate(LEVELS):
        x = TOWER_X + 165 + i * 112
        w.text(scene, "tower_level", x, top + 4, level.title(), size=12, bold=True, ink="#e8dcff",
               where="Whispering Tower", level=level, boons=t.levels.get(level, 0))
        for j in range(t.levels.get(level, 0)):
            scene.add(Item("tower_boon", "disc", x + 11 + j * 26, top + 32, text="?", fill=FACE_DOWN, outline=GOLD,
                           ink=GOLD, size=24, width=2, where="Whispering Tower",
                           info={"level": level, "face_down": True}))
    x = TOWER_X + 505
    w.text(scene, "tower_held_label", x, top + 4, "Boons held", size=12, bold=True, ink="#e8dcff",
           where="Whispering Tower")
    for k, seat in enumerate(s for s in b.seats if s in mk):
        n = t.held.get(seat, 0)
        w.mark(scene, "boons_held", mk[seat], x + 14 + k * 38, top + 31, 28, text=str(n), where="Whispering Tower",
               count=n)


def draw_region(scene: Scene, i: int, r: Region, b: Board, mk: dict[str, Mark]) -> None:
    top = REGION_TOP + i * REGION_H
    if r.clash:
        scene.add(Item("clash", "disc", BOARD_X + 220, top + 20, text=roman(r.clash), fill="#c0392b",
                       outline=INK_DARK, ink=INK_LIGHT, size=34, where=r.name, info={"order": r.clash}))
    if b.clash_region and b.clash_region == r.id:
        scene.add(Item("clash_now", "rect", BOARD_X - 4, top - 4, BOARD_W + 8, REGION_H - 4, fill=None,
                       outline=GOLD, width=4, where=r.name, info={"stage": b.clash_stage}))
        if b.clash_stage:
            w.text(scene, "clash_stage", BOARD_X + 250, top + 10, b.clash_stage.title(), size=16, bold=True,
                   where=r.name, halo="#111111")
    for j, loc in enumerate(r.locations[:2]):
        x, y = location_box(i, j)
        if loc.reward:
            w.text(scene, "reward", x + LOC_W // 2, y + 38, w.wrap(loc.reward, 12, LOC_W - 20, lines=3), size=12,
                   ink=INK_DARK, anchor="mt", where=loc.name)
        for k, seat in enumerate(loc.heralds):
            if seat in mk:
                w.mark(scene, "herald", mk[seat], x + 30 + k * 44, y + 100, 38, text="H", where=loc.name)
        for k, (module, piece, _, owner) in enumerate(p for p in b.wild_pieces if p[2] == loc.id):
            m = mk.get(owner)
            scene.add(Item("wild_piece", "hexagon", x + 30 + k * 44, y + LOC_H - 30, text=initials(piece),
                           fill=m.colour if m else PIECE_FILL, outline=INK_DARK, ink=m.ink if m else INK_DARK,
                           size=38, width=2, where=loc.name, who=owner,
                           info={"module": module, "piece": piece, "owner": owner}))
        left = b.town.left.get(loc.id, 0) if b.town else 0
        if left:
            scene.add(Item("town_influence", "disc", x + LOC_W - 36, y + 100, text=f"+{left}", fill="#c8b4e8",
                           outline=INK_DARK, ink=INK_DARK, size=38, where=loc.name, info={"influence": left}))
        if (loc.favour or b.favour_location == loc.id) and not b.favour_holder:
            favour_disc(scene, x + LOC_W - 34, y + LOC_H - 34, b.favour_uses, loc.name)
    # Supporters in the region
    k = 0
    for seat in b.seats:
        n = r.supporters.get(seat, 0)
        if n and seat in mk:
            w.mark(scene, "supporters", mk[seat], BOARD_X + 60 + k * 40, top + 222, 30, text=str(n), where=r.name,
                   count=n)
            k += 1
    if k:
        w.text(scene, "supporters_label", BOARD_X + 60 + k * 40, top + 212, "Supporters", size=13, where=r.name,
               halo="#111111")
    # each player's cards beside the region: face-down backs narrow, face-up cards wide enough for
    # every card's name in full; what does not fit is counted (+N)
    ax = CARDS_X + 10
    for k, seat in enumerate(b.seats):
        y = top + 14 + k * 56
        if seat not in mk:
            continue
        w.mark(scene, "cards_owner", mk[seat], ax + 14, y + 24, 30, where=r.name)
        shown = r.cards.get(seat, [])
        right = BOARD_X + BOARD_W - 16 - (46 if b.clash_region == r.id and seat in b.tally else 0)
        cx = ax + 32
        drawn = 0
        for n, c in enumerate(shown):
            cw = FACE_DOWN_W if c.face_down else FACE_UP_W
            room = right - (34 if n < len(shown) - 1 else 0)
            if cx + cw > room:
                break
            region_card(scene, c, cx, y, cw, r.name, seat, mk[seat])
            cx += cw + CARD_GAP
            drawn += 1
        if drawn < len(shown):
            w.text(scene, "region_card_more", cx + 2, y + 16, f"+{len(shown) - drawn}", size=14, bold=True,
                   where=r.name, who=seat, count=len(shown) - drawn)
        if b.clash_region == r.id and seat in b.tally:
            tally_text = f"{b.tally[seat]}{' tie' if seat in b.tied else ''}"
            w.text(scene, "tally", BOARD_X + BOARD_W - 16, y + 14, tally_text, size=18, bold=True, anchor="ra",
                   where=r.name, who=seat, halo="#111111", value=b.tally[seat], tied=seat in b.tied)
    if r.winner and r.winner in mk:
        w.text(scene, "clash_winner", CARDS_X - 10, top + 10, f"won by {r.winner}", size=14, bold=True,
               anchor="ra", where=r.name, who=r.winner, halo="#111111")


def region_card(scene: Scene, c: CardFace, x: int, y: int, cw: int, where: str, seat: str, m: Mark) -> None:
    """One card beside a Region, edged in its player's colour: a back (``?``, ``Ally ?``) or its name
    and strength, with its Ally tag and Boon count."""
    if c.face_down:
        scene.add(Item("region_card", "card", x, y, cw, CARD_H, text="Ally\n?" if c.ally else "?",
                       fill=ALLY_BACK if c.ally else FACE_DOWN, outline=m.colour, ink=INK_LIGHT,
                       size=13 if c.ally else 18, bold=True, width=3, where=where, who=seat,
                       info={"face_down": True, **({"ally": True} if c.ally else {})}))
    else:
        scene.add(Item("region_card", "card", x, y, cw, CARD_H, text=card_text(c, cw - 4, 10), fill=CARD_FILL,
                       outline=m.colour, ink=INK_DARK, size=10, bold=True, width=3, where=where, who=seat,
                       info={"face_down": False, "name": c.name, "strength": c.strength,
                             **({"ally": True} if c.ally else {}),
                             **({"boons": list(c.boon_names)} if c.boon_names else {})}))
        if c.ally:
            w.chip(scene, "ally_badge", x + 2, y + 36, "Ally", "#c8b4e8", INK_DARK, where=where, who=seat,
                   size=10, limit=40)
    if c.boons:
        scene.add(Item("boon_badge", "disc", x + cw - 6, y + 4, text=f"B{c.boons}", fill=GOLD, outline=INK_DARK,
                       ink=INK_DARK, size=26, where=where, who=seat, info={"boons": c.boons}))


_BASES: dict[str, Scene] = {}


def layout_of(b: Board) -> list[tuple[str, list[str]]]:
    return [(r.name, [loc.name for loc in r.locations]) for r in b.regions]


def base_scene_for_layout(layout: list[tuple[str, list[str]]]) -> tuple[Scene, str]:
    """The printed board for a layout of Regions and Locations, and its cache key."""
    key = "okc/public/" + "|".join(f"{r}:{','.join(locs)}" for r, locs in layout)
    if key not in _BASES:
        _BASES[key] = base_scene(layout)
    return _BASES[key], key


def base_for(b: Board) -> tuple[Scene, str]:
    return base_scene_for_layout(layout_of(b))


def public_scene(view: dict[str, Any]) -> Scene:
    b = board(view, None)
    mk = marks(b.seats)
    base, key = base_for(b)
    scene = Scene(WIDTH, HEIGHT, BACKGROUND, base=base, base_key=key)
    draw_great_road(scene, b)
    if b.town is not None:
        draw_town(scene, b.town, b, mk)
    if b.tower is not None:
        draw_tower(scene, b.tower, b, mk)
    for i, region in enumerate(b.regions[:3]):
        draw_region(scene, i, region, b, mk)
    scene.height = max(HEIGHT, pieces_legend(scene, b, mk) + 12)
    draw_panel(scene, b, mk)
    okc_band(scene, b, mk)
    return scene


def pieces_legend(scene: Scene, b: Board, mk: dict[str, Mark]) -> int:
    """What each piece on the board is, in words, under the Regions: the printed pieces, then the
    Wild Kingdom pieces standing on the board (with their owner's colour when they have one).
    Returns the y below it."""
    entries: list[tuple[str, str, str, str, str]] = [  # shape, text on it, fill, ink, words
        ("circle", "H", "#bdbdbd", INK_DARK, "Herald (its player's shape and colour)"),
        ("square", "3", "#bdbdbd", INK_DARK, "Supporters (how many)"),
        ("disc", "II", "#c0392b", INK_LIGHT, "Clash order"),
        ("disc", "III", GOLD, INK_DARK, "Kingdom's Favour (uses left)"),
        ("card_back", "?", FACE_DOWN, INK_LIGHT, "Face-down card (edged in its player's colour)")]
    if any(c.boons for r in b.regions for cs in r.cards.values() for c in cs):
        entries.append(("disc", "B1", GOLD, INK_DARK, "Boons on a card"))
    if b.town is not None and any(b.town.left.values()):
        entries.append(("disc", "+1", PIECE_FILL, INK_DARK, "Influence the Travelling Town left"))
    seen: set[tuple[str, str]] = set()
    for module, piece, _, owner in b.wild_pieces:
        if (piece, owner) in seen:
            continue
        seen.add((piece, owner))
        m = mk.get(owner)
        words = piece.replace("_", " ").title() if piece == module else piece
        entries.append(("hexagon", initials(piece), m.colour if m else PIECE_FILL, m.ink if m else INK_DARK,
                        f"{words} ({owner}'s)" if m else words))
    x0, y = BOARD_X + 4, LEGEND_TOP
    w.text(scene, "pieces_title", x0, y + 4, "Pieces", size=15, bold=True, ink="#f0d890", where="pieces")
    x = x0 + 70
    for shape, mark, fill, ink, words in entries:
        width = 34 + text_width(words, 14) + 22
        if x + width > BOARD_X + BOARD_W and x > x0 + 70:
            x, y = x0 + 70, y + 30
        scene.add(Item("pieces_mark", shape, x + 13, y + 13, text=mark, fill=fill, outline=INK_DARK, ink=ink,
                       size=26, width=2, where="pieces"))
        w.text(scene, "pieces_legend", x + 32, y + 4, words, size=14, where="pieces", piece=words, mark=mark)
        x += width
    return y + 30
