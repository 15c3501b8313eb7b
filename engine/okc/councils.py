"""Govern and the Councils (p.31, p.44).

Govern moves a card with Votes icons from hand into a Council, where it is not Active. In the
Winter Effects Step each seat receives, from each Council, the highest tier its own Votes there
reach (Votes of its cards plus the Votes bonus of its Kingdom cards). Council cards go to their
owners' discard piles at cleanup.
"""

from __future__ import annotations

from engine.core import Event, GameState, RuleError
from engine.okc.cards import card, kcard, pack_of
from engine.okc.refusals import OkcRefusal
from engine.okc.state import Job, Okc, Seated


def govern_cards(g: Okc, seat: str) -> list[str]:
    return [c for c in g.players[seat].hand if card(g, c).votes > 0]


def check_govern(g: Okc, seat: str, cid: str, council: str) -> None:
    if council not in g.councils:
        raise RuleError("p.31 Govern", f"no Council {council!r}", code=OkcRefusal.NO_COUNCIL, legal=sorted(g.councils))
    if cid not in g.players[seat].hand or card(g, cid).votes <= 0:
        raise RuleError("p.31 Govern", f"{cid!r} is not a card with Votes in your hand", code=OkcRefusal.NO_VOTES,
                        legal=govern_cards(g, seat) or "no card with Votes in hand")


def govern(state: GameState, seat: str, cid: str, council: str) -> None:
    g: Okc = state.data
    g.players[seat].hand.remove(cid)
    g.councils[council].append(Seated(cid, seat))
    state.emit(Event.public("okc.govern", seat=seat, card=cid, council=council, votes=card(g, cid).votes))


def votes(g: Okc, seat: str, council: str) -> int:
    mine = [s for s in g.councils[council] if s.owner == seat]
    if not mine:
        return 0
    bonus = sum(kcard(g, k).votes for k in g.players[seat].kingdom)
    return sum(card(g, s.card).votes for s in mine) + bonus


def council_jobs(g: Okc, seat: str) -> list[Job]:
    """The Winter benefits ``seat`` has earned in each Council."""
    out = []
    bonus: int | None = None   # the Kingdom cards' Votes bonus, summed once (see votes)
    for cid, council in pack_of(g).councils.items():
        mine = [s.card for s in g.councils[cid] if s.owner == seat]
        if mine and bonus is None:
            bonus = sum(kcard(g, k).votes for k in g.players[seat].kingdom)
        v = sum(card(g, c).votes for c in mine) + (bonus or 0) if mine else 0
        reached = [t for t in council.tiers if t.votes <= v]
        if reached:
            out.append(Job(seat, [dict(s) for s in reached[-1].steps], {"source": f"council:{cid}", "votes": v}))
    return out


def clear_councils(state: GameState) -> None:
    g: Okc = state.data
    for council, seated in g.councils.items():
        for s in seated:
            g.players[s.owner].discard.append(s.card)
        if seated:
            state.emit(Event.public("okc.council_cleared", council=council, cards=[s.card for s in seated]))
        seated.clear()
