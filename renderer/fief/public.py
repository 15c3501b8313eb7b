"""The Fief: England board: the map with every city's pieces, the seas' cards, and a side panel.

Built from the public view (docs/fief-view.md) and the static map. The private board reuses
:func:`map_items` with the seat's own troop types and swaps the panel (renderer/fief/private.py).

Around each city (x, y):  nobles in a row above; building left, controller on the city disc,
mill right; the city name below (base layer); family troop stacks in a row under the name;
captives under those; relic and Excalibur at the upper corners; invaders upper left; a siege
is a dashed ring in the besieger's colour with its trebuchets.
"""

from __future__ import annotations

from typing import Any

from renderer import widgets as w
from renderer.fief import base as mapbase
from renderer.fief.mapdata import load
from renderer.fonts import fit, text_width
from renderer.palette import GOLD, INK_DARK, INK_LIGHT, INVADER, SHAPES, Mark, ink_on, marks
from renderer.scene import Item, Scene

BUILDINGS = {
    # kind: (shape, letter, fill, legend text)
    "stronghold": ("tower", "S", "#9a9a9a", "Stronghold"),
    "fortified": ("tower", "F", "#5e5e5e", "Fortified city"),
    "abbey": ("shield", "A", "#efe4c4", "Abbey"),
    "royal_abbey": ("shield", "RA", GOLD, "Royal abbey"),
    "royal_stronghold": ("tower", "RS", GOLD, "Royal stronghold"),
}
DISASTERS = {"plague", "storms", "famine", "invasion"}
SEA_CARD_FILL = {"disaster": "#a8322a", "fortune": "#2d6aa6", "tax": "#7a4fa0"}
TYPE_LETTER = {"knight": "K", "men": "M", "archer": "A", "crossbow": "X", "bombard": "B", "trebuchet": "T"}
PANEL_W = mapbase.WIDTH - mapbase.PANEL_X
OUTSKIRTS = "#ffffff"  # outline of troops and nobles waiting in a city's outskirts


def family_marks(view: dict[str, Any]) -> dict[str, Mark]:
    """Each family's colour and letter as the view gives them, plus a shape by family order."""
    families = view.get("families") or {}
    out: dict[str, Mark] = {}
    fallback = marks(sorted(families))
    for i, fid in enumerate(sorted(families)):
        f = families[fid]
        colour = str(f.get("colour") or fallback[fid].colour)
        out[fid] = Mark(fid, colour, SHAPES[i % len(SHAPES)], str(f.get("letter") or fallback[fid].letter),
                        ink_on(colour))
    return out


def noble_name(view: dict[str, Any], nid: str) -> str:
    noble = (view.get("nobles") or {}).get(nid) or {}
    return str(noble.get("name") or nid)


def noble_family(view: dict[str, Any], nid: str) -> str:
    noble = (view.get("nobles") or {}).get(nid) or {}
    return str(noble.get("family") or "")


def neutral_mark() -> Mark:
    return Mark("", "#bdbdbd", "circle", "?", INK_DARK)


# -- the pieces on the map -------------------------------------------------------------------

def troop_text(entry: dict[str, Any], own: bool) -> str:
    if own and isinstance(entry.get("types"), dict):
        order = list(TYPE_LETTER)
        ranked = sorted(entry["types"].items(), key=lambda kv: (order.index(kv[0]) if kv[0] in order else 99, kv[0]))
        parts = [f"{n}{TYPE_LETTER.get(t, t[:1].upper())}" for t, n in ranked if n]
        return " ".join(parts)
    return ""


