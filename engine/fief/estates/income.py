"""Phase 3: Income (3.0-3.4), with Tallage and Tithe (2.8), Harvest and Weather (2.7), Famine
(2.5), sieges (7.9), Abbeys and their visitors (2.13, 3.1), the Queen's title, the income
retainers (2.12) and Invaders halving every player's total, rounded up (3.3).

Our reading of who receives an Abbey's money (rough spot 5): the Abbess's family takes the
Abbey's own income, its visitors' money, its city's Mill and the +1 per Mill in its city and the
cities next to it by road (3.1 lists it among what the Abbey collects, whoever owns the Mill);
with no Abbess the city's controller takes them.
"""

from __future__ import annotations

from engine.core import Event, GameState, RuleError
from engine.fief.board import excalibur
from engine.fief.cards.retainers import ready
from engine.fief.components import C
from engine.fief.refusals import FiefRefusal
from engine.fief.state import (
    MAP,
    Fief,
    besieged,
    clergy_holder,
    fief_cities,
    fief_holder,
    has_disaster,
    invaders_present,
    is_lord,
    player_of,
    region_cards,
    sovereign,
    title_holder,
)

ROYAL = ("king", "sovereign_queen", "queen", "prince_of_wales")
ABBEY = ("abbey", "royal_abbey")
Ledger = dict[str, list[tuple[str, int]]]


def tax_beneficiaries(g: Fief) -> tuple[dict[str, str], dict[str, str]]:
    """FAQ (Phase 3): a Lord's Tallage pays the title's present holder, and nobody when the title
    went back to the deck (the taxed cities then earn as usual); only a Sovereign's own Tallage on
    an ungoverned region pays the Sovereign. A Tithe pays the district's present Bishop or
    Archbishop, nobody when the see is vacant."""
    tallage: dict[str, str] = {}
    tithe: dict[str, str] = {}
    for cards in g.seas.values():
        for c in cards:
            if c.tallage:
                taxer = sovereign(g) if c.crown else fief_holder(g, c.tallage)
                if taxer:
                    tallage[c.tallage] = taxer.family
            if c.tithe:
                cleric = clergy_holder(g, c.tithe)
                if cleric:
                    tithe[c.tithe] = cleric.family
    return tallage, tithe


def abbey_receiver(g: Fief, city: str) -> str | None:
    abbey = g.cities[city].abbey
    abbess = g.abbesses.get(abbey or "")
    if abbess and abbess in g.nobles:
        return g.nobles[abbess].family
    return g.cities[city].controller


def mills_near(g: Fief, city: str) -> int:
    """3.1: the Mills an Abbey draws +1 from, whoever owns them: its own city's and those of the
    cities joined to it by road. A Mill that yields nothing this round (Famine, a siege) adds
    nothing (ruling R20)."""
    return sum(1 for c in [city, *MAP.neighbours(city)] if g.cities[c].mill and not besieged(g, c)
               and not has_disaster(g, MAP.cities[c].region, "famine"))


def compute(g: Fief) -> Ledger:
    """Every family's income lines for this Phase 3 (before the Invaders' halving)."""
    inc: Ledger = {f: [] for f in g.families}
    tallage, tithe = tax_beneficiaries(g)
    bonuses: dict[str, int] = {}   # region -> its Harvest and Weather bonus, asked once per region
    for name, c in g.cities.items():
        if besieged(g, name):
            continue  # 7.9: no city, mill or abbey income
        region = MAP.cities[name].region
        district = MAP.regions[region].district
        bonus = bonuses.get(region)
        if bonus is None:
            bonus = bonuses[region] = C.income["fortune_bonus"] * (len(region_cards(g, region, "harvest"))
                                                                    + len(region_cards(g, region, "weather")))
        taxed = region in tallage and name in fief_cities(g, region)
        if c.controller and not taxed:
            inc[c.controller].append((f"city {name}", C.income["city"]))
        in_abbey = c.building in ABBEY
        if c.mill and not has_disaster(g, region, "famine"):
            value = C.income["mill"] + bonus
            if in_abbey:
                receiver = abbey_receiver(g, name)
            elif district in tithe:
                receiver = tithe[district]
            else:
                receiver = c.controller
            if receiver:
                inc[receiver].append((f"mill {name}" + (" (tithe)" if receiver == tithe.get(district) and
                                                        not in_abbey else ""), value))
        if in_abbey:
            receiver = abbey_receiver(g, name)
            if receiver:
                inc[receiver].append((f"abbey {name}", C.income["abbey"] + bonus + visitors(g, name)
                                      + C.income["abbey_mill_bonus"] * mills_near(g, name)))
    for region, fam in sorted(tallage.items()):
        inc[fam].append((f"tallage {region}", C.income["tallage_per_city"] * len(fief_cities(g, region))))
    queen = title_holder(g, "queen")
    if queen:
        inc[queen.family].append(("queen", C.income["queen"]))
    _retainers(g, inc, tallage, tithe)
    return inc


