"""Scenario files: rule cases as data, run through the engine contract.

    python -m engine.scenario PATH [PATH ...]
    python -m engine.scenario --state-doc fief > docs/fief-state.md

A scenario sets up a game (seats, options, seed, overrides of the initial state), plays
commands in local-table syntax as given seats, forces dice, and checks expectations on the
public and private views, the events, pending decisions, refusals and the result. The format
is documented in docs/scenarios.md. Exit status 0 only when every scenario passes.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import games  # noqa: F401  (registers the shipped games)
from engine.core import Decision, Event, GameState, RuleError, Rules, apply, canonical
from engine.core.textform import parse
from engine.registry import get
from engine.statedoc import state_doc

TOP_KEYS = {"name", "section", "game", "seats", "options", "seed", "setup", "steps", "description"}
STEP_KEYS = {"do", "as", "error", "force", "expect", "expect_events", "expect_no_events", "expect_pending",
             "expect_result", "default", "defaults_until", "note", "max_steps"}
EXPECT_OPS = {"equals", "matches", "contains", "not_contains", "length", "absent", "exists", "at_least", "at_most"}
COMMAND = re.compile(r"^\s*as\s+([^:]+?)\s*:\s*(.+)$")
MISSING = object()


class ScenarioError(Exception):
    """The scenario file itself is wrong (not a failed expectation)."""


class ScenarioFailure(AssertionError):
    pass


@dataclass
class Scenario:
    path: str
    spec: dict[str, Any]
    rules: Rules = field(init=False)
    state: GameState = field(init=False)
    last_events: list[Event] = field(default_factory=list)
    all_events: list[Event] = field(default_factory=list)

    # -- loading -------------------------------------------------------------
    @classmethod
    def load(cls, path: str | Path) -> Scenario:
        try:
            spec = json.loads(Path(path).read_text())
        except json.JSONDecodeError as err:
            raise ScenarioError(f"{path}: not valid JSON: {err}") from None
        if not isinstance(spec, dict):
            raise ScenarioError(f"{path}: a scenario is a JSON object")
        unknown = set(spec) - TOP_KEYS
        if unknown:
            raise ScenarioError(f"{path}: unknown key(s) {sorted(unknown)}; known: {sorted(TOP_KEYS)}")
        for key in ("game", "seats", "steps"):
            if key not in spec:
                raise ScenarioError(f"{path}: missing {key!r}")
        for i, step in enumerate(spec["steps"], 1):
            if isinstance(step, str):
                if not COMMAND.match(step):
                    raise ScenarioError(f"{path}: step {i}: a text step is 'as SEAT: COMMAND', got {step!r}")
                continue
            if not isinstance(step, dict):
                raise ScenarioError(f"{path}: step {i}: expected text or an object")
            bad = set(step) - STEP_KEYS
            if bad:
                raise ScenarioError(f"{path}: step {i}: unknown key(s) {sorted(bad)}; known: {sorted(STEP_KEYS)}")
        return cls(str(path), spec)

    def where(self, i: int) -> str:
        return f"{self.path}: step {i}"

    # -- running -------------------------------------------------------------
    def run(self) -> None:
        spec = self.spec
        try:
            self.rules = get(spec["game"])
        except KeyError as err:
            raise ScenarioError(f"{self.path}: {err}") from None
        self.state, events = self.rules.new_game(list(spec["seats"]), spec.get("options") or {}, int(spec.get("seed", 1)))
        self.all_events.extend(events)
        if spec.get("setup"):
            self.override(spec["setup"])
        for i, step in enumerate(spec["steps"], 1):
            self.step(i, {"do": step} if isinstance(step, str) else step)

    def override(self, setup: dict[str, Any]) -> None:
        """Set fields of the initial state by dotted path into the game's data."""
        before = self.state
        blob = self.rules.dump(before)
        for path, value in setup.items():
            if path.startswith("rng.force"):
                blob["rng"].setdefault("forced", []).extend(value)
                continue
            try:
                assign(blob["data"], path, value)
            except (KeyError, IndexError, TypeError) as err:
                raise ScenarioError(f"{self.path}: setup {path!r}: no such field ({err})") from None
        try:
            self.state = self.rules.load(blob)
        except Exception as err:
            raise ScenarioError(f"{self.path}: setup does not fit the game state: {err}") from None
        self.rules.settle(self.state, before, [p for p in setup if not p.startswith("rng.force")])
        problems = self.rules.validate(self.state)
        if problems:
            raise ScenarioError(f"{self.path}: setup leaves the state inconsistent: " + "; ".join(problems))

    def step(self, i: int, step: dict[str, Any]) -> None:
        if "force" in step:
            self.state.rng.force(*step["force"])
        if "do" in step:
            self.command(i, step)
        if "default" in step:
            self.apply_default(i, step["default"])
        if "defaults_until" in step:
            self.defaults_until(i, step["defaults_until"], int(step.get("max_steps", 2000)))
        if "expect" in step:
            checks = step["expect"] if isinstance(step["expect"], list) else [step["expect"]]
            for check in checks:
                self.expect_view(i, check)
        if "expect_events" in step:
            self.expect_events(i, step["expect_events"], present=True)
        if "expect_no_events" in step:
            self.expect_events(i, step["expect_no_events"], present=False)
        if "expect_pending" in step:
            self.expect_pending(i, step["expect_pending"])
        if "expect_result" in step:
            self.expect_result(i, step["expect_result"])

    def command(self, i: int, step: dict[str, Any]) -> None:
        text = step["do"]
        seat = step.get("as")
        match = COMMAND.match(text)
        if match:
            seat, text = match.group(1), match.group(2)
        if seat is None:
            raise ScenarioError(f"{self.where(i)}: who acts? write 'as SEAT: ...' or give 'as'")
        words = text.strip()
        if words.startswith("/"):
            group, _, words = words[1:].partition(" ")
            if group not in (self.rules.name, self.spec["game"]):
                raise ScenarioError(f"{self.where(i)}: /{group} is not a command of {self.rules.name}")
        before = self.rules.fingerprint(self.state)
        try:
            action = parse(words, self.rules.actions)
            events = apply(self.rules, self.state, seat, action)
        except RuleError as err:
            if "error" not in step:
                raise ScenarioFailure(f"{self.where(i)}: {seat}: {text!r} was refused: {err}") from None
            wanted = step["error"] if isinstance(step["error"], list) else [step["error"]]
            if not any(refusal_matches(err, str(w)) for w in wanted):
                shown = " or ".join(repr(str(w)) for w in wanted)
                raise ScenarioFailure(f"{self.where(i)}: expected refusal {shown}, got {err}") from None
            if self.rules.fingerprint(self.state) != before:
                raise ScenarioFailure(f"{self.where(i)}: the refused command changed the state") from None
            self.last_events = []
            return
        if "error" in step:
            raise ScenarioFailure(f"{self.where(i)}: expected refusal {step['error']!r}, but {text!r} applied")
        self.last_events = events
        self.all_events.extend(events)

    def apply_default(self, i: int, seat: str) -> None:
        for d in self.rules.pending(self.state):
            action = d.default_for(seat)
            if action is not None:
                self.last_events = apply(self.rules, self.state, seat, action)
                self.all_events.extend(self.last_events)
                return
        raise ScenarioFailure(f"{self.where(i)}: {seat} has no pending decision with a default")

    def defaults_until(self, i: int, phase_text: str, limit: int) -> None:
        """Let every awaited seat take its default until the phase label contains ``phase_text``."""
        events: list[Event] = []
        for _ in range(limit):
            if phase_text.lower() in self.rules.phase(self.state).lower():
                self.last_events = events
                return
            result = self.rules.result(self.state)
            if result is not None:
                raise ScenarioFailure(f"{self.where(i)}: the game ended ({result.reason}) before a phase "
                                      f"containing {phase_text!r}")
            pending = [d for d in self.rules.pending(self.state) if d.blocking]
            if not pending:
                break
            d = pending[0]
            seat = d.seats[0]
            action = d.default_for(seat)
            if action is None:
                raise ScenarioFailure(f"{self.where(i)}: decision {d.id} has no default for {seat}")
            step_events = apply(self.rules, self.state, seat, action)
            events.extend(step_events)
            self.all_events.extend(step_events)
        raise ScenarioFailure(f"{self.where(i)}: never reached a phase containing {phase_text!r} "
                              f"(now {self.rules.phase(self.state)!r})")

    # -- expectations ------------------------------------------------------------
    def expect_view(self, i: int, check: dict[str, Any]) -> None:
        who = check.get("view", "public")
        seat = None if who == "public" else who
        view = self.rules.view(self.state, seat)
        path = check.get("path", "")
        ops = set(check) & EXPECT_OPS
        if not ops:
            raise ScenarioError(f"{self.where(i)}: expectation needs one of {sorted(EXPECT_OPS)}")
        actual = lookup(view, path) if path else view
        for op in ops:
            want = check[op]
            ok = compare(op, actual, want)
            if not ok:
                shown = "(absent)" if actual is MISSING else json.dumps(actual, default=str)[:300]
                raise ScenarioFailure(f"{self.where(i)}: {who} view {path!r}: expected {op} "
                                      f"{json.dumps(want)}, found {shown}")

    def expect_events(self, i: int, wanted: list[dict[str, Any]] | dict[str, Any], *, present: bool) -> None:
        items = wanted if isinstance(wanted, list) else [wanted]
        for want in items:
            pool = self.all_events if want.get("since") == "start" else self.last_events
            matches = [e for e in pool if event_matches(e, want)]
            count = want.get("count")
            if present and (not matches or (count is not None and len(matches) != count)):
                kinds = [e.kind for e in pool]
                raise ScenarioFailure(f"{self.where(i)}: expected event {json.dumps(want)}"
                                      f"{'' if count is None else f' x{count}'}, got {len(matches)}; "
                                      f"events were {kinds}")
            if not present and matches:
                raise ScenarioFailure(f"{self.where(i)}: unexpected event {matches[0].to_json()}")

    def expect_pending(self, i: int, want: dict[str, Any]) -> None:
        pending = self.rules.pending(self.state)
        found = [d for d in pending if decision_matches(d, want)]
        count = want.get("count")
        if (count is None and found) or (count is not None and len(found) == count):
            return
        shown = [(d.prompt, list(d.seats), d.kind.value) for d in pending]
        many = "" if count is None else f" x{count} (found {len(found)})"
        raise ScenarioFailure(f"{self.where(i)}: no pending decision like {json.dumps(want)}{many}; pending: {shown}")

    def expect_result(self, i: int, want: dict[str, Any] | None) -> None:
        result = self.rules.result(self.state)
        if want is None:
            if result is not None:
                raise ScenarioFailure(f"{self.where(i)}: expected the game to go on, it ended: {result}")
            return
        if result is None:
            raise ScenarioFailure(f"{self.where(i)}: expected the game to be over")
        if "winners" in want and sorted(result.winners) != sorted(want["winners"]):
            raise ScenarioFailure(f"{self.where(i)}: winners {list(result.winners)}, expected {want['winners']}")
        if "reason" in want and want["reason"] not in result.reason:
            raise ScenarioFailure(f"{self.where(i)}: reason {result.reason!r}, expected {want['reason']!r}")


