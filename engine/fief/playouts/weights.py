"""How random playouts lean toward the game of crowns (engine.simulate, the random computer player).

A uniformly random family scatters its nobles, leaves its cities empty (5.1: an empty city turns
Independent) and almost never holds a whole region, so no title is bought and every game ends at
Round 7 with nobody past 1 VP. These weights keep the choice random but make the moves that build a
Fiefdom likelier: settling the cities of a region the family already has a foot in, keeping a city
held when a noble leaves it, raising the Stronghold a title needs (4.3), buying the title at once
and keeping the family's Lords out of needless battles (a relic for the Sovereign, 12.0, is weighed
with the other board actions in board.legal.weight). They are read only by computer players and
playouts; they change no rule.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Action
from engine.fief.state import MAP, Fief, Noble, is_lord

CITY_REGION = {name: city.region for name, city in MAP.cities.items()}


def _regions_held(g: Fief, family: str) -> set[str]:
    return {CITY_REGION[c] for c, s in g.cities.items() if s.controller == family}


def move(g: Fief, a: Action) -> float:
    """5.0, 5.1: into a city of a region the family already holds part of, without emptying a city."""
    return move_weigher(g)(a)


def move_weigher(g: Fief) -> Callable[[Action], float]:
    """:func:`move` for the moves of one legal list, which share what is asked once: per noble, whether
    leaving may empty its city; per family and destination, the weight of going there (a closure, so
    that the compiled engine reads what it remembers without looking anything up)."""
    cities = g.cities
    movers: dict[str, tuple[str, int | None] | tuple[()]] = {}
    company: dict[str, bool] = {}
    toward: dict[str, dict[str, float]] = {}   # family -> destination -> weight
    held: dict[str, set[str]] = {}

    def weigh(a: Action) -> float:
        args = a.args
        if len(args) == 4 and args[0][0] == "noble" and args[1][0] == "to" and args[2][0] == "troops":
            noble, dest, units = args[0][1] or "", args[1][1], args[2][1]   # the form the Move step lists
        else:
            named = dict(args)
            noble, dest, units = named.get("noble") or "", named.get("to"), named.get("troops")
        mover = movers.get(noble)
        if mover is None:
            mover = movers[noble] = _mover(g, noble)
        if not mover or dest not in cities:
            return 1.0
        fam, troops = mover
        if troops is not None and troops - len(units or ()) <= 0:
            kept = company.get(noble)
            if kept is None:
                kept = company[noble] = _company(g, g.nobles[noble])
            if not kept:
                return 0.05   # 5.1: the city would turn Independent
        weights = toward.get(fam)
        if weights is None:
            weights = toward[fam] = {}
        w = weights.get(dest)
        if w is None:
            w = weights[dest] = _toward(g, fam, dest, held)
        return w

    return weigh


def _mover(g: Fief, noble: str) -> tuple[str, int | None] | tuple[()]:
    """(family, troops in the city it holds and leaves, or None when it holds none there); () when the
    noble is gone or nowhere."""
    n = g.nobles.get(noble)
    if n is None or n.city is None:
        return ()
    src = g.cities[n.city]
    if src.controller == n.family and not n.outskirts:
        st = src.stacks.get(n.family)
        return n.family, len(st.troops) if st is not None else 0
    return n.family, None


def _toward(g: Fief, fam: str, dest: str, held: dict[str, set[str]]) -> float:
    """The weight of a move of ``fam`` into ``dest`` that empties no city (``held``: the regions each
    family holds part of, filled in as asked)."""
    target = g.cities[dest]
    if target.controller == fam:
        return 1.0
    region = CITY_REGION[dest]
    regions = held.get(fam)
    if regions is None:
        regions = held[fam] = _regions_held(g, fam)
    if region in regions:
        return 30.0 if target.controller is None else 3.0
    if target.controller is None and not any(g.cities[c].controller for c in MAP.regions[region].cities):
        return 6.0   # a region nobody holds yet
    return 1.0


def _company(g: Fief, n: Noble) -> bool:
    """Another free noble of the family stands in ``n``'s city."""
    fam = g.families.get(n.family)
    if fam is None:
        return False
    nobles, city = g.nobles, n.city   # the family's own nobles (its list holds every noble of the family)
    for oid in fam.nobles:
        o = nobles[oid]
        if o.city == city and o is not n and o.captor is None:
            return True
    return False


def build(g: Fief, family: str, a: Action) -> float:
    """4.2, 4.3: a Stronghold in a region the family holds most of."""
    if a.get("what") != "stronghold":
        return 1.0
    region = CITY_REGION.get(a.get("city") or "")
    if region is None:
        return 1.0
    cities = MAP.regions[region].cities
    if any(g.cities[c].building in ("stronghold", "fortified") for c in cities):
        return 1.0
    held = sum(1 for c in cities if g.cities[c].controller == family)
    return 4.0 + 4.0 * held


def battle(g: Fief, family: str | None, a: Action) -> float:
    """7.0: invaders fought often, above all where a Lord of the family stands (the Garter's deed,
    13.3); other families seldom, so that Lords live to hold their titles."""
    if a.get("against") != "invaders":
        return 0.4
    city = a.get("city")
    lord = any(n.city == city and n.family == family and n.captor is None and is_lord(n) for n in g.nobles.values())
    return 20.0 if lord else 3.0
