"""Ransoms at the start of Phase 4 (7.7, 6.7, 13.4).

A captive's ransom is 2 shillings plus 2 per title (7.7, also for Invaders 6.7); the Bandits of
Sherwood ask by the table of 13.4. Paying the full ransom is mandatory for a family whose player
can afford it: the family cannot end its ransom turn while such a captive is unpaid. A lower
amount may be offered to a family captor, who accepts or refuses (no Carrier Pigeon needed); the amount
offered is set aside when the offer is made and comes back if it is refused, so an answer never depends
on the payer's hidden purse.
Invaders and Bandits take only the full price; their money goes back to the bank.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, GameState, RuleError
from engine.fief.components import C
from engine.fief.estates.succession import release, release_options
from engine.fief.refusals import FiefRefusal
from engine.fief.state import MAP, Fief, Noble, is_clergy, is_lord, player_of

ROYAL = ("king", "sovereign_queen", "queen")


def ransom_value(n: Noble) -> int:
    if n.captor == "bandits":
        b = C.bandit_ransom
        if any(t in n.titles for t in ROYAL):
            return b["royal"]
        if is_clergy(n):
            return b["clergy_lord"] if is_lord(n) else b["clergy"]
        return b["lord"] if is_lord(n) else b["untitled"]
    return C.ransom["base"] + C.ransom["per_title"] * len(n.titles)


def captives_of(g: Fief, family: str) -> list[Noble]:
    return [g.nobles[x] for x in g.families[family].nobles if g.nobles[x].captor is not None]


def mandatory(g: Fief, family: str) -> list[Noble]:
    """Captives whose full ransom the family's player can pay now (7.7)."""
    money = player_of(g, family).shillings
    return [n for n in captives_of(g, family) if ransom_value(n) <= money]


def places(g: Fief, n: Noble) -> list[str]:
    """Where the freed noble goes: 7.7 for family and Invader captors, 13.4 for the Bandits."""
    if n.captor != "bandits":
        # 7.7, and failing any such place an Independent city (as Passage's escape does, 10.2)
        return (release_options(g, n.family, exclude=n.id)
                or sorted(c for c, s in g.cities.items() if s.controller is None) or sorted(g.cities))
    friendly = [c for c, s in g.cities.items() if s.controller in (None, n.family)
                or any(x.city == c and x.family == n.family and x.captor is None for x in g.nobles.values())]
    # ruling R27: with no friendly city left anywhere, the nearest city of all (a due ransom is still paid)
    pool = friendly or list(g.cities)
    dist = _distance_from(list(MAP.sherwood))
    best = min(dist[c] for c in pool)
    return sorted(c for c in pool if dist[c] == best)


def _distance_from(starts: list[str]) -> dict[str, int]:
    dist = {c: 0 for c in starts}
    todo = list(starts)
    while todo:
        c = todo.pop(0)
        for n in MAP.neighbours(c):
            if n not in dist:
                dist[n] = dist[c] + 1
                todo.append(n)
    return dist


def _captive(g: Fief, family: str, nid: str) -> Noble:
    mine = [n.id for n in captives_of(g, family)]
    if nid not in mine:
        raise RuleError("7.7", f"{nid!r} is not a captive of your family", code=FiefRefusal.NOT_CAPTIVE,
                        legal=mine or "no captives")
    return g.nobles[nid]


def check_pay(g: Fief, family: str, nid: str, city: str | None) -> tuple[int, str]:
    n = _captive(g, family, nid)
    value = ransom_value(n)
    if player_of(g, family).shillings < value:
        raise RuleError("7.7", f"the ransom of {n.name} is {value} shillings, more than you have",
                        code=FiefRefusal.FUNDS,
                        legal="offer a lower ransom to a family captor, or done")
    options = places(g, n)   # never empty: failing a friendly city, any city will do (7.7, ruling R27)
    if city is None:
        city = options[0]
    if city not in options:
        raise RuleError("7.7" if n.captor != "bandits" else "13.4", f"{n.name} cannot be freed to {city!r}",
                        code=FiefRefusal.RELEASE_CITY, legal=options)
    return value, city


def pay(state: GameState, g: Fief, family: str, nid: str, amount: int, city: str) -> None:
    player_of(g, family).shillings -= amount
    settle(state, g, family, nid, amount, city)


def settle(state: GameState, g: Fief, family: str, nid: str, amount: int, city: str) -> None:
    """Hand ``amount`` (already taken from the payer) to the captor and free the captive."""
    n = g.nobles[nid]
    captor = n.captor or ""
    if captor in g.families:
        player_of(g, captor).shillings += amount
    state.emit(Event.public("ransom.paid", family=family, noble=nid, captor=captor, amount=amount))
    release(state, g, nid, why="ransom", to=city)


def check_offer(g: Fief, family: str, nid: str, amount: int, city: str | None) -> tuple[str, str]:
    n = _captive(g, family, nid)
    if n.captor not in g.families:
        raise RuleError("7.7", "Invaders and Bandits take only the full ransom", code=FiefRefusal.NO_HAGGLE,
                        legal=f"pay_ransom captive:{nid}")
    value = ransom_value(n)
    if not 0 <= amount < value:
        raise RuleError("7.7", f"an offer is below the full ransom of {value}", code=FiefRefusal.OFFER_AMOUNT,
                        legal=f"0..{value - 1}")
    if player_of(g, family).shillings < amount:
        raise RuleError("7.7", "you cannot offer more than you have", code=FiefRefusal.FUNDS,
                        legal="a smaller amount")
    if n in mandatory(g, family):
        raise RuleError("7.7", f"you can pay the full ransom of {value}: it is mandatory",
                        code=FiefRefusal.MANDATORY,
                        legal=f"pay_ransom captive:{nid}")
    options = places(g, n)
    where = city or (options[0] if options else n.city or "")
    if options and where not in options:
        raise RuleError("7.7", f"{n.name} cannot be freed to {city!r}",
                        code=FiefRefusal.RELEASE_CITY, legal=options)
    return n.captor or "", where


def refund(state: GameState, g: Fief, payload: dict[str, Any]) -> None:
    """An offer refused or expired: the money set aside returns to the payer."""
    player_of(g, payload["family"]).shillings += payload["amount"]
    state.emit(Event.private(g.families[payload["family"]].seat, "ransom.refunded", amount=payload["amount"],
                             captive=payload["captive"]))


def check_done(g: Fief, family: str) -> None:
    due = mandatory(g, family)
    if due:
        raise RuleError("7.7", "paying a full ransom you can afford is mandatory",
                        code=FiefRefusal.MANDATORY, legal=[f"pay_ransom captive:{n.id}" for n in due])
