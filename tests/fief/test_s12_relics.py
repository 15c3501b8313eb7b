"""12.0-12.4: relics given, sold, left and picked up, the Relic VP marker, the pillage of a cathedral
city's Abbey, and the powers of the Chasuble, the Skull and the Shinbone (rulings RL1-RL6)."""

from __future__ import annotations

import random

import pytest

from engine.core import Action
from engine.core.words import Audience
from engine.fief import RULES
from engine.fief.board import relics
from engine.fief.estates.succession import kill_noble
from engine.fief.state import SeaCard, Task
from engine.fief.war import pillage
from tests.fief.helpers import act, defaults_until, do, g, place, refused, started
from tests.prompt_walk import check_prompt


def _told(state, events, kind: str) -> list[str | None]:  # type: ignore[no-untyped-def]
    return [RULES.words().event(state, e, Audience(None, {})) for e in events if e.kind == kind]


def _purchase(players: int = 4):  # type: ignore[no-untyped-def]
    """Round 1's Purchase step, Red (ann) to act; William and Lucia in Berwick, Walter moved there too."""
    state = started(players, 1)
    defaults_until(state, "purchase", 4)
    data = g(state)
    data.flow.queue = ["red", "blue", "green", "yellow"][:players]
    data.flow.turn = 0
    data.nobles["walter"].city = "Berwick"
    return state


def test_12_0_a_relic_passes_between_your_own_nobles_at_once() -> None:
    state = _purchase()
    data = g(state)
    data.nobles["william"].relics = ["chasuble"]
    do(state, "ann", "give_relic relic:chasuble to:lucia")
    assert data.nobles["lucia"].relics == ["chasuble"] and not data.nobles["william"].relics
    assert data.relic_vp is None                             # no Sovereign received it


def test_12_0_sold_to_another_player_when_he_accepts_and_pays() -> None:
    state = _purchase()
    data = g(state)
    data.nobles["william"].relics = ["chasuble"]
    data.players["bob"].shillings = 6
    do(state, "ann", "give_relic relic:chasuble to:walter price:4")
    r = data.requests.open[0]
    assert r.kind == "relic" and r.to == "bob"
    data.players["bob"].shillings = 3
    err = refused(state, "bob", f"respond request:{r.id} accept:true")
    assert (err.section, err.code, err.legal) == ("12.0", "shillings", "accept:false")
    assert err.message == "you cannot pay the 4 shillings asked"
    assert [a for a in RULES.legal(state, "bob") if a.kind == "respond"] == [r.answers()[1]]   # only No offered
    data.players["bob"].shillings = 4                     # exactly the price is enough
    assert [a for a in RULES.legal(state, "bob") if a.kind == "respond"] == r.answers()
    ann = data.players["ann"].shillings
    events = act(state, "bob", "respond", request=r.id, accept=True)
    assert _told(state, events, "relic.given") == [
        "Lord William sells the Chasuble of Thomas Becket to Lord Walter at Berwick for 4 shillings."]
    assert data.nobles["walter"].relics == ["chasuble"] and data.players["bob"].shillings == 0
    assert not data.nobles["william"].relics and data.players["ann"].shillings == ann + 4


@pytest.mark.parametrize("change", ["relic left", "seller captive", "seller outskirts", "buyer captive",
                                    "buyer outskirts", "buyer gone"])
def test_12_0_a_sale_no_longer_possible_when_answered_is_void_and_nothing_changes_hands(change) -> None:
    state = _purchase()
    data = g(state)
    data.nobles["william"].relics = ["chasuble"]
    data.players["bob"].shillings = 6
    do(state, "ann", "give_relic relic:chasuble to:walter price:4")
    r = data.requests.open[0]
    william, walter = data.nobles["william"], data.nobles["walter"]
    if change == "relic left":
        william.relics = []
        data.cities["Berwick"].relics = ["chasuble"]
    elif change == "buyer gone":
        walter.city = "York"
    else:
        n = william if change.startswith("seller") else walter
        n.captor, n.outskirts = ("green", False) if change.endswith("captive") else (None, True)
    ann = data.players["ann"].shillings
    act(state, "bob", "respond", request=r.id, accept=True)
    assert not walter.relics and (data.players["ann"].shillings, data.players["bob"].shillings) == (ann, 6)