def split_path(path: str) -> list[str]:
    return [p for p in path.split(".") if p != ""]


def lookup(data: Any, path: str) -> Any:
    for key in split_path(path):
        if isinstance(data, list):
            if not key.lstrip("-").isdigit() or not -len(data) <= int(key) < len(data):
                return MISSING
            data = data[int(key)]
        elif isinstance(data, dict):
            if key not in data:
                return MISSING
            data = data[key]
        else:
            return MISSING
    return data


def assign(data: Any, path: str, value: Any) -> None:
    keys = split_path(path)
    for key in keys[:-1]:
        data = data[int(key)] if isinstance(data, list) else data[key]
    last = keys[-1]
    if isinstance(data, list):
        data[int(last)] = value
    elif isinstance(data, dict):
        data[last] = value
    else:
        raise TypeError(f"cannot set {last!r} inside {type(data).__name__}")


def compare(op: str, actual: Any, want: Any) -> bool:
    if op == "absent":
        return (actual is MISSING) == bool(want)
    if op == "exists":
        return (actual is not MISSING) == bool(want)
    if actual is MISSING:
        return False
    if op == "equals":
        return canonical(actual) == canonical(want)
    if op == "matches":
        return partial(actual, want)
    if op == "contains":
        if isinstance(want, dict) and isinstance(actual, list):
            return any(partial(item, want) for item in actual)
        return bool(want in actual)
    if op == "not_contains":
        if isinstance(want, dict) and isinstance(actual, list):
            return not any(partial(item, want) for item in actual)
        return bool(want not in actual)
    if op == "length":
        return bool(len(actual) == want)
    if op == "at_least":
        return bool(actual >= want)
    if op == "at_most":
        return bool(actual <= want)
    raise ScenarioError(f"unknown expectation {op!r}")


