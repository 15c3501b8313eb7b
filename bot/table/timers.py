"""Firing due deadlines: a reminder, or the default action played for a seat that did not answer."""

from __future__ import annotations

import zlib
from typing import TYPE_CHECKING

from bot.table import outbox as ob
from bot.table.basics import (
    HANDED,
    log,
)
from bot.table.clock import format_duration
from bot.table.errors import CorruptGame
from bot.table.results import (
    GameStatus,
    Outcome,
)
from bot.table.store import CannotSave, DamagedRow
from engine.core import RuleError
from engine.core.words import Audience

if TYPE_CHECKING:
    from bot.table.actions import Actions
    from bot.table.core import TableCore
    from bot.table.deadlines import DeadlineBook


class Timers:
    """Runs the deadlines that are due. A part of the table service, made with the table's core, its
    actions and its deadlines."""

    def __init__(self, core: TableCore, actions: Actions, deadlines: DeadlineBook):
        self.core = core
        self.actions = actions
        self.deadlines = deadlines

    def next_wakeup(self, *, computers: bool) -> float | None:
        """When :meth:`run_due` has work next (epoch seconds), or None. Sleep until then (or until
        the next command: any action may add an earlier deadline). ``computers=False`` leaves out
        computer players' turns (an adapter that plays them in its own workers)."""
        return self.core.store.next_due(self.core.shard_games, computers=computers)

    def run_due(self, now: float | None = None) -> list[Outcome]:
        """Fire every reminder and deadline due by ``now``: reminders become DMs; a passed deadline
        applies the decision's default for that seat through the normal path (idempotency key
        ``deadline:<row id>``) and is announced. Computer players' turns are left to :class:`ComputerPlayers`."""
        now = self.core.clock.now() if now is None else now
        out: list[Outcome] = []
        due, damaged = self.core.store.due_deadlines(now, self.core.shard_games)
        for d in damaged:
            self.core.quarantine(d)
        for r in due:
            if r.kind == "computer":  # a computer player's turn: ComputerPlayers.run_computers plays it
                continue
            try:
                out += self._fire(r.id, now)
            except CorruptGame:  # set aside with its deadlines, which wait for the repair
                continue
            except CannotSave:  # nothing can be written now (the store logged why): the rest waits for room
                break
            except DamagedRow as err:
                self.core.quarantine(err)
            except Exception as err:  # one broken game must not stall the others' deadlines
                log.exception("deadline %s of game %s failed", r.id, r.game)
                self.core.store.close_deadline(r.id, now, f"failed: {type(err).__name__}: {err}")
        return out

    def _fire(self, deadline_id: int, now: float) -> list[Outcome]:
        r = self.core.store.deadline(deadline_id)
        if r is None or r.done_at is not None:
            return []
        with self.core.game_lock(r.game):
            row = self.core.game_row(r.game)
            r = self.core.store.deadline(deadline_id)
            if r is None or r.done_at is not None or row.status != GameStatus.ACTIVE:
                return []
            rules = self.core.rules_for(row.game)
            state = self.core.load_state(row)
            d = next((d for d in rules.pending(state) if d.id == r.decision and r.seat in d.seats), None)
            if d is None:
                self.core.store.close_deadline(r.id, now, "answered")
                return []
            if r.kind == "reminder":
                with self.core.store.transaction():
                    if r.deadline > now:
                        question = rules.words().question(state, d, r.seat, Audience(r.seat, self.core.seat_names(row.id)))
                        self.core.queue(row.id, [ob.reminder(row.id, r.id, r.seat, d.id, question, r.deadline,
                                                         format_duration(r.deadline - now))])
                    self.core.store.close_deadline(r.id, now, "reminded" if r.deadline > now else "skipped")
                return []
            absent = self.deadlines.settings_of(row).get("absent", "off")
            if absent != "off":  # a computer player answers instead of the bare default
                title = ob.title_of(rules, rules.words(), state)
                # One notice per seat and phase: the key is the same for every deadline it takes over there.
                key = f"g{row.id}.e{row.epoch}.stand_in.{r.seat}.{zlib.crc32(title.encode())}"
                with self.core.store.transaction():
                    self.core.store.close_deadline(r.id, now, HANDED)
                    self.core.store.add_deadline(row.id, d.id, r.seat, "computer", now, now, now)
                    self.core.queue(row.id, [
                        ob.table_post(row.id, key, "stand_in", seat=r.seat, name=self.core.seat_names(row.id).get(r.seat, r.seat),
                                      strength=absent, title=title)])
                return []
            default = d.default_for(r.seat)
            if default is None:
                self.core.store.close_deadline(r.id, now, "no default")
                log.error("game %s: decision %s has no default for %s", row.id, d.id, r.seat)
                return []
            try:
                applied = self.actions.apply(row.id, r.seat, default, key=f"deadline:{r.id}", user_id=None,
                                      source="deadline", deadline_id=r.id)
            except (CannotSave, CorruptGame):  # the table's trouble, not the rules' refusal: the row waits
                raise
            except RuleError as err:
                self.core.store.close_deadline(r.id, now, f"default refused: {err}")
                # The default may be a secret choice and the refusal may list a hand: kind and code only.
                log.error("game %s: the default %s of %s for %s was refused (%s)", row.id, default.kind, d.id, r.seat,
                          err.code)
                return []
            # No post of its own: the phase post says whose time ran out and what the table chose
            # (a calm thread); the seat's prompt says it too.
            return [applied]
