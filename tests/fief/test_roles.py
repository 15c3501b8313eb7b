"""Game Setup ("players pick a colour") and 13.7: the ``roles`` option chooses each seat's family."""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.fief import RULES
from engine.fief.state import Fief

SEATS4 = ["a", "b", "c", "d"]


def families(seats: list[str], roles: str | None = None, seed: int = 3) -> dict[str, list[str]]:
    options = {} if roles is None else {"roles": roles}
    state, events = RULES.new_game(seats, options, seed)
    g: Fief = state.data
    done = next(e for e in events if e.kind == "setup.done")
    assert done.data["families"] == {s: g.players[s].families for s in seats}  # announced publicly
    for s in seats:
        for f in g.players[s].families:
            assert g.families[f].seat == s
    return {s: list(g.players[s].families) for s in seats}


def test_the_lobby_offers_the_four_colours_with_their_names() -> None:
    assert RULES.roles(3, RULES.default_options(3)) == ["red", "blue", "green", "yellow"]
    assert RULES.role_label("green", {}) == "Green"
    assert RULES.default_options(4)["roles"] == ""


def test_without_roles_families_follow_seat_order_as_before() -> None:
    assert families(SEATS4) == {"a": ["red"], "b": ["blue"], "c": ["green"], "d": ["yellow"]}
    assert families(["a", "b"]) == {"a": ["red", "blue"], "b": ["green", "yellow"]}


def test_chosen_colours_go_to_their_seats() -> None:
    assert families(SEATS4, "yellow,green,blue,red") == {"a": ["yellow"], "b": ["green"], "c": ["blue"],
                                                        "d": ["red"]}


def test_seats_that_did_not_choose_are_dealt_the_colours_left_at_random() -> None:
    seen = set()
    for seed in range(12):
        got = families(["a", "b", "c"], "green,random,", seed=seed)
        assert got["a"] == ["green"]
        assert got["b"] != got["c"] and {got["b"][0], got["c"][0]} <= {"red", "blue", "yellow"}
        seen.add((got["b"][0], got["c"][0]))
    assert len(seen) > 1  # really dealt, not seat order


def test_the_deal_is_logged_and_replays_from_the_seed() -> None:
    state, events = RULES.new_game(["a", "b", "c"], {"roles": "random,blue,random"}, 5)
    assert any(e.kind == "random.shuffle" and e.data.get("why") == "families" for e in events)
    again, _ = RULES.new_game(["a", "b", "c"], {"roles": "random,blue,random"}, 5)
    assert RULES.fingerprint(state) == RULES.fingerprint(again)


def test_two_players_pick_their_first_family_and_are_dealt_a_second() -> None:
    """13.7 (our ruling): the picked family is the first board, played first; the second is dealt."""
    seen = set()
    for seed in range(10):
        got = families(["a", "b"], "blue,red", seed=seed)
        assert got["a"][0] == "blue" and got["b"][0] == "red"
        assert sorted([got["a"][1], got["b"][1]]) == ["green", "yellow"]
        seen.add(got["a"][1])
    assert seen == {"green", "yellow"}
    got = families(["a", "b"], "random,yellow")
    assert got["b"][0] == "yellow" and len({*got["a"], *got["b"]}) == 4


def test_the_picked_family_plays_first_in_a_two_player_game() -> None:
    state, _ = RULES.new_game(["a", "b"], {"roles": "green,red"}, 2)
    g: Fief = state.data
    order = g.flow.order
    assert order.index("green") < order.index(g.players["a"].families[1])
    assert order.index("red") < order.index(g.players["b"].families[1])


@pytest.mark.parametrize(("roles", "section", "words"), [
    ("red,red,blue", "Game Setup", "two seats"),
    ("red,purple,blue", "Game Setup", "no role 'purple'"),
    ("red,blue", "Game Setup", "2 entries for 3 seats"),
])
def test_bad_roles_are_refused_with_the_section_and_what_is_legal(roles: str, section: str, words: str) -> None:
    with pytest.raises(RuleError) as info:
        RULES.new_game(["a", "b", "c"], {"roles": roles}, 1)
    err = info.value
    assert err.section == section and words in err.message and err.code == "bad_roles"
    assert "random" in str(err.legal)


def test_a_two_player_refusal_names_13_7() -> None:
    with pytest.raises(RuleError) as info:
        RULES.new_game(["a", "b"], {"roles": "red,red"}, 1)
    assert info.value.section == "13.7"


def test_seat_roles_tell_the_table_each_seats_families() -> None:
    state, _ = RULES.new_game(["a", "b"], {"roles": "yellow,random"}, 2)
    got = RULES.seat_roles(state)
    assert got["a"].startswith("yellow+") and set("+".join(got.values()).split("+")) == {"red", "blue", "green",
                                                                                         "yellow"}
