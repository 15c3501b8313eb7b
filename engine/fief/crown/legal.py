"""Legal commands and deadline defaults of Phase 1's politics (9.1-9.3) and the Garter (13.3):
what legal.py lists for the election, Parliament and Royal Tax steps."""

from __future__ import annotations

from engine.core import Action, RuleError
from engine.fief.crown import abbess, deals, elections, parliament
from engine.fief.state import Fief

A = Action.of
DONE = A("done")   # actions are immutable: one for every list and default
NONE = "none"   # a vote marker left off the board (9.1)
STEPS = ("election", "ballot", "parliament", "tax_vote", "royal_tax")


def step_default(g: Fief, family: str) -> Action:
    """At a deadline: no candidate, no marker, no Parliament, a vote against, the rest of the tax kept;
    a vote pledged in a deal is cast as pledged."""
    vow = deals.pledged(g, family)
    if g.flow.step == "tax_vote":
        return A("vote_tax", vote="for" if vow == "tax_for" else "against")
    if g.flow.step == "ballot" and vow in g.politics.candidates:
        return A("vote_election", support=vow, decoy=NONE)
    return DONE


def step_actions(g: Fief, seat: str, family: str) -> list[Action]:
    step = g.flow.step
    vow = deals.pledged(g, family)
    if step == "tax_vote":
        votes = [vow.removeprefix("tax_")] if vow in deals.TAX_VOTES else ["for", "against"]
        out = [A("vote_tax", vote=v) for v in votes]
        if parliament.burgher_votes(g, family):
            out += [A("vote_tax", vote=v, burgher=True) for v in votes]
        return out
    if step == "ballot" and vow in g.politics.candidates:
        return [A("vote_election", support=vow, decoy=d) for d in [*g.politics.candidates, NONE]]
    out = [DONE]
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
    out: list[Action] = []
    if g.flow.step in deals.PLEDGE_STEPS:
        out += deal_actions(g, seat)   # none outside the voting steps
    if g.flow.step in abbess.STEPS:
        out += [A("relinquish", noble=n, abbey=x) for n, x in abbess.asking(g, seat)]
    return out


def _carries(g: Fief, seat: str, other: str) -> bool:
    """A shilling of the seat can reach the other player by pigeon now (2.15: deals.check_offer's part)."""
    try:
        deals.check_offer(g, seat, other, {"shillings": 1}, {})
    except RuleError:
        return False
    return True


def deal_actions(g: Fief, seat: str) -> list[Action]:
    """A sample of deals for random playouts and buttons: a vote bought for a shilling, or for a
    captive's freedom; any other bundle is typed (the command takes them all)."""
    if g.flow.step not in deals.PLEDGE_STEPS or any(r.kind == "deal" and r.by == seat for r in g.requests.open):
        return []   # outside the voting steps nobody has a vote to pledge
    out: list[Action] = []
    p = g.players[seat]
    for other in g.players:
        if other == seat:
            continue
        pledges = deals.vote_pledges(g, other)
        if not pledges:
            continue
        if p.shillings and _carries(g, seat, other):
            out += [A("deal", to=other, give_shillings=1, take_vote=v) for v in pledges[:2]]
        held = [n.id for n in g.nobles.values() if n.captor in p.families and n.family in g.players[other].families]
        out += [A("deal", to=other, give_captives=[c], take_vote=pledges[0]) for c in held[:1]]
    return out
