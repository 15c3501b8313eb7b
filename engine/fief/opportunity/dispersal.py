"""Troops left without a noble of their family by an Assassination, Justice or Ambush (10.3-10.5).

They are sent off in groups of four (the last group may be smaller) to the nearest free nobles of
their family, or failing those to the family's Fortified Cities and Strongholds, or failing those
to any city it controls. Ruling O-4 (docs/rulings/fief.md): the first group goes to the nearest
place, the next group to the next nearest, and so on round the list; distance is counted in roads,
ties broken by the city's name. Bombards and Trebuchets cannot follow (Ex 10-5): they return to
the family's stockpile, and an ambusher with a marker of the same kind left in its stockpile puts
its own in their place. With nowhere to go, the troops return to the stockpile.
"""

from __future__ import annotations

from engine.core import Event, GameState
from engine.fief.state import MAP, Fief, return_troop, sort_troops, stack
from engine.fief.war.movement import settle_control

GROUP = 4
WALLS = ("fortified", "stronghold", "royal_stronghold")


def distances(start: str) -> dict[str, int]:
    """Roads from ``start`` to every city (breadth first)."""
    seen = {start: 0}
    frontier = [start]
    while frontier:
        nxt: list[str] = []
        for city in frontier:
            for n in MAP.neighbours(city):
                if n not in seen:
                    seen[n] = seen[city] + 1
                    nxt.append(n)
        frontier = nxt
    return seen


def places(g: Fief, city: str, family: str) -> list[str]:
    """Where the troops may go, nearest first (10.3)."""
    far = distances(city)

    def near(c: str) -> tuple[int, str]:
        return far.get(c, 99), c

    nobles = {n.city for n in g.nobles.values()
              if n.family == family and n.captor is None and n.city and n.city != city}
    if nobles:
        return sorted(nobles, key=near)
    mine = [c for c, s in g.cities.items() if s.controller == family and c != city]
    walls = sorted((c for c in mine if g.cities[c].building in WALLS), key=near)
    return walls or sorted(mine, key=near)


def leaderless(g: Fief, city: str, family: str) -> bool:
    """No free noble of the family is left in the city to lead its troops."""
    return not any(n.city == city and n.family == family and n.captor is None for n in g.nobles.values())


def disperse(state: GameState, g: Fief, city: str, family: str, why: str, taker: str | None = None) -> None:
    """10.3-10.5: send the family's troops in ``city`` away in fours; engines stay behind (see the module)."""
    st = g.cities[city].stacks.get(family)
    if st is None:
        return
    troops = sort_troops(list(st.troops))
    dests = places(g, city, family)
    sent: dict[str, int] = {}
    for i in range(0, len(troops), GROUP):
        group = troops[i:i + GROUP]
        if not dests:
            for u in group:
                return_troop(g, family, u)
            sent["stockpile"] = sent.get("stockpile", 0) + len(group)
            continue
        dest = dests[(i // GROUP) % len(dests)]
        dst = stack(g, dest, family)
        dst.troops = sort_troops(dst.troops + group)
        dst.revealed = False
        holder = g.cities[dest].controller
        dst.outskirts = holder is not None and holder != family
        sent[dest] = sent.get(dest, 0) + len(group)
        state.emit(Event.private(g.families[family].seat, "troops.moved", family=family, start=city, to=dest,
                                 units=group))
    engines = _leave_engines(g, city, family, taker)
    del g.cities[city].stacks[family]
    state.emit(Event.public("troops.dispersed", family=family, city=city, to=sent, engines=engines, why=why,
                            taker=taker))
    settle_control(state, g, city)


def _leave_engines(g: Fief, city: str, family: str, taker: str | None) -> int:
    """Ex 10-5: the engines go back to the stockpile; the ambusher puts its own in their place."""
    st = g.cities[city].stacks[family]
    stock = g.families[family].stockpile
    left = {"bombard": st.bombards, "trebuchet": st.trebuchets + st.building}
    for kind, k in left.items():
        stock[kind] = stock.get(kind, 0) + k
        if taker and k:
            theirs = g.families[taker].stockpile
            swap = min(k, theirs.get(kind, 0))
            if swap:
                theirs[kind] -= swap
                mine = stack(g, city, taker)
                if kind == "bombard":
                    mine.bombards += swap
                else:
                    mine.trebuchets += swap
    return sum(left.values())
