"""Relics (12.0-12.4) once found: given, sold, left and picked up; the Relic VP marker; the powers of
the Chasuble (12.2), the Skull (12.3) and the Shinbone (12.4). Discovery on entering a cathedral
city is ``movement.discover_relic`` (12.0, ruling P2-22), the Holy Grail's defence is in the battle
(12.1), relics taken by a pillage, dropped at a death or a capture, and destroyed by invaders are
in pillage.py, succession.py, battle/captives.py and invaders.py. Rulings RL1-RL6 in
docs/rulings/fief.md.
"""

from __future__ import annotations

from engine.core import Event, GameState, RuleError
from engine.fief.refusals import FiefRefusal
from engine.fief.state import MAP, Fief, Noble, Task, sovereign

CHASUBLE, SKULL, SHINBONE = "chasuble", "skull", "shinbone"


def carrier(g: Fief, relic: str) -> Noble | None:
    return next((n for n in g.nobles.values() if relic in n.relics), None)


def controller(g: Fief, relic: str) -> str | None:
    """12.2-12.3: the seat whose free noble carries the relic."""
    n = carrier(g, relic)
    return g.families[n.family].seat if n is not None and n.captor is None else None


def _free_inside(n: Noble | None) -> bool:
    return n is not None and n.captor is None and n.city is not None and not n.outskirts


def _own(g: Fief, seat: str, nid: str) -> Noble:
    n = g.nobles.get(nid)
    if n is None or n.family not in g.players[seat].families or not _free_inside(n):
        mine = [x for f in g.players[seat].families for x in g.families[f].nobles if _free_inside(g.nobles[x])]
        raise RuleError("12.0", "name one of your free nobles inside a city",
                        code=FiefRefusal.NOT_YOUR_NOBLE, legal=mine)
    return n


def take_hidden(state: GameState, g: Fief, city: str) -> list[str]:
    """12.0: a pillage turns the city's face-down relic (drawn among all still face down, as P2-22)."""
    c = g.cities[city]
    if not c.hidden_relic:
        return []
    hidden = [x for x in g.cities.values() if x.hidden_relic]
    relic = state.rng.pick(sorted(x.hidden_relic or "" for x in hidden), why="relic revealed")
    holder = next(x for x in hidden if x.hidden_relic == relic)
    holder.hidden_relic, c.hidden_relic = c.hidden_relic, None
    return [relic]


# -- giving, selling, leaving, picking up (12.0) ------------------------------------------------------
def check_give(g: Fief, seat: str, relic: str, to: str, price: int) -> tuple[Noble, Noble]:
    giver = carrier(g, relic)
    if giver is None or giver.family not in g.players[seat].families or not _free_inside(giver):
        mine = [r for f in g.players[seat].families for n in g.families[f].nobles for r in g.nobles[n].relics]
        raise RuleError("12.0", "one of your free nobles must carry the relic",
                        code=FiefRefusal.NO_RELIC, legal=mine or "none")
    receiver = g.nobles.get(to)
    if receiver is None or receiver is giver or not _free_inside(receiver) or receiver.city != giver.city:
        others = [n.id for n in g.nobles.values() if n is not giver and _free_inside(n) and n.city == giver.city]
        raise RuleError("12.0", "a relic passes to a free noble in the same city",
                        code=FiefRefusal.RELIC_RECEIVER,
                        legal=others or "nobody there")
    if price < 0 or (price and receiver.family in g.players[seat].families):
        raise RuleError("12.0", "a price is a number of shillings, asked only of another player",
                        code=FiefRefusal.PRICE,
                        legal="0, or a price for another player's noble")
    return giver, receiver


def give(state: GameState, g: Fief, relic: str, giver: str, receiver: str, price: int = 0) -> None:
    """The relic passes from ``giver`` to ``receiver`` (12.0); the first relic given to the Sovereign
    by another noble wins the giver's family the Relic VP marker for good (ruling RL2)."""
    a, b = g.nobles[giver], g.nobles[receiver]
    a.relics.remove(relic)
    b.relics.append(relic)
    state.emit(Event.public("relic.given", relic=relic, noble=giver, to=receiver, family=a.family,
                            receiver=b.family, price=price, city=b.city))
    king = sovereign(g)
    if king is b and g.relic_vp is None:
        g.relic_vp = a.family
        state.emit(Event.public("relic.vp", family=a.family, relic=relic, noble=giver, sovereign=receiver))


