"""The Royal Stronghold's garrison changes sides with the crown (4.9; ruling R28b in docs/rulings/fief.md).

When a new Sovereign is crowned (election, Excalibur or the Prince of Wales's succession: crown/crowning.py),
every troop inside a Royal Stronghold that is not of the new Sovereign's family changes sides: it is
replaced by a troop of the same kind from that family's stockpile, and goes back to its own family's
stockpile. A troop the stockpile cannot match (none of that kind left) deserts: it goes back to its
stockpile unreplaced. Mercenary Crossbowmen are hired men, not the crown's: they stay with the family
that hired them. The swap turns the markers over, so the event shows the troops (a reveal).

The new Sovereign's family then holds the city (the family that held it steps out to the outskirts,
as in a transfer of control, 5.1), and a siege it laid there ends. A battle being fought
in the city at the crowning is fought to its end first: the garrison changes sides when it is over
(``Fief.garrison_due``, then :func:`after_battle`).
"""

from __future__ import annotations

from engine.core import Event, GameState
from engine.fief.state import Fief, sort_troops, sovereign, stack
from engine.fief.war.battle.siege import lift

MERCENARY = "crossbow"


def royal_strongholds(g: Fief) -> list[str]:
    return sorted(name for name, c in g.cities.items() if c.building == "royal_stronghold")


def crowned(state: GameState, g: Fief, family: str) -> None:
    """4.9: a new Sovereign of ``family``: each Royal Stronghold's garrison serves the crown."""
    for city in royal_strongholds(g):
        b = g.war.battle
        if b is not None and b.city == city:
            if city not in g.garrison_due:
                g.garrison_due.append(city)
            continue
        change_sides(state, g, city, family)


def after_battle(state: GameState, g: Fief, city: str) -> None:
    """A battle in a Royal Stronghold's city is over: a change of sides it held back happens now."""
    if city not in g.garrison_due:
        return
    g.garrison_due.remove(city)
    king = sovereign(g)
    if king is not None and g.cities[city].building == "royal_stronghold":
        change_sides(state, g, city, king.family)


def change_sides(state: GameState, g: Fief, city: str, family: str) -> None:
    c = g.cities[city]
    turned: dict[str, list[str]] = {}
    deserted: dict[str, list[str]] = {}
    for fam, st in sorted(c.stacks.items()):
        if fam == family or st.outskirts:
            continue
        keep = [t for t in st.troops if t == MERCENARY]
        for unit in (t for t in st.troops if t != MERCENARY):
            g.families[fam].stockpile[unit] = g.families[fam].stockpile.get(unit, 0) + 1
            pool = g.families[family].stockpile
            if pool.get(unit, 0) > 0:
                pool[unit] -= 1
                turned.setdefault(fam, []).append(unit)
            else:
                deserted.setdefault(fam, []).append(unit)
        st.troops = keep
        if st.empty():
            del c.stacks[fam]
    if not turned and not deserted:
        return
    gained = sorted(u for units in turned.values() for u in units)
    if gained:
        mine = stack(g, city, family)
        mine.troops = sort_troops(mine.troops + gained)   # inside: the family holds the city now (below)
        mine.revealed = False
    state.emit(Event.public("royal_stronghold.garrison", city=city, family=family,
                            turned={f: sort_troops(u) for f, u in turned.items()},
                            deserted={f: sort_troops(u) for f, u in deserted.items()}))
    if gained and c.controller != family:
        before = c.controller
        c.controller = family
        for side, out in ((before, True), (family, False)):   # as a transfer of control (5.1)
            held = c.stacks.get(side or "")
            if held is not None:
                held.outskirts = out
            for n in g.nobles.values():
                if n.city == city and n.family == side and n.captor is None:
                    n.outskirts = out
        state.emit(Event.public("city.control", city=city, family=family, before=before, why="royal_garrison"))
    if c.siege is not None and c.siege.by == family:
        lift(state, g, city, "city taken")
