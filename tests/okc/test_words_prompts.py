"""OKC prompts in words: names typed by players, choices in a useful order with Pass last, flows
that answer every decision without typing, confirmations, the private mat, module wording."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core import Action, Audience, Event, GameState
from engine.core.words import match_name
from engine.okc import RULES
from engine.okc.hooks import Module
from engine.okc.state import Choice as EffectChoice
from engine.okc.words.wording import BLURBS, WORDS
from tests.okc.helpers import data, do, game, spring_actions
from tests.speech import assert_human

ALICE = Audience("p1", {"p1": "Alice", "p2": "Bob"})


def names(state: GameState, seat: str, kind: str, param: str) -> dict[Any, str]:
    return {v: WORDS.value_label(state, seat, kind, param, v) for v in RULES.suggest(state, seat, kind, param)}


def decision(state: GameState, seat: str) -> Any:
    return next(d for d in RULES.pending(state) if seat in d.seats)


def test_a_bid_is_typed_by_the_card_name() -> None:
    state = game(2)
    data(state).players["p1"].hand = ["nobility.c7", "nobility.heir", "nobility.f2"]
    known = names(state, "p1", "bid", "card")
    assert known["nobility.c7"] == "Knight Banneret"
    for typed in ("Knight Banneret", "knight ban", "KNÍGHT BANNERET", "nobility.c7"):
        assert match_name(typed, known) == ["nobility.c7"], typed
    assert match_name("Crown", known) == []
    assert match_name("the crown", known) == ["nobility.heir"]


def test_regions_locations_councils_and_factions_have_their_names() -> None:
    state = game(2)
    assert WORDS.value_label(state, "p1", "deploy", "region", "plateau") == "Plateau"
    assert WORDS.value_label(state, "p1", "herald", "location", "harvest_field") == "Harvest Field"
    assert WORDS.value_label(state, "p1", "govern", "council", "relics") == "Council of Relics"
    assert WORDS.value_label(state, "p1", "choose", "option", "p2") == "The Clans"
    assert WORDS.value_label(state, "p1", "tactic", "id", "nobility.line") == "Hold the Line"
    assert WORDS.value_label(state, "p1", "favour", "ability", "backing") == "Royal Backing"
    assert WORDS.value_label(state, "p1", "order", "regions", ("plateau", "highlands", "lowlands")) == \
        "Plateau, Highlands, Lowlands"


def test_bid_buttons_name_the_card_and_its_strength_pass_never_first() -> None:
    state = game(2)
    data(state).players["p1"].hand = ["nobility.f2", "nobility.c7", "nobility.heir"]
    d = decision(state, "p1")
    shown = WORDS.choices(state, d, "p1", RULES.legal(state, "p1"), ALICE)
    assert [c.label for c in shown] == ["Bid The Crown Heir · 10", "Bid Knight Banneret · 7", "Bid Squire · 3"]
    assert shown[0].style == "primary"
    assert "Spring bids" in WORDS.question(state, d, "p1", ALICE)
    assert WORDS.if_absent(state, d, "p1", ALICE) == "If you don't answer in time, you bid your weakest card."


def test_action_steps_end_with_pass_and_group_supporters_into_a_flow() -> None:
    state = game(2)
    spring_actions(state, {"p1": {"highlands": "nobility.c9"}, "p2": {"plateau": "clans.c9"}})
    d = decision(state, "p1")
    shown = WORDS.choices(state, d, "p1", RULES.legal(state, "p1"), ALICE)
    assert shown[-1].label == "Pass" and shown[-1].style == "pass"
    assert all(c.style != "pass" for c in shown[:-1])
    supporters = next(c for c in shown if c.flow == "deploy")
    step = WORDS.flow(state, "p1", "deploy", dict(supporters.chosen), ALICE)
    assert step is not None and step.question == "To which Region?"
    assert [o.label for o in step.options] == ["Highlands", "Plateau", "Lowlands"]
    count = WORDS.flow(state, "p1", "deploy", dict(step.options[1].chosen), ALICE)
    assert count is not None and count.options[1].label == "2 Supporters"
    assert count.options[1].action == Action.of("deploy", region="plateau", count=2)


def play_to_region_cards(state: GameState) -> None:
    g = data(state)
    while g.step != "region_cards":
        d = RULES.pending(state)[0]
        seat = d.seats[0]
        default = d.default_for(seat)
        assert default is not None
        do(state, seat, default.text())


def test_card_placement_flows_card_then_region_for_each_card() -> None:
    state = game(2)
    play_to_region_cards(state)
    d = decision(state, "p1")
    shown = WORDS.choices(state, d, "p1", RULES.legal(state, "p1"), ALICE)
    assert [c.flow for c in shown] == ["place"]
    chosen: dict[str, Any] = dict(shown[0].chosen)
    asked = []
    action = None
    for _ in range(6):
        step = WORDS.flow(state, "p1", "place", chosen, ALICE)
        assert step is not None and len(step.options) <= 25
        asked.append(step.param)
        option = step.options[-1]
        if option.action is not None:
            action = option.action
            break
        chosen = dict(option.chosen)
    assert asked == ["card", "region", "card", "region", "card"]
    assert action is not None and action in RULES.legal(state, "p1")
    do(state, "p1", action.text())


def test_card_placement_flow_merged_as_the_table_merges_it() -> None:
    """The table keeps every earlier step's choices and adds each new one's (bot/table/prompts.py):
    after a card has its Region the next question is again which card, never the same card twice."""
    state = game(3)
    play_to_region_cards(state)
    chosen: dict[str, Any] = {}
    asked, action = [], None
    for _ in range(8):
        step = WORDS.flow(state, "p1", "place", chosen, ALICE)
        assert step is not None
        asked.append(step.param)
        option = step.options[0]
        if option.action is not None:
            action = option.action
            break
        chosen.update(dict(option.chosen))
    assert asked == ["card", "region", "card", "region", "card"]
    assert action is not None and action in RULES.legal(state, "p1")


def test_clash_order_and_claims_read_in_words() -> None:
    state = game(2)
    g = data(state)
    spring_actions(state, {"p1": {"highlands": "nobility.c9"}, "p2": {"plateau": "clans.c9"}})
    do(state, "p1", "pass")
    do(state, "p2", "pass")
    seat = g.order[-1]
    d = decision(state, seat)
    shown = WORDS.choices(state, d, seat, RULES.legal(state, seat), ALICE.to(seat))
    assert shown[0].label == "Highlands, then Plateau, then Lowlands"
    assert WORDS.question(state, d, seat, ALICE.to(seat)).startswith("You are last on the Order Track")


def test_harmful_choices_ask_first() -> None:
    state = game(2)
    g = data(state)
    g.players["p1"].hand = ["nobility.c7", "nobility.f2"]
    g.choice = EffectChoice("p1", "discard", "", ["nobility.c7", "nobility.f2"], False, 1, {"amount": 1}, {})
    d = decision(state, "p1")
    shown = WORDS.choices(state, d, "p1", RULES.legal(state, "p1"), ALICE)
    assert shown[0].label == "Discard Squire · 3"
    assert shown[0].confirm == "Discard Squire · 3?" and shown[0].style == "danger"
    g.choice = EffectChoice("p1", "govern", "", ["nobility.c7>relics", "done"], True, 1, {}, {})
    shown = WORDS.choices(state, decision(state, "p1"), "p1", RULES.legal(state, "p1"), ALICE)
    assert shown[-1].label == "Skip Govern" and shown[-1].confirm == "Give up the Govern reward?"


def test_the_private_mat_reads_like_a_player_board() -> None:
    state = game(2)
    g = data(state)
    g.players["p1"].hand = ["nobility.c7", "nobility.f3"]
    g.players["p1"].kingdom = ["k.market_charter"]
    g.players["p1"].occupants = {"k.market_charter": "nobility.c6"}
    sections = {s.title: s.lines for s in WORDS.hand(state, "p1", ALICE)}
    assert sections["Your hand (2 of 6)"] == ("Knight Banneret · 7: Day: this card gains Invulnerable, Journey for 1 Lore",
                                              "Herald-at-Arms · 3: Resilient, 1 Vote")
    assert any("Hold the Line (ready, Day)" in line for line in sections["Tactics"])
    assert "Sworn Shield of the Throne · 11: Invulnerable (costs 2 Lore)" in sections["Site of Power (0 Lore to spend)"]
    assert sections["Kingdom cards"] == ("Market Charter: Winter: gain 2 Influence (Occupied by Castellan)",)
    for lines in sections.values():
        for line in lines:
            assert_human(line)


def test_each_faction_has_a_blurb() -> None:
    for role in RULES.roles(2, RULES.default_options(2)):
        assert WORDS.role_blurb(role) == BLURBS[role]
        assert_human(WORDS.role_blurb(role))


def test_phase_titles_and_the_log_keep_secret_actors_out() -> None:
    state = game(2)
    assert WORDS.phase_title(state) == "Year 1 · Spring"
    hand = data(state).players["p1"].hand
    events = do(state, "p1", f"bid card:{hand[0]}")
    line = WORDS.log_line(state, None, events, ALICE.public())
    assert line == "A bid was placed face down."
    assert "Nobility" not in line


def test_a_module_adds_its_own_tellers() -> None:
    class Beacon(Module):
        name = "beacon_words_test"
        title = "Beacon"
        order: ClassVar[int] = 90

        def words(self, w: Any) -> None:
            w.on("okc.beacon_lit")(lambda state, e, aud: "The beacon is lit.")

    WORDS.install(Beacon())
    state = game(2)
    assert WORDS.event(state, Event.public("okc.beacon_lit"), ALICE) == "The beacon is lit."
    assert "okc.night_map" in WORDS.told()


def test_personal_news_tells_the_loss_by_dm() -> None:
    state = game(2)
    lost = Event.public("okc.eliminated", card="nobility.c7", seat="p1", region="plateau", to="lost", by="p2")
    assert WORDS.news(state, [lost], "p1", ALICE) == [
        "Your Knight Banneret (7) is eliminated in the Plateau and goes to your Lost Pile."]
    assert WORDS.news(state, [lost], "p2", ALICE) == []


def test_composite_options_have_names_even_without_a_waiting_effect() -> None:
    state = game(2)
    assert WORDS.value_label(state, "p1", "choose", "option", "p2>castle") == "Herald of the Clans to the Castle"
    assert WORDS.value_label(state, "p1", "choose", "option", "nobility.c6>relics") == \
        "Castellan · 7 into the Council of Relics"
    assert WORDS.value_label(state, "p1", "choose", "option", "p2:plateau:0") == "The Clans in the Plateau"


def test_orders_and_bids_can_be_built_step_by_step() -> None:
    state = game(2)
    data(state).players["p1"].hand = ["nobility.f2", "nobility.c7"]
    step = WORDS.flow(state, "p1", "bid", {}, ALICE)
    assert step is not None and [o.label for o in step.options] == ["Knight Banneret · 7", "Squire · 3"]
    assert step.options[0].action == Action.of("bid", card="nobility.c7")
    state = game(2)
    g = data(state)
    spring_actions(state, {"p1": {"highlands": "nobility.c9"}, "p2": {"plateau": "clans.c9"}})
    do(state, "p1", "pass")
    do(state, "p2", "pass")
    seat = g.order[-1]
    first = WORDS.flow(state, seat, "order", {}, ALICE)
    assert first is not None and first.question == "Which Region clashes first?"
    second = WORDS.flow(state, seat, "order", dict(first.options[2].chosen), ALICE)
    assert second is not None and [o.label for o in second.options] == ["Highlands", "Plateau"]
    assert second.options[1].action == Action.of("order", regions=["lowlands", "plateau", "highlands"])


def test_a_clash_is_reported_once_its_result_is_known_and_the_claim_joins_it() -> None:
    start = Event.public("okc.clash", region="plateau", first=True, marker=1, supporters={})
    won = Event.public("okc.clash_won", region="plateau", seat="p1", strength=9)
    claim = Event.public("okc.claim", seat="p1", location="battlefield")
    gain = Event.public("okc.influence", seat="p1", amount=2, total=2, why="location:battlefield")
    passed = Event.public("okc.passed", seat="p1", step="autumn")
    assert WORDS.battle_events([start]) == []
    assert WORDS.battle_events([start, won]) == [[start, won]]   # posted at once, before the winner's claim
    assert WORDS.battle_events([start, won, claim, gain, passed]) == [[start, won, claim, gain]]
    state = game(2)
    report = WORDS.battle_report(state, [start, won, claim, gain], ALICE.public())
    assert report[-2:] == ["The Nobility (Alice) win with 9, unopposed.",
                           "The Nobility (Alice) claim the Battlefield (Plateau): 2 Influence."]
