"""REBELLION (10.1), the Royal Tax's Rebellion side (9.3) and the Burgher's Rebellion (11.2).

A Rebellion is raised on a city that is taxed (a Tallage on its region or a Tithe on its district,
2.8), under famine (2.5), or anywhere while the Parliament card lies on its Rebellion side (9.3);
never on a city under a Tax card its player laid. Then the call goes round the table (ruling O-1):
the family that raised it first, then each other player in turn order, may add REBELLION cards, a
Burgher's Rebellion or a PASSAGE (walls cancel nothing) or let it be. Each Rebellion, and the Royal
Tax, is one battle die and one bonus hit; a Stronghold cancels one, a Fortified City two. While any
Rebellion still stands, the families with a free Bishop, Archbishop or Abbess in the city may quell
it, paying 3 shillings per Rebellion still standing, or pleading with a d6 for each (1-4: that
Rebellion stops; 5-6: the cleric is stoned and the others stand, ruling O-2). Then the dice are
rolled once: the hits fall on every troop in the city (the controller's first, then the other
families in turn order, then the invaders' Foot Soldiers; each family loses as many hits' worth as
it can and chooses which troops when it has a choice, ruling O-3). If no troop is left standing, every noble there,
captives included, is slain (not in an Abbey, 2.13) and the Mill, Abbey and Stronghold are
destroyed (a Fortified City stands). Storms never stop a Rebellion (2.5).
"""

from __future__ import annotations

from collections import Counter

from engine.core import Event, GameState, RuleError
from engine.fief.estates.succession import kill_noble
from engine.fief.opportunity import midbattle
from engine.fief.opportunity.state import Uprising
from engine.fief.refusals import FiefRefusal
from engine.fief.state import MAP, Fief, Task, has_disaster, is_clergy, is_lord, return_troop
from engine.fief.war.battle import dice, losses
from engine.fief.war.battle.captives import remove_army
from engine.fief.war.movement import settle_control

QUELL_PRICE = 3           # shillings per Rebellion (10.1)
CANCELS = {"stronghold": 1, "royal_stronghold": 1, "fortified": 2}
ABBEYS = ("abbey", "royal_abbey")
DESTROYED = ("stronghold", "royal_stronghold", "abbey", "royal_abbey")


# -- where ------------------------------------------------------------------------------------
def taxed_by(g: Fief, city: str) -> set[str]:
    """The families whose Tax card lies on this city's region or district this round (2.8)."""
    region = MAP.cities[city].region
    district = MAP.regions[region].district
    return {c.by or "" for lying in g.seas.values() for c in lying
            if c.kind == "tax" and (c.tallage == region or c.tithe == district)}


def eligible(g: Fief, city: str, families: list[str]) -> bool:
    """10.1, 9.3: taxed, under famine or under the Royal Tax, and never under the player's own Tax card."""
    taxers = taxed_by(g, city)
    if taxers & set(families):
        return False
    return bool(taxers) or g.royal_tax or has_disaster(g, MAP.cities[city].region, "famine")


def targets(g: Fief, families: list[str]) -> list[str]:
    """The cities ``eligible`` for a Rebellion, with the Tax cards and the famines found in one pass
    over the seas (asked at every decision a Rebellion card is in hand)."""
    taxes = []
    famine = set()   # the seas with an active Famine (has_disaster)
    for sea, lying in g.seas.items():
        for c in lying:
            if c.kind == "tax":
                taxes.append(c)
            elif c.kind == "famine" and c.active:
                famine.add(sea)
    if not taxes:   # the common case: eligible is the Royal Tax or famine
        if g.royal_tax:
            return list(MAP.cities)
        return [c for c, sea in _CITY_SEA.items() if sea in famine] if famine else []
    mine = set(families)
    out = []
    for name, city in MAP.cities.items():
        region = city.region
        district = MAP.regions[region].district
        taxers = {c.by or "" for c in taxes if c.tallage == region or c.tithe == district}
        if not taxers & mine and (taxers or g.royal_tax or _CITY_SEA[name] in famine):
            out.append(name)
    return out


_CITY_SEA = {c: MAP.regions[city.region].sea for c, city in MAP.cities.items()}   # in the map's order


def check_city(g: Fief, seat: str, city: str) -> None:
    families = g.players[seat].families
    if city not in MAP.cities:
        raise RuleError("10.1", f"no city {city!r}",
                        code=FiefRefusal.CITY, legal=targets(g, families)[:10] or "none")
    if not eligible(g, city, families):
        why = ("your own Tax card lies on it" if taxed_by(g, city) & set(families)
               else "it is neither taxed nor starving, and no Royal Tax was raised")
        raise RuleError("10.1", f"no Rebellion in {city}: {why}", code=FiefRefusal.REBELLION_CITY,
                        legal=targets(g, families)[:10] or "no city is taxed or starving")


