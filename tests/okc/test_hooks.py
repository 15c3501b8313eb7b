"""Module hook points (engine/okc/hooks.py): a small test module uses each one, as a Wild Kingdom
module would (a Visit piece that Travels, a declaration step before bids, its own action and view)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

import pytest

from engine.core import Action, ActionSpec, Decision, DecisionKind, Event, GameState, Param, decision
from engine.okc import RULES
from engine.okc.actions import ACTIONS
from engine.okc.board import travel
from engine.okc.hooks import MODULES, Module, register
from engine.okc.year import AUTO, open_bids, set_step
from tests.okc.helpers import data, do, find, pass_until, spring_actions


class Lantern(Module):
    """A piece on a Location: claiming there Visits it (+3 Influence instead of the reward); it Travels
    each Winter. Before bids, each seat in turn order declares (a stand-in for Allies)."""

    name = "lantern"
    title = "Test Lantern"
    complexity = 1
    actions: ClassVar[dict[str, ActionSpec]] = {
        "declare": ActionSpec("declare", "Declare before bids", (Param("word"),), "test")}

    @staticmethod
    def mine(state: GameState) -> dict[str, Any]:
        return state.data.extra.setdefault("lantern", {"at": "castle", "queue": []})

    def setup(self, state: GameState) -> None:
        self.mine(state)

    def claim(self, state: GameState, seat: str, location: str) -> bool:
        if self.mine(state)["at"] != location:
            return False
        state.data.players[seat].influence += 3
        state.emit(Event.public("lantern.visited", seat=seat))
        return True

    def winter(self, state: GameState) -> None:
        m = self.mine(state)
        m["at"] = travel(state.data, m["at"])

    def before_secret(self, state: GameState, key: str) -> bool:
        if key != "bid":
            return False
        self.mine(state)["queue"] = list(state.data.order)
        set_step(state.data, "lantern_declare")
        return True

    def pending(self, state: GameState) -> list[Decision]:
        q = self.mine(state)["queue"]
        if state.data.step != "lantern_declare" or not q:
            return []
        return [decision("declare", DecisionKind.SEQUENTIAL, [q[0]], "lantern.declare",
                         Action.of("declare", word="pass"))]

    def legal(self, state: GameState, seat: str) -> list[Action]:
        q = self.mine(state)["queue"]
        ok = state.data.step == "lantern_declare" and q and q[0] == seat
        return [Action.of("declare", word="pass")] if ok else []

    def play(self, state: GameState, seat: str, action: Action) -> None:
        self.mine(state)["queue"].pop(0)
        state.emit(Event.public("lantern.declared", seat=seat, word=action.get("word")))

    def view(self, state: GameState, seat: str | None, out: dict[str, Any]) -> None:
        out["lantern"] = {"at": self.mine(state)["at"]}

    steps: ClassVar = {"lantern_declare": lambda state: _after_declare(state)}


def _after_declare(state: GameState) -> bool:
    if Lantern.mine(state)["queue"]:
        return False
    open_bids(state)
    return True


@pytest.fixture
def lantern() -> Iterator[None]:
    register(Lantern())
    yield
    MODULES.pop("lantern")
    ACTIONS.pop("declare")
    AUTO.pop("lantern_declare")


def test_module_claim_replaces_the_location_reward(lantern: None) -> None:
    state, _ = RULES.new_game(["p1", "p2"], {"modules": "lantern", "factions": "nobility,clans", "order": "seated"}, 1)
    assert RULES.view(state, None)["lantern"] == {"at": "castle"}
    spring_actions(state, {"p1": {"highlands": "nobility.c9"}})
    pass_until(state, "clash_order")
    do(state, "p2", "order regions:highlands,plateau,lowlands")
    pass_until(state, "claim")
    events = do(state, "p1", "claim location:castle")
    assert find(events, "lantern.visited") and data(state).players["p1"].influence == 3
    assert data(state).choice is None          # no Govern: the reward was replaced


def test_module_step_before_bids_and_travel_in_winter(lantern: None) -> None:
    state, _ = RULES.new_game(["p1", "p2"], {"modules": "lantern", "factions": "nobility,clans", "order": "seated"}, 1)
    g = data(state)
    assert g.step == "lantern_declare"
    assert [d.prompt for d in RULES.pending(state)] == ["lantern.declare"]
    do(state, "p1", "declare word:pass")
    do(state, "p2", "declare word:pass")
    assert g.step == "bid"
    # Winter: the lantern Travels from the Castle to the Battlefield.
    g.secret = None
    g.turn_queue = list(g.order)
    g.step, g.season = "autumn", "autumn"
    pass_until(state, "lantern_declare")
    assert RULES.view(state, None)["lantern"] == {"at": "battlefield"}


def test_travel_follows_the_wild_kingdom_example() -> None:
    state, _ = RULES.new_game(["p1", "p2"], {}, 1)
    g = data(state)
    path = ["castle"]
    for _ in range(3):
        path.append(travel(g, path[-1]))
    assert path == ["castle", "battlefield", "shrine", "wilderness"]


def test_starting_locations_are_drawn_without_repeats() -> None:
    from engine.okc.setup import starting_location

    state, _ = RULES.new_game(["p1", "p2"], {}, 3)
    drawn = [starting_location(state, f"piece{i}") for i in range(6)]
    assert sorted(drawn) == sorted(["wilderness", "castle", "battlefield", "harvest_field", "necropolis", "shrine"])


def test_a_broken_pack_is_refused_at_game_creation() -> None:
    from engine.core import RuleError

    with pytest.raises(RuleError) as info:
        RULES.new_game(["p1", "p2"], {"pack": "no_such_pack"}, 1)
    assert info.value.code == "bad_pack" and "no_such_pack" in str(info.value)
