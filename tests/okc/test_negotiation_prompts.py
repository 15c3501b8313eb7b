"""The Negotiating Table in prompts (issue 32): offers and agreements composed by the flows ``offer`` and
``agreement``, named by what they hold, shown whole before Accept; agreement actions after a step's own
choices, confirmed and never the default; terms in Years; autocomplete; computer players' reasons."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bot.table import outbox
from engine.agents import answer_why
from engine.core import Action, Choice, Decision, GameState, RuleError, apply
from engine.okc import RULES
from engine.okc.modules.negotiating_table import REASONS, table
from engine.okc.modules.negotiating_table.book import open_offers
from engine.okc.modules.negotiating_table.compose import suggest_components
from engine.okc.words.wording import WORDS
from tests.okc.helpers import data
from tests.okc.test_negotiating_table import negotiating
from tests.okc.words_games import audience


def act(state: GameState, seat: str, kind: str, **args: Any) -> list[Any]:
    return apply(RULES, state, seat, Action.of(kind, **args))


NUMBERED = re.compile(r"\b(offer|agreement) \d", re.IGNORECASE)


def prompt(state: GameState, seat: str) -> tuple[Decision, list[Choice]]:
    d = next(d for d in RULES.pending(state) if seat in d.seats)
    aud = audience(state).to(seat)
    return d, WORDS.choices(state, d, seat, RULES.legal(state, seat), aud)


def walk(state: GameState, seat: str, kind: str, picks: list[str], text: str | None = None) -> Action:
    """Follow the flow ``kind`` by option labels (a substring each); the action it completes."""
    aud = audience(state).to(seat)
    chosen: dict[str, Any] = {}
    for wanted in picks:
        step = WORDS.flow(state, seat, kind, chosen, aud)
        assert step is not None and not step.text, (wanted, chosen)
        # an option that completes nothing yet must say which flow it goes on with, or the click leads nowhere
        assert all(o.action is not None or o.flow == kind for o in step.options), (step.param, kind)
        found = [o for o in step.options if wanted in o.label]
        assert found, f"no {wanted!r} in {[o.label for o in step.options]}"
        if found[0].action is not None:
            return found[0].action
        chosen.update(dict(found[0].chosen))
    step = WORDS.flow(state, seat, kind, chosen, aud)
    assert step is not None and step.text and text is not None
    chosen[step.param] = text
    assert WORDS.flow(state, seat, kind, chosen, aud) is None
    names = {p.name for p in RULES.actions[kind].params}
    return Action.of(kind, **{k: v for k, v in chosen.items() if k in names})


def test_a_barter_is_composed_part_by_part_and_named_by_what_it_holds() -> None:
    state = negotiating()
    g = data(state)
    g.players["p1"].influence = 3
    tactic = sorted(g.players["p2"].tactics)[0]
    from engine.okc.words.names import tactic_name

    name = tactic_name(state, tactic)
    offer = walk(state, "p1", "offer", ["The " + g.players["p2"].faction.title(), "Add something you hand over",
                                        "Influence", "2 Influence", "Add something you ask for", name, "Send it"])
    assert offer == Action.of("offer", to="p2", give=["influence:2"], take=[tactic])
    act(state, "p1", "offer", to="p2", give=["influence:2"], take=[tactic])
    d, choices = prompt(state, "p2")
    labels = [c.label for c in choices]
    mine = g.players["p1"].faction
    accept = next(c for c in choices if c.label.startswith("Accept"))
    assert accept.label == f"Accept the {mine.title()}'{'' if mine.endswith('s') else 's'} barter: 2 Influence for " \
                           f"your Tactic {name}"
    assert labels.index(accept.label) < next(i for i, x in enumerate(labels) if x.startswith("Decline"))
    assert labels[-1] == "Done negotiating" and choices[-1].style == "pass"
    question = WORDS.question(state, d, "p2", audience(state).to("p2"))
    assert f"they hand over 2 Influence, and ask you for your Tactic {name}" in question
    assert not any(NUMBERED.search(x) for x in labels + [question])
    # the proposer withdraws it by its name too
    _, theirs = prompt(state, "p1")
    assert any(c.label.startswith(f"Withdraw your barter to the {g.players['p2'].faction.title()}") for c in theirs)


def test_an_agreement_with_a_barter_a_term_and_words_is_shown_whole_in_years() -> None:
    state = negotiating()
    g = data(state)
    them = g.players["p2"].faction
    action = walk(state, "p1", "agreement", ["The " + them.title(), "Add something you hand over now", "Supporters",
                                             "1 Supporter", "Add a term the bot checks", "reveal no card with",
                                             "Flank", "Plateau", "Until the end of Year 2",
                                             "Write terms in your own words"], text="No raids this Year.")
    assert action == Action.of("agreement", to="p2", give=["supporters:1"], terms=[f"{them}:no_command:flank:plateau:2"],
                               text="No raids this Year.")
    apply(RULES, state, "p1", action)
    d, choices = prompt(state, "p2")
    question = WORDS.question(state, d, "p2", audience(state).to("p2"))
    for part in ("binding Trade Agreement", "1 Supporter now", "you reveal no card with Flank in the Plateau",
                 "until the end of Year 2", "No raids this Year.", "Outrage"):
        assert part in question, question
    assert "round" not in question
    assert any(c.label.startswith("Accept ") and "agreement" in c.label for c in choices)


def test_a_text_step_is_last_and_long_words_are_refused_by_the_rules() -> None:
    state = negotiating()
    aud = audience(state).to("p1")
    step = WORDS.flow(state, "p1", "agreement", {"to": "p2", "part": "text"}, aud)
    assert step is not None and step.text and step.max_length == 400 and not step.options and step.placeholder
    assert WORDS.flow(state, "p1", "agreement", {"to": "p2", "part": "text", "text": "x"}, aud) is None
    try:
        apply(RULES, state, "p1", Action.of("agreement", to="p2", text="x" * 401))
    except RuleError as err:
        assert err.code == "long_text" and "400" in err.describe()
    else:
        raise AssertionError("401 characters of terms were accepted")
    assert not open_offers(data(state))


def make_deal(state: GameState, text: str = "No raids this Year.") -> int:
    act(state, "p1", "agreement", to="p2", text=text)
    offer = open_offers(data(state))[0]
    act(state, "p2", "accept_offer", offer=offer["id"])
    return int(table(data(state))["agreements"][0]["id"])


def test_agreement_actions_come_after_the_steps_own_choices_confirmed_and_never_the_default() -> None:
    state = negotiating()
    make_deal(state)
    _, choices = prompt(state, "p1")
    labels = [c.label for c in choices]
    kinds = [c.action.kind if c.action else c.flow for c in choices]
    for kind in ("fulfil_agreement", "cancel_agreement", "breach"):
        i = kinds.index(kind)
        assert i > kinds.index("offer") and i < kinds.index("done_negotiating")
        assert choices[i].style == "secondary" and choices[i].confirm, labels[i]
        assert not NUMBERED.search(labels[i])
        assert ("their agreement with you" if kind == "breach" else "your agreement with the") in labels[i]
    # every player says done: the Heralds; the agreement's actions still follow the step's own choices
    for s in ("p1", "p2", "p3"):
        act(state, s, "done_negotiating")
    for d in RULES.pending(state):
        for s in d.seats:
            default = d.default_for(s)
            assert default is None or default.kind not in ("fulfil_agreement", "cancel_agreement", "breach")
            absent = WORDS.if_absent(state, d, s, audience(state).to(s))
            assert "agreement" not in absent and "cancel" not in absent
    d = next(d for d in RULES.pending(state) if d.blocking and "p1" in d.seats)
    shown = WORDS.choices(state, d, "p1", RULES.legal(state, "p1"), audience(state).to("p1"))
    kinds = [c.action.kind if c.action else c.flow for c in shown]
    own = [i for i, k in enumerate(kinds) if k not in ("fulfil_agreement", "cancel_agreement", "breach")]
    later = [i for i, k in enumerate(kinds) if k in ("fulfil_agreement", "cancel_agreement", "breach")]
    passes = [i for i, c in enumerate(shown) if c.style == "pass"]
    assert later and min(later) > max(i for i in own if i not in passes)
    assert all(shown[i].confirm for i in later)


def test_autocomplete_offers_every_amount_held_and_what_others_show() -> None:
    state = negotiating()
    g = data(state)
    g.players["p1"].influence = 4
    gives = RULES.suggest(state, "p1", "agreement", "give")
    assert [f"influence:{n}" for n in range(1, 5)] == [v for v in gives if v.startswith("influence:")]
    assert all(c in gives for c in g.players["p1"].hand)
    takes = RULES.suggest(state, "p1", "offer", "take")
    assert not any(c in takes for s in ("p2", "p3") for c in g.players[s].hand)   # hands are secret
    assert all(t in takes for t in g.players["p2"].tactics)
    assert suggest_components(g, "p1", "give") == gives
    assert all(WORDS.value_label(state, "p1", "agreement", "give", v) for v in gives)
    act(state, "p2", "offer", to="p1", give=["supporters:1"])
    [number] = RULES.suggest(state, "p1", "accept_offer", "offer")
    named = WORDS.value_label(state, "p1", "accept_offer", "offer", number)
    assert named.startswith("The ") and "barter: 1 Supporter for nothing" in named


def test_computer_players_say_why_to_the_proposer_only() -> None:
    state = negotiating()
    g = data(state)
    # an agreement that binds p2 and gives nothing: declined, because it binds
    act(state, "p1", "agreement", to="p2", terms=[f"{g.players['p2'].faction}:no_command:deadly:highlands:1"])
    offer = open_offers(g)[0]
    yes, why = answer_why(RULES, state, "p2", f"offer-{offer['id']}", "steady", seed=1)
    assert (yes, why) == (False, "binds")
    assert answer_why(RULES, state, "p2", f"offer-{offer['id']}", "random", seed=1) == (False, "unweighed")
    events = act(state, "p2", "decline_offer", offer=offer["id"], reason=why)
    told = [e for e in events if e.kind == "okc.offer_reason"]
    assert len(told) == 1 and set(told[0].to or ()) == {"p1", "p2"}
    line = WORDS.event(state, told[0], audience(state).to("p1"))
    assert line is not None and "decline your agreement" in line and "bind them against their own interest" in line
    mine = WORDS.event(state, told[0], audience(state).to("p2"))
    assert mine is not None and mine.startswith("You decline") and mine.endswith("bind you against your own interest.")
    # a gift: accepted, because it helps
    act(state, "p1", "offer", to="p2", give=["supporters:2"])
    gift = open_offers(g)[0]
    assert answer_why(RULES, state, "p2", f"offer-{gift['id']}", "steady", seed=1) == (True, "helps")
    events = act(state, "p2", "accept_offer", offer=gift["id"], reason="helps")
    line = WORDS.event(state, next(e for e in events if e.kind == "okc.offer_reason"), audience(state).to("p1"))
    assert line is not None and "accept your barter: it leaves them better placed" in line
    with pytest.raises(RuleError) as info:      # the reason is read before the offer is looked for
        act(state, "p2", "decline_offer", offer=99, reason="spite")
    assert info.value.code == "bad_reason"
    assert set(REASONS) == {"helps", "costs", "binds", "cannot", "unweighed"}


def test_free_text_terms_bind_the_computer_player_asked_to_accept_them() -> None:
    """Words of the players' own bind both parties: an agreement of free text alone, giving nothing, is
    declined because it binds (not merely because it costs)."""
    state = negotiating()
    act(state, "p1", "agreement", to="p2", text="We keep the peace")
    offer = open_offers(data(state))[0]
    assert answer_why(RULES, state, "p2", f"offer-{offer['id']}", "steady", seed=1) == (False, "binds")


def test_a_computer_player_cannot_accept_a_card_its_offerer_no_longer_holds() -> None:
    """Nobody barters what they do not hold: a card offered from hand and since gone from it (back in
    the deck) makes the offer one the computer player cannot accept now, whatever it would gain."""
    state = negotiating()
    g = data(state)
    p1 = g.players["p1"]
    card = p1.hand[0]
    act(state, "p1", "offer", to="p2", give=[card])
    offer = f"offer-{open_offers(g)[0]['id']}"
    assert answer_why(RULES, state, "p2", offer, "steady", seed=1) == (True, "helps")
    p1.hand[0] = p1.deck.pop(0)
    p1.deck.append(card)
    assert answer_why(RULES, state, "p2", offer, "steady", seed=1) == (False, "cannot")


def test_each_term_naming_the_player_asked_and_the_players_words_bind_it_once() -> None:
    """An agreement's terms bind the player asked once for each checkable term naming its faction, and
    once more for words of the players' own (they bind both parties): two here."""
    from engine.agents.answer import binding

    state = negotiating()
    g = data(state)
    act(state, "p1", "agreement", to="p2", terms=[f"{g.players['p2'].faction}:no_command:deadly:highlands:1"],
        text="We keep the peace")
    offer = open_offers(g)[0]
    assert binding(state, "p2", f"offer-{offer['id']}") == 2


