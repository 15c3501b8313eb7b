"""Fair shares (bot/discord/fairness.py): token buckets per person and per game, with when to try again."""

from __future__ import annotations

from bot.discord.fairness import Buckets, Fairness, game_key, slow_down
from tests.speech import engine_speak


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_person_gets_a_burst_then_a_steady_rate_and_is_told_when():
    clock = Clock()
    fair = Fairness(person=(2.0, 4.0), game=(100.0, 100.0), clock=clock)
    assert [fair.admit("mallory", "game:1") for _ in range(4)] == [0.0] * 4
    wait = fair.admit("mallory", "game:1")
    assert 0.4 < wait <= 0.5  # half a second for the next token at two a second
    assert fair.admit("alice", "game:1") == 0.0  # another person is not held back by mallory
    clock.now += 0.5
    assert fair.admit("mallory", "game:1") == 0.0
    assert fair.admit("mallory", "game:1") > 0
    clock.now += 60
    assert [fair.admit("mallory", "game:1") for _ in range(4)] == [0.0] * 4  # full again, never past the burst
    assert fair.admit("mallory", "game:1") > 0
    assert fair.refused == 3


def test_a_game_has_its_own_share_whoever_sends():
    clock = Clock()
    fair = Fairness(person=(100.0, 100.0), game=(1.0, 3.0), clock=clock)
    assert [fair.admit(f"p{i}", "game:7") for i in range(3)] == [0.0] * 3
    assert fair.admit("p9", "game:7") > 0
    assert fair.admit("p9", "game:8") == 0.0  # other games are untouched
    assert fair.admit("p9", None) == 0.0  # a DM without a game: the person's share only


def test_a_refused_interaction_takes_nothing():
    clock = Clock()
    fair = Fairness(person=(1.0, 1.0), game=(1.0, 1.0), clock=clock)
    assert fair.admit("a", "game:1") == 0.0
    assert fair.admit("b", "game:1") > 0  # the game is spent: b's own token is kept
    clock.now += 1
    assert fair.admit("b", "game:1") == 0.0


def test_buckets_forget_the_least_recent_past_their_bound():
    clock = Clock()
    b = Buckets(1.0, 1.0, keep=3, clock=clock)
    for key in "abcd":
        b.take(key)
    assert len(b._buckets) == 3 and "a" not in b._buckets


def test_what_is_keyed_and_what_people_read():
    assert game_key("sn:c:12:3:0", 55) == "game:12"
    assert game_key("sn:l:4:join", 55) == "game:4"
    assert game_key(None, 55) == "channel:55"
    assert game_key("other", None) is None
    said = slow_down(0.2)
    assert said == ("The table is answering a lot at once, so this one waits: please try again in 1 second. "
                    "Nothing was changed.")
    assert "3 seconds" in slow_down(2.5)
    assert not engine_speak(said)


def test_a_board_costs_more_than_an_answer():
    from bot.discord.fairness import cost_of

    assert cost_of({"name": "game", "options": [{"name": "board", "type": 1, "options": []}]}) == 4.0
    assert cost_of({"name": "game", "options": [{"name": "status", "type": 1}]}) == 1.0
    assert cost_of({"custom_id": "sn:c:1:2:0"}) == 1.0
    clock = Clock()
    fair = Fairness(person=(1.0, 5.0), game=(100.0, 100.0), clock=clock)
    assert fair.admit("m", None, 4.0) == 0.0
    assert fair.admit("m", None, 4.0) == 3.0  # one token left: three more seconds for the next board
    assert fair.admit("m", None) == 0.0
