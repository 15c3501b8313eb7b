"""Random games played through the TableService, counting what the table sends people.

Used by `make bench` (tests/bench_table.py) and by the speech test: every message the table
queues is classified as it would reach Discord:

- a thread post: a channel post (its board travels in the same message), or a public board
  posted alone, or a prompt announced in the thread with a mention;
- a DM: a direct message sent anew (a prompt edited in place is not a new message), or a
  private board sent alone;
- a ping: a mention or a new DM prompt, i.e. a notification that someone is awaited;
- a status edit: an edit of the game's status message;
- a DM edit: a living prompt edited in place (fresh choices, what was chosen), or a growing post
  (a battle told round by round) edited in the thread, counted as ``post_edits``.

Rounds are read from the game's phase label ("Round 2, ..."); the figures are per round and,
for DMs, DM edits and pings, per player. With ``absent``, one player never answers: the clock is
moved to their deadline and the table decides for them (the noise of a short deadline).
"""

from __future__ import annotations

import random
import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from bot.table import (
    BOARD_IMAGE,
    CHANNEL_POST,
    DM,
    STATUS_EDIT,
    Actor,
    FakeClock,
    Outgoing,
    Store,
    TableService,
)
from engine.core import RuleError
from engine.playout import pick

_ROUND = re.compile(r"Round (\d+)")


@dataclass
class Traffic:
    game: str
    players: int
    rounds: int = 0
    posts: int = 0
    dms: dict[str, int] = field(default_factory=dict)
    pings: dict[str, int] = field(default_factory=dict)
    dm_edits: dict[str, int] = field(default_factory=dict)
    status_edits: int = 0
    post_edits: int = 0
    timeouts: int = 0
    actions: int = 0
    over: bool = False
    posts_seen: set[str] = field(default_factory=set)

    def per_round(self) -> tuple[float, float, float]:
        r = max(1, self.rounds)
        return (self.posts / r, sum(self.dms.values()) / r / self.players,
                sum(self.pings.values()) / r / self.players)


def classify(m: Outgoing, t: Traffic) -> None:
    """Count one queued message as it would reach people."""
    p = m.payload
    seat = m.seat or ""
    if m.kind == STATUS_EDIT:
        t.status_edits += 1
        return
    if m.kind == CHANNEL_POST and p.get("post"):  # a growing post: its first row posts, the others edit
        if p["post"] in t.posts_seen:
            t.post_edits += 1
            return
        t.posts_seen.add(str(p["post"]))
    if m.kind == CHANNEL_POST:
        t.posts += 1
        if p.get("mentions"):
            for s in p["mentions"]:
                t.pings[s] = t.pings.get(s, 0) + 1
    elif m.kind == BOARD_IMAGE:
        if m.seat is None:
            t.posts += 1
        else:
            t.dms[seat] = t.dms.get(seat, 0) + 1
    elif m.kind == DM:
        if p.get("type") == "prompt" and "fresh" not in p:  # the old prompt: a DM, and a ping in the thread
            t.dms[seat] = t.dms.get(seat, 0) + 1
            if p.get("kind") != "simultaneous":
                t.posts += 1
                t.pings[seat] = t.pings.get(seat, 0) + 1
            return
        if p.get("type") == "prompt" and not p.get("fresh"):
            t.dm_edits[seat] = t.dm_edits.get(seat, 0) + 1  # edited in place
            return
        t.dms[seat] = t.dms.get(seat, 0) + 1
        if p.get("type") == "prompt":
            t.pings[seat] = t.pings.get(seat, 0) + 1


def play(game: str, players: int, seed: int, rounds: int, *, max_actions: int = 3000,
         seen: Callable[[Outgoing], None] | None = None, absent: str | None = None) -> Traffic:
    """Play ``game`` at random through a fresh table until ``rounds`` rounds are done (or the end);
    ``absent`` (a player's name) never answers: their deadlines pass and the table decides."""
    t = Traffic(game, players)
    agent = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        clock = FakeClock()
        table = TableService(Store(Path(tmp) / "t.sqlite3"), clock=clock)
        try:
            people = [Actor(f"u{i}", name) for i, name in enumerate(("Alice", "Bob", "Carol", "Dora")[:players])]
            gid = table.new_game(people[0], "chan", game, players=players, seed=seed).game.id  # type: ignore[union-attr]
            for p in people[1:]:
                table.join(p, "chan")
            table.start(people[0], "chan")
            rules = table.rules_for(game)
            by_seat = {s.seat: people[[x.user_id for x in people].index(s.user_id)]
                       for s in table.info(gid).seats}
            first_round: int | None = None

            def drain() -> None:
                for m in table.pending_outbox(500):
                    classify(m, t)
                    if seen is not None:
                        seen(m)
                    table.mark_delivered(m.id)

            drain()
            while t.actions < max_actions:
                info = table.info(gid)
                if info.status.value != "active":
                    t.over = True
                    break
                m = _ROUND.search(info.phase or "")
                if m:
                    n = int(m.group(1))
                    first_round = n if first_round is None else first_round
                    t.rounds = n - first_round
                    if t.rounds >= rounds:
                        break
                state = table.state(gid)
                awaited = [s for d in rules.pending(state) if d.blocking for s in d.seats]
                if not awaited:
                    break
                seat = agent.choice(sorted(set(awaited)))
                if absent is not None and by_seat[seat].name == absent:
                    due = [r.due for r in table.store.open_deadlines(gid) if r.seat == seat and r.kind == "deadline"]
                    if due:
                        clock.t = max(clock.t, min(due))
                        t.timeouts += len(table.run_due())
                        t.actions += 1
                        drain()
                        continue
                legal = rules.legal(state, seat)
                if not legal:
                    break
                action = pick(rules, state, seat, legal, agent)
                try:
                    table.act(by_seat[seat], "chan", None, action)
                except RuleError:
                    continue
                t.actions += 1
                drain()
            if t.over:
                t.rounds += 1
        finally:
            table.close()
    return t
