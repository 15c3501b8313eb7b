"""A seat's private OKC board (sent by DM): hand, own face-down cards, Site of Power, Lore,
Tactics, Kingdom cards with their Occupying cards, and Boons.

About 1000 px wide so it reads in a DM without a click; numbers are repeated in the message text.
"""

from __future__ import annotations

from typing import Any

from renderer import widgets as w
from renderer.fonts import text_width
from renderer.okc.header import okc_band
from renderer.okc.public import BACKGROUND, CARD_FILL, SUIT_FILL
from renderer.okc.read import Board, CardFace, board
from renderer.palette import FACE_DOWN, GOLD, INK_DARK, INK_LIGHT, marks
from renderer.scene import Item, Scene

WIDTH = 1000
CARD_W, CARD_H = 150, 104
GAP = 10
PER_ROW = 6


def name_lines(c: CardFace) -> int:
    return w.wrap(c.name, 13, CARD_W - 14, lines=2, bold=True).count("\n") + 1


def faction_text(c: CardFace) -> str:
    lines = [w.wrap(c.name, 13, CARD_W - 14, lines=2, bold=True)]
    if c.ally:
        lines[0] += " (Ally)" if "\n" not in lines[0] and len(c.name) < 12 else "\nAlly"
    lines.append(f"Strength {c.strength}" if c.strength is not None else "")
    icons = []
    if c.votes:
        icons.append(f"{c.votes} Vote{'s' if c.votes > 1 else ''}")
    if c.lore:
        icons.append(f"{c.lore} Lore")
    if c.cost is not None:
        icons.append(f"cost {c.cost}")
    lines.append(" · ".join(icons))
    if c.keywords:
        lines.append(w.wrap(c.keywords, 11, CARD_W - 14, lines=1))
    return "\n".join(line for line in lines if line)


