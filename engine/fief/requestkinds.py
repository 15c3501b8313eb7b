"""The requests one player puts to another, as one table of kinds: what accepting, declining and
letting it expire each does.

ransom (7.7) and royal_stronghold (4.9) set the money aside when asked: a refusal or an expiry
gives it back. retainer (2.12): a retainer changes hands for a price. pass (5.0, 5.4, 7.9), enter
(5.0) and cavalcade (5.2) are the questions of Phase 5 to a city's holder. marriage (9.0): a proposal, announced when accepted.
deal (deals.py): a private offer between players, binding when accepted; the set-aside goods go back otherwise.
mercenaries (11.1): Crossbowmen lent or rented (the hire money and the Crossbowmen set aside until the
answer); relic (12.0): a relic given or sold to another player's noble; relinquish (2.13): an Abbess asks
the cleric of her Abbey's district to let her give up her title.

A kind's ``holds`` says whether an acceptance can still be carried out (a captive freed meanwhile
makes a ransom void: the answer counts as a refusal); ``check`` refuses an acceptance the answering
player cannot make. ``accept`` returns True when the game moved on (a captive freed, a battle begun)
and the flow must run again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core import Event, GameState, Request, RuleError
from engine.fief.board import mercenaries, relics
from engine.fief.cards import retainers
from engine.fief.crown import abbess, deals, marriage
from engine.fief.estates import purchase, ransom
from engine.fief.refusals import FiefRefusal
from engine.fief.state import Fief, player_of
from engine.fief.war import movement
from engine.fief.war.battle import fight

Payload = dict[str, Any]


def _nothing(state: GameState, g: Fief, p: Payload) -> None:
    return None


def _always(g: Fief, p: Payload) -> bool:
    return True


@dataclass(frozen=True)
class RequestKind:
    section: str
    accept: Callable[[GameState, Fief, Payload], bool]
    decline: Callable[[GameState, Fief, Payload], None] = _nothing
    expire: Callable[[GameState, Fief, Payload], None] = _nothing
    holds: Callable[[Fief, Payload], bool] = _always
    check: Callable[[Fief, Payload], None] | None = None


# -- ransom (7.7) ------------------------------------------------------------------------------
def _ransom_holds(g: Fief, p: Payload) -> bool:
    """The amount was set aside with the offer; only a captive already freed makes it void."""
    n = g.nobles.get(p["captive"])
    return n is not None and n.captor is not None


def _ransom_paid(state: GameState, g: Fief, p: Payload) -> bool:
    ransom.settle(state, g, p["family"], p["captive"], p["amount"], p["city"])
    return True


# -- retainer (2.12) ---------------------------------------------------------------------------
def _retainer_check(g: Fief, p: Payload) -> None:
    giver, receiver = g.nobles.get(p["giver"]), g.nobles.get(p["receiver"])
    if not giver or not receiver or not giver.retainer or player_of(g, receiver.family).shillings < p["price"]:
        raise RuleError("2.12", "the retainer can no longer change hands (or you cannot pay)",
                        code=FiefRefusal.RETAINER_GONE, legal="accept:false")


def _retainer_given(state: GameState, g: Fief, p: Payload) -> bool:
    player_of(g, g.nobles[p["receiver"]].family).shillings -= p["price"]
    player_of(g, g.nobles[p["giver"]].family).shillings += p["price"]
    retainers.give(state, g, p["giver"], p["receiver"])
    return False


# -- royal_stronghold (4.9) --------------------------------------------------------------------
def _stronghold_refund(state: GameState, g: Fief, p: Payload) -> None:
    player_of(g, p["family"]).shillings += p["cost"]


def _stronghold_built(state: GameState, g: Fief, p: Payload) -> bool:
    purchase.build(state, g, p["family"], "royal_stronghold", p["city"], p["cost"], paid=True)
    return False


# -- pass, enter (5.0, 5.4, 7.9) -----------------------------------------------------------------
def _let_pass(state: GameState, g: Fief, p: Payload) -> bool:
    g.war.passes.append(f"{p['noble']}|{p['city']}|{p['holder']}")
    n = g.nobles.get(p["noble"])
    # Ex 5-2: a noble let through must go on (its owner then makes the move, with the units it chooses).
    if n is not None and n.city == p["city"] and n.id not in g.war.must_move and movement.moves_left(g, n.id):
        g.war.must_move.append(n.id)
        state.emit(Event.public("noble.may_pass", noble=n.id, city=p["city"], holder=p["holder"]))
    return False


def _let_in(state: GameState, g: Fief, p: Payload) -> bool:
    movement.enter(state, g, p["noble"], p["city"])
    return False


# -- cavalcade (5.2) ---------------------------------------------------------------------------
def _cavalcade_stands(g: Fief, p: Payload) -> bool:
    """The Cavalcade still waits at the walls, in its family's move (nothing overtook the question)."""
    n, f = g.nobles.get(p["noble"]), g.flow
    in_turn = f.step == "move" and f.turn < len(f.queue) and f.queue[f.turn] == p["family"]
    return in_turn and not (n is None or n.city != p["city"] or n.captor is not None or g.war.battle is not None)


