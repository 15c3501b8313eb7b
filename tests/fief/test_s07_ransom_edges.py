"""7.7 and 13.4 ransoms (engine.fief.estates.ransom), each boundary on both sides: the price by title and by
the Bandits' table, who must pay, an offer's range, and where a noble freed by the Bandits goes (the
friendly cities nearest Sherwood)."""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.fief.estates import ransom
from engine.fief.state import MAP
from tests.fief.helpers import g, new


def _captive(captor: str = "blue", titles: tuple[str, ...] = (), purse: int = 0):  # type: ignore[no-untyped-def]
    s = new(4)
    d = g(s)
    d.flow.phase, d.flow.step, d.flow.round = 4, "ransom", 2
    n = d.nobles["william"]
    n.city, n.captor, n.titles = "Oxford", captor, list(titles)
    n.held_by = "walter" if captor == "blue" else None
    d.nobles["walter"].city = "Oxford"
    d.players["ann"].shillings = purse
    return s, d, n


@pytest.mark.parametrize("captor,titles,price", [
    ("blue", (), 2), ("blue", ("lord:III",), 4), ("blue", ("lord:III", "lord:IV"), 6),
    ("blue", ("king",), 4), ("invaders:army-1", ("bishop:york",), 4),
    ("bandits", (), 2), ("bandits", ("lord:III",), 4), ("bandits", ("lord:III", "lord:IV"), 4),
    ("bandits", ("bishop:york",), 5), ("bandits", ("archbishop:york",), 5),
    ("bandits", ("bishop:york", "lord:IV"), 10),
    ("bandits", ("king",), 0), ("bandits", ("queen",), 0), ("bandits", ("sovereign_queen",), 0),
    ("bandits", ("king", "bishop:york", "lord:IV"), 0),
])
def test_7_7_13_4_the_price_of_each_captive(captor, titles, price) -> None:
    _s, _d, n = _captive(captor, titles)
    assert ransom.ransom_value(n) == price


@pytest.mark.parametrize("purse,paid", [(1, False), (2, True), (3, True)])
def test_7_7_paying_needs_the_whole_ransom_in_the_purse(purse, paid) -> None:
    _s, d, _n = _captive(purse=purse)
    if paid:
        assert ransom.check_pay(d, "red", "william", None)[0] == 2
    else:
        with pytest.raises(RuleError) as err:
            ransom.check_pay(d, "red", "william", None)
        assert (err.value.section, err.value.code, err.value.legal) == (
            "7.7", "funds", "offer a lower ransom to a family captor, or done")
        assert err.value.message == "the ransom of William is 2 shillings, more than you have"


def test_7_7_only_ones_own_captive_may_be_ransomed() -> None:
    _s, d, _n = _captive(purse=5)
    with pytest.raises(RuleError) as err:
        ransom.check_pay(d, "red", "lucia", None)
    assert (err.value.section, err.value.code, err.value.message, err.value.legal) == (
        "7.7", "not_captive", "'lucia' is not a captive of your family", ["william"])
    with pytest.raises(RuleError) as err:
        ransom.check_pay(d, "blue", "william", None)
    assert (err.value.code, err.value.legal) == ("not_captive", "no captives")


@pytest.mark.parametrize("amount,purse,code", [(-1, 1, "offer_amount"), (0, 1, None), (1, 1, None),
                                                (2, 5, "offer_amount"), (1, 0, "funds")])
def test_7_7_an_offer_lies_between_nothing_and_one_less_than_the_ransom(amount, purse, code) -> None:
    _s, d, _n = _captive(purse=purse)
    if code is None:
        assert ransom.check_offer(d, "red", "william", amount, None)[0] == "blue"
    else:
        with pytest.raises(RuleError) as err:
            ransom.check_offer(d, "red", "william", amount, None)
        assert (err.value.section, err.value.code, err.value.message, err.value.legal) == (
            ("7.7", code, "an offer is below the full ransom of 2", "0..1") if code == "offer_amount"
            else ("7.7", code, "you cannot offer more than you have", "a smaller amount"))


def test_7_7_no_offer_when_the_full_ransom_is_affordable_and_none_to_invaders_or_bandits() -> None:
    _s, d, _n = _captive(purse=2)
    with pytest.raises(RuleError) as err:
        ransom.check_offer(d, "red", "william", 1, None)
    assert (err.value.section, err.value.code, err.value.message, err.value.legal) == (
        "7.7", "mandatory", "you can pay the full ransom of 2: it is mandatory", "pay_ransom captive:william")
    _s, d, _n = _captive(purse=1)
    with pytest.raises(RuleError) as err:              # a freed noble goes only where the ransom rules send him
        ransom.check_offer(d, "red", "william", 1, "Atlantis")
    assert (err.value.section, err.value.code, err.value.message, err.value.legal) == (
        "7.7", "release_city", "William cannot be freed to 'Atlantis'", ransom.places(d, d.nobles["william"]))
    for captor in ("bandits", "invaders:army-1"):
        _s, d, _n = _captive(captor, purse=0)
        with pytest.raises(RuleError) as err:
            ransom.check_offer(d, "red", "william", 0, None)
        assert (err.value.code, err.value.legal) == ("no_haggle", "pay_ransom captive:william")


def test_7_7_done_is_refused_while_a_full_ransom_is_affordable() -> None:
    _s, d, _n = _captive(purse=2)
    with pytest.raises(RuleError) as err:
        ransom.check_done(d, "red")
    assert err.value.legal == ["pay_ransom captive:william"]
    d.players["ann"].shillings = 1
    ransom.check_done(d, "red")


# -- 13.4 where the Bandits let a noble go ---------------------------------------------------------
def _bandit_places(held_by_blue: set[str]) -> list[str]:
    _s, d, n = _captive("bandits")
    d.nobles["walter"].city = None
    for c in held_by_blue:
        d.cities[c].controller = "blue"
    return ransom.places(d, n)


def _ring(k: int) -> set[str]:
    """The cities k roads away from the nearest Sherwood city."""
    seen, ring = set(MAP.sherwood), set(MAP.sherwood)
    for _ in range(k):
        ring = {x for c in ring for x in MAP.neighbours(c)} - seen
        seen |= ring
    return ring


def test_13_4_a_noble_freed_by_the_bandits_goes_to_the_nearest_friendly_city() -> None:
    assert _bandit_places(set()) == sorted(MAP.sherwood)
    assert _bandit_places(set(MAP.sherwood)) == sorted(_ring(1))
    one = sorted(_ring(1))
    assert _bandit_places(set(MAP.sherwood) | set(one[1:])) == one[:1]
    assert _bandit_places(set(MAP.sherwood) | _ring(1)) == sorted(_ring(2))
    everywhere = set(MAP.cities)
    assert _bandit_places(everywhere) == sorted(MAP.sherwood)   # ruling R27: no friendly city, the nearest of all


def test_13_4_a_city_held_by_the_family_or_where_a_free_noble_of_it_stands_is_friendly() -> None:
    _s, d, n = _captive("bandits")
    d.nobles["walter"].city = None
    for c in d.cities.values():
        c.controller = "blue"
    d.cities["Exeter"].controller = "red"
    assert ransom.places(d, n) == ["Exeter"]
    d.nobles["lucia"].city = "York"
    assert ransom.places(d, n) == ["York"]           # nearer: a Sherwood city
    d.nobles["lucia"].captor = "green"
    assert ransom.places(d, n) == ["Exeter"]         # a captive sister makes no city friendly
