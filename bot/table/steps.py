"""The actions of one call, applied in order and stored together (the player's and the passes
the table makes for seats with no choice)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.table import outbox as ob
from bot.table.store import Store, dumps
from engine.core import Action, Event, GameState, Rules, apply


@dataclass
class Step:
    """One action applied in a call: the player's, or a pass the table made for a seat with no choice."""

    seat: str
    action: Action
    events: list[Event]
    key: str
    source: str
    user_id: str | None
    version: int
    snapshot: tuple[str, str] | None  # (state JSON, phase label) when one is due after this step


class Steps:
    """The actions of one call, applied to ``work`` in order, then stored together.

    After the player's action the table passes at once for every seat whose only legal move is
    to pass, where the game says skipping tells nobody anything hidden (``Words.skippable``):
    those passes are stored as actions of their own (source ``skip``), so replays reach the
    same state. A snapshot is taken after each step that changes the phase label or the
    game's phase title, and every ``every`` actions.
    """

    LIMIT = 500  # passes in a row: a game that kept asking would be a bug, not a reason to spin

    def __init__(self, rules: Rules, work: GameState, phase: str, last_seq: int, every: int):
        self.rules, self.work, self.every = rules, work, every
        self.words = rules.words()
        self.phase, self.title = phase, ob.title_of(rules, self.words, work)
        self.seq = last_seq
        self.steps: list[Step] = []
        self.events: list[Event] = []
        self.snapshotted_last = False

    def play(self, seat: str, action: Action, key: str, source: str, user_id: str | None) -> None:
        events = apply(self.rules, self.work, seat, action)
        self.seq += 1
        phase, title = self.rules.phase(self.work), ob.title_of(self.rules, self.words, self.work)
        due = phase != self.phase or title != self.title or self.seq % self.every == 0
        snap = (dumps(self.rules.dump(self.work)), phase) if due else None
        self.phase, self.title, self.snapshotted_last = phase, title, due
        self.steps.append(Step(seat, action, events, key, source, user_id, self.work.version, snap))
        self.events += events

    def skip_passes(self, key: str) -> None:
        for n in range(self.LIMIT):
            found = skippable(self.rules, self.words, self.work)
            if found is None:
                return
            seat, action = found
            self.play(seat, action, f"{key}:skip:{n}", "skip", None)

    def store(self, store: Store, game_id: int, now: float, *, epoch: int | None = None) -> None:
        """Append every step; with ``epoch``, the database refuses them if another process moved
        the game on first (:meth:`Store.append_action`)."""
        seq = self.seq - len(self.steps)
        for s in self.steps:
            seq += 1
            store.append_action(game_id, seq, s.seat, s.action.dumps(), dumps([e.to_json() for e in s.events]),
                                s.key, now, s.version, s.user_id, s.source, epoch=epoch)
            if s.snapshot is not None:
                store.put_snapshot(game_id, seq, s.snapshot[0], s.snapshot[1], now)


def skippable(rules: Rules, words: Any, state: GameState) -> tuple[str, Action] | None:
    """The first awaited seat the table may pass for at once: the game declares the decision
    skippable (from public facts only) and the seat's only answer is its default."""
    if rules.result(state) is not None:
        return None
    for d in rules.pending(state):
        if not d.blocking:
            continue
        for s in d.seats:
            if not words.skippable(state, d, s):
                continue
            only = ob.answers(rules, state, s)
            default = d.default_for(s)
            if len(only) == 1 and (default is None or only[0] == default):
                return s, only[0]
    return None
