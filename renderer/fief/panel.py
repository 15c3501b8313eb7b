"""The side panel of the Fief board: round, phase, turn order, Disaster track, decks, Parliament,
the battle being fought, titles held, open requests and offers, families with their victory
points, and the legend of symbols."""

from __future__ import annotations

from typing import Any

from renderer import widgets as w
from renderer.fief import base as mapbase
from renderer.fief.city import BUILDINGS, MILL_FILL, OUTSKIRTS, RELIC_BACK, noble_family, noble_name
from renderer.fief.mapdata import load
from renderer.fonts import fit
from renderer.palette import GOLD, INK_DARK, INVADER, Mark, ink_on
from renderer.scene import Item, Scene

PANEL_W = mapbase.WIDTH - mapbase.PANEL_X


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
                abbey = str(t).partition(":")[2].replace("_", " ").title()
                out.append((f"Abbess ({abbey})", noble_name(view, nid), str(noble.get("family") or "")))
            elif t == "garter":
                out.append(("Order of the Garter", noble_name(view, nid), str(noble.get("family") or "")))
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
    entries += [("hexagon", "M", MILL_FILL, "Mill"), ("triangle", "T", "#d9d9d9", "Trebuchet (t: building)"),
                ("shield", "5", INVADER, "Invaders (size)"), ("card_back", "?", RELIC_BACK, "Relic face down"),
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


def party(view: dict[str, Any], who: Any) -> str:
    """A family's name, or the seat's own name."""
    family = (view.get("families") or {}).get(who)
    return str(family.get("name", who)) if isinstance(family, dict) else str(who)


def bundle_text(bundle: Any) -> str:
    if isinstance(bundle, dict):
        return ", ".join(f"{v} {k}" for k, v in sorted(bundle.items())) or "nothing"
    return str(bundle) if bundle not in (None, "") else "nothing"


def negotiation_rows(scene: Scene, view: dict[str, Any], x: int, y: int, limit: int) -> int:
    """Open requests (ransom, passage...) and Carrier Pigeon offers: who asks whom. Terms are shown
    only when the view carries them (the two parties' own boards)."""
    lines: list[tuple[str, str, dict[str, Any]]] = []
    for r in view.get("requests") or []:
        if isinstance(r, dict):
            what = str(r.get("what", "request")).replace("_", " ")
            lines.append(("request", f"{what}: {party(view, r.get('by'))} asks {party(view, r.get('to'))}",
                          {"id": r.get("id"), "what": r.get("what")}))
    for o in view.get("offers") or []:
        if isinstance(o, dict):
            words = f"pigeon: {party(view, o.get('by'))} offers {party(view, o.get('to'))}"
            if "give" in o or "take" in o:
                words += f" {bundle_text(o.get('give'))} for {bundle_text(o.get('take'))}"
            lines.append(("offer", words, {"id": o.get("offer")}))
    if not lines:
        return y
    pw = PANEL_W - 24
    y = w.panel_row_title(scene, x + 12, y, "Waiting on answers")
    for kind, words, info in lines:
        if y > limit:
            break
        w.text(scene, kind, x + 12, y, words, size=14, where="panel", limit=pw - 24, **info)
        y += 20
    return y + 6


TROOP_ORDER = ["knight", "men", "archer", "crossbow", "bombard", "trebuchet", "royal_knight", "royal_men", "foot"]
TROOP_SHORT = {"knight": "K", "men": "M", "archer": "A", "crossbow": "X", "bombard": "B", "trebuchet": "T",
               "royal_knight": "RK", "royal_men": "RM", "foot": "F"}


def troops_text(troops: Any) -> str:
    if not isinstance(troops, dict):
        return ""
    ranked = sorted(troops.items(), key=lambda kv: (TROOP_ORDER.index(kv[0]) if kv[0] in TROOP_ORDER else 99, kv[0]))
    return " ".join(f"{n}{TROOP_SHORT.get(t, t[:2].upper())}" for t, n in ranked if n)


def side_name(view: dict[str, Any], side: Any) -> str:
    return "Invaders" if side == "invaders" else party(view, side)


def battle_rows(scene: Scene, view: dict[str, Any], fm: dict[str, Mark], x: int, y: int) -> int:
    """The battle being fought (7.0-7.8): where, which round and volley, and each side's revealed
    troops, nobles and strength."""
    war = view.get("war")
    battle = war.get("battle") if isinstance(war, dict) else None
    if not isinstance(battle, dict):
        return y
    pw = PANEL_W - 24
    kind = str(battle.get("kind") or "battle").title()
    y = w.panel_row_title(scene, x + 12, y, f"⚔ {kind} at {battle.get('city', '?')}")
    stage = str(battle.get("stage") or "").replace("_", " ")
    line = f"round {battle.get('round', 0)} · {stage}"
    if battle.get("penalty"):
        line += f" · walls -{battle['penalty']} dice"
    if battle.get("proposal"):
        line += f" · {battle['proposal']} offered"
    w.text(scene, "battle_state", x + 12, y, line, size=14, ink="#c9d1db", where="battle", limit=pw - 24,
           round=battle.get("round"), stage=battle.get("stage"))
    y += 22
    sides = battle.get("sides") or {}
    for role in ("attacker", "defender"):
        side = battle.get(role)
        info = sides.get(side) if isinstance(sides, dict) else None
        if not isinstance(info, dict):
            continue
        if side in fm:
            w.mark(scene, "battle_side_mark", fm[side], x + 22, y + 10, 22, where="battle")
        nobles = ", ".join(noble_name(view, n) if not str(n).startswith("leader:") else "Leader"
                           for n in info.get("nobles") or [])
        words = f"{role}: {side_name(view, side)} · SP {info.get('strength', 0)} · {troops_text(info.get('troops'))}"
        if nobles:
            words += f" · {nobles}"
        w.text(scene, "battle_side", x + 38, y, words, size=14, where="battle", who=str(side), limit=pw - 50,
               role=role, strength=info.get("strength"), troops=info.get("troops"))
        y += 22
    return y + 6


def war_rows(scene: Scene, view: dict[str, Any], x: int, y: int) -> int:
    """What is left of the Royal Guard's losses this game (13.1), when any."""
    war = view.get("war")
    lost = war.get("royal_guard_lost") if isinstance(war, dict) else None
    if isinstance(lost, dict) and any(lost.values()):
        w.text(scene, "royal_guard_lost", x + 12, y, f"Royal Guard lost: {troops_text(lost)}", size=14,
               ink="#c9d1db", where="panel", limit=PANEL_W - 48)
        y += 22
    return y


def public_panel(scene: Scene, view: dict[str, Any], fm: dict[str, Mark]) -> None:
    x = mapbase.PANEL_X + 12
    y = panel_header(scene, view, fm, x, 12)
    bottom = mapbase.height() - 24
    legend_h = 34 + 28 * len(view.get("families") or {}) + 24 + 28 * 6 + 10
    y = battle_rows(scene, view, fm, x, y)
    y = titles_panel(scene, view, fm, x, y, bottom - legend_h - 20)
    y = war_rows(scene, view, x, y)
    y = negotiation_rows(scene, view, x, y, bottom - legend_h - 20)
    y = max(y, bottom - legend_h)
    y = families_panel(scene, view, fm, x, y)
    symbols_legend(scene, x, y)