# -- who --------------------------------------------------------------------------------------
def burgher_family(g: Fief, seat: str, card: str, action: str) -> str:
    """11.2, 11.3: the seat's family with this Burgher on its board, a titled Lord, a Treasure, and the
    card's icon for ``action`` still free this round (ruling O-5)."""
    for fam in g.players[seat].families:
        f = g.families[fam]
        if f.board_card != card:
            continue
        if not any(is_lord(g.nobles[n]) for n in f.nobles):
            raise RuleError("11.2", "a Burgher acts only for a family with a titled Lord",
                            code=FiefRefusal.BURGHER_LORD,
                            legal="a Lord title first")
        if f.treasures < 1:
            raise RuleError("11.3", "each Burgher action takes a Treasure marker and you have none left",
                            code=FiefRefusal.TREASURES, legal="wait for the end of the round")
        if f"{fam}|{action}" in g.opp.burgher_used:
            raise RuleError("11.3", f"the Burgher's {action} icon already holds a Treasure this round",
                            code=FiefRefusal.BURGHER_USED, legal="the other icon, or next round")
        return fam
    raise RuleError("11.2", f"no Burgher {card!r} lies on your family board", code=FiefRefusal.NO_BURGHER,
                    legal=[g.families[f].board_card for f in g.players[seat].families
                           if g.families[f].board_card] or "none")


def spend_burgher(g: Fief, fam: str, action: str) -> None:
    g.families[fam].treasures -= 1
    g.opp.burgher_used.append(f"{fam}|{action}")


def seat_family(g: Fief, seat: str) -> str:
    """The family a seat acts for outside its turn: the one awaited, else its first (13.7)."""
    fams = g.players[seat].families
    if g.tasks and g.tasks[0].family in fams:
        return g.tasks[0].family
    return fams[0]


def answer_order(g: Fief, by: str) -> list[str]:
    """Ruling O-1: the family that raised the Rebellion, then one family per other player in turn order."""
    seats: list[str] = [g.families[by].seat]
    for fam in g.flow.order:
        if g.families[fam].seat not in seats:
            seats.append(g.families[fam].seat)
    return [by] + [g.players[s].families[0] for s in seats[1:]]


def clerics(g: Fief, city: str, family: str) -> list[str]:
    """10.1: the family's free Bishops, Archbishops and Abbesses in the city."""
    return [n.id for n in g.nobles.values()
            if n.city == city and n.family == family and n.captor is None and is_clergy(n)]


# -- how strong -------------------------------------------------------------------------------
def cancelled(g: Fief, u: Uprising) -> int:
    """10.1: a Stronghold cancels one Rebellion, a Fortified City two; a PASSAGE ignores them (10.2)."""
    return 0 if u.passage else CANCELS.get(g.cities[u.city].building or "", 0)


def standing(g: Fief, u: Uprising) -> int:
    """The Rebellions left after the walls: cards, Burgher actions and the Royal Tax (9.3)."""
    return max(0, u.count() + (1 if g.royal_tax else 0) - cancelled(g, u) - u.calmed)


# -- raising and answering ------------------------------------------------------------------------
def start(state: GameState, g: Fief, fam: str, city: str, card: str | None, burgher: bool) -> None:
    u = Uprising(city, fam)
    g.opp.uprising = u
    _add(g, u, fam, card, burgher)
    state.emit(Event.public("rebellion.raised", city=city, family=fam, burgher=burgher, royal_tax=g.royal_tax,
                            walls=g.cities[city].building if cancelled(g, u) else None))
    u.waiting = answer_order(g, fam)
    _ask(g)


def support(state: GameState, g: Fief, fam: str, card: str | None, burgher: bool) -> None:
    u = g.opp.uprising
    assert u is not None
    _add(g, u, fam, card, burgher)
    state.emit(Event.public("rebellion.joined", city=u.city, family=fam, burgher=burgher, count=standing(g, u)))


def _add(g: Fief, u: Uprising, fam: str, card: str | None, burgher: bool) -> None:
    if burgher:
        spend_burgher(g, fam, "rebellion")
        u.burghers.append(fam)
    elif card:
        g.players[g.families[fam].seat].hand.remove(card)
        u.cards.append(card)
    u.supporters.append(fam)


def ignore_walls(state: GameState, g: Fief, fam: str, card: str | None, burgher: bool) -> None:
    """10.2, 11.2: a PASSAGE (or the Burgher's) lets the rebels past the walls."""
    u = g.opp.uprising
    assert u is not None
    if burgher:
        spend_burgher(g, fam, "passage")
    elif card:
        g.players[g.families[fam].seat].hand.remove(card)
        g.fortune_discard.append(card)
    u.passage = True
    state.emit(Event.public("rebellion.passage", city=u.city, family=fam, burgher=burgher, count=standing(g, u)))


