"""Summer (p.25-30): Clash markers, reveal, Day and Night steps, the tally, ties and rewards."""

from __future__ import annotations

from engine.okc import RULES
from tests.okc.helpers import data, do, find, game, pass_until, refused, region, spring_actions, to_summer


def test_faq_last_on_the_order_track_places_the_clash_markers() -> None:
    state = game(3)
    spring_actions(state, {})
    pass_until(state, "clash_order")
    assert data(state).order[-1] == "p3"
    err = refused(state, "p1", "order regions:plateau,highlands,lowlands", "not_your_turn")
    assert "p3" in str(err)
    refused(state, "p3", "order regions:plateau,plateau,lowlands", "regions")
    events = do(state, "p3", "order regions:plateau,highlands,lowlands")
    assert [r.marker for r in data(state).regions] == [2, 1, 3]
    assert find(events, "okc.clash")[0].data["region"] == "plateau"


def test_reveal_then_highest_strength_wins_and_claims() -> None:
    state = game(2)
    g = data(state)
    spring_actions(state, {"p1": {"highlands": "nobility.c9"}, "p2": {"highlands": "clans.c6"}})
    pass_until(state, "clash_order")
    events = do(state, "p2", "order regions:highlands,plateau,lowlands")
    shown = find(events, "okc.revealed")[0].data["cards"]
    assert {"seat": "p1", "card": "nobility.c9"} in shown
    assert RULES.view(state, None)["regions"][0]["cards"]["p1"][0]["face_up"] is True
    assert g.step == "day" and g.turn_queue == ["p1", "p2"]
    refused(state, "p2", "pass", "not_your_turn")
    do(state, "p1", "pass")
    events = do(state, "p2", "pass")
    assert find(events, "okc.tally")[0].data["tally"] == {"p1": 9, "p2": 6}
    assert g.step == "claim"
    refused(state, "p2", "claim location:castle", "not_your_turn")
    refused(state, "p1", "claim location:shrine", "no_location")
    do(state, "p1", "claim location:castle")
    # Castle: +1 Influence, then Govern (a choice).
    assert g.players["p1"].influence == 1 and g.choice is not None and g.choice.kind == "govern"


def test_supporters_count_in_the_first_clash_only() -> None:
    state = game(2)
    g = data(state)
    spring_actions(state, {"p1": {"highlands": "nobility.c6"}, "p2": {"highlands": "clans.c8"}},
                   supporters={"p1": {"highlands": 3}})
    to_summer(state)
    # A Kingdom card lets p2 make the Region clash again.
    g.players["p2"].kingdom.append("k.blood_feud")
    do(state, "p1", "pass")
    do(state, "p2", "kingdom card:k.blood_feud")
    events = do(state, "p2", "pass")
    assert find(events, "okc.tally")[0].data["tally"] == {"p1": 10, "p2": 7}
    do(state, "p1", "claim location:wilderness")
    do(state, "p1", "choose option:done")          # no Journey
    # The second clash in the Highlands: Supporters no longer count.
    assert g.clash is not None and g.clash.region == "highlands" and g.clash.first is False
    do(state, "p1", "pass")
    events = do(state, "p2", "pass")
    assert find(events, "okc.tally")[0].data["tally"] == {"p1": 7, "p2": 7}


def test_faq_two_deadly_cards_eliminate_each_other() -> None:
    state = game(2)
    g = data(state)
    spring_actions(state, {"p1": {"plateau": "nobility.deadly"}, "p2": {"plateau": "clans.deadly"}})
    g.regions[1].cards.append(type(g.regions[1].cards[0])("nobility.c8", "p1"))  # Resilient
    to_summer(state, "plateau,highlands,lowlands")
    do(state, "p1", "pass")
    events = do(state, "p2", "pass")
    gone = {e.data["card"]: e.data["to"] for e in find(events, "okc.eliminated")}
    assert gone == {"nobility.deadly": "lost", "nobility.c8": "discard", "clans.deadly": "lost"}
    assert sorted(find(events, "okc.deadly")[0].data["sources"]) == ["clans.deadly", "nobility.deadly"]
    assert "nobility.deadly" in g.players["p1"].lost and "nobility.c8" in g.players["p1"].discard
    assert find(events, "okc.no_winner")


