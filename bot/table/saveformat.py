"""Export and import of a whole game as one JSON file (documented in docs/save-format.md).

The file holds what is needed to rebuild the game (game name, options, seats, seed, the
whole action log) plus the latest state, which import uses only to verify the replay: a file
whose log does not lead to its state is refused, and so is a log the rules refuse. A file is
untrusted input: its schema (bot/table/saveschema.py) is checked before anything else, and the
game is written in one transaction, so a refused file leaves nothing behind.

This module reaches the service only through :class:`SaveSupport` (made by ``Saves.support``).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.table import outbox as ob
from bot.table import saveschema
from bot.table.basics import DEFAULT_SETTINGS
from bot.table.clock import Clock
from bot.table.results import Actor, Exported, GameInfo, GameStatus, Imported
from bot.table.saveschema import FORMAT, VERSION
from bot.table.store import GameRow, Store, dumps
from engine.core import Action, GameState, RuleError, Rules, apply, canonical

log = logging.getLogger("seneschal.table")


@dataclass(frozen=True)
class SaveSupport:
    """What :mod:`bot.table.saveformat` needs from the service, and nothing more (package-internal).

    Export reads a game (its row, its loaded state, its public info); import writes one in the
    caller's transaction (queues its announcement, opens its deadlines). Nothing else in the
    service is reachable from the save format: :class:`Saves` hands over these and only these."""

    store: Store
    clock: Clock
    snapshot_every: int
    rules_for: Callable[[str], Rules]
    known_games: Callable[[], dict[str, Rules]]
    row: Callable[[int], GameRow]
    info: Callable[[GameRow], GameInfo]
    #: the game's current state (the caller holds the game's lock)
    load: Callable[[GameRow], GameState]
    check_setting: Callable[[str, str], None]
    queue: Callable[[int, list[ob.Message]], None]
    sync_deadlines: Callable[[GameRow, Rules, GameState, float], object]


def export_game(service: SaveSupport, row: GameRow) -> Exported:
    rules = service.rules_for(row.game)
    started = service.store.latest_snapshot(row.id) is not None
    state = service.load(row) if started else None
    seats = service.store.seats(row.id)
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "exported": service.clock.now(),
        "game": {
            "id": row.id, "name": row.game, "title": rules.title, "engine_version": row.engine_version,
            "schema": row.schema, "status": row.status, "players": row.players, "options": row.options,
            "settings": row.settings, "creator": row.creator, "created": row.created, "phase": row.phase,
            "result": row.result,
        },
        "seed": row.seed,
        "seats": [{"seat": s.seat, "user_id": s.user_id, "name": s.name, **({"role": s.role} if s.role else {}),
                   **({"agent": s.agent} if s.agent else {})}
                  for s in seats],
        "actions": [
            {"seq": a.seq, "seat": a.seat, "action": json.loads(a.action), "key": a.key, "at": a.at,
             "user_id": a.user_id, "source": a.source, "events": json.loads(a.events)}
            for a in service.store.actions(row.id)
        ],
        "state": rules.dump(state) if state is not None else None,
    }
    text = json.dumps(doc, indent=1, sort_keys=True)
    return Exported(service.info(row), f"{row.game}-game-{row.id}.json", text)


def import_game(service: SaveSupport, actor: Actor, channel: str | None, text: str | bytes,
                key: str | None) -> Imported:
    """Check the file against its schema, replay it through the rules, then write the game in one
    transaction: a refused file writes nothing. The importer becomes the game's creator (and so its
    manager), in the importer's server."""
    save = saveschema.parse(text, service.rules_for, service.check_setting, tuple(DEFAULT_SETTINGS))
    replay = _replay(save, service.snapshot_every)
    now = service.clock.now()
    store = service.store
    rules = save.rules
    status = save.status
    with store.transaction():
        game_id = store.create_game(
            game=rules.name, channel=channel, guild=actor.guild, creator=actor.user_id, players=save.players,
            options=save.options, settings=save.settings, seed=save.seed, engine_version=rules.engine_version,
            schema=rules.schema_version, now=now,
            status=GameStatus.LOBBY.value if replay is None else GameStatus.ACTIVE.value)
        for s in save.seats:
            store.add_seat(game_id, s.seat, s.user_id, s.name, now, s.role, s.agent)
        if replay is not None:
            store.put_snapshot(game_id, 0, replay.start, replay.start_phase, now)
            for a, step in zip(save.actions, replay.steps, strict=True):
                store.append_action(game_id, a.seq, a.seat, step.action, step.events, a.key, a.at, step.version,
                                    a.user_id, a.source)
                if step.snapshot is not None:
                    store.put_snapshot(game_id, a.seq, step.snapshot, step.phase, now)
            fields: dict[str, Any] = {"phase": replay.phase}
            if replay.result is not None:
                fields.update(status=GameStatus.FINISHED.value, result=replay.result)
            elif status is GameStatus.PAUSED:
                fields.update(status=status.value, paused_at=now)
            elif status is GameStatus.ABANDONED:
                fields.update(status=status.value)
            store.update_game(game_id, **fields)
            row = service.row(game_id)
            if row.status == GameStatus.ACTIVE.value:
                service.sync_deadlines(row, rules, replay.state, now)
        elif status is GameStatus.ABANDONED:
            store.update_game(game_id, status=status.value)
        service.queue(game_id, [ob.imported_notice(game_id, actor.name, len(save.actions), save.source_id)])
        if key:
            store.record_command_key(key, game_id, "import", now)
    return Imported(service.info(service.row(game_id)), len(save.actions))