def test_the_flows_reach_every_suggested_offer_and_agreement() -> None:
    """Every offer and agreement the rules suggest (random agents, autocomplete) is reachable by clicks."""
    from tests.prompt_walk import Walker

    state = negotiating(4, seed=2)
    rnd = random.Random(3)
    for seat in ("p1", "p2"):
        d = next(d for d in RULES.pending(state) if seat in d.seats)
        w = Walker(RULES, state, seat, d, audience(state), rnd)
        targets = [a for a in RULES.legal(state, seat) if a.kind in ("offer", "agreement")]
        assert targets
        for a in rnd.sample(targets, min(40, len(targets))):
            assert w.reaches(a), a
        for a in w.random_leaves(5):
            assert w.accepted(a) is None, (a, w.accepted(a))


def test_a_promise_to_hand_over_names_an_amount_or_something_the_table_sees() -> None:
    state = negotiating()
    g = data(state)
    tactic = sorted(g.players["p2"].tactics)[0]
    from engine.okc.words.names import tactic_name

    them = g.players["p2"].faction
    action = walk(state, "p1", "agreement", ["The " + them.title(), "Add a term the bot checks",
                                             "promise to hand something over", "By Year 2",
                                             f"Tactic {tactic_name(state, tactic)}", "Send the agreement"])
    assert action == Action.of("agreement", to="p2", terms=[f"{them}:give:{tactic}:2"])
    apply(RULES, state, "p1", action)
    action = walk(state, "p1", "agreement", ["The " + them.title(), "Add a term the bot checks",
                                             "You promise to hand something over", "By Year 1", "Lore", "3 Lore",
                                             "Send the agreement"])
    assert action.get("terms") == (f"{g.players['p1'].faction}:give:lore:3:1",)


