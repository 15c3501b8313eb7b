"""Who fights in a battle and with what (7.0-7.4, 13.1): the families of each side, their troops,
nobles, Royal Guards and engines, their Strength Points, and whose walls stand between them."""

from __future__ import annotations

from collections import Counter

from engine.fief.components import C
from engine.fief.crown import garter
from engine.fief.state import MAP, Army, Fief, has_disaster, nobles_in
from engine.fief.war.state import Battle

DEFENDED = {"stronghold": 1, "royal_stronghold": 1, "fortified": 2}   # 7.4 melee penalty


ARCHERS_AT_WALLS = {"stronghold": 2, "royal_stronghold": 2, "fortified": 3}  # 7.2


INVADERS = "invaders"


FOOT_SP, LEADER_SP = 2, 3   # 7.3 and 7.5: a Foot Soldier is 2 SP and takes 2 hits, a Leader 3 and 3


GUARD_SP = {"royal_knight": 3, "royal_men": 1}   # 13.1: Royal Knights 3 SP / 3 hits, Royal Men-at-Arms 1 / 1


def troops(g: Fief, city: str, fam: str) -> list[str]:
    st = g.cities[city].stacks.get(fam)
    return list(st.troops) if st else []


def free_nobles(g: Fief, city: str, fam: str) -> list[str]:
    return sorted(n.id for n in nobles_in(g, city) if n.family == fam)


def armies_in(g: Fief, b: Battle) -> list[Army]:
    return [g.armies[a] for a in b.armies if g.armies[a].city == b.city and not g.armies[a].gone]


def members(b: Battle, side: str) -> list[str]:
    """The families of a side: its lead (the declaring or attacked family) and its allies (7.0)."""
    if side == INVADERS:
        return []
    return [side] + (b.with_attacker if side == b.attacker else b.with_defender)


def unit_type(unit: str) -> str:
    """Allied sides name units ``family:type``."""
    return unit.rpartition(":")[2]


def side_troops(g: Fief, b: Battle, side: str) -> list[str]:
    """The troops fighting for a side: a family's stack (with its allies', as ``family:type``),
    a Cavalcade's knights, or Foot Soldiers; Royal Guards ride along (13.1)."""
    if side == INVADERS:
        return ["foot"] * sum(a.foot for a in armies_in(g, b))
    if b.kind == "cavalcade" and side == b.attacker:
        have = Counter(troops(g, b.city, side))
        return sorted((Counter(b.only) & have).elements())
    fams = members(b, side)
    if len(fams) == 1:
        return troops(g, b.city, side) + guards(g, side_nobles(g, b, side))
    return [f"{f}:{t}" for f in fams for t in troops(g, b.city, f) + guards(g, free_nobles(g, b.city, f))]


def guards(g: Fief, nobles: list[str]) -> list[str]:
    """13.1: the Sovereign's two Royal Knights and the royal spouse's two Royal Men-at-Arms fight
    beside them (less those defeated since the last election)."""
    out: list[str] = []
    lost = g.war.guards_lost
    for nid in nobles:
        n = g.nobles[nid]
        if "king" in n.titles or "sovereign_queen" in n.titles:
            out += ["royal_knight"] * max(0, 2 - lost.get("royal_knight", 0))
        spouse = g.nobles.get(n.spouse or "")
        if "queen" in n.titles or (spouse is not None and "sovereign_queen" in spouse.titles):
            out += ["royal_men"] * max(0, 2 - lost.get("royal_men", 0))
    return out


def side_nobles(g: Fief, b: Battle, side: str) -> list[str]:
    """Nobles fighting for a side (Invader Leaders are ``leader:<army>``)."""
    if side == INVADERS:
        return [f"leader:{a.id}" for a in armies_in(g, b) if a.leader]
    if b.kind == "cavalcade" and side == b.attacker:
        return [n for n in free_nobles(g, b.city, side) if n == b.mover]
    return [n for f in members(b, side) for n in free_nobles(g, b.city, f)]


def side_strength(g: Fief, b: Battle, side: str) -> int:
    if side == INVADERS:
        return sum(FOOT_SP * a.foot + (LEADER_SP if a.leader else 0) for a in armies_in(g, b))
    return strength_of(g, side_troops(g, b, side), side_nobles(g, b, side))


def strength_of(g: Fief, units: list[str], nobles: list[str]) -> int:
    """7.3: SP of troops, each nobleman, and each noblewoman holding a Lord title (rough spot 11)."""
    sp = sum(GUARD_SP.get(unit_type(t)) or C.unit_sp[unit_type(t)] for t in units)
    for nid in nobles:
        n = g.nobles[nid]
        if n.sex == "m" or any(t.startswith("lord:") for t in n.titles):
            sp += 1
    return sp