def city_items(scene: Scene, view: dict[str, Any], name: str, city: dict[str, Any], fm: dict[str, Mark],
               own: set[str]) -> None:
    x, y = mapbase.city_xy(name)
    # siege first, under everything else
    siege = city.get("siege")
    if isinstance(siege, dict) and siege.get("by") in fm:
        by = fm[siege["by"]]
        scene.add(Item("siege", "ellipse", x, y + 20, 150, 118, fill=None, outline=by.colour, width=5, where=name,
                       who=by.seat, info={"trebuchets": siege.get("trebuchets", 0),
                                          "building": siege.get("building", 0)}))
        k = 0
        for label, count, state in (("T", siege.get("trebuchets", 0), "active"),
                                    ("t", siege.get("building", 0), "building")):
            if count:
                scene.add(Item("trebuchet", "triangle", x + 62 + 0 * k, y - 22 + k * 30, text=f"{label}{count}"
                               if count > 1 else label, fill=by.colour if state == "active" else "#d9d9d9",
                               outline=by.colour if state == "building" else INK_DARK, ink=by.ink if state ==
                               "active" else INK_DARK, size=28, width=3, where=name, who=by.seat,
                               info={"state": state, "count": count, "siege": True}))
                k += 1
    # controller: a colour field under the city (reads at preview size) and its mark on the city disc
    controller = city.get("controller")
    if controller in fm:
        m = fm[controller]
        scene.add(Item("control_field", "ellipse", x, y, 64, 40, fill=m.colour, outline=INK_DARK, width=2,
                       where=name, who=controller))
        scene.add(Item("controller", m.shape, x, y, text=m.letter, fill=m.colour, outline=INK_DARK, ink=m.ink,
                       size=30, width=2, where=name, who=controller))
    # building, mill
    building = city.get("building")
    if building in BUILDINGS:
        shape, letter, fill, _ = BUILDINGS[building]
        owner = fm.get(controller) if controller else None
        scene.add(Item("building", shape, x - 36, y, text=letter, fill=fill, outline=owner.colour if owner else
                       INK_DARK, ink=ink_on(fill), size=32, width=3, where=name, who=controller or "",
                       info={"building": building, "abbess": (city.get("abbey") or {}).get("abbess")}))
    if city.get("mill"):
        scene.add(Item("mill", "hexagon", x + 34, y, text="M", fill="#e2d6a8", outline=INK_DARK, ink=INK_DARK,
                       size=24, width=2, where=name))
    # free nobles in a row above the city
    nobles = [n for n in city.get("nobles") or []]
    chips = []
    for nid in nobles:
        fam = noble_family(view, nid)
        label = noble_name(view, nid)
        if len(nobles) > 2:
            label = label[:3]
        chips.append((nid, fam, label))
    row_w = sum(text_width(label, 13, True) + 12 for _, _, label in chips) + 4 * max(0, len(chips) - 1)
    nx = x - row_w // 2
    for nid, fam, label in chips:
        m = fm.get(fam, neutral_mark())
        noble = (view.get("nobles") or {}).get(nid) or {}
        outskirts = bool(noble.get("outskirts"))
        nx += w.chip(scene, "noble", nx, y - 50, label, m.colour, m.ink, where=name, who=fam, size=13,
                     outline=OUTSKIRTS if outskirts else INK_DARK, noble=nid, outskirts=outskirts,
                     titles=list(noble.get("titles") or [])) + 4
    # troop stacks per family, face-down: a count only (own types on the seat's board)
    troops = city.get("troops") or {}
    stacks = [(fid, troops[fid]) for fid in sorted(troops) if isinstance(troops[fid], dict)]
    sx = x - (len(stacks) * 42) // 2 + 21
    for fid, entry in stacks:
        m = fm.get(fid, neutral_mark())
        count = int(entry.get("count", 0))
        scene.add(Item("troops", m.shape, sx, y + 64, text=str(count), fill=m.colour,
                       outline=OUTSKIRTS if entry.get("outskirts") else INK_DARK, ink=m.ink, size=38, width=2,
                       where=name, who=fid, info={"count": count, "outskirts": bool(entry.get("outskirts")),
                                                  "types": entry.get("types") if fid in own else None}))
        extra = []
        if entry.get("bombards"):
            extra.append(f"B{entry['bombards']}")
        besieging = isinstance(siege, dict) and siege.get("by") == fid  # its trebuchets are drawn by the siege
        if entry.get("trebuchets") and not besieging:
            extra.append(f"T{entry['trebuchets']}")
        if entry.get("trebuchets_building") and not besieging:
            extra.append(f"t{entry['trebuchets_building']}")
        types = troop_text(entry, fid in own)
        under = " ".join([types, *extra]).strip()
        if under:
            scene.add(Item("troop_detail", "text", sx, y + 92, text=under, size=12, bold=True, ink="#ffffff",
                           outline="#111111", where=name, who=fid,
                           info={"bombards": entry.get("bombards", 0), "trebuchets": entry.get("trebuchets", 0),
                                 "building": entry.get("trebuchets_building", 0), "types": types}))
        sx += 42
    # captives held in the city
    captives = list(city.get("captives") or [])
    cy = y + (104 if stacks else 60)
    cx = x - 60
    for nid in captives:
        fam = noble_family(view, nid)
        m = fm.get(fam, neutral_mark())
        cx += w.chip(scene, "captive", cx, cy, "⊗" + noble_name(view, nid)[:8], "#d0d0d0", INK_DARK, where=name,
                     who=fam, size=12, outline=m.colour, noble=nid) + 4
    # invaders
    armies = (view.get("invaders") or {}).get("armies") or {}
    for k, aid in enumerate(city.get("invaders") or []):
        army = armies.get(aid) or {}
        size = int(army.get("foot", 0)) + (1 if army.get("leader") else 0)
        edge = OUTSKIRTS if army.get("outskirts") else "#9a9a9a"
        scene.add(Item("invaders", "shield", x - 44 - k * 34, y - 30, text=str(size), fill=INVADER, outline=edge,
                       ink=INK_LIGHT, size=32, width=2, where=name, who=f"invaders:{aid}",
                       info={"army": aid, "size": size, "leader": bool(army.get("leader")),
                             "outskirts": bool(army.get("outskirts")),
                             "captives": list(army.get("captives") or [])}))
        for j, nid in enumerate(army.get("captives") or []):
            fam = noble_family(view, nid)
            mk = fm.get(fam, neutral_mark())
            w.chip(scene, "captive", x - 110 - k * 34, y - 62 - j * 22, "⊗" + noble_name(view, nid)[:8], "#d0d0d0",
                   INK_DARK, where=name, who=fam, size=12, outline=mk.colour, noble=nid, captor=f"invaders:{aid}")
    # relic on a cathedral city
    relic = city.get("relic")
    if isinstance(relic, dict):
        if relic.get("face_down"):
            scene.add(Item("relic", "card_back", x + 48, y - 26, text="?", fill="#6b5a8a", outline=INK_DARK,
                           ink=INK_LIGHT, size=24, width=2, where=name, info={"face_down": True}))
        else:
            w.chip(scene, "relic", x + 36, y - 38, str(relic.get("id", "relic")).replace("_", " ").title(), GOLD,
                   INK_DARK, where=name, size=12, face_down=False, relic=relic.get("id"))


