"""Phase 4: purchases (4.0-4.2, 4.9, 7.9): troops, Bombards and Trebuchets, Strongholds and
Mills, the Royal Stronghold, rebuilding an Abbey, and paying for siege Trebuchets.

4.1 Fog of war: a purchase is announced with its types (public), the placement is secret: the
public learns how many new units went to each city, the owner alone which types.
An empty stockpile refuses the purchase (FAQ). At most four new units per city per phase (4.0).
"""

from __future__ import annotations

from engine.core import Event, GameState, RuleError
from engine.fief.cards.characters import abbey_cities, found_abbey
from engine.fief.cards.retainers import family_ready, spend
from engine.fief.components import BUYABLE, TROOP_TYPES, C
from engine.fief.refusals import FiefRefusal
from engine.fief.state import (
    MAP,
    Fief,
    fief_holder,
    is_royal_family,
    player_of,
    sort_troops,
    stack,
)


def unit_cities(g: Fief, family: str) -> list[str]:
    """Where new units may go: cities the family controls, not besieged (7.9); a Royal Stronghold
    only for the Royal Family (4.9)."""
    royal = is_royal_family(g, family)
    return sorted([n for n, c in g.cities.items() if c.controller == family and c.siege is None
                   and (royal or c.building != "royal_stronghold")])


def _takes_units(g: Fief, family: str, city: str) -> bool:
    """``city in unit_cities(g, family)``, asked of one city (a buy names one or a few)."""
    c = g.cities.get(city)
    return c is not None and c.controller == family and c.siege is None and (
        c.building != "royal_stronghold" or is_royal_family(g, family))


def parse_units(items: list[str] | tuple[str, ...]) -> list[tuple[str, str]]:
    out = []
    for item in items:
        kind, sep, city = str(item).partition("@")
        if not sep:
            raise RuleError("4.0", f"write each unit as type@city, not {item!r}",
                            code=FiefRefusal.UNIT_SYNTAX,
                            legal="e.g. knight@London,men@London")
        out.append((kind.strip().lower(), city.strip()))
    return out


def check_buy(g: Fief, family: str, units: list[tuple[str, str]]) -> int:
    if not units:
        raise RuleError("4.0", "name at least one unit", code=FiefRefusal.NO_UNITS, legal="type@city")
    fam = g.families[family]
    kinds: dict[str, int] = {}   # counted in the order named (a purchase is one unit or a few)
    per_city: dict[str, int] = {}
    for kind, city in units:
        kinds[kind] = kinds.get(kind, 0) + 1
        per_city[city] = per_city.get(city, 0) + 1
    for kind, city in units:
        if kind not in BUYABLE:
            raise RuleError("4.0", f"no unit type {kind!r}", code=FiefRefusal.UNIT_TYPE, legal=list(BUYABLE))
        if not _takes_units(g, family, city):
            where = unit_cities(g, family)
            raise RuleError("4.0", f"new units go to a city your family controls that is not besieged; "
                            f"not {city!r}", code=FiefRefusal.UNIT_CITY, legal=where or "you control no city")
    for kind, n in kinds.items():
        if fam.stockpile.get(kind, 0) < n:
            raise RuleError("FAQ", f"only {fam.stockpile.get(kind, 0)} {kind} left in your stockpile",
                            code=FiefRefusal.STOCKPILE_EMPTY,
                            legal={k: v for k, v in fam.stockpile.items() if v})
    for city, n in per_city.items():
        have = stack(g, city, family).new if family in g.cities[city].stacks else 0
        if have + n > C.new_units_per_city:
            raise RuleError("4.0", f"at most {C.new_units_per_city} new units in {city} this phase "
                            f"({have} placed already)", code=FiefRefusal.NEW_UNITS_LIMIT,
                            legal=f"{C.new_units_per_city - have} more in {city}")
    cost = sum([C.costs[k] for k, _ in units])
    if player_of(g, family).shillings < cost:
        raise RuleError("4.0", f"these units cost {cost} shillings, more than you have",
                        code=FiefRefusal.FUNDS,
                        legal="fewer units")
    return cost


