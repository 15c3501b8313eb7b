"""The Negotiating Table (Wild Kingdom): the Negotiation Step each Spring, barters by offer, what the table
sees of them, the deadline's defaults, the leak permuter and random agents' offers."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core import Action, GameState, RuleError, apply, canonical
from engine.okc import RULES
from engine.okc.modules.negotiating_table import NAME, STEP, table
from engine.okc.modules.negotiating_table.book import made
from engine.okc.words.wording import WORDS
from engine.playout import Playout
from tests.okc.helpers import data, do, find, game, refused
from tests.okc.words_games import audience

# The sections refusals cite, spelt out here (a test importing the module's constants would follow a mutation).
STEP_RULE = "Wild Kingdom: Negotiating Table, The Negotiation Step"
BARTER = "Wild Kingdom: Negotiating Table, Bartering"
TRADE = "Wild Kingdom: Negotiating Table, Trade Agreements"
OUTRAGE = "Wild Kingdom: Negotiating Table, Outrage"
ALLIANCES = "Wild Kingdom: Negotiating Table, Alliances"


def whole(state: GameState, seat: str, act: str | Action) -> tuple[str, str, str, Any]:
    """A refusal whole, (section, code, message, legal), with the state unchanged. ``act`` is a command as
    typed or an Action built directly (what the command parser would refuse first, as a bad choice)."""
    if isinstance(act, str):
        err = refused(state, seat, act)
    else:
        before = RULES.fingerprint(state)
        with pytest.raises(RuleError) as info:
            apply(RULES, state, seat, act)
        assert RULES.fingerprint(state) == before, "a refused action changed the state"
        err = info.value
    return (err.section, err.code, err.message, err.legal)


def to_negotiation(state: GameState) -> None:
    """Apply every awaited seat's default until the Negotiation Step opens."""
    for _ in range(200):
        if data(state).step == STEP:
            return
        d = next(d for d in RULES.pending(state) if d.blocking)
        seat = d.seats[0]
        default = d.default_for(seat)
        assert default is not None
        apply(RULES, state, seat, default)
    raise AssertionError(f"never reached the Negotiation Step, at {data(state).step}")


def negotiating(n: int = 3, seed: int = 1) -> GameState:
    state = game(n, seed, modules=NAME)
    to_negotiation(state)
    return state


def test_played_with_three_or_four_players_only() -> None:
    with pytest.raises(RuleError) as info:
        game(2, modules=NAME)
    assert "3 or 4 players" in str(info.value)
    assert NAME not in data(game(2, modules="all")).modules
    assert NAME in data(game(3, modules="all")).modules


def test_the_lobby_rates_it_3_and_leaves_it_out_of_all_with_two_players() -> None:
    assert RULES.lobby_notes({"modules": "negotiating_table"}, 3)[0] == \
        "Wild Kingdom: Negotiating Table (3). Complexity 3: First Comets in the Sky."
    assert "Negotiating Table" in RULES.lobby_notes({"modules": "all"}, 4)[0]
    assert "Negotiating Table" not in RULES.lobby_notes({"modules": "all"}, 2)[0]
    assert RULES.lobby_notes({"modules": "all"}, 2)[-1] == \
        "Negotiating Table is left out: it needs 3 or more players."
    assert RULES.lobby_notes({"modules": "all"})[-1] == "Negotiating Table joins only with 3 or more players."
    assert not any("left out" in n or "joins only" in n for n in RULES.lobby_notes({"modules": "all"}, 3))


def test_the_step_comes_after_the_bids_and_before_the_heralds_every_spring() -> None:
    state = game(3, modules=NAME)
    g = data(state)
    seen = []
    for _ in range(2000):
        if g.round > 2:
            break
        if g.step == STEP:
            assert not g.bid_queue and g.great_road.count("") == 0
            seen.append(g.round)
        d = next(d for d in RULES.pending(state) if d.blocking)
        events = apply(RULES, state, d.seats[0], d.default_for(d.seats[0]))  # type: ignore[arg-type]
        if find(events, "okc.negotiation_closed"):
            assert g.step == "heralds" or g.step.startswith("ally")
    assert sorted(set(seen)) == [1, 2]


def test_everyone_says_done_at_once_and_the_deadline_says_done() -> None:
    state = negotiating()
    g = data(state)
    [d] = [d for d in RULES.pending(state) if d.prompt == "okc.negotiation"]
    assert d.kind == "simultaneous" and set(d.seats) == {"p1", "p2", "p3"}
    assert all(d.default_for(s).kind == "done_negotiating" for s in d.seats)  # type: ignore[union-attr]
    do(state, "p2", "done_negotiating")
    refused(state, "p2", "offer to:p1 give:influence:1")
    do(state, "p1", "done_negotiating")
    events = do(state, "p3", "done_negotiating")
    assert find(events, "okc.negotiation_closed") and g.step != STEP


