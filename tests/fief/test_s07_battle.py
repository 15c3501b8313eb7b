"""Phase 7: battles (7.0-7.8), losses (7.5) as a property, the Holy Grail (12.1)."""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import Action, RuleError
from engine.fief import RULES
from engine.fief.state import MAP
from engine.fief.war.battle import dice, losses
from tests.fief.helpers import at_step, do, g, new, place, refused

TYPES = ("men", "archer", "crossbow", "knight")


def sub_multisets(troops: list[str]):
    have = Counter(troops)
    kinds = sorted(have)
    for counts in product(*(range(have[k] + 1) for k in kinds)):
        yield sorted(Counter(dict(zip(kinds, counts, strict=True))).elements())


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(TYPES), max_size=7), st.integers(min_value=0, max_value=14),
       st.integers(min_value=0, max_value=2))
def test_7_5_engine_accepts_exactly_the_allotments_removing_most_sp_up_to_the_hits(troops, hits, nobles_n):
    nobles = [f"n{i}" for i in range(nobles_n)]
    cost = {"men": 1, "archer": 1, "crossbow": 2, "knight": 3}
    feasible = [sum(cost[u] for u in m) for m in sub_multisets(troops) if sum(cost[u] for u in m) <= hits]
    best = max(feasible)
    for units in sub_multisets(troops):
        total = sum(cost[u] for u in units)
        all_gone = len(units) == len(troops)
        slain_n = min(hits - total, nobles_n) if all_gone and total == best else 0
        for slay in ([], nobles[:1], nobles[:2]):
            ok = total == best and len(slay) == slain_n
            try:
                allot = losses.check(troops, nobles, hits, units, slay)
            except RuleError as err:
                assert not ok, f"refused a legal allotment {units} {slay}: {err}"
                assert err.section == "7.5" and err.legal is not None
                continue
            assert ok, f"accepted {units} {slay} for {troops} / {hits} hits"
            assert set(allot.captured) == (set(nobles) - set(slay) if all_gone else set())
    ex = losses.example(troops, nobles, hits)
    losses.check(troops, nobles, hits, list(ex.troops), list(ex.slain))
    for choice in losses.choices(troops, nobles, hits):
        losses.check(troops, nobles, hits, list(choice.troops), list(choice.slain))


def test_7_4_anabel_herbert_men_and_knight():
    """Ex 7-4: 1-2 hits take the Men-at-Arms; 3 the Knight; 4 all troops and both nobles captive;
    5 one noble slain and one captive; 6 both slain."""
    troops, nobles = ["men", "knight"], ["anabel", "herbert"]
    assert losses.example(troops, nobles, 1).troops == ("men",)
    assert losses.example(troops, nobles, 2).troops == ("men",)
    assert losses.example(troops, nobles, 3).troops == ("knight",)
    assert losses.example(troops, nobles, 3).captured == ()
    four = losses.example(troops, nobles, 4)
    assert four.troops == ("knight", "men") and four.captured == ("anabel", "herbert") and four.slain == ()
    five = losses.check(troops, nobles, 5, ["men", "knight"], ["herbert"])
    assert five.slain == ("herbert",) and five.captured == ("anabel",)
    assert losses.example(troops, nobles, 6).slain == ("anabel", "herbert")


def test_7_1_battle_die_faces():
    assert sorted(dice.FACES) == [0, 1, 1, 2, 2, 3]


def test_7_3_dice_from_strength_points():
    assert [dice.dice_for(sp) for sp in (0, 1, 6, 7, 12, 13, 30)] == [0, 1, 1, 2, 2, 3, 3]


def test_12_1_grail_cancels_attacker_twos():
    assert dice.count_hits([2, 2, 3, 1], grail=True) == 4
    assert dice.count_hits([2, 2, 3, 1], grail=False) == 8


def _battle_state():
    s = at_step(7, "battle")
    d = g(s)
    red, blue = d.families["red"].nobles[0], d.families["blue"].nobles[0]
    d.nobles[red].city = "Oxford"
    d.nobles[blue].city = "Oxford"
    place(s, "blue", "Oxford", "men", "men", "knight")
    place(s, "red", "Oxford", "knight", "knight", control=False)
    d.cities["Oxford"].stacks["red"].outskirts = True
    d.nobles[red].outskirts = True
    return s, red, blue


