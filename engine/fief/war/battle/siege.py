"""Sieges (7.9): when one may begin, the Trebuchet it takes, besieging without a battle, and
lifting the siege."""

from __future__ import annotations

from engine.core import Event, GameState, RuleError
from engine.fief.refusals import FiefRefusal
from engine.fief.state import Fief, Siege, stack
from engine.fief.war.battle import dice
from engine.fief.war.battle.sides import (
    DEFENDED,
    defended,
    free_noble_cities,
    free_nobles,
    side_nobles,
    stormy,
    strength,
)
from engine.fief.war.state import Battle


def siege_possible(g: Fief, b: Battle) -> bool:
    c = g.cities[b.city]
    if c.siege is not None or not side_nobles(g, b, b.attacker):
        return False
    fam = g.families[b.attacker]
    on_map = any(st.trebuchets for name, st in ((n, c.stacks.get(b.attacker)) for n, c in g.cities.items()) if st)
    return fam.stockpile.get("trebuchet", 0) > 0 or on_map


def trebuchet_sources(g: Fief, fam: str) -> list[str]:
    """7.9: with none in its stockpile, the cities whose Trebuchet the family may destroy for a new siege."""
    if g.families[fam].stockpile.get("trebuchet", 0) > 0:
        return []
    return sorted(n for n, c in g.cities.items() if c.stacks.get(fam) and c.stacks[fam].trebuchets)


def check_trebuchet(g: Fief, fam: str, city: str) -> None:
    """7.9: the player chooses which of its Trebuchets on the map is destroyed (only with none in stock)."""
    sources = trebuchet_sources(g, fam)
    if city not in sources:
        raise RuleError("7.9", "a Trebuchet on the map is destroyed for a siege only when the stockpile has none; "
                        "name a city holding one of yours", code=FiefRefusal.TREBUCHET,
                        legal=sources or "the stockpile's Trebuchet")


def place_siege(state: GameState, g: Fief, fam: str, city: str, besieged: str, trebuchet: str | None = None) -> None:
    """7.9: a Trebuchet from the stockpile or, with none left, the one the player destroys on the map
    (``trebuchet`` names its city; default: the first by name)."""
    stock = g.families[fam].stockpile
    sources = trebuchet_sources(g, fam)
    if sources:
        name = trebuchet if trebuchet in sources else sources[0]
        g.cities[name].stacks[fam].trebuchets -= 1
        stock["trebuchet"] += 1
        state.emit(Event.public("siege.trebuchet_moved", family=fam, start=name, city=city))
    stock["trebuchet"] -= 1
    stack(g, city, fam).building += 1
    g.cities[city].siege = Siege(by=fam, since=g.flow.round, building=1)
    state.emit(Event.public("siege.begun", city=city, by=fam, besieged=besieged))


def besiege_cities(g: Fief, fam: str) -> list[str]:
    """7.9: cities whose walls a family could not dent (no melee die after the penalty): it may
    besiege them without a battle. Not under Storms (2.5): a siege begins as an attack, and no
    battle is allowed there (our ruling, docs/rulings/fief.md; a siege already on goes on)."""
    out = []
    for name in sorted(free_noble_cities(g, fam)):
        c = g.cities[name]
        foe = c.controller
        if foe is None or foe == fam or c.siege is not None or stormy(g, name):
            continue
        walls = defended(g, name, fam, foe)
        if not walls or dice.dice_for(strength(g, name, fam)) - DEFENDED[walls] >= 1:
            continue
        b = Battle(name, fam, foe)
        if siege_possible(g, b):
            out.append(name)
    return out


def besiege_outright(state: GameState, g: Fief, fam: str, city: str, trebuchet: str | None = None) -> None:
    besieged = g.cities[city].controller or ""
    g.war.fought.append(f"{city}|{fam}|{besieged}")
    place_siege(state, g, fam, city, besieged, trebuchet)


def lift(state: GameState, g: Fief, city: str, why: str) -> None:
    """The siege ends: the besieger's Trebuchets here go back to its stockpile (7.9)."""
    c = g.cities[city]
    if c.siege is None:
        return
    by = c.siege.by
    st = c.stacks.get(by)
    if st is not None:
        g.families[by].stockpile["trebuchet"] += st.trebuchets + st.building
        st.trebuchets = st.building = 0
        if st.empty():
            del c.stacks[by]
    c.siege = None
    state.emit(Event.public("siege.lifted", city=city, by=by, why=why))


def check_sieges(state: GameState, g: Fief) -> None:
    """7.9: with no besieging noble present (or the besieged gone) the siege is lifted."""
    for name, c in sorted(g.cities.items()):
        if c.siege is None:
            continue
        if not free_nobles(g, name, c.siege.by):
            lift(state, g, name, "no besieging noble")
        elif c.controller == c.siege.by or c.controller is None:
            lift(state, g, name, "nobody left to besiege")