def card_row(scene: Scene, kind: str, y: int, items: list[CardFace], where: str, who: str,
             fill: str = CARD_FILL) -> int:
    """Cards in rows of six; returns the y below them."""
    if not items:
        w.text(scene, kind + "_none", 24, y, "none", size=14, ink="#c9d1db", where=where, who=who)
        return y + 26
    for i, c in enumerate(items):
        x = 20 + (i % PER_ROW) * (CARD_W + GAP)
        top = y + (i // PER_ROW) * (CARD_H + GAP)
        if c.face_down:
            scene.add(Item(kind, "card", x, top, CARD_W, CARD_H, text="face down", fill=FACE_DOWN, outline=INK_DARK,
                           ink=INK_LIGHT, size=13, width=2, where=where, who=who, info={"face_down": True}))
        else:
            colour = SUIT_FILL.get(c.suit, fill)
            if c.suit:
                label = w.wrap(c.name, 13, CARD_W - 14, lines=3, bold=True)
                text, titles = label + f"\n[{c.suit}]", label.count("\n") + 1
            else:
                text, titles = faction_text(c), name_lines(c)
            scene.add(Item(kind, "card", x, top, CARD_W, CARD_H, text=text, fill=colour, outline=INK_DARK,
                           ink=INK_DARK, size=12, width=2, where=where, who=who, title_lines=titles,
                           info={"name": c.name, "strength": c.strength, "cost": c.cost, "id": c.id}))
    rows = (len(items) + PER_ROW - 1) // PER_ROW
    return y + rows * (CARD_H + GAP) + 4


def own_facedown_marks(b: Board, region: str, seat: str) -> list[bool]:
    """Whether each of the seat's face-down cards in ``region`` is an Ally (the board shows it), in order."""
    r = next((x for x in b.regions if x.id == region), None)
    return [c.ally for c in (r.cards.get(seat, []) if r else []) if c.face_down]


def boon_row(scene: Scene, y: int, boons: list[CardFace], seat: str) -> int:
    """The seat's Boons as gold tokens: name and what it does."""
    for i, c in enumerate(boons):
        x = 20 + (i % PER_ROW) * (CARD_W + GAP)
        top = y + (i // PER_ROW) * (CARD_H + GAP)
        name = w.wrap(c.name, 13, CARD_W - 14, lines=2, bold=True)
        words = name + ("\n" + w.wrap(c.text, 11, CARD_W - 14, lines=4) if c.text else "")
        w.card(scene, "boon", x, top, CARD_W, CARD_H, words, GOLD, size=11, where="boons", who=seat,
               title_lines=name.count("\n") + 1, name=c.name, id=c.id)
    rows = (len(boons) + PER_ROW - 1) // PER_ROW
    return y + rows * (CARD_H + GAP) + 4


def tactic_words(name: str, exhausted: bool) -> str:
    return f"{name} · {'exhausted' if exhausted else 'ready'}"


def tactic_rows(tactics: list[tuple[str, bool]]) -> list[list[tuple[str, bool]]]:
    """The Tactics chips in rows that fit the board's width, every name in full."""
    rows: list[list[tuple[str, bool]]] = [[]]
    x = 20
    for name, exhausted in tactics:
        width = text_width(tactic_words(name, exhausted), 14, True) + 12
        if rows[-1] and x + width > WIDTH - 20:
            rows.append([])
            x = 20
        rows[-1].append((name, exhausted))
        x += width + 8
    return rows


def section(scene: Scene, y: int, title: str) -> int:
    w.text(scene, "section", 20, y, title, size=18, bold=True, ink="#f0d890", where="private")
    return y + 28


def private_scene(view: dict[str, Any], seat: str) -> Scene:
    b = board(view, seat)
    mk = marks(b.seats)
    me = b.players.get(seat)
    scene = Scene(WIDTH, height_for(b, seat), BACKGROUND)
    okc_band(scene, b, mk, seat)  # who this board is for, the round, the turn and the scores, large
    y = 16
    if me is not None:
        stats = [("Influence", me.influence), ("Lore", me.lore), ("Hand size", me.hand_size), ("Deck", me.deck),
                 ("Discard", me.discard), ("Lost", me.lost), ("Supporters", me.supporters.get("board", 0))]
        for i, (label, value) in enumerate(stats):
            w.chip(scene, "stat", 20 + i * 138, y, f"{label} {value}", "#2e3a4a", INK_LIGHT, where="private",
                   who=seat, size=14, stat=label.lower(), value=value)
        y += 36
    # the hand
    y = section(scene, y, f"Hand ({len(b.hand)})")
    y = card_row(scene, "hand_card", y, b.hand, "hand", seat)
    # own secrets on the board: the bid and face-down Region cards
    secrets: list[str] = []
    if b.bid is not None:
        secrets.append(f"bid: {b.bid.name} ({b.bid.strength})")
    for region, placed in sorted(b.facedown.items()):
        allied = own_facedown_marks(b, region, seat)
        boons = b.boons_on.get(region, [])
        for i, c in enumerate(placed):
            ally = " (Ally)" if i < len(allied) and allied[i] else ""
            on = boons[i] if i < len(boons) else []
            with_boons = f", with the Boon{'s' if len(on) > 1 else ''} {' and '.join(x.name for x in on)}" if on else ""
            secrets.append(f"{region.title()}: {c.name} ({c.strength}){ally}{with_boons}")
    for region, c in sorted(b.placing.items()):
        secrets.append(f"{region.title()} (laid, not yet revealed): {c.name} ({c.strength})")
    if b.tie_card is not None:
        secrets.append(f"tie card: {b.tie_card.name} ({b.tie_card.strength})")
    if secrets:
        y = section(scene, y, "Your face-down cards")
        for line in secrets:
            w.text(scene, "facedown", 24, y, line, size=15, where="facedown", who=seat, limit=WIDTH - 48)
            y += 22
        y += 6
    # Site of Power
    if me is not None:
        y = section(scene, y, f"Site of Power · {me.lore} Lore to spend")
        y = card_row(scene, "site_card", y, me.site, "site", seat, fill="#d8c8f0")
        # Tactics, two-sided
        y = section(scene, y, "Tactics")
        for row in tactic_rows(me.tactics):
            x = 20
            for name, exhausted in row:
                x += w.chip(scene, "tactic", x, y, tactic_words(name, exhausted),
                            "#555b63" if exhausted else "#3f8f5f", INK_LIGHT, where="tactics", who=seat, size=14,
                            limit=WIDTH - 40, exhausted=exhausted, name=name) + 8
            y += 30
        y += 6
        # Kingdom cards, and the faction cards Occupying them
        y = section(scene, y, "Kingdom cards")
        for i, k in enumerate(me.kingdom):
            x = 20 + (i % 4) * 240
            top = y + (i // 4) * 70
            occupant = b.occupants.get(k.id)
            occupant_name = occupant.name if occupant is not None else k.occupant
            label = w.wrap(k.name, 13, 220, lines=1, bold=True)
            if k.custodians:
                label += "\nkept at the Travelling Town"
            elif k.occupied or occupant_name:
                label += "\noccupied by " + (occupant_name or "a faction card")
            w.card(scene, "kingdom_card", x, top, 230, 60, label, SUIT_FILL.get(k.suit, CARD_FILL), size=13,
                   where="kingdom", who=seat, title_lines=1, name=k.name, occupant=occupant_name)
        y += ((len(me.kingdom) + 3) // 4) * 70 + (0 if me.kingdom else 26)
        if not me.kingdom:
            w.text(scene, "kingdom_card_none", 24, y - 26, "none", size=14, ink="#c9d1db", where="kingdom")
    # Boons, Allies and peeks (Wild Kingdom, when present)
    if b.boons:
        y = section(scene, y, "Your Boons (only you know them)")
        y = boon_row(scene, y, b.boons, seat)
    if any(b.allies.values()):
        y = section(scene, y, "Your Allies")
        for pile in ("hand", "deck", "discard"):
            names = ", ".join(c.name for c in b.allies.get(pile, []))
            if names:
                w.text(scene, "ally", 24, y, f"in your {pile}: {names}", size=15, where="allies", who=seat,
                       limit=WIDTH - 48, pile=pile, count=len(b.allies[pile]))
                y += 22
        y += 6
    if b.peeked:
        y = section(scene, y, "Seen this round")
        for who, region, c in b.peeked:
            w.text(scene, "peeked", 24, y, f"{who} at {region.title()}: {c.name} ({c.strength})", size=15,
                   where="peeked", who=seat, ink=INK_LIGHT)
            y += 22
    scene.add(Item("footer", "none", 0, y, where="private"))
    return scene


def height_for(b: Board, seat: str) -> int:
    """Room for every section, so nothing is cut."""
    me = b.players.get(seat)
    rows = max(1, (len(b.hand) + PER_ROW - 1) // PER_ROW)
    site_rows = max(1, (len(me.site) + PER_ROW - 1) // PER_ROW) if me else 0
    kingdom_rows = max(1, (len(me.kingdom) + 3) // 4) if me else 0
    secrets = (1 if b.bid else 0) + sum(len(v) for v in b.facedown.values()) + len(b.placing) + (
        1 if b.tie_card else 0)
    boon_rows = (len(b.boons) + PER_ROW - 1) // PER_ROW
    tactics = len(tactic_rows(me.tactics)) if me else 1
    h = 56 + 28 + rows * (CARD_H + GAP) + 28 + site_rows * (CARD_H + GAP) + 28 + 30 * tactics + 6 + 28
    h += kingdom_rows * 70
    h += (34 + secrets * 22) if secrets else 0
    h += (28 + boon_rows * (CARD_H + GAP)) if boon_rows else 0
    h += (28 + 22 * len(b.peeked)) if b.peeked else 0
    h += (34 + 22 * sum(1 for v in b.allies.values() if v)) if any(b.allies.values()) else 0
    return h + 30
