"""Views (docs/okc-view.md): the public view, and each seat's private additions.

Only what the seat may know: hands, deck order, face-down bids, face-down Region cards and
Occupying cards stay out of the public view; face-down cards show only that they exist.
"""

from __future__ import annotations

from typing import Any

from engine.core import GameState
from engine.okc import councils
from engine.okc.allies import allies_in_hand, is_ally
from engine.okc.cards import card, kcard, pack_of, strength
from engine.okc.content.vocabulary import TRAITS, describe
from engine.okc.effects import region
from engine.okc.endgame import result
from engine.okc.phase import phase_label
from engine.okc.state import Okc, Placed, RegionState


def card_view(g: Okc, cid: str) -> dict[str, Any]:
    c = card(g, cid)
    out: dict[str, Any] = {
        "id": c.id, "name": c.name, "faction": c.faction, "strength": c.strength, "votes": c.votes,
        "lore": c.lore, "traits": list(c.traits), "commands": [m.keyword or m.timing for m in c.commands],
        "text": c.text or card_text(g, cid),
    }
    if c.cost is not None:
        out["cost"] = c.cost
    return out


def card_text(g: Okc, cid: str) -> str:
    c = card(g, cid)
    parts = [t.title() for t in c.traits]
    for m in c.commands:
        label = (m.keyword.title() if m.keyword else m.timing.title())
        parts.append(f"{label}: {describe(list(m.steps))}" if m.steps else label)
    for b in c.bonuses:
        what = {"alone": "if alone here", "per_supporter": "per Supporter here",
                "per_suit": f"per {b.suit} Kingdom card"}[b.when]
        parts.append(f"{b.amount:+d} Strength {what}")
    return ". ".join(parts)


def kingdom_view(g: Okc, kid: str) -> dict[str, Any]:
    k = kcard(g, kid)
    bits = []
    if k.on_gain:
        bits.append(f"When gained: {describe(list(k.on_gain))}")
    if k.action:
        bits.append(f"{'/'.join(t.title() for t in k.action.timing)} action: {k.action.text}")
    if k.winter:
        bits.append(f"Winter: {describe(list(k.winter))}")
    for name in ("strength", "votes", "herald"):
        if getattr(k, name):
            bits.append(f"+{getattr(k, name)} {name}")
    return {"id": k.id, "name": k.name, "suit": k.suit, "kind": k.kind, "text": k.text or ". ".join(bits)}


def ally_mark(g: Okc, seat: str, cid: str) -> dict[str, Any]:
    """``{"ally": True}`` for a card a seat controls that is not of its faction (Wild Kingdom, Allies: the
    card's back differs, so everyone can tell, face down too); {} otherwise and in a base game."""
    return {"ally": True} if g.modules and is_ally(g, seat, cid) else {}


def placed_view(g: Okc, p: Placed, reg: RegionState) -> dict[str, Any]:
    if not p.face_up:
        return {"face_up": False, **ally_mark(g, p.owner, p.card)}
    return {**ally_mark(g, p.owner, p.card), "face_up": True, "card": card_view(g, p.card),
            "strength": strength(g, p, reg), "gained": p.gained,
            "blanked": p.blanked, "gained_traits": [k for k in p.gained_keywords if k in TRAITS],
            "gained_commands": [k for k in p.gained_keywords if k not in TRAITS], "retained": p.retained}


