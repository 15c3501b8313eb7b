"""Computer players (issue 16, docs/agents.md): pure engine-side agents at three strengths.

``random`` picks a legal action at random (weighted like the simulator's playouts); ``steady``
looks one action ahead with the game's evaluation; ``schemer`` searches (information-set MCTS over
determinizations). Every agent reads the game only through ``Rules.determinize`` for its seat and
its own legal actions, so two games that look the same to the seat get the same answer for the
same seed (tests/agents/test_no_cheating.py).

Budget: the engine reads no clock. ``schemer`` stops after ``iterations`` (default: what
``budget`` seconds allow at :data:`ITERATIONS_PER_SECOND` for the game); a caller that may read the
clock (the table's worker, the arena) also passes ``clock`` (e.g. ``time.monotonic``) and the
search then stops when ``budget`` seconds have passed, whichever comes first.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.agents import answer, bargain, schemer, steady
from engine.agents.choice import choices, playout_move, worth_weighing
from engine.core import Action, GameState, Refusal, RuleError, Rules

STRENGTHS = ("random", "steady", "schemer")
DEFAULT_BUDGET = 2.0                                   # seconds of wall time per schemer decision
ITERATIONS_PER_SECOND = {"fief": 20, "okc": 40}        # measured on the shared 2-core machine, loaded
MAX_ITERATIONS = 100_000
RESERVE = 0.01                                         # share of a clocked budget kept back for answering


def _check(strength: str) -> None:
    if strength not in STRENGTHS:
        raise RuleError("agents", f"there is no computer player strength {strength!r}", code=Refusal.BAD_STRENGTH,
                        legal=list(STRENGTHS))


def decide(rules: Rules, state: GameState, seat: str, strength: str, *, seed: int,
           budget: float | None = None, clock: Callable[[], float] | None = None,
           iterations: int | None = None) -> Action:
    """One legal action for ``seat`` among what it may do now, chosen at ``strength``."""
    _check(strength)
    start = clock() if clock is not None else 0.0   # listing and sorting the choices count against the budget
    legal = choices(rules, state, seat)
    if not legal:
        raise RuleError("agents", f"{seat} has nothing to do now", code=Refusal.NOTHING_TO_DO)
    rnd = random.Random(seed)
    if len(legal) == 1:
        return legal[0]
    if strength == "random":
        return playout_move(rules, state, seat, legal, rnd)
    offer, legal = bargain.negotiate(rules, state, seat, worth_weighing(rules, state, seat, legal), rnd)
    if offer is not None:
        return offer
    if len(legal) == 1:
        return legal[0]
    if strength == "steady":
        return steady.decide(rules, state, seat, legal, rnd)
    seconds = DEFAULT_BUDGET if budget is None else budget
    if clock is not None:   # the search gets what is left, less a hundredth kept for answering
        seconds = max(0.0, seconds * (1 - RESERVE) - (clock() - start))
    if iterations is None:
        iterations = MAX_ITERATIONS if clock is not None else max(
            1, round(seconds * ITERATIONS_PER_SECOND[rules.name]))
    return schemer.decide(rules, state, seat, legal, rnd, iterations=iterations, clock=clock, seconds=seconds)


def answer_why(rules: Rules, state: GameState, seat: str, request_id: str, strength: str, *,
               seed: int) -> tuple[bool, str]:
    """:func:`accepts`, with the reason (``engine.agents.answer.answer``): ``random`` takes no offers
    (``unweighed``)."""
    _check(strength)
    if strength == "random":
        return False, "unweighed"
    return answer.answer(rules, state, seat, request_id, random.Random(seed))


def accepts(rules: Rules, state: GameState, seat: str, request_id: str, strength: str, *, seed: int) -> bool:
    """Answer a negotiation request (``request-N``, ``offer-N`` or ``N``) addressed to ``seat``:
    ``random`` declines; ``steady`` and ``schemer`` accept what their evaluation says is good."""
    _check(strength)
    if strength == "random":
        return False
    return answer.accepts(rules, state, seat, request_id, random.Random(seed))