def test_12_0_while_a_relic_sale_awaits_its_answer_no_other_sale_is_listed() -> None:
    """An open offer is refused a second one (12.0, ``offer_open``): the buttons offer gifts to your own
    nobles still, and a sale again once the answer is in."""
    state = _purchase()
    data = g(state)
    data.nobles["william"].relics = ["chasuble", "grail"]
    sales = [a for a in RULES.legal(state, "ann") if a.kind == "give_relic" and a.get("price")]
    assert {(a["relic"], a["to"]) for a in sales} >= {("grail", "walter")}
    do(state, "ann", "give_relic relic:chasuble to:walter price:4")
    listed = [a for a in RULES.legal(state, "ann") if a.kind == "give_relic"]
    assert not any(a.get("price") for a in listed)
    assert Action.of("give_relic", relic="grail", to="lucia") in listed
    err = refused(state, "ann", "give_relic relic:grail to:walter price:2")
    assert (err.section, err.code, err.legal) == ("12.0", "offer_open", "wait for the answer")
    assert err.message == "your offer of a relic awaits its answer"


def test_12_0_only_to_a_noble_in_the_same_city() -> None:
    state = _purchase()
    g(state).nobles["william"].relics = ["chasuble"]
    err = refused(state, "ann", "give_relic relic:chasuble to:arthur")
    assert (err.section, err.code, err.legal) == ("12.0", "relic_receiver", ["walter", "lucia"])
    assert err.message == "a relic passes to a free noble in the same city"
    err = refused(state, "ann", "give_relic relic:chasuble to:william")       # not to himself
    assert (err.code, err.legal) == ("relic_receiver", ["walter", "lucia"])
    g(state).nobles["lucia"].captor = "blue"                                 # nor to a captive
    err = refused(state, "ann", "give_relic relic:chasuble to:lucia")
    assert (err.code, err.legal) == ("relic_receiver", ["walter"])
    g(state).nobles["lucia"].captor = None
    err = refused(state, "ann", "give_relic relic:skull to:lucia")
    assert (err.section, err.code, err.legal) == ("12.0", "no_relic", ["chasuble"])
    assert err.message == "one of your free nobles must carry the relic"


def test_12_0_only_a_relic_your_own_free_noble_carries_inside_the_city_is_given() -> None:
    """Each half alone refuses: another player's free noble's relic, and your own noble's on the outskirts."""
    state = _purchase()
    data = g(state)
    data.nobles["walter"].relics = ["chasuble"]
    err = refused(state, "ann", "give_relic relic:chasuble to:lucia")
    assert (err.section, err.code, err.legal) == ("12.0", "no_relic", "none")
    data.nobles["walter"].relics, data.nobles["william"].relics = [], ["chasuble"]
    data.nobles["william"].outskirts = True
    err = refused(state, "ann", "give_relic relic:chasuble to:lucia")
    assert (err.section, err.code, err.legal) == ("12.0", "no_relic", ["chasuble"])
    data.nobles["william"].outskirts, data.nobles["william"].captor = False, "blue"
    assert refused(state, "ann", "give_relic relic:chasuble to:lucia").code == "no_relic"
    assert data.nobles["william"].relics == ["chasuble"] and not data.nobles["lucia"].relics


def test_12_0_a_price_is_asked_only_of_another_player_and_never_below_nothing() -> None:
    state = _purchase()
    g(state).nobles["william"].relics = ["chasuble"]
    for line in ("give_relic relic:chasuble to:lucia price:2", "give_relic relic:chasuble to:walter price:-1"):
        err = refused(state, "ann", line)
        assert (err.section, err.code, err.legal) == ("12.0", "price", "0, or a price for another player's noble")
        assert err.message == "a price is a number of shillings, asked only of another player"