@dataclass(frozen=True)
class _Step:
    """One replayed action, ready to store."""

    action: str
    events: str
    version: int
    phase: str
    snapshot: str | None  # the state after it, when a snapshot is due here


@dataclass(frozen=True)
class _Replay:
    start: str
    start_phase: str
    steps: list[_Step]
    state: GameState
    phase: str
    result: dict[str, Any] | None


def _replay(save: saveschema.SaveFile, snapshot_every: int = 100) -> _Replay | None:
    """Set the game up from the seed and replay every action; refuse the file unless the result is
    exactly the file's state. None for a file without a state (a lobby)."""
    if save.state is None:
        return None
    rules = save.rules
    place = "the setup"
    try:
        state, _ = rules.new_game(save.seat_names, dict(save.state["options"]), save.seed)
        start, phase = dumps(rules.dump(state)), rules.phase(state)
        start_phase = phase
        steps = []
        for a in save.actions:
            place = f"actions[{a.seq - 1}]"
            action = Action.from_json(a.action)
            events = apply(rules, state, a.seat, action)
            now_phase = rules.phase(state)
            due = now_phase != phase or a.seq % snapshot_every == 0 or a.seq == len(save.actions)
            steps.append(_Step(action.dumps(), dumps([e.to_json() for e in events]), state.version, now_phase,
                               dumps(rules.dump(state)) if due else None))
            phase = now_phase
    except RuleError as err:
        raise saveschema.bad(place, f"is refused by the rules: {err.message}") from None
    except (RecursionError, MemoryError):
        raise saveschema.bad(place, "cannot be replayed: it is too large") from None
    except Exception as err:  # noqa: BLE001  (a file is untrusted input: anything it makes the engine do is its fault)
        log.warning("import of a %s file: %s failed on replay: %s", rules.name, place, type(err).__name__)
        raise saveschema.bad(place, f"cannot be replayed ({type(err).__name__})") from None
    try:
        want = rules.fingerprint(rules.load(save.state))
    except Exception as err:  # noqa: BLE001
        raise saveschema.bad("state", f"cannot be read ({type(err).__name__})") from None
    if canonical(rules.dump(state)) != want:
        raise saveschema.bad("state", "is not what replaying the file's log gives")
    res = rules.result(state)
    return _Replay(start, start_phase, steps, state, phase, res.to_json() if res is not None else None)