def test_any_amount_held_is_reached_by_pages_of_options() -> None:
    state = negotiating()
    g = data(state)
    g.players["p1"].influence = 60
    offer = walk(state, "p1", "offer", ["The " + g.players["p2"].faction.title(), "Add something you hand over",
                                        "Influence", "More than 24", "More than 48", "53 Influence", "Send it"])
    assert offer == Action.of("offer", to="p2", give=["influence:53"])
    aud = audience(state).to("p1")
    step = WORDS.flow(state, "p1", "offer", {"to": "p2", "amount": "give:influence", "from": 49}, aud)
    assert step is not None and [o.label for o in step.options][-1] == "60 Influence" and len(step.options) == 12


def test_every_offer_waiting_on_a_player_is_told_whole_in_their_prompt() -> None:
    state = negotiating()
    g = data(state)
    act(state, "p1", "offer", to="p3", give=["supporters:1"])
    act(state, "p2", "agreement", to="p3", text="We share the Lowlands.")
    d, choices = prompt(state, "p3")
    question = outbox.prompt_question(RULES, WORDS, state, d, "p3", audience(state))  # every offer, a line each
    assert "they hand over 1 Supporter, and ask you for nothing" in question and "We share the Lowlands." in question
    assert len(question.splitlines()) == 3  # the two offers, then the Negotiation Step's own question
    accepts = [c.label for c in choices if c.label.startswith("Accept")]
    assert len(accepts) == 2 and any("barter" in x for x in accepts) and any("agreement" in x for x in accepts)
    assert g.players["p3"].faction