def test_12_0_another_players_noble_is_asked_even_for_a_gift_and_the_sovereign_when_a_price_is_named() -> None:
    state = _purchase()
    data = g(state)
    data.nobles["william"].relics = ["chasuble", "grail"]
    do(state, "ann", "give_relic relic:chasuble to:walter")               # a gift, but Walter's player answers
    assert [(r.kind, r.to) for r in data.requests.open] == [("relic", "bob")] and not data.nobles["walter"].relics
    act(state, "bob", "respond", request=data.requests.open[0].id, accept=False)
    data.nobles["walter"].titles.append("king")
    do(state, "ann", "give_relic relic:grail to:walter price:2")           # a sale to the King is asked too
    assert [(r.kind, r.to) for r in data.requests.open] == [("relic", "bob")] and not data.nobles["walter"].relics
    assert data.relic_vp is None


def test_12_0_another_players_open_relic_offer_does_not_hold_yours_back() -> None:
    state = _purchase()
    data = g(state)
    data.nobles["walter"].relics, data.nobles["william"].relics = ["grail"], ["chasuble"]
    data.requests.ask(state, "relic", "bob", "ann", default=False, noble="walter", receiver="lucia", relic="grail",
                      price=1, family="blue")
    do(state, "ann", "give_relic relic:chasuble to:walter price:2")
    assert sorted((r.by, r.to) for r in data.requests.open) == [("ann", "bob"), ("bob", "ann")]


def test_12_0_the_first_relic_given_to_the_sovereign_wins_the_relic_vp() -> None:
    state = _purchase()
    data = g(state)
    data.nobles["walter"].titles.append("king")
    data.nobles["william"].relics = ["chasuble", "skull"]
    events = do(state, "ann", "give_relic relic:chasuble to:walter")
    assert [e.data for e in events if e.kind == "relic.given"] == [
        {"relic": "chasuble", "noble": "william", "to": "walter", "family": "red", "receiver": "blue", "price": 0,
         "city": "Berwick"}]
    assert [e.data for e in events if e.kind == "relic.vp"] == [
        {"family": "red", "relic": "chasuble", "noble": "william", "sovereign": "walter"}]
    assert _told(state, events, "relic.given") + _told(state, events, "relic.vp") == [
        "Lord William gives the Chasuble of Thomas Becket to Lord Walter at Berwick.",
        "The first relic given to the Sovereign: Red (ann) wins the Relic marker, worth 1 VP for the rest of the game."]
    assert data.relic_vp == "red"
    assert RULES.view(state, None)["relic_vp"] == "red"
    data.nobles["lucia"].relics = ["shinbone"]
    do(state, "ann", "give_relic relic:shinbone to:walter")
    assert data.relic_vp == "red" and set(data.nobles["walter"].relics) == {"chasuble", "shinbone"}
    green = next(n for n in data.nobles.values() if n.family == "green")
    green.city, green.relics = "Berwick", ["grail"]
    relics.give(state, data, "grail", green.id, "walter")    # the marker, once won, stays
    assert data.relic_vp == "red" and "grail" in data.nobles["walter"].relics


def test_12_0_left_in_a_city_and_picked_up_by_another_noble() -> None:
    state = _purchase()
    data = g(state)
    for line in ("leave_relic relic:grail", "give_relic relic:grail to:lucia"):   # no relic at all yet
        err = refused(state, "ann", line)
        assert (err.section, err.code, err.legal) == ("12.0", "no_relic", "none")
    assert refused(state, "ann", "take_relic relic:grail noble:lucia").legal == "none there"   # nothing lies here
    data.nobles["william"].relics = ["grail"]
    err = refused(state, "ann", "leave_relic relic:skull")
    assert (err.section, err.code, err.legal) == ("12.0", "no_relic", ["grail"])
    assert err.message == "one of your free nobles must carry the relic"
    assert _told(state, do(state, "ann", "leave_relic relic:grail"), "relic.left") == [
        "Lord William leaves the Holy Grail at Berwick."]
    assert data.cities["Berwick"].relics == ["grail"] and not data.nobles["william"].relics
    err = refused(state, "ann", "take_relic relic:skull noble:lucia")
    assert (err.section, err.code, err.legal) == ("12.0", "no_relic", ["grail"])
    assert err.message == "no such relic lies at Berwick"
    err = refused(state, "ann", "take_relic relic:grail noble:walter")
    assert (err.section, err.code, err.legal) == ("12.0", "not_your_noble", ["william", "lucia"])
    assert err.message == "name one of your free nobles inside a city"
    data.nobles["lucia"].outskirts = True
    err = refused(state, "ann", "take_relic relic:grail noble:lucia")
    assert (err.code, err.legal) == ("not_your_noble", ["william"])
    data.nobles["lucia"].outskirts = False
    events = do(state, "ann", "take_relic relic:grail noble:lucia")
    assert [e.data for e in events if e.kind == "relic.taken"] == [
        {"relic": "grail", "noble": "lucia", "family": "red", "city": "Berwick"}]
    assert _told(state, events, "relic.taken") == ["Lady Lucia takes up the Holy Grail at Berwick."]
    assert data.nobles["lucia"].relics == ["grail"] and not data.cities["Berwick"].relics


