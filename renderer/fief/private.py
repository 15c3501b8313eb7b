"""A seat's private Fief board (sent by DM): the same map with its own troop types shown, and a
panel with its hand, shillings, nobles and retainers, treasures, pigeons, vote markers left and
the captives it holds.
"""

from __future__ import annotations

from typing import Any

from renderer import widgets as w
from renderer.fief import base as mapbase
from renderer.fief.city import noble_name
from renderer.fief.header import fief_band
from renderer.fief.panel import PANEL_W, battle_rows, families_panel, negotiation_rows, panel_header
from renderer.fief.public import family_marks, map_items
from renderer.fonts import fit
from renderer.scene import Scene

TROOP_WORDS = {"knight": ("Knight", "Knights"), "men": ("Man-at-Arms", "Men-at-Arms"),
               "archer": ("Archer", "Archers"), "crossbow": ("Crossbowman", "Crossbowmen"),
               "bombard": ("Bombard", "Bombards"), "trebuchet": ("Trebuchet", "Trebuchets")}
TROOP_ORDER = list(TROOP_WORDS)


def stockpile_words(stock: dict[str, Any]) -> str:
    """"7 Knights, 10 Men-at-Arms, 1 Archer": the troops in a family's stockpile, in words."""
    ranked = sorted(stock.items(), key=lambda kv: (TROOP_ORDER.index(kv[0]) if kv[0] in TROOP_ORDER else 99, kv[0]))
    parts = []
    for kind, n in ranked:
        one, many = TROOP_WORDS.get(kind, (kind.replace("_", " ").title(),) * 2)
        parts.append(f"{n} {one if n == 1 else many}")
    return ", ".join(parts) or "empty"


DECK_FILL = {"character": "#e8dcc0", "fortune": "#b9d3ec", "disaster": "#e6b0a8", "retainer": "#d8c8f0"}


def own_families(view: dict[str, Any], seat: str) -> list[str]:
    me = view.get("me") or {}
    fams = me.get("families") or (view.get("seats") or {}).get(seat, {}).get("families") or []
    return [str(f) for f in fams]


def private_panel(scene: Scene, view: dict[str, Any], seat: str, fams: list[str]) -> None:
    fm = family_marks(view)
    x = mapbase.PANEL_X + 12
    pw = PANEL_W - 24
    y = panel_header(scene, view, fm, x, 12)
    y = battle_rows(scene, view, fm, x, y)
    me = view.get("me") or {}
    families = view.get("families") or {}
    # who this board is for, and the money (also in the DM text)
    y = w.panel_row_title(scene, x + 12, y, f"Your board · {seat}")
    w.text(scene, "shillings", x + 12, y, f"{me.get('shillings', 0)} shillings", size=18, bold=True, where="me",
           who=seat, value=me.get("shillings", 0))
    hand = me.get("hand") or []
    w.text(scene, "hand_count", x + pw - 12, y, f"hand {len(hand)}/{me.get('hand_limit', '?')}", size=16,
           anchor="ra", where="me", who=seat, value=len(hand))
    y += 28
    draws = me.get("draws")
    if isinstance(draws, dict) and view.get("step") == "draw":
        chars = int(draws.get("characters", 0) or 0)
        w.text(scene, "draws", x + 12, y, f"cards drawn this phase: {draws.get('taken', 0)} of {draws.get('limit', '?')}"
               f" ({chars} character{'' if chars == 1 else 's'})", size=14, ink="#c9d1db", where="me", who=seat,
               limit=pw - 24, taken=draws.get("taken", 0))
        y += 22
    # the hand
    for card in hand:
        deck = str(card.get("deck", ""))
        w.card(scene, "hand_card", x + 12, y, pw - 24, 24, fit(f"{card.get('name', card.get('id'))}"
                                                                 f" · {card.get('kind', '')}", 13, pw - 40),
               DECK_FILL.get(deck, "#e0e0e0"), size=13, bold=True, where="hand", who=seat, id=card.get("id"),
               deck=deck)
        y += 28
    y += 6
    # per own family: stock, markers, nobles with their retainers, captives held
    captives_held = [nid for nid, n in sorted((view.get("nobles") or {}).items()) if n.get("captor") in fams]
    for fid in fams:
        f = families.get(fid) or {}
        m = fm.get(fid)
        if m is not None:
            w.mark(scene, "family_mark", m, x + 22, y + 10, 22, where="me")
        w.text(scene, "family_name", x + 40, y, str(f.get("name", fid)), size=16, bold=True, where="me", who=fid)
        y += 26
        stock = f.get("stockpile") or {}
        for line in w.wrap(f"Stockpile: {stockpile_words(stock)}", 14, pw - 24, lines=3).split("\n"):
            w.text(scene, "stockpile", x + 12, y, line, size=14, where="me", who=fid, stock=dict(stock))
            y += 20
        y += 2
        markers = (f"treasures {f.get('treasures', 0)} · pigeons {f.get('pigeons', 0)} · "
                   f"votes left {f.get('votes', 0)} · ring {'kept' if f.get('ring') else 'used'}")
        w.text(scene, "markers", x + 12, y, markers, size=14, where="me", who=fid, limit=pw - 24,
               treasures=f.get("treasures", 0), pigeons=f.get("pigeons", 0), votes=f.get("votes", 0))
        y += 24
        for nid in f.get("nobles") or []:
            noble = (view.get("nobles") or {}).get(nid) or {}
            where = noble.get("city") or ("captive" if noble.get("captor") else "?")
            retainer = noble.get("retainer") or {}
            line = f"{noble_name(view, nid)} ({where})"
            if retainer:
                line += f" · {retainer.get('name', '?')}{' (spent)' if retainer.get('spent') else ''}"
            w.text(scene, "own_noble", x + 20, y, fit(line, 14, pw - 32), size=14, where="me", who=fid, noble=nid,
                   retainer=retainer.get("name"))
            y += 20
        y += 6
    if captives_held:
        w.text(scene, "captives_title", x + 12, y, "Captives you hold", size=15, bold=True, ink="#f0d890",
               where="me")
        y += 22
        for nid in captives_held:
            noble = (view.get("nobles") or {}).get(nid) or {}
            w.text(scene, "captive_held", x + 20, y, f"{noble_name(view, nid)} of "
                   f"{families.get(noble.get('family'), {}).get('name', noble.get('family'))}", size=14,
                   where="me", noble=nid, limit=pw - 32)
            y += 20
    legend_y = mapbase.height() - 60 - 28 * len(families)
    y = negotiation_rows(scene, view, x, y + 6, legend_y - 24)
    families_panel(scene, view, fm, x, max(y + 8, legend_y))


def private_scene(view: dict[str, Any], seat: str) -> Scene:
    fams = own_families(view, seat)
    fm = family_marks(view)
    scene = Scene(mapbase.WIDTH, mapbase.height(), base=mapbase.base(), base_key="fief/england")
    map_items(scene, view, fm, own=set(fams))
    private_panel(scene, view, seat, fams)
    fief_band(scene, view, fm, seat, fams)
    return scene
