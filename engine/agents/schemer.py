"""The schemer agent: information-set Monte Carlo tree search over determinizations (docs/agents.md).

Each iteration samples the facts the seat cannot see (``Rules.determinize``) and walks one tree
shared by all samples (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012): a node's
children are keyed by (seat acting, action); steady's one-step values at the root guide the
search (:meth:`Search.prior`); a child is selected by UCB1 among the actions legal in this sample
only, counting how often each was available; a new child is expanded; then a playout of at most
``horizon`` random moves is cut off and scored by steady's evaluation, as a share of one win per
seat (:func:`engine.agents.value.rewards`). Each edge is credited with the share of the seat that
took it (in the guided style below, as it stands when that seat's turn ends). The answer is the
root action visited most (in the guided style, the best mean).

Two styles, per game (:data:`STYLES`). OKC's root children start with steady's values as virtual
visits and every new child is an untried action drawn at random. Fief's single actions move the
evaluation so little that random choices drown them: its prior averages steady over several
samples and keeps only the best root actions (progressive narrowing), then tries them in turn
on one shared sample per round (paired rounds); below the root a node gains children one at a
time as its visits grow (progressive widening), each time the action steady would pick for the
seat acting there on this sample, so the tree follows the acting seat's best replies (its own
next move, or a rival's) and no random move is scored.

The budget is counted in iterations; a caller that may read the clock (the table's worker, the
arena) passes ``clock`` and ``seconds`` as well, and the search stops at whichever comes first.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.agents import steady
from engine.agents.choice import actor, choices, playout_move, worth_weighing
from engine.agents.value import rewards
from engine.core import Action, GameState, RuleError, Rules, apply
from engine.core.rules import clone

PRIOR = 2              # virtual visits each sample of steady's look-ahead gives a root action (OKC)


@dataclass(frozen=True)
class Style:
    """How the search is tuned for one game (docs/agents.md)."""
    explore: float       # UCB1 exploration constant (rewards are shares of one win)
    horizon: int         # random playout moves before the evaluation takes over
    samples: int = 1     # samples steady's root look-ahead is averaged over
    guided: bool = False  # narrowing at the root, steady-guided widening below it
    width: int = 6       # root actions kept by the narrowing
    weigh: int = 8       # guided: untried actions steady weighs for a new child (drawn at random)


STYLES = {"okc": Style(explore=0.7, horizon=10),
          "fief": Style(explore=0.05, horizon=0, samples=4, guided=True)}


@dataclass
class Node:
    visits: int = 0
    total: float = 0.0
    available: int = 0
    children: dict[tuple[str, Action], Node] = field(default_factory=dict)

    def ucb(self, explore: float) -> float:
        return self.total / self.visits + explore * math.sqrt(math.log(max(self.available, 1)) / self.visits)


@dataclass
class Search:
    rules: Rules
    state: GameState
    seat: str
    rnd: random.Random
    style: Style
    root: Node = field(default_factory=Node)
    iterations: int = 0
    order: list[Action] = field(default_factory=list)   # guided: the root actions kept, best first
    tally: dict[Action, list[float]] = field(default_factory=dict)   # guided: each kept action's share per round
    round_sample: GameState | None = None   # guided: the sample every kept action is tried on this round

    def run(self, legal: list[Action], iterations: int, clock: Callable[[], float] | None = None,
            seconds: float = 0.0) -> Action:
        """The answer after ``iterations`` (and, with ``clock``, before ``seconds`` have passed)."""
        now = clock or float   # float() is 0.0: without a clock, time stands still
        deadline = now() + seconds if clock is not None else math.inf
        taken = 0   # later samples of the prior only while half the budget is left
        while taken < self.style.samples and (taken == 0 or now() <= deadline - seconds / 2):
            self.prior(legal)
            taken += 1
        if self.style.guided:
            self.narrow(legal)
            if len(self.order) == 1:
                return self.order[0]
        longest = 0.0
        while self.iterations < iterations:
            # Stop while one more iteration, half as long again as the longest so far (a loaded
            # machine and Fief's uneven iterations), still fits.
            start = now()
            if start + 1.5 * longest >= deadline:
                break
            self.iterate(legal)
            longest = max(longest, now() - start)
            self.iterations += 1
        return self.answer(legal)

    def prior(self, legal: list[Action]) -> None:
        """Steady's guidance: on one sample, each root action gains ``PRIOR`` visits worth the
        share its one-step look-ahead gives, so a small budget plays at least like steady and the
        iterations go to the actions that look best. Called once per prior sample: every action
        is weighed on the same samples, so their averages compare without the samples' noise."""
        sample = self.rules.determinize(self.state, self.seat, self.rnd)
        last = len(legal) - 1
        for i, action in enumerate(legal):
            twin = sample if i == last else clone(sample)   # the sample is not needed after the last
            try:
                apply(self.rules, twin, self.seat, action)
            except RuleError:
                continue
            share = rewards(self.rules, twin)[self.seat]
            node = self.root.children.setdefault((self.seat, action), Node())
            node.visits += PRIOR
            node.total += PRIOR * share
            node.available += PRIOR

    def narrow(self, legal: list[Action]) -> None:
        """Guided style: keep the ``width`` root actions the prior rates best (ties in the
        canonical order), with their statistics cleared: the prior only ranks them, so that what
        the search measures a step or more ahead is never averaged with one-step values."""
        rated = [(n.total / n.visits, -i, a) for i, a in enumerate(legal)
                 if (n := self.root.children.get((self.seat, a))) is not None and n.visits]
        rated.sort(reverse=True)   # (each index is unique: the actions themselves are never compared)
        self.order = [a for _, _, a in rated[:self.style.width]] or legal[:1]
        self.root.children = {(self.seat, a): Node() for a in self.order}

    def answer(self, legal: list[Action]) -> Action:
        if self.style.guided:
            # The best mean share over the rounds every kept action finished; the prior's order
            # breaks ties (and stands alone when no round finished).
            rounds = min(len(self.tally.get(a, ())) for a in self.order)
            if not rounds:
                return self.order[0]
            ranked = [(sum(self.tally[a][:rounds]), -i, a) for i, a in enumerate(self.order)]
            return max(ranked)[2]
        stats = [(self.root.children.get((self.seat, a)), i, a) for i, a in enumerate(legal)]
        visited = [(n.visits, n.total / n.visits, -i, a) for n, i, a in stats if n is not None and n.visits]
        if not visited:
            return legal[0]
        return max(visited)[3]

    def iterate(self, root_legal: list[Action]) -> None:
        rules = self.rules
        if self.style.guided:
            # Paired rounds: every kept root action is tried on the same sample in turn, so that
            # the sample's luck cancels between them (the prior's reason, a turn deeper).
            turn = self.iterations % len(self.order)
            if turn == 0:
                self.round_sample = rules.determinize(self.state, self.seat, self.rnd)
            assert self.round_sample is not None
            last = turn == len(self.order) - 1
            sample = self.round_sample if last else clone(self.round_sample)
        else:
            sample = rules.determinize(self.state, self.seat, self.rnd)
        node = self.root
        path: list[tuple[Node, str]] = []
        settled: list[dict[str, float]] = []   # guided: the share each edge of the path is credited with
        who: str | None = self.seat
        legal = self.order if self.style.guided else root_legal
        expanded = False
        while who is not None and rules.result(sample) is None:
            if path:   # below the root: what ``who`` may do in this sample
                legal = choices(rules, sample, who)
            if not legal:
                break
            for a in legal:
                child = node.children.get((who, a))
                if child is not None:
                    child.available += 1
            picked = self.guided_step(node, sample, who, legal) if self.style.guided else None
            after: GameState | None = None   # the game after the action, when steady already played it
            if picked is None:
                fresh = [a for a in legal if (who, a) not in node.children]
                if fresh:
                    action = self.rnd.choice(fresh)
                    child = node.children[(who, action)] = Node(available=1)
                    expanded = True
                else:
                    action, child = max(((a, node.children[(who, a)]) for a in legal),
                                        key=lambda t: t[1].ucb(self.style.explore))
            else:
                action, child, expanded, after = picked
            if after is not None:
                sample = after
            else:
                try:
                    apply(rules, sample, who, action)
                except RuleError:
                    node.children.pop((who, action), None)
                    return
            path.append((child, who))
            taker, node = who, child
            who = actor(rules, sample)
            if self.style.guided and who != taker:
                # The taker's turn is over: its moves are judged here, before a rival replies, so
                # that ending a turn and playing on are weighed at the same point.
                share = rewards(rules, sample)
                settled += [share] * (len(path) - len(settled))
            if expanded:
                break
        self.playout(sample)
        if len(settled) < len(path):   # (guided: a path that ended a turn is settled already)
            share = rewards(rules, sample)
            settled += [share] * (len(path) - len(settled))
        for (n, seat), got in zip(path, settled, strict=True):
            n.visits += 1
            n.total += got[seat]
        if self.style.guided and path:
            self.tally.setdefault(self.order[self.iterations % len(self.order)], []).append(
                settled[0][self.seat])

    def guided_step(self, node: Node, sample: GameState, who: str,
                    legal: list[Action]) -> tuple[Action, Node, bool, GameState | None]:
        """Guided style: the root takes the kept actions in turn, one per iteration, in the prior's
        order (paired rounds, :meth:`iterate`). Below it, a node with fewer children than the square root of its visits (at least
        one) gains the one steady picks for ``who`` on this sample among the untried actions (at most
        ``weigh`` of them, drawn at random: a long menu would cost a copy of the game per entry);
        otherwise UCB1 chooses among its children legal here. Returns (action, child, expanded,
        the game after the action when steady played it: ``sample`` is then spent)."""
        if node is self.root:
            action = self.order[self.iterations % len(self.order)]
            return action, node.children[(who, action)], False, None
        tried = [(a, c) for a in legal if (c := node.children.get((who, a))) is not None]
        if len(tried) < len(legal) and len(tried) < max(1, math.isqrt(node.visits)):
            fresh = worth_weighing(self.rules, sample, who, [a for a in legal if (who, a) not in node.children])
            if len(fresh) > self.style.weigh:
                fresh = self.rnd.sample(fresh, self.style.weigh)
            action, after = steady.best(self.rules, sample, who, fresh, self.rnd)
            child = node.children[(who, action)] = Node(available=1)
            return action, child, True, after
        action, child = max(tried, key=lambda t: t[1].ucb(self.style.explore))
        return action, child, False, None

    def playout(self, sample: GameState) -> None:
        rules = self.rules
        for _ in range(self.style.horizon):
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
           iterations: int, clock: Callable[[], float] | None = None, seconds: float = 0.0) -> Action:
    return Search(rules, state, seat, rnd, STYLES[rules.name]).run(legal, iterations, clock, seconds)