def excalibur_items(scene: Scene, view: dict[str, Any], fm: dict[str, Mark]) -> None:
    """Excalibur in its stone, or carried by a noble (drawn when the view reports it)."""
    ex = view.get("excalibur")
    if not isinstance(ex, dict):
        return
    holder = ex.get("holder")
    city = ex.get("city")
    if holder:
        noble = (view.get("nobles") or {}).get(holder) or {}
        city = city or noble.get("city")
    if city and city in load()["cities"]:
        x, y = mapbase.city_xy(city)
        fam = noble_family(view, holder) if holder else ""
        scene.add(Item("excalibur", "star", x - 46, y + 26, text="X", fill=GOLD, outline=fm[fam].colour if fam in fm
                       else INK_DARK, ink=INK_DARK, size=28, width=3, where=city, who=fam,
                       info={"holder": holder, "in_stone": not holder}))


def sherwood_items(scene: Scene, view: dict[str, Any], fm: dict[str, Mark]) -> None:
    m = load()["sherwood"]
    x, y = mapbase.to_image(m["x"], m["y"])
    held = [nid for nid, n in sorted((view.get("nobles") or {}).items()) if n.get("captor") == "bandits"]
    cx = x - 46
    for nid in held:
        fam = noble_family(view, nid)
        mk = fm.get(fam, neutral_mark())
        cx += w.chip(scene, "captive", cx, y + 30, "⊗" + noble_name(view, nid)[:8], "#d0d0d0", INK_DARK,
                     where="Sherwood", who=fam, size=12, outline=mk.colour, noble=nid) + 4