def test_12_0_relic_commands_wait_for_your_turn() -> None:
    state = _purchase()
    g(state).nobles["walter"].relics = ["grail"]
    assert refused(state, "bob", "leave_relic relic:grail").code == "not_your_turn"


def test_12_0_a_pillaged_abbey_gives_up_the_face_down_relic() -> None:
    state = _purchase()
    data = g(state)
    c = data.cities["Berwick"]
    c.building, c.abbey, c.hidden_relic = "abbey", "winter", "skull"
    data.abbeys["winter"] = "Berwick"
    pillage.pillage(state, data, "red", "Berwick", "abbey")
    taker = next(n for n in data.nobles.values() if n.relics)
    assert taker.family == "red" and taker.heresy and c.hidden_relic is None
    assert sum(len(n.relics) for n in data.nobles.values()) == 1


def test_12_0_a_pillage_draws_among_the_face_down_relics_and_the_drawn_ones_city_keeps_the_other() -> None:
    """12.0 (P2-22): the Grail, face down at York, is the one drawn at Berwick's pillage: York's Abbey now
    hides Berwick's Skull, and Berwick hides nothing."""
    state = _purchase()
    data = g(state)
    for c in data.cities.values():
        c.hidden_relic = None
    data.cities["Berwick"].hidden_relic, data.cities["York"].hidden_relic = "skull", "grail"
    state.rng.force("grail")
    assert relics.take_hidden(state, data, "Berwick") == ["grail"]
    assert (data.cities["Berwick"].hidden_relic, data.cities["York"].hidden_relic) == (None, "skull")


def test_12_2_the_chasuble_moves_a_storm_once_a_round() -> None:
    state = _purchase()
    data = g(state)
    data.nobles["william"].relics = ["chasuble"]
    data.seas["III"].append(SeaCard("storms-1", "storms"))
    assert [(a["sea"], a["to"]) for a in RULES.legal(state, "ann") if a.kind == "chasuble"] == [
        ("III", "II"), ("III", "IV")]
    events = do(state, "ann", "chasuble sea:III to:IV")
    assert [c.card for c in data.seas["IV"]] == ["storms-1"] and not data.seas["III"]
    assert _told(state, events, "relic.storms_moved") == [
        "The Chasuble: Red (ann) moves the Storms from the sea off the Marches to the sea off the North."]
    err = refused(state, "ann", "chasuble sea:IV to:V")
    assert (err.section, err.code, err.legal) == ("12.2", "storms_move", "none")
    assert err.message == "a Storms card in play moves once a round to a neighbouring sea"
    err = refused(state, "bob", "chasuble sea:IV to:III")
    assert (err.section, err.code, err.legal) == ("12.2", "no_chasuble", "none")
    assert err.message == "only the player whose free noble carries the Chasuble moves Storms"
    relics.new_round(data)
    data.nobles["william"].captor = "blue"                   # a captive's Chasuble moves nothing
    assert refused(state, "ann", "chasuble sea:IV to:V").code == "no_chasuble"
    data.nobles["william"].captor = None
    data.seas["IV"][0].active = False                        # nor a Storms card not yet in play
    assert refused(state, "ann", "chasuble sea:IV to:V").code == "storms_move"
    assert [c.card for c in data.seas["IV"]] == ["storms-1"]