def test_a_player_who_is_done_still_answers_and_the_step_waits_for_the_answer() -> None:
    state = negotiating()
    g = data(state)
    g.players["p1"].influence = 2
    do(state, "p2", "done_negotiating")
    do(state, "p1", "offer to:p2 give:influence:2")
    do(state, "p1", "done_negotiating")
    do(state, "p3", "done_negotiating")
    assert g.step == STEP
    [d] = RULES.pending(state)
    assert d.prompt == "okc.offer" and d.seats == ("p2",) and d.default_for("p2").kind == "decline_offer"  # type: ignore[union-attr]
    events = do(state, "p2", "accept_offer offer:1")
    assert g.players["p2"].influence == 2 and find(events, "okc.negotiation_closed")


def test_the_offers_each_player_made_are_counted_until_the_next_step_opens() -> None:
    """The count the computer players cap their offers by (engine/agents/bargain.py): every offer, answered
    or not, counts for its maker; the next Negotiation Step starts again from none."""
    state = negotiating()
    g = data(state)
    g.players["p1"].influence = 2
    do(state, "p1", "offer to:p2 give:influence:1")
    do(state, "p2", "decline_offer offer:1")
    do(state, "p1", "alliance to:p3")
    assert (made(g, "p1"), made(g, "p2"), made(g, "p3")) == (2, 0, 0)
    do(state, "p3", "decline_offer offer:2")
    for seat in ("p1", "p2", "p3"):
        do(state, seat, "done_negotiating")
    assert g.step != STEP and made(g, "p1") == 2
    to_negotiation(state)
    assert made(g, "p1") == 0 and table(g)["made"] == {}


def test_offers_are_checked_and_refused_with_the_section() -> None:
    state = negotiating()
    g = data(state)
    held = "an offer of what is held now, or decline"
    assert g.players["p1"].influence == 0
    assert whole(state, "p1", "offer to:p2 give:influence:5") == (
        BARTER, "not_held", "you no longer have 5 Influence (0 held)", held)
    assert whole(state, "p1", "offer to:p1 give:lore:1") == (
        BARTER, "no_player", "a barter is offered to another player", ["p2", "p3"])
    assert whole(state, "p1", "offer to:p2") == (
        BARTER, "empty_offer", "an offer gives or asks for something", "give:influence:1 or take:lore:1, for example")
    assert whole(state, "p1", "offer to:p2 give:dragons:2") == (
        BARTER, "bad_component", "'dragons:2' is nothing that can be bartered",
        ["influence:N", "lore:N", "supporters:N", "favour", "a card or Tactic by name"])
    assert whole(state, "p1", "offer to:p2 give:lore:0") == (
        BARTER, "bad_amount", "give a whole number of Lore, at least 1", ["lore:1", "lore:2"])
    assert whole(state, "p1", "offer to:p2 give:favour") == (
        BARTER, "not_held", "you no longer have the Kingdom's Favour", held)
    assert whole(state, "p1", "accept_offer offer:9") == (
        BARTER, "no_offer", "no offer of that number waits on your answer", "no offer waits on you")
    g.players["p2"].lore = 1
    do(state, "p1", "offer to:p2 take:lore:1")
    assert whole(state, "p3", "decline_offer offer:1") == (
        BARTER, "no_offer", "no open offer of that number was made by you or to you", "no open offer")
    assert whole(state, "p2", "accept_offer offer:9") == (
        BARTER, "no_offer", "no offer of that number waits on your answer", [1])
    assert whole(state, "p1", "decline_offer offer:9")[3] == [1]
    g.players["p2"].lore = 0
    assert whole(state, "p2", "accept_offer offer:1") == (BARTER, "not_held", "you no longer have 1 Lore (0 held)", held)
    g.players["p1"].influence = 1
    do(state, "p1", "offer to:p2 give:influence:1")
    g.players["p1"].influence = 0
    assert whole(state, "p2", "accept_offer offer:2") == (
        BARTER, "not_held", "the offering player no longer has 1 Influence (0 held)", held)


def test_the_step_refuses_what_comes_outside_it_or_from_a_player_who_is_done() -> None:
    """check_step and check_proposer: offers, answers and payments wait for the Negotiation Step; a player
    who said done only answers (ruling NT1), and says done once."""
    state = game(3, modules=NAME)
    assert data(state).step == "bid"
    later = "wait for the next Spring"
    assert whole(state, "p1", "offer to:p2 give:lore:1") == (
        STEP_RULE, "phase", "offering a barter happens only in the Negotiation Step, each Spring after the bids", later)
    assert whole(state, "p1", "done_negotiating") == (
        STEP_RULE, "phase", "saying you are done happens only in the Negotiation Step, each Spring after the bids", later)
    assert whole(state, "p1", "pay agreement:1") == (
        STEP_RULE, "phase", "paying what an agreement promised happens only in the Negotiation Step, each Spring "
        "after the bids", later)
    state = negotiating()
    data(state).players["p1"].influence = 1
    do(state, "p2", "done_negotiating")
    do(state, "p1", "offer to:p2 give:influence:1")         # p2 is awaited again, to answer it
    answer = "accept or decline the offers made to you"
    assert whole(state, "p2", "offer to:p1 give:lore:1") == (
        STEP_RULE, "done", "you said you are done negotiating this Spring: you can only answer offers", answer)
    assert whole(state, "p2", "alliance to:p3")[2:] == (
        "you said you are done negotiating this Spring: you can only answer offers", answer)
    assert whole(state, "p2", "done_negotiating") == (
        STEP_RULE, "done", "you already said you are done this Spring", answer)


