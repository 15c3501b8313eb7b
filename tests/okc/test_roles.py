"""p.7 Setup H: each seat's faction, chosen in the lobby (``roles``) or with the older ``factions``."""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.okc import RULES

SEATS = ["a", "b", "c"]


def factions(options: dict[str, str], seed: int = 1, seats: list[str] = SEATS) -> dict[str, str]:
    state, events = RULES.new_game(seats, options, seed)
    shown = next(e for e in events if e.kind == "okc.setup").data["factions"]
    got = {s: state.data.players[s].faction for s in seats}
    assert shown == got
    return got


def test_the_lobby_offers_the_packs_factions_by_name() -> None:
    opts = RULES.default_options(3)
    assert RULES.roles(3, opts) == ["nobility", "clans", "uprising", "gathering"]
    assert RULES.role_label("clans", opts) not in ("", "clans")
    assert opts["roles"] == ""


def test_no_lobby_choice_when_the_factions_option_fixes_them() -> None:
    assert RULES.roles(2, {**RULES.default_options(2), "factions": "clans,nobility"}) == []


def test_chosen_factions_go_to_their_seats() -> None:
    assert factions({"roles": "gathering,nobility,clans"}) == {"a": "gathering", "b": "nobility", "c": "clans"}


def test_the_rest_are_dealt_from_the_factions_nobody_chose() -> None:
    seen = set()
    for seed in range(12):
        got = factions({"roles": "random,uprising,random"}, seed)
        assert got["b"] == "uprising" and len(set(got.values())) == 3 and "uprising" not in (got["a"], got["c"])
        seen.add(got["a"])
    assert len(seen) > 1


def test_all_random_roles_deal_exactly_as_the_factions_option_did() -> None:
    a, _ = RULES.new_game(SEATS, {"roles": "random,random,random"}, 9)
    b, _ = RULES.new_game(SEATS, {}, 9)
    assert RULES.fingerprint(a).replace('"roles":"random,random,random"', '"roles":""') == RULES.fingerprint(b)


def test_the_factions_option_keeps_working() -> None:
    assert factions({"factions": "clans,uprising,nobility"}) == {"a": "clans", "b": "uprising", "c": "nobility"}


@pytest.mark.parametrize(("options", "words"), [
    ({"roles": "clans,clans,random"}, "two seats"),
    ({"roles": "clans,pirates,random"}, "no role 'pirates'"),
    ({"roles": "clans,random"}, "2 entries for 3 seats"),
    ({"roles": "clans,random,random", "factions": "clans,nobility,uprising"}, "not both"),
])
def test_bad_roles_are_refused(options: dict[str, str], words: str) -> None:
    with pytest.raises(RuleError) as info:
        RULES.new_game(SEATS, options, 1)
    assert info.value.section == "p.7 Setup H" and words in info.value.message
    assert info.value.legal


def test_seat_roles_tell_the_table_each_seats_faction() -> None:
    state, _ = RULES.new_game(SEATS, {"roles": "random,clans,random"}, 3)
    got = RULES.seat_roles(state)
    assert got["b"] == "clans" and sorted(got) == SEATS and len(set(got.values())) == 3
