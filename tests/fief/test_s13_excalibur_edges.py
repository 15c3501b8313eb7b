"""13.2 Excalibur (engine.fief.board.excalibur), each condition on both sides: who may bear it, when the
sword may be drawn and on what roll, the crown it brings, where it lies when its bearer falls, who may
take it then, its melee hit and its Abbey income (rulings X1-X4)."""

from __future__ import annotations

import pytest

from engine.core import Audience, RuleError
from engine.fief import RULES
from engine.fief.board import excalibur
from engine.fief.war.state import Battle
from tests.fief.helpers import at_step, do, g


def _state(step: str = "move", phase: int = 5):  # type: ignore[no-untyped-def]
    s = at_step(phase, step, ("green",))
    d = g(s)
    for nid in ("arthur", "edith", "walter"):
        d.nobles[nid].city = "Winchester"
    s.take_events()
    return s, d


@pytest.mark.parametrize("change,ok", [
    ({}, True), ({"titles": ["lord:VI"]}, True), ({"titles": ["king"]}, True),
    ({"titles": ["bishop:canterbury"]}, False), ({"titles": ["archbishop:york"]}, False),
    ({"sex": "f"}, False), ({"captor": "red"}, False), ({"city": None}, False), ({"outskirts": True}, True),
])
def test_13_2_a_free_nobleman_inside_a_city_and_no_bishop_may_bear_the_sword(change, ok) -> None:
    _s, d = _state()
    n = d.nobles["arthur"]
    for k, v in change.items():
        setattr(n, k, v)
    assert excalibur.eligible(n) is ok
    assert excalibur.eligible(None) is False


def test_13_2_a_nobleman_on_the_outskirts_is_in_the_city_and_may_draw_the_sword() -> None:
    """13.2 with 5.0 ("Units in a City's Outskirts are considered 'IN the City'"): before the fix, ruling X2
    refused a nobleman left on Winchester's outskirts."""
    s, d = _state()
    d.nobles["arthur"].outskirts = True
    assert excalibur.drawers(d, "green") == ["arthur"]
    s.rng.force(6)
    do(s, "cat", "draw_excalibur noble:arthur")
    assert d.excalibur.holder == "arthur"


def test_13_2_drawers_in_phase_5_and_7_only_once_each_in_the_swords_city_and_not_mid_battle() -> None:
    _s, d = _state()
    assert excalibur.drawers(d, "green") == ["arthur"]
    assert excalibur.drawers(d, "blue") == ["walter"]
    d.excalibur.tried = ["arthur|5"]
    assert excalibur.drawers(d, "green") == []
    d.flow.step = "battle"
    assert excalibur.drawers(d, "green") == ["arthur"]
    d.war.battle = Battle("Oxford", "red", "blue")
    assert excalibur.drawers(d, "green") == []
    d.war.battle = None
    for step in ("purchase", "pillage", "parley"):
        d.flow.step = step
        assert excalibur.drawers(d, "green") == []
    d.flow.step = "move"
    d.excalibur.tried = []
    d.nobles["arthur"].city = "Oxford"
    assert excalibur.drawers(d, "green") == []
    d.nobles["arthur"].city = "Winchester"
    d.excalibur.stone = False
    assert excalibur.drawers(d, "green") == []
    d.excalibur.stone, d.excalibur.city = True, None
    assert excalibur.drawers(d, "green") == []


def test_13_2_a_refused_draw_names_the_rule_and_who_may_try() -> None:
    _s, d = _state()
    with pytest.raises(RuleError) as err:
        excalibur.check_draw(d, "green", "edith")
    assert (err.value.section, err.value.code, err.value.legal) == ("13.2", "excalibur_draw", ["arthur"])
    assert err.value.message == ("a free nobleman of yours (no Bishop or Archbishop) in the sword's city tries once "
                                 "in your Phase 5 turn and once in your Phase 7 turn")
    excalibur.check_draw(d, "green", "arthur")
    d.excalibur.tried = ["arthur|5"]
    with pytest.raises(RuleError) as err:
        excalibur.check_draw(d, "green", "arthur")
    assert err.value.legal == "none now"


@pytest.mark.parametrize("nid,face,drawn", [("arthur", 3, False), ("arthur", 4, True), ("arthur", 6, True),
                                            ("walter", 5, False), ("walter", 6, True)])
