"""Fiefdom Lord titles (4.3-4.7): buying a title, the Fortified City, the King's Will, several
titles and their transfer, titles lost with a Fortified City.

A family may take a region's title when it controls every city of the Fiefdom (a Royal Stronghold
city no longer counts, 4.9) and one of them holds a Stronghold. The cost is 2 shillings per city
of the region, whatever a Royal Stronghold took away.
"""

from __future__ import annotations

from engine.core import Event, GameState, RuleError
from engine.fief.cards.retainers import ready, spend
from engine.fief.components import C
from engine.fief.estates.succession import give_title, pass_to_family
from engine.fief.map import RANKS, REGION_IDS
from engine.fief.refusals import FiefRefusal
from engine.fief.state import (
    MAP,
    Fief,
    allied,
    fief_cities,
    fief_holder,
    fortified_city,
    player_of,
    sovereign,
)

RANK_ORDER = {"barony": 1, "county": 2, "duchy": 3}


def title_cost(g: Fief, region: str, noble: str | None = None) -> int:
    cost = C.costs["title_per_city"] * len(MAP.regions[region].cities)
    if noble and ready(g, noble, "chancellor"):
        cost = max(0, cost - 2)
    return cost


def qualifies(g: Fief, family: str, region: str) -> str | None:
    """Why ``family`` may not hold ``region``'s title now, or None when it may."""
    if fief_holder(g, region):
        return f"the title of region {region} is held"
    cities = fief_cities(g, region)
    missing = [c for c in cities if g.cities[c].controller != family]
    if missing:
        return f"your family does not control {', '.join(missing)}"
    if not any(g.cities[c].building in ("stronghold", "fortified") for c in cities):
        return "none of the region's cities holds a Stronghold"
    return None


def claimable(g: Fief, family: str) -> list[str]:
    mine = {c for c, s in g.cities.items() if s.controller == family}
    if not mine:
        return []
    # every city of the Fiefdom held is asked first: cheap, and needed by qualifies
    return [r for r in REGION_IDS if not mine.isdisjoint(MAP.regions[r].cities)
            and mine.issuperset(fief_cities(g, r)) and qualifies(g, family, r) is None]


def claimable_by_family(g: Fief) -> dict[str, list[str]]:
    """:func:`claimable` of every family at once (the Sovereign's purchase list grants titles to all), in
    one pass over the map: a region with no Lord whose Fiefdom cities one family controls, one of them
    with a Stronghold (4.3; a Fiefdom without cities has no Stronghold)."""
    cities = g.cities
    out: dict[str, list[str]] = {}
    for r in REGION_IDS:
        owner = None
        stronghold = False
        for c in MAP.regions[r].cities:
            s = cities[c]
            building = s.building
            if building == "royal_stronghold":   # 4.9: no longer of the Fiefdom
                continue
            if s.controller is None or (owner is not None and s.controller != owner):
                break
            owner = s.controller
            stronghold = stronghold or building == "stronghold" or building == "fortified"
        else:
            if owner is not None and stronghold and fief_holder(g, r) is None:
                out.setdefault(owner, []).append(r)
    return out


def fortify_options(g: Fief, region: str) -> list[str]:
    if fortified_city(g, region):
        return []
    return [c for c in fief_cities(g, region) if g.cities[c].building == "stronghold"]


def _check_grant(g: Fief, family: str, region: str, noble: str, fortify: str | None, section: str) -> str | None:
    if region not in REGION_IDS:
        raise RuleError(section, f"no region {region!r}", code=FiefRefusal.REGION, legal=list(REGION_IDS))
    why = qualifies(g, family, region)
    if why:
        raise RuleError(section, f"no title for region {region}: {why}", code=FiefRefusal.TITLE_CONDITIONS,
                        legal=claimable(g, family) or "no region qualifies")
    n = g.nobles.get(noble)
    if n is None or n.family != family:
        raise RuleError(section, f"{noble!r} is not a noble of that family", code=FiefRefusal.NOT_YOURS,
                        legal=list(g.families[family].nobles) or "no nobles")
    options = fortify_options(g, region)
    if not options:
        return None
    if fortify is None:
        return options[0]
    if fortify not in options:
        raise RuleError("4.4", f"{fortify!r} is not a Stronghold of the Fiefdom",
                        code=FiefRefusal.FORTIFY, legal=options)
    return fortify


def check_buy_title(g: Fief, family: str, region: str, noble: str, fortify: str | None) -> str | None:
    city = _check_grant(g, family, region, noble, fortify, "4.3")
    cost = title_cost(g, region, noble)
    if player_of(g, family).shillings < cost:
        raise RuleError("4.3", f"the title costs {cost} shillings",
                        code=FiefRefusal.FUNDS, legal="fewer purchases")
    return city