def test_nothing_is_offered_or_answered_while_a_kingdom_card_received_waits_to_be_occupied() -> None:
    """check_step: a Kingdom card bartered that needs Occupying is Occupied at once (ruling NT5); until its
    receiver has chosen the card from hand, the table waits on that choice alone."""
    state = negotiating()
    g = data(state)
    g.players["p1"].kingdom.append("k.iron_crown")
    do(state, "p1", "offer to:p2 give:k.iron_crown")
    do(state, "p2", "accept_offer offer:1")
    assert g.choice is not None and g.choice.kind == "barter_occupy"
    pending = (STEP_RULE, "choice_pending", "a Kingdom card received must be Occupied first", "choose option:...")
    assert whole(state, "p2", "offer to:p1 give:lore:1") == pending
    assert whole(state, "p2", "done_negotiating") == pending


def test_a_kingdom_card_is_refused_to_a_receiver_with_no_card_in_hand_to_occupy_it() -> None:
    state = negotiating()
    g = data(state)
    g.players["p1"].kingdom.append("k.iron_crown")
    do(state, "p1", "offer to:p2 give:k.iron_crown")
    g.players["p2"].hand = []
    assert whole(state, "p2", "accept_offer offer:1") == (
        BARTER, "no_occupant", "a Kingdom card received must be Occupied at once with a card from hand, and that "
        "hand would be empty", "an offer without that Kingdom card")


def test_a_reason_is_one_the_table_can_tell() -> None:
    """check_reason: the command parser refuses another reason first (a bad choice); an answer built as an
    Action (an agent's, a saved game's) meets the module's own check."""
    state = negotiating()
    data(state).players["p1"].influence = 1
    do(state, "p1", "offer to:p2 give:influence:1")
    reasons = ["helps", "costs", "binds", "cannot", "unweighed"]
    assert whole(state, "p2", "accept_offer offer:1 reason:spite") == (
        "commands", "bad_choice", "accept_offer reason cannot be 'spite'", reasons)
    for kind in ("accept_offer", "decline_offer"):
        assert whole(state, "p2", Action.of(kind, offer=1, reason="spite")) == (
            BARTER, "bad_reason", "'spite' is not a reason the table can tell", reasons)


def test_the_table_sees_that_an_offer_exists_and_only_the_parties_see_what_it_holds() -> None:
    state = negotiating()
    g = data(state)
    card = g.players["p1"].hand[0]
    events = do(state, "p1", f"offer to:p2 give:{card}")
    public = RULES.view(state, None)[NAME]["offers"]
    assert public == [{"offer": 1, "by": "p1", "to": "p2"}]
    assert RULES.view(state, "p2")[NAME]["offers"][0]["give"] == [card]
    assert RULES.view(state, "p3")[NAME]["offers"][0].get("give") is None
    [made] = find(events, "okc.offer_made")
    assert made.to == ("p1", "p2")
    events = do(state, "p2", "accept_offer offer:1")
    [done] = find(events, "okc.bartered")
    assert done.to is None and done.data["give"]["hand"] == 1 and card not in canonical(done.data)
    assert card in g.players["p2"].hand
    line = WORDS.event(state, done, audience(state))
    assert "1 card from hand" in line and "Barter agreed" in line


def test_the_permuter_keeps_offered_cards_in_hand_and_the_public_view_unchanged() -> None:
    state = negotiating()
    g = data(state)
    card = g.players["p1"].hand[-1]
    do(state, "p1", f"offer to:p2 give:{card}")
    for seed in range(20):
        twin = RULES.copy(state)
        RULES.permute_hidden(twin, random.Random(seed))
        assert card in data(twin).players["p1"].hand
        assert canonical(RULES.view(twin, None)) == canonical(RULES.view(state, None))
        apply(RULES, twin, "p2", Action.of("accept_offer", offer=1))


def test_a_site_of_power_card_must_be_paid_for_by_its_new_owner() -> None:
    state = negotiating()
    g = data(state)
    site = g.players["p2"].site[0]
    do(state, "p2", f"offer to:p1 give:{site}")
    do(state, "p1", "accept_offer offer:1")
    assert site in g.players["p1"].site and site not in g.players["p2"].site


def test_random_agents_make_and_accept_real_offers() -> None:
    seen: dict[str, int] = {}
    for seed, seats in ((3, 3), (4, 4)):
        playout = Playout(RULES, [f"p{i + 1}" for i in range(seats)], seed, {"modules": NAME, "length": 4})
        playout.run()
        for kind, n in playout.event_counts.items():
            seen[kind] = seen.get(kind, 0) + n
    assert seen["okc.negotiation_opened"] == 8
    for kind in ("okc.offer_opened", "okc.bartered", "okc.offer_declined"):
        assert seen.get(kind, 0) >= 3, kind
    assert table(data(game(3, modules=NAME)))["offers"] == []


# -- Alliances ---------------------------------------------------------------------------------------