@pytest.mark.parametrize("active", [True, False])
def test_2_4_the_chasuble_moving_storms_onto_a_stormy_sea_discards_the_second(active) -> None:
    """2.4: "the second same Disaster is discarded" (before the fix both Storms cards stayed on Sea IV, and
    one Good Weather left the region closed). A sleeping Round 1 Storms counts too: it wakes next round."""
    state = _purchase()
    data = g(state)
    data.nobles["william"].relics = ["chasuble"]
    data.seas["III"].append(SeaCard("storms-1", "storms"))
    data.seas["IV"].append(SeaCard("storms-2", "storms", active=active))
    events = do(state, "ann", "chasuble sea:III to:IV")
    assert [c.card for c in data.seas["IV"]] == ["storms-2"] and data.seas["III"] == []
    assert "storms-1" in data.fortune_discard
    assert [e.data["why"] for e in events if e.kind == "disaster.discarded"] == ["same kind"]


def test_12_2_the_chasuble_moves_each_storms_card_once_a_round_every_card_its_own_turn() -> None:
    """12.2: "once per Round, per Card": a second Storms card may still move the round the first did; the
    next round the first may move again."""
    state = _purchase()
    data = g(state)
    data.nobles["william"].relics = ["chasuble"]
    data.seas["I"].append(SeaCard("storms-1", "storms"))
    data.seas["IV"].append(SeaCard("storms-2", "storms"))
    do(state, "ann", "chasuble sea:I to:II")
    assert refused(state, "ann", "chasuble sea:II to:III").code == "storms_move"
    do(state, "ann", "chasuble sea:IV to:V")
    assert refused(state, "ann", "chasuble sea:V to:VI").code == "storms_move"
    relics.new_round(data)
    do(state, "ann", "chasuble sea:II to:III")
    assert [c.card for c in data.seas["III"]] == ["storms-1"]


def test_2_4_the_chasuble_may_move_storms_beside_another_kind_of_disaster() -> None:
    state = _purchase()
    data = g(state)
    data.nobles["william"].relics = ["chasuble"]
    data.seas["III"].append(SeaCard("storms-1", "storms"))
    data.seas["IV"].append(SeaCard("plague-1", "plague"))
    do(state, "ann", "chasuble sea:III to:IV")
    assert sorted(c.card for c in data.seas["IV"]) == ["plague-1", "storms-1"]


def _fallen(state, nid: str = "william"):  # type: ignore[no-untyped-def]
    """Lucia (Red, ann) carries the Skull; ``nid`` holds Lord III and dies in Berwick."""
    data = g(state)
    data.nobles["lucia"].relics = ["skull"]
    data.nobles[nid].titles.append("lord:III")
    kill_noble(state, data, nid, cause="test")
    return data


def test_12_3_as_a_noble_falls_the_skulls_player_is_asked_and_may_raise_him() -> None:
    """12.3 (ruling RL5): the resurrection is announced just after the death: the flow waits on the
    Skull's player, whose prompt offers both answers; the death's consequences wait with it."""
    state = _purchase()
    data = _fallen(state)
    assert "william" in data.nobles and "lord:III" in data.nobles["william"].titles   # nothing passed on yet
    [d] = [d for d in RULES.pending(state) if d.blocking]
    assert d.seats == ("ann",) and d.prompt == "fief.skull" and d.default_for("ann") == Action.of("skull")
    assert {a for a in RULES.legal(state, "ann") if a.kind == "skull"} == {Action.of("skull", noble="william"),
                                                                          Action.of("skull")}
    f = check_prompt(RULES, state, "ann", d, Audience(None, {"ann": "Ann"}), random.Random(1))
    assert f.choices >= 2 and not f.gaps
    do(state, "ann", "skull noble:william")
    assert "william" in data.nobles and "lord:III" in data.nobles["william"].titles
    assert data.nobles["william"].city == "Berwick" and data.relic_powers.skull_used
    assert data.nobles["lucia"].relics == ["skull"] and not data.relic_powers.fallen and not data.tasks
    kill_noble(state, data, "william", cause="test")
    assert "william" not in data.nobles and not data.tasks   # once a game


def test_12_3_the_skulls_player_may_let_him_die_and_keep_the_power() -> None:
    state = _purchase()
    data = _fallen(state)
    events = do(state, "ann", "skull")
    assert [e.data for e in events if e.kind == "relic.skull_withheld"] == [{"noble": "william", "family": "red"}]
    assert "william" not in data.nobles and "lord:III" in data.nobles["lucia"].titles   # 4.8 now
    assert not data.relic_powers.skull_used and not data.tasks and not data.relic_powers.fallen
    kill_noble(state, data, "walter", cause="test")           # another death: asked again
    assert data.tasks[0].kind == "skull" and data.tasks[0].noble == "walter"