def test_7_0_types_hidden_until_a_battle_reveals_them():
    s, _red, _blue = _battle_state()
    oxford = RULES.view(s, None)["cities"]["Oxford"]["troops"]
    assert "types" not in oxford["blue"] and oxford["blue"]["count"] == 3
    s.rng.force(1, 1, 1)
    events = do(s, "ann", "battle city:Oxford against:blue")
    revealed = [e for e in events if e.kind == "battle.revealed"]
    assert revealed and revealed[0].is_public
    assert revealed[0].data["troops"]["blue"] == {"knight": 1, "men": 2}
    oxford = RULES.view(s, None)["cities"]["Oxford"]["troops"]
    assert oxford["blue"]["types"] == {"knight": 1, "men": 2}
    battle = RULES.view(s, None)["war"]["battle"]
    assert battle["city"] == "Oxford" and battle["attacker"] == "red" and battle["defender"] == "blue"


def test_7_0_refusals_change_nothing():
    s, red, _blue = _battle_state()
    err = refused(s, "ann", "battle city:Oxford against:green")
    assert (err.section, err.code, err.message, err.legal) == (
        "7.0", "no_enemy", "no family 'green' to fight in Oxford", ['blue'])
    err = refused(s, "ann", "battle city:London against:blue")
    assert (err.section, err.code, err.message, err.legal) == (
        "7.0", "no_noble", "troops without a noble cannot start a battle", ['Oxford'])
    err = refused(s, "ann", "battle city:Oxford against:blue target:nobody")
    assert (err.section, err.code, err.message, err.legal) == (
        "7.2", "target", "your archers can aim only at a noble (or Leader) of blue in Oxford", ['walter'])
    g(s).nobles[red].city = "London"
    err = refused(s, "ann", "battle city:Oxford against:blue")
    assert (err.section, err.code, err.message, err.legal) == (
        "7.0", "no_noble", "troops without a noble cannot start a battle", "no battle")


def test_7_2_bombard_blank_blows_up_a_bombard_and_a_men_at_arms():
    s, _red, _blue = _battle_state()
    d = g(s)
    d.cities["Oxford"].stacks["red"].troops += ["men"]
    d.cities["Oxford"].stacks["red"].bombards = 1
    # bombard: red rolls a blank; blue has no bombard. Archers: none. Melee: red 8 SP -> 2 dice, blue 6 SP -> 1
    s.rng.force(1, 1, 1, 1)
    events = do(s, "ann", "battle city:Oxford against:blue")
    boom = [e for e in events if e.kind == "battle.explosion"]
    assert boom and boom[0].data == {"city": "Oxford", "family": "red", "bombards": 1, "men": 1}
    assert d.cities["Oxford"].stacks["red"].bombards == 0


def test_7_2_archers_need_numbers_against_walls_and_three_get_a_bonus():
    s, _red, _blue = _battle_state()
    d = g(s)
    d.cities["Oxford"].building = "stronghold"
    d.cities["Oxford"].stacks["red"].troops += ["archer"]
    s.rng.force(1, 1)       # melee only: one archer cannot fire at a Stronghold
    events = do(s, "ann", "battle city:Oxford against:blue")
    assert not [e for e in events if e.kind == "random.roll" and e.data["why"].startswith("archer")]


def test_7_2_three_archers_add_one():
    s, _red, _blue = _battle_state()
    d = g(s)
    d.cities["Oxford"].stacks["red"].troops += ["archer"] * 3
    s.rng.force(2, 1, 1, 1)   # archer volley shows f (+1 for three): 2 hits on blue
    events = do(s, "ann", "battle city:Oxford against:blue")
    hits = [e for e in events if e.kind == "battle.hits" and e.data["volley"] == "archer"]
    assert hits[0].data["hits"]["blue"] == 2


