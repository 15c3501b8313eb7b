"""Computer players: an agent chooses a legal action for one seat, and answers negotiation requests.

This is the table's placeholder for the agents (issue 16): every strength plays a uniform random
legal choice for its seat, seeded, and declines every request. The real agents replace this
module with the same two functions.
"""

from __future__ import annotations

import random

from engine.core import Action, GameState, Rules

#: The strengths a computer player may be given, weakest first.
STRENGTHS = ("random", "steady", "schemer")


def decide(rules: Rules, state: GameState, seat: str, strength: str, *, seed: int,
           budget: float | None = None) -> Action:
    """A legal action for ``seat`` (a uniform choice, seeded): the seat's own choices first, the
    actions allowed at any time (offers) only when nothing else is legal."""
    if strength not in STRENGTHS:
        raise ValueError(f"no strength {strength!r}: one of {', '.join(STRENGTHS)}")
    legal = rules.legal(state, seat)
    anytime = {k for k, spec in rules.actions.items() if spec.anytime}
    own = [a for a in legal if a.kind not in anytime] or legal
    if not own:
        raise ValueError(f"{seat} has no legal action")
    return random.Random(seed).choice(own)


def accepts(rules: Rules, state: GameState, seat: str, request_id: str, strength: str, *, seed: int) -> bool:
    """Whether ``seat`` accepts the open request or offer ``request_id`` (a decision id): never, here."""
    return False