def buy(state: GameState, g: Fief, family: str, units: list[tuple[str, str]], cost: int) -> None:
    fam = g.families[family]
    player_of(g, family).shillings -= cost
    placed: dict[str, dict[str, int]] = {}   # city -> kind -> count
    bought: dict[str, int] = {}
    for kind, city in units:
        fam.stockpile[kind] -= 1
        st = stack(g, city, family)
        st.new += 1
        if kind == "bombard":
            st.bombards += 1
        elif kind == "trebuchet":
            st.trebuchets += 1
        else:
            st.troops.append(kind)
        here = placed.setdefault(city, {})
        here[kind] = here.get(kind, 0) + 1
        bought[kind] = bought.get(kind, 0) + 1
    for city in placed:
        g.cities[city].stacks[family].troops = sort_troops(g.cities[city].stacks[family].troops)
    state.emit(Event.public("troops.bought", family=family, units=dict(sorted(bought.items())), cost=cost))
    for city, kinds in sorted(placed.items()):
        state.emit(Event.public("troops.placed", family=family, city=city,
                                count=sum([v for k, v in kinds.items() if k in TROOP_TYPES]),
                                bombards=kinds.get("bombard", 0), trebuchets=kinds.get("trebuchet", 0)))
    state.emit(Event.private(fam.seat, "troops.detail", family=family,
                             placed={c: dict(sorted(k.items())) for c, k in sorted(placed.items())}))


# -- buildings (4.2, 4.9) ----------------------------------------------------------------
def tiles_left(g: Fief, kind: str) -> int:
    if kind == "stronghold":
        used = sum(1 for c in g.cities.values() if c.building in ("stronghold", "fortified"))
        return C.tiles["stronghold"] - used
    if kind == "mill":
        return C.tiles["mill"] - sum(1 for c in g.cities.values() if c.mill)
    if kind == "royal_stronghold":
        return C.tiles["royal_stronghold"] - sum(1 for c in g.cities.values() if c.building == "royal_stronghold")
    return 0


def tiles_free(g: Fief) -> dict[str, int]:
    """:func:`tiles_left` of the three buildings at once, in one pass over the cities (the purchase list)."""
    strongholds = mills = royal = 0
    for c in g.cities.values():
        building = c.building
        if building == "stronghold" or building == "fortified":
            strongholds += 1
        elif building == "royal_stronghold":
            royal += 1
        if c.mill:
            mills += 1
    return {"stronghold": C.tiles["stronghold"] - strongholds, "mill": C.tiles["mill"] - mills,
            "royal_stronghold": C.tiles["royal_stronghold"] - royal}


BUILDINGS = ("stronghold", "mill", "royal_stronghold")


def build_costs(g: Fief, family: str) -> dict[str, int]:
    """:func:`build_cost` of every building, the Mason asked once (the purchase list)."""
    mason = not g.families[family].mason_used and family_ready(g, family, "mason")
    return {what: max(0, C.costs[what] - 2) if mason and what != "royal_stronghold" else C.costs[what]
            for what in BUILDINGS}


def build_cost(g: Fief, family: str, what: str) -> int:
    cost = C.costs[what]
    if what in ("stronghold", "mill") and not g.families[family].mason_used and family_ready(g, family, "mason"):
        cost = max(0, cost - 2)
    return cost


def build_cities(g: Fief, family: str, what: str) -> list[str]:
    return build_cities_among(g, family, what, unit_cities(g, family))


def build_cities_among(g: Fief, family: str, what: str, units: list[str]) -> list[str]:
    """:func:`build_cities` given the family's ``unit_cities`` (the purchase list asks for them once)."""
    if what == "stronghold":
        return [c for c in units if g.cities[c].building is None]
    if what == "mill":
        return [c for c in units if not g.cities[c].mill]
    if what == "royal_stronghold":
        if not is_royal_family(g, family):
            return []
        return sorted(n for n, c in g.cities.items() if c.building is None and c.siege is None
                      and (c.controller is None or c.controller == family))
    return []


def check_build(g: Fief, family: str, what: str, city: str) -> int:
    if what not in ("stronghold", "mill", "royal_stronghold"):
        raise RuleError("4.2", f"no building {what!r}",
                        code=FiefRefusal.BUILDING, legal=["stronghold", "mill", "royal_stronghold"])
    if what == "royal_stronghold" and not is_royal_family(g, family):
        raise RuleError("4.9", "only the Royal Family builds the Royal Stronghold",
                        code=FiefRefusal.NOT_ROYAL,
                        legal=["stronghold", "mill"])
    if tiles_left(g, what) <= 0:
        raise RuleError("FAQ", f"no {what.replace('_', ' ')} tile left", code=FiefRefusal.STOCKPILE_EMPTY,
                        legal=[w for w in ("stronghold", "mill") if tiles_left(g, w) > 0] or "none")
    options = build_cities(g, family, what)
    if city not in options:
        rule = "4.9" if what == "royal_stronghold" else "4.2"
        raise RuleError(rule, f"a {what.replace('_', ' ')} cannot go to {city!r} (one building and one mill per "
                        "city, in a city your family controls, not besieged)", code=FiefRefusal.BUILD_CITY,
                        legal=options or "no city")
    cost = build_cost(g, family, what)
    if player_of(g, family).shillings < cost:
        raise RuleError("4.2", f"it costs {cost} shillings, more than you have", code=FiefRefusal.FUNDS,
                        legal="cheaper purchases")
    return cost