def test_an_amount_is_asked_how_many_when_counted_and_how_much_when_not() -> None:
    """compose.amount_step and give_term: Supporters are counted ("How many"), Influence and Lore are not."""
    state = negotiating()
    g = data(state)
    for p in ("p1", "p2"):
        g.players[p].influence = g.players[p].lore = g.players[p].supporters = 5
    aud = audience(state).to("p1")
    asked = {what: WORDS.flow(state, "p1", "offer", {"to": "p2", "amount": f"{side}:{what}"}, aud)
             for side, what in (("give", "supporters"), ("take", "influence"), ("give", "lore"))}
    assert {w: s.question.split("?")[0] for w, s in asked.items() if s is not None} == {
        "supporters": "How many Supporters do you hand over", "influence": "How much Influence do you ask for",
        "lore": "How much Lore do you hand over"}
    chosen = {"to": "p2", "part": "term", "bind": "p2|give", "year": 1, "arg": "supporters"}
    step = WORDS.flow(state, "p1", "agreement", chosen, aud)
    assert step is not None and step.question == "How many Supporters?"


def test_a_term_asks_its_details_of_whoever_it_binds() -> None:
    """compose.term_step: binding yourself is asked with "you", binding the other party names them."""
    state = negotiating()
    g = data(state)
    aud = audience(state).to("p1")
    them = f"the {g.players['p2'].faction.title()} ({aud.player('p2')})"
    for party, bound in (("p1", "you"), ("p2", them)):
        base = {"to": "p2", "part": "term"}
        claim = WORDS.flow(state, "p1", "agreement", {**base, "bind": f"{party}|no_claim"}, aud)
        assert claim is not None and claim.question == f"Which Location's reward may {bound} not claim?"
        region = WORDS.flow(state, "p1", "agreement", {**base, "bind": f"{party}|no_command", "arg": "deadly"}, aud)
        assert region is not None and region.question == f"In which Region may {bound} not reveal a card with Deadly?"
        command = WORDS.flow(state, "p1", "agreement", {**base, "bind": f"{party}|no_command"}, aud)
        assert command is not None and command.question == f"Which Command may {bound} not reveal?"