def test_invulnerable_is_immune_to_deadly() -> None:
    state = game(2)
    spring_actions(state, {"p1": {"plateau": "nobility.keep"}, "p2": {"plateau": "clans.deadly"}})
    to_summer(state, "plateau,highlands,lowlands")
    do(state, "p1", "pass")
    events = do(state, "p2", "pass")
    assert find(events, "okc.immune")[0].data["card"] == "nobility.keep"
    assert find(events, "okc.tally")[0].data["tally"] == {"p1": 4, "p2": 5}


def test_faq_all_tied_players_pass_no_winner() -> None:
    state = game(2)
    g = data(state)
    spring_actions(state, {"p1": {"plateau": "nobility.c7"}, "p2": {"plateau": "clans.c7"}})
    to_summer(state, "plateau,highlands,lowlands")
    do(state, "p1", "pass")
    events = do(state, "p2", "pass")
    assert find(events, "okc.tie")[0].data["seats"] == ["p1", "p2"]
    assert g.step == "tie"
    do(state, "p1", "tie")
    assert "tie" in RULES.view(state, None)["region_cards"]["key"]
    events = do(state, "p2", "tie")
    assert find(events, "okc.no_winner")[0].data["why"] == "all tied players passed"
    assert region(state, "plateau").winner is None and g.players["p1"].influence == 0
    assert g.clash.region == "highlands"


def test_tie_break_card_decides_the_clash() -> None:
    state = game(2)
    g = data(state)
    spring_actions(state, {"p1": {"plateau": "nobility.c7"}, "p2": {"plateau": "clans.c7"}},
                   hands={"p1": ["nobility.f2"], "p2": ["clans.f1"]})
    to_summer(state, "plateau,highlands,lowlands")
    do(state, "p1", "pass")
    do(state, "p2", "pass")
    do(state, "p1", "tie card:nobility.f2")
    assert "nobility.f2" not in str(RULES.view(state, None)["regions"])
    events = do(state, "p2", "tie card:clans.f1")
    assert find(events, "okc.tally")[-1].data["tally"] == {"p1": 10, "p2": 8}
    assert g.step == "claim" and g.clash.winner == "p1"


def test_tied_player_without_cards_passes_automatically() -> None:
    state = game(2)
    spring_actions(state, {"p1": {"plateau": "nobility.c7"}, "p2": {"plateau": "clans.c7"}},
                   hands={"p1": [], "p2": []})
    to_summer(state, "plateau,highlands,lowlands")
    do(state, "p1", "pass")
    events = do(state, "p2", "pass")
    assert find(events, "okc.no_winner")[0].data["why"] == "tied and nobody can play a card"


def test_herald_reward_and_stealing_from_heralds() -> None:
    state = game(3)
    g = data(state)
    spring_actions(state, {"p1": {"plateau": "nobility.c9"}})
    for s in ("p1", "p2", "p3"):
        g.players[s].herald = "battlefield"
    g.players["p2"].influence = 3
    to_summer(state, "plateau,highlands,lowlands")
    pass_until(state, "claim")
    do(state, "p1", "claim location:battlefield")
    # Herald: +1, steal 1 from p2 (p3 has none to give), then the Battlefield's +2.
    assert g.players["p1"].influence == 1 + 1 + 2
    assert g.players["p2"].influence == 2


def test_harvest_field_takes_the_favour_and_faq_resets_it() -> None:
    state = game(2)
    g = data(state)
    g.favour_holder, g.favour_uses = "p1", 1
    spring_actions(state, {"p1": {"plateau": "nobility.c9"}})
    to_summer(state, "plateau,highlands,lowlands")
    pass_until(state, "claim")
    do(state, "p1", "claim location:harvest_field")
    assert g.favour_holder == "p1" and g.favour_uses == 3