def sea_card_label(card: dict[str, Any], fm: dict[str, Mark]) -> tuple[str, str]:
    kind = str(card.get("card", "?"))
    group = "disaster" if kind in DISASTERS else "tax" if kind == "tax" else "fortune"
    label = {"harvest": "Harvest", "weather": "Good weather", "invasion": "Invaders"}.get(kind, kind.title())
    if card.get("by") in fm:
        label += f" ({fm[card['by']].letter})"
    if card.get("tallage"):
        label += " tallage"
    if card.get("tithe"):
        label += " tithe"
    return label, group


def sea_items(scene: Scene, view: dict[str, Any], fm: dict[str, Mark]) -> None:
    m = load()
    for sid, cards in sorted((view.get("seas") or {}).items()):
        sea = m["seas"].get(sid)
        if sea is None or not isinstance(cards, list):
            continue
        x, y = mapbase.to_image(*sea["label"])
        below = y + 56 if y + 56 + 24 * len(cards) < mapbase.height() else y - 64 - 24 * (len(cards) - 1)
        for k, card in enumerate(cards):
            label, group = sea_card_label(card, fm)
            active = bool(card.get("active", True))
            fill = SEA_CARD_FILL[group] if active else "#6f7f8f"
            width = text_width(label, 13, True) + 14
            scene.add(Item("sea_card", "card", x - width // 2, below + k * 24, width, 21, text=label, fill=fill,
                           outline="#ffffff" if active else INK_DARK, ink=INK_LIGHT, size=13, bold=True, width=2,
                           where=f"sea:{sid}", who=str(card.get("by") or ""),
                           info={"card": card.get("card"), "group": group, "active": active}))


def map_items(scene: Scene, view: dict[str, Any], fm: dict[str, Mark], own: set[str]) -> None:
    cities = view.get("cities") or {}
    known = load()["cities"]
    for name in known:  # map order: stable whatever order the view's dict has
        if isinstance(cities.get(name), dict):
            city_items(scene, view, name, cities[name], fm, own)
    sherwood_items(scene, view, fm)
    excalibur_items(scene, view, fm)
    sea_items(scene, view, fm)


# -- the side panel ---------------------------------------------------------------------------

def title_lines(view: dict[str, Any], fm: dict[str, Mark]) -> list[tuple[str, str, str]]:
    """(title, holder noble name, family) for every title held, crown first."""
    out: list[tuple[str, str, str]] = []
    for key, title in (("sovereign", "Sovereign"), ("queen", "Queen"), ("prince", "Prince of Wales")):
        nid = view.get(key)
        if nid:
            noble = (view.get("nobles") or {}).get(nid) or {}
            titles = noble.get("titles") or []
            if key == "sovereign":
                title = "Queen (sovereign)" if "sovereign_queen" in titles else "King"
            out.append((title, noble_name(view, nid), noble_family(view, nid)))
    regions = load()["regions"]
    for rid, fief in sorted((view.get("fiefdoms") or {}).items(), key=lambda kv: regions.get(kv[0], {}).get("number", 0)):
        if fief.get("holder"):
            rank = str(fief.get("rank", "lord")).title()
            name = regions.get(rid, {}).get("name", rid)
            out.append((f"{rank} of {name}", noble_name(view, fief["holder"]),
                        str(fief.get("family") or noble_family(view, fief["holder"]))))
    for did, clergy in sorted((view.get("clergy") or {}).items()):
        if clergy.get("holder"):
            out.append((f"{str(clergy.get('title', 'bishop')).title()} of {did.title()}",
                        noble_name(view, clergy["holder"]), noble_family(view, clergy["holder"])))
    for nid, noble in sorted((view.get("nobles") or {}).items()):
        for t in noble.get("titles") or []:
            if str(t).startswith("abbess:"):
                out.append(("Abbess", noble_name(view, nid), str(noble.get("family") or "")))
    return out