def sale_holds(g: Fief, p: dict) -> bool:  # type: ignore[type-arg]
    a, b = g.nobles.get(p["noble"]), g.nobles.get(p["receiver"])
    return (a is not None and b is not None and p["relic"] in a.relics and _free_inside(a) and _free_inside(b)
            and a.city == b.city)


def sale_check(g: Fief, p: dict) -> None:  # type: ignore[type-arg]
    b = g.nobles.get(p["receiver"])
    if b is not None and g.players[g.families[b.family].seat].shillings < p["price"]:
        raise RuleError("12.0", f"you cannot pay the {p['price']} shillings asked",
                        code=FiefRefusal.SHILLINGS,
                        legal="accept:false")


def sold(state: GameState, g: Fief, p: dict) -> bool:  # type: ignore[type-arg]
    a, b = g.nobles[p["noble"]], g.nobles[p["receiver"]]
    g.players[g.families[b.family].seat].shillings -= p["price"]
    g.players[g.families[a.family].seat].shillings += p["price"]
    give(state, g, p["relic"], a.id, b.id, p["price"])
    return False


def check_leave(g: Fief, seat: str, relic: str) -> Noble:
    n = carrier(g, relic)
    if n is None or n.family not in g.players[seat].families or not _free_inside(n):
        mine = [r for f in g.players[seat].families for x in g.families[f].nobles for r in g.nobles[x].relics]
        raise RuleError("12.0", "one of your free nobles must carry the relic",
                        code=FiefRefusal.NO_RELIC, legal=mine or "none")
    return n


def leave(state: GameState, g: Fief, relic: str, n: Noble) -> None:
    """12.0: left in the city (in its Abbey, if any: 3 shillings at Income, 3.1)."""
    n.relics.remove(relic)
    g.cities[n.city or ""].relics.append(relic)
    state.emit(Event.public("relic.left", relic=relic, noble=n.id, family=n.family, city=n.city))


def check_take(g: Fief, seat: str, relic: str, nid: str) -> Noble:
    n = _own(g, seat, nid)
    if relic not in g.cities[n.city or ""].relics:
        raise RuleError("12.0", f"no such relic lies at {n.city}", code=FiefRefusal.NO_RELIC,
                        legal=list(g.cities[n.city or ""].relics) or "none there")
    return n


def take(state: GameState, g: Fief, relic: str, n: Noble) -> None:
    g.cities[n.city or ""].relics.remove(relic)
    n.relics.append(relic)
    state.emit(Event.public("relic.taken", relic=relic, noble=n.id, family=n.family, city=n.city))


# -- the Chasuble (12.2) --------------------------------------------------------------------------
def storm_moves(g: Fief, seat: str) -> list[tuple[str, str]]:
    """(from sea, to sea) for each Storms card in play the Chasuble's player may still move this round."""
    if controller(g, CHASUBLE) != seat:
        return []
    out = []
    for sea, cards in sorted(g.seas.items()):
        for c in cards:
            if c.kind == "storms" and c.active and c.card not in g.relic_powers.storms_moved:
                out += [(sea, to) for to in MAP.seas[sea].neighbours]
    return out


def check_storms(g: Fief, seat: str, sea: str, to: str) -> None:
    moves = storm_moves(g, seat)
    if (sea, to) not in moves:
        if controller(g, CHASUBLE) != seat:
            raise RuleError("12.2", "only the player whose free noble carries the Chasuble moves Storms",
                            code=FiefRefusal.NO_CHASUBLE, legal="none")
        raise RuleError("12.2", "a Storms card in play moves once a round to a neighbouring sea",
                        code=FiefRefusal.STORMS_MOVE, legal=[f"{a}>{b}" for a, b in moves] or "none")


