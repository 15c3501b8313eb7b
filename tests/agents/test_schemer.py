"""The schemer's search (engine/agents/schemer.py) step by step on a stand-in game: two seats take
turns choosing ``x`` or ``y``; a game is the list of (seat, action) played, its shares of the win set
by hand. What the prior, the narrowing, an iteration, the playout and the answer do is exact."""

from __future__ import annotations

import math
import random

import pytest

from engine.agents import schemer
from engine.agents.schemer import STYLES, Node, Search, Style
from engine.core import Action, Decision, DecisionKind, Result, RuleError

X, Y, Z = Action.of("x"), Action.of("y"), Action.of("z")
OKC = STYLES["okc"]


class Turns:
    """Two seats, p1 then p2 then p1..., each choosing among ``moves``; over after ``length`` moves."""

    name = "okc"

    def __init__(self, length: int = 100, moves: tuple[Action, ...] = (X, Y)) -> None:
        self.length, self.moves = length, moves
        self.drawn: list[str] = []    # the seat each sample was drawn for
        self.weighed: list[str] = []  # the seat each random move was weighed for

    def result(self, game: list) -> Result | None:  # type: ignore[type-arg]
        return Result(("p1",), "end") if len(game) >= self.length else None

    def pending(self, game: list) -> list[Decision]:  # type: ignore[type-arg]
        return [Decision("turn", DecisionKind.SEQUENTIAL, ("p1" if len(game) % 2 == 0 else "p2",), "move")]

    def legal(self, game: list, seat: str) -> list[Action]:  # type: ignore[type-arg]
        return list(self.moves)

    def determinize(self, game: list, seat: str, rnd: random.Random) -> list:  # type: ignore[type-arg]
        self.drawn.append(seat)
        return list(game)

    def agent_weights(self, game: list, seat: str, legal: list[Action]) -> None:  # type: ignore[type-arg]
        self.weighed.append(seat)
        return None