def panel_header(scene: Scene, view: dict[str, Any], fm: dict[str, Mark], x: int, top: int) -> int:
    pw = PANEL_W - 24
    y = w.panel(scene, "panel", x, top, pw, mapbase.height() - top - 12, "")
    w.text(scene, "title", x + 12, y, "Fief: England", size=22, bold=True, ink="#f0d890", where="panel")
    y += 32
    w.text(scene, "round", x + 12, y, f"Round {view.get('round', 1)} of 7", size=18, bold=True, where="panel",
           round=view.get("round"))
    w.text(scene, "phase", x + pw - 12, y, f"Phase {view.get('phase', 0)}", size=18, bold=True, anchor="ra",
           where="panel", phase=view.get("phase"))
    y += 26
    label = str(view.get("label") or "")
    if label:
        w.text(scene, "label", x + 12, y, label, size=14, ink="#c9d1db", where="panel", limit=pw - 24)
        y += 22
    first = view.get("first_player")
    turn = view.get("turn") or {}
    first_families = (view.get("seats") or {}).get(first, {}).get("families", []) if first else []
    if first:
        w.text(scene, "first_player_label", x + 12, y + 2, "First player", size=15, ink="#c9d1db", where="panel")
        if first_families and first_families[0] in fm:
            w.mark(scene, "first_player", fm[first_families[0]], x + 130, y + 12, 26, where="panel", seat=first)
        w.text(scene, "first_player_name", x + 146, y + 2, str(first), size=15, bold=True, where="panel", limit=120,
               seat=first)
    if turn.get("family") in fm:
        w.text(scene, "turn_label", x + pw - 100, y + 2, "Turn", size=15, ink="#c9d1db", where="panel")
        w.mark(scene, "turn", fm[turn["family"]], x + pw - 40, y + 12, 26, where="panel", seat=turn.get("seat"))
    y += 30
    order = [f for f in view.get("order") or [] if f in fm]
    if order:
        w.text(scene, "order_label", x + 12, y + 2, "Turn order", size=15, ink="#c9d1db", where="panel")
        for k, fid in enumerate(order):
            w.mark(scene, "order", fm[fid], x + 130 + k * 32, y + 12, 26, where="panel", position=k + 1)
        y += 30
    # Disaster track: three slots, face-down cards only counted
    track = view.get("disaster_track") or {}
    filled = int(track.get("face_down", 0))
    w.text(scene, "disaster_label", x + 12, y + 4, "Disaster track", size=15, ink="#c9d1db", where="panel")
    for k in range(int(track.get("slots", 3))):
        on = k < filled
        scene.add(Item("disaster_slot", "card_back" if on else "square", x + 150 + k * 34, y + 14, text="",
                       fill="#a8322a" if on else "#2e3a4a", outline=INK_DARK if on else "#56657a", size=28,
                       width=2, where="panel", info={"filled": on, "slot": k}))
    decks = view.get("decks") or {}
    top_card = decks.get("fortune_top")
    w.text(scene, "decks", x + 262, y + 4, f"draw {decks.get('fortune', 0)}"
           + (" · top red" if top_card == "disaster" else " · top blue" if top_card == "fortune" else ""),
           size=13, ink="#c9d1db", where="panel", limit=pw - 270, fortune=decks.get("fortune"), top=top_card)
    y += 34
    w.text(scene, "decks_other", x + 12, y, f"Characters {decks.get('character', 0)} · Retainers "
           f"{decks.get('retainer', 0)} · Invaders in box {(view.get('invaders') or {}).get('in_box', 0)}",
           size=13, ink="#c9d1db", where="panel", limit=pw - 24)
    y += 22
    parliament = view.get("parliament")
    if parliament is not None:
        side = parliament.get("side") if isinstance(parliament, dict) else parliament
        w.text(scene, "parliament", x + 12, y, f"Parliament card: {str(side).title()} side", size=15, bold=True,
               where="panel", side=side)
        y += 22
    result = view.get("result")
    if isinstance(result, dict):
        families = view.get("families") or {}
        winners = ", ".join(str(families.get(f, {}).get("name", f)) for f in result.get("winners") or []) or "nobody"
        w.text(scene, "result", x + 12, y, f"Game over: {winners}", size=17, bold=True, ink=GOLD, where="panel",
               limit=pw - 24, winners=list(result.get("winners") or []))
        y += 24
    if view.get("disasters_delayed"):
        w.text(scene, "delayed", x + 12, y, "Round 1: disasters wait on the seas", size=13, ink="#f0b0a0",
               where="panel")
        y += 20
    return y + 6