def _ask(g: Fief) -> None:
    """Put the next answer on the table as a task (tasks[0] while the Rebellion lasts)."""
    u = g.opp.uprising
    assert u is not None
    g.tasks.insert(0, Task("rebellion", u.waiting[0], city=u.city,
                           count=u.hits if u.stage == "losses" else standing(g, u), options=[u.stage]))


def stand_aside(state: GameState, g: Fief, fam: str) -> None:
    """The awaited family lets the Rebellion be; the call moves on, to the clergy, or to the dice."""
    u = g.opp.uprising
    assert u is not None
    g.tasks.pop(0)
    u.waiting.pop(0)
    state.emit(Event.public("rebellion.let_be", city=u.city, family=fam, stage=u.stage))
    go_on(state, g)


def go_on(state: GameState, g: Fief) -> None:
    u = g.opp.uprising
    assert u is not None
    if not u.waiting and u.stage == "support" and standing(g, u):
        u.stage = "quell"
        u.waiting = [f for f in g.flow.order if clerics(g, u.city, f)]
    if u.waiting:
        _ask(g)
        return
    resolve(state, g)


def check_quell(g: Fief, fam: str, noble: str, how: str) -> int:
    u = g.opp.uprising
    assert u is not None
    mine = clerics(g, u.city, fam)
    if noble not in mine:
        raise RuleError("10.1", "only your Bishop, Archbishop or Abbess in the city may quell it",
                        code=FiefRefusal.CLERIC,
                        legal=mine or "none")
    if how not in ("pay", "plead"):
        raise RuleError("10.1", "quell by paying or by pleading",
                        code=FiefRefusal.QUELL_HOW, legal=["pay", "plead"])
    price = QUELL_PRICE * standing(g, u)
    if how == "pay" and g.players[g.families[fam].seat].shillings < price:
        raise RuleError("10.1", f"quelling costs {price} shillings ({QUELL_PRICE} per Rebellion)",
                        code=FiefRefusal.QUELL_PRICE, legal="plead")
    return price


def quell(state: GameState, g: Fief, fam: str, noble: str, how: str, price: int) -> None:
    u = g.opp.uprising
    assert u is not None
    g.tasks.pop(0)
    u.waiting.pop(0)
    if how == "pay":
        g.players[g.families[fam].seat].shillings -= price
        state.emit(Event.public("rebellion.quelled", city=u.city, family=fam, noble=noble, paid=price))
        end(state, g, quelled=True)
        return
    stopped = 0
    for _ in range(standing(g, u)):
        if state.rng.roll(6, why="a cleric pleads with the rebels (10.1)") <= 4:
            stopped += 1
            continue
        state.emit(Event.public("rebellion.pleaded", city=u.city, family=fam, noble=noble, stopped=stopped,
                                stoned=True))
        kill_noble(state, g, noble, cause="stoned by the rebels")
        u.calmed += stopped
        go_on(state, g)
        return
    state.emit(Event.public("rebellion.pleaded", city=u.city, family=fam, noble=noble, stopped=stopped,
                            stoned=False))
    end(state, g, quelled=True)


# -- the one roll ---------------------------------------------------------------------------------
def resolve(state: GameState, g: Fief) -> None:
    """10.1: the dice are rolled once; the hits fall; a city without troops loses nobles and buildings."""
    u = g.opp.uprising
    assert u is not None
    n = standing(g, u)
    city = u.city
    if n == 0:
        state.emit(Event.public("rebellion.resolved", city=city, rebellions=u.count(), cancelled=cancelled(g, u),
                                dice=[], hits=0))
        end(state, g, quelled=False)
        return
    _reveal(state, g, city)
    faces = dice.roll(state, n, why="rebellion (10.1)")
    u.hits = sum(faces) + n
    state.emit(Event.public("rebellion.resolved", city=city, rebellions=u.count(), cancelled=cancelled(g, u),
                            dice=faces, hits=u.hits))
    c = g.cities[city]
    order = [c.controller] if c.controller else []
    order += [f for f in g.flow.order if f not in order]
    u.stage = "losses"
    u.waiting = [f for f in order if f in c.stacks and c.stacks[f].troops]
    strike_on(state, g)


