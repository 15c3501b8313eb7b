"""Walking a seat's living prompt as a player would, by clicks only.

``check_prompt`` takes the prompt the table would show an awaited seat now (its choices, and the
steps of each multi-part choice) and compares what the clicks can reach with what the rules
allow the seat (``Rules.legal``):

- every legal action must be reachable (a choice, or a path through a flow);
- every action reached must be accepted by the rules (applied to a copy of the state);
- a prompt with no choice at all is a gap.

The legal enumeration samples some values (one ransom offer, a few shillings by pigeon...) and
a flow may offer more of them; that is fine as long as each is accepted. Used by
``tests/table/test_prompt_reach.py`` and ``make bench``.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from bot.table import Actor, Asked, FakeClock, Store, TableService
from bot.table import outbox as ob
from engine.core import Action, Audience, Choice, Decision, FlowStep, GameState, RuleError, Rules, apply
from engine.playout import pick

#: Paths walked at random through each flow to check that what they reach is legal.
RANDOM_WALKS = 3
#: The options of one flow step a Discord message holds (bot/discord/prompts.py: one select of 25).
STEP_OPTIONS = 25


@dataclass
class Gap:
    """One way a prompt fails its seat."""

    what: str  # "no_choice", "unreachable", "refused"
    seat: str
    decision: str
    action: str
    detail: str = ""

    def __str__(self) -> str:
        return f"{self.what} {self.seat} at {self.decision}: {self.action} {self.detail}".rstrip()


@dataclass
class WalkFigures:
    states: int = 0
    prompts: int = 0
    choices: int = 0
    legal: int = 0
    gaps: list[Gap] = field(default_factory=list)
    games: int = 0
    clicks: int = 0  # clicks made by a player who only clicks (walk_game with clicks=True)
    typed: int = 0   # moves such a player could not make by clicks (each would need a typed command)

    def add(self, other: WalkFigures) -> None:
        self.states += other.states
        self.prompts += other.prompts
        self.choices += other.choices
        self.legal += other.legal
        self.gaps += other.gaps
        self.games += other.games
        self.clicks += other.clicks
        self.typed += other.typed

    def counts(self) -> Counter[str]:
        return Counter(g.what for g in self.gaps)


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, tuple | list) and isinstance(b, tuple | list):
        return Counter(map(str, a)) == Counter(map(str, b))
    return str(a) == str(b)


def _within(part: Any, whole: Any) -> bool:
    """``part`` may still grow into ``whole``: the same value, or for lists some of its items (a flow
    that adds one item at a time, an offer's components)."""
    if isinstance(part, tuple | list) and isinstance(whole, tuple | list):
        return not Counter(map(str, part)) - Counter(map(str, whole))
    return _same(part, whole)


def _fits(chosen: dict[str, Any], target: Action, names: frozenset[str] = frozenset()) -> bool:
    """Whether a flow with ``chosen`` fixed may still lead to ``target``. A key the action does not carry
    is a step of the flow's own (a unit's type), unless it is one of the action's parameters (``names``)
    the target leaves out: then it must stay empty (none, no shillings)."""
    want = target.params
    return all(_within(v, want[k]) if k in want else (k not in names or v in (None, (), [], "", 0)) for k, v in
               chosen.items())


#: What the walker writes at a text step (FlowStep.text) when no target names the words.
SAMPLE_TEXT = "We keep the peace in the Plateau this round."


def _values(o: Choice, param: str) -> list[Any]:
    v = dict(o.chosen).get(param)
    return list(v) if isinstance(v, list | tuple) else ([] if v is None else [v])


class Walker:
    """The prompt of one seat in one state."""

    def __init__(self, rules: Rules, state: GameState, seat: str, decision: Decision, aud: Audience,
                 rnd: random.Random) -> None:
        self.rules, self.state, self.seat, self.d = rules, state, seat, decision
        self.words = rules.words()
        self.aud = aud.to(seat)
        self.rnd = rnd
        # what Discord can show: a prompt's first MAX_CHOICES choices, a step's first STEP_OPTIONS options
        self.all_choices = ob.prompt_choices(rules, self.words, state, decision, seat, aud)
        self.choices = self.all_choices[:ob.MAX_CHOICES]
        self._accepted: dict[Action, str | None] = {}
        self._steps: dict[tuple[str, str], FlowStep | None] = {}
        self._names: dict[str, frozenset[str]] = {}

    def names(self, kind: str) -> frozenset[str]:
        if kind not in self._names:
            spec = self.rules.actions.get(kind)
            self._names[kind] = frozenset(p.name for p in spec.params) if spec is not None else frozenset()
        return self._names[kind]

    def built(self, kind: str, chosen: dict[str, Any]) -> Action:
        """The action a flow completes with ``chosen``: its own parameters (the flow's own keys dropped)."""
        names = self.names(kind)
        return Action.of(kind, **{k: v for k, v in chosen.items() if not names or k in names})

    def step(self, kind: str, chosen: dict[str, Any]) -> FlowStep | None:
        """The flow's next step (remembered: many legal actions share the first steps), cut to what
        one Discord message holds."""
        key = (kind, repr(sorted(((k, v) for k, v in chosen.items() if v is not None), key=lambda kv: kv[0])))
        if key not in self._steps:
            step = self.words.flow(self.state, self.seat, kind, chosen, self.aud)
            if step is not None and len(step.options) > STEP_OPTIONS:
                step = replace(step, options=step.options[:STEP_OPTIONS])
            self._steps[key] = step
        return self._steps[key]

    # -- reaching a given action ------------------------------------------------------------
    def reaches(self, target: Action) -> bool:
        for c in self.choices:
            if c.action is not None:
                if c.action == target:
                    return True
            elif c.flow == target.kind and _fits(dict(c.chosen), target, self.names(target.kind)) and self._flow_reaches(
                    c.flow, dict(c.chosen), target, 0):
                return True
        return False

    def _flow_reaches(self, kind: str, chosen: dict[str, Any], target: Action, depth: int) -> bool:
        if depth > 12:
            return False
        step = self.step(kind, chosen)
        if step is None:
            return self.built(kind, chosen) == target or _equivalent(self.built(kind, chosen), target)
        if step.text:  # words typed by the player: the target's own
            if target.get(step.param) is None:
                return False
            return self._flow_reaches(kind, {**chosen, step.param: target.get(step.param)}, target, depth + 1)
        if not step.multi:
            for o in step.options:
                if o.action is not None:
                    if o.action == target or _equivalent(o.action, target):
                        return True
                    continue
                nxt = {**chosen, **dict(o.chosen)}
                if _fits(nxt, target, self.names(kind)) and self._flow_reaches(kind, nxt, target, depth + 1):
                    return True
            return False
        # a multi-select: pick the options whose values make up the target's value
        want = target.params.get(step.param)
        want_items = Counter(map(str, want if isinstance(want, list | tuple) else ([] if want is None else [want])))
        picked: list[Choice] = []
        have: Counter[str] = Counter()
        for o in step.options:
            vals = Counter(map(str, _values(o, step.param)))
            if vals and all(have[k] + n <= want_items[k] for k, n in vals.items()):
                picked.append(o)
                have += vals
        if have != want_items or not step.min_values <= len(picked) <= step.max_values:
            return False
        nxt = dict(chosen)
        for o in picked:
            nxt.update({k: v for k, v in o.chosen if k != step.param})
        nxt[step.param] = want
        return self._flow_reaches(kind, nxt, target, depth + 1)

    # -- what the clicks reach is legal -----------------------------------------------------
    def accepted(self, action: Action) -> str | None:
        """None when the rules accept ``action`` for the seat now, else the refusal."""
        if action not in self._accepted:
            work = self.rules.copy(self.state)
            try:
                apply(self.rules, work, self.seat, action)
                self._accepted[action] = None
            except RuleError as err:
                self._accepted[action] = err.describe()
        return self._accepted[action]

    def random_leaves(self, walks: int = RANDOM_WALKS) -> list[Action]:
        out: list[Action] = []
        for c in self.choices:
            if c.action is not None:
                out.append(c.action)
                continue
            if c.flow is None:
                continue
            for _ in range(walks):
                a = self._random_leaf(c.flow, dict(c.chosen))
                if a is not None:
                    out.append(a)
        return out

    def _random_leaf(self, kind: str, chosen: dict[str, Any]) -> Action | None:
        for _ in range(12):
            step = self.step(kind, chosen)
            if step is None:
                return self.built(kind, chosen)
            if step.text:
                chosen = {**chosen, step.param: SAMPLE_TEXT}
                continue
            if not step.options:
                return None
            if step.multi:
                n = self.rnd.randint(step.min_values, min(step.max_values, len(step.options)))
                opts = self.rnd.sample(list(step.options), n)
                values: list[Any] = []
                for o in opts:
                    chosen = {**chosen, **{k: v for k, v in o.chosen if k != step.param}}
                    values += _values(o, step.param)
                chosen[step.param] = tuple(values)
                continue
            o = self.rnd.choice(step.options)
            if o.action is not None:
                return o.action
            chosen = {**chosen, **dict(o.chosen)}
        return None


def _equivalent(a: Action, b: Action) -> bool:
    """The same action with list values in another order (troops picked in another order)."""
    if a.kind != b.kind or len(a.args) != len(b.args):
        return False
    pa, pb = a.params, b.params
    return all(k in pb and _same(v, pb[k]) for k, v in pa.items())


def check_prompt(rules: Rules, state: GameState, seat: str, decision: Decision, aud: Audience,
                 rnd: random.Random, *, legal_sample: int | None = None) -> WalkFigures:
    """The figures of one seat's prompt in one state (gaps listed)."""
    f = WalkFigures(prompts=1)
    w = Walker(rules, state, seat, decision, aud, rnd)
    f.choices = len(w.choices)
    if not w.choices:
        f.gaps.append(Gap("no_choice", seat, decision.id, "", w.words.question(state, decision, seat, w.aud)))
        return f
    legal = rules.legal(state, seat)
    if legal_sample is not None and len(legal) > legal_sample:
        legal = rnd.sample(legal, legal_sample)
    f.legal = len(legal)
    for a in legal:
        if not w.reaches(a):
            f.gaps.append(Gap("unreachable", seat, decision.id, a.text()))
    for a in w.random_leaves():
        why = w.accepted(a)
        if why is not None:
            f.gaps.append(Gap("refused", seat, decision.id, a.text(), why))
    return f


PEOPLE = ("Alice", "Bob", "Carol", "Dora")


def walk_game(game: str, players: int, seed: int, options: str | None = None, *, max_actions: int = 400,
              legal_sample: int | None = 60, table: TableService | None = None, clicks: bool = False,
              check: bool = True) -> WalkFigures:
    """A random game played through a table (a fresh one unless ``table`` is given); at every
    state, each awaited seat's prompt is walked (:func:`check_prompt`, unless ``check`` is off) and
    the prompt the seat last received is compared with the one it should hold now: a prompt that is
    missing, answered or of another menu is a ``stale`` gap. With ``clicks`` the moves are made
    as a person who only clicks would: a random choice of the seat's newest prompt, then random
    options of each step (:meth:`TableService.choose`); a click refused as out of date is a
    ``stale`` gap, one the rules refuse a ``refused`` gap, and a prompt with nothing to click a
    ``typed`` move (made by a typed command instead)."""
    if table is None:
        with tempfile.TemporaryDirectory() as tmp:
            fresh = TableService(Store(Path(tmp) / "t.sqlite3"), clock=FakeClock())
            try:
                return walk_game(game, players, seed, options, max_actions=max_actions, legal_sample=legal_sample,
                                 table=fresh, clicks=clicks, check=check)
            finally:
                fresh.close()
    figs = WalkFigures(games=1)
    rnd = random.Random(seed)
    channel = f"walk-{game}-{players}-{seed}-{options or ''}"
    people = [Actor(f"u{i}", n) for i, n in enumerate(PEOPLE[:players])]
    gid = table.new_game(people[0], channel, game, players=players, seed=seed,
                         options=options).game.id  # type: ignore[union-attr]
    for p in people[1:]:
        table.join(p, channel)
    table.start(people[0], channel)
    rules = table.rules_for(game)
    seats = table.info(gid).seats
    by_seat = {s.seat: next(p for p in people if p.user_id == s.user_id) for s in seats}
    aud = Audience(None, {s: p.name for s, p in by_seat.items()})
    last: dict[str, dict[str, Any]] = {}

    def drain() -> None:
        for m in table.pending_outbox(500, game_id=gid):
            if m.kind == "dm" and m.payload.get("type") == "prompt" and m.seat:
                last[m.seat] = m.payload
            table.mark_delivered(m.id)

    drain()
    acted = 0
    while acted < max_actions and table.info(gid).status.value == "active":
        state = table.state(gid)
        awaited = ob.awaited(rules, state, offers=True)
        if not awaited:
            break
        figs.states += 1
        for s, d in awaited.items():
            if check:
                figs.add(check_prompt(rules, state, s, d, aud, rnd, legal_sample=legal_sample))
            now = ob.menu_id(ob.prompt_choices(rules, rules.words(), state, d, s, aud))
            held = last.get(s)
            if held is None or held.get("answered") or held.get("version") != now:
                figs.gaps.append(Gap("stale", s, d.id, "", "never sent" if held is None else
                                     f"held {held.get('decision')} answered={bool(held.get('answered'))}: "
                                     f"{held.get('question')}"))
        blocking = sorted({s for d in rules.pending(state) if d.blocking for s in d.seats})
        if not blocking:
            break
        seat = rnd.choice(blocking)
        held = last.get(seat)
        if clicks and held is not None and held.get("choices") and not held.get("answered"):
            figs.clicks += click_through(table, by_seat[seat], gid, held, rnd, figs)
        else:
            if clicks:
                figs.typed += 1
            action = pick(rules, state, seat, rules.legal(state, seat), rnd)
            try:
                table.act(by_seat[seat], channel, None, action)
            except RuleError:
                continue
        acted += 1
        drain()
    return figs


def click_through(table: TableService, actor: Actor, game_id: int, prompt: dict[str, Any], rnd: random.Random,
                  figs: WalkFigures) -> int:
    """Answer ``prompt`` (the payload the seat last received) by clicks only: a random choice,
    then random options at each step, Confirm when asked. Returns the clicks made."""
    seat = str(prompt.get("seat"))
    path: list[list[int]] = [[rnd.randrange(len(prompt["choices"]))]]
    words: str | None = None
    for n in range(1, 20):
        try:
            out = table.choose(actor, None, version=int(prompt["version"]), path=path, game_id=game_id,
                               confirmed=True, text=words)
        except RuleError as err:
            code = getattr(err, "code", "")
            figs.gaps.append(Gap("stale" if code in ("stale", "not_awaited") else "refused", seat,
                                 str(prompt.get("decision")), f"choice {path}", err.describe()))
            return n
        if not isinstance(out, Asked):
            return n
        if out.text:  # a step answered with words (a modal on Discord): the same path, with the words
            words = f"Words of our own, number {rnd.randrange(100)}."
            continue
        if not out.options:
            figs.gaps.append(Gap("no_choice", seat, str(prompt.get("decision")), f"step {path}", out.question))
            return n
        if out.multi:
            k = rnd.randint(out.min_values, max(out.min_values, min(out.max_values, len(out.options))))
            path.append(sorted(rnd.sample(range(len(out.options)), k)))
        else:
            path.append([rnd.randrange(len(out.options))])
    return 20



def main(argv: list[str]) -> None:
    """``python -m tests.prompt_walk GAME PLAYERS GAMES [OPTIONS]``: the figures and the first gaps of each kind."""
    game, players, games = argv[0], int(argv[1]), int(argv[2])
    options = argv[3] if len(argv) > 3 else None
    total = WalkFigures()
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        table = TableService(Store(Path(tmp) / "t.sqlite3"), clock=FakeClock())
        try:
            for seed in range(games):
                total.add(walk_game(game, players, seed, options, table=table))
        finally:
            table.close()
    print(f"{game} {players} players {options or ''}: {total.games} games, {total.states} states, "
          f"{total.prompts} prompts, {total.legal} legal actions checked, gaps {dict(total.counts())} "
          f"({time.perf_counter() - t0:.1f} s)")
    shown: Counter[tuple[str, str]] = Counter()
    for g in total.gaps:
        k = (g.what, g.action.split(" ")[0] if g.action else g.decision.rsplit("-", 1)[0])
        shown[k] += 1
        if shown[k] <= 2:
            print("  ", str(g)[:300])
    print("by kind:", shown.most_common())


if __name__ == "__main__":
    main(sys.argv[1:])
