"""Carrier Pigeons (2.15), three per family for the whole game, usable at any time.

Same city: the two players' nobles stand in one city; the pigeon carries a binding exchange of
shillings and cards (an offer the other player accepts or declines; hand limits hold). Spouses'
families exchange this way without spending a pigeon (9.0).
Different cities: a noble inside a Stronghold, Fortified City or Abbey sends one card and/or
shillings to another player's noble inside another such city. The d6: 1-5 it arrives, 6 it is
lost (the card is discarded, the shillings stay home). The pigeon is spent either way.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, GameState, Offer, RuleError
from engine.fief.cards.retainers import discard_retainer, ready
from engine.fief.components import C
from engine.fief.refusals import FiefRefusal
from engine.fief.state import Fief, Noble, allied, hand_limit, player_of

SAFE = ("stronghold", "fortified", "abbey", "royal_abbey", "royal_stronghold")


def _sender(g: Fief, seat: str, noble: str) -> Noble:
    n = g.nobles.get(noble)
    if n is None or n.family not in g.players[seat].families or n.captor is not None:
        mine = [x for f in g.players[seat].families for x in g.families[f].nobles if g.nobles[x].captor is None]
        raise RuleError("2.15", f"{n.name} is not a free noble of yours" if n else "name one of your free nobles",
                        code=FiefRefusal.PIGEON_FROM, legal=mine or "none")
    return n


def _receiver(g: Fief, seat: str, noble: str) -> Noble:
    n = g.nobles.get(noble)
    if n is None or n.family in g.players[seat].families:
        others = [x.id for x in g.nobles.values() if x.family not in g.players[seat].families]
        raise RuleError("2.15", f"{n.name} is not another player's noble" if n else "name another player's noble",
                        code=FiefRefusal.PIGEON_TO, legal=others or "none")
    return n


def safe(g: Fief, n: Noble) -> bool:
    return bool(n.city) and not n.outskirts and g.cities[n.city or ""].building in SAFE


def check_send(g: Fief, seat: str, frm: str, to: str, shillings: int, card: str | None) -> tuple[Noble, Noble]:
    a, b = _sender(g, seat, frm), _receiver(g, seat, to)
    if g.families[a.family].pigeons < 1:
        raise RuleError("2.15", f"{a.name}'s family has no Carrier Pigeon left",
                        code=FiefRefusal.NO_PIGEON,
                        legal="a noble of a family with pigeons left")
    if not safe(g, a) or not safe(g, b) or a.city == b.city:
        raise RuleError("2.15", "between different cities a pigeon flies from a noble inside a Stronghold, Fortified "
                        "City or Abbey to a noble inside another one", code=FiefRefusal.PIGEON_ROUTE,
                        legal="pigeon_offer for nobles in one city")
    _check_goods(g, seat, shillings, [card] if card else [])
    if not shillings and not card:
        raise RuleError("2.15", "send a card and/or shillings", code=FiefRefusal.PIGEON_EMPTY,
                        legal="shillings:N and/or card:<id>")
    if card and len(player_of(g, b.family).hand) >= hand_limit(g):
        raise RuleError("2.15", "the receiving hand is full", code=FiefRefusal.HAND_LIMIT,
                        legal="send shillings only")
    return a, b


def _check_goods(g: Fief, seat: str, shillings: int, cards: list[str]) -> None:
    p = g.players[seat]
    if shillings < 0 or p.shillings < shillings:
        raise RuleError("2.15", "you cannot send more shillings than you have", code=FiefRefusal.FUNDS,
                        legal=f"0-{p.shillings}")
    for c in cards:
        if c not in p.hand:
            raise RuleError("2.15", f"{c!r} is not in your hand",
                            code=FiefRefusal.NOT_IN_HAND, legal=list(p.hand) or "none")


def send(state: GameState, g: Fief, seat: str, a: Noble, b: Noble, shillings: int, card: str | None) -> None:
    g.families[a.family].pigeons -= 1
    falcon = ready(g, a.id, "falconer")
    state.emit(Event.public("pigeon.sent", family=a.family, frm=a.id, to=b.id, falconer=falcon))
    if falcon:
        discard_retainer(state, g, a.id, why="falconer used")
        arrived = True
    else:
        arrived = state.rng.roll(6, why="carrier pigeon") <= 5
    p, q = g.players[seat], player_of(g, b.family)
    if card:
        p.hand.remove(card)
        if arrived:
            q.hand.append(card)
        else:
            g.character_under.append(card) if C.card(card).deck == "character" else g.fortune_discard.append(card)
    if arrived and shillings:
        p.shillings -= shillings
        q.shillings += shillings
    state.emit(Event.public("pigeon.arrived" if arrived else "pigeon.lost", frm=a.id, to=b.id,
                            card_lost=card if card and not arrived else None))
    if arrived:
        state.emit(Event.private((seat, q.seat), "pigeon.delivered", shillings=shillings, card=card, frm=a.id,
                                 to=b.id))


# -- same city: an offer carried by the pigeon -----------------------------------------------
class PigeonLedger:
    """Bundles: {"shillings": n, "cards": [card ids or card kinds]} (kinds for what is asked)."""

    def check(self, state: GameState, seat: str, bundle: dict[str, Any]) -> None:
        check_bundle(state.data, seat, bundle)

    def transfer(self, state: GameState, giver: str, receiver: str, bundle: dict[str, Any]) -> None:
        transfer_bundle(state.data, giver, receiver, bundle)


def check_bundle(g: Fief, seat: str, bundle: dict[str, Any]) -> None:
    """Refuse unless ``seat`` can hand over ``bundle`` now."""
    _check_goods(g, seat, int(bundle.get("shillings", 0)), [])
    hand = list(g.players[seat].hand)
    for c in bundle.get("cards", []):
        match = c if c in hand else next((h for h in hand if C.card(h).kind == c), None)
        if match is None:
            raise RuleError("2.15", f"the one handing it over holds no card {c!r}", code=FiefRefusal.NOT_IN_HAND,
                            legal="cards that player holds (by id or kind)")
        hand.remove(match)


def transfer_bundle(g: Fief, giver: str, receiver: str, bundle: dict[str, Any]) -> None:
    p, q = g.players[giver], g.players[receiver]
    n = int(bundle.get("shillings", 0))
    p.shillings -= n
    q.shillings += n
    for c in bundle.get("cards", []):
        match = c if c in p.hand else next(h for h in p.hand if C.card(h).kind == c)
        p.hand.remove(match)
        q.hand.append(match)


LEDGER = PigeonLedger()


class HeldLedger(PigeonLedger):
    """Acceptance of an open exchange whose shillings the proposer set aside when offering.

    The proposer's purse is not checked again (so the other player never learns anything about it);
    the set-aside shillings go straight to the receiver.
    """

    def __init__(self, proposer: str) -> None:
        self.proposer = proposer

    def check(self, state: GameState, seat: str, bundle: dict[str, Any]) -> None:
        super().check(state, seat, without_shillings(bundle) if seat == self.proposer else bundle)

    def transfer(self, state: GameState, giver: str, receiver: str, bundle: dict[str, Any]) -> None:
        if giver == self.proposer:
            state.data.players[receiver].shillings += int(bundle.get("shillings", 0))
            bundle = without_shillings(bundle)
        super().transfer(state, giver, receiver, bundle)


def without_shillings(bundle: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in bundle.items() if k != "shillings"}


def set_aside(g: Fief, offer: Offer) -> None:
    """The proposer's shillings leave the purse while the offer is open (ruling R18)."""
    g.players[offer.by].shillings -= int(offer.give.get("shillings", 0))


