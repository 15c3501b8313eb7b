"""Steady in a Fief election (9.1): it declares and backs its own candidate whatever its place in the
turn order, and its sample hides which of another family's vote markers is FOR."""

from __future__ import annotations

import random

from engine.agents import decide
from engine.core import GameState
from engine.fief import RULES
from tests.fief.helpers import g, started


def _election(step: str) -> tuple[GameState, str, str]:
    """Three players in Round 2's election, red (ann) first to act: red's and blue's men are Lords of
    regions I and II, green's man Bishop of York (one vote each). Returns the game and the two Lords."""
    s = started(3)
    d = g(s)
    men = {f: next(n for n in d.families[f].nobles if d.nobles[n].sex == "m") for f in ("red", "blue", "green")}
    d.nobles[men["red"]].titles = ["lord:I"]
    d.nobles[men["blue"]].titles = ["lord:II"]
    d.nobles[men["green"]].titles = ["bishop:york"]
    for n in d.nobles.values():
        n.retainer = None
    d.flow.round, d.flow.phase, d.flow.step, d.flow.turn = 2, 1, step, 0
    d.flow.queue = ["red", "blue", "green"]
    return s, men["red"], men["blue"]


def test_steady_declares_its_own_lord_when_first() -> None:
    for seed in range(1, 7):
        s, red, _ = _election("election")
        assert decide(RULES, s, "ann", "steady", seed=seed).get("noble") == red


def test_steady_backs_its_own_candidate_when_first_to_vote() -> None:
    for seed in range(1, 7):
        s, red, blue = _election("ballot")
        g(s).politics.candidates = [red, blue]
        assert decide(RULES, s, "ann", "steady", seed=seed).get("support") == red


def test_the_election_counts_the_families_yet_to_vote_for_their_own_candidates() -> None:
    from engine.agents.fief_value import electing

    s, red, blue = _election("ballot")
    d = g(s)
    d.politics.candidates = [red, blue]
    assert electing(d) is None                       # one vote each: a tie crowns nobody
    d.politics.ballots["green"] = [blue, ""]
    assert electing(d) == "blue"
    d.politics.ballots["green"] = [red, ""]
    assert electing(d) == "red"
    d.flow.turn = 1                                  # red's turn passed without a marker: it abstained
    assert electing(d) is None
    d.flow.step = "purchase"
    assert electing(d) is None                       # outside an election the crown counts as held


def test_the_sample_hides_which_marker_of_another_family_is_for() -> None:
    s, red, blue = _election("ballot")
    d = g(s)
    d.politics.candidates = [red, blue]
    d.politics.ballots = {"red": [red, blue], "blue": [blue, red]}
    seen = set()
    for seed in range(12):
        twin = RULES.determinize(s, "ann", random.Random(seed))
        assert twin.data.politics.ballots["red"] == [red, blue]      # its own markers it knows
        seen.add(tuple(twin.data.politics.ballots["blue"]))
    assert seen == {(blue, red), (red, blue)}
    swapped = RULES.determinize(s, "ann", random.Random(3))
    d.politics.ballots["blue"] = [red, blue]                          # the same placing, the other marker FOR
    again = RULES.determinize(s, "ann", random.Random(3))
    assert swapped.data.politics.ballots == again.data.politics.ballots


def test_the_family_the_markers_would_crown_counts_the_crown_in_its_seat_s_score() -> None:
    from engine.agents.fief_value import CROWN, scores

    s, red, blue = _election("ballot")
    d = g(s)
    d.politics.candidates = [red, blue]
    tied = scores(d)
    d.politics.ballots["green"] = [red, ""]
    crowned = scores(d)
    assert crowned["ann"] - tied["ann"] == CROWN
    assert crowned["bob"] == tied["bob"] and crowned["cat"] == tied["cat"]


def test_while_candidates_are_declared_every_family_counts_as_yet_to_vote() -> None:
    """In the declaring step nobody has voted yet, whatever the turn: red backs its lord, blue has no
    candidate of its own and abstains, so red's lord leads; at the ballot, a family whose turn has
    passed without markers abstained, and a vote of no weight crowns nobody."""
    from engine.agents.fief_value import electing

    s, red, _ = _election("election")
    d = g(s)
    d.politics.candidates = [red]
    d.flow.turn = 2
    assert electing(d) == "red"
    d.flow.step = "ballot"
    assert electing(d) is None
    d.flow.turn = 0
    assert electing(d) == "red"
    d.nobles[red].titles = []                        # red's vote weighs nothing now
    d.politics.candidates = [red]
    assert electing(d) is None
    d.politics.candidates = []
    assert electing(d) is None                       # nobody declared
