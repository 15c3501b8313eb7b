"""The Fief: England board: the map with every city's pieces (renderer/fief/city.py), Sherwood,
Excalibur, the seas' cards, and the side panel (renderer/fief/panel.py).

Built from the public view (docs/fief-view.md) and the static map. The private board reuses
:func:`map_items` with the seat's own troop types and its own panel (renderer/fief/private.py).
"""

from __future__ import annotations

from typing import Any

from renderer import widgets as w
from renderer.fief import base as mapbase
from renderer.fief.city import Place, captive_chip, city_items, noble_family, noble_name
from renderer.fief.header import fief_band
from renderer.fief.mapdata import load
from renderer.fief.panel import public_panel
from renderer.fonts import text_width
from renderer.palette import GOLD, INK_DARK, INK_LIGHT, SHAPES, Mark, ink_on, marks
from renderer.scene import Item, Scene

DISASTERS = {"plague", "storms", "famine", "invasion"}
SEA_CARD_FILL = {"disaster": "#a8322a", "fortune": "#2d6aa6", "tax": "#7a4fa0"}


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
    """Nobles held by the bandits of Sherwood (13.4), under the forest."""
    m = load()["sherwood"]
    x, y = mapbase.to_image(m["x"], m["y"])
    held = [nid for nid, n in sorted((view.get("nobles") or {}).items()) if n.get("captor") == "bandits"]
    cx = x - 46
    for nid in held:
        cx += captive_chip(scene, view, fm, cx, y + 30, nid, "Sherwood") + 4


def war(view: dict[str, Any]) -> dict[str, Any]:
    found = view.get("war")
    return found if isinstance(found, dict) else {}


def battle_items(scene: Scene, view: dict[str, Any], fm: dict[str, Mark]) -> None:
    """The battle being fought (7.0): a gold ring round its city and crossed swords."""
    battle = war(view).get("battle")
    if not isinstance(battle, dict) or battle.get("city") not in load()["cities"]:
        return
    city = str(battle["city"])
    x, y = mapbase.city_xy(city)
    scene.add(Item("battle", "ellipse", x, y + 20, 176, 140, fill=None, outline=GOLD, width=6, where=city,
                   info={"kind": battle.get("kind"), "attacker": battle.get("attacker"),
                         "defender": battle.get("defender"), "stage": battle.get("stage")}))
    scene.add(Item("battle_mark", "text", x - 70, y - 44, text="⚔", size=34, bold=True, ink=GOLD,
                   outline="#111111", where=city))


def sherwood_camp_items(scene: Scene, view: dict[str, Any], fm: dict[str, Mark]) -> None:
    """Nobles hiding in Sherwood with the knights that wait with them (13.4), above the forest."""
    m = load()["sherwood"]
    x, y = mapbase.to_image(m["x"], m["y"])
    camp = war(view).get("sherwood") or {}
    cx = x - 46
    for nid in sorted(camp):
        fam = noble_family(view, nid)
        mk = fm.get(fam)
        if mk is None:
            continue
        knights = int(camp[nid] or 0)
        label = noble_name(view, nid)[:8] + (f" +{knights}K" if knights else "")
        cx += w.chip(scene, "sherwood_noble", cx, y - 58, label, mk.colour, mk.ink, where="Sherwood", who=fam,
                     size=12, noble=nid, knights=knights) + 4


def sea_card_label(card: dict[str, Any], fm: dict[str, Mark]) -> tuple[str, str]:
    """A card lying on a sea (2.x): its words and its group (disaster, fortune or tax)."""
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
    """Disaster, Fortune and Tax cards on their seas, under the sea's numeral; greyed until active."""
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
            left = min(max(8, x - width // 2), mapbase.MAP_W - width - 8)  # never over the panel
            scene.add(Item("sea_card", "card", left, below + k * 24, width, 21, text=label, fill=fill,
                           outline="#ffffff" if active else INK_DARK, ink=INK_LIGHT, size=13, bold=True, width=2,
                           where=f"sea:{sid}", who=str(card.get("by") or ""),
                           info={"card": card.get("card"), "group": group, "active": active}))


def map_items(scene: Scene, view: dict[str, Any], fm: dict[str, Mark], own: set[str]) -> None:
    """Every piece on the map; ``own`` are the families whose troop types may be shown."""
    battle_items(scene, view, fm)  # under the pieces of the city it rings
    cities = view.get("cities") or {}
    for name in load()["cities"]:  # map order: stable whatever order the view's dict has
        if isinstance(cities.get(name), dict):
            x, y = mapbase.city_xy(name)
            city_items(scene, Place(name, x, y, cities[name], view, fm, frozenset(own)))
    sherwood_items(scene, view, fm)
    sherwood_camp_items(scene, view, fm)
    excalibur_items(scene, view, fm)
    sea_items(scene, view, fm)


def public_scene(view: dict[str, Any]) -> Scene:
    fm = family_marks(view)
    scene = Scene(mapbase.WIDTH, mapbase.height(), base=mapbase.base(), base_key="fief/england")
    map_items(scene, view, fm, own=set())
    public_panel(scene, view, fm)
    fief_band(scene, view, fm)
    return scene
