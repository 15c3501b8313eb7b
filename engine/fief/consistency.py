"""A Fief state set up by hand (a scenario's ``setup`` overrides) kept whole, or told what is wrong.

``settle`` does the bookkeeping one change implies: a unit put on the map comes out of its family's
stockpile (4.0: the stockpile holds what is not on the map) and one taken off goes back, unless the
scenario set that stockpile itself; with ``retainers`` turned off no noble keeps a Retainer (they go
back to the deck, 2.12) and none is drawn later; a Retainer handed to a noble leaves the deck.
``validate`` lists what is still inconsistent, one "path: why" a line (docs/scenarios.md).
"""

from __future__ import annotations

from collections import Counter

from engine.fief.components import TROOP_TYPES
from engine.fief.state import Fief
from engine.fief.war.battle.sides import GUARD_SP


def on_map(g: Fief, family: str) -> Counter[str]:
    """The family's units on the map that count against its stockpile (a Mercenary Crossbowman and
    the Royal Guard come from elsewhere, 11.1 and 13.1)."""
    out: Counter[str] = Counter()
    for c in g.cities.values():
        st = c.stacks.get(family)
        if st is None:
            continue
        out.update(t for t in st.troops if t != "crossbow" and t not in GUARD_SP)
        out["bombard"] += st.bombards
        out["trebuchet"] += st.trebuchets + st.building
    return out


def settle(g: Fief, before: Fief, paths: list[str]) -> None:
    for fam in g.families.values():
        if fam.id not in before.families or any(p.startswith(f"families.{fam.id}.stockpile") for p in paths):
            continue
        now, then = on_map(g, fam.id), on_map(before, fam.id)
        for unit in set(now) | set(then):
            if now[unit] != then[unit]:
                fam.stockpile[unit] = fam.stockpile.get(unit, 0) - (now[unit] - then[unit])
    held = {n.retainer for n in g.nobles.values() if n.retainer}
    if not g.retainers:
        for n in g.nobles.values():
            if n.retainer:
                g.retainer_deck.append(n.retainer)
                n.retainer, n.spent = None, False
        g.retainer_deck.sort()
    else:
        g.retainer_deck = [r for r in g.retainer_deck if r not in held]


def validate(g: Fief) -> list[str]:
    out: list[str] = []
    families, cities = set(g.families), set(g.cities)
    for seat, p in sorted(g.players.items()):
        for f in p.families:
            if f not in families or g.families[f].seat != seat:
                out.append(f"players.{seat}.families: {f!r} is not a family of this seat")
    for f, fam in sorted(g.families.items()):
        for unit, count in sorted(fam.stockpile.items()):
            if count < 0:
                out.append(f"families.{f}.stockpile.{unit}: {count}: more on the map than the family owns")
        for nid in fam.nobles:
            if nid not in g.nobles or g.nobles[nid].family != f:
                out.append(f"families.{f}.nobles: {nid!r} is not a noble of this family")
    titles: dict[str, str] = {}
    retainers: dict[str, str] = {}
    for nid, n in sorted(g.nobles.items()):
        if n.family not in families or nid not in g.families[n.family].nobles:
            out.append(f"nobles.{nid}.family: {n.family!r} does not list this noble on its board")
        if n.city is not None and n.city not in cities:
            out.append(f"nobles.{nid}.city: no city {n.city!r}")
        if n.captor is not None and not _captor_ok(g, n.captor):
            out.append(f"nobles.{nid}.captor: {n.captor!r} is no family, invader army or the bandits")
        for t in n.titles:
            if t in titles:
                out.append(f"nobles.{nid}.titles: {t!r} is held by {titles[t]} too")
            titles[t] = nid
        if n.retainer:
            if n.retainer in retainers:
                out.append(f"nobles.{nid}.retainer: {n.retainer!r} serves {retainers[n.retainer]} too")
            retainers[n.retainer] = nid
            if n.retainer in g.retainer_deck:
                out.append(f"nobles.{nid}.retainer: {n.retainer!r} is still in the retainer deck")
    for name, c in sorted(g.cities.items()):
        if c.controller is not None and c.controller not in families:
            out.append(f"cities.{name}.controller: no family {c.controller!r}")
        for f, st in sorted(c.stacks.items()):
            if f not in families:
                out.append(f"cities.{name}.stacks.{f}: no family {f!r}")
            bad = sorted(t for t in st.troops if t not in TROOP_TYPES and t not in GUARD_SP)
            if bad:
                out.append(f"cities.{name}.stacks.{f}.troops: no troop type {bad[0]!r}")
            if min(st.bombards, st.trebuchets, st.building) < 0:
                out.append(f"cities.{name}.stacks.{f}: a negative count of engines")
        if c.siege is not None and c.siege.by not in families:
            out.append(f"cities.{name}.siege.by: no family {c.siege.by!r}")
    for aid, a in sorted(g.armies.items()):
        if a.city is not None and a.city not in cities:
            out.append(f"armies.{aid}.city: no city {a.city!r}")
        if a.foot < 0:
            out.append(f"armies.{aid}.foot: {a.foot} Foot Soldiers")
    for f in g.flow.order:
        if f not in families:
            out.append(f"flow.order: no family {f!r}")
    return out


def _captor_ok(g: Fief, captor: str) -> bool:
    kind, _, army = captor.partition(":")
    return captor in g.families or captor == "bandits" or (kind == "invaders" and army in g.armies)