def test_13_2_arthur_draws_on_four_to_six_and_any_other_on_a_six(nid, face, drawn) -> None:
    s, d = _state("battle", 7)
    s.rng.force(face)
    fam = d.nobles[nid].family
    excalibur.draw(s, d, fam, nid)
    assert d.excalibur.tried == [f"{nid}|7"]
    events = s.take_events()
    (tried,) = [e.data for e in events if e.kind == "excalibur.tried"]
    assert tried == {"noble": nid, "family": fam, "city": "Winchester", "roll": face,
                     "need": 4 if nid == "arthur" else 6, "drawn": drawn}
    assert (d.excalibur.holder == nid) is drawn and d.excalibur.stone is not drawn
    if drawn:
        assert d.excalibur.city is None and d.excalibur.fallen is None
        assert [e.data["how"] for e in events if e.kind == "excalibur.taken"] == ["drawn"]
        assert "king" in d.nobles[nid].titles   # nobody sat on the throne


def test_13_2_drawn_under_a_sitting_sovereign_brings_no_crown_and_keeps_the_sovereign() -> None:
    s, d = _state()
    d.nobles["william"].titles = ["king"]
    s.rng.force(6)
    excalibur.draw(s, d, "green", "arthur")
    assert d.excalibur.holder == "arthur" and "king" not in d.nobles["arthur"].titles
    assert "king" in d.nobles["william"].titles


@pytest.mark.parametrize("title", ["king", "sovereign_queen"])
def test_13_2_x3_the_taker_of_a_fallen_sovereigns_sword_deposes_the_sovereign(title) -> None:
    s, d = _state()
    d.nobles["edith"].titles = [title]
    d.excalibur.holder, d.excalibur.stone, d.excalibur.city = "edith", False, None
    d.nobles["edith"].captor = "blue"
    excalibur.fall(s, d, "edith")
    assert d.excalibur.fallen == "edith"
    excalibur.take(s, d, "walter")
    assert title not in d.nobles["edith"].titles and "king" in d.nobles["walter"].titles
    lost = [e.data for e in s.take_events() if e.kind == "title.lost"]
    assert lost == [{"noble": "edith", "title": title}]


@pytest.mark.parametrize("title", ["king", "sovereign_queen"])
def test_13_2_x3_the_taker_of_any_fallen_bearers_sword_becomes_king_over_a_sitting_sovereign(title) -> None:
    """13.2: "This new Noble immediately becomes the new King", whoever sat on the throne (before the fix,
    ruling X3 crowned him only when the fallen bearer had been the Sovereign or nobody sat)."""
    s, d = _state()
    d.nobles["william"].titles = [title]
    d.nobles["william"].spouse, d.nobles["edith"].spouse = ("edith", "william") if title == "king" else (None, None)
    if title == "king":
        d.nobles["edith"].titles = ["queen"]
    d.excalibur.holder, d.excalibur.stone, d.excalibur.city = "arthur", False, None
    excalibur.fall(s, d, "arthur")
    excalibur.take(s, d, "walter")
    assert "king" in d.nobles["walter"].titles and title not in d.nobles["william"].titles
    assert "queen" not in d.nobles["edith"].titles


def test_13_2_x3_the_fallen_sovereign_taking_it_back_stays_sovereign() -> None:
    s, d = _state()
    d.nobles["arthur"].titles = ["king"]
    d.excalibur.holder, d.excalibur.stone, d.excalibur.city = "arthur", False, None
    excalibur.fall(s, d, "arthur")
    excalibur.take(s, d, "arthur")
    assert d.nobles["arthur"].titles == ["king"]
    assert [e.kind for e in s.take_events() if e.kind in ("title.lost", "crown.taken")] == []


def test_13_2_x4_the_sword_falls_where_its_bearer_stood_or_back_to_the_stone() -> None:
    s, d = _state()
    d.excalibur.holder, d.excalibur.stone, d.excalibur.city = "walter", False, None
    d.nobles["walter"].city = "Oxford"
    excalibur.fall(s, d, "arthur")            # not the bearer: nothing
    assert d.excalibur.holder == "walter" and s.take_events() == []
    excalibur.fall(s, d, "walter")
    assert (d.excalibur.holder, d.excalibur.city, d.excalibur.stone, d.excalibur.fallen) == (
        None, "Oxford", False, "walter")
    events = s.take_events()
    assert [(e.kind, e.data) for e in events] == [("excalibur.fell", {"noble": "walter", "city": "Oxford",
                                                                      "stone": False})]
    assert [RULES.words().event(s, e, Audience(None, {})) for e in events] == [
        "Excalibur falls from Lord Walter's hand and lies at Oxford."]
    d.excalibur.holder = "walter"
    d.nobles["walter"].city = None
    excalibur.fall(s, d, "walter")
    assert (d.excalibur.city, d.excalibur.stone, d.excalibur.fallen) == ("Winchester", True, None)
    assert [RULES.words().event(s, e, Audience(None, {})) for e in s.take_events() if e.kind == "excalibur.fell"] == [
        "Excalibur leaves Lord Walter and returns to its stone at Winchester."]