def allied_game() -> GameState:
    state = negotiating()
    do(state, "p1", "alliance to:p2")
    do(state, "p2", "accept_offer offer:1")
    return state


def test_an_alliance_flips_a_card_each_and_one_alliance_at_a_time() -> None:
    state = allied_game()
    public = RULES.view(state, None)[NAME]
    assert public["alliances"] == [["p1", "p2"]]
    assert public["cards"]["p1"][0] == {"with": "p2", "side": "alliance"}
    assert public["cards"]["p3"] == [{"with": None, "side": "agreement"}] * 2
    assert whole(state, "p3", "alliance to:p1") == (
        ALLIANCES, "no_alliance", "that player is already in an Alliance this round", "no Alliance now")
    assert whole(state, "p1", "alliance to:p3") == (
        ALLIANCES, "no_alliance", "you are already in an Alliance this round", "no Alliance now")


def test_a_refused_alliance_names_the_players_still_free_to_ally() -> None:
    state = negotiating(4)
    do(state, "p1", "alliance to:p2")
    do(state, "p2", "accept_offer offer:1")
    assert whole(state, "p3", "alliance to:p1") == (
        ALLIANCES, "no_alliance", "that player is already in an Alliance this round", ["p4"])
    assert whole(state, "p3", "alliance to:p3") == (
        ALLIANCES, "no_alliance", "an Alliance is formed with another player", ["p4"])


def test_an_alliance_ends_when_the_next_negotiation_step_opens() -> None:
    state = allied_game()
    g = data(state)
    for seat in ("p1", "p2", "p3"):
        do(state, seat, "done_negotiating")
    assert table(g)["alliances"] == [["p1", "p2"]]
    round_one = g.round
    for _ in range(3000):
        if g.step == STEP and g.round > round_one:
            break
        d = next(d for d in RULES.pending(state) if d.blocking)
        apply(RULES, state, d.seats[0], d.default_for(d.seats[0]))  # type: ignore[arg-type]
    assert g.step == STEP and table(g)["alliances"] == []
    assert all(c == {"with": None, "alliance": False, "deal": None} for cs in table(g)["cards"].values() for c in cs)


def test_the_hand_goes_to_the_ally_alone() -> None:
    state = allied_game()
    g = data(state)
    events = do(state, "p1", "show_hand")
    [cards] = find(events, "okc.hand_shown.cards")
    assert cards.to == ("p2",) and cards.data["cards"] == g.players["p1"].hand
    assert [e.to for e in find(events, "okc.hand_shown")] == [None]
    assert whole(state, "p3", "show_hand") == (
        ALLIANCES, "no_ally", "you can show your hand only to the player you are allied with",
        "form an Alliance in the Negotiation Step")


def test_an_empty_hand_shown_to_the_ally_reads_no_cards() -> None:
    state = allied_game()
    data(state).players["p1"].hand = []
    [cards] = find(do(state, "p1", "show_hand"), "okc.hand_shown.cards")
    line = WORDS.event(state, cards, audience(state).to("p2"))
    assert line.endswith("show you their hand: no cards.")


def test_abilities_against_an_opponent_skip_the_ally_and_its_eliminations_spare_them() -> None:
    from engine.okc.effects import eliminate, opponents
    from engine.okc.state import Placed

    state = allied_game()
    g = data(state)
    assert opponents(g, "p1") == ["p3"] and opponents(g, "p3") == ["p1", "p2"]
    reg = g.regions[1]
    mine, theirs = Placed("clans.c7", "p2", face_up=True), Placed("uprising.c6", "p3", face_up=True)
    reg.cards = [mine, theirs]
    eliminate(state, [mine, theirs], "p1", reg.id)
    assert reg.cards == [mine]
    events = state.take_events()
    assert [e.kind for e in events if e.kind in ("okc.ally_spared", "okc.eliminated")] == \
        ["okc.ally_spared", "okc.eliminated"]
    eliminate(state, [mine], ["p1", "p3"], reg.id)      # Deadly cards of the ally and of an opponent
    assert reg.cards == []


def test_an_allys_vote_stays_secret_until_both_have_voted() -> None:
    from engine.okc.modules.negotiating_table.alliances import VOTE_STEP

    state = allied_game()
    g = data(state)
    views = []
    for named in ("p1", "p2"):
        twin = RULES.copy(state)
        t = table(data(twin))
        t["vote"], t["votes"] = {"region": "plateau", "seats": ["p1", "p2"], "best": 9}, {"p1": named}
        data(twin).step = VOTE_STEP
        views.append(canonical(RULES.view(twin, None)))
        assert RULES.view(twin, "p1")[NAME]["vote"]["mine"] == named
    assert views[0] == views[1]
    assert g.step == STEP


def test_only_the_allies_topping_a_clash_name_its_winner_and_only_one_of_them() -> None:
    from engine.okc.modules.negotiating_table.alliances import VOTE_STEP

    state = allied_game()
    no_vote = (ALLIANCES, "no_vote", "only the allies who top a clash together name its winner, once each", "wait")
    assert whole(state, "p1", "name_winner seat:p1") == no_vote          # no clash to name a winner of
    t = table(data(state))
    t["vote"], t["votes"] = {"region": "plateau", "seats": ["p1", "p2"], "best": 9}, {}
    data(state).step = VOTE_STEP
    assert whole(state, "p1", "name_winner seat:p3") == (
        ALLIANCES, "bad_vote", "name one of the two allies as the winner", ["p1", "p2"])
    do(state, "p1", "name_winner seat:p2")
    assert table(data(state))["votes"] == {"p1": "p2"}