def test_12_3_any_noble_may_be_raised_and_only_the_skulls_player_answers() -> None:
    """12.3: "any Noble": a rival's too; the question goes to the Skull's player, not the dead man's."""
    state = _purchase()
    state.take_events()
    data = _fallen(state, "walter")
    assert data.tasks[0].family == "red"
    events = state.take_events()
    assert [e.data for e in events if e.kind == "relic.skull_fallen"] == [
        {"noble": "walter", "family": "blue", "city": "Berwick", "cause": "test", "seat": "ann"}]
    assert _told(state, events, "relic.skull_fallen") == [
        "Lord Walter falls at Berwick. Red (ann) holds the Skull and may raise Lord Walter now, or let death take "
        "its course."]
    assert refused(state, "bob", "skull noble:walter").code == "not_your_turn"
    err = refused(state, "ann", "skull noble:lucia")
    assert (err.section, err.code, err.message, err.legal) == (
        "12.3", "skull_noble", "the Skull raises only the noble who just fell", ["walter", "none"])
    assert refused(state, "ann", "skull noble:william").code == "skull_noble"
    do(state, "ann", "skull noble:walter")
    assert "walter" in data.nobles and data.relic_powers.skull_used


def test_12_3_the_skulls_question_comes_before_any_task_already_waiting() -> None:
    state = _purchase()
    g(state).tasks.append(Task("bestow", "blue"))
    data = _fallen(state)
    assert [(t.kind, t.noble) for t in data.tasks] == [("skull", "william"), ("bestow", None)]


def test_12_3_a_death_as_the_step_closes_holds_the_flow_until_the_skulls_player_answers() -> None:
    """Ruling RL5: every family has bought; William falls before Phase 5 begins: the flow waits in the
    Purchase step on Ann's answer, and goes on to the Movement step once she gives it."""
    state = _purchase()
    g(state).flow.turn = len(g(state).flow.queue)
    data = _fallen(state)
    assert data.flow.step == "purchase"
    do(state, "ann", "skull")
    assert data.flow.step == "move" and not data.tasks


def test_12_3_a_noble_dying_outside_any_city_is_not_asked_for() -> None:
    state = _purchase()
    data = g(state)
    data.nobles["lucia"].relics = ["skull"]
    data.nobles["walter"].city = None
    kill_noble(state, data, "walter", cause="test")
    assert "walter" not in data.nobles and not data.tasks and not data.relic_powers.fallen


@pytest.mark.parametrize("cause,captive,scatter", [("assassination", False, True), ("test", False, False),
                                                    ("assassination", True, False)])
def test_12_3_let_die_by_an_assassin_his_leaderless_troops_scatter_as_after_any_assassination(
        cause, captive, scatter) -> None:
    """12.3 with 10.3: the Skull's player lets Walter die; his free death by an assassin's hand leaves Blue's
    troops at Berwick without a noble, and they scatter; another death, or a captive's, scatters nothing."""
    state = _purchase()
    data = g(state)
    data.nobles["lucia"].relics = ["skull"]
    place(state, "blue", "Berwick", "men", "men", control=False)
    if captive:
        data.nobles["walter"].captor, data.nobles["walter"].held_by = "red", "william"
    kill_noble(state, data, "walter", cause=cause)
    events = do(state, "ann", "skull")
    assert "walter" not in data.nobles
    assert [e.data["why"] for e in events if e.kind == "troops.dispersed"] == (["assassination"] if scatter else [])


def test_12_3_a_second_blow_while_he_lies_fallen_asks_nothing_more() -> None:
    state = _purchase()
    data = _fallen(state)
    kill_noble(state, data, "william", cause="again")
    assert [t.kind for t in data.tasks] == ["skull"]


def test_12_3_no_question_when_the_skull_is_spent_or_its_bearer_a_captive() -> None:
    state = _purchase()
    data = g(state)
    data.nobles["lucia"].relics = ["skull"]
    data.nobles["lucia"].captor = "blue"
    kill_noble(state, data, "william", cause="test")
    assert "william" not in data.nobles and not data.tasks
    data.nobles["lucia"].captor = None
    data.relic_powers.skull_used = True
    kill_noble(state, data, "walter", cause="test")
    assert "walter" not in data.nobles and not data.tasks