def needs_consent(g: Fief, family: str, city: str) -> str | None:
    """4.9: a city of a Fiefdom needs its Lord's consent (the Lord's family seat), unless that is us."""
    holder = fief_holder(g, MAP.cities[city].region)
    if holder and holder.family != family:
        return holder.family
    return None


def build(state: GameState, g: Fief, family: str, what: str, city: str, cost: int, paid: bool = False) -> None:
    if not paid:
        player_of(g, family).shillings -= cost
    c = g.cities[city]
    if what == "mill":
        c.mill = True
    else:
        c.building = what
    if what == "royal_stronghold":
        c.controller = family
    if what in ("stronghold", "mill") and cost < C.costs[what]:
        g.families[family].mason_used = True
        mason = family_ready(g, family, "mason")
        if mason:
            spend(state, g, mason)
    state.emit(Event.public("building.built", family=family, what=what, city=city, cost=cost))


def royal_site_ok(g: Fief, family: str, city: str) -> bool:
    """4.9, checked again when the Lord consents: public facts only (the price was set aside)."""
    return tiles_left(g, "royal_stronghold") > 0 and city in build_cities(g, family, "royal_stronghold")


def rebuildable(g: Fief, family: str) -> list[str]:
    """2.13: an Abbey destroyed earlier; its Abbess of this family may raise it again for free."""
    return sorted([a for a, n in g.abbesses.items()
                   if a not in g.abbeys and n in g.nobles and g.nobles[n].family == family])


def check_rebuild(g: Fief, family: str, abbey: str, city: str) -> None:
    if abbey not in rebuildable(g, family):
        raise RuleError("2.13", f"no destroyed Abbey {abbey!r} whose Abbess is of your family",
                        code=FiefRefusal.REBUILD,
                        legal=rebuildable(g, family) or "none")
    if city not in abbey_cities(g, family):
        raise RuleError("2.13", f"the Abbey cannot stand in {city!r}",
                        code=FiefRefusal.ABBEY_CITY, legal=abbey_cities(g, family))


def rebuild(state: GameState, g: Fief, family: str, abbey: str, city: str) -> None:
    found_abbey(g, abbey, city, g.cities[city].building == "royal_abbey")
    state.emit(Event.public("abbey.rebuilt", family=family, abbey=abbey, city=city))


# -- siege Trebuchets (7.9) --------------------------------------------------------------
def sieges_of(g: Fief, family: str) -> list[str]:
    return sorted([n for n, c in g.cities.items() if c.siege and c.siege.by == family])


def check_construct(g: Fief, family: str, city: str) -> int:
    cities = sieges_of(g, family)
    if city not in cities:
        raise RuleError("7.9", f"your family besieges no {city!r}",
                        code=FiefRefusal.NO_SIEGE, legal=cities or "no siege")
    siege = g.cities[city].siege
    assert siege is not None
    st = g.cities[city].stacks.get(family)
    second = siege.building == 0
    if second and (siege.paid is False or (st and st.trebuchets >= 2)):
        raise RuleError("7.9", "the siege's Trebuchets are built: one under construction, then one more",
                        code=FiefRefusal.CONSTRUCT_DONE, legal="done")
    if second and g.families[family].stockpile.get("trebuchet", 0) < 1:
        raise RuleError("FAQ", "no Trebuchet left in your stockpile", code=FiefRefusal.STOCKPILE_EMPTY,
                        legal="done")
    cost = C.costs["siege_trebuchet"]
    if player_of(g, family).shillings < cost:
        raise RuleError("7.9", f"a siege Trebuchet costs {cost} shillings", code=FiefRefusal.FUNDS,
                        legal="done (the siege is lifted if nothing is paid)")
    return cost


def construct(state: GameState, g: Fief, family: str, city: str, cost: int) -> None:
    siege = g.cities[city].siege
    assert siege is not None
    st = stack(g, city, family)
    player_of(g, family).shillings -= cost
    if siege.building:
        siege.building -= 1
        st.building -= 1
    else:
        g.families[family].stockpile["trebuchet"] -= 1
    st.trebuchets += 1
    siege.paid = True
    state.emit(Event.public("siege.trebuchet", family=family, city=city))


def settle_sieges(state: GameState, g: Fief, family: str) -> None:
    """7.9: a siege whose Trebuchet was not paid for is lifted."""
    for city in sieges_of(g, family):
        siege = g.cities[city].siege
        assert siege is not None
        if not siege.paid and siege.building:
            st = stack(g, city, family)
            st.building -= siege.building
            g.families[family].stockpile["trebuchet"] += siege.building
            g.cities[city].siege = None
            state.emit(Event.public("siege.lifted", city=city, by=family, why="trebuchet unpaid"))
        else:
            siege.paid = False
