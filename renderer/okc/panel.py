"""The side panel of the OKC board: round and season, the order track with Influence and Lore,
the Kingdom's Favour, the Councils and their votes, each player's public stock, the Wild
Kingdom modules in play, and the legend."""

from __future__ import annotations

from typing import Any

from renderer import widgets as w
from renderer.okc.read import SEASONS, Board
from renderer.okc.wild_lines import LINES
from renderer.palette import GOLD, INK_DARK, Mark, roman
from renderer.scene import Item, Scene

PANEL_X, PANEL_W = 1035, 445
MUTED = "#c9d1db"


def initials(name: str) -> str:
    """Two letters for a piece's token: "Travelling Town" -> "TT"."""
    words = [part for part in name.replace("_", " ").replace("&", " ").split() if part]
    if len(words) > 2 and words[0].lower() in ("the", "a", "an"):
        words = words[1:]  # "The Gilded Gryphon" -> "GG", not "TG"
    if len(words) >= 2:
        return (words[0][0] + words[-1][0]).upper()
    return (words[0][:2] if words else "?").title()


def favour_disc(scene: Scene, x: int, y: int, uses: int, where: str) -> None:
    """The Kingdom's Favour disc with its uses left in Roman numerals."""
    scene.add(Item("favour", "disc", x, y, text=roman(uses) if uses else "", fill=GOLD, outline=INK_DARK,
                   ink=INK_DARK, size=44, where=where, info={"uses": uses}))


def secret_progress(b: Board) -> str:
    """Who has already laid a secret choice (bids, region cards): public, the choices are not."""
    if b.choice and b.choice.get("seat"):
        return f"{b.choice['seat']} to choose: {b.choice.get('prompt', '')}"
    if b.step == "bid":
        return f"bids laid: {', '.join(b.bids_submitted) or 'none yet'}"
    if b.step == "region_cards":
        return f"region cards laid: {', '.join(b.regions_submitted) or 'none yet'}"
    if b.step == "tie":
        return f"tie-break cards laid: {', '.join(b.regions_submitted) or 'none yet'}"
    if b.bids_revealed and b.step == "resolve_bids":
        return "bids: " + ", ".join(f"{s} {c.name} ({c.strength})" for s, c in sorted(b.bids_revealed.items()))
    return ""


def describe(value: Any) -> str:
    """A Wild Kingdom module's public state in a few words (until each module gets its own drawing)."""
    if isinstance(value, dict):
        return ", ".join(f"{k} {describe(v)}" for k, v in sorted(value.items()) if not isinstance(v, dict | list))
    if isinstance(value, list):
        return ", ".join(describe(v) for v in value)
    return str(value)


def year_rows(scene: Scene, b: Board, x: int, y: int, pw: int) -> int:
    """Round, the season track, the phase label and who has laid their secret cards."""
    w.text(scene, "round", x + 14, y, f"Round {b.round} of {b.rounds}", size=20, bold=True, where="panel",
           round=b.round)
    y += 30
    for k, name in enumerate(SEASONS):
        on = name == b.season
        w.chip(scene, "season_slot", x + 14 + k * 104, y, name.title(), GOLD if on else "#3a4656",
               INK_DARK if on else MUTED, where="panel", size=13, current=on, season=name)
    y += 32
    if b.phase:
        w.text(scene, "phase", x + 14, y, b.phase, size=14, ink=MUTED, where="panel", limit=pw - 28)
        y += 24
    waiting = secret_progress(b)
    if waiting:  # revealed bids name their cards in full, over as many as three lines
        for line in w.wrap(waiting, 14, pw - 28, lines=3).split("\n"):
            w.text(scene, "secret_progress", x + 14, y, line, size=14, ink=MUTED, where="panel")
            y += 20
        y += 4
    return y + 4


