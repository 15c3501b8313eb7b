"""Action steps in words (p.22, p.26, p.33): passing, Supporters, Tactics, Kingdom card actions
and commands, in Spring, in a clash's Day step and in Autumn."""

from __future__ import annotations

from engine.core import Event, GameState
from engine.core.words import Audience, EventTeller, plural
from engine.okc.words.names import card_power, kingdom_name, tactic_name, the_region, their, who

STEP_WORDS = {"spring_actions": "Spring actions", "day": "the Day step", "autumn": "Autumn"}


def passed(state: GameState, e: Event, aud: Audience) -> str:
    step = STEP_WORDS.get(str(e.data.get("step")), "this step")
    return f"{who(state, e.data['seat'], aud)} are done with {step}."


def deployed(state: GameState, e: Event, aud: Audience) -> str:
    n = int(e.data.get("count") or 0)
    return f"{who(state, e.data['seat'], aud)} send {plural(n, 'Supporter')} to {the_region(state, e.data['region'])}."


def tactic(state: GameState, e: Event, aud: Audience) -> str:
    seat = e.data["seat"]
    return f"{who(state, seat, aud)} use {their(seat, aud)} Tactic {tactic_name(state, e.data['tactic'])}."


def kingdom_action(state: GameState, e: Event, aud: Audience) -> str:
    return f"{who(state, e.data['seat'], aud)} use {kingdom_name(state, e.data['card'])}."


def command(state: GameState, e: Event, aud: Audience) -> str:
    seat, cid = e.data["seat"], e.data["card"]
    if e.data.get("timing") == "autumn":
        return (f"{who(state, seat, aud)} play {card_power(state, cid)} from {their(seat, aud)} hand "
                "for its Autumn command.")
    keyword = e.data.get("keyword")
    how = {"ambush": "to Ambush", "flank": "to Flank"}.get(str(keyword), "for its Day command")
    return f"{who(state, seat, aud)} use {card_power(state, cid)} {how}."


# The teller of each event kind of this area (installed by ``OkcWords``).
TELLERS: dict[str, EventTeller] = {
    "okc.passed": passed,
    "okc.deployed": deployed,
    "okc.tactic": tactic,
    "okc.kingdom_action": kingdom_action,
    "okc.command": command,
}
