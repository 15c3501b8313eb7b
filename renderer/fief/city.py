"""The pieces in and around one city on the Fief map, one small function per kind of piece.

Around a city at (x, y): nobles in a row above; the building left, the controller on the city
disc, the mill right; the city name below (base layer); the families' troop stacks in a row under
the name, their captives under those; the relic at the upper right; invaders at the upper left;
a siege is a ring in the besieger's colour with its trebuchets on the right.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from renderer import widgets as w
from renderer.fonts import text_width
from renderer.palette import GOLD, INK_DARK, INK_LIGHT, INVADER, Mark, ink_on
from renderer.scene import Item, Scene

BUILDINGS = {
    # kind: (shape, letter, fill, legend text)
    "stronghold": ("tower", "S", "#9a9a9a", "Stronghold"),
    "fortified": ("tower", "F", "#5e5e5e", "Fortified city"),
    "abbey": ("shield", "A", "#efe4c4", "Abbey"),
    "royal_abbey": ("shield", "RA", GOLD, "Royal abbey"),
    "royal_stronghold": ("tower", "RS", GOLD, "Royal stronghold"),
}
TYPE_LETTER = {"knight": "K", "men": "M", "archer": "A", "crossbow": "X", "bombard": "B", "trebuchet": "T"}
OUTSKIRTS = "#ffffff"  # outline of troops, nobles and invaders waiting in a city's outskirts
CAPTIVE_FILL = "#d0d0d0"
MILL_FILL = "#e2d6a8"
RELIC_BACK = "#6b5a8a"
NEUTRAL = Mark("", "#bdbdbd", "circle", "?", INK_DARK)


@dataclass(frozen=True)
class Place:
    """One city being drawn: its name, position, view entry, and who is who."""

    name: str
    x: int
    y: int
    city: dict[str, Any]
    view: dict[str, Any]
    marks: dict[str, Mark]
    own: frozenset[str]

    def mark(self, family: str) -> Mark:
        return self.marks.get(family, NEUTRAL)

    def noble(self, nid: str) -> dict[str, Any]:
        found: dict[str, Any] = (self.view.get("nobles") or {}).get(nid) or {}
        return found


def noble_name(view: dict[str, Any], nid: str) -> str:
    noble = (view.get("nobles") or {}).get(nid) or {}
    return str(noble.get("name") or nid)


def noble_family(view: dict[str, Any], nid: str) -> str:
    noble = (view.get("nobles") or {}).get(nid) or {}
    return str(noble.get("family") or "")


def shows_types(entry: dict[str, Any], own: bool) -> bool:
    """Types are drawn for the seat's own stacks, and for stacks revealed in a battle (4.1, 7.0)."""
    return (own or bool(entry.get("revealed"))) and isinstance(entry.get("types"), dict)


def troop_text(entry: dict[str, Any], own: bool) -> str:
    """A stack by type ("2K 2M 1A") where its types may be shown; else empty."""
    if not shows_types(entry, own):
        return ""
    order = list(TYPE_LETTER)
    ranked = sorted(entry["types"].items(), key=lambda kv: (order.index(kv[0]) if kv[0] in order else 99, kv[0]))
    return " ".join(f"{n}{TYPE_LETTER.get(t, t[:1].upper())}" for t, n in ranked if n)


def siege_items(scene: Scene, p: Place) -> None:
    """A siege (7.x): a ring in the besieger's colour, its trebuchets active (T) or building (t)."""
    siege = p.city.get("siege")
    if not isinstance(siege, dict) or siege.get("by") not in p.marks:
        return
    by = p.marks[siege["by"]]
    scene.add(Item("siege", "ellipse", p.x, p.y + 20, 150, 118, fill=None, outline=by.colour, width=5, where=p.name,
                   who=by.seat, info={"trebuchets": siege.get("trebuchets", 0), "building": siege.get("building", 0)}))
    k = 0
    for label, count, state in (("T", siege.get("trebuchets", 0), "active"),
                                ("t", siege.get("building", 0), "building")):
        if not count:
            continue
        active = state == "active"
        scene.add(Item("trebuchet", "triangle", p.x + 62, p.y - 22 + k * 30, text=f"{label}{count}" if count > 1
                       else label, fill=by.colour if active else "#d9d9d9", outline=INK_DARK if active else by.colour,
                       ink=by.ink if active else INK_DARK, size=28, width=3, where=p.name, who=by.seat,
                       info={"state": state, "count": count, "siege": True}))
        k += 1


