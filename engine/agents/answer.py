"""Answering a request or an offer addressed to a computer player (issue 16).

``random`` declines. ``steady`` and ``schemer`` decline what they never weigh (a Fief proposal of
marriage from another player, ``choice.worth_weighing``); otherwise they play both answers on a
few samples of the hidden facts and accept when accepting leaves them better placed on average
(``value.advantage``). A binding term on the answering seat (an OKC Trade Agreement) counts against
accepting (:data:`BIND`): it ties their hands, and breaking it costs a Trade Agreement card.

:func:`answer` also says why, as a reason the game can tell the proposer (OKC: ``helps``, ``costs``,
``binds``, ``cannot``, ``unweighed``), read from what the seat sees of the offer (it is a party to it).
"""

from __future__ import annotations

import random

from engine.agents.choice import worth_weighing
from engine.agents.value import advantage
from engine.core import Action, GameState, RuleError, Rules, apply
from engine.core.rules import clone

SAMPLES = 4
# What a binding term on the answering seat costs it, in the evaluation's units (OKC: Influence): the
# freedom it gives up, and the risk of Outrage (a Trade Agreement card lost: 3 Influence at the end).
BIND = 0.6


def _named(request_id: str) -> tuple[str, int | None]:
    """``request-N``, ``offer-N`` or ``N``: the kind named (or "") and the number (None without one)."""
    kind, _, number = str(request_id).rpartition("-")
    return kind, int(number) if number.isdigit() else None


def answers(state: GameState, seat: str, request_id: str,
            legal: list[Action] | None = None) -> tuple[Action, Action] | None:
    """(accept, decline) for an open request or offer to ``seat`` named ``request-N``, ``offer-N``
    or ``N`` (a request first); None when there is none. A game keeping its offers elsewhere (OKC's
    Negotiating Table) is read from ``legal``: its ``decline_offer`` for that offer."""
    kind, n = _named(request_id)
    if n is None:
        return None
    data = state.data
    requests = getattr(data, "requests", None)
    if kind in ("", "request") and requests is not None:
        if any(r.id == n and r.to == seat for r in requests.open):
            return Action.of("respond", request=n, accept=True), Action.of("respond", request=n, accept=False)
    offers = getattr(data, "offers", None)
    if kind in ("", "offer") and offers is not None:
        if any(o.id == n and o.to == seat for o in offers.open):
            return Action.of("accept_offer", offer=n), Action.of("decline_offer", offer=n)
    if kind in ("", "offer") and offers is None and legal is not None:
        decline = Action.of("decline_offer", offer=n)
        if decline in legal:
            return Action.of("accept_offer", offer=n), decline
    return None


def binding(state: GameState, seat: str, request_id: str) -> int:
    """How many terms of the offer ``request_id`` would bind ``seat`` (OKC Trade Agreements: checkable
    terms naming it, and words of the players' own, which bind both)."""
    extra = getattr(state.data, "extra", None)
    table = extra.get("negotiating_table") if isinstance(extra, dict) else None
    if not isinstance(table, dict):
        return 0
    n = _named(request_id)[1]
    offer = next((o for o in table.get("offers") or [] if o.get("id") == n and o.get("to") == seat), None)
    if offer is None or offer.get("kind") != "agreement":
        return 0
    faction = state.data.players[seat].faction
    mine = sum(1 for t in offer.get("terms") or [] if str(t).split(":", 1)[0] == faction)
    return mine + (1 if offer.get("text") else 0)


def answer(rules: Rules, state: GameState, seat: str, request_id: str, rnd: random.Random) -> tuple[bool, str]:
    """Whether ``seat`` accepts the request or offer, and why: ``helps`` (accepting leaves it better
    placed on average), ``binds`` (the terms it would be bound by outweigh what it gains), ``costs``
    (it gives more than it gets), ``cannot`` (accepting would be refused now)."""
    legal = rules.legal(state, seat)
    pair = answers(state, seat, request_id, legal)
    if pair is None:
        return False, "cannot"
    accept = pair[0]
    if rules.name == "okc" and accept not in legal:
        return False, "cannot"
    if accept not in worth_weighing(rules, state, seat, list(pair)):
        return False, "costs"   # (a Fief proposal from another player is declined: choice._weds_a_rival)
    gain = 0.0
    for _ in range(SAMPLES):
        sample = rules.determinize(state, seat, rnd)
        values = []
        for action in pair:
            twin = sample if action is pair[-1] else clone(sample)   # the sample is not needed after
            try:
                apply(rules, twin, seat, action)
            except RuleError:
                return False, "cannot"
            values.append(advantage(rules, twin, seat))
        gain += values[0] - values[1]
    bound = binding(state, seat, request_id)
    net = gain / SAMPLES - BIND * bound
    if net > 0:
        return True, "helps"
    return False, "binds" if bound else "costs"


def accepts(rules: Rules, state: GameState, seat: str, request_id: str, rnd: random.Random) -> bool:
    return answer(rules, state, seat, request_id, rnd)[0]