def test_the_players_own_words_quoted_last_end_the_sentence_once() -> None:
    """words.offer_whole and made_agreement: after quoted words ending in a full stop, no second one; words
    without one get it after the closing quote."""
    from engine.okc.modules.negotiating_table.deal_words import stop

    assert stop("in their words: \u201cPeace.\u201d") == "in their words: \u201cPeace.\u201d"
    assert stop("in their words: \u201cPeace?\u201d") == "in their words: \u201cPeace?\u201d"
    assert stop("in their words: \u201cPeace\u201d") == "in their words: \u201cPeace\u201d."
    state = negotiating()
    act(state, "p1", "agreement", to="p2", text="We share the Lowlands.")
    d = next(d for d in RULES.pending(state) if "p2" in d.seats and d.prompt == "okc.offer")
    asked = WORDS.question(state, d, "p2", audience(state).to("p2"))
    assert "Terms: in their words: \u201cWe share the Lowlands.\u201d It holds" in asked
    made = [e for e in act(state, "p2", "accept_offer", offer=1) if e.kind == "okc.agreement_made"]
    told = WORDS.event(state, made[0], audience(state).to("p3"))
    assert told.endswith("markers on both cards: in their words: \u201cWe share the Lowlands.\u201d")


def test_the_words_of_an_agreement_are_yours_to_who_wrote_or_agreed_them() -> None:
    """deal_words.terms_words: "in your words" to the proposer and, once agreed, to both parties; "in
    their words" to the one it is offered to and to the other players."""
    state = negotiating()
    text = Action.of("agreement", to="p2", text="We share the Lowlands.")
    assert ": in your words: \u201cWe share" in WORDS.label(state, "p1", text, audience(state).to("p1"))
    assert ": in their words: \u201cWe share" in WORDS.label(state, "p1", text, audience(state).to("p3"))
    apply(RULES, state, "p1", text)
    [o] = open_offers(data(state))
    d = next(d for d in RULES.pending(state) if "p2" in d.seats and d.prompt == "okc.offer")
    assert "Terms: in their words: " in WORDS.question(state, d, "p2", audience(state).to("p2"))
    made = [e for e in act(state, "p2", "accept_offer", offer=o["id"]) if e.kind == "okc.agreement_made"]
    told = {s: WORDS.event(state, made[0], audience(state).to(s)) for s in ("p1", "p2", "p3")}
    assert "in your words" in told["p1"] and "in your words" in told["p2"] and "in their words" in told["p3"]