def give_back(g: Fief, offer: Offer) -> None:
    """A declined, withdrawn or expired offer returns the set-aside shillings."""
    g.players[offer.by].shillings += int(offer.give.get("shillings", 0))


def check_offer(g: Fief, seat: str, frm: str, to: str, give: dict[str, Any], take: dict[str, Any]) -> tuple[Noble, Noble]:
    a, b = _sender(g, seat, frm), _receiver(g, seat, to)
    if a.city is None or a.city != b.city:
        raise RuleError("2.15", "an exchange by pigeon needs both nobles in one city",
                        code=FiefRefusal.PIGEON_ROUTE,
                        legal="pigeon between Strongholds/Abbeys for different cities")
    if not allied(g, a.family, b.family) and g.families[a.family].pigeons < 1:
        raise RuleError("2.15", f"{a.name}'s family has no Carrier Pigeon left",
                        code=FiefRefusal.NO_PIGEON,
                        legal="a noble of a family with pigeons left")
    _check_goods(g, seat, int(give.get("shillings", 0)), list(give.get("cards", [])))
    limit = hand_limit(g)
    mine, theirs = len(g.players[seat].hand), len(player_of(g, b.family).hand)
    gv, tk = len(give.get("cards", [])), len(take.get("cards", []))
    if mine - gv + tk > limit or theirs - tk + gv > limit:
        raise RuleError("2.15", f"both hands must stay within {limit} cards", code=FiefRefusal.HAND_LIMIT,
                        legal="fewer cards")
    return a, b


def hands_fit(g: Fief, by: str, to: str, give: dict[str, Any], take: dict[str, Any]) -> bool:
    limit = hand_limit(g)
    gv, tk = len(give.get("cards", [])), len(take.get("cards", []))
    return len(g.players[by].hand) - gv + tk <= limit and len(g.players[to].hand) - tk + gv <= limit
