"""Random OKC games for the wording tests: every line the table could show, step by step.

:func:`play` runs a seeded game with the simulator's random agent (engine.playout.pick) and
calls ``visit`` before each action with the live state; :func:`lines` gathers every player-facing
line of a game (events per audience, questions, choices, flows, confirmations, hands, summaries,
clash reports, log lines and news) with where it came from.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from engine.core import Action, Audience, Decision, Event, GameState, RuleError, apply
from engine.core.words import Choice
from engine.okc import RULES
from engine.playout import pick

WORDS = RULES.words()
NAMES = ("Alice", "Bob", "Carol", "Dan")
# (players, length, modules, seed): 2, 3 and 4 players, lengths 4-6, the Night Map on and off.
GAMES = [(2, 4, "", 11), (3, 5, "night_map", 12), (4, 6, "", 13), (2, 6, "night_map", 14), (4, 4, "night_map,travelling_town", 15),
         (3, 4, "travelling_town", 16), (3, 4, "whispering_tower", 17),
         (2, 5, "night_map,travelling_town,whispering_tower", 18), (3, 4, "negotiating_table", 19)]


@dataclass
class Moment:
    """The game just before an action: who is awaited, what they may do and what they chose."""

    state: GameState
    decisions: list[Decision]
    decision: Decision
    seat: str
    legal: list[Action]
    action: Action
    agent: random.Random
    phase_events: list[Event] = field(default_factory=list)


def audience(state: GameState) -> Audience:
    return Audience(None, dict(zip(state.seats, NAMES, strict=False)))


def new_game(players: int, length: int, modules: str, seed: int) -> tuple[GameState, list[Event]]:
    seats = [f"p{i + 1}" for i in range(players)]
    return RULES.new_game(seats, {"length": length, "modules": modules}, seed)


def play(players: int, length: int, modules: str, seed: int,
         visit: Callable[[Moment], None] | None = None,
         after: Callable[[Moment, list[Event]], None] | None = None) -> tuple[GameState, list[Event]]:
    """Play a whole random game; returns the final state and every event."""
    state, events = new_game(players, length, modules, seed)
    agent = random.Random(seed * 7919 + 1)
    phase_events = list(events)
    title = WORDS.phase_title(state)
    while RULES.result(state) is None:
        decisions = RULES.pending(state)
        blocking = [d for d in decisions if d.blocking]
        d = agent.choice(blocking)
        seat = agent.choice(d.seats)
        legal = RULES.legal(state, seat)
        action = pick(RULES, state, seat, legal, agent)
        moment = Moment(state, decisions, d, seat, legal, action, agent, phase_events)
        if visit is not None:
            visit(moment)
        new = apply(RULES, state, seat, action)
        events += new
        if after is not None:
            after(moment, new)
        now = WORDS.phase_title(state)
        if now != title:
            phase_events = list(new)
            title = now
        else:
            phase_events += new
    return state, events


def walk_flow(state: GameState, seat: str, choice: Choice, aud: Audience, agent: random.Random
              ) -> Iterator[tuple[str, Any]]:
    """Follow a flow from ``choice`` by random picks, yielding each step and finally the action."""
    assert choice.flow is not None
    chosen = dict(choice.chosen)
    for _ in range(30):
        step = WORDS.flow(state, seat, choice.flow, chosen, aud)
        assert step is not None, f"no flow for {choice.flow} with {chosen}"
        yield "step", step
        if step.text:   # words of the player's own (an agreement's terms): the last step
            assert not step.options and step.max_length > 0
            chosen[step.param] = "We keep the peace in the Plateau this Year."
            assert WORDS.flow(state, seat, choice.flow, chosen, aud) is None, "a text step is the last"
            spec = RULES.actions[choice.flow]
            action = Action.of(choice.flow, **{k: v for k, v in chosen.items() if k in {p.name for p in spec.params}})
            check_accepted(state, seat, action)
            yield "action", action
            return
        assert 0 < len(step.options) <= 25, f"{len(step.options)} options in a select"
        ready = [o for o in step.options if o.action is not None]
        option = agent.choice(ready if ready and agent.random() < 0.5 else step.options)
        if option.action is not None:
            check_accepted(state, seat, option.action)
            yield "action", option.action
            return
        chosen = dict(option.chosen)
    raise AssertionError(f"the flow for {choice.flow} never ends")


def check_accepted(state: GameState, seat: str, action: Action) -> None:
    """What a flow builds is legal: listed among the legal actions, or accepted by the rules (an offer
    composed part by part is one of many the enumeration does not list)."""
    if action in RULES.legal(state, seat):
        return
    try:
        apply(RULES, RULES.copy(state), seat, action)
    except RuleError as err:
        raise AssertionError(f"the flow built {action}, refused: {err.describe()}") from None


def prompt_lines(m: Moment) -> Iterator[tuple[str, str]]:
    """The prompt of the awaited seat: question, deadline, choices, flows and confirmations."""
    state, seat = m.state, m.seat
    aud = audience(state).to(seat)
    yield "question", WORDS.question(state, m.decision, seat, aud)
    yield "if absent", WORDS.if_absent(state, m.decision, seat, aud)
    shown = WORDS.choices(state, m.decision, seat, m.legal, aud)
    assert 0 < len(shown) <= 25, f"{len(shown)} choices for {m.decision.prompt}"
    styles = [c.style for c in shown]
    if "pass" in styles:
        first = styles.index("pass")
        assert set(styles[first:]) == {"pass"} and (first > 0 or len(styles) == 1), f"Pass is not last: {styles}"
    for c in shown:
        assert len(c.label) <= 80, f"a button label over 80 characters: {c.label}"
        yield "choice", c.label
        if c.hint:
            yield "hint", c.hint
        if c.confirm:
            yield "confirm", c.confirm
        if c.flow:
            for what, value in walk_flow(state, seat, c, aud, m.agent):
                if what == "step":
                    yield "flow question", value.question
                    for o in value.options:
                        assert len(o.label) <= 80, f"a select option over 80 characters: {o.label}"
                        yield "flow option", o.label
                        if o.confirm:
                            yield "confirm", o.confirm
    for a in m.legal[:40]:
        said = WORDS.label(state, seat, a, aud)
        assert len(said) <= 80 or a.kind == "place", f"a label over 80 characters: {said}"
        yield f"label {a.kind}", said
        for param, value in a.args:
            yield "value", WORDS.value_label(state, seat, a.kind, param, value)


def event_lines(state: GameState, events: list[Event]) -> Iterator[tuple[str, str]]:
    pub = audience(state)
    for e in events:
        for aud in [pub] + [pub.to(s) for s in state.seats]:
            if e.visible_to(aud.viewer):
                line = WORDS.event(state, e, aud)
                if line is not None:
                    yield f"event {e.kind}", line


def lines(players: int, length: int, modules: str, seed: int) -> Iterator[tuple[str, str]]:
    """Every line a game shows anyone, with where it came from."""
    out: list[tuple[str, str]] = []
    titles: list[str] = []

    def visit(m: Moment) -> None:
        out.extend(prompt_lines(m))
        if not titles or titles[-1] != WORDS.phase_title(m.state):
            titles.append(WORDS.phase_title(m.state))
            out.append(("title", titles[-1]))
            for seat in m.state.seats:
                for section in WORDS.hand(m.state, seat, audience(m.state).to(seat)):
                    out.append(("hand title", section.title))
                    out.extend(("hand", line) for line in section.lines)

    def after(m: Moment, new: list[Event]) -> None:
        state = m.state
        out.extend(event_lines(state, new))
        secret = RULES.actions[m.action.kind].secret
        out.append(("log", WORDS.log_line(state, None if secret else m.seat, new, audience(state))))
        for seat in state.seats:
            out.extend(("news", line) for line in WORDS.news(state, new, seat, audience(state)))
        if WORDS.phase_title(state) != titles[-1]:
            phase = m.phase_events + new
            out.extend(("summary", line) for line in WORDS.phase_summary(state, titles[-1], phase, audience(state)))
            for battle in WORDS.battle_events(phase):
                out.extend(("clash report", line) for line in WORDS.battle_report(state, battle, audience(state)))

    state, events = play(players, length, modules, seed, visit, after)
    yield from out
    yield from event_lines(state, events[:12])
