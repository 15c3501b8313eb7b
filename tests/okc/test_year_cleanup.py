"""The year's cleanup (p.33) whole: every field it resets, every field it keeps, the retained card that
stays Active, the Round marker and the last round that ends the game."""

from __future__ import annotations

from engine.core import GameState
from engine.okc.state import Placed, Seated
from engine.okc.year import cleanup
from tests.okc.helpers import data, game
from tests.okc.test_whispering_tower import tower


def _played(state: GameState) -> None:
    """A round's leftovers: Heralds out, Kingdom actions used, cards peeked at, Supporters and cards in two
    Regions (one card retained, with gains that must not outlive the round), a Council seat, Ally Regions."""
    g = data(state)
    for seat in g.order:
        p = g.players[seat]
        p.herald, p.used, p.peeked = "castle", ["k.mint"], [f"{seat}|highlands|nobility.c6"]
        p.supporters_lost = 1
    g.ally_regions = {"p1": ["plateau"]}
    highlands, lowlands = g.regions[0], g.regions[2]
    highlands.supporters = {"p1": 2, "p2": 1}
    lowlands.supporters = {"p2": 3}
    highlands.cards = [
        Placed("nobility.c9", "p1", face_up=True, gained=2, gained_keywords=["flank"], blanked=True, used=["flank"]),
        Placed("nobility.keep", "p1", face_up=True, gained=3, gained_keywords=["deadly"], blanked=True,
               used=["deadly"], retained=True),
        Placed("clans.f4", "p2", face_up=False)]
    for reg in (highlands, lowlands):
        reg.marker, reg.clashes, reg.again, reg.resolved, reg.winner = 2, 1, 1, True, "p1"
    g.councils["relics"] = [Seated("nobility.c6", "p1")]
    g.round, g.length = 1, 3


def test_cleanup_sends_heralds_home_and_forgets_the_rounds_uses_and_peeks() -> None:
    state = game(2)
    g = data(state)
    _played(state)
    assert cleanup(state) is True
    for seat in g.order:
        p = g.players[seat]
        assert (p.herald, p.used, p.peeked) == (None, [], [])
    assert g.ally_regions == {}


def test_cleanup_loses_every_placed_supporter_for_its_owner() -> None:
    state = game(2)
    g = data(state)
    _played(state)
    cleanup(state)
    assert g.players["p1"].supporters_lost == 1 + 2
    assert g.players["p2"].supporters_lost == 1 + 1 + 3
    assert all(reg.supporters == {} for reg in g.regions)


def test_cleanup_discards_active_cards_to_their_owners_and_keeps_a_retained_one_plain() -> None:
    state = game(2)
    g = data(state)
    _played(state)
    discards = {seat: list(g.players[seat].discard) for seat in g.order}
    cleanup(state)
    assert g.players["p1"].discard == [*discards["p1"], "nobility.c9", "nobility.c6"]
    assert g.players["p2"].discard == [*discards["p2"], "clans.f4"]
    [kept] = g.regions[0].cards
    assert kept == Placed("nobility.keep", "p1", face_up=True)   # every gain gone, no longer retained
    assert kept.blanked is False and kept.retained is False and kept.gained == 0
    assert kept.gained_keywords == [] and kept.used == []
    assert g.regions[2].cards == []


def test_cleanup_clears_every_regions_clash_record() -> None:
    state = game(2)
    g = data(state)
    _played(state)
    cleanup(state)
    for reg in g.regions:
        assert (reg.marker, reg.clashes, reg.again, reg.resolved, reg.winner) == (0, 0, 0, False, None)


def test_cleanup_empties_the_councils_and_moves_the_round_marker_on() -> None:
    state = game(2)
    g = data(state)
    _played(state)
    state.take_events()
    assert cleanup(state) is True
    events = state.take_events()
    assert [e.kind for e in events] == ["okc.council_cleared", "okc.cleanup"]
    assert events[-1].data == {"round": 1} and events[-1].to is None
    assert g.councils["relics"] == []
    assert (g.round, g.step, g.over) == (2, "start", False)


def test_cleanup_of_the_second_to_last_round_goes_on_and_of_the_last_round_ends_the_game() -> None:
    state = game(2)
    g = data(state)
    g.round, g.length = 2, 3
    assert cleanup(state) is True and g.round == 3 and g.step == "start" and not g.over
    state.take_events()
    assert cleanup(state) is False
    assert g.round == 4 and g.step == "over" and g.over
    kinds = [e.kind for e in state.take_events()]
    assert kinds.index("okc.cleanup") < kinds.index("okc.game_over")


def test_cleanup_in_a_wild_kingdom_game_discards_the_boons_even_of_a_retained_card() -> None:
    state = game(2, modules="whispering_tower")
    g = data(state)
    g.regions[1].cards = [Placed("nobility.f4", "p1", face_up=True, boons=["wt.voice"]),
                          Placed("nobility.keep", "p1", face_up=True, boons=["wt.gilt"], retained=True)]
    cleanup(state)
    assert tower(g)["discard"] == ["wt.voice", "wt.gilt"]
    assert [(q.card, q.boons) for q in g.regions[1].cards] == [("nobility.keep", [])]
    assert "nobility.f4" in g.players["p1"].discard