def visitors(g: Fief, city: str) -> int:
    """3.1: Abbesses and Lords 2 each, Royal Family 3 each, relics 3 each."""
    total = 0
    for n in g.nobles.values():
        if n.city != city or n.captor or n.outskirts:
            continue
        if any(t in n.titles for t in ROYAL):
            total += C.income["abbey_royal"]
        elif is_lord(n) or any(t.startswith("abbess:") for t in n.titles):
            total += C.income["abbey_visitor"]
        total += C.income["abbey_relic"] * len(n.relics)
    total += C.income["abbey_excalibur"] if excalibur.in_abbey(g, city) else 0   # 13.2
    return total + C.income["abbey_relic"] * len(g.cities[city].relics)


def _retainers(g: Fief, inc: Ledger, tallage: dict[str, str], tithe: dict[str, str]) -> None:
    taxers = set(tallage.values()) | set(tithe.values())
    for nid, n in sorted(g.nobles.items()):
        if ready(g, nid, "steward"):
            inc[n.family].append((f"steward of {n.name}", 1))
        if ready(g, nid, "reeve") and n.city:
            region = MAP.cities[n.city].region
            mills = sum(1 for c in MAP.regions[region].cities if g.cities[c].mill and g.cities[c].controller == n.family)
            if mills:
                inc[n.family].append((f"reeve of {n.name}", mills))
        if ready(g, nid, "almoner") and n.city and g.cities[n.city].building in ABBEY:
            inc[n.family].append((f"almoner of {n.name}", 2))
        if ready(g, nid, "bailiff") and n.family in taxers:
            inc[n.family].append((f"bailiff of {n.name}", 2))


def collect(state: GameState, g: Fief) -> None:
    """Pay every player; halve (rounded up) when Invaders stand anywhere in England (3.3)."""
    inc = compute(g)
    halve = invaders_present(g)
    for seat, p in g.players.items():
        lines = [(f, what, v) for f in p.families for what, v in inc[f]]
        total = sum(v for _, _, v in lines)
        if halve:
            total = (total + 1) // 2
        p.shillings += total
        state.emit(Event.private(seat, "income.collected", total=total, halved=halve,
                                 lines=[{"family": f, "source": w, "amount": v} for f, w, v in lines]))
    state.emit(Event.public("income.done", halved=halve))
    clear_bonus_cards(state, g)


def clear_bonus_cards(state: GameState, g: Fief) -> None:
    """3.2: once everyone has collected, Harvest and Weather leave the map (Tax cards stay, 8.0)."""
    for sea, cards in g.seas.items():
        gone = [c for c in cards if c.kind in ("harvest", "weather")]
        for c in gone:
            cards.remove(c)
            g.fortune_discard.append(c.card)
        if gone:
            state.emit(Event.public("fortune.cleared", sea=sea, cards=[c.card for c in gone]))


# -- Scorched earth (3.4) --------------------------------------------------------------
def scorch_cities(g: Fief, family: str) -> list[str]:
    return sorted(n for n, c in g.cities.items() if c.controller == family and c.mill)


def check_scorch(g: Fief, family: str, city: str) -> None:
    if city not in scorch_cities(g, family):
        raise RuleError("3.4", f"you control no Mill in {city!r}", code=FiefRefusal.SCORCH_CITY,
                        legal=scorch_cities(g, family) or "no mills")


def scorch(state: GameState, g: Fief, family: str, city: str) -> None:
    g.cities[city].mill = False
    player_of(g, family).shillings += C.income["scorch_per_mill"]
    state.emit(Event.public("mill.scorched", family=family, city=city))