def public_view(state: GameState) -> dict[str, Any]:
    g: Okc = state.data
    pack = pack_of(g)
    heralds: dict[str, list[str]] = {}
    for s in g.order:
        where = g.players[s].herald
        if where:
            heralds.setdefault(where, []).append(s)
    regions = []
    for r in pack.regions:
        rs = region(g, r.id)
        regions.append({
            "id": r.id, "name": r.name,
            "locations": [{"id": lid, "name": pack.locations[lid].name, "side": side,
                           "reward": pack.locations[lid].text, "heralds": heralds.get(lid, []),
                           "favour": g.favour_holder is None and pack.favour.location == lid,
                           "pieces": [p for p, at in g.pieces.items() if at == lid]}
                          for lid, side in zip(g.layout[r.id], ("left", "right"), strict=True)],
            "clash_marker": rs.marker or None, "clashes": rs.clashes, "resolved": rs.resolved, "winner": rs.winner,
            "supporters": dict(rs.supporters),
            "cards": {s: [placed_view(g, p, rs) for p in rs.cards if p.owner == s] for s in g.order},
        })
    players = {}
    for s in g.order:
        p = g.players[s]
        placed = sum(r.supporters.get(s, 0) for r in g.regions)
        players[s] = {
            "faction": p.faction, "faction_name": pack.factions[p.faction].name, "influence": p.influence,
            "lore": p.lore, "hand": len(p.hand), "deck": len(p.deck), "hand_size": p.hand_size,
            "discard": [{**card_view(g, c), **ally_mark(g, s, c)} for c in p.discard],
            "lost": [card_view(g, c) for c in p.lost],
            "supporters": {"board": p.supporters, "placed": placed, "lost": p.supporters_lost},
            "herald": p.herald,
            "tactics": [{"id": t, "name": pack.tactics[t].name, "text": pack.tactics[t].text, "exhausted": ex}
                        for t, ex in p.tactics.items()],
            "kingdom": [{**kingdom_view(g, k), "occupied": k in p.occupants or k in p.custodians,
                         "custodians": k in p.custodians,
                         "occupant": card_view(g, p.occupants[k]) if k in p.occupants else None}
                        for k in p.kingdom],
            "site": [card_view(g, c) for c in p.site],
            "governed": p.governed, "journeyed": p.journeyed,
            "passed": g.step in ("spring_actions", "day", "autumn") and s not in g.turn_queue,
        }
        if g.modules:
            players[s]["allies"] = len(allies_in_hand(g, s))   # Allies in hand: their backs show
    bids = None
    if g.step in ("ally_bids", "bid", "resolve_bids"):
        bids = {"allies": sorted(g.ally_bids), "key": f"bid-{g.round}", "awaiting": list(g.secret.awaiting) if g.secret else [],
                "submitted": g.secret.public()["submitted"] if g.secret else [],
                "revealed": {s: card_view(g, c) for s, c in g.revealed_bids.items()},
                "queue": list(g.bid_queue)}
    secret = g.secret.public() if g.secret and g.step in ("region_cards", "tie") else None
    clash = None
    if g.clash is not None:
        clash = {"region": g.clash.region, "stage": g.clash.stage, "tally": dict(g.clash.tally),
                 "tied": list(g.clash.tied), "first": g.clash.first, "bonus": dict(g.clash.bonus)}
    choice = None
    if g.choice is not None:
        c = g.choice
        choice = {"seat": c.seat, "kind": c.kind, "prompt": c.prompt, "count": c.count, "optional": c.optional}
    final = result(g)
    out: dict[str, Any] = {
        "game": "okc", "pack": g.pack, "round": min(g.round, g.length), "rounds": g.length, "season": g.season,
        "step": g.step, "phase": phase_label(g), "order": list(g.order),
        "turn": g.turn_queue[0] if g.step in ("heralds", "spring_actions", "day", "autumn") and g.turn_queue
        else None,
        "regions": regions, "clash": clash,
        "great_road": [kingdom_view(g, k) if k else None for k in g.great_road],
        "road_top": kingdom_view(g, g.kingdom_deck[0]) if g.kingdom_deck else None,
        "kingdom_deck": len(g.kingdom_deck), "kingdom_discard": len(g.kingdom_discard),
        "favour": {"holder": g.favour_holder, "uses": g.favour_uses,
                   "location": pack.favour.location if g.favour_holder is None else None},
        "councils": [{"id": cid, "name": c.name, "text": c.text,
                      "votes": {s: councils.votes(g, s, cid) for s in g.order if councils.votes(g, s, cid)},
                      "cards": {s: [card_view(g, x.card) for x in g.councils[cid] if x.owner == s] for s in g.order}}
                     for cid, c in pack.councils.items()],
        "bids": bids, "region_cards": secret, "choice": choice, "players": players,
        "burned": list(g.burned), "modules": list(g.modules),
        "result": final.to_json() if final else None,
        "history": [dict(r) for r in g.history],
        "ending": {s: dict(parts) for s, parts in g.ending.items()} if g.over else None,
    }
    return out


def private_view(state: GameState, seat: str, out: dict[str, Any]) -> None:
    g: Okc = state.data
    p = g.players[seat]
    bid = None
    if g.step == "bid" and g.secret is not None and g.secret.own(seat):
        bid = card_view(g, g.secret.own(seat))
    facedown = {r.id: [card_view(g, q.card) for q in r.cards if q.owner == seat and not q.face_up]
                for r in g.regions}
    allies = set(allies_in_hand(g, seat))
    pending_place = g.secret.own(seat) if g.step == "region_cards" and g.secret is not None else None
    pending_tie = g.secret.own(seat) if g.step == "tie" and g.secret is not None else None
    out["private"] = {
        "seat": seat, "hand": [{**card_view(g, c), "ally": c in allies} for c in sorted(p.hand)], "bid": bid,
        "ally_bid": card_view(g, g.ally_bids[seat]) if seat in g.ally_bids else None, "facedown": facedown,
        "placing": {k: card_view(g, v) for k, v in pending_place.items()} if pending_place else None,
        "tie_card": card_view(g, pending_tie) if pending_tie else None,
        "occupants": {k: card_view(g, c) for k, c in p.occupants.items()},
        "site": [card_view(g, c) for c in p.site], "lore": p.lore,
        "tactics": out["players"][seat]["tactics"],
        "options": list(g.choice.options) if g.choice is not None and g.choice.seat == seat else [],
        "peeked": [{"seat": s, "region": r, "card": card_view(g, c)} for s, r, c in (x.split("|") for x in p.peeked)],
    }
    if g.modules:
        # Wild Kingdom, Allies: the seat's Allies wherever they are (the deck's in no particular order).
        out["private"]["allies"] = {
            "hand": [card_view(g, c) for c in sorted(allies)],
            "deck": [card_view(g, c) for c in sorted(c for c in p.deck if is_ally(g, seat, c))],
            "discard": [card_view(g, c) for c in p.discard if is_ally(g, seat, c)]}


def view(state: GameState, seat: str | None) -> dict[str, Any]:
    g: Okc = state.data
    out = public_view(state)
    if seat is not None and seat in g.players:
        private_view(state, seat, out)
    for m in g.playing:
        m.view(state, seat, out)
    return out