def test_12_4_the_shinbone_lifts_famine_in_its_bearers_district() -> None:
    state = _purchase()
    data = g(state)
    data.nobles["william"].relics = ["shinbone"]   # Berwick (III) lies in the Archbishopric of York (III, IV)
    data.seas["IV"].append(SeaCard("famine-1", "famine"))
    data.seas["I"].append(SeaCard("famine-2", "famine"))
    assert [a for a in RULES.legal(state, "ann") if a.kind == "shinbone"] == [Action.of("shinbone", region="IV")]
    events = do(state, "ann", "shinbone region:IV")
    assert [e.data for e in events if e.kind == "relic.famine_lifted"] == [
        {"region": "IV", "noble": "william", "family": "red"}]
    assert _told(state, events, "relic.famine_lifted") == ["The Shinbone: Lord William lifts the Famine from the North."]
    assert not any(c.kind == "famine" for c in data.seas["IV"]) and "famine-1" in data.fortune_discard
    err = refused(state, "ann", "shinbone region:I")
    assert (err.section, err.code, err.legal) == ("12.4", "famine_region", "none")
    assert err.message == "the Shinbone's bearer lifts a Famine in the district where he stands"
    data.seas["III"].append(SeaCard("famine-3", "famine"))
    data.nobles["william"].captor = "blue"                   # a captive bearer lifts nothing
    assert refused(state, "ann", "shinbone region:III").legal == "none"
    data.nobles["william"].captor, data.nobles["william"].relics = None, []
    data.nobles["walter"].relics = ["shinbone"]              # nor another player's noble's Shinbone
    assert refused(state, "ann", "shinbone region:III").legal == "none"
    assert [c.card for c in data.seas["III"]] == ["famine-3"]


def test_12_0_a_relic_travels_on_beyond_one_nobles_two_moves() -> None:
    """William carries the Chasuble from Berwick to Durham, hands it to Lucia there, and she takes it on
    to York: three roads in one Movement phase for the relic."""
    state = started(4, 1)
    defaults_until(state, "move", 5)
    data = g(state)
    data.flow.queue, data.flow.turn = ["red"], 0
    data.nobles["william"].relics = ["chasuble"]
    for n in ("william", "lucia"):
        data.nobles[n].city = "Durham"
    data.cities["Durham"].controller = "red"
    data.cities["Berwick"].stacks.pop("red", None)
    data.cities["Berwick"].controller = None
    do(state, "ann", "move noble:william to:Berwick")
    do(state, "ann", "move noble:william to:Durham")
    do(state, "ann", "give_relic relic:chasuble to:lucia")
    do(state, "ann", "move noble:lucia to:York")
    assert data.nobles["lucia"].city == "York" and data.nobles["lucia"].relics == ["chasuble"]


def test_12_0_a_gift_refused_when_no_other_free_noble_stands_in_the_city_says_so() -> None:
    state = _purchase()
    data = g(state)
    data.nobles["william"].relics = ["chasuble"]
    data.nobles["lucia"].city = data.nobles["walter"].city = "York"
    err = refused(state, "ann", "give_relic relic:chasuble to:lucia")
    assert err.code == "relic_receiver" and err.legal == "nobody there"


def test_12_0_autocomplete_offers_the_relics_your_nobles_carry_and_your_nobles_as_receivers() -> None:
    """Even out of turn (Blue buys), when no such command is enumerated for Ann."""
    state = _purchase()
    data = g(state)
    data.flow.turn = 1
    data.nobles["lucia"].relics = ["skull"]
    data.nobles["walter"].relics = ["chasuble"]                 # Blue's: not Ann's to give
    for kind in ("give_relic", "leave_relic"):
        assert RULES.suggest(state, "ann", kind, "relic") == ["skull"]
    assert {"william", "lucia"} <= set(RULES.suggest(state, "ann", "give_relic", "to"))
    assert {"william", "lucia"} <= set(RULES.suggest(state, "ann", "take_relic", "noble"))
