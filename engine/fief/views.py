"""What each seat may see (docs/fief-view.md). The public view never holds a hand, a sum of
money, a troop type on the map, the deck order, a face-down relic or a face-down disaster."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.fief import victory
from engine.fief.board import excalibur
from engine.fief.cards.deck import draw_limits
from engine.fief.components import C
from engine.fief.crown import views as crown_views
from engine.fief.estates.titles import title_cost
from engine.fief.flow import current_actor, label
from engine.fief.map import REGION_IDS
from engine.fief.opportunity.rebellion import standing
from engine.fief.state import (
    MAP,
    Fief,
    active_family,
    clergy_holder,
    fief_holder,
    fortified_city,
    hand_limit,
    title_holder,
)
from engine.fief.war.legal import view as war_view

View = dict[str, Any]


def public(g: Fief) -> View:
    f = g.flow
    fam = active_family(g) if f.step in ("start", "play", "scorch", "ransom", "purchase", "draw") else None
    turn = None
    if fam is not None:
        actor = current_actor(g)
        if actor:
            turn = {"seat": g.families[actor].seat, "family": actor}
    return {
        "game": "fief",
        "round": f.round,
        "phase": f.phase,
        "step": f.step,
        "label": label(g),
        "first_player": f.first,
        "turn": turn,
        "order": list(f.order),
        "families": {fid: _family(g, fid) for fid in g.families},
        "seats": {s: {"families": list(p.families), "hand_size": len(p.hand), "vp": victory.seat_vp(g, s)}
                  for s, p in g.players.items()},
        "nobles": {nid: _noble(g, nid) for nid in sorted(g.nobles)},
        "cities": {name: _city(g, name) for name in MAP.cities},
        "invaders": {"armies": {a.id: {"city": a.city, "leader": a.leader, "foot": a.foot,
                                       "outskirts": a.outskirts,
                                       "captives": sorted(n.id for n in g.nobles.values()
                                                          if n.captor == f"invaders:{a.id}")}
                                for a in g.armies.values() if a.city},
                     "in_box": sum(1 for a in g.armies.values() if a.city is None and not a.gone)},
        "seas": {sea: [{"card": c.kind, "active": c.active, "by": c.by, "tallage": c.tallage, "tithe": c.tithe}
                       for c in cards] for sea, cards in g.seas.items()},
        "disaster_track": {"face_down": len(g.track), "slots": C.disaster_slots},
        "decks": {"character": len(g.character_deck), "character_under": list(g.character_under),
                  "fortune": len(g.fortune_deck),
                  "fortune_top": ("disaster" if g.fortune_deck and C.card(g.fortune_deck[0]).kind in
                                  ("plague", "storms", "famine", "invasion") else
                                  "fortune" if g.fortune_deck else None),
                  "fortune_discard": list(g.fortune_discard), "retainer": len(g.retainer_deck)},
        "fiefdoms": {r: _fiefdom(g, r) for r in REGION_IDS},
        "clergy": {d: {"title": MAP.districts[d].rank, "holder": (h.id if (h := clergy_holder(g, d)) else None)}
                   for d in MAP.districts},
        "sovereign": _holder(g, "king") or _holder(g, "sovereign_queen"),
        "queen": _holder(g, "queen"),
        "prince": _holder(g, "prince_of_wales"),
        "relic_vp": g.relic_vp,
        "relic_powers": {"storms_moved": list(g.relic_powers.storms_moved), "skull_used": g.relic_powers.skull_used,
                         "fallen": sorted(g.relic_powers.fallen)},
        "excalibur": excalibur.view(g),
        "mercenaries": {c: {"on_card": m.on_card, "beaten": m.beaten, "hired": dict(m.hired)}
                        for c, m in sorted(g.mercenaries.items())},
        "vp": {fid: victory.family_vp(g, fid) for fid in g.families},
        "history": [dict(r) for r in g.history],
        "ending": victory.ending(g) if f.over else None,
        "disasters_delayed": f.round == 1,
        "result": {"winners": list(f.winners), "reason": f.reason} if f.over else None,
        "requests": [{"id": r.id, "what": r.kind, "by": r.by, "to": r.to} for r in g.requests.open],
        "war": _war(g),
        "offers": g.offers.visible(None),
        "opportunity": _opportunity(g),
        "politics": crown_views.public(g),
    }


def _opportunity(g: Fief) -> dict[str, Any]:
    """The Opportunity cards on the table (10.1-10.2, 11.3): all of it public (docs/fief-view.md)."""
    u = g.opp.uprising
    rebellion = None
    if u is not None:
        rebellion = {"city": u.city, "by": u.by, "cards": len(u.cards), "burghers": list(u.burghers),
                     "passage": u.passage, "royal_tax": g.royal_tax, "standing": standing(g, u),
                     "stage": u.stage, "waiting": list(u.waiting)}
    return {"rebellion": rebellion, "royal_tax": g.royal_tax, "tunnels": list(g.opp.tunnels),
            "guided": list(g.opp.guided), "burgher_used": list(g.opp.burgher_used)}


def _holder(g: Fief, title: str) -> str | None:
    n = title_holder(g, title)
    return n.id if n else None


def _family(g: Fief, fid: str) -> View:
    fam = g.families[fid]
    d = next(x for x in C.families if x.id == fid)
    spouse_of = None
    for n in g.nobles.values():
        if n.family == fid and n.spouse and n.spouse in g.nobles:
            spouse_of = g.nobles[n.spouse].family
    return {"seat": fam.seat, "name": d.name, "colour": d.colour, "letter": d.letter, "nobles": list(fam.nobles),
            "stockpile": dict(fam.stockpile), "pigeons": fam.pigeons, "treasures": fam.treasures,
            "votes": fam.votes, "ring": fam.ring, "spouse_of": spouse_of, "board_card": fam.board_card}


def _noble(g: Fief, nid: str) -> View:
    n = g.nobles[nid]
    r = C.retainers[n.retainer] if n.retainer else None
    return {"name": n.name, "sex": n.sex, "family": n.family, "city": n.city, "outskirts": n.outskirts,
            "captor": n.captor, "titles": list(n.titles),
            "retainer": {"id": r.id, "name": r.name, "text": r.text, "spent": n.spent} if r else None,
            "spouse": n.spouse, "heresy": n.heresy, "relics": list(n.relics)}


def _city(g: Fief, name: str) -> View:
    c = g.cities[name]
    abbey = None
    if c.abbey:
        abbey = {"id": c.abbey, "abbess": g.abbesses.get(c.abbey)}
    relic: Any = None
    if c.hidden_relic:
        relic = {"face_down": True}
    elif c.relics:
        relic = {"id": c.relics[0], "all": list(c.relics)}
    return {
        "region": MAP.cities[name].region,
        "controller": c.controller,
        "building": c.building,
        "abbey": abbey,
        "mill": c.mill,
        "troops": {fid: {"count": len(st.troops), "bombards": st.bombards, "trebuchets": st.trebuchets,
                         "trebuchets_building": st.building, "new": st.new, "outskirts": st.outskirts,
                         "revealed": st.revealed,
                         **({"types": dict(sorted(Counter(st.troops).items()))} if st.revealed else {})}
                   for fid, st in sorted(c.stacks.items())},
        "nobles": sorted(n.id for n in g.nobles.values() if n.city == name and n.captor is None),
        "captives": sorted(n.id for n in g.nobles.values() if n.city == name and n.captor is not None),
        "siege": ({"by": c.siege.by, "trebuchets": c.stacks[c.siege.by].trebuchets if c.siege.by in c.stacks else 0,
                   "building": c.siege.building} if c.siege else None),
        "invaders": sorted(a.id for a in g.armies.values() if a.city == name),
        "relic": relic,
    }


def _fiefdom(g: Fief, region: str) -> View:
    holder = fief_holder(g, region)
    return {"rank": MAP.regions[region].rank, "holder": holder.id if holder else None,
            "family": holder.family if holder else None, "fortified": fortified_city(g, region),
            "cost": title_cost(g, region)}


def private(g: Fief, seat: str, view: View) -> View:
    p = g.players[seat]
    total, chars = draw_limits(g, p)
    view["offers"] = g.offers.visible(seat)
    view["me"] = {
        "seat": seat,
        "families": list(p.families),
        "hand": [{"id": c, "kind": C.card(c).kind, "name": C.card(c).name, "deck": C.card(c).deck} for c in p.hand],
        "hand_limit": hand_limit(g),
        "shillings": p.shillings,
        "draws": {"taken": p.drawn, "characters": p.drawn_characters, "limit": total, "character_limit": chars},
    }
    view["me"]["politics"] = crown_views.private(g, seat)
    for name, c in g.cities.items():
        for fid in p.families:
            st = c.stacks.get(fid)
            if st:
                view["cities"][name]["troops"][fid]["types"] = dict(sorted(Counter(st.troops).items()))
    return view


def _war(g: Fief) -> View:
    return war_view(g)
