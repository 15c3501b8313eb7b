"""The one evaluation every agent reads (engine/agents/value.py): what steady maximises
(``advantage``), the search's shares of one win (``rewards``) and who wins or loses together
(``sides``), on stand-in games whose scores are set by hand."""

from __future__ import annotations

import math
from types import SimpleNamespace

import pytest

from engine.agents import value
from engine.core import Result


class Game:
    """A stand-in for a game's rules: its name, and its result once over."""

    def __init__(self, name: str = "okc", result: Result | None = None) -> None:
        self.name, self.title, self._result = name, name.upper(), result

    def result(self, state: object) -> Result | None:
        return self._result


def _state(*seats: str) -> SimpleNamespace:
    return SimpleNamespace(seats=list(seats), data=None)


@pytest.fixture
def scored(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """Set every seat's score by hand."""
    def set_scores(s: dict[str, float]) -> None:
        monkeypatch.setattr(value, "scores", lambda rules, state: s)
    return set_scores


@pytest.fixture
def allied(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """Set Fief's alliances by marriage (8.3) by hand: seat -> its partners."""
    def set_partners(p: dict[str, set[str]]) -> None:
        monkeypatch.setattr(value.fief_value, "partners", lambda g, s: p.get(s, set()))
    return set_partners


def test_a_finished_game_counts_its_result_before_any_score(scored) -> None:  # type: ignore[no-untyped-def]
    """An outright win outweighs everything (1e6), a win shared by n seats is worth 1e5/n, and a
    loss -1e6, whatever the scores say."""
    scored({"p1": 50.0, "p2": 0.0, "p3": 0.0})
    state = _state("p1", "p2", "p3")
    alone = Game(result=Result(("p2",), "points"))
    assert value.advantage(alone, state, "p2") == 1e6
    assert value.advantage(alone, state, "p1") == -1e6
    shared = Game(result=Result(("p1", "p3"), "tie"))
    assert value.advantage(shared, state, "p1") == 5e4
    assert value.advantage(shared, state, "p3") == 5e4
    assert value.advantage(shared, state, "p2") == -1e6
    three = Game(result=Result(("p1", "p2", "p3"), "tie"))
    assert value.advantage(three, state, "p1") == pytest.approx(1e5 / 3)


def test_the_advantage_is_the_seat_s_score_less_its_strongest_rival_s(scored) -> None:  # type: ignore[no-untyped-def]
    scored({"p1": 5.0, "p2": 7.5, "p3": 3.0})
    state = _state("p1", "p2", "p3")
    assert value.advantage(Game(), state, "p1") == -2.5
    assert value.advantage(Game(), state, "p2") == 2.5
    assert value.advantage(Game(), state, "p3") == -4.5


def test_a_seat_allied_with_every_rival_measures_its_score_alone(scored, allied) -> None:  # type: ignore[no-untyped-def]
    """Two Fief players married to each other (8.3) have no rival side left: the advantage is the
    seat's own score, against nothing."""
    scored({"p1": 4.0, "p2": 9.0})
    allied({"p1": {"p2"}, "p2": {"p1"}})
    state = _state("p1", "p2")
    assert value.sides(Game("fief"), state) == [("p1", "p2")]
    assert value.advantage(Game("fief"), state, "p1") == 4.0
    assert value.advantage(Game("fief"), state, "p2") == 9.0


def test_allied_rivals_add_their_scores_and_an_ally_is_no_rival(scored, allied) -> None:  # type: ignore[no-untyped-def]
    scored({"p1": 4.0, "p2": 3.0, "p3": 2.5, "p4": 5.0})
    allied({"p2": {"p3"}, "p3": {"p2"}})
    state = _state("p1", "p2", "p3", "p4")
    assert value.sides(Game("fief"), state) == [("p1",), ("p2", "p3"), ("p4",)]
    assert value.advantage(Game("fief"), state, "p1") == -1.5    # 4 - (3 + 2.5)
    assert value.advantage(Game("fief"), state, "p2") == -2.0    # 3 - 5: its ally is no rival
    assert value.sides(Game("okc"), state) == [("p1",), ("p2",), ("p3",), ("p4",)]   # no alliances in OKC


def test_a_side_lists_its_first_seat_then_its_partners_in_order(allied) -> None:  # type: ignore[no-untyped-def]
    allied({"p2": {"p4", "p3"}, "p3": {"p2"}, "p4": {"p2"}})
    assert value.sides(Game("fief"), _state("p1", "p2", "p3", "p4")) == [("p1",), ("p2", "p3", "p4")]


def test_a_finished_game_shares_one_win_between_its_winners(scored) -> None:  # type: ignore[no-untyped-def]
    scored({"p1": 0.0, "p2": 0.0, "p3": 0.0})
    state = _state("p1", "p2", "p3")
    assert value.rewards(Game(result=Result(("p1", "p3"), "tie")), state) == {"p1": 0.5, "p2": 0.0, "p3": 0.5}
    assert value.rewards(Game(result=Result(("p2",), "points")), state) == {"p1": 0.0, "p2": 1.0, "p3": 0.0}


def test_the_shares_are_a_softmax_of_the_scores_at_the_game_s_temperature(scored, allied) -> None:  # type: ignore[no-untyped-def]
    """Two points of OKC score (in Influence) or six of Fief's (tenths of a VP) make a seat e times
    likelier to win (docs/agents.md: temperature 2 for OKC, 6 for Fief)."""
    state = _state("p1", "p2")
    allied({})
    scored({"p1": 2.0, "p2": 0.0})
    okc = value.rewards(Game("okc"), state)
    assert okc["p1"] == pytest.approx(1 / (1 + math.exp(-1)))
    assert okc["p2"] == pytest.approx(math.exp(-1) / (1 + math.exp(-1)))
    scored({"p1": 106.0, "p2": 100.0})
    fief = value.rewards(Game("fief"), state)
    assert fief["p1"] == pytest.approx(1 / (1 + math.exp(-1)))


def test_an_allied_side_s_share_is_split_between_its_seats(scored, allied) -> None:  # type: ignore[no-untyped-def]
    scored({"p1": 3.0, "p2": 1.5, "p3": 1.5})
    allied({"p2": {"p3"}, "p3": {"p2"}})
    share = value.rewards(Game("fief"), _state("p1", "p2", "p3"))
    assert share == {"p1": pytest.approx(0.5), "p2": pytest.approx(0.25), "p3": pytest.approx(0.25)}


def test_a_game_without_an_evaluation_is_refused() -> None:
    with pytest.raises(NotImplementedError, match="no evaluation for OTHER"):
        value.scores(Game("other"), _state("p1"))  # type: ignore[arg-type]


def test_the_shares_stay_finite_whatever_the_size_of_the_scores(scored, allied) -> None:  # type: ignore[no-untyped-def]
    """The softmax is taken from the best side's score down, so that large scores (a long Fief game's
    tenths of VPs) never overflow."""
    allied({})
    scored({"p1": 5000.0, "p2": 4994.0})
    share = value.rewards(Game("fief"), _state("p1", "p2"))
    assert share["p1"] == pytest.approx(1 / (1 + math.exp(-1)))
