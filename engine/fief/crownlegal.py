"""Legal commands and deadline defaults of Phase 1's politics (9.1-9.3) and the Garter (13.3):
what legal.py lists for the election, Parliament and Royal Tax steps."""

from __future__ import annotations

from engine.core import Action
from engine.fief import elections, garter, parliament
from engine.fief.state import Fief, sovereign

A = Action.of
NONE = "none"   # a vote marker left off the board (9.1)
STEPS = ("election", "ballot", "parliament", "tax_vote", "royal_tax")


def step_default(g: Fief, family: str) -> Action:
    """At a deadline: no candidate, no marker, no Parliament, a vote against, the rest of the tax kept."""
    if g.flow.step == "tax_vote":
        return A("vote_tax", vote="against")
    return A("done")


def step_actions(g: Fief, seat: str, family: str) -> list[Action]:
    step = g.flow.step
    if step == "tax_vote":
        out = [A("vote_tax", vote=v) for v in ("for", "against")]
        if parliament.burgher_votes(g, family):
            out += [A("vote_tax", vote=v, burgher=True) for v in ("for", "against")]
        return out
    out = [A("done")]
    if step == "election":
        out += [A("nominate", noble=n) for n in elections.standing(g)]
    elif step == "ballot":
        cands = list(g.politics.candidates)
        out += [A("vote_election", support=c, decoy=d) for c in [*cands, NONE] for d in [*cands, NONE]
                if (c, d) != (NONE, NONE)]
    elif step == "parliament" and parliament.may_convene(g):
        out.append(A("convene_parliament"))
    elif step == "royal_tax":
        left = g.politics.tax_left
        for to in g.players:
            out += [A("give_tax", to=to, amount=n) for n in sorted({1, (left + 1) // 2, left}) if 1 <= n <= left]
    return out


def anytime_actions(g: Fief, seat: str) -> list[Action]:
    king = sovereign(g)
    if king is None or king.family not in g.players[seat].families:
        return []
    return [A("award_garter", noble=n) for n in garter.eligible(g, king.family)]
