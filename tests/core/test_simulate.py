"""Random playouts of the test game pass every invariant, and broken rules are caught."""

import random

from engine.core import Action, Event
from engine.playout import Playout, choice
from engine.simulate import main
from tests.games.tribute import RULES, TributeRules


def test_playouts_pass(capsys) -> None:
    assert main(["tests.games.tribute:RULES", "--games", "12", "--seed", "4"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[-1].startswith("12 games, ") and out[-1].endswith("decisions/s")


def test_a_run_split_with_start_plays_the_same_games(capsys) -> None:
    assert main(["tests.games.tribute:RULES", "--games", "5", "--seed", "4"]) == 0
    whole = [line for line in capsys.readouterr().out.splitlines() if line.startswith("game ")]
    assert main(["tests.games.tribute:RULES", "--games", "2", "--seed", "4", "--start", "3"]) == 0
    assert [line for line in capsys.readouterr().out.splitlines() if line.startswith("game ")] == whole[3:]


def test_replay_is_deterministic() -> None:
    a = Playout(RULES, ["x", "y", "z"], 99)
    b = Playout(RULES, ["x", "y", "z"], 99)
    assert RULES.fingerprint(a.run()) == RULES.fingerprint(b.run())


class LeakyRules(TributeRules):
    """Puts a hidden fact into a public event: the simulator must notice."""

    def play(self, state, seat, action: Action) -> None:
        super().play(state, seat, action)
        state.emit(Event.public("leak", coins=state.data.players[seat].coins))


class SloppyRules(TributeRules):
    """Changes the state before refusing: the simulator must notice."""

    def play(self, state, seat, action: Action) -> None:
        state.data.players[seat].points += 0 if action.kind in self.actions else 0
        if action.kind == "bid":
            state.data.players[seat].coins += 1
        super().play(state, seat, action)

    def permute_hidden(self, state, rnd: random.Random) -> None:
        return None


def test_leaks_are_caught(capsys) -> None:
    import tests.core.test_simulate as me
    me.LEAKY = LeakyRules()
    assert main(["tests.core.test_simulate:LEAKY", "--games", "3"]) == 1
    assert "depend on hidden facts" in capsys.readouterr().out


def test_changes_before_refusal_are_caught(capsys) -> None:
    import tests.core.test_simulate as me
    me.SLOPPY = SloppyRules()
    assert main(["tests.core.test_simulate:SLOPPY", "--games", "3"]) == 1
    assert "changed the state" in capsys.readouterr().out


class HastyRules(TributeRules):
    """Answers the turn check without asking pending, and wrongly: the simulator must notice."""

    def waits_on(self, state, seat: str) -> bool:
        return True


def test_a_turn_check_that_disagrees_with_pending_is_caught(capsys) -> None:
    import tests.core.test_simulate as me
    me.HASTY = HastyRules()
    assert main(["tests.core.test_simulate:HASTY", "--games", "3"]) == 1
    assert "waits_on and pending disagree" in capsys.readouterr().out


def test_the_playout_choice_draws_as_random_choice() -> None:
    """engine.playout.choice is random.choice written out: the same item and the same stream after it."""
    for seed in range(200):
        mine, theirs = random.Random(seed), random.Random(seed)
        for n in (1, 2, 3, 5, 8, 13, 64, 100):
            items = list(range(n))
            assert choice(mine, items) == theirs.choice(items)
        assert mine.random() == theirs.random()