def partial(actual: Any, want: Any) -> bool:
    """Partial matching: an object matches when every key given matches (other keys are ignored),
    a list when each item given matches a different item of it, in any order; else equality."""
    if isinstance(want, dict):
        return isinstance(actual, dict) and all(k in actual and partial(actual[k], v) for k, v in want.items())
    if isinstance(want, list):
        if not isinstance(actual, list):
            return False
        left = list(actual)
        for w in want:
            hit = next((j for j, a in enumerate(left) if partial(a, w)), None)
            if hit is None:
                return False
            left.pop(hit)
        return True
    return bool(canonical(actual) == canonical(want))


def refusal_matches(err: RuleError, wanted: str) -> bool:
    """The start of the rule section (``"4.1"``), the refusal code, or a piece of the message."""
    return err.section.startswith(wanted) or err.code == wanted or wanted in str(err)


def decision_matches(d: Decision, want: dict[str, Any]) -> bool:
    if "seats" in want and sorted(d.seats) != sorted(want["seats"]):
        return False
    if "prompt" in want and want["prompt"] not in d.prompt:
        return False
    if "kind" in want and d.kind.value != want["kind"]:
        return False
    return "info" not in want or partial(d.info, want["info"])


def event_matches(event: Event, want: dict[str, Any]) -> bool:
    if "kind" in want and event.kind != want["kind"]:
        return False
    if "to" in want:
        if want["to"] == "public" and event.to is not None:
            return False
        if want["to"] != "public" and (event.to is None or want["to"] not in event.to):
            return False
    for key, value in (want.get("data") or {}).items():
        if canonical(event.data.get(key, None)) != canonical(value):
            return False
    return True


def run_file(path: str | Path) -> None:
    Scenario.load(path).run()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.scenario", description=__doc__.split("\n")[0])
    parser.add_argument("paths", nargs="*", help="scenario files or folders of *.json files")
    parser.add_argument("--state-doc", metavar="GAME", help="print the state fields setup can reach (docs/GAME-state.md)")
    args = parser.parse_args(argv)
    if args.state_doc:
        sys.stdout.write(state_doc(get(args.state_doc)))
        return 0
    if not args.paths:
        parser.error("give scenario files or folders, or --state-doc GAME")
    files: list[Path] = []
    for p in map(Path, args.paths):
        files.extend(sorted(p.rglob("*.json")) if p.is_dir() else [p])
    failed = 0
    for f in files:
        try:
            run_file(f)
        except (ScenarioFailure, ScenarioError) as err:
            failed += 1
            print(f"FAIL {f}: {err}")
        else:
            print(f"ok   {f}")
    print(f"{len(files) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
