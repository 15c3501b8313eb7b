"""Offers: binding exchanges between two seats, executed atomically.

One seat proposes to give a bundle and take a bundle in return; the other accepts or
declines. Each game supplies a :class:`Ledger` that knows what a bundle is (shillings, cards,
cities, Influence...) and how to check and move it. On acceptance both sides are checked
again, then both transfers happen together, or neither does.

Offer contents are private to the two parties; the table sees that an offer exists and
whether it was accepted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.core.actions import Action
from engine.core.decisions import Decision, DecisionKind, decision
from engine.core.errors import Refusal, RuleError
from engine.core.events import Event
from engine.core.state import GameState

Bundle = dict[str, Any]


class Ledger(Protocol):
    def check(self, state: GameState, seat: str, bundle: Bundle) -> None:
        """Raise RuleError unless ``seat`` can hand over ``bundle`` now."""

    def transfer(self, state: GameState, giver: str, receiver: str, bundle: Bundle) -> None:
        """Move ``bundle`` from ``giver`` to ``receiver`` (already checked)."""


@dataclass(slots=True)
class Offer:
    id: int
    by: str
    to: str
    give: Bundle
    take: Bundle
    note: str = ""

    def decision(self) -> Decision:
        return decision(f"offer-{self.id}", DecisionKind.RESPONSE, [self.to], "offer",
                        Action.of("decline_offer", offer=self.id), blocking=False, offer=self.id, by=self.by)


@dataclass(slots=True)
class OfferBook:
    next_id: int = 1
    open: list[Offer] = field(default_factory=list)

    def propose(self, state: GameState, ledger: Ledger, by: str, to: str, give: Bundle, take: Bundle,
                note: str = "", section: str = "offers") -> Offer:
        if by == to:
            raise RuleError(section, "an offer goes to another seat", code=Refusal.SELF_OFFER,
                            legal=[s for s in state.seats if s != by])
        if to not in state.seats:
            raise RuleError(section, f"{to!r} has no seat", code=Refusal.NO_SEAT, legal=state.seats)
        if not give and not take:
            raise RuleError(section, "an offer must give or ask for something", code=Refusal.EMPTY_OFFER)
        ledger.check(state, by, give)
        offer = Offer(self.next_id, by, to, dict(give), dict(take), note)
        self.next_id += 1
        self.open.append(offer)
        state.emit(Event.private((by, to), "offer.made", offer=offer.id, by=by, to=to, give=give, take=take, note=note))
        state.emit(Event.public("offer.opened", offer=offer.id, by=by, to=to))
        return offer

    def _find(self, offer_id: Any, section: str) -> Offer:
        for o in self.open:
            if o.id == offer_id:
                return o
        raise RuleError(section, f"no open offer {offer_id}", code=Refusal.NO_OFFER,
                        legal=[o.id for o in self.open] or "no open offers")

    def accept(self, state: GameState, ledger: Ledger, seat: str, offer_id: Any, section: str = "offers") -> Offer:
        offer = self._find(offer_id, section)
        if offer.to != seat:
            raise RuleError(section, f"offer {offer.id} is addressed to {offer.to}", code=Refusal.NOT_ADDRESSEE)
        ledger.check(state, offer.by, offer.give)
        ledger.check(state, offer.to, offer.take)
        self.open.remove(offer)
        ledger.transfer(state, offer.by, offer.to, offer.give)
        ledger.transfer(state, offer.to, offer.by, offer.take)
        state.emit(Event.private((offer.by, offer.to), "offer.executed", offer=offer.id, give=offer.give, take=offer.take))
        state.emit(Event.public("offer.accepted", offer=offer.id, by=offer.by, to=offer.to))
        return offer

    def decline(self, state: GameState, seat: str, offer_id: Any, section: str = "offers") -> Offer:
        offer = self._find(offer_id, section)
        if seat not in (offer.to, offer.by):
            raise RuleError(section, f"offer {offer.id} is between {offer.by} and {offer.to}", code=Refusal.NOT_PARTY)
        self.open.remove(offer)
        how = "withdrawn" if seat == offer.by else "declined"
        state.emit(Event.public(f"offer.{how}", offer=offer.id, by=offer.by, to=offer.to))
        return offer

    def expire_all(self, state: GameState, why: str = "") -> None:
        for offer in self.open:
            state.emit(Event.public("offer.expired", offer=offer.id, by=offer.by, to=offer.to, why=why))
        self.open.clear()

    def visible(self, seat: str | None) -> list[dict[str, Any]]:
        out = []
        for o in self.open:
            entry: dict[str, Any] = {"offer": o.id, "by": o.by, "to": o.to}
            if seat in (o.by, o.to):
                entry.update(give=o.give, take=o.take, note=o.note)
            out.append(entry)
        return out