def titles_panel(scene: Scene, view: dict[str, Any], fm: dict[str, Mark], x: int, y: int, limit: int) -> int:
    pw = PANEL_W - 24
    y = w.panel_row_title(scene, x + 12, y, "Titles")
    lines = title_lines(view, fm)
    if not lines:
        w.text(scene, "title_none", x + 12, y, "none held", size=14, ink="#c9d1db", where="titles")
        return y + 24
    for title, holder, fam in lines:
        if y > limit:
            w.text(scene, "title_more", x + 12, y, "…", size=14, where="titles")
            return y + 20
        if fam in fm:
            w.mark(scene, "title_mark", fm[fam], x + 22, y + 9, 20, where="titles")
        w.text(scene, "title_held", x + 36, y, fit(f"{title}: {holder}", 14, pw - 48), size=14, where="titles",
               who=fam, title=title, holder=holder)
        y += 21
    return y + 6


def families_panel(scene: Scene, view: dict[str, Any], fm: dict[str, Mark], x: int, y: int) -> int:
    """The legend of families with their seat and victory points."""
    pw = PANEL_W - 24
    y = w.panel_row_title(scene, x + 12, y, "Families · VP")
    families = view.get("families") or {}
    vp = view.get("vp") or {}
    relic_vp = view.get("relic_vp")
    for fid in sorted(families):
        f = families[fid]
        m = fm[fid]
        w.mark(scene, "legend_mark", m, x + 24, y + 12, 24, where="legend")
        who = f"{f.get('name', fid)} · {f.get('seat', '')}"
        if f.get("spouse_of"):
            who += f" ⚭ {families.get(f['spouse_of'], {}).get('name', f['spouse_of'])}"
        w.text(scene, "legend", x + 44, y + 2, who, size=15, where="legend", who=fid, limit=pw - 120)
        extra = " +relic" if relic_vp == fid else ""
        w.text(scene, "vp", x + pw - 12, y + 2, f"{vp.get(fid, 0)} VP{extra}", size=16, bold=True, anchor="ra",
               where="legend", who=fid, value=vp.get(fid, 0))
        y += 28
    return y + 6


def symbols_legend(scene: Scene, x: int, y: int) -> int:
    y = w.panel_row_title(scene, x + 12, y, "Symbols")
    entries = [(shape, letter, fill, label) for shape, letter, fill, label in BUILDINGS.values()]
    entries += [("hexagon", "M", "#e2d6a8", "Mill"), ("triangle", "T", "#d9d9d9", "Trebuchet (t: building)"),
                ("shield", "5", INVADER, "Invaders (size)"), ("card_back", "?", "#6b5a8a", "Relic face down"),
                ("star", "X", GOLD, "Excalibur"), ("square", "3", "#bdbdbd", "Troops (count)"),
                ("circle", "", "#bdbdbd", "White edge: outskirts")]
    for k, (shape, letter, fill, label) in enumerate(entries):
        col, row = k % 2, k // 2
        cx, cy = x + 24 + col * 200, y + 12 + row * 28
        edge = OUTSKIRTS if label.startswith("White edge") else INK_DARK
        scene.add(Item("symbol", shape, cx, cy, text=letter, fill=fill, outline=edge, ink=ink_on(fill), size=24,
                       width=2, where="symbols"))
        w.text(scene, "symbol_label", cx + 18, cy - 9, label, size=13, where="symbols", limit=170)
    return y + ((len(entries) + 1) // 2) * 28 + 6


def public_panel(scene: Scene, view: dict[str, Any], fm: dict[str, Mark]) -> None:
    x = mapbase.PANEL_X + 12
    y = panel_header(scene, view, fm, x, 12)
    bottom = mapbase.height() - 24
    legend_h = 34 + 28 * len(view.get("families") or {}) + 24 + 28 * 6 + 10
    y = titles_panel(scene, view, fm, x, y, bottom - legend_h - 20)
    y = max(y, bottom - legend_h)
    y = families_panel(scene, view, fm, x, y)
    symbols_legend(scene, x, y)


def public_scene(view: dict[str, Any]) -> Scene:
    fm = family_marks(view)
    scene = Scene(mapbase.WIDTH, mapbase.height(), base=mapbase.base(), base_key="fief/england")
    map_items(scene, view, fm, own=set())
    public_panel(scene, view, fm)
    return scene