@pytest.fixture
def shares(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """p1's share of the win as a function of the game (p2 has the rest); actions in ``refused`` are refused."""
    def set_shares(p1, refused=frozenset()):  # type: ignore[no-untyped-def]
        def apply(rules, game, seat, action):  # type: ignore[no-untyped-def]
            if action in refused:
                raise RuleError("test", "refused")
            game.append((seat, action))
        monkeypatch.setattr(schemer, "apply", apply)
        monkeypatch.setattr(schemer, "clone", list)
        monkeypatch.setattr(schemer, "rewards", lambda rules, game: {"p1": p1(game), "p2": 1 - p1(game)})
        monkeypatch.setattr(schemer.steady, "apply", apply)     # steady's look-ahead in the guided widening
        monkeypatch.setattr(schemer.steady, "clone", list)
        monkeypatch.setattr(schemer.steady, "advantage",
                            lambda rules, game, seat: p1(game) if seat == "p1" else 1 - p1(game))
    return set_shares


def _search(rules: Turns, style: Style = OKC, seed: int = 1) -> Search:
    return Search(rules, [], "p1", random.Random(seed), style)  # type: ignore[arg-type]


def test_the_prior_gives_each_root_action_two_visits_worth_its_one_step_share(shares) -> None:  # type: ignore[no-untyped-def]
    shares(lambda game: {X: 0.25, Y: 0.75}[game[-1][1]], refused=frozenset({Z}))
    rules = Turns(moves=(X, Y, Z))
    search = _search(rules)
    search.prior([X, Z, Y])             # a refused action is skipped, not the end of the prior
    search.prior([X, Z, Y])
    assert rules.drawn == ["p1", "p1"]  # one sample of what p1 cannot see each time
    assert search.root.children == {("p1", X): Node(visits=4, total=1.0, available=4),
                                     ("p1", Y): Node(visits=4, total=3.0, available=4)}


def test_the_prior_plays_each_action_on_a_copy_of_one_sample_and_the_last_on_the_sample(shares, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    shares(lambda game: 0.5)
    rules = Turns()
    sample: list = []  # type: ignore[type-arg]
    monkeypatch.setattr(rules, "determinize", lambda game, seat, rnd: sample)
    _search(rules).prior([X, Y])
    assert sample == [("p1", Y)]


def _rated(search: Search, stats: dict[Action, tuple[int, float]]) -> None:
    search.root.children = {("p1", a): Node(visits=v, total=t, available=v) for a, (v, t) in stats.items()}


def test_the_narrowing_keeps_the_best_rated_root_actions_best_first_ties_in_the_canonical_order() -> None:
    moves = [Action.of(f"m{k}") for k in range(8)]
    search = _search(Turns(), STYLES["fief"])
    _rated(search, {moves[0]: (4, 1.0), moves[1]: (4, 2.0), moves[2]: (4, 2.0), moves[3]: (4, 0.0),
                    moves[4]: (4, 3.0), moves[5]: (4, 1.2), moves[6]: (4, 0.4), moves[7]: (0, 0.0)})
    search.root.children[("p2", moves[3])] = Node(visits=4, total=4.0, available=4)   # another seat's: not rated
    search.narrow(moves)
    assert search.order == [moves[4], moves[1], moves[2], moves[5], moves[0], moves[6]]   # six kept
    assert search.root.children == {("p1", a): Node() for a in search.order}


def test_with_nothing_rated_the_narrowing_keeps_the_first_action() -> None:
    search = _search(Turns(), STYLES["fief"])
    search.narrow([Y, X])
    assert search.order == [Y]


def test_the_guided_answer_is_the_best_sum_over_the_rounds_every_kept_action_finished() -> None:
    search = _search(Turns(), STYLES["fief"])
    search.order = [X, Y, Z]
    search.tally = {X: [0.5, 0.5, 0.9], Y: [0.6, 0.5], Z: [0.4, 0.6, 0.9]}
    assert search.answer([X, Y, Z]) == Y
    search.tally[Y] = [0.5, 0.5]
    assert search.answer([X, Y, Z]) == X    # a tie goes to the prior's order
    search.order = [Z, X, Y]
    assert search.answer([X, Y, Z]) == Z
    del search.tally[Y]
    assert search.answer([X, Y, Z]) == Z    # no round finished: the prior's best


def test_the_unguided_answer_is_the_root_action_visited_most_then_the_best_mean_then_the_first() -> None:
    search = _search(Turns())
    _rated(search, {X: (5, 1.0), Y: (6, 0.0), Z: (6, 0.6)})
    assert search.answer([X, Y, Z]) == Z
    _rated(search, {X: (6, 3.0), Y: (6, 3.0), Z: (0, 0.0)})
    assert search.answer([Z, Y, X]) == Y
    _rated(search, {X: (0, 0.0)})
    assert search.answer([Y, X]) == Y       # nothing visited: the first


class Clocked:
    """A clock that moves only when the search works: ``prior`` and ``iterate`` cost set seconds."""

    def __init__(self, search: Search, prior: float, iterate: list[float] | float) -> None:
        self.now, self.priors = 0.0, 0
        costs = iter(iterate) if isinstance(iterate, list) else None

        def sample(legal):  # type: ignore[no-untyped-def]
            self.priors += 1
            self.now += prior

        def step(legal):  # type: ignore[no-untyped-def]
            self.now += next(costs) if costs is not None else iterate

        search.prior, search.iterate, search.answer = sample, step, lambda legal: legal[0]  # type: ignore[method-assign]

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize(("prior", "iterate", "priors", "iterations"), [
    (3.0, 1.0, 2, 3),               # prior samples at 0 and 3 (half of 10 not yet gone), none at 6; stop at 9 + 1.5
    (2.5, 1.0, 3, 1),               # a sample at exactly half the budget gone; stop at 8.5 + 1.5 = 10
    (0.0, [2.0] + [1.0] * 10, 4, 6),   # the longest iteration so far (2 s), not the last, counts: stop at 7 + 3
])
def test_a_clocked_search_samples_its_prior_while_half_is_left_and_stops_while_one_more_fits(
        prior: float, iterate: list[float] | float, priors: int, iterations: int) -> None:
    search = _search(Turns(), Style(explore=0.7, horizon=10, samples=4))
    clock = Clocked(search, prior, iterate)
    search.run([X, Y], 1000, clock, 10.0)
    assert (clock.priors, search.iterations) == (priors, iterations)


def test_without_a_clock_the_search_runs_every_prior_sample_and_every_iteration() -> None:
    search = _search(Turns(), Style(explore=0.7, horizon=10, samples=4))
    clock = Clocked(search, 100.0, 100.0)
    search.run([X, Y], 7)
    assert (clock.priors, search.iterations) == (4, 7)
    search = _search(Turns(), Style(explore=0.7, horizon=10, samples=4))
    clock = Clocked(search, 0.0, 0.0)
    search.run([X, Y], 7, clock, 10.0)
    assert search.iterations == 7   # a clock with time to spare: the iterations still bound the search


def test_a_guided_search_left_one_root_action_plays_it_without_iterating(shares) -> None:  # type: ignore[no-untyped-def]
    shares(lambda game: 0.5, refused=frozenset({Y}))
    search = _search(Turns(), STYLES["fief"])
    assert search.run([X, Y], 50) == X
    assert search.iterations == 0


def test_the_playout_plays_at_most_its_horizon_of_random_moves(shares) -> None:  # type: ignore[no-untyped-def]
    shares(lambda game: 0.5)
    game: list = []  # type: ignore[type-arg]
    rules = Turns()
    _search(rules).playout(game)
    assert [seat for seat, _ in game] == ["p1", "p2"] * 5
    assert rules.weighed == ["p1", "p2"] * 5    # each move drawn with the weights of the seat playing it
    game = []
    _search(Turns(length=3)).playout(game)
    assert len(game) == 3             # the game ended first


def test_the_playout_stops_when_nobody_is_to_act_or_has_a_move_or_a_move_is_refused(shares, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    shares(lambda game: 0.5, refused=frozenset({Y}))
    rules = Turns(moves=(Y,))
    game: list = []  # type: ignore[type-arg]
    _search(rules).playout(game)
    assert game == []
    rules = Turns(moves=())
    _search(rules).playout(game)
    assert game == []
    rules = Turns()
    monkeypatch.setattr(rules, "pending", lambda game: [])
    _search(rules).playout(game)
    assert game == []


def test_an_unguided_iteration_expands_one_untried_root_action_and_credits_the_playout_s_end(shares) -> None:  # type: ignore[no-untyped-def]
    """OKC: the root's untried action, drawn at random, then a playout of 10 moves; the edge is credited
    with its seat's share at the end."""
    shares(lambda game: len(game) / 100)
    rules = Turns()
    search = _search(rules)
    search.iterate([X, Y])
    assert rules.drawn == ["p1"]
    (key, node), = search.root.children.items()
    assert key[0] == "p1" and node == Node(visits=1, total=0.11, available=1)


def test_an_unguided_iteration_walks_down_by_the_bound_and_credits_each_edge_to_its_seat(shares) -> None:  # type: ignore[no-untyped-def]
    """Both root actions tried: UCB1 picks the one with the best bound (every child legal here counts
    one more availability), a child of the seat acting next is expanded, and each edge is credited
    with the share of the seat that took it."""
    shares(lambda game: 0.75)
    search = _search(Turns())
    search.root.children = {("p1", X): Node(visits=2, total=0.2, available=5),
                            ("p1", Y): Node(visits=2, total=1.0, available=3)}
    search.iterate([X, Y])
    assert search.root.children[("p1", X)] == Node(visits=2, total=0.2, available=6)
    y = search.root.children[("p1", Y)]
    assert (y.visits, y.total, y.available) == (3, 1.75, 4)
    (key, reply), = y.children.items()
    assert key[0] == "p2" and reply == Node(visits=1, total=0.25, available=1)


def test_a_seat_with_nothing_to_do_below_the_root_ends_the_walk(shares, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    shares(lambda game: 0.25 * len(game))
    rules = Turns()
    monkeypatch.setattr(rules, "legal", lambda game, seat: [X, Y] if seat == "p1" else [])
    search = _search(rules)
    search.root.children = {("p1", X): Node(visits=1, total=0.25, available=1),
                            ("p1", Y): Node(visits=1, total=0.0, available=1)}
    search.iterate([X, Y])
    x = search.root.children[("p1", X)]
    assert (x.visits, x.total, x.children) == (2, 0.5, {})


def test_a_refused_step_drops_its_child_and_credits_nothing(shares) -> None:  # type: ignore[no-untyped-def]
    shares(lambda game: 0.5, refused=frozenset({X, Y}))
    search = _search(Turns())
    search.root.children = {("p1", X): Node(visits=1, total=1.0, available=1)}
    search.iterate([X, Y])
    assert list(search.root.children) == [("p1", X)] and search.root.children[("p1", X)].visits == 1


def test_a_finished_sample_is_scored_as_it_stands(shares) -> None:  # type: ignore[no-untyped-def]
    shares(lambda game: 0.5)
    search = _search(Turns(length=0))
    search.iterate([X, Y])
    assert search.root.children == {}


def test_a_guided_iteration_tries_the_root_action_of_its_turn_on_the_round_s_sample(shares) -> None:  # type: ignore[no-untyped-def]
    """Fief: the kept root actions in turn, a sample drawn at the start of each round; each tried
    action's share is tallied (judged when its seat's turn ends: after p1's move, p2 acts)."""
    shares(lambda game: 0.1 * len(game) + (0.5 if game and game[0][1] == Y else 0.0))
    rules = Turns()
    search = _search(rules, STYLES["fief"])
    search.order = [X, Y]
    search.root.children = {("p1", X): Node(), ("p1", Y): Node()}
    for _ in range(4):
        search.iterate([X, Y])
        search.iterations += 1
    assert rules.drawn == ["p1", "p1"]
    assert search.tally == {X: [pytest.approx(0.1)] * 2, Y: [pytest.approx(0.6)] * 2}
    assert search.root.children[("p1", X)].visits == 2 and search.root.children[("p1", Y)].visits == 2
    (key, reply), = search.root.children[("p1", Y)].children.items()   # p2's reply, steady's pick, played once
    assert key == ("p2", X) and (reply.visits, reply.total) == (2, pytest.approx(2 * (1 - 0.7)))
    assert search.answer([X, Y]) == Y


def test_below_the_root_a_guided_node_widens_while_its_children_are_fewer_than_the_root_of_its_visits(
        shares, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    shares(lambda game: 0.5)
    search = _search(Turns(moves=(X, Y, Z)), STYLES["fief"])
    weighed: list[list[Action]] = []

    def best(rules, sample, who, fresh, rnd):  # type: ignore[no-untyped-def]
        assert (rules, sample, who, rnd) == (search.rules, [], "p2", search.rnd)   # steady plays p2's part
        weighed.append(list(fresh))
        return fresh[0], ["after"]

    monkeypatch.setattr(schemer.steady, "best", best)
    node = Node(visits=3, children={("p2", X): Node(visits=3, total=1.0, available=3)})
    assert search.guided_step(node, [], "p2", [X, Y, Z])[:3] == (X, node.children[("p2", X)], False)
    node.visits = 4                     # two children allowed now
    action, child, expanded, after = search.guided_step(node, [], "p2", [X, Y, Z])
    assert (action, expanded, after, weighed) == (Y, True, ["after"], [[Y, Z]])
    assert node.children[("p2", Y)] is child and child == Node(available=1)
    empty = Node()                      # an unvisited node gains its first child
    assert search.guided_step(empty, [], "p2", [X])[2] is True
    full = Node(visits=100, children={("p2", X): Node(visits=1, total=0.0, available=1)})
    assert search.guided_step(full, [], "p2", [X])[2] is False   # nothing left untried


def test_a_guided_node_picks_among_its_children_by_the_bound(shares) -> None:  # type: ignore[no-untyped-def]
    shares(lambda game: 0.5)
    search = _search(Turns(), STYLES["fief"])
    node = Node(visits=4, children={("p2", X): Node(visits=2, total=1.0, available=4),
                                    ("p2", Y): Node(visits=2, total=1.2, available=4)})
    assert search.guided_step(node, [], "p2", [X, Y])[0] == Y
    assert search.guided_step(node, [], "p2", [X])[0] == X     # only the children legal here


def test_steady_weighs_at_most_eight_untried_actions_drawn_at_random(shares, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    shares(lambda game: 0.5)
    moves = tuple(Action.of(f"m{k}") for k in range(9))
    weighed: list[list[Action]] = []
    monkeypatch.setattr(schemer.steady, "best",
                        lambda rules, sample, who, fresh, rnd: weighed.append(list(fresh)) or (fresh[0], None))
    search = _search(Turns(moves=moves), STYLES["fief"])
    search.guided_step(Node(), [], "p2", list(moves))
    search.guided_step(Node(), [], "p2", list(moves[:8]))
    assert len(weighed[0]) == 8 and set(weighed[0]) < set(moves)
    assert weighed[1] == list(moves[:8])


def test_the_styles_are_the_documented_ones() -> None:
    """docs/agents.md: OKC explores at 0.7 with 10 random playout moves and one prior sample; Fief
    explores at 0.05 with no random playout move, four prior samples, the six best root actions kept
    and at most eight untried actions weighed for a new child."""
    assert STYLES == {"okc": Style(explore=0.7, horizon=10, samples=1, guided=False, width=6, weigh=8),
                      "fief": Style(explore=0.05, horizon=0, samples=4, guided=True, width=6, weigh=8)}
    assert schemer.PRIOR == 2
    assert math.isclose(Node(visits=1, total=0.0, available=math.e ** 4).ucb(0.05), 0.1)