def test_7_0_the_ally_with_most_sp_allots_the_hits():
    from engine.fief.war.battle import sides
    s, _red, _blue = _battle_state()
    d = g(s)
    place(s, "green", "Oxford", "knight", "knight", "knight", control=False)
    s.rng.force(1, 1)
    do(s, "ann", "battle city:Oxford against:blue")
    do(s, "cat", "join family:green side:red")
    b = d.war.battle
    assert sides.members(b, "red") == ["red", "green"]
    assert sides.allotter(d, b, "red") == "green"
    assert sorted(sides.side_troops(d, b, "red"))[:3] == ["green:knight"] * 3


def test_7_2_archers_may_aim_at_a_noble_among_the_legal_battles():
    s, _red, blue = _battle_state()
    legal = RULES.legal(s, "ann")
    assert Action.of("battle", city="Oxford", against="blue") in legal
    assert not [x for x in legal if x.kind == "battle" and x.get("target")]   # no archers, no aim
    g(s).cities["Oxford"].stacks["red"].troops += ["archer"]
    aimed = [x for x in RULES.legal(s, "ann") if x.kind == "battle" and x.get("target")]
    assert aimed == [Action.of("battle", city="Oxford", against="blue", target=blue)]


def test_7_2_archers_aimed_at_a_noble_slay_it_only_on_a_three():
    s, _red, blue = _battle_state()
    d = g(s)
    d.cities["Oxford"].stacks["red"].troops += ["archer"]
    s.rng.force(5, 1, 1, 1)   # aimed volley shows ff: no loss at all; melee blanks
    events = do(s, "ann", f"battle city:Oxford against:blue target:{blue}")
    assert blue in d.nobles and not [e for e in events if e.kind == "battle.losses"]
    do(s, "ann", f"battle_next choice:continue target:{blue}")
    s.rng.force(6, 1, 1, 1)
    events = do(s, "bob", "battle_next choice:continue")
    assert blue not in d.nobles
    assert any(e.kind == "noble.died" and e.data["noble"] == blue for e in events)


def test_7_2_tactical_destruction_returns_engines_to_the_stockpile():
    s, _red, _blue = _battle_state()
    d = g(s)
    d.cities["Oxford"].stacks["red"].bombards = 1
    d.cities["Oxford"].stacks["red"].trebuchets = 2
    s.rng.force(1, 1, 1, 1)   # no men-at-arms: the Bombard stays silent; melee blanks
    do(s, "ann", "battle city:Oxford against:blue")
    before = dict(d.families["red"].stockpile)
    events = do(s, "ann", "battle_next choice:continue destroy:true")
    assert d.cities["Oxford"].stacks["red"].bombards == 0 and d.cities["Oxford"].stacks["red"].trebuchets == 0
    assert d.families["red"].stockpile["bombard"] == before["bombard"] + 1
    assert d.families["red"].stockpile["trebuchet"] == before["trebuchet"] + 2
    [told] = [e.data for e in events if e.kind == "battle.engines_destroyed"]
    assert told == {"city": "Oxford", "family": "red", "trebuchets": 2, "bombards": 1}


def test_7_8_withdraw_hook_for_passage():
    from engine.fief.war.battle import endings
    s, red, blue = _battle_state()
    d = g(s)
    s.rng.force(1, 1, 1)
    do(s, "ann", "battle city:Oxford against:blue")
    b = d.war.battle
    before = RULES.fingerprint(s)
    try:
        endings.withdraw(s, d, b, "York", {})
        raise AssertionError("York is not next to Oxford")
    except RuleError as err:
        assert RULES.fingerprint(s) == before
        assert (err.section, err.code, err.message, err.legal) == (
            "7.8", "withdraw_city", "'York' is not next to Oxford", MAP.neighbours("Oxford"))
    endings.withdraw(s, d, b, "London", {blue: "knight"})
    assert d.war.battle is None and d.nobles[blue].city == "London"
    assert d.cities["London"].stacks["blue"].troops == ["knight"]
    assert sorted(d.cities["Oxford"].stacks["blue"].troops) == ["men", "men"]
    assert any(e.kind == "battle.end.withdraw" for e in s.take_events())