# -- Trade Agreements ------------------------------------------------------------------------------------

def agreed(n: int = 3, terms: str = "", text: str = "") -> GameState:
    state = negotiating(n)
    extra = (f" terms:{terms}" if terms else "") + (f' text:"{text}"' if text else "")
    do(state, "p1", f"agreement to:p2{extra}")
    do(state, "p2", "accept_offer offer:1")
    return state


def test_agreements_are_limited_by_the_cards_and_need_terms_the_bot_can_read() -> None:
    state = negotiating()
    example = ["clans:no_command:deadly:highlands:2"]
    assert whole(state, "p1", "agreement to:p2") == (
        TRADE, "no_terms", "an agreement needs terms: checkable ones, free text or both",
        'terms:clans:no_command:deadly:highlands:2 or text:"..."')
    assert whole(state, "p1", "agreement to:p2 terms:clans:no_command:poison:highlands:1") == (
        TRADE, "bad_term", "'clans:no_command:poison:highlands:1': that term names something the bot does not know",
        example)
    assert whole(state, "p1", "agreement to:p2 terms:clans:no_peace:highlands:1") == (
        TRADE, "bad_term", "'clans:no_peace:highlands:1' is not a term the bot can check",
        [*example, "nobility:no_claim:harvest_field:1", "uprising:no_tactic:uprising.riot:5", "gathering:give:lore:1:2"])
    for outside in ("uprising", "dragons"):        # a third player's faction, or none at all
        assert whole(state, "p1", f"agreement to:p2 terms:{outside}:no_claim:castle:1") == (
            TRADE, "bad_party", "a term binds one of the two parties: the Nobility or the Clans", ["nobility", "clans"])
    assert whole(state, "p1", "agreement to:p2 terms:clans:no_claim:castle:9") == (
        TRADE, "bad_round", "a term lasts until the end of a Year from this one (1) to the last (5), not Year 9", "1 to 5")
    for c in table(data(state))["cards"]["p2"]:
        c["with"], c["deal"] = "p3", 99
    no_card = "a barter, or a non-binding word at the table"
    assert whole(state, "p1", 'agreement to:p2 text:"peace"') == (
        TRADE, "no_card", "that player has no available Trade Agreement card", no_card)
    for c in table(data(state))["cards"]["p1"]:
        c["with"], c["deal"] = "p3", 98
    assert whole(state, "p1", 'agreement to:p3 text:"peace"') == (
        TRADE, "no_card", "you have no available Trade Agreement card", no_card)


def test_a_forbidden_claim_causes_outrage_and_the_card_changes_hands() -> None:
    from engine.okc.effects import location_reward

    state = agreed(terms="clans:no_claim:castle:1")
    g = data(state)
    location_reward(state, "p2", "castle")
    events = state.take_events()
    [o] = find(events, "okc.outrage")
    assert o.data == {"agreement": 1, "offender": "p2", "outraged": "p1", "why": "claim"}
    assert len(table(g)["cards"]["p1"]) == 3 and len(table(g)["cards"]["p2"]) == 1
    assert table(g)["agreements"] == []


def test_a_promise_to_give_is_kept_by_paying_or_broken_when_the_step_closes() -> None:
    state = agreed(terms="clans:give:lore:1:1")
    g = data(state)
    assert whole(state, "p1", "pay agreement:1") == (
        TRADE, "nothing_owed", "you owe nothing under that agreement", "nothing")
    assert whole(state, "p2", "pay agreement:1") == (
        BARTER, "not_held", "you no longer have 1 Lore (0 held)", "an offer of what is held now, or decline")
    g.players["p2"].lore = 1
    events = do(state, "p2", "pay agreement:1")
    assert g.players["p1"].lore == 1 and find(events, "okc.agreement_fulfilled")
    state = agreed(terms="clans:give:lore:1:1")
    data(state).players["p2"].lore = 1                      # could pay, and did not
    for seat in ("p1", "p2", "p3"):
        events = do(state, seat, "done_negotiating")
    assert find(events, "okc.outrage")[0].data["why"] == "give"


def test_the_thread_is_told_what_a_paid_promise_handed_over() -> None:
    state = agreed(terms="clans:give:lore:1:1")
    data(state).players["p2"].lore = 1
    [paid] = find(do(state, "p2", "pay agreement:1"), "okc.agreement_paid")
    line = WORDS.event(state, paid, audience(state))
    assert line is not None and "hand over 1 Lore to" in line and line.endswith("as their agreement promised.")


