"""Journey and Lore (p.32, p.45): Lore is spent on the Site of Power only when some is gained.

Journey moves a card with Lore icons from hand to the Lost Pile (a Pathfinder goes to the
discard pile instead) and gains that much Lore. Whenever a seat adds Lore to its Supply it may
at once acquire Site of Power cards it can pay for; acquired cards go to its discard pile.
If it passes, the Lore waits until the next gain.
"""

from __future__ import annotations

from engine.core import Event, GameState, RuleError
from engine.okc.cards import card
from engine.okc.refusals import OkcRefusal
from engine.okc.state import Job, Okc


def gain_lore(state: GameState, seat: str, amount: int, why: str) -> None:
    g: Okc = state.data
    if amount <= 0:
        return
    g.players[seat].lore += amount
    state.emit(Event.public("okc.lore", seat=seat, amount=amount, total=g.players[seat].lore, why=why))
    # The chance to spend comes at once, ahead of whatever else is queued.
    g.jobs.insert(0, Job(seat, [{"do": "spend"}], {}))


def affordable(g: Okc, seat: str) -> list[str]:
    p = g.players[seat]
    return [c for c in p.site if (card(g, c).cost or 0) <= p.lore]


def acquire(state: GameState, seat: str, cid: str) -> None:
    """Pay a Site of Power card's Lore cost; the card joins the discard pile."""
    g: Okc = state.data
    p = g.players[seat]
    cost = card(g, cid).cost or 0
    p.lore -= cost
    p.site.remove(cid)
    p.discard.append(cid)
    state.emit(Event.public("okc.acquired", seat=seat, card=cid, cost=cost, lore=p.lore))


def journey_cards(g: Okc, seat: str) -> list[str]:
    return [c for c in g.players[seat].hand if card(g, c).lore > 0]


def check_journey(g: Okc, seat: str, cid: str) -> None:
    if cid not in g.players[seat].hand:
        raise RuleError("p.32 Journey", f"{cid!r} is not in your hand", code=OkcRefusal.NOT_IN_HAND,
                        legal=journey_cards(g, seat) or "no card with Lore icons in hand")
    if card(g, cid).lore <= 0:
        raise RuleError("p.32 Journey", f"{cid!r} has no Lore icon", code=OkcRefusal.NO_LORE,
                        legal=journey_cards(g, seat) or "no card with Lore icons in hand")


def journey(state: GameState, seat: str, cid: str) -> None:
    """Carry out a (checked) Journey with ``cid``."""
    g: Okc = state.data
    p = g.players[seat]
    c = card(g, cid)
    p.hand.remove(cid)
    if "pathfinder" in c.traits:
        p.discard.append(cid)
        where = "discard"
    else:
        p.lost.append(cid)
        where = "lost"
    state.emit(Event.public("okc.journey", seat=seat, card=cid, to=where, lore=c.lore))
    gain_lore(state, seat, c.lore, "journey")


def convert_lore(state: GameState) -> None:
    """End of game (p.45): a seat whose Site of Power is empty turns each 2 Lore into 1 Influence."""
    g: Okc = state.data
    for seat in g.order:
        p = g.players[seat]
        if not p.site and p.lore >= 2:
            gained = p.lore // 2
            p.influence += gained
            p.lore -= 2 * gained
            state.emit(Event.public("okc.lore_converted", seat=seat, influence=gained))
