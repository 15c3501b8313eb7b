"""Retainers (2.12): an original deck of 23 cards (data/retainers.json, 11 abilities).

A retainer stays with its noble and lends the noble its ability. A used ability turns the card
face down (spent) until the end of the round (8.0); the Physician and the Falconer leave the game
when used. Passive abilities (Steward, Reeve, Almoner, Bailiff) are read by the income step; the
Herald by the draw step; the Mason and the Chancellor by purchases; the Physician by the Plague.
This module holds the actions: Mata's swap, the Sergeant's muster and giving a retainer away.
"""

from __future__ import annotations

from engine.core import Event, GameState, RuleError
from engine.fief.components import C
from engine.fief.refusals import FiefRefusal
from engine.fief.state import Fief, Noble, besieged, player_of, sort_troops, stack


def ability(g: Fief, noble: str) -> str | None:
    n = g.nobles.get(noble)
    return C.retainers[n.retainer].ability if n and n.retainer else None


def ready(g: Fief, noble: str, what: str) -> bool:
    """The noble is free and holds an unspent retainer with this ability."""
    n = g.nobles.get(noble)
    return bool(n and n.retainer and not n.spent and n.captor is None and C.retainers[n.retainer].ability == what)


def ready_ability(g: Fief, noble: str) -> str | None:
    """The ability the noble could use now: ``what`` such that ``ready(g, noble, what)``, or None."""
    n = g.nobles.get(noble)
    if n and n.retainer and not n.spent and n.captor is None:
        return C.retainers[n.retainer].ability
    return None


def spend(state: GameState, g: Fief, noble: str) -> None:
    n = g.nobles[noble]
    n.spent = True
    state.emit(Event.public("retainer.spent", noble=noble, retainer=n.retainer))


def discard_retainer(state: GameState, g: Fief, noble: str, why: str) -> None:
    """The retainer leaves the game (used up, or its noble died: 4.8)."""
    n = g.nobles[noble]
    if n.retainer:
        g.out_of_game.append(n.retainer)
        state.emit(Event.public("retainer.removed", noble=noble, retainer=n.retainer, why=why))
        n.retainer = None
        n.spent = False


def family_ready(g: Fief, family: str, what: str) -> str | None:
    """A free noble of the family with this ability ready, if any."""
    for nid in g.families[family].nobles:
        if ready(g, nid, what):
            return nid
    return None


def _own_ready(g: Fief, family: str, noble: str, what: str, section: str = "2.12") -> Noble:
    n = g.nobles.get(noble)
    if n is None or n.family != family:
        raise RuleError(section, f"{noble!r} is not a noble of your family", code=FiefRefusal.NOT_YOURS,
                        legal=list(g.families[family].nobles))
    if not ready(g, noble, what):
        have = [x for x in g.families[family].nobles if ready(g, x, what)]
        raise RuleError(section, f"{n.name} has no unspent {what} retainer (or is captive)",
                        code=FiefRefusal.RETAINER,
                        legal=have or f"no {what} ready")
    return n


# -- Mata ----------------------------------------------------------------------------
def check_mata(g: Fief, family: str, noble: str, target: str, card: str) -> None:
    _own_ready(g, family, noble, "mata")
    p = player_of(g, family)
    if card not in p.hand:
        raise RuleError("2.12", f"{card!r} is not in your hand",
                        code=FiefRefusal.NOT_IN_HAND, legal=list(p.hand) or "no cards")
    others = [s for s, q in g.players.items() if s != p.seat and q.hand]
    if target not in others:
        raise RuleError("2.12", f"Mata needs another player holding cards, not {target!r}",
                        code=FiefRefusal.MATA_TARGET,
                        legal=others or "nobody holds cards")


def mata(state: GameState, g: Fief, family: str, noble: str, target: str, card: str) -> None:
    p, q = player_of(g, family), g.players[target]
    taken = state.rng.pick(list(q.hand), why="Mata's random card", public=False)
    q.hand.remove(taken)
    p.hand.remove(card)
    q.hand.append(card)
    p.hand.append(taken)
    spend(state, g, noble)
    state.emit(Event.public("retainer.mata", seat=p.seat, target=target))
    state.emit(Event.private(p.seat, "card.swapped", gave=card, took=taken, other=target, by=p.seat))
    state.emit(Event.private(target, "card.swapped", gave=taken, took=card, other=p.seat, by=p.seat))


# -- Sergeant ------------------------------------------------------------------------
def check_muster(g: Fief, family: str, noble: str) -> str:
    n = _own_ready(g, family, noble, "sergeant", "4.0")
    city = n.city
    if city is None or g.cities[city].controller != family or besieged(g, city) or n.outskirts:
        raise RuleError("4.0", f"{n.name} must stand in a city your family controls and that is not besieged",
                        code=FiefRefusal.MUSTER_CITY, legal="a noble in a controlled city")
    if g.families[family].stockpile.get("men", 0) < 1:
        raise RuleError("FAQ", "no Men-at-Arms left in your stockpile", code=FiefRefusal.STOCKPILE_EMPTY,
                        legal="done")
    st = g.cities[city].stacks.get(family)
    if st and st.new >= C.new_units_per_city:
        raise RuleError("4.0", f"{city} already has {C.new_units_per_city} new units this phase",
                        code=FiefRefusal.NEW_UNITS_LIMIT, legal="another city")
    return city


def muster(state: GameState, g: Fief, family: str, noble: str) -> None:
    city = g.nobles[noble].city
    assert city is not None
    st = stack(g, city, family)
    g.families[family].stockpile["men"] -= 1
    st.troops = sort_troops(st.troops + ["men"])
    st.new += 1
    spend(state, g, noble)
    state.emit(Event.public("troops.placed", family=family, city=city, count=1, by="sergeant"))


# -- giving, exchanging, selling (2.12) ----------------------------------------------
def check_give(g: Fief, family: str, giver: str, receiver: str) -> Noble:
    a = g.nobles.get(giver)
    if a is None or a.family != family or not a.retainer:
        mine = [n for n in g.families[family].nobles if g.nobles[n].retainer]
        raise RuleError("2.12", f"{giver!r} is not a noble of your family with a retainer",
                        code=FiefRefusal.NO_RETAINER,
                        legal=mine or "none of your nobles has a retainer")
    b = g.nobles.get(receiver)
    if b is None or b.id == a.id:
        raise RuleError("2.12", f"no other noble {receiver!r}", code=FiefRefusal.NO_NOBLE,
                        legal=[n for n in g.nobles if n != giver])
    return b


def give(state: GameState, g: Fief, giver: str, receiver: str) -> None:
    """Move a retainer, or swap two: a noble holds only one (2.12)."""
    a, b = g.nobles[giver], g.nobles[receiver]
    a.retainer, b.retainer = b.retainer, a.retainer
    a.spent, b.spent = b.spent, a.spent
    state.emit(Event.public("retainer.given", giver=giver, receiver=receiver, retainer=b.retainer,
                            back=a.retainer))


def refresh(g: Fief) -> None:
    """8.0: spent retainers turn face up."""
    for n in g.nobles.values():
        n.spent = False
    for f in g.families.values():
        f.mason_used = False
