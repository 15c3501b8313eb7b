"""Pillage (7.10): after the battles, in turn order, each family may pillage the cities it controls.

- ``mill``: the Mill is destroyed; the family takes 2 shillings.
- ``abbey``: the Abbey is destroyed (a free noble of the family must be there); the family takes 10
  shillings, the noble takes the relics lying in the city and a Heresy marker.
- ``engines``: the other families' Trebuchets and Bombards here are taken over (as far as the
  family's stockpile allows) or else destroyed.
- ``own_engines``: the family destroys its own Trebuchets and Bombards here.
"""

from __future__ import annotations

from engine.core import Event, GameState, RuleError
from engine.fief.board import relics
from engine.fief.components import C
from engine.fief.refusals import FiefRefusal
from engine.fief.state import Fief, player_of, stack

WHAT = ("mill", "abbey", "engines", "own_engines")


def _free_noble(g: Fief, city: str, fam: str) -> str | None:
    return min((n.id for n in g.nobles.values() if n.city == city and n.family == fam and n.captor is None),
               default=None)   # the first by id


def options(g: Fief, fam: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    cities = g.cities
    for name in sorted([name for name, c in cities.items() if c.controller == fam]):
        c = cities[name]
        if c.mill:
            out.append((name, "mill"))
        if c.abbey and c.building in ("abbey", "royal_abbey") and _free_noble(g, name, fam):
            out.append((name, "abbey"))
        engines = own = False
        for f, st in c.stacks.items():
            if st.trebuchets or st.bombards:
                if f == fam:
                    own = True
                else:
                    engines = True
        if engines:
            out.append((name, "engines"))
        if own:
            out.append((name, "own_engines"))
    return out


def check(g: Fief, fam: str, city: str, what: str) -> None:
    legal = options(g, fam)
    if (city, what) not in legal:
        raise RuleError("7.10", f"nothing to pillage as {what!r} in {city!r} (a city your family controls)",
                        code=FiefRefusal.PILLAGE, legal=[f"{c}:{w}" for c, w in legal] or "done")


def pillage(state: GameState, g: Fief, fam: str, city: str, what: str) -> None:
    c = g.cities[city]
    if what == "mill":
        c.mill = False
        player_of(g, fam).shillings += C.income["scorch_per_mill"]
        state.emit(Event.public("pillage.mill", family=fam, city=city, shillings=C.income["scorch_per_mill"]))
    elif what == "abbey":
        nid = _free_noble(g, city, fam) or ""
        abbey = c.abbey or ""
        g.abbeys.pop(abbey, None)
        c.abbey = None
        c.building = None
        player_of(g, fam).shillings += 10
        n = g.nobles[nid]
        n.heresy = True
        taken = list(c.relics) + relics.take_hidden(state, g, city)   # 12.0: a face-down relic turns too
        n.relics += taken
        c.relics = []
        state.emit(Event.public("pillage.abbey", family=fam, city=city, abbey=abbey, noble=nid, relics=taken,
                                shillings=10))
    elif what == "engines":
        mine = stack(g, city, fam)
        stock = g.families[fam].stockpile
        for other, st in sorted(c.stacks.items()):
            if other == fam:
                continue
            for kind in ("trebuchet", "bombard"):
                have = st.trebuchets if kind == "trebuchet" else st.bombards
                g.families[other].stockpile[kind] += have
                took = min(have, stock.get(kind, 0))
                stock[kind] -= took
                if kind == "trebuchet":
                    mine.trebuchets += took
                    st.trebuchets = 0
                else:
                    mine.bombards += took
                    st.bombards = 0
                if have:
                    state.emit(Event.public("pillage.engines", family=fam, city=city, owner=other, engine=kind,
                                            taken=took, destroyed=have - took))
        for other in [f for f, st in c.stacks.items() if st.empty()]:
            del c.stacks[other]
    else:
        st = c.stacks[fam]
        stock = g.families[fam].stockpile
        stock["trebuchet"] += st.trebuchets
        stock["bombard"] += st.bombards
        state.emit(Event.public("pillage.own_engines", family=fam, city=city, trebuchets=st.trebuchets,
                                bombards=st.bombards))
        st.trebuchets = st.bombards = 0
        if st.empty():
            del c.stacks[fam]