def test_7_4_passage_hook_cancels_the_penalties():
    from engine.fief.war.battle import fight
    from engine.fief.war.state import Battle
    b = Battle("Oxford", "red", "blue", penalty=2, archers_min=3)
    fight.cancel_penalties(b)
    assert (b.penalty, b.archers_min) == (0, 0)


def test_7_6_a_captor_taken_captive_sets_its_own_captive_free():
    from engine.fief.war.battle.captives import capture

    s, red, blue = _battle_state()
    d = g(s)
    yellow = d.families["yellow"].nobles[0]
    d.nobles[yellow].city = "Oxford"
    d.nobles[blue].captor, d.nobles[blue].held_by = "red", red     # Red's noble holds Blue's
    s.take_events()
    capture(s, d, None, red, yellow)
    assert d.nobles[red].captor == "yellow" and d.nobles[red].held_by == yellow
    assert d.nobles[blue].captor is None and d.nobles[blue].held_by is None
    freed = [e for e in s.take_events() if e.kind == "captive.released"]
    assert [(e.data["noble"], e.data["why"]) for e in freed] == [(blue, "captor captured")]


def test_2_5_a_battle_refused_under_storms_names_where_one_may_fight():
    from engine.fief.state import SeaCard

    s, _red, _blue = _battle_state()
    g(s).seas["VI"].append(SeaCard("storms-1", "storms"))
    err = refused(s, "ann", "battle city:Oxford against:blue")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.5", "storms", "Storms over South East forbid battles there", "no battle")
    assert err.section == "2.5" and err.code == "storms" and err.legal == "no battle"


def test_7_8_both_sides_without_troops_the_side_keeping_a_noble_wins():
    from engine.fief.war.battle import fight
    from engine.fief.war.state import Battle

    for keeps, gone in (("blue", "red"), ("red", "blue")):
        s, red, blue = _battle_state()
        d = g(s)
        for pieces in d.cities["Oxford"].stacks.values():
            pieces.troops = []
        d.nobles[{"red": red, "blue": blue}[gone]].city = "London"
        b = Battle("Oxford", "red", "blue")
        d.war.battle = b
        s.take_events()
        assert fight.check_end(s, d, b) is True
        ends = [e for e in s.take_events() if e.kind.startswith("battle.end.")]
        assert [(e.kind, e.data["winner"]) for e in ends] == [("battle.end.victory", keeps)]


def test_7_5_a_noble_slain_by_the_losses_dies_of_the_battle():
    from engine.fief.war.battle import fight
    from engine.fief.war.state import Battle

    s, _red, blue = _battle_state()
    d = g(s)
    b = Battle("Oxford", "red", "blue")
    d.war.battle = b
    s.take_events()
    fight.take(s, d, b, "blue", losses.Allotment((), (blue,), ()))
    died = [e for e in s.take_events() if e.kind == "noble.died"]
    assert [(e.data["noble"], e.data["cause"]) for e in died] == [(blue, "battle: battle")]


def test_7_0_a_battle_waits_for_a_pending_decision_and_says_whose():
    from engine.fief.state import Task

    s, _red, _blue = _battle_state()
    d = g(s)
    d.tasks.append(Task("parley", "blue", city="Oxford"))
    bob = d.families["blue"].seat                   # awaited for the parley, not for a battle
    err = refused(s, bob, "battle city:Oxford against:red")
    assert (err.section, err.code, err.message, err.legal) == (
        "7.0", "task_first", "first the parley decision of the blue family", "waiting on bob")
    assert err.code == "task_first" and err.legal == f"waiting on {bob}"


def test_7_2_between_rounds_archers_aim_only_at_an_enemy_noble():
    s, red, blue = _battle_state()
    g(s).cities["Oxford"].stacks["red"].troops += ["archer"]
    s.rng.force(5, 1, 1, 1)
    do(s, "ann", f"battle city:Oxford against:blue target:{blue}")
    err = refused(s, "ann", f"battle_next choice:continue target:{red}")
    assert (err.section, err.code, err.message, err.legal) == (
        "7.2", "target", "your archers can aim only at an enemy noble here", ['walter'])
    assert (err.section, err.code) == ("7.2", "target")


