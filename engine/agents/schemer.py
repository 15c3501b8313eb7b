"""The schemer agent: information-set Monte Carlo tree search over determinizations (docs/agents.md).

Each iteration samples the facts the seat cannot see (``Rules.determinize``) and walks one tree
shared by all samples (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012): a node's
children are keyed by (seat acting, action); the root's children start with steady's one-step
values as a prior (:meth:`Search.prior`); a child is selected by UCB1 among the actions legal in
this sample only, counting how often each was available; an untried action is expanded; then
a playout of at most ``horizon`` random moves is cut off and scored by steady's evaluation, as a
share of one win per seat (:func:`engine.agents.value.rewards`). Each edge is credited with the
share of the seat that took it. The answer is the root action visited most.

The budget is counted in iterations; a caller that may read the clock (the table's worker, the
arena) passes ``clock`` and ``seconds`` as well, and the search stops at whichever comes first.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.agents.choice import actor, choices, playout_move
from engine.agents.value import rewards
from engine.core import Action, GameState, RuleError, Rules, apply
from engine.core.rules import clone

EXPLORE = 0.7          # UCB1 exploration constant (rewards are shares of one win)
PRIOR = 2              # virtual visits steady's look-ahead gives each root action
HORIZON = {"fief": 10, "okc": 10}   # playout moves before the evaluation takes over (docs/agents.md)


@dataclass
class Node:
    visits: int = 0
    total: float = 0.0
    available: int = 0
    children: dict[tuple[str, Action], Node] = field(default_factory=dict)

    def ucb(self) -> float:
        return self.total / self.visits + EXPLORE * math.sqrt(math.log(max(self.available, 1)) / self.visits)


@dataclass
class Search:
    rules: Rules
    state: GameState
    seat: str
    rnd: random.Random
    horizon: int
    root: Node = field(default_factory=Node)
    iterations: int = 0

    def run(self, legal: list[Action], iterations: int, clock: Callable[[], float] | None = None,
            seconds: float | None = None) -> Action:
        deadline = clock() + seconds if clock is not None and seconds is not None else None
        self.prior(legal)
        longest = 0.0
        while self.iterations < iterations:
            if deadline is not None and clock is not None:
                # Stop while one more iteration, as long as the longest so far, still fits.
                now = clock()
                if now + longest >= deadline:
                    break
                self.iterate(legal)
                longest = max(longest, clock() - now)
            else:
                self.iterate(legal)
            self.iterations += 1
        return self.answer(legal)

    def prior(self, legal: list[Action]) -> None:
        """Steady's guidance: each root action starts with ``PRIOR`` visits worth the share its
        one-step look-ahead gives on one sample, so a small budget plays at least like steady and
        the iterations go to the actions that look best."""
        sample = self.rules.determinize(self.state, self.seat, self.rnd)
        for action in legal:
            twin = clone(sample)
            try:
                apply(self.rules, twin, self.seat, action)
            except RuleError:
                continue
            share = rewards(self.rules, twin).get(self.seat, 0.0)
            self.root.children[(self.seat, action)] = Node(PRIOR, PRIOR * share, PRIOR)

    def answer(self, legal: list[Action]) -> Action:
        stats = [(self.root.children.get((self.seat, a)), i, a) for i, a in enumerate(legal)]
        visited = [(n.visits, n.total / n.visits, -i, a) for n, i, a in stats if n is not None and n.visits]
        if not visited:
            return legal[0]
        return max(visited, key=lambda t: t[:3])[3]

    def iterate(self, root_legal: list[Action]) -> None:
        rules = self.rules
        sample = rules.determinize(self.state, self.seat, self.rnd)
        node = self.root
        path: list[tuple[Node, str]] = []
        who: str | None = self.seat
        legal = root_legal
        expanded = False
        while who is not None and rules.result(sample) is None:
            if node is not self.root or path:
                legal = choices(rules, sample, who)
            if not legal:
                break
            fresh = [a for a in legal if (who, a) not in node.children]
            for a in legal:
                child = node.children.get((who, a))
                if child is not None:
                    child.available += 1
            if fresh:
                action = self.rnd.choice(fresh)
                child = node.children[(who, action)] = Node(available=1)
                expanded = True
            else:
                action, child = max(((a, node.children[(who, a)]) for a in legal), key=lambda t: t[1].ucb())
            try:
                apply(rules, sample, who, action)
            except RuleError:
                node.children.pop((who, action), None)
                return
            path.append((child, who))
            node = child
            who = actor(rules, sample)
            if expanded:
                break
        self.playout(sample)
        share = rewards(rules, sample)
        for n, seat in path:
            n.visits += 1
            n.total += share.get(seat, 0.0)

    def playout(self, sample: GameState) -> None:
        rules = self.rules
        for _ in range(self.horizon):
            if rules.result(sample) is not None:
                return
            who = actor(rules, sample)
            if who is None:
                return
            legal = rules.legal(sample, who)
            if not legal:
                return
            try:
                apply(rules, sample, who, playout_move(rules, sample, who, legal, self.rnd))
            except RuleError:
                return


def decide(rules: Rules, state: GameState, seat: str, legal: list[Action], rnd: random.Random, *,
           iterations: int, clock: Callable[[], float] | None = None, seconds: float | None = None) -> Action:
    search = Search(rules, state, seat, rnd, HORIZON.get(rules.name, 40))
    return search.run(legal, iterations, clock, seconds)
