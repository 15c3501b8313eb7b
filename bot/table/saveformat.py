"""Export and import of a whole game as one JSON file (documented in docs/save-format.md).

The file holds what is needed to rebuild the game (game name, options, seats, seed, the
whole action log) plus the latest state, which import uses only to verify the replay: a file
whose log does not lead to its state is refused, and so is a log the rules refuse.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from bot.table import outbox as ob
from bot.table.errors import TableError
from bot.table.results import Actor, Exported, GameStatus, Imported
from bot.table.store import GameRow, dumps
from engine.core import Action, RuleError, apply, canonical

if TYPE_CHECKING:
    from bot.table.service import TableService

FORMAT = "seneschal-game"
VERSION = 1


def export_game(service: TableService, row: GameRow) -> Exported:
    rules = service.rules_for(row.game)
    started = service.store.latest_snapshot(row.id) is not None
    state = service._load(row) if started else None
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
        "seats": [{"seat": s.seat, "user_id": s.user_id, "name": s.name, **({"role": s.role} if s.role else {})}
                  for s in seats],
        "actions": [
            {"seq": a.seq, "seat": a.seat, "action": json.loads(a.action), "key": a.key, "at": a.at,
             "user_id": a.user_id, "source": a.source, "events": json.loads(a.events)}
            for a in service.store.actions(row.id)
        ],
        "state": rules.dump(state) if state is not None else None,
    }
    text = json.dumps(doc, indent=1, sort_keys=True)
    return Exported(service._info(row), f"{row.game}-game-{row.id}.json", text)


def _need(doc: dict[str, Any], path: str, kind: type | tuple[type, ...]) -> Any:
    node: Any = doc
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            raise TableError(f"the file has no field {path!r}", code="bad_file")
        node = node[part]
    if not isinstance(node, kind):
        raise TableError(f"field {path!r} of the file has the wrong type", code="bad_file")
    return node


def import_game(service: TableService, actor: Actor, channel: str | None, text: str | bytes,
                key: str | None) -> Imported:
    try:
        doc = json.loads(text)
    except (ValueError, UnicodeDecodeError) as err:
        raise TableError(f"the file is not JSON: {err}", code="bad_file") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise TableError(f"not a Seneschal game file (format must be {FORMAT!r})", code="bad_file")
    if doc.get("version") != VERSION:
        raise TableError(f"file version {doc.get('version')!r} is not supported (this build reads {VERSION})",
                         code="bad_file")
    name = _need(doc, "game.name", str)
    rules = service.rules_for(name)
    seed = _need(doc, "seed", int)
    seats = _need(doc, "seats", list)
    actions = _need(doc, "actions", list)
    status = _need(doc, "game.status", str)
    if status not in {s.value for s in GameStatus}:
        raise TableError(f"unknown game status {status!r} in the file", code="bad_file")
    names = [_need(s, "seat", str) for s in seats]
    expected = doc.get("state")
    # Rebuild: setup from the seed, then every action through the rules.
    state = None
    if expected is not None:
        options = _need(doc, "state.options", dict)
        try:
            state, _ = rules.new_game(names, options, seed)
            for i, a in enumerate(actions):
                action = Action.from_json(a["action"])
                apply(rules, state, a["seat"], action)
                if a.get("seq") != i + 1:
                    raise TableError(f"action {i + 1} of the file is numbered {a.get('seq')!r}", code="bad_file")
        except RuleError as err:
            if isinstance(err, TableError):
                raise
            raise TableError(f"the rules refuse action {i + 1 if actions else 0} of the file: {err}",
                             code="bad_file") from None
        except (KeyError, TypeError, ValueError) as err:
            raise TableError(f"the file's log is damaged: {err}", code="bad_file") from None
        try:
            want = rules.fingerprint(rules.load(expected))
        except Exception as err:
            raise TableError(f"the file's state cannot be read: {err}", code="bad_file") from None
        if canonical(rules.dump(state)) != want:
            raise TableError("replaying the file's log does not give the file's state", code="bad_file")
    elif actions:
        raise TableError("the file has actions but no state", code="bad_file")
    now = service.clock.now()
    store = service.store
    game = doc["game"]
    with store.transaction():
        game_id = store.create_game(
            game=rules.name, channel=channel, creator=str(game.get("creator") or actor.user_id),
            players=game.get("players"), options=dict(game.get("options") or {}),
            settings=dict(game.get("settings") or {}), seed=seed,
            engine_version=str(game.get("engine_version") or rules.engine_version),
            schema=int(game.get("schema") or rules.schema_version), now=now,
            status=GameStatus.LOBBY.value if state is None else GameStatus.ACTIVE.value, guild=actor.guild)
        for s in seats:
            store.add_seat(game_id, s["seat"], str(s.get("user_id") or s["seat"]), str(s.get("name") or s["seat"]), now,
                           str(s.get("role") or ""))
        if state is not None and expected is not None:
            replay, _ = rules.new_game(names, dict(expected["options"]), seed)
            store.put_snapshot(game_id, 0, dumps(rules.dump(replay)), rules.phase(replay), now)
            last_phase = rules.phase(replay)
            for a in actions:
                action = Action.from_json(a["action"])
                events = apply(rules, replay, a["seat"], action)
                seq = int(a["seq"])
                store.append_action(game_id, seq, a["seat"], action.dumps(), dumps([e.to_json() for e in events]),
                                    str(a.get("key") or f"import:{seq}"), float(a.get("at") or now), replay.version,
                                    a.get("user_id"), str(a.get("source") or "player"))
                phase = rules.phase(replay)
                if phase != last_phase or seq % service.snapshot_every == 0 or seq == len(actions):
                    store.put_snapshot(game_id, seq, dumps(rules.dump(replay)), phase, now)
                last_phase = phase
            res = rules.result(replay)
            fields: dict[str, Any] = {"phase": last_phase}
            if res is not None:
                fields.update(status=GameStatus.FINISHED.value, result=res.to_json())
            elif status == GameStatus.PAUSED.value:
                fields.update(status=status, paused_at=now)
            elif status == GameStatus.ABANDONED.value:
                fields.update(status=status)
            store.update_game(game_id, **fields)
            row = service._row(game_id)
            if row.status == GameStatus.ACTIVE.value:
                service._sync_deadlines(row, rules, replay, now)
        row = service._row(game_id)
        service._queue(game_id, [ob.Message(f"g{game_id}.imported", ob.CHANNEL_POST, "channel",
                                            {"type": "table", "what": "imported", "game_id": game_id,
                                             "by": actor.name, "actions": len(actions), "from": game.get("id")})])
        if state is None and status == GameStatus.ABANDONED.value:
            store.update_game(game_id, status=status)
        if key:
            store.record_command_key(key, game_id, "import", now)
    return Imported(service.info(game_id), len(actions))
