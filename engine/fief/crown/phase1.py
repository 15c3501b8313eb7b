"""Phase 1, Hear Ye, Hear Ye (1.0), skipped in Round 1: which step of the phase follows which.

In player order: marriages (9.0, marriage.py), then an election when one may be held (9.1,
elections.py: candidates, then the vote markers), then Parliament when the Sovereign may convene
it (9.2: the Sovereign's choice, the votes, the sharing out of the Royal Tax, parliament.py), then
Phase 2's draw. ``flow.STEPS`` holds the rows; these are their hooks."""

from __future__ import annotations

from engine.core import GameState
from engine.fief.cards import deck
from engine.fief.crown import elections, garter, marriage, parliament
from engine.fief.state import Fief, sovereign


def first(g: Fief) -> str | None:
    """The first step of Phase 1 that has something to do (None: straight to the draw)."""
    if g.flow.round <= 1:
        return None
    if marriage.suitors(g):
        return "marriage"
    if elections.possible(g):
        return "election"
    if parliament.may_convene(g):
        return "parliament"
    return None


def to_draw(g: Fief) -> str:
    deck.reset_draws(g)
    return "draw"


def after_marriages(state: GameState, g: Fief) -> str:
    if elections.possible(g):
        return "election"
    return after_election(state, g)


def after_candidates(state: GameState, g: Fief) -> str:
    if g.politics.candidates:
        return "ballot"
    elections.no_candidates(state, g)
    return after_election(state, g)


def after_ballots(state: GameState, g: Fief) -> str:
    elections.tally(state, g)
    return after_election(state, g)


def after_election(state: GameState, g: Fief) -> str:
    return "parliament" if parliament.may_convene(g) else to_draw(g)


def after_parliament(state: GameState, g: Fief) -> str:
    """The Sovereign convened Parliament (its round is this one and no vote is in yet): everyone votes."""
    return "tax_vote" if g.politics.parliament_round == g.flow.round else to_draw(g)


def after_tax_vote(state: GameState, g: Fief) -> str:
    return "royal_tax" if parliament.tally(state, g) else to_draw(g)


def after_royal_tax(state: GameState, g: Fief) -> str:
    king = sovereign(g)
    parliament.finish(state, g, king.family if king else g.flow.order[0])
    return to_draw(g)


def sovereign_family(g: Fief) -> list[str]:
    king = sovereign(g)
    return [king.family] if king else []


def end_of_round(g: Fief) -> None:
    """8.0: the Parliament card back on its Parliament side; this round's Garter deeds lapse (13.3)."""
    parliament.end_of_round(g)
    garter.end_of_round(g)
    g.politics.pledges = {}