def controller_items(scene: Scene, p: Place) -> None:
    """The controlling family: a colour field under the city (reads at preview size) and its mark."""
    controller = p.city.get("controller")
    if controller not in p.marks:
        return
    m = p.marks[controller]
    scene.add(Item("control_field", "ellipse", p.x, p.y, 64, 40, fill=m.colour, outline=INK_DARK, width=2,
                   where=p.name, who=controller))
    scene.add(Item("controller", m.shape, p.x, p.y, text=m.letter, fill=m.colour, outline=INK_DARK, ink=m.ink,
                   size=30, width=2, where=p.name, who=controller))


def building_items(scene: Scene, p: Place) -> None:
    """The city's building (edged in the controller's colour) and its mill."""
    building = p.city.get("building")
    controller = p.city.get("controller") or ""
    if building in BUILDINGS:
        shape, letter, fill, _ = BUILDINGS[building]
        edge = p.marks[controller].colour if controller in p.marks else INK_DARK
        scene.add(Item("building", shape, p.x - 36, p.y, text=letter, fill=fill, outline=edge, ink=ink_on(fill),
                       size=32, width=3, where=p.name, who=controller,
                       info={"building": building, "abbess": (p.city.get("abbey") or {}).get("abbess")}))
    if p.city.get("mill"):
        scene.add(Item("mill", "hexagon", p.x + 34, p.y, text="M", fill=MILL_FILL, outline=INK_DARK, ink=INK_DARK,
                       size=24, width=2, where=p.name))


def noble_items(scene: Scene, p: Place) -> None:
    """Free nobles in a row above the city: names, or three letters when more than two."""
    nobles = list(p.city.get("nobles") or [])
    moves = ((p.view.get("war") or {}).get("moves") or {}) if p.view.get("step") == "move" else {}
    labels = [(noble_name(p.view, nid)[:3] if len(nobles) > 2 else noble_name(p.view, nid))
              + (f" ›{moves[nid]}" if moves.get(nid) else "") for nid in nobles]
    row = sum(text_width(label, 13, True) + 12 for label in labels) + 4 * max(0, len(labels) - 1)
    nx = p.x - row // 2
    for nid, label in zip(nobles, labels, strict=True):
        fam = noble_family(p.view, nid)
        m = p.mark(fam)
        outskirts = bool(p.noble(nid).get("outskirts"))
        nx += w.chip(scene, "noble", nx, p.y - 50, label, m.colour, m.ink, where=p.name, who=fam, size=13,
                     outline=OUTSKIRTS if outskirts else INK_DARK, noble=nid, outskirts=outskirts,
                     titles=list(p.noble(nid).get("titles") or []), moves=int(moves.get(nid, 0))) + 4


def troop_items(scene: Scene, p: Place) -> bool:
    """Each family's stack, face down: its shape and marker count (4.1); types on its own board, and
    on every board once a battle has revealed them. Bombards and trebuchets are public and written
    under the stack. Returns whether any."""
    troops = p.city.get("troops") or {}
    stacks = [(fid, troops[fid]) for fid in sorted(troops) if isinstance(troops[fid], dict)]
    siege = p.city.get("siege")
    besieger = siege.get("by") if isinstance(siege, dict) else None
    sx = p.x - (len(stacks) * 42) // 2 + 21
    for fid, entry in stacks:
        m = p.mark(fid)
        count = int(entry.get("count", 0))
        outskirts = bool(entry.get("outskirts"))
        scene.add(Item("troops", m.shape, sx, p.y + 64, text=str(count), fill=m.colour,
                       outline=OUTSKIRTS if outskirts else INK_DARK, ink=m.ink, size=38, width=2, where=p.name,
                       who=fid, info={"count": count, "outskirts": outskirts,
                                      "revealed": bool(entry.get("revealed")),
                                      "types": entry.get("types") if shows_types(entry, fid in p.own) else None}))
        engines = []
        if entry.get("bombards"):
            engines.append(f"B{entry['bombards']}")
        if fid != besieger:  # a besieger's trebuchets are drawn by the siege
            if entry.get("trebuchets"):
                engines.append(f"T{entry['trebuchets']}")
            if entry.get("trebuchets_building"):
                engines.append(f"t{entry['trebuchets_building']}")
        types = troop_text(entry, fid in p.own)
        under = " ".join([types, *engines]).strip()
        if under:
            scene.add(Item("troop_detail", "text", sx, p.y + 92, text=under, size=12, bold=True, ink="#ffffff",
                           outline="#111111", where=p.name, who=fid,
                           info={"bombards": entry.get("bombards", 0), "trebuchets": entry.get("trebuchets", 0),
                                 "building": entry.get("trebuchets_building", 0), "types": types}))
        sx += 42
    return bool(stacks)