def _come_out(state: GameState, g: Fief, p: Payload) -> bool:
    """The defender leaves its walls to fight (5.2)."""
    if not _cavalcade_stands(g, p):
        return False
    fight.declare(state, g, p["family"], p["city"], p["holder"], "cavalcade", mover=p["noble"],
                  only=list(p["knights"]))
    return True


def _let_through(state: GameState, g: Fief, p: Payload) -> None:
    """The Cavalcade passes through unopposed, and must ride on if it can (5.2, FAQ)."""
    if not _cavalcade_stands(g, p):
        return
    nid = p["noble"]
    g.war.passes.append(f"{nid}|{p['city']}|{p['holder']}")
    if movement.moves_left(g, nid):
        g.war.must_move.append(nid)
        g.war.cavalry[nid] = list(p["knights"])
    state.emit(Event.public("cavalcade.let_through", noble=nid, city=p["city"], holder=p["holder"]))


# -- marriage (9.0) ------------------------------------------------------------------------------
def _wed(state: GameState, g: Fief, p: Payload) -> bool:
    marriage.marry(state, g, p["noble"], p["spouse"])
    return False


KINDS: dict[str, RequestKind] = {
    "ransom": RequestKind("7.7", _ransom_paid, decline=ransom.refund, expire=ransom.refund, holds=_ransom_holds),
    "retainer": RequestKind("2.12", _retainer_given, check=_retainer_check),
    "royal_stronghold": RequestKind("4.9", _stronghold_built, decline=_stronghold_refund, expire=_stronghold_refund,
                                    holds=lambda g, p: purchase.royal_site_ok(g, p["family"], p["city"])),
    "pass": RequestKind("5.0", _let_pass),
    "enter": RequestKind("5.0", _let_in),
    "cavalcade": RequestKind("5.2", _come_out, decline=_let_through),
    "marriage": RequestKind("9.0", _wed, holds=lambda g, p: marriage.still_possible(g, p["noble"], p["spouse"])),
    "relinquish": RequestKind("2.13", abbess.granted, holds=abbess.still_holds),
    "deal": RequestKind("9.1", deals.carry_out, decline=deals.give_back, expire=deals.give_back,
                        check=deals.check_accept),
    "mercenaries": RequestKind("11.1", mercenaries.lent, decline=mercenaries.not_lent, expire=mercenaries.not_lent,
                               holds=mercenaries.lend_holds, check=mercenaries.lend_check),
    "relic": RequestKind("12.0", relics.sold, holds=relics.sale_holds, check=relics.sale_check),
}


def expire(state: GameState, g: Fief, r: Request) -> None:
    """The request lapses unanswered (its step ended): what was set aside goes back."""
    g.requests.open.remove(r)
    state.emit(Event.public("request.expired", request=r.id, what=r.kind))
    KINDS[r.kind].expire(state, g, r.payload)
