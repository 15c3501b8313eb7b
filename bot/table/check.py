"""``python -m bot check`` and ``python -m bot release GAME``: is the database whole, and can each game
be trusted? (docs/operations.md says what to do with each finding.)

The check opens the database read-only (safe beside a running bot) and runs the database's own
check (SQLite's ``integrity_check``; on PostgreSQL, ``amcheck`` on every index where the extension
is installed), then the table's checks: every game's row reads; its log is numbered 1..n
with no gap and agrees with the game's sequence number; the game replays from its seed through
the whole log, and every snapshot agrees with the replay at its point; every outbox row and
deadline reads; no open deadline points at a game that is over or gone; and which games are in
quarantine. Each :class:`Finding` names the game and the row, and carries its advice.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.table.store import DamagedRow, GameRow, Store, dumps
from engine.core import Action, GameState, Rules, apply

#: What an operator does about each kind of finding (docs/operations.md has the long form).
ADVICE: dict[str, str] = {
    "integrity": "the database itself finds damage: stop the bot, keep the file aside, restore the latest good backup "
                 "(python -m bot restore BACKUP) and check again",
    "game": "the game's own row cannot be read: python -m bot release GAME rebuilds its options, settings, phase "
            "and result from its snapshots and log (anything else of it needs a backup); the other games are unaffected",
    "seats": "a seat of the game cannot be read: python -m bot release GAME gives a lost name, role or agent back "
             "(a lost seat or user id needs a backup, or a GM may abandon the game)",
    "sequence": "the game's log has a gap or disagrees with the game's count: restore a backup, or let a GM "
                "abandon the game",
    "log": "the game's log does not replay: restore a backup, or let a GM abandon the game",
    "snapshot": "harmless while the log replays (the game loads from the log); "
                "python -m bot release GAME writes a fresh snapshot",
    "outbox": "that message is lost: python -m bot release GAME drops it and lets the game go on",
    "deadlines": "python -m bot release GAME closes it; the next action opens fresh deadlines",
    "stray": "harmless: a deadline of a game that is over or gone never fires",
    "rules": "the game is not offered by this bot: start the check with the same config as the bot",
    "lost": "the database went back in time (its write-ahead log was lost or an older copy was put in place): stop "
            "the bot and restore the newest good backup or continuous copy (docs/operations.md, section 5); if the "
            "step back was deliberate, python -m bot release GAME accepts the game as it stands",
    "quarantine": "the game is set aside: deal with its other findings, then python -m bot release GAME",
}


@dataclass(frozen=True)
class Finding:
    game: int | None
    kind: str  # a key of ADVICE
    detail: str

    @property
    def advice(self) -> str:
        return ADVICE[self.kind].replace("GAME", str(self.game))


@dataclass
class Report:
    path: str
    schema: int
    method: str = "SQLite integrity check"
    games: int = 0
    replayed: int = 0
    actions: int = 0
    findings: list[Finding] = field(default_factory=list)

    @property
    def healthy(self) -> bool:
        return not self.findings

    def text(self) -> str:
        lines = [f"Seneschal database check: {self.path} (schema version {self.schema})",
                 f"  {self.method}: {'damage found' if self.of('integrity') else 'ok'}",
                 f"  games: {self.games}, of which {self.replayed} replayed from their seed "
                 f"({self.actions:,} actions), snapshots compared with the replay",
                 f"  quarantined games: {', '.join(str(f.game) for f in self.of('quarantine')) or 'none'}"]
        if self.healthy:
            lines.append("Healthy: nothing to do.")
            return "\n".join(lines)
        lines.append(f"{len(self.findings)} finding(s):")
        for f in self.findings:
            where = f"game {f.game}" if f.game is not None else "database"
            lines += [f"  - {where}: {f.detail}", f"    what to do: {f.advice}"]
        return "\n".join(lines)

    def of(self, kind: str) -> list[Finding]:
        return [f for f in self.findings if f.kind == kind]


def check(store: Store, rules: Mapping[str, Rules]) -> Report:
    """The whole database; nothing is written."""
    report = Report(store.path, store.schema_version, store.integrity_method())
    report.findings += [Finding(None, "integrity", line) for line in store.integrity()[:20]]
    for gid in store.game_ids():
        report.games += 1
        report.findings += check_game(store, rules, gid, report)
    for table in ("outbox", "deadlines"):
        report.findings += [Finding(d.game, table, f"{table} row {d.row} cannot be read ({d.reason})")
                            for d in store.unreadable(table)]
    report.findings += [Finding(game, "stray", f"open deadline {row} of a game that is over or gone")
                        for row, game in store.stray_deadlines()]
    report.findings += [Finding(q.game, "quarantine", f"set aside: {q.what} row {q.row} ({q.reason})")
                        for q in store.quarantined()]
    report.findings += [Finding(lost.game, "lost", lost.text()) for lost in store.losses(time.time())]
    return report


def check_game(store: Store, rules: Mapping[str, Rules], gid: int, report: Report | None = None) -> list[Finding]:
    row = store.game(gid)
    if row is None:
        return []
    if row.damaged:
        return [Finding(gid, "game", f"its row cannot be read ({', '.join(store.game_damage(gid))}: {row.damaged})")]
    try:
        store.seats(gid)
    except DamagedRow as err:
        return [Finding(gid, "seats", f"seat {err.row} cannot be read ({err.reason})")]
    try:
        logged = store.actions(gid)
    except DamagedRow as err:
        return [Finding(gid, "log", f"action {err.row} cannot be read ({err.reason})")]
    found = []
    seqs = [a.seq for a in logged]
    if seqs != list(range(1, len(seqs) + 1)):
        gaps = sorted(set(range(1, (seqs[-1] if seqs else 0) + 1)) - set(seqs))
        found.append(Finding(gid, "sequence", f"the log is not numbered 1..{len(seqs)} (missing {gaps[:5]})"))
    if (seqs[-1] if seqs else 0) != row.last_seq:
        found.append(Finding(gid, "sequence", f"the game says {row.last_seq} actions, the log has "
                                              f"{seqs[-1] if seqs else 0}"))
    if not store.snapshot_seqs(gid):
        if logged:
            found.append(Finding(gid, "log", "it has actions but no starting snapshot"))
        return found
    game_rules = rules.get(row.game)
    if game_rules is None:
        return [*found, Finding(gid, "rules", f"no rules for {row.game!r} here")]
    _, problems = replay(store, game_rules, row)
    if report is not None:
        report.replayed += 1
        report.actions += len(logged)
    return found + problems


def replay(store: Store, rules: Rules, row: GameRow) -> tuple[GameState | None, list[Finding]]:
    """The game from its seed through its whole log, each snapshot compared on the way: the state
    (None when the log does not replay) and the findings."""
    gid = row.id
    snaps = set(store.snapshot_seqs(gid))
    found: list[Finding] = []
    try:
        state, _ = rules.new_game([s.seat for s in store.seats(gid)], dict(row.options), row.seed)
    except Exception as err:
        return None, [Finding(gid, "log", f"it cannot be set up from its seed ({type(err).__name__}: {err})")]

    def compare(seq: int) -> None:
        if seq not in snaps:
            return
        try:
            snap = store.snapshot(gid, seq)
            assert snap is not None
            same = rules.fingerprint(rules.load(json.loads(snap.state))) == rules.fingerprint(state)
        except DamagedRow as err:
            found.append(Finding(gid, "snapshot", f"snapshot {seq} cannot be read ({err.reason})"))
            return
        except Exception as err:
            found.append(Finding(gid, "snapshot", f"snapshot {seq} cannot be read ({type(err).__name__}: {err})"))
            return
        if not same:
            found.append(Finding(gid, "snapshot", f"snapshot {seq} disagrees with the replayed log"))

    compare(0)
    try:
        logged = store.actions(gid)
    except DamagedRow as err:
        return None, [*found, Finding(gid, "log", f"action {err.row} cannot be read ({err.reason})")]
    for a in logged:
        try:
            apply(rules, state, a.seat, Action.from_json(json.loads(a.action)))
        except Exception as err:
            return None, [*found, Finding(gid, "log", f"action {a.seq} does not replay ({type(err).__name__}: {err})")]
        if state.version != a.version:
            return None, [*found, Finding(gid, "log", f"action {a.seq} reaches state {state.version}, "
                                                      f"the log says {a.version}")]
        compare(a.seq)
    return state, found


def release(store: Store, rules: Mapping[str, Rules], gid: int, now: float) -> str:
    """Repair what can be repaired of one game and lift its quarantine: unreadable outbox rows are
    dropped and deadlines closed, snapshots that disagree with the log are replaced by a fresh one.
    Refused (ValueError) when the log itself does not replay: then only a backup or abandoning helps."""
    row = store.game(gid)
    if row is None:
        if any(lost.game == gid for lost in store.losses(now)):
            store.accept_counts(gid)
            return f"game {gid} is gone from the database; the ledger no longer reports it"
        raise ValueError(f"there is no game {gid}")
    repaired = _repair_seats(store, gid)
    if row.damaged:
        repaired += _repair_row(store, rules, row, now)
        row = store.game(gid)
        assert row is not None and not row.damaged
    game_rules = rules.get(row.game)
    if game_rules is None:
        raise ValueError(f"game {gid} is {row.game!r}, which this bot does not offer")
    dropped = store.drop_unreadable(gid)
    rewritten = 0
    if store.snapshot_seqs(gid):
        state, problems = replay(store, game_rules, row)
        if state is None:
            raise ValueError(f"game {gid}'s log does not replay ({problems[-1].detail}); "
                             "restore a backup, or let a GM abandon the game")
        bad = [f for f in problems if f.kind == "snapshot"]
        if bad:
            with store.transaction():
                store.drop_snapshots(gid)
                first, _ = game_rules.new_game([s.seat for s in store.seats(gid)], dict(row.options), row.seed)
                store.put_snapshot(gid, 0, dumps(game_rules.dump(first)), game_rules.phase(first), now)
                store.put_snapshot(gid, row.last_seq, dumps(game_rules.dump(state)), game_rules.phase(state), now)
            rewritten = len(bad)
    lifted = store.release(gid)
    store.accept_counts(gid)
    return (f"game {gid}: {''.join(f'{r}; ' for r in repaired)}{dropped} unreadable row(s) dropped, "
            f"{rewritten} snapshot(s) replaced, {'released from quarantine' if lifted else 'was not in quarantine'}")


#: Columns of a games row that ``release`` cannot rebuild, with what each held.
_LOST = {"game": "which game it is", "channel": "its thread", "guild": "its server", "creator": "who opened it",
         "status": "its status", "engine_version": "the engine version it started under"}


def _repair_row(store: Store, rules: Mapping[str, Rules], row: GameRow, now: float) -> list[str]:
    """Rebuild the damaged columns of a games row that can be rebuilt: the options from the game's
    first readable snapshot (a lobby's go back to the game's defaults), the settings to the table's
    defaults, the phase and result from the replayed log. ValueError names what cannot be rebuilt."""
    bad = store.game_damage(row.id)
    lost = [_LOST[c] for c in bad if c in _LOST]
    if lost:
        raise ValueError(f"game {row.id}'s own row has lost {', '.join(lost)}, which nothing else records; "
                         "restore a backup, or let a GM abandon the game")
    game_rules = rules.get(row.game)
    if game_rules is None:
        raise ValueError(f"game {row.id} is {row.game!r}, which this bot does not offer")
    fields: dict[str, object] = {}
    said = []
    if "options" in bad:
        fields["options"] = _first_options(store, row.id)
        said.append("its options rebuilt from its first snapshot" if store.snapshot_seqs(row.id)
                    else "its lobby options set back to the game's defaults")
    if "settings" in bad:
        fields["settings"] = {}
        said.append("its settings set back to the table's defaults")
    if store.snapshot_seqs(row.id):
        probe = GameRow(**{**row.__dict__, "options": fields.get("options", row.options), "damaged": ""})
        state, problems = replay(store, game_rules, probe)
        if state is None or any("disagrees" in f.detail for f in problems):
            raise ValueError(f"game {row.id}'s options cannot be rebuilt: with its first snapshot's the log "
                             f"{'does not replay' if state is None else 'disagrees with its snapshots'}; "
                             "restore a backup, or let a GM abandon the game")
    if ("phase" in bad or "result" in bad) and store.snapshot_seqs(row.id):
        assert state is not None
        result = game_rules.result(state)
        fields["phase"], fields["result"] = game_rules.phase(state), result.to_json() if result else None
        said.append("its phase and result taken from its replayed log")
    elif "phase" in bad or "result" in bad:
        fields.update(phase="", result=None)
    store.repair_game(row.id, **fields)
    return said


def _first_options(store: Store, gid: int) -> dict[str, object]:
    """The options a game was set up with, as its oldest readable snapshot records them ({} for none)."""
    for seq in reversed(store.snapshot_seqs(gid)):
        try:
            snap = store.snapshot(gid, seq)
            options = json.loads(snap.state)["options"] if snap else None
        except (DamagedRow, ValueError, KeyError, TypeError):
            continue
        if isinstance(options, dict):
            return options
    return {}


def _repair_seats(store: Store, gid: int) -> list[str]:
    """Give damaged seat rows back a name (the seat's own), no role and a person (''); ValueError when a
    seat's name or holder is what was lost."""
    said = []
    for position, bad in store.seat_damage(gid).items():
        lost = [c for c in bad if c in ("seat", "user_id")]
        if lost:
            raise ValueError(f"game {gid}'s seat {position + 1} has lost "
                             f"{' and '.join('its name' if c == 'seat' else 'who holds it' for c in lost)}, which "
                             "nothing else records; restore a backup, or let a GM abandon the game")
        store.repair_seat(gid, position, bad)
        said.append(f"seat {position + 1}'s {', '.join('agent (a person plays it)' if c == 'agent' else c for c in bad)} "
                    "rebuilt")
    return said