def move_storms(state: GameState, g: Fief, seat: str, sea: str, to: str) -> None:
    card = next(c for c in g.seas[sea] if c.kind == "storms" and c.active and c.card not in g.relic_powers.storms_moved)
    g.seas[sea].remove(card)
    g.relic_powers.storms_moved.append(card.card)
    state.emit(Event.public("relic.storms_moved", seat=seat, card=card.card, sea=sea, to=to))
    if any(c.kind == "storms" for c in g.seas[to]):
        # 2.4: a region is never struck twice by one kind of Disaster; the second to arrive is discarded
        g.fortune_discard.append(card.card)
        state.emit(Event.public("disaster.discarded", card=card.card, disaster="storms", region=MAP.seas[to].region,
                                why="same kind"))
        return
    g.seas[to].append(card)


# -- the Shinbone (12.4) ------------------------------------------------------------------------------
def famine_regions(g: Fief, seat: str) -> list[str]:
    """The regions of the Shinbone bearer's district with a Famine lying on their sea."""
    n = carrier(g, SHINBONE)
    if n is None or n.family not in g.players[seat].families or n.captor is not None or n.city is None:
        return []
    district = MAP.district_of_region(MAP.cities[n.city].region)
    return [r for r in district.regions if any(c.kind == "famine" for c in g.seas[MAP.regions[r].sea])]


def check_famine(g: Fief, seat: str, region: str) -> None:
    regions = famine_regions(g, seat)
    if region not in regions:
        raise RuleError("12.4", "the Shinbone's bearer lifts a Famine in the district where he stands",
                        code=FiefRefusal.FAMINE_REGION, legal=regions or "none")


def lift_famine(state: GameState, g: Fief, region: str) -> None:
    sea = MAP.regions[region].sea
    gone = [c for c in g.seas[sea] if c.kind == "famine"]
    g.seas[sea] = [c for c in g.seas[sea] if c.kind != "famine"]
    g.fortune_discard += [c.card for c in gone]
    n = carrier(g, SHINBONE)
    state.emit(Event.public("relic.famine_lifted", region=region, noble=n.id if n else None,
                            family=n.family if n else None))


# -- the Skull (12.3) ------------------------------------------------------------------------------
def awaits_skull(state: GameState, g: Fief, nid: str, cause: str) -> bool:
    """12.3 (ruling RL5): a noble dying in a city while a player's free noble carries the unused Skull
    falls, and that player decides at once whether the Skull raises him: the flow waits on the answer
    (a task first in line) and the death's consequences wait with it. True while the noble lies fallen
    (a second blow before the answer changes nothing)."""
    powers = g.relic_powers
    if nid in powers.fallen:
        return True
    bearer = carrier(g, SKULL)
    n = g.nobles[nid]
    if powers.skull_used or bearer is None or bearer.captor is not None or n.city is None:
        return False
    powers.fallen[nid] = cause
    g.tasks.insert(0, Task("skull", bearer.family, city=n.city, noble=nid))
    state.emit(Event.public("relic.skull_fallen", noble=nid, family=n.family, city=n.city, cause=cause,
                            seat=g.families[bearer.family].seat))
    return True


def check_raise(t: Task, noble: str | None) -> None:
    if noble not in (None, t.noble):
        raise RuleError("12.3", "the Skull raises only the noble who just fell", code=FiefRefusal.SKULL_NOBLE,
                        legal=[t.noble or "", "none"])


def raise_fallen(state: GameState, g: Fief, nid: str) -> None:
    """12.3: he lives on where he fell, titles and all; the Skull is spent (it stays a relic)."""
    g.relic_powers.fallen.pop(nid)
    g.relic_powers.skull_used = True
    n = g.nobles[nid]
    state.emit(Event.public("relic.skull_raised", noble=nid, family=n.family, city=n.city))


def let_fall(state: GameState, g: Fief, nid: str) -> str:
    """12.3: the Skull's player lets him die (its power kept for another death); the cause of death."""
    state.emit(Event.public("relic.skull_withheld", noble=nid, family=g.nobles[nid].family))
    return g.relic_powers.fallen.pop(nid)


def new_round(g: Fief) -> None:
    """8.0: the Chasuble may move each Storms card again."""
    g.relic_powers.storms_moved = []
