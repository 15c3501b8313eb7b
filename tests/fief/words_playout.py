"""Random Fief games with every line of the wording produced along the way, for the words tests.

``play(seed, players)`` plays one game with the simulator's random agent and returns a
:class:`Transcript`: every player-facing line (tagged with where it came from), the event kinds
and decision prompts seen, and hidden-facts probes (public outputs computed on the state and on a
twin whose hidden facts were permuted)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.core import Audience, Event, GameState, apply
from engine.core.words import Choice
from engine.fief import RULES
from engine.playout import pick

PLAYERS = {"p1": "Alice", "p2": "Bob", "p3": "Carol", "p4": "Dan"}


@dataclass
class Transcript:
    lines: list[tuple[str, str]] = field(default_factory=list)
    kinds: set[str] = field(default_factory=set)
    prompts: dict[str, str] = field(default_factory=dict)      # prompt id -> question
    action_kinds: set[str] = field(default_factory=set)
    mismatches: list[str] = field(default_factory=list)         # hidden-facts failures
    deaths: int = 0                                              # nobles slain, and told to their owner
    deaths_untold: list[str] = field(default_factory=list)
    battles: int = 0
    decisions: int = 0

    def add(self, where: str, text: str) -> None:
        self.lines.append((where, text))


def _choices(t: Transcript, state: GameState, seat: str, choices: list[Choice], aud: Audience, depth: int) -> None:
    words = RULES.words()
    for c in choices[:6]:
        t.add("choice", c.label)
        if c.confirm:
            t.add("confirm", c.confirm)
        if c.flow and depth < 3:
            step = words.flow(state, seat, c.flow, dict(c.chosen), aud)
            if step is None:
                t.add("flow", "")   # a choice opening an empty flow: reported by the tests
                continue
            t.add("flow question", step.question)
            _choices(t, state, seat, list(step.options), aud, depth + 1)


def _speak_decisions(t: Transcript, state: GameState, aud: Audience) -> None:
    words = RULES.words()
    for d in RULES.pending(state):
        for seat in d.seats:
            a = aud.to(seat)
            q = words.question(state, d, seat, a)
            t.prompts.setdefault(d.prompt, q)
            t.add(f"question {d.prompt}", q)
            t.add("if absent", words.if_absent(state, d, seat, a))
            legal = RULES.legal(state, seat)
            choices = words.choices(state, d, seat, legal, a)
            t.add("choices", " | ".join(c.label for c in choices))
            t.lines.append(("choice order " + d.prompt, ";".join(c.style for c in choices)))
            _choices(t, state, seat, choices, a, 0)
            for act in legal[:40]:
                t.action_kinds.add(act.kind)
                t.add(f"label {act.kind}", words.label(state, seat, act, a))
                for name, value in act.args:
                    t.add(f"value {act.kind}.{name}", words.value_label(state, seat, act.kind, name, value))


def _twin(state: GameState, rnd: random.Random) -> GameState:
    twin = RULES.copy(state)
    RULES.permute_hidden(twin, random.Random(rnd.random()))
    return twin


def _probe_skip(t: Transcript, state: GameState, twin: GameState) -> None:
    """Skipping reads public facts only: the same answer with hidden facts permuted."""
    words = RULES.words()
    for d in RULES.pending(state):
        for s in d.seats:
            if words.skippable(state, d, s) != words.skippable(twin, d, s):
                t.mismatches.append(f"skippable({d.prompt}, {s})")


def _probe(t: Transcript, state: GameState, twin: GameState, phase_events: list[Event]) -> None:
    """Public outputs on the state and on a twin with hidden facts permuted must match."""
    words = RULES.words()
    aud = Audience(None, PLAYERS)
    mine = words.phase_summary(state, "", phase_events, aud)
    theirs = words.phase_summary(twin, "", phase_events, aud)
    if mine != theirs:
        t.mismatches.append(f"phase summary: {mine} / {theirs}")
    for battle in words.battle_events(phase_events):
        if words.battle_report(state, battle, aud) != words.battle_report(twin, battle, aud):
            t.mismatches.append("battle report")
    pub = [e for e in phase_events[-30:] if e.to is None]
    if words.events(state, pub, aud) != words.events(twin, pub, aud):
        t.mismatches.append("public event sentences")


def play(seed: int, players: int, *, probe_every: int = 25, speak_every: int = 1) -> Transcript:
    seats = [f"p{k + 1}" for k in range(players)]
    t = Transcript()
    words = RULES.words()
    aud = Audience(None, {s: PLAYERS[s] for s in seats})
    agent = random.Random(seed * 7919 + 1)
    rnd = random.Random(seed)
    state, first = RULES.new_game(seats, {}, seed)
    phase_events: list[Event] = list(first or [])
    for e in phase_events:
        t.kinds.add(e.kind)
    last_phase = (state.data.flow.round, state.data.flow.phase)
    while RULES.result(state) is None:
        pending = RULES.pending(state)
        blocking = [d for d in pending if d.blocking]
        chosen = agent.choice(pending if agent.random() < 0.1 else blocking)
        seat = agent.choice(chosen.seats)
        legal = RULES.legal(state, seat)
        action = pick(RULES, state, seat, legal, agent)
        if t.decisions % speak_every == 0:
            _speak_decisions(t, state, aud)
        twin = _twin(state, rnd)
        _probe_skip(t, state, twin)
        if t.decisions % probe_every == 0:
            _probe(t, state, twin, phase_events)
        public_actor = None if RULES.actions[action.kind].secret else seat
        events = apply(RULES, state, seat, action)
        t.decisions += 1
        for e in events:
            t.kinds.add(e.kind)
        t.add("log", words.log_line(state, public_actor, events, aud))
        for line in words.events(state, events, aud):
            t.add("event public", line)
        news = {s: words.news(state, events, s, aud.to(s)) for s in seats}
        for s in seats:
            for line in words.events(state, events, aud.to(s)):
                t.add("event seat", line)
            for line in news[s]:
                t.add("news", line)
        for e in events:
            if e.kind == "noble.died" and e.data.get("family") in state.data.families:
                t.deaths += 1
                owner = state.data.families[e.data["family"]].seat
                if not any(str(e.data.get("name")) in line and "dies" in line for line in news[owner]):
                    t.deaths_untold.append(str(e.data))
        phase_events += events
        now = (state.data.flow.round, state.data.flow.phase)
        if now != last_phase or RULES.result(state) is not None:
            for line in words.phase_summary(state, "", phase_events, aud):
                t.add("summary", line)
            for battle in words.battle_events(phase_events):
                t.battles += 1
                for line in words.battle_report(state, battle, aud):
                    t.add("battle report", line)
            t.add("title", words.phase_title(state))
            for s in seats:
                for sec in words.hand(state, s, aud.to(s)):
                    t.add("hand title", sec.title)
                    for line in sec.lines:
                        t.add("hand", line)
            phase_events = []
            last_phase = now
    return t