@pytest.mark.parametrize(("held", "outrage"), [(0, False), (1, False), (2, True), (5, True)])
def test_a_promise_its_party_cannot_pay_is_kept_to_the_best_of_their_ability(held: int, outrage: bool) -> None:
    """Ruling NT10: a Binding Trade Agreement is fulfilled once both have met its conditions "to the best of their
    ability". A promise of 2 Lore still unpaid when the step closes is broken only when the party holds 2 (the
    boundary) or more; holding less, it is kept as far as they can, nothing moves and nobody is Outraged."""
    state = agreed(terms="clans:give:lore:2:1")
    g = data(state)
    g.players["p2"].lore = held
    g.players["p1"].lore = 0
    for seat in ("p1", "p2", "p3"):
        events = do(state, seat, "done_negotiating")
    assert bool(find(events, "okc.outrage")) is outrage
    assert bool(find(events, "okc.promise_unpayable")) is not outrage
    assert g.players["p2"].lore == held and g.players["p1"].lore == 0
    cards = table(g)["cards"]
    assert (len(cards["p1"]), len(cards["p2"])) == ((3, 1) if outrage else (2, 2))
    assert table(g)["agreements"] == []
    if not outrage:
        assert find(events, "okc.agreement_fulfilled")[0].data["how"] == "terms"
        line = WORDS.event(state, find(events, "okc.promise_unpayable")[0], audience(state))
        assert line == ("The Clans (Bob) cannot hand over 2 Lore to the Nobility (Alice), as their agreement promised: "
                        "kept as far as they are able, with no Outrage.")


def test_both_parties_must_consent_to_fulfil_or_cancel() -> None:
    state = agreed(text="We keep the peace")
    g = data(state)
    do(state, "p1", "fulfil_agreement agreement:1")
    assert whole(state, "p1", "fulfil_agreement agreement:1") == (
        TRADE, "waiting", "you already agreed to fulfil it; the other party must agree too", "wait for the other party")
    assert whole(state, "p3", "cancel_agreement agreement:1") == (
        TRADE, "no_agreement", "you are in no binding agreement of that number", "none")
    assert whole(state, "p2", "cancel_agreement agreement:9") == (
        TRADE, "no_agreement", "you are in no binding agreement of that number", [1])
    assert table(g)["agreements"]
    events = do(state, "p2", "fulfil_agreement agreement:1")
    assert find(events, "okc.agreement_fulfilled") and not table(g)["agreements"]
    state = agreed(terms="clans:no_claim:castle:1")
    do(state, "p2", "cancel_agreement agreement:1")
    assert whole(state, "p2", "cancel_agreement agreement:1")[2] == \
        "you already agreed to cancel it; the other party must agree too"
    events = do(state, "p1", "cancel_agreement agreement:1")
    assert find(events, "okc.agreement_cancelled")
    assert all(c["with"] is None for cs in table(data(state))["cards"].values() for c in cs)


def test_a_claimed_breach_is_judged_by_the_others_in_secret() -> None:
    state = agreed(text="No Herald of yours at the Castle")
    not_arbiter = "only the players outside an agreement judge a claimed breach, once each"
    assert whole(state, "p1", "judge agreement:1 verdict:broken") == (OUTRAGE, "not_arbiter", not_arbiter,
                                                                       "nothing to judge")
    assert whole(state, "p3", "breach agreement:1")[1:3] == ("no_agreement", "you are in no binding agreement of that number")
    do(state, "p1", "breach agreement:1")
    assert whole(state, "p1", "judge agreement:1 verdict:broken")[1:] == ("not_arbiter", not_arbiter, "nothing to judge")
    assert whole(state, "p3", "judge agreement:9 verdict:broken")[3] == [1]
    # The command parser refuses another verdict first (a bad choice); a verdict built as an Action meets this.
    assert whole(state, "p3", Action.of("judge", agreement=1, verdict="maybe")) == (
        OUTRAGE, "bad_verdict", "say whether the terms were broken or kept", ["broken", "kept"])
    [d] = [d for d in RULES.pending(state) if d.prompt == "okc.breach"]
    assert d.seats == ("p3",) and d.default_for("p3") == Action.of("judge", agreement=1, verdict="kept")
    events = do(state, "p3", "judge agreement:1 verdict:broken")
    assert find(events, "okc.breach_verdict")[0].data["upheld"] is True
    assert find(events, "okc.outrage")[0].data["offender"] == "p2"


def test_a_second_claim_on_an_agreement_is_refused_while_the_first_is_judged() -> None:
    state = agreed(4, text="Leave the Lowlands to us")
    do(state, "p2", "breach agreement:1")
    err = refused(state, "p1", "breach agreement:1", "judging")
    assert (err.section, err.message, err.legal) == (OUTRAGE, "a claim on that agreement is already being judged", "wait")


def test_a_breach_is_claimed_only_of_words_the_bot_cannot_check() -> None:
    state = agreed(terms="clans:no_claim:castle:1")
    assert whole(state, "p1", "breach agreement:1") == (
        OUTRAGE, "no_text", "that agreement has only terms the bot checks itself",
        "nothing: a broken term is seen at once")


