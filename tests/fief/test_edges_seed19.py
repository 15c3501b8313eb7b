"""Edges found by the seed-19 mutation sample (issue 12): each test fails with the one-line change
named in its docstring and passes with the rules as written."""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.core.offers import Offer
from engine.fief import flow
from engine.fief.cards.fortune import check_weather
from engine.fief.components import C
from engine.fief.estates.succession import kill_noble
from engine.fief.state import MAP, SeaCard
from tests.fief.helpers import do, g, started
from tests.fief.test_s12_relics import _purchase


def test_8_0_offers_still_open_lapse_at_the_end_of_the_round_and_say_why() -> None:
    """flow.end_round: each open offer lapses with "end of round" as its reason."""
    s = started(4)
    d = g(s)
    d.offers.open.append(Offer(d.offers.next_id, "ann", "bob", {"shillings": 1}, {}))
    s.take_events()
    flow.end_round(s, d)
    [lapsed] = [e for e in s.take_events() if e.kind == "offer.expired"]
    assert (lapsed.data["by"], lapsed.data["to"], lapsed.data["why"]) == ("ann", "bob", "end of round")
    assert not d.offers.open


@pytest.mark.parametrize("lying,section,why", [("weather", "2.9", "Good Weather already lies there"),
                                               ("famine", "2.7", "FAMINE lies there")])
def test_2_7_and_2_9_good_weather_is_refused_where_famine_or_this_rounds_weather_lies(
        lying: str, section: str, why: str) -> None:
    """fortune.check_weather: a second Good Weather in one round is refused under 2.9, not 2.7 for Famine."""
    s = started(4)
    d = g(s)
    card = next(c for c, info in C.cards.items() if info.kind == "weather")
    d.players["ann"].hand.append(card)
    family = d.players["ann"].families[0]
    d.seas[MAP.regions["III"].sea].append(SeaCard(f"{lying}-x", lying, by="blue", round=d.flow.round))
    with pytest.raises(RuleError) as err:
        check_weather(d, family, card, "III")
    assert err.value.section == section and why in str(err.value)
    assert err.value.code == "weather_region" and "III" not in err.value.legal


def test_12_3_the_skull_names_the_noble_it_raises() -> None:
    """relics.raise_fallen: the event says which noble rises, so the table reads its name."""
    state = _purchase()
    data = g(state)
    data.nobles["lucia"].relics = ["skull"]
    kill_noble(state, data, "william", cause="test")
    [fallen] = [e for e in state.take_events() if e.kind == "relic.skull_fallen"]
    assert fallen.data == {"noble": "william", "family": "red", "city": data.nobles["william"].city, "cause": "test",
                           "seat": "ann"}
    [raised] = [e for e in do(state, "ann", "skull noble:william") if e.kind == "relic.skull_raised"]
    assert raised.data["noble"] == "william" and raised.data["city"] == data.nobles["william"].city
