"""A tiny game for the adapter's choice layouts: each round one seat picks one option.

Round 1 offers 3 options with long names (their action text does not fit a custom_id, so the
buttons carry an index), round 2 offers 22 (a select), round 3 offers 30 (too many for
components: the slash command and its autocomplete).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.core import (
    Action,
    ActionSpec,
    Decision,
    DecisionKind,
    Event,
    GameState,
    Param,
    Refusal,
    Result,
    RuleError,
    Rules,
    View,
    decision,
    specs,
)

LONG = "a-very-long-option-name-that-goes-on-and-on-past-what-a-discord-custom-id-can-carry-"


def options(round_: int) -> list[str]:
    if round_ == 1:
        return [f"{LONG}{i}" for i in range(3)]
    return [f"opt{i:02d}" for i in range(22 if round_ == 2 else 30)]


@dataclass
class Pick:
    round: int = 1
    picks: list[str] = field(default_factory=list)


class PickRules(Rules):
    name = "pick"
    title = "Pick"
    min_seats = 2
    max_seats = 2
    state_type = Pick
    actions = specs(ActionSpec("pick", "Pick one option", (Param("option", doc="the option"),), "P1"))

    def setup(self, state: GameState) -> None:
        state.data = Pick()

    def _seat(self, state: GameState) -> str:
        return state.seats[(state.data.round - 1) % 2]

    def pending(self, state: GameState) -> list[Decision]:
        g: Pick = state.data
        if g.round > 3:
            return []
        return [decision(f"pick-{g.round}", DecisionKind.SEQUENTIAL, [self._seat(state)], "pick.option",
                         Action.of("pick", option=options(g.round)[0]))]

    def legal(self, state: GameState, seat: str) -> list[Action]:
        g: Pick = state.data
        if g.round > 3 or seat != self._seat(state):
            return []
        return [Action.of("pick", option=o) for o in options(g.round)]

    def play(self, state: GameState, seat: str, action: Action) -> None:
        g: Pick = state.data
        if action.get("option") not in options(g.round):
            raise RuleError("P1", "not an option this round", code=Refusal.BAD_CHOICE, legal=options(g.round)[:5])
        g.picks.append(action["option"])
        state.emit(Event.public("picked", seat=seat, option=action["option"]))
        g.round += 1

    def view(self, state: GameState, seat: str | None) -> View:
        return {"round": state.data.round, "picks": list(state.data.picks)}

    def result(self, state: GameState) -> Result | None:
        return Result(tuple(state.seats), "all picked") if state.data.round > 3 else None

    def permute_hidden(self, state: GameState, rnd: random.Random) -> None:
        return None

    def phase(self, state: GameState) -> str:
        return f"round {state.data.round}"


RULES = PickRules()
