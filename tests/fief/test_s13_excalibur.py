"""13.2: Excalibur in its stone at Winchester, drawn in Phase 5 and Phase 7, the crown it brings, its
melee hit and Abbey income, and the sword passed on when its bearer falls (rulings X1-X4)."""

from __future__ import annotations

from engine.core import Audience
from engine.fief import RULES
from engine.fief.board import excalibur
from engine.fief.crown.crowning import crown
from engine.fief.estates import income
from engine.fief.estates.succession import kill_noble
from engine.fief.state import sovereign
from engine.fief.war.battle.captives import capture
from tests.fief.helpers import defaults_until, do, g, refused, started


def _moving(noble: str = "arthur"):  # type: ignore[no-untyped-def]
    """Round 1's Movement step with the noble's family to move, the noble standing at Winchester."""
    state = started(4, 1)
    defaults_until(state, "move", 5)
    data = g(state)
    fam = data.nobles[noble].family
    data.flow.queue, data.flow.turn = [fam], 0
    data.nobles[noble].city = "Winchester"
    return state


def test_13_2_the_sword_waits_in_its_stone_at_winchester() -> None:
    state = started(4, 1)
    assert RULES.view(state, None)["excalibur"] == {"city": "Winchester", "holder": None, "stone": True}


def test_13_2_arthur_draws_it_on_a_four_and_is_crowned() -> None:
    state = _moving("arthur")
    state.rng.force(4)
    events = do(state, "cat", "draw_excalibur noble:arthur")
    assert [e.data["drawn"] for e in events if e.kind == "excalibur.tried"] == [True]
    assert [(e.data["why"], e.data["value"]) for e in events if e.kind == "random.roll"] == [("excalibur", 4)]
    told = {e.kind: RULES.words().event(state, e, Audience(None, {})) for e in events if e.kind.startswith("excalibur")}
    assert told == {"excalibur.tried": "Lord Arthur grips Excalibur at Winchester: the die shows 4 (4 or more needed), "
                                       "and draws it from the stone!",
                    "excalibur.taken": None}                       # the draw tells it once
    data = g(state)
    assert data.excalibur.holder == "arthur" and "king" in data.nobles["arthur"].titles
    assert sovereign(data) is data.nobles["arthur"]


def test_13_2_another_nobleman_needs_a_six_and_tries_once_per_phase() -> None:
    state = _moving("walter")
    state.rng.force(5)
    do(state, "bob", "draw_excalibur noble:walter")
    assert g(state).excalibur.stone
    assert refused(state, "bob", "draw_excalibur noble:walter").code == "excalibur_draw"


def test_13_2_no_lady_and_no_bishop_may_draw() -> None:
    state = _moving("walter")
    g(state).nobles["matilda"].city = "Winchester"
    assert refused(state, "bob", "draw_excalibur noble:matilda").code == "excalibur_draw"
    g(state).nobles["walter"].titles.append("bishop:canterbury")
    assert refused(state, "bob", "draw_excalibur noble:walter").code == "excalibur_draw"


def test_13_2_drawn_while_a_sovereign_sits_brings_no_crown() -> None:
    state = _moving("walter")
    crown(state, g(state), "william", "election")
    state.rng.force(6)
    do(state, "bob", "draw_excalibur noble:walter")
    data = g(state)
    assert data.excalibur.holder == "walter" and "king" not in data.nobles["walter"].titles


def test_13_2_the_fallen_kings_sword_makes_its_taker_king() -> None:
    state = _moving("arthur")
    data = g(state)
    state.rng.force(4)
    do(state, "cat", "draw_excalibur noble:arthur")
    data.nobles["walter"].city = "Winchester"
    capture(state, data, None, "arthur", "walter")
    assert data.excalibur.holder == "walter" and "king" in data.nobles["walter"].titles
    assert "king" not in data.nobles["arthur"].titles


def test_13_2_on_its_bearers_death_it_lies_for_another_nobleman_to_take() -> None:
    state = _moving("arthur")
    data = g(state)
    state.rng.force(4)
    do(state, "cat", "draw_excalibur noble:arthur")
    kill_noble(state, data, "arthur", cause="test")
    x = data.excalibur
    assert (x.holder, x.city, x.stone, x.fallen) == (None, "Winchester", False, "arthur")
    assert sovereign(data) is None
    err = refused(state, "dan", "take_excalibur noble:edward")          # Edward is still at Cardiff
    assert (err.section, err.code, err.legal) == ("13.2", "excalibur_take", "none")
    data.nobles["edward"].city = data.nobles["walter"].city = "Winchester"
    excalibur.pass_on(state, data, "edward", "walter")   # only its bearer's fall passes it on
    assert x.holder is None
    events = do(state, "dan", "take_excalibur noble:edward")
    [taken] = [e for e in events if e.kind == "excalibur.taken"]
    assert taken.data["how"] == "taken"
    assert RULES.words().event(state, taken, Audience(None, {})) == "Lord Edward takes up Excalibur at Winchester."
    assert (x.holder, x.city, x.stone, x.fallen) == ("edward", None, False, None)
    assert "king" in data.nobles["edward"].titles


def test_13_2_a_melee_hit_for_its_side_and_three_shillings_for_an_abbey() -> None:
    state = _moving("arthur")
    data = g(state)
    state.rng.force(4)
    do(state, "cat", "draw_excalibur noble:arthur")
    assert excalibur.melee_bonus(data, ["arthur"]) == 1 and excalibur.melee_bonus(data, ["walter"]) == 0
    before = income.visitors(data, "Winchester")
    data.nobles["arthur"].city = "Plymouth"
    assert before - income.visitors(data, "Winchester") >= 3


def test_13_2_pass_on_hands_it_to_an_ambusher_at_once() -> None:
    state = _moving("arthur")
    data = g(state)
    state.rng.force(4)
    do(state, "cat", "draw_excalibur noble:arthur")
    data.nobles["edward"].city = "Winchester"
    excalibur.pass_on(state, data, "arthur", "edward")
    assert data.excalibur.holder == "edward"


def test_a_save_from_before_the_sword_loads_with_it_in_its_stone() -> None:
    """Old saves: the new fields (board card, Crossbowmen, relic powers, Excalibur) take their defaults."""
    import copy
    state = started(4, 1)
    saved = copy.deepcopy(RULES.dump(state))
    for key in ("mercenaries", "relic_powers", "excalibur"):
        saved["data"].pop(key)
    for fam in saved["data"]["families"].values():
        fam.pop("board_card")
    loaded = RULES.load(saved)
    assert loaded.data.excalibur.city == "Winchester" and loaded.data.families["red"].board_card is None
