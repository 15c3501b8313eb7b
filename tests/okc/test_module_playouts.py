"""The must-hold random playouts in small (issue 14): every Wild Kingdom module alone and all of them
together, for 2, 3 and 4 players, played to the end with every invariant checked (legal actions apply,
refusals change nothing, defaults apply, saves round-trip, the public view and public events do not depend on
hidden facts, the log replays). The full runs are ``python -m engine.simulate okc --games 200 --seed 7
--option modules=... --players N --coverage``."""

from __future__ import annotations

import pytest

from engine.core import GameState
from engine.okc import RULES
from engine.okc.content.loader import load_pack
from engine.okc.rules import OkcRules
from engine.playout import Playout

MODULES = ("night_map", "aeronauts", "legendary_creatures", "travelling_town", "whispering_tower", "wild_kingdom_cards",
           "negotiating_table", "all")
BOONS = ("passage", "gilt", "coin", "lamp", "tithe", "memory", "wind", "muster", "oath", "heels", "knife", "stone",
         "blood", "hidden", "voice", "banner", "ember", "trail", "veil", "toll")


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("modules", MODULES)
def test_a_checked_playout_with_modules(modules: str, seats: int) -> None:
    if modules == "negotiating_table" and seats < 3:
        pytest.skip("the Negotiating Table is played with 3 or 4 players")
    playout = Playout(RULES, [f"p{i + 1}" for i in range(seats)], 7 * 100_003 + seats,
                      {"modules": modules, "length": 4})
    state = playout.run()
    assert RULES.result(state) is not None
    seen, g = playout.event_counts, state.data
    if modules in ("travelling_town", "all"):      # Trades & Travels once every Winter
        assert seen.get("okc.town_trade") == 4 and seen.get("okc.travelled", 0) >= 4   # the ship may travel too
    if modules in ("whispering_tower", "all"):     # the 20 Boons are all somewhere, none twice
        t = g.extra["whispering_tower"]
        where = t["stack"] + t["discard"] + [b for lv in t["levels"].values() for b in lv] + \
            [b for held in t["supply"].values() for b in held] + [b for r in g.regions for p in r.cards for b in p.boons]
        assert sorted(where) == sorted(f"wt.{n}" for n in BOONS)
    assert g.modules[:1] == ["night_map"] if modules == "all" else g.modules == [modules]
    assert ("negotiating_table" in g.modules) == (seats >= 3) if modules == "all" else True


def test_together_the_modules_are_visited_placed_and_resolved() -> None:
    """Across a few unchecked games with every module: Visits of both pieces, every Tower level, Boons placed,
    revealed and resolved (the coverage the full runs report)."""
    seen: dict[str, int] = {}
    for i in range(6):
        playout = Playout(RULES, [f"p{k + 1}" for k in range(2 + i % 3)], 70 + i, {"modules": "all"}, check=False)
        playout.run()
        for kind, n in playout.event_counts.items():
            seen[kind] = seen.get(kind, 0) + n
    for kind in ("okc.visit[travelling_town]", "okc.visit[whispering_tower]", "okc.tower_level[entrance]",
                 "okc.tower_level[labyrinth]", "okc.town_kept", "okc.boon_placed", "okc.boons_revealed",
                 "okc.boon_resolved", "okc.town_influence_claimed", "okc.visit[aeronauts]", "okc.aeronaut_taken",
                 "okc.creature_placed", "okc.creature_claimed"):
        assert seen.get(kind, 0) > 0, kind


class AlliedOkc(OkcRules):
    """OKC where each seat starts with two cards of a faction nobody plays among its deck: Allies, as the
    Aeronauts will hand out (no module played so far does), so random play meets the Ally steps."""

    def setup(self, state: GameState) -> None:
        super().setup(state)
        g = state.data
        spare = [f for f in load_pack(g.pack).factions.values() if f.id not in {p.faction for p in g.players.values()}]
        cards = [c.id for f in spare for c in f.cards if c.kind == "basic"]
        for i, seat in enumerate(state.seats):
            g.players[seat].deck[1:1] = cards[2 * i:2 * i + 2]


@pytest.mark.parametrize("seats", [2, 3])
def test_allies_under_random_play_with_every_check(seats: int) -> None:
    """Ally bids and placements declared in turn order, defaults at their deadlines, the permuter keeping
    Allies among Allies: a whole checked game."""
    playout = Playout(AlliedOkc(), [f"p{i + 1}" for i in range(seats)], 40 + seats, {"modules": "travelling_town"})
    assert playout.rules.result(playout.run()) is not None
    assert playout.event_counts.get("okc.ally_bid", 0) > 0 and playout.event_counts.get("okc.ally_placed", 0) > 0


def test_the_coverage_run_cycles_only_the_player_counts_the_modules_allow(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.simulate import main, seat_counts

    assert seat_counts(RULES, {"modules": "negotiating_table"}) == [3, 4]
    assert seat_counts(RULES, {"modules": "all"}) == seat_counts(RULES, {}) == [2, 3, 4]
    assert main(["okc", "--games", "2", "--seed", "8", "--option", "modules=negotiating_table", "--no-check",
                 "--coverage"]) == 0
    out = capsys.readouterr().out
    assert "game 1: 3 players" in out and "game 2: 4 players" in out
    assert "Negotiating Table: barter accepted:" in out and "Wild Kingdom card played: Sky-Fire: 0" in out
