"""Golden traces: whole games and every scenario, recorded line by line and hashed.

    python -m tests.traces.record          # rewrite games.json and scenarios.json after an intended change

A *trace* is everything the rules decide along a game, as text: for each step, the decisions
awaited with their questions and choices, the acting seat's legal actions with their labels,
the autocomplete values of the chosen kind, the refusals of nearby illegal actions (each
argument replaced by a neighbour: one more, one less, another value of the same parameter, the
name in lower case, or nonsense), the events with their wording for the thread and for every seat,
and the public and acting seat's views. Every third step also runs the *matrix*: each kind the
acting seat may play now or at any time, tried with arguments drawn from values legal earlier in
the game. Scenarios add the neighbours' refusals around every command they play, the matrix for
every seat awaited after each step, the full text of every refusal they expect, and the final state.

The traces are hashed (a checkpoint every 100 steps, so a failure says where the game first
went another way). The tests replay them and compare: any change of behaviour or wording in a
path these games reach fails, which is the point. Most changes are bugs; an intended one is
reviewed in the diff of the scenario tests and the golden text files, then recorded here again.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from engine import games  # noqa: F401  (registers the shipped games)
from engine.core import Action, Audience, Event, GameState, RuleError, Rules, apply, canonical
from engine.core.specs import ActionSpec, ParamType
from engine.playout import garble, pick
from engine.registry import get
from engine.scenario import COMMAND, Scenario, parse

HERE = Path(__file__).parent
GAMES_FILE = HERE / "games.json"
SCENARIOS_FILE = HERE / "scenarios.json"
SCENARIO_ROOT = HERE.parent / "scenarios"
CHECKPOINT = 100
PROBE_EVERY = 3   # one game step out of this many also tries the acting seat's kinds (the matrix)
MATRIX_TRIES = 3
PLAYERS = {"p1": "Alice", "p2": "Bob", "p3": "Carol", "p4": "Dan"}

# name -> (game, players, seed, options): every player count of both games, and each OKC module.
GAMES: dict[str, tuple[str, int, int, dict[str, Any]]] = {
    "fief-2p": ("fief", 2, 11, {}),
    "fief-2p-b": ("fief", 2, 14, {}),
    "fief-3p": ("fief", 3, 12, {}),
    "fief-3p-b": ("fief", 3, 15, {}),
    "fief-4p": ("fief", 4, 13, {"random_start": True}),
    "fief-4p-b": ("fief", 4, 16, {}),
    "okc-2p": ("okc", 2, 21, {}),
    "okc-3p": ("okc", 3, 22, {}),
    "okc-4p": ("okc", 4, 23, {}),
    "okc-2p-b": ("okc", 2, 26, {}),
    "okc-3p-night-map": ("okc", 3, 27, {"modules": "night_map"}),
    "okc-3p-travelling-town": ("okc", 3, 28, {"modules": "travelling_town"}),
    "okc-4p-whispering-tower": ("okc", 4, 29, {"modules": "whispering_tower"}),
    "okc-4p-b": ("okc", 4, 31, {}),
    "okc-2p-aeronauts": ("okc", 2, 32, {"modules": "aeronauts"}),
    "okc-3p-legendary-creatures": ("okc", 3, 33, {"modules": "legendary_creatures"}),
    "okc-4p-negotiating-table": ("okc", 4, 34, {"modules": "negotiating_table"}),
    "okc-3p-wild-kingdom-cards": ("okc", 3, 35, {"modules": "wild_kingdom_cards"}),
    "okc-2p-modules": ("okc", 2, 30, {"modules": "all"}),
    "okc-3p-modules": ("okc", 3, 24, {"modules": "all"}),
    "okc-4p-modules": ("okc", 4, 25, {"modules": "all"}),
}


def _refusal(rules: Rules, state: GameState, seat: str, action: Action) -> str:
    """What the rules say to ``action`` here: its refusal in full, or its first event kinds and how the
    thread would read them."""
    probe = rules.copy(state)
    try:
        events = apply(rules, probe, seat, action)
    except RuleError as err:
        return f"refused {err.section} {err.code} {err} | {canonical(err.legal)}"
    told = " / ".join(rules.words().events(probe, events, Audience(None, PLAYERS)))
    return "applies " + ",".join(e.kind for e in events[:4]) + " | " + told


def _neighbours(rules: Rules, state: GameState, seat: str, action: Action) -> Iterator[Action]:
    """Actions one argument away from ``action``: the edges a careless rule gets wrong."""
    for name, value in action.args:
        others: list[Any] = []
        if isinstance(value, bool):
            others = [not value]
        elif isinstance(value, int):
            others = [value + 1, value - 1]
        elif isinstance(value, str):
            others = [v for v in rules.suggest(state, seat, action.kind, name) if v != value][:2]
            if value.lower() != value:   # typed as a player might: the rules read names in any case
                others.append(value.lower())
        for other in others:
            yield Action.of(action.kind, **{**action.params, name: other})
        yield garble(action, name, value)


class _Vocabulary:
    """The argument values seen in legal actions so far, by kind and parameter: the matrix probes' pool.

    Random games and scenarios reach states that a player's own command rarely tests: the matrix tries
    every action kind there, its arguments drawn from values that were legal at some point, so each
    check in a rule meets arguments that are plausible, not only the one the agent chose.
    """

    def __init__(self) -> None:
        self.by_kind: dict[tuple[str, str], dict[Any, None]] = {}
        self.by_name: dict[str, dict[Any, None]] = {}
        self.dead: set[str] = set()   # kinds of modules the game does not play

    def learn(self, actions: list[Action]) -> None:
        for a in actions:
            for name, value in a.args:
                self.by_kind.setdefault((a.kind, name), {})[value] = None
                self.by_name.setdefault(name, {})[value] = None

    def candidate(self, spec: ActionSpec, seats: list[str], rng: random.Random) -> Action | None:
        args: dict[str, Any] = {}
        for p in spec.params:
            pool = list(self.by_kind.get((spec.kind, p.name)) or self.by_name.get(p.name) or ())
            if not pool:
                pool = {ParamType.INT: [0, 1, 2, 3], ParamType.BOOL: [True, False],
                        ParamType.SEAT: seats}.get(p.type, list(p.choices))
            if pool:
                args[p.name] = rng.choice(pool)
            elif p.required:
                return None
        return Action.of(spec.kind, **args)


def _matrix(rules: Rules, state: GameState, seat: str, legal: list[Action], vocab: _Vocabulary,
            rng: random.Random) -> Iterator[str]:
    """The kinds ``seat`` may play now, and those it may send at any time, each tried a few times with
    plausible arguments: what each check of those rules says in this state."""
    kinds = {a.kind: None for a in legal} | {k: None for k, spec in sorted(rules.actions.items()) if spec.anytime}
    for kind in kinds:
        for _ in range(MATRIX_TRIES):
            action = vocab.candidate(rules.actions[kind], list(state.seats), rng)
            if action is None or kind in vocab.dead:
                break
            said = _refusal(rules, state, seat, action)
            if said.startswith("refused modules no_module"):   # a module this game does not play: once is enough
                vocab.dead.add(kind)
            yield f"probe {seat} {action.dumps()} {said}"


def _tell(rules: Rules, state: GameState, events: list[Event], seats: list[str]) -> Iterator[str]:
    words = rules.words()
    aud = Audience(None, PLAYERS)
    for e in events:
        yield "event " + canonical(e.to_json())
    yield "thread " + " / ".join(words.events(state, events, aud))
    for s in seats:
        yield f"dm {s} " + " / ".join(words.events(state, events, aud.to(s)))


def _decisions(rules: Rules, state: GameState) -> Iterator[str]:
    words = rules.words()
    aud = Audience(None, PLAYERS)
    for d in rules.pending(state):
        yield "decision " + canonical(d.to_json())
        for s in d.seats:
            a = aud.to(s)
            yield f"ask {s} {words.question(state, d, s, a)} | {words.if_absent(state, d, s, a)}"
            choices = words.choices(state, d, s, rules.legal(state, s), a)
            yield "choices " + " | ".join(f"{c.label} ({c.style}) {c.hint} {c.confirm or ''}" for c in choices)


def _phase_end(rules: Rules, state: GameState, title: str, events: list[Event], seats: list[str]) -> Iterator[str]:
    words = rules.words()
    aud = Audience(None, PLAYERS)
    yield f"phase {title}"
    yield from words.phase_summary(state, title, events, aud)
    for battle in words.battle_events(events):
        yield from words.battle_report(state, battle, aud)
    for s in seats:
        yield f"news {s} " + " / ".join(words.news(state, events, s, aud.to(s)))
        for section in words.hand(state, s, aud.to(s)):
            yield f"hand {s} {section.title}: " + " / ".join(section.lines)
    yield "view " + canonical(rules.view(state, None))


def game_trace(game: str, players: int, seed: int, options: dict[str, Any]) -> Iterator[str]:
    """One random game (the simulator's seeded agent), as trace lines."""
    rules = get(game)
    seats = [f"p{i}" for i in range(1, players + 1)]
    words = rules.words()
    aud = Audience(None, PLAYERS)
    agent = random.Random(seed * 7919 + 1)
    state, first = rules.new_game(seats, dict(options), seed)
    yield from _tell(rules, state, first, seats)
    title, phase = words.phase_title(state), list(first)
    seen: dict[str, Action] = {}   # the latest legal action of each kind: probed out of its time at phase ends
    vocab, probes, step = _Vocabulary(), random.Random(seed * 31 + players), 0
    while rules.result(state) is None:
        yield from _decisions(rules, state)
        blocking = [d for d in rules.pending(state) if d.blocking]
        seat = agent.choice(agent.choice(blocking).seats)
        legal = rules.legal(state, seat)
        action = pick(rules, state, seat, legal, agent)
        seen.update((a.kind, a) for a in legal)
        vocab.learn(legal)
        step += 1
        if step % PROBE_EVERY == 0:
            yield from _matrix(rules, state, seat, legal, vocab, probes)
        yield f"legal {seat} " + canonical([a.to_json() for a in legal])
        yield "labels " + " | ".join(words.label(state, seat, a, aud.to(seat)) for a in legal[:30])
        yield f"do {seat} {action.dumps()}"
        for name, value in action.args:
            yield f"suggest {name} " + canonical(rules.suggest(state, seat, action.kind, name))
            yield f"value {name} " + words.value_label(state, seat, action.kind, name, value)
        for near in _neighbours(rules, state, seat, action):
            yield f"near {near.dumps()} " + _refusal(rules, state, seat, near)
        events = apply(rules, state, seat, action)
        yield from _tell(rules, state, events, seats)
        yield f"log {words.log_line(state, seat, events, aud)}"
        yield f"view {seat} " + canonical(rules.view(state, seat))
        phase += events
        now = words.phase_title(state)
        if now != title:
            yield from _phase_end(rules, state, title, phase, seats)
            for kind in sorted(seen):
                for s in (seat, seats[(seats.index(seat) + 1) % len(seats)]):
                    yield f"out of time {s} {seen[kind].dumps()} " + _refusal(rules, state, s, seen[kind])
            title, phase = now, []
    yield "result " + canonical(rules.result(state).to_json())


class _TracedScenario(Scenario):
    """A scenario that also writes down every refusal in full and what each step told."""

    lines: list[str]
    vocab: _Vocabulary
    probes: random.Random

    def command(self, i: int, step: dict[str, Any]) -> None:
        seat, words = _split_command(step["do"], step.get("as"))
        try:
            action: Action | None = parse(words, self.rules.actions)
        except RuleError as err:
            action = None
            self.lines.append(f"{i} unparsed {err}")
        if action is not None and "error" not in step:   # the edges around each command the scenario plays
            for near in _neighbours(self.rules, self.state, seat or "", action):
                self.lines.append(f"{i} near {near.dumps()} " + _refusal(self.rules, self.state, seat or "", near))
        before = len(self.all_events)
        try:
            super().command(i, step)
        finally:
            if action is not None and "error" in step:
                self.lines.append(f"{i} " + _refusal(self.rules, self.state, seat or "", action))
            self.lines.extend(_tell(self.rules, self.state, self.all_events[before:], list(self.state.seats)))

    def step(self, i: int, step: dict[str, Any]) -> None:
        seen = len(self.all_events)
        super().step(i, step)
        if "do" not in step:
            self.lines.extend(_tell(self.rules, self.state, self.all_events[seen:], list(self.state.seats)))
        self.lines.extend(_decisions(self.rules, self.state))
        if self.rules.result(self.state) is None:   # scenarios reach the rare states: try every awaited seat's kinds
            for seat in self.state.seats:
                legal = self.rules.legal(self.state, seat)
                self.vocab.learn(legal)
                if self.rules.waits_on(self.state, seat):
                    self.lines.extend(_matrix(self.rules, self.state, seat, legal, self.vocab, self.probes))


def _split_command(text: str, seat: str | None) -> tuple[str | None, str]:
    match = COMMAND.match(text)
    if match:
        seat, text = match.group(1), match.group(2)
    text = text.strip()
    if text.startswith("/"):
        text = text[1:].partition(" ")[2]
    return seat, text


def scenario_trace(path: Path) -> list[str]:
    scenario = _TracedScenario.load(path)
    scenario.lines = []
    scenario.vocab, scenario.probes = _Vocabulary(), random.Random(scenario_name(path))
    scenario.run()
    scenario.lines.append("final " + scenario.rules.fingerprint(scenario.state))
    return scenario.lines


def digest(lines: Iterator[str] | list[str]) -> dict[str, Any]:
    """Checkpoint hashes every CHECKPOINT lines of ``do``, and the whole trace's hash."""
    h = hashlib.sha256()
    checkpoints: list[str] = []
    steps = 0
    for line in lines:
        h.update(line.encode())
        h.update(b"\n")
        if line.startswith("do "):
            steps += 1
            if steps % CHECKPOINT == 0:
                checkpoints.append(h.hexdigest()[:16])
    return {"steps": steps, "checkpoints": checkpoints, "final": h.hexdigest()[:16]}


def scenario_files() -> list[Path]:
    return sorted(SCENARIO_ROOT.rglob("*.json"))


def scenario_name(path: Path) -> str:
    return str(path.relative_to(SCENARIO_ROOT))


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(prog="python -m tests.traces.record", description=__doc__.split("\n")[0]).parse_args(argv)
    recorded = {name: digest(game_trace(*spec)) for name, spec in GAMES.items()}
    GAMES_FILE.write_text(json.dumps(recorded, indent=1, sort_keys=True) + "\n")
    scenarios = {scenario_name(p): digest(scenario_trace(p))["final"] for p in scenario_files()}
    SCENARIOS_FILE.write_text(json.dumps(scenarios, indent=1, sort_keys=True) + "\n")
    print(f"recorded {len(recorded)} games and {len(scenarios)} scenarios", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