def grant(state: GameState, g: Fief, family: str, region: str, noble: str, fortify: str | None,
          cost: int, how: str) -> None:
    """Give the title (4.3 bought, 4.5 King's Will) and flip a Stronghold to the Fortified City (4.4)."""
    if cost:
        player_of(g, family).shillings -= cost
    if how == "bought" and ready(g, noble, "chancellor") and cost < C.costs["title_per_city"] * len(
            MAP.regions[region].cities):
        spend(state, g, noble)
    give_title(state, g, region, noble)
    if fortify:
        g.cities[fortify].building = "fortified"
        state.emit(Event.public("city.fortified", city=fortify, region=region))
    state.emit(Event.public("title.claimed", family=family, region=region, noble=noble, how=how,
                            rank=MAP.regions[region].rank))


def check_kings_will(g: Fief, family: str, region: str, noble: str, fortify: str | None) -> str | None:
    """4.5: the Sovereign may give an unclaimed title for free to a noble whose family qualifies."""
    king = sovereign(g)
    if king is None or king.family != family:
        raise RuleError("4.5", "only the King or Sovereign Queen's family grants titles",
                        code=FiefRefusal.NOT_SOVEREIGN,
                        legal="buy_title")
    n = g.nobles.get(noble)
    if n is None:
        raise RuleError("4.5", f"no noble {noble!r}", code=FiefRefusal.NO_NOBLE, legal=sorted(g.nobles))
    return _check_grant(g, n.family, region, noble, fortify, "4.5")


# -- several titles (4.6) ----------------------------------------------------------------
def transferable(g: Fief, family: str) -> list[tuple[str, str]]:
    """(region, holder) pairs a lord of the family may hand on: never the largest they hold."""
    out = []
    for n in g.nobles.values():
        if n.family != family or len(n.titles) < 2:
            continue
        fiefs = [t.split(":")[1] for t in n.titles if t.startswith("lord:")]
        if len(fiefs) < 2:
            continue
        best = max(RANK_ORDER[RANKS[len(MAP.regions[r].cities)]] for r in fiefs)
        for r in fiefs:
            rank = RANK_ORDER[MAP.regions[r].rank]
            if rank < best or sum(1 for x in fiefs if RANK_ORDER[MAP.regions[x].rank] == best) > 1:
                out.append((r, n.id))
    return out


def check_transfer(g: Fief, family: str, region: str, to: str) -> str:
    pairs = transferable(g, family)
    holder = next((h for r, h in pairs if r == region), None)
    if holder is None:
        raise RuleError("4.6", f"no lord of your family may hand on region {region!r} (a lord with several titles "
                        "keeps the largest)",
                        code=FiefRefusal.TRANSFER, legal=[r for r, _ in pairs] or "none")
    n = g.nobles.get(to)
    receivers = transfer_receivers(g, family, holder)
    if n is None or n.id not in receivers:
        raise RuleError("4.6", f"{to!r} is not another noble of your family (or of your ally's, 9.0)",
                        code=FiefRefusal.TRANSFER_TO, legal=receivers)
    return holder


def transfer_receivers(g: Fief, family: str, holder: str) -> list[str]:
    """4.6: another noble of the family; 9.0: allies may also assign titles to each other's nobles."""
    return [n.id for n in g.nobles.values() if n.id != holder and allied(g, family, n.family)]


def transfer(state: GameState, g: Fief, region: str, holder: str, to: str) -> None:
    g.nobles[holder].titles.remove(f"lord:{region}")
    state.emit(Event.public("title.transferred", region=region, holder=holder, to=to))
    give_title(state, g, region, to)


# -- titles lost (4.7) -------------------------------------------------------------------
def control_changed(state: GameState, g: Fief, city: str, family: str | None) -> None:
    """Call when control of a city changes. A family taking a Fortified City takes its title (4.7)."""
    region = MAP.cities[city].region
    if family is None or g.cities[city].building != "fortified" or fortified_city(g, region) != city:
        return
    if any(t.kind == "bestow" and t.region == region for t in g.tasks):
        return  # the title is already being handed to a noble: never twice (control may flicker in a move)
    holder = fief_holder(g, region)
    if holder is None or holder.family != family:
        pass_to_family(state, g, region, family)


def vp_titles(g: Fief, family: str) -> list[str]:
    return [t.split(":")[1] for n in g.nobles.values() if n.family == family for t in n.titles if t.startswith("lord:")]
