"""Computer players thinking in other processes (``[computers] processes`` in the config).

A search is pure Python: in the adapter's worker threads it holds the interpreter lock, so one
computer player thinking slows every other game's replies and the other computer players. With
``processes`` set above 0 the table hands each choice to a pool of that many processes instead;
the game's state and rules go there by pickling and the chosen action comes back. The pool is made
at the first choice (after the adapter has registered its games, which a forked process inherits)
and the same one serves every game. A pool that breaks (or a game it cannot pickle) is dropped,
and the choice is thought out in the calling thread.
"""

from __future__ import annotations

import os
import pickle
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from bot.table.basics import log
from engine import agents
from engine.core import Action, GameState, Rules

_lock = threading.Lock()
_pools: dict[int, Executor] = {}


def _decide(rules: Rules, state: GameState, seat: str, strength: str, seed: int, budget: float | None) -> Action:
    """What runs in a pool process: the agent, with the wall clock for its budget."""
    return agents.decide(rules, state, seat, strength, seed=seed, budget=budget, clock=time.monotonic)


#: How much lower the thinking processes run than the bot (``os.nice``): the lowest priority there is,
#: below the board drawing process (10), so that people's replies and boards come first; a choice's
#: budget is wall time, so on a busy machine a computer player thinks less, never longer.
NICENESS = 19


def _yield_to_people() -> None:
    """Each thinking process runs at a lower priority than the bot: when the machine is busy, the
    operating system answers people before computer players think."""
    try:
        os.nice(NICENESS)
    except OSError:  # not allowed here: think at the same priority
        pass


def pool(processes: int) -> Executor:
    """The shared pool of ``processes`` processes, made on first use, each at a lower priority."""
    with _lock:
        found = _pools.get(processes)
        if found is None:
            found = _pools[processes] = ProcessPoolExecutor(max_workers=processes, initializer=_yield_to_people)
        return found


def decide(processes: int, rules: Rules, state: GameState, seat: str, strength: str, *, seed: int,
           budget: float | None) -> Action:
    """:func:`engine.agents.decide` for ``seat``, in the pool when ``processes`` is above 0 (else,
    or when the pool breaks or cannot take the game, in this thread). The agent's own failures
    are raised as they are, wherever it thought."""
    if processes > 0:
        try:
            return pool(processes).submit(_decide, rules, state, seat, strength, seed, budget).result()
        except (BrokenProcessPool, pickle.PicklingError, AttributeError):
            log.exception("the thinking processes failed; thinking in the worker thread")
            shutdown(processes)
    return _decide(rules, state, seat, strength, seed, budget)


def shutdown(processes: int | None = None) -> None:
    """Stop the pool of ``processes`` processes (every pool when None); the next choice makes a new one."""
    with _lock:
        for size in [processes] if processes is not None else list(_pools):
            found = _pools.pop(size, None)
            if found is not None:
                found.shutdown(wait=False, cancel_futures=True)