def captive_chip(scene: Scene, view: dict[str, Any], marks: dict[str, Mark], x: int, y: int, nid: str, where: str,
                 **info: Any) -> int:
    """A captive noble: grey, edged in its own family's colour, marked ⊗; returns its width."""
    fam = noble_family(view, nid)
    edge = marks.get(fam, NEUTRAL).colour
    return w.chip(scene, "captive", x, y, "⊗" + noble_name(view, nid)[:8], CAPTIVE_FILL, INK_DARK, where=where,
                  who=fam, size=12, outline=edge, noble=nid, **info)


def captive_items(scene: Scene, p: Place, below_stacks: bool) -> None:
    cx = p.x - 60
    cy = p.y + (104 if below_stacks else 60)
    for nid in p.city.get("captives") or []:
        cx += captive_chip(scene, p.view, p.marks, cx, cy, nid, p.name) + 4


def invader_items(scene: Scene, p: Place) -> None:
    """Invader armies (6.x) with their size (leader + foot soldiers) and the nobles they hold."""
    armies = (p.view.get("invaders") or {}).get("armies") or {}
    garrisons = (p.view.get("war") or {}).get("garrisons") or {}
    for k, aid in enumerate(p.city.get("invaders") or []):
        army = armies.get(aid) or {}
        size = int(army.get("foot", 0)) + (1 if army.get("leader") else 0)
        outskirts = bool(army.get("outskirts"))
        garrison = garrisons.get(aid) == p.name  # holds this Fortified City for good (6.6)
        edge = GOLD if garrison else OUTSKIRTS if outskirts else "#9a9a9a"
        scene.add(Item("invaders", "shield", p.x - 44 - k * 34, p.y - 30, text=str(size), fill=INVADER,
                       outline=edge, ink=INK_LIGHT, size=32, width=3 if garrison else 2, where=p.name,
                       who=f"invaders:{aid}", info={"army": aid, "size": size, "leader": bool(army.get("leader")),
                                                    "outskirts": outskirts, "garrison": garrison,
                                                    "captives": list(army.get("captives") or [])}))
        for j, nid in enumerate(army.get("captives") or []):
            captive_chip(scene, p.view, p.marks, p.x - 110 - k * 34, p.y - 62 - j * 22, nid, p.name,
                         captor=f"invaders:{aid}")


def relic_items(scene: Scene, p: Place) -> None:
    """A relic on a cathedral city (12.0): face down until discovered, then by name."""
    relic = p.city.get("relic")
    if not isinstance(relic, dict):
        return
    if relic.get("face_down"):
        scene.add(Item("relic", "card_back", p.x + 48, p.y - 26, text="?", fill=RELIC_BACK, outline=INK_DARK,
                       ink=INK_LIGHT, size=24, width=2, where=p.name, info={"face_down": True}))
    else:
        w.chip(scene, "relic", p.x + 36, p.y - 38, str(relic.get("id", "relic")).replace("_", " ").title(), GOLD,
               INK_DARK, where=p.name, size=12, face_down=False, relic=relic.get("id"))


def city_items(scene: Scene, p: Place) -> None:
    """Everything in one city, bottom layer first."""
    siege_items(scene, p)
    controller_items(scene, p)
    building_items(scene, p)
    noble_items(scene, p)
    stacks = troop_items(scene, p)
    captive_items(scene, p, stacks)
    invader_items(scene, p)
    relic_items(scene, p)