def test_faq_ambush_once_per_clash_in_several_clashes() -> None:
    state = game(2)
    g = data(state)
    spring_actions(state, {"p1": {"highlands": "nobility.ruse"}, "p2": {}},
                   hands={"p1": ["nobility.c9", "nobility.c8", "nobility.c6"]})
    to_summer(state)
    do(state, "p1", "command card:nobility.ruse")
    do(state, "p1", "choose option:nobility.c6")
    public = RULES.view(state, None)
    assert public["regions"][0]["cards"]["p1"][1] == {"face_up": False}
    refused(state, "p1", "command card:nobility.ruse", "no_command")
    do(state, "p1", "pass")
    events = do(state, "p2", "pass")
    assert {"seat": "p1", "card": "nobility.c6"} in find(events, "okc.revealed")[0].data["cards"]
    # The card moves on to the next Region (as a Flank would move it) before the next clash.
    ruse = g.regions[0].cards[0]
    g.regions[0].cards.remove(ruse)
    g.regions[1].cards.append(ruse)
    do(state, "p1", "claim location:wilderness")
    do(state, "p1", "choose option:done")
    assert g.clash.region == "plateau"
    do(state, "p1", "command card:nobility.ruse")   # a new clash: Ambush works again
    assert g.choice is not None and g.choice.kind == "ambush"


def test_flank_moves_a_card_to_a_region_still_to_come() -> None:
    state = game(2)
    g = data(state)
    spring_actions(state, {"p1": {"highlands": "nobility.flank"}})
    to_summer(state)
    do(state, "p1", "command card:nobility.flank")
    assert g.choice.options == ["plateau", "lowlands"]
    do(state, "p1", "choose option:lowlands")
    assert [p.card for p in region(state, "lowlands").cards] == ["nobility.flank"]
    assert region(state, "lowlands").cards[0].face_up


def test_blank_removes_printed_but_not_gained_keywords() -> None:
    state = game(2, factions="uprising,nobility")
    g = data(state)
    spring_actions(state, {"p1": {"highlands": "uprising.c6"}, "p2": {"highlands": "nobility.c7"}})
    to_summer(state)
    do(state, "p1", "pass")
    do(state, "p2", "command card:nobility.c7")        # gains Invulnerable
    g.turn_queue.insert(0, "p1")                      # give p1 another go to test Sabotage
    do(state, "p1", "tactic id:uprising.sabotage")
    do(state, "p1", "choose option:nobility.c7")
    placed = region(state, "highlands").cards[1]
    from engine.okc.cards import has_keyword
    assert placed.blanked and has_keyword(g, placed, "invulnerable")


def test_location_rewards_shrine_and_necropolis() -> None:
    state = game(2)
    g = data(state)
    spring_actions(state, {"p1": {"lowlands": "nobility.c9"}}, hands={"p1": ["nobility.f1", "nobility.f2"]})
    g.players["p1"].discard = ["nobility.f3"]
    to_summer(state, "lowlands,highlands,plateau")
    pass_until(state, "claim")
    do(state, "p1", "claim location:shrine")
    assert g.choice.kind == "bottom" and "done" in g.choice.options
    do(state, "p1", "choose option:nobility.f1")
    do(state, "p1", "choose option:done")
    assert g.players["p1"].deck[-1] == "nobility.f1"
    assert g.players["p1"].influence == 1


def test_necropolis_shuffles_discard_and_draws_up_to_three() -> None:
    state = game(2)
    g = data(state)
    spring_actions(state, {"p1": {"lowlands": "nobility.c9"}}, hands={"p1": []})
    g.players["p1"].discard = ["nobility.f3"]
    deck = len(g.players["p1"].deck)
    to_summer(state, "lowlands,highlands,plateau")
    pass_until(state, "claim")
    do(state, "p1", "claim location:necropolis")
    assert g.choice.options == ["0", "1", "2", "3"]
    do(state, "p1", "choose option:2")
    assert len(g.players["p1"].hand) == 2 and len(g.players["p1"].deck) == deck + 1 - 2