def test_7_0_a_family_joining_a_battle_shows_its_troops_there_or_none():
    from engine.fief.war.battle.fight import join
    s, _red, _blue = _battle_state()
    d = g(s)
    s.rng.force(1, 1, 1, 1)
    do(s, "ann", "battle city:Oxford against:blue")
    b = d.war.battle
    place(s, "green", "Oxford", "men", "knight", "men", control=False)
    s.take_events()
    join(s, d, b, "green", b.attacker)
    join(s, d, b, "yellow", b.defender)   # no troops in Oxford: nothing to show
    shown = [e.data["troops"] for e in s.take_events() if e.kind == "battle.revealed"]
    assert shown == [{"green": {"knight": 1, "men": 2}}, {"yellow": {}}]
    assert d.cities["Oxford"].stacks["green"].revealed and "green" in b.with_attacker and "yellow" in b.with_defender


def test_4_7_a_title_with_no_heir_in_the_family_goes_back_to_the_deck():
    from engine.fief.estates.succession import pass_to_family
    s = new(4)
    d = g(s)
    holder = d.families["red"].nobles[0]
    d.nobles[holder].titles.append("lord:I")
    d.families["blue"].nobles = []
    s.take_events()
    pass_to_family(s, d, "I", "blue")
    told = [(e.kind, e.data) for e in s.take_events()]
    assert told == [("title.lost", {"noble": holder, "title": "lord:I"}), ("title.to_deck", {"title": "lord:I"})]
    assert "lord:I" not in d.nobles[holder].titles and not d.tasks


def test_7_5_each_wrong_allotment_is_refused_in_words():
    """The property above proves which allotments pass; this reads each refusal whole (as the losses
    command gives it, through fight.check_losses)."""
    troops, nobles = ["men", "knight"], ["n0"]
    shown = list(losses.example(troops, nobles, 3).troops)
    cases = [
        ((troops, nobles, 3, ["archer"], []), ("losses_units", "you can only remove troops you have in this battle",
                                               tuple(shown))),
        ((troops, nobles, 3, ["men"], []), ("losses_sum", "remove troops worth exactly 3 hit(s) of the 3 taken "
                                            "(as many as possible), not 1", shown)),
        ((["men"], nobles, 3, ["men"], []), ("losses_nobles", "1 noble(s) are slain by the hits left over", ["n0"])),
        ((troops, nobles, 1, ["men"], ["n0"]), ("losses_nobles", "no noble is slain while troops absorb the hits",
                                                "slay nobody")),
    ]
    for args, (code, message, legal) in cases:
        with pytest.raises(RuleError) as err:
            losses.check(*args)
        assert (err.value.section, err.value.code, err.value.message, err.value.legal) == ("7.5", code, message, legal)


def test_7_8_an_end_of_round_choice_must_be_open_and_destruction_needs_engines():
    s, _red, _blue = _battle_state()
    s.rng.force(1, 1, 1, 1)
    do(s, "ann", "battle city:Oxford against:blue")
    from engine.fief.war.battle.fight import options
    open_now = options(g(s), g(s).war.battle, "red")
    err = refused(s, "ann", "battle_next choice:fly")
    assert (err.section, err.code, err.message, err.legal) == ("7.8", "battle_choice", "'fly' is not open to you now",
                                                                open_now)
    err = refused(s, "ann", "battle_next choice:continue destroy:true")     # red brought no engine
    assert (err.section, err.code, err.message, err.legal) == (
        "7.2", "destroy", "tactical destruction needs your own engines here and troops left", "destroy:false")


def test_7_0_a_family_joins_only_a_side_it_is_not_on():
    s, _red, _blue = _battle_state()
    place(s, "green", "Oxford", "knight", control=False)
    s.rng.force(1, 1)
    do(s, "ann", "battle city:Oxford against:blue")
    err = refused(s, "cat", "join family:green side:green")
    assert (err.section, err.code, err.legal) == ("7.0", "join", ["green>red", "green>blue"])
    assert err.message == ("your family can join only a side it is not on, in the city of the battle being fought "
                           "(not against invaders)")