def test_13_2_x4_a_sword_back_in_its_stone_is_drawn_afresh_and_deposes_nobody() -> None:
    """Ruling X4: a bearer who falls outside any city sends the sword back to its stone; the next to draw
    it there under a sitting King only bears it (before the fix the fallen bearer stayed recorded, and
    the draw deposed the King under ruling X3)."""
    s, d = _state()
    d.nobles["william"].titles = ["king"]
    d.excalibur.holder, d.excalibur.stone, d.excalibur.city = "walter", False, None
    d.nobles["walter"].city = None
    excalibur.fall(s, d, "walter")
    s.rng.force(6)
    excalibur.draw(s, d, "green", "arthur")
    assert d.excalibur.holder == "arthur" and "king" not in d.nobles["arthur"].titles
    assert d.nobles["william"].titles == ["king"]
    assert [e.kind for e in s.take_events() if e.kind in ("title.lost", "crown.taken")] == []


def test_13_2_takers_only_while_it_lies_out_of_its_stone_and_unborne() -> None:
    _s, d = _state()
    assert excalibur.takers(d, "cat") == []                      # in its stone
    d.excalibur.stone = False
    assert excalibur.takers(d, "cat") == ["arthur"] and excalibur.takers(d, "ann") == []
    d.excalibur.holder = "walter"
    assert excalibur.takers(d, "cat") == []                      # borne
    d.excalibur.holder, d.excalibur.city = None, None
    assert excalibur.takers(d, "cat") == []
    d.excalibur.city = "Winchester"
    with pytest.raises(RuleError) as err:
        excalibur.check_take(d, "cat", "edith")
    assert (err.value.section, err.value.code, err.value.legal) == ("13.2", "excalibur_take", ["arthur"])
    assert err.value.message == "a free nobleman of yours (no Bishop or Archbishop) in the city where the sword lies"
    with pytest.raises(RuleError) as err:
        excalibur.check_take(d, "ann", "william")
    assert err.value.legal == "none"
    excalibur.check_take(d, "cat", "arthur")


def test_13_2_the_melee_hit_goes_to_a_free_bearers_side_only() -> None:
    _s, d = _state()
    assert excalibur.melee_bonus(d, ["arthur"]) == 0
    d.excalibur.holder, d.excalibur.stone, d.excalibur.city = "arthur", False, None
    assert excalibur.melee_bonus(d, ["arthur", "edith"]) == 1 and excalibur.melee_bonus(d, ["edith"]) == 0
    d.nobles["arthur"].captor = "red"
    assert excalibur.melee_bonus(d, ["arthur"]) == 0


def test_3_1_the_sword_at_an_abbeys_city_in_its_stone_lying_or_carried_inside_by_a_free_bearer() -> None:
    _s, d = _state()
    assert excalibur.in_abbey(d, "Winchester") and not excalibur.in_abbey(d, "Oxford")
    d.excalibur.holder, d.excalibur.stone, d.excalibur.city = "arthur", False, None
    assert excalibur.in_abbey(d, "Winchester") and not excalibur.in_abbey(d, "Oxford")
    d.nobles["arthur"].outskirts = True
    assert not excalibur.in_abbey(d, "Winchester")
    d.nobles["arthur"].outskirts, d.nobles["arthur"].captor = False, "red"
    assert not excalibur.in_abbey(d, "Winchester")


def test_13_2_a_new_round_lets_everyone_try_again_and_the_view_shows_where_it_is() -> None:
    _s, d = _state()
    d.excalibur.tried = ["arthur|5", "walter|7"]
    excalibur.new_round(d)
    assert d.excalibur.tried == []
    assert excalibur.view(d) == {"city": "Winchester", "holder": None, "stone": True}
    assert excalibur.where(d) == "Winchester" and excalibur.bearer(d) is None
    d.excalibur.holder, d.excalibur.stone, d.excalibur.city = "walter", False, None
    d.nobles["walter"].city = "Oxford"
    assert excalibur.view(d) == {"city": "Oxford", "holder": "walter", "stone": False}
    assert excalibur.bearer(d) is d.nobles["walter"]
    assert excalibur.STEPS == {"move": 5, "battle": 7} and excalibur.ARTHUR == "Arthur"
