"""Module hook points (engine/okc/hooks.py): a small test module uses each one, as a Wild Kingdom
module would (a Visit piece that Travels, a declaration step before bids, its own action and view).
The module is added to the shipped list for the test: each game builds its own tables, so the base tables
never change."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

import pytest

from engine.core import Action, ActionSpec, Decision, DecisionKind, Event, GameState, Param, apply, decision
from engine.core.textform import parse
from engine.okc import RULES, OkcRules
from engine.okc.actions import ACTIONS
from engine.okc.board import travel
from engine.okc.hooks import Module
from engine.okc.modules.shipped import MODULES
from engine.okc.year import AUTO, resume, set_step
from tests.okc.helpers import data, find, pass_until, spring_actions


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

    pieces: ClassVar = {"lantern": "Lantern"}
    must_visit: ClassVar = True

    def setup(self, state: GameState) -> None:
        self.mine(state)
        state.data.pieces["lantern"] = "castle"

    def visit(self, state: GameState, seat: str, piece: str) -> None:
        state.data.players[seat].influence += 3
        state.emit(Event.public("lantern.visited", seat=seat))

    def winter(self, state: GameState) -> None:
        g = state.data
        g.pieces["lantern"] = travel(g, g.pieces["lantern"])

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
        out["lantern"] = {"at": state.data.pieces["lantern"]}

    steps: ClassVar = {"lantern_declare": lambda state: _after_declare(state)}


def _after_declare(state: GameState) -> bool:
    if Lantern.mine(state)["queue"]:
        return False
    resume(state, "bid", "lantern")
    return True


class LanternRules(OkcRules):
    actions = {**OkcRules.actions, **Lantern.actions}


LRULES = LanternRules()


def ldo(state: GameState, seat: str, text: str) -> list[Event]:
    return apply(LRULES, state, seat, parse(text, LRULES.actions))


@pytest.fixture
def lantern() -> Iterator[None]:
    before = (dict(ACTIONS), dict(AUTO))
    MODULES["lantern"] = Lantern()   # a game may name it (the shipped list, patched for the test)
    yield
    MODULES.pop("lantern")
    assert (dict(ACTIONS), dict(AUTO)) == before, "a module changed the base tables"


def test_module_visit_replaces_the_location_reward(lantern: None) -> None:
    state, _ = LRULES.new_game(["p1", "p2"], {"modules": "lantern", "factions": "nobility,clans", "order": "seated"}, 1)
    assert RULES.view(state, None)["lantern"] == {"at": "castle"}
    spring_actions(state, {"p1": {"highlands": "nobility.c9"}})
    pass_until(state, "clash_order")
    ldo(state, "p2", "order regions:highlands,plateau,lowlands")
    pass_until(state, "claim")
    events = ldo(state, "p1", "claim location:castle")
    assert find(events, "lantern.visited") and data(state).players["p1"].influence == 3
    assert data(state).choice is None          # no Govern: the reward was replaced


def test_module_step_before_bids_and_travel_in_winter(lantern: None) -> None:
    state, _ = LRULES.new_game(["p1", "p2"], {"modules": "lantern", "factions": "nobility,clans", "order": "seated"}, 1)
    g = data(state)
    assert g.step == "lantern_declare"
    assert [d.prompt for d in RULES.pending(state)] == ["lantern.declare"]
    ldo(state, "p1", "declare word:pass")
    ldo(state, "p2", "declare word:pass")
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
    from engine.okc.pieces import starting_location

    state, _ = RULES.new_game(["p1", "p2"], {}, 3)
    drawn = [starting_location(state, f"piece{i}") for i in range(6)]
    assert sorted(drawn) == sorted(["wilderness", "castle", "battlefield", "harvest_field", "necropolis", "shrine"])
    assert data(state).pieces == {f"piece{i}": loc for i, loc in enumerate(drawn)}


def test_a_broken_pack_is_refused_at_game_creation() -> None:
    from engine.core import RuleError

    with pytest.raises(RuleError) as info:
        RULES.new_game(["p1", "p2"], {"pack": "no_such_pack"}, 1)
    assert info.value.code == "bad_pack" and "no_such_pack" in str(info.value)


def test_a_module_action_is_refused_in_a_game_without_the_module(lantern: None) -> None:
    from engine.core import RuleError

    for modules, legal in (("", "the base game's actions"),
                           ("night_map,travelling_town", "the actions of the base game and the Night Map and the "
                                                         "Travelling Town")):
        state, _ = LRULES.new_game(["p1", "p2"], {"factions": "nobility,clans", "order": "seated", "modules": modules}, 1)
        before = LRULES.fingerprint(state)
        with pytest.raises(RuleError) as info:
            ldo(state, "p1", "declare word:pass")
        assert (info.value.section, info.value.code, info.value.message, info.value.legal) == (
            "modules", "no_module", "'declare' belongs to a module not in this game", legal)
        assert LRULES.fingerprint(state) == before


def test_the_visit_piece_is_a_board_fact_in_the_public_view(lantern: None) -> None:
    state, _ = LRULES.new_game(["p1", "p2"], {"modules": "lantern", "factions": "nobility,clans", "order": "seated"}, 1)
    castle = next(loc for r in RULES.view(state, None)["regions"] for loc in r["locations"] if loc["id"] == "castle")
    assert castle["pieces"] == ["lantern"]


class Lamp(Lantern):
    """A may-Visit piece: the winner chooses the Location reward or the Visit."""

    name = "lamp"
    pieces: ClassVar = {"lantern": "Lamp"}
    must_visit: ClassVar = False

    def before_secret(self, state: GameState, key: str) -> bool:
        return False


@pytest.mark.parametrize("answer,influence", [("reward", 1), ("lantern", 3)])
def test_a_may_visit_piece_offers_the_reward_or_the_visit(answer: str, influence: int) -> None:
    MODULES["lamp"] = Lamp()
    try:
        state, _ = LRULES.new_game(["p1", "p2"], {"modules": "lamp", "factions": "nobility,clans", "order": "seated"}, 1)
        spring_actions(state, {"p1": {"highlands": "nobility.c9"}})
        pass_until(state, "clash_order")
        ldo(state, "p2", "order regions:highlands,plateau,lowlands")
        pass_until(state, "claim")
        ldo(state, "p1", "claim location:castle")
        g = data(state)
        assert g.choice is not None and g.choice.kind == "visit" and g.choice.options == ["reward", "lantern"]
        events = ldo(state, "p1", f"choose option:{answer}")
        assert g.players["p1"].influence == influence
        assert bool(find(events, "okc.visit")) == (answer == "lantern")
        # The Castle's reward (1 Influence, then Govern) comes only when the reward was chosen.
        assert (g.choice is not None and g.choice.kind == "govern") == (answer == "reward")
    finally:
        MODULES.pop("lamp")
