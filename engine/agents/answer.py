"""Answering a request or an offer addressed to a computer player (issue 16).

``random`` declines. ``steady`` and ``schemer`` decline what they never weigh (a Fief proposal of
marriage from another player, ``choice.worth_weighing``); otherwise they play both answers on a
few samples of the hidden facts and accept when accepting leaves them better placed on average
(``value.advantage``).
"""

from __future__ import annotations

import random

from engine.agents.choice import worth_weighing
from engine.agents.value import advantage
from engine.core import Action, GameState, RuleError, Rules, apply
from engine.core.rules import clone

SAMPLES = 4


def answers(state: GameState, seat: str, request_id: str) -> tuple[Action, Action] | None:
    """(accept, decline) for an open request or offer to ``seat`` named ``request-N``, ``offer-N``
    or ``N`` (a request first); None when there is none."""
    kind, _, number = str(request_id).rpartition("-")
    if not number.isdigit():
        return None
    n = int(number)
    data = state.data
    requests = getattr(data, "requests", None)
    if kind in ("", "request") and requests is not None:
        if any(r.id == n and r.to == seat for r in requests.open):
            return Action.of("respond", request=n, accept=True), Action.of("respond", request=n, accept=False)
    offers = getattr(data, "offers", None)
    if kind in ("", "offer") and offers is not None:
        if any(o.id == n and o.to == seat for o in offers.open):
            return Action.of("accept_offer", offer=n), Action.of("decline_offer", offer=n)
    return None


def accepts(rules: Rules, state: GameState, seat: str, request_id: str, rnd: random.Random) -> bool:
    pair = answers(state, seat, request_id)
    if pair is None or pair[0] not in worth_weighing(rules, state, seat, list(pair)):
        return False   # (a Fief proposal from another player is declined: choice._weds_a_rival)
    gain = 0.0
    for _ in range(SAMPLES):
        sample = rules.determinize(state, seat, rnd)
        values = []
        for action in pair:
            twin = sample if action is pair[-1] else clone(sample)   # the sample is not needed after
            try:
                apply(rules, twin, seat, action)
            except RuleError:
                return False
            values.append(advantage(rules, twin, seat))
        gain += values[0] - values[1]
    return gain > 0