def order_rows(scene: Scene, b: Board, mk: dict[str, Mark], x: int, y: int, pw: int) -> int:
    """The order track, first to last, with each player's Influence and Lore."""
    y = w.panel_row_title(scene, x + 14, y, "Order track · Influence · Lore")
    for k, seat in enumerate(b.order):
        if seat not in mk:
            continue
        p = b.players[seat]
        w.text(scene, "order", x + 14, y + 2, f"{k + 1}.", size=16, bold=True, where="order", who=seat,
               position=k + 1)
        w.mark(scene, "order_mark", mk[seat], x + 46, y + 12, 28, where="order")
        w.text(scene, "player_name", x + 64, y + 2, seat, size=15, where="order", who=seat, limit=190)
        if b.turn == seat:
            w.text(scene, "turn", x + 258, y + 2, "◀", size=15, ink=GOLD, where="order", who=seat)
        w.text(scene, "influence", x + pw - 96, y + 2, f"{p.influence} Inf", size=16, bold=True, anchor="ra",
               where="order", who=seat, value=p.influence)
        w.text(scene, "lore", x + pw - 16, y + 2, f"{p.lore} Lore", size=14, anchor="ra", where="order",
               who=seat, value=p.lore)
        y += 28
    return y + 6


def favour_rows(scene: Scene, b: Board, mk: dict[str, Mark], x: int, y: int, pw: int) -> int:
    """The Kingdom's Favour: who holds it and its uses left (or where the disc lies)."""
    y = w.panel_row_title(scene, x + 14, y, "Kingdom's Favour")
    if b.favour_holder and b.favour_holder in mk:
        favour_disc(scene, x + 36, y + 18, b.favour_uses, "panel")
        w.mark(scene, "favour_holder", mk[b.favour_holder], x + 76, y + 18, 26, where="panel")
        w.text(scene, "favour_text", x + 96, y + 8, f"held by {b.favour_holder}: {b.favour_uses} uses left",
               size=15, where="panel", who=b.favour_holder, limit=pw - 110)
    else:
        place = b.favour_location.replace("_", " ").title() or "the board"
        w.text(scene, "favour_text", x + 14, y + 8, f"on {place}: {b.favour_uses} uses", size=15, where="panel")
    return y + 44


def council_rows(scene: Scene, b: Board, mk: dict[str, Mark], x: int, y: int, pw: int) -> int:
    """Each Council with every player's votes in it."""
    y = w.panel_row_title(scene, x + 14, y, "Councils")
    for c in b.councils:
        scene.add(Item("council", "rect", x + 14, y, pw - 28, 34, fill="#2e3a4a", outline="#56657a", width=1,
                       where=c.name))
        w.text(scene, "council_name", x + 22, y + 7, c.name, size=15, bold=True, where=c.name, limit=200)
        k = 0
        for seat in b.seats:
            votes = c.votes.get(seat, 0)
            if votes and seat in mk:
                w.mark(scene, "council_votes", mk[seat], x + 240 + k * 36, y + 17, 26, text=str(votes),
                       where=c.name, votes=votes, cards=len(c.cards.get(seat, [])))
                k += 1
        y += 40
    return y + 4


def player_rows(scene: Scene, b: Board, mk: dict[str, Mark], x: int, y: int, pw: int) -> int:
    """Per player, the public stock: hand and deck sizes, piles, Supporters, Tactics, Kingdom cards."""
    y = w.panel_row_title(scene, x + 14, y, "Players")
    for seat in b.seats:
        p = b.players[seat]
        w.mark(scene, "player_mark", mk[seat], x + 26, y + 10, 24, where="players")
        tactics = sum(1 for _, exhausted in p.tactics if not exhausted)
        line = (f"hand {p.hand}/{p.hand_size} · deck {p.deck} · lost {p.lost} · "
                f"supp {p.supporters.get('board', 0)} · tactics {tactics}/{len(p.tactics)} · "
                f"kingdom {len(p.kingdom)}")
        w.text(scene, "player_stats", x + 42, y, line, size=13, where="players", who=seat, limit=pw - 56,
               hand=p.hand, deck=p.deck)
        y += 20
        if p.kingdom:
            names = ", ".join(k.name + (" (at the Town)" if k.custodians else f" ({k.occupant or 'occupied'})"
                                        if k.occupied else "") for k in p.kingdom)
            for line in w.wrap(names, 12, pw - 56, lines=3).split("\n"):  # every Kingdom card named in full
                w.text(scene, "player_kingdom", x + 42, y, line, size=12, ink=MUTED, where="players", who=seat,
                       count=len(p.kingdom))
                y += 16
            y += 2
        y += 4
    return y + 6