def test_with_two_judges_a_split_verdict_upholds_nothing_and_votes_stay_hidden_until_both() -> None:
    state = agreed(4, text="Leave the Lowlands to us")
    g = data(state)
    do(state, "p2", "breach agreement:1")
    do(state, "p3", "judge agreement:1 verdict:broken")
    public = RULES.view(state, None)[NAME]["agreements"][0]["claim"]
    assert public == {"by": "p2", "against": "p1", "voted": ["p3"]}
    assert RULES.view(state, "p3")[NAME]["agreements"][0]["claim"]["mine"] == "broken"
    twin = RULES.copy(state)
    table(data(twin))["agreements"][0]["claim"]["votes"]["p3"] = "kept"
    assert canonical(RULES.view(twin, None)) == canonical(RULES.view(state, None))
    events = do(state, "p4", "judge agreement:1 verdict:kept")
    assert find(events, "okc.breach_verdict")[0].data["upheld"] is False
    assert not find(events, "okc.outrage") and table(g)["agreements"]


def test_a_claimed_breach_reads_as_each_reader_stands_in_it() -> None:
    """words.claimed: the claimant reads "their agreement with you", the accused "your agreement with them",
    the judges "the agreement between them"."""
    state = agreed(3, text="Leave the Lowlands to us")
    [claim] = find(do(state, "p2", "breach agreement:1"), "okc.breach_claimed")
    told = {s: WORDS.event(state, claim, audience(state).to(s)) for s in ("p1", "p2", "p3")}
    assert told["p2"] == ("You claim that the Nobility (Alice) broke their agreement with you; the Uprising (Carol) "
                          "judge it, in secret.")
    assert told["p1"].startswith("The Clans (Bob) claim that you broke your agreement with them; ")
    assert told["p3"].startswith("The Clans (Bob) claim that the Nobility (Alice) broke the agreement between them; ")


def test_outrage_says_your_agreement_and_your_card_to_the_offender() -> None:
    """words.outraged: the offender reads "your", never "their", for their own agreement and card."""
    from engine.okc.effects import location_reward

    state = agreed(terms="clans:no_claim:castle:1")
    location_reward(state, "p2", "castle")
    [o] = find(state.take_events(), "okc.outrage")
    told = WORDS.event(state, o, audience(state).to("p2"))
    assert told.startswith("Outrage! You broke your agreement with the Nobility (Alice) (")
    assert told.endswith("it is void, and your Trade Agreement card goes to the Nobility (Alice).")


def test_a_judges_face_down_verdict_names_the_agreement_by_its_parties_to_each_reader() -> None:
    state = agreed(4, text="Leave the Lowlands to us")
    do(state, "p2", "breach agreement:1")
    [judged] = find(do(state, "p3", "judge agreement:1 verdict:broken"), "okc.breach_judged")
    to_p1 = WORDS.event(state, judged, audience(state).to("p1"))
    assert "give a verdict on the agreement of you and " in to_p1 and to_p1.endswith(", face down.")
    assert "broken" not in to_p1.lower()


@pytest.mark.parametrize("cards,change", [(0, -6), (1, -3), (2, 0), (3, 3), (4, 6), (5, 6)])
def test_reputation_moves_influence_before_the_tally(cards: int, change: int) -> None:
    from engine.okc.modules.negotiating_table.agreements import end

    state = negotiating()
    g = data(state)
    g.players["p1"].influence = 10
    table(g)["cards"]["p1"] = [{"with": None, "alliance": False, "deal": None}] * cards
    end(state)
    assert g.players["p1"].influence == 10 + change


@pytest.mark.parametrize(("influence", "lore", "site", "after"), [
    (2, 10, False, 5),     # -6 floored at 0 first, then 10 Lore -> 5: Lore never pays the penalty
    (7, 10, False, 6),     # 7 - 6 = 1, then + 5
    (2, 10, True, 0),      # a Site of Power with cards left: no conversion, the floor alone
    (0, 1, False, 0),      # nothing to lose, one Lore is not enough for an Influence
])
def test_reputation_comes_before_lore_is_turned_into_influence(influence: int, lore: int, site: bool,
                                                              after: int) -> None:
    """Ruling NT13: the end-of-game reputation modifier is applied before the scores are tallied, and turning
    Lore into Influence (p.45) is part of that tally, so at the 0 floor it changes the result."""
    from engine.okc.endgame import finish

    state = negotiating()
    g = data(state)
    table(g)["cards"]["p1"] = []                           # Reputation Ruined: -6
    p = g.players["p1"]
    p.influence, p.lore = influence, lore
    assert p.site                                          # set up with its Advanced and HQ cards
    if not site:
        p.site = []
    state.take_events()
    finish(state)
    kinds = [e.kind for e in state.take_events()]
    assert p.influence == after
    if not site and lore >= 2:
        assert kinds.index("okc.reputation") < kinds.index("okc.lore_converted")


