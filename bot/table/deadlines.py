"""Deadlines and reminders: the settings that time them and keeping the deadlines table in step
with the decisions a game awaits. A part of the table service, made with what it needs (the store
and the table's default settings) and reached as ``TableCore.deadlines``."""

from __future__ import annotations

from bot.table import limits
from bot.table.basics import (
    log,
)
from bot.table.clock import parse_duration
from bot.table.store import GameRow, Store
from engine.core import Decision, GameState, Rules


class DeadlineBook:
    """Keeps each awaited decision's deadline and reminders in the store."""

    def __init__(self, store: Store, defaults: dict[str, str]):
        self.store = store
        self.defaults = defaults

    def settings_of(self, row: GameRow) -> dict[str, str]:
        """The game's table settings: its own over the table's defaults."""
        return {**self.defaults, **row.settings}

    def deadline_for(self, settings: dict[str, str], d: Decision) -> float:
        """Time for one decision: the table's ``deadline.<kind>`` setting, else the game's suggestion
        (``deadline`` in the decision's info, e.g. a short reaction window), else ``deadline``."""
        value = settings.get(f"deadline.{d.kind.value}") or d.info.get("deadline") or settings["deadline"]
        try:
            return min(parse_duration(value), limits.MAX_DEADLINE)
        except ValueError:
            log.warning("decision %s suggests an unreadable deadline %r", d.id, value)
            return parse_duration(settings["deadline"])

    def reminders(self, settings: dict[str, str]) -> list[float]:
        out = []
        for part in str(settings.get("reminders", "")).split(","):
            if part.strip():
                seconds = parse_duration(part)
                if seconds > 0:
                    out.append(seconds)
        return sorted(set(out), reverse=True)

    def sync(self, row: GameRow, rules: Rules, state: GameState, now: float, *,
                        standing_in: tuple[str, str] | None = None,
                        computers: set[str] | None = None) -> dict[tuple[str, str], float]:
        """Close rows of decisions no longer awaited, open rows for newly awaited seats.

        A seat a computer player plays gets a ``computer`` row due at once (its turn, for
        :meth:`~bot.table.computers.ComputerPlayers.play_computer`), for requests and offers to it too;
        so does ``standing_in`` (decision, seat): a computer player answering for an absent seat
        finishes the decision it took over. Returns the deadline of every awaited (decision, seat)
        a person answers, for status and prompts. ``computers``: the seats computer players play,
        when the caller has them (a session), else read here.
        """
        if computers is None:
            computers = {s.seat for s in self.store.seats(row.id) if s.agent}
        awaited = {(d.id, s): d for d in rules.pending(state) for s in d.seats if d.blocking or s in computers}
        due: dict[tuple[str, str], float] = {}
        have: set[tuple[str, str]] = set()
        rows = self.store.open_deadlines(row.id)
        timed = {(r.decision, r.seat) for r in rows if r.kind in ("deadline", "computer")}
        for r in rows:
            pair = (r.decision, r.seat)
            if pair not in awaited:
                self.store.close_deadline(r.id, now, "answered")
            elif pair not in timed:  # its deadline fired but the seat is still awaited: start afresh
                self.store.close_deadline(r.id, now, "superseded")
            else:
                have.add(pair)
                if r.kind == "deadline":
                    due[pair] = r.deadline
        settings = self.settings_of(row)
        for pair, d in awaited.items():
            if pair in have:
                continue
            if pair[1] in computers or pair == standing_in:
                self.store.add_deadline(row.id, d.id, pair[1], "computer", now, now, now)
                continue
            seconds = self.deadline_for(settings, d)
            if seconds <= 0:
                continue
            deadline = now + seconds
            self.store.add_deadline(row.id, d.id, pair[1], "deadline", deadline, deadline, now)
            for before in self.reminders(settings):
                if before < seconds:
                    self.store.add_deadline(row.id, d.id, pair[1], "reminder", deadline - before, deadline, now)
            due[pair] = deadline
        return due
