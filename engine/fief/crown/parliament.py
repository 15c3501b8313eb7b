"""Parliament and the Royal Tax (9.2, 9.3, 11.2). A free, unbesieged King or Sovereign Queen may
convene Parliament once a round; every family then votes FOR or against (its DECOY marker) in
secret, with all its votes (crown.family_votes) and, for a Treasure, its Burgher's 3 or 5 votes.
More than half of all the votes cast passes the tax: the Sovereign takes 12 shillings from the
stock and shares them out in secret (each share is known to its receiver and the Sovereign), and
the Parliament card lies on its Rebellion side (``Fief.royal_tax``) until the end of the round."""

from __future__ import annotations

from engine.core import Event, GameState, RuleError
from engine.fief.components import C
from engine.fief.crown.crowning import besieged_noble, family_votes
from engine.fief.refusals import FiefRefusal
from engine.fief.state import Fief, is_lord, sovereign

ROYAL_TAX = 12


def may_convene(g: Fief) -> bool:
    king = sovereign(g)
    return (king is not None and king.captor is None and not besieged_noble(g, king)
            and g.politics.parliament_round != g.flow.round)


def convene(state: GameState, g: Fief, family: str) -> None:
    p = g.politics
    p.parliament_round, p.votes, p.burghers = g.flow.round, {}, {}
    king = sovereign(g)
    state.emit(Event.public("parliament.convened", family=family, noble=king.id if king else None))


def burgher_votes(g: Fief, family: str) -> int:
    """11.2: a Burgher on the family board adds its votes for a Treasure, while the family has a Lord."""
    fam = g.families[family]
    card = fam.board_card
    if not card or C.card(card).kind != "burgher" or fam.treasures < 1:
        return 0
    if not any(is_lord(g.nobles[n]) for n in fam.nobles):
        return 0
    return int(card.rsplit("-", 1)[1])


def check_vote(g: Fief, family: str, burgher: bool) -> None:
    if burgher and not burgher_votes(g, family):
        raise RuleError("11.2", "only a Burgher on your family board, with a Treasure left and a Lord in the "
                        "family, adds its votes", code=FiefRefusal.NO_BURGHER, legal="burgher:false")


def vote(state: GameState, g: Fief, family: str, in_favour: bool, burgher: bool) -> None:
    """9.2: the marker lies face down; a Burgher's activation (a Treasure spent) is seen by all."""
    p = g.politics
    seat = g.families[family].seat
    if burgher:
        p.burghers[family] = burgher_votes(g, family)
        g.families[family].treasures -= 1
        state.emit(Event.public("parliament.burgher", family=family, votes=p.burghers[family]))
    p.votes[family] = in_favour
    state.emit(Event.public("parliament.voted", family=family))
    state.emit(Event.private(seat, "parliament.ballot", family=family, favour=in_favour))


def tally(state: GameState, g: Fief) -> bool:
    """9.2: the markers are turned over; more than half of all the votes passes the Royal Tax."""
    p = g.politics
    weights = {f: family_votes(g, f) + p.burghers.get(f, 0) for f in g.families}
    total = sum(weights.values())
    favour = sum(weights[f] for f, yes in p.votes.items() if yes)
    passed = favour * 2 > total
    state.emit(Event.public("parliament.revealed", votes={f: p.votes.get(f, False) for f in sorted(g.families)},
                            weights=weights, favour=favour, total=total, passed=passed))
    p.votes, p.burghers = {}, {}
    p.pledges = {s: v for s, v in p.pledges.items() if v not in ("tax_for", "tax_against")}
    if passed:
        p.tax_left = ROYAL_TAX
    return passed


def check_give(g: Fief, to: str, amount: int) -> None:
    if to not in g.players:
        raise RuleError("9.2", f"no player {to!r}", code=FiefRefusal.NO_PLAYER, legal=sorted(g.players))
    if not 1 <= amount <= g.politics.tax_left:
        raise RuleError("9.2", f"you may share out 1 to {g.politics.tax_left} shillings more",
                        code=FiefRefusal.TAX_AMOUNT,
                        legal=f"1-{g.politics.tax_left}" if g.politics.tax_left else "done")


def give(state: GameState, g: Fief, family: str, to: str, amount: int) -> None:
    """A share of the Royal Tax: told only to its receiver and the Sovereign."""
    g.politics.tax_left -= amount
    g.players[to].shillings += amount
    state.emit(Event.private(sorted({g.families[family].seat, to}), "royal_tax.share", family=family, to=to,
                             amount=amount))


def finish(state: GameState, g: Fief, family: str) -> None:
    """9.3: what is left goes to the Sovereign; the Parliament card turns to its Rebellion side."""
    seat = g.families[family].seat
    if g.politics.tax_left:
        give(state, g, family, seat, g.politics.tax_left)
    g.royal_tax = True
    state.emit(Event.public("royal_tax.distributed", family=family))


def end_of_round(g: Fief) -> None:
    """8.0: the Parliament card turns back to its Parliament side."""
    g.royal_tax = False
