"""The OKC Negotiating Table for the thinking agents: which offer to make, if any (docs/agents.md).

A barter offered, a Trade Agreement or an Alliance proposed changes nothing until the other player accepts
it, a step beyond steady's look-ahead: weighed one step ahead, every proposal ties with saying done, and the
hundred-odd suggested offers outnumbered the one ``done_negotiating`` in the seeded tie-break, so steady seats
offered for ever (a 4-player game was still in its first Negotiation Step after 300 decisions). So steady and
schemer weigh each proposal two steps ahead on one sample of what the seat cannot see: the proposal, then
its acceptance. They make the best one only when, once accepted, it leaves the seat strictly better placed
than not proposing at all, and the other player better placed too as far as the seat can tell (else it would
be declined); a binding term counts against the party it binds (``answer.BIND``). Otherwise, or once the seat
has made :data:`OFFERS` proposals this Negotiation Step, or while a proposal waits on the seat's own answer
(it answers first), the proposals are left out and the seat answers, pays or says it is done.
"""

from __future__ import annotations

import random

from engine.agents.answer import BIND
from engine.agents.value import advantage
from engine.core import Action, GameState, RuleError, Rules, apply
from engine.core.rules import clone
from engine.okc.modules.negotiating_table.book import NAME, made, open_offers, table

PROPOSALS = frozenset({"offer", "agreement", "alliance"})
# Proposals a seat makes in one Negotiation Step at most: the cap that ends the loop of an offer declined
# and made again (the count is public: every offer is announced to the table).
OFFERS = 2


def negotiate(rules: Rules, state: GameState, seat: str, legal: list[Action],
              rnd: random.Random) -> tuple[Action | None, list[Action]]:
    """The proposal ``seat`` makes now (None for none), and ``legal`` without the proposals (unchanged
    outside the Negotiating Table)."""
    proposals = [a for a in legal if a.kind in PROPOSALS]
    if not proposals or rules.name != "okc" or NAME not in state.data.extra:
        return None, legal
    rest = [a for a in legal if a.kind not in PROPOSALS]
    g = state.data
    if made(g, seat) >= OFFERS or any(o["to"] == seat for o in open_offers(g)):
        return None, rest
    return best_proposal(rules, rules.determinize(state, seat, rnd), seat, proposals, rnd), rest


def best_proposal(rules: Rules, sample: GameState, seat: str, proposals: list[Action],
                  rnd: random.Random) -> Action | None:
    """The proposal that, accepted, leaves ``seat`` furthest ahead of where it stands on ``sample`` (ties
    drawn by ``rnd``), among those that leave both parties better placed; None when none does."""
    base = {s: advantage(rules, sample, s) for s in sample.seats}
    top: list[Action] = []
    top_gain = float("-inf")
    for action in proposals:
        to = str(action.get("to"))
        twin = clone(sample)
        number = table(twin.data)["next"]
        try:
            apply(rules, twin, seat, action)
            apply(rules, twin, to, Action.of("accept_offer", offer=number))
        except RuleError:
            continue
        gain = advantage(rules, twin, seat) - base[seat] - BIND * bound(sample, seat, action)
        if gain <= 1e-9 or gain < top_gain - 1e-9:
            continue
        if advantage(rules, twin, to) - base[to] - BIND * bound(sample, to, action) <= 1e-9:
            continue
        if gain > top_gain + 1e-9:
            top, top_gain = [action], gain
        else:
            top.append(action)
    return rnd.choice(top) if top else None


def bound(state: GameState, seat: str, action: Action) -> int:
    """How many terms of a proposed Trade Agreement would bind ``seat``: checkable terms naming its faction,
    and words of the players' own, which bind both parties (0 for a barter or an Alliance)."""
    if action.kind != "agreement":
        return 0
    faction = state.data.players[seat].faction
    terms = action.get("terms") or ()
    return sum(1 for t in terms if str(t).split(":", 1)[0] == faction) + (1 if action.get("text") else 0)