@pytest.mark.parametrize("asked", [False, True])
def test_a_card_kept_at_the_town_may_be_bartered_and_stays_at_the_town(asked: bool) -> None:
    """Ruling NT5: the Custodians guard a Town card from stealing only. Offered by its holder or asked for by
    the other, it changes hands like any Kingdom card, stays at the Town under the receiver's marker (the
    Custodians still Occupy it: no Occupy space, no card from hand, even on a full board), and stays safe
    from thieves."""
    from engine.okc.kingdom import stealable

    state = game(3, modules=f"{NAME},travelling_town")
    to_negotiation(state)
    g = data(state)
    p1, p2 = g.players["p1"], g.players["p2"]
    p1.kingdom, p1.custodians = ["k.siege_commander"], ["k.siege_commander"]
    g.extra["travelling_town"]["spaces"][0] = "k.siege_commander"
    p2.kingdom = ["k.market_charter", "k.scriptorium"]             # both Occupy spaces full
    p2.occupants = {"k.market_charter": p2.hand[0], "k.scriptorium": p2.hand[1]}
    p2.hand = p2.hand[2:]
    hand = list(p2.hand)
    if asked:
        do(state, "p2", "offer to:p1 take:k.siege_commander")
        events = do(state, "p1", "accept_offer offer:1")
    else:
        do(state, "p1", "offer to:p2 give:k.siege_commander")
        events = do(state, "p2", "accept_offer offer:1")
    assert find(events, "okc.bartered")
    assert p2.kingdom[-1] == "k.siege_commander" and p2.custodians == ["k.siege_commander"]
    assert not p1.kingdom and not p1.custodians
    assert g.choice is None and p2.hand == hand and "k.siege_commander" not in p2.occupants
    town = RULES.view(state, None)["travelling_town"]
    assert [k["owner"] for k in town["spaces"] if k and k["id"] == "k.siege_commander"] == ["p2"]
    assert "k.siege_commander" not in stealable(g, "p2")


def test_autocomplete_suggests_whole_components_and_names_them() -> None:
    state = negotiating()
    g = data(state)
    g.players["p1"].lore = 2
    gives = RULES.suggest(state, "p1", "offer", "give")
    assert "lore:1" in gives and all(isinstance(v, str) for v in gives)
    assert WORDS.value_label(state, "p1", "offer", "give", "lore:1") == "1 Lore"
    assert WORDS.value_label(state, "p1", "offer", "give", ["influence:3", "favour"]) == \
        "3 Influence, the Kingdom's Favour (reset to III)"
    terms = RULES.suggest(state, "p1", "agreement", "terms")
    assert any(t.startswith("clans:no_command:deadly:") for t in terms)
    assert WORDS.value_label(state, "p1", "agreement", "terms", "clans:no_command:deadly:highlands:1") == \
        "The Clans (p2) reveal no card with Deadly in the Highlands (until the end of Year 1)"


def test_a_wild_kingdom_card_can_be_bartered_like_any_kingdom_card() -> None:
    """With the Wild Kingdom cards in the game, their cards are Kingdom cards for a barter (seen in a playout)."""
    from engine.okc.modules.negotiating_table import barter

    state = game(3, modules="negotiating_table,wild_kingdom_cards")
    g = data(state)
    side = barter.parse(g, "p1", ["wk.wishing_well"])
    assert side.kingdom == ["wk.wishing_well"]
    assert barter.named(g, "wk.wishing_well") != "wk.wishing_well"


def test_the_negotiation_steps_deadline_line_reads_as_a_sentence() -> None:
    """Found playing three seats on the local table: the default's button label made "you done negotiating"."""
    state = game(3, modules="negotiating_table")
    for _ in range(40):
        d = next((d for d in RULES.pending(state) if d.blocking), None)
        if d is not None and any(a.kind == "done_negotiating" for a in RULES.legal(state, d.seats[0])):
            break
        assert d is not None
        apply(RULES, state, d.seats[0], d.default_for(d.seats[0]))
    assert WORDS.if_absent(state, d, d.seats[0], audience(state)) == "If you don't answer in time, you are done negotiating."


def test_the_permuter_puts_back_an_offered_card_in_place_of_an_unnamed_hand_card_of_its_kind() -> None:
    """A named card the shuffle sent into the deck swaps with the first hand card that is neither named
    in the offer nor of another kind (an Ally for a faction card): never with a card the offer names."""
    from engine.okc.modules.negotiating_table import keep_offered_cards

    state = negotiating()
    g = data(state)
    p = g.players["p1"]
    a, b, d = p.hand[0], p.hand[1], p.hand[2]
    do(state, "p1", f"offer to:p2 give:{a},{b}")
    ally = "clans.f1"   # another faction's card: an Ally in p1's hand
    p.hand, p.deck = [b, ally, d], [a, *[c for c in p.deck if c not in (a, b, d)]]
    keep_offered_cards(g)
    assert p.hand == [b, ally, a] and p.deck[0] == d


def test_the_judges_question_names_the_claim_and_the_agreements_own_words() -> None:
    state = agreed(3, text="Leave the Lowlands to us")
    do(state, "p2", "breach agreement:1")
    [d] = [d for d in RULES.pending(state) if d.prompt == "okc.breach"]
    asked = WORDS.question(state, d, "p3", audience(state).to("p3"))
    assert asked.startswith("The Clans (Bob) claim that the Nobility (Alice) broke the agreement between them (")
    assert "Leave the Lowlands to us" in asked
    assert asked.endswith("Broken or kept? Your verdict stays secret until all are in; at the deadline it is kept.")