def wild_rows(scene: Scene, b: Board, x: int, y: int, pw: int) -> int:
    """The Wild Kingdom modules in play, each with its token letters and public state."""
    if not b.wild:
        return y
    y = w.panel_row_title(scene, x + 14, y, "Wild Kingdom")
    names = {loc.id: loc.name for r in b.regions for loc in r.locations}
    drawn = {"travelling_town": b.town, "whispering_tower": b.tower}
    for name, value in sorted(b.wild.items()):
        label = name.replace("_", " ").title()
        piece = drawn.get(name)
        more: list[str] = []
        if piece is not None:       # drawn on the board: the panel says where it stands
            said = f"on the {names.get(piece.location, piece.location)}"
        elif name in LINES:         # pieces only: the module's own lines (the first beside its name)
            said, *more = LINES[name](value, {**names, **{r.id: r.name for r in b.regions}}) or [""]
        else:
            said = describe(value)
        if name == "negotiating_table" and isinstance(value, dict):
            said = "Negotiation Step on" if value.get("open") else "each Spring after the bids"
        w.text(scene, "wild", x + 14, y, f"{label} [{initials(label)}]: {said}", size=14,
               where="wild", limit=pw - 28, module=name)
        y += 22
        for line in more:
            w.text(scene, "wild_more", x + 28, y, line, size=14, where="wild", limit=pw - 42, module=name)
            y += 22
        if name == "negotiating_table" and isinstance(value, dict):
            for kind, line in negotiation_lines(value):
                w.text(scene, kind, x + 28, y, line, size=12, ink=MUTED, where="wild", limit=pw - 42,
                       module=name)
                y += 18
    return y + 4


def negotiation_lines(value: dict[str, Any]) -> list[tuple[str, str]]:
    """The Negotiating Table's public facts: Alliances, binding agreements (with a claim being judged) and
    each player's Trade Agreement cards."""
    out = []
    pairs = [" & ".join(str(s) for s in pair) for pair in value.get("alliances") or []]
    if pairs:
        out.append(("alliances", "Alliances: " + "; ".join(pairs)))
    for a in value.get("agreements") or []:
        parties = " & ".join(str(s) for s in a.get("parties") or [])
        terms = len(a.get("terms") or [])
        parts = [f"{terms} term{'s' if terms != 1 else ''}"] if terms else []
        parts += ["words"] if a.get("text") else []
        claim = a.get("claim")
        if isinstance(claim, dict):
            parts.append(f"breach claimed by {claim.get('by')}")
        out.append(("agreement", f"Agreement {a.get('agreement')}: {parties} ({', '.join(parts)})"))
    cards = value.get("cards") or {}
    if isinstance(cards, dict) and cards:
        out.append(("agreement_cards", "Trade Agreement cards: " + ", ".join(
            f"{s} {len(c) if isinstance(c, list) else 0}" for s, c in cards.items())))
    return out


def draw_panel(scene: Scene, b: Board, mk: dict[str, Mark]) -> None:
    x, pw = PANEL_X, PANEL_W
    y = w.panel(scene, "panel", x, 14, pw, scene.height - 28, "")
    y = year_rows(scene, b, x, y, pw)
    y = order_rows(scene, b, mk, x, y, pw)
    y = favour_rows(scene, b, mk, x, y, pw)
    y = council_rows(scene, b, mk, x, y, pw)
    y = player_rows(scene, b, mk, x, y, pw)
    y = wild_rows(scene, b, x, y, pw)
    if b.result:
        winners = ", ".join(str(s) for s in b.result.get("winners", []))
        w.text(scene, "result", x + 14, y, f"Winner: {winners}", size=18, bold=True, ink=GOLD, where="panel")
        y += 28
    legend_y = max(y, scene.height - 46 - 28 * len(b.seats))
    names = {s: f"{s} · {b.players[s].faction}" if b.players[s].faction else s for s in b.seats}
    w.legend(scene, [mk[s] for s in b.seats], names, x + 14, legend_y, pw - 28)