def strength(g: Fief, city: str, fam: str) -> int:
    return strength_of(g, troops(g, city, fam), free_nobles(g, city, fam))


def men(g: Fief, b: Battle, side: str) -> int:
    return sum(1 for t in side_troops(g, b, side) if unit_type(t) == "men")


def engines(g: Fief, city: str, fam: str) -> tuple[int, int]:
    if fam == INVADERS:
        return 0, 0
    st = g.cities[city].stacks.get(fam)
    return (st.trebuchets, st.bombards) if st else (0, 0)


def side_engines(g: Fief, b: Battle, side: str) -> tuple[int, int]:
    """A side's Trebuchets and Bombards (allies' included)."""
    treb = bomb = 0
    for f in members(b, side):
        t, m = engines(g, b.city, f)
        treb, bomb = treb + t, bomb + m
    return treb, bomb


def allotter(g: Fief, b: Battle, side: str) -> str:
    fams = members(b, side)
    return max(fams, key=lambda f: (strength(g, b.city, f), f == side))


def alive(g: Fief, b: Battle, side: str) -> tuple[bool, bool]:
    """(has troops, has nobles) for a side of the battle."""
    return bool(side_troops(g, b, side)), bool(side_nobles(g, b, side))


def invaders_outnumber(g: Fief, b: Battle) -> bool:
    """6.4: invader units (Foot Soldiers and Leaders) against the family's troops."""
    fam = other(b, INVADERS)
    mine = len(side_troops(g, b, INVADERS)) + len(side_nobles(g, b, INVADERS))
    return mine > len(side_troops(g, b, fam))


def present(g: Fief, city: str, fam: str) -> bool:
    st = g.cities[city].stacks.get(fam)
    return bool((st and not st.empty()) or free_nobles(g, city, fam))


def inside(g: Fief, city: str, fam: str) -> bool:
    st = g.cities[city].stacks.get(fam)
    if st is not None and not st.empty():
        return not st.outskirts
    return any(not g.nobles[n].outskirts for n in free_nobles(g, city, fam))


def defended(g: Fief, city: str, attacker: str, defender: str) -> str | None:
    """7.4: the defender holds the walls (Stronghold, Royal Stronghold or Fortified City) and the
    attacker stands outside them."""
    c = g.cities[city]
    if c.building in DEFENDED and c.controller == defender and inside(g, city, defender) \
            and not inside(g, city, attacker):
        return c.building
    return None


def grail_defends(g: Fief, b: Battle) -> bool:
    """12.1: the Holy Grail's bearer fights on the side that did not start the battle."""
    if b.defender == INVADERS:
        return False
    return any("grail" in g.nobles[n].relics for n in side_nobles(g, b, b.defender))


def side_of(b: Battle, fam: str) -> str:
    return "attacker" if fam == b.attacker else "defender"


def other(b: Battle, fam: str) -> str:
    return b.defender if fam == b.attacker else b.attacker


def targets_in(g: Fief, city: str, fam: str) -> list[str]:
    """Families (and invaders) a family may attack in a city (7.0)."""
    out = [f for f in sorted({*g.cities[city].stacks, *(n.family for n in nobles_in(g, city))})
           if f != fam and present(g, city, f) and not garter.bars(g, fam, city, f)]
    if any(a.city == city and not a.gone for a in g.armies.values()):
        out.append(INVADERS)
    return out


def invader_ids(g: Fief, city: str) -> list[str]:
    return sorted(a.id for a in g.armies.values() if a.city == city and not a.gone)


def stormy(g: Fief, city: str) -> bool:
    """2.5: no battles in a region under Storms."""
    return has_disaster(g, MAP.cities[city].region, "storms")


def battle_cities(g: Fief, fam: str) -> list[str]:
    out = []
    for c in sorted(free_noble_cities(g, fam)):   # free_nobles(g, c, fam) for every city, in one pass
        if troops(g, c, fam) and not stormy(g, c):
            foes = targets_in(g, c, fam)
            if foes and any(f"{c}|{fam}|{f}" not in g.war.fought for f in foes):
                out.append(c)
    return out


def free_noble_cities(g: Fief, fam: str) -> set[str]:
    """The cities where a free noble of the family stands."""
    return {n.city for n in g.nobles.values() if n.family == fam and n.captor is None and n.city is not None}