def _reveal(state: GameState, g: Fief, city: str) -> None:
    """The rebels see every troop in the city (as a battle shows them, FAQ)."""
    shown: dict[str, dict[str, int]] = {}
    for fam, st in sorted(g.cities[city].stacks.items()):
        if st.troops:
            st.revealed = True
            shown[fam] = dict(sorted(Counter(st.troops).items()))
    foot = sum(a.foot for a in g.armies.values() if a.city == city and not a.gone)
    if foot:
        shown["invaders"] = {"foot": foot}
    state.emit(Event.public("rebellion.revealed", city=city, troops=shown))


def loss_choices(g: Fief, fam: str) -> list[list[str]]:
    """Ruling O-3: the troop mixes that take as many of the hits left as the family can (7.5)."""
    u = g.opp.uprising
    assert u is not None
    st = g.cities[u.city].stacks.get(fam)
    troops = list(st.troops) if st else []
    return [list(a.troops) for a in losses.choices(troops, [], u.hits)]


def check_losses(g: Fief, fam: str, units: list[str]) -> None:
    u = g.opp.uprising
    assert u is not None
    st = g.cities[u.city].stacks.get(fam)
    losses.check(list(st.troops) if st else [], [], u.hits, units, [])


def strike_on(state: GameState, g: Fief) -> None:
    """Ruling O-3: the holder's troops first, then the other families in turn order, each taking as many
    hits' worth as it can (asked when it has a choice); then the invaders' Foot Soldiers."""
    u = g.opp.uprising
    assert u is not None
    while u.waiting:
        fam = u.waiting[0]
        options = loss_choices(g, fam) if u.hits > 0 else [[]]
        if len(options) > 1:
            _ask(g)
            return
        take_losses(state, g, fam, options[0])   # losses.choices always offers one
    city = u.city
    hits = u.hits
    for a in sorted((a for a in g.armies.values() if a.city == city and not a.gone), key=lambda a: a.id):
        k = min(a.foot, hits // losses.cost("foot"))
        if k:
            a.foot -= k
            hits -= k * losses.cost("foot")
            state.emit(Event.public("rebellion.losses", city=city, family="invaders", units=["foot"] * k))
    c = g.cities[city]
    troops_left = any(st.troops for st in c.stacks.values()) or \
        any(a.foot for a in g.armies.values() if a.city == city and not a.gone)
    if not troops_left:
        for a in [a for a in g.armies.values() if a.city == city and not a.gone]:
            remove_army(state, g, a.id, "rebellion", gone=True)
        _sack(state, g, city)
    end(state, g, quelled=False)


def take_losses(state: GameState, g: Fief, fam: str, units: list[str]) -> None:
    """One family's share of the hits: its chosen troops return to the stockpile."""
    u = g.opp.uprising
    assert u is not None
    c = g.cities[u.city]
    st = c.stacks.get(fam)
    u.waiting.pop(0)
    if st is None:
        return
    for unit in units:
        st.troops.remove(unit)
        return_troop(g, fam, unit)
    u.hits -= sum(losses.cost(x) for x in units)
    if units:
        state.emit(Event.public("rebellion.losses", city=u.city, family=fam, units=sorted(units)))
    if st.empty():
        del c.stacks[fam]


def _sack(state: GameState, g: Fief, city: str) -> None:
    """10.1 No Captives: every noble there is slain (an Abbey shelters them, 2.13); buildings burn."""
    c = g.cities[city]
    if c.building not in ABBEYS:
        here = [n for n in g.nobles.values() if n.city == city]
        for n in sorted(here, key=lambda n: (n.captor is None, n.id)):   # captives first (their captors free them)
            if n.id in g.nobles and g.nobles[n.id].city == city:
                kill_noble(state, g, n.id, cause="rebellion")
    destroyed: list[str] = []
    if c.building in DESTROYED:
        if c.building in ABBEYS and c.abbey:
            g.abbeys.pop(c.abbey, None)
            c.abbey = None
        destroyed.append(c.building or "")
        c.building = None
    if c.mill:
        c.mill = False
        destroyed.append("mill")
    if destroyed:
        state.emit(Event.public("rebellion.destroyed", city=city, buildings=destroyed))
    for st in c.stacks.values():
        st.outskirts = st.outskirts and bool(st.bombards or st.trebuchets)
    settle_control(state, g, city)


def end(state: GameState, g: Fief, quelled: bool) -> None:
    """Once resolved (or quelled), every REBELLION card played is discarded (10.1)."""
    u = g.opp.uprising
    assert u is not None
    g.fortune_discard += u.cards
    g.opp.uprising = None
    g.tasks = [t for t in g.tasks if t.kind != "rebellion"]
    state.emit(Event.public("rebellion.over", city=u.city, quelled=quelled))
    if g.war.battle is not None:   # raised between two battle rounds (O-6b): the battle goes on as it now stands
        midbattle.after_card(state, g)
