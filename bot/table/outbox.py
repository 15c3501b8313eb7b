"""The outbox: messages the table owes people, persisted until an adapter delivers them.

Rows are written in the same transaction as the action that caused them, so a crash never
loses a message nor sends one for an action that was not stored. Adapters poll
:meth:`TableService.pending_outbox`, deliver, then call :meth:`TableService.mark_delivered`;
delivery is at least once, so each row carries a stable ``key`` the adapter uses to avoid
posting twice (a Discord message nonce, or a check of the last posted key).

Kinds (``Outgoing.kind``):

- ``channel_post``: for the game's channel; built from public events and the public view only.
- ``dm``: for one seat (``Outgoing.seat``, ``Outgoing.user_id``); its private events, prompts,
  reminders.
- ``board_image``: whenever the phase label changes: one public (``seat`` None) and one per seat;
  ``payload["view"]`` is the view to draw with ``renderer.render(payload["game"], view, seat)``.
  Only written when the renderer has a drawer for the game.
- ``status_edit``: the game's status message (edit in place; only the newest matters).

``payload["type"]`` says what a post or DM is about: ``events``, ``started``, ``prompt``,
``reminder``, ``deadline``, ``undo``, ``table`` (pause, resume, replace, abandon, import).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import renderer
from engine.core import Decision, Event, GameState, Rules

CHANNEL_POST = "channel_post"
DM = "dm"
BOARD_IMAGE = "board_image"
STATUS_EDIT = "status_edit"
KINDS = (CHANNEL_POST, DM, BOARD_IMAGE, STATUS_EDIT)


@dataclass(frozen=True)
class Outgoing:
    """One message to deliver. ``channel`` and ``user_id`` are looked up at delivery time, so a
    replaced seat's DMs go to its new holder."""

    id: int
    game_id: int
    key: str
    kind: str
    channel: str | None
    seat: str | None
    user_id: str | None
    payload: dict[str, Any]
    created: float


@dataclass(frozen=True)
class Message:
    """A row to queue: ``recipient`` is ``"channel"`` or ``"seat:<name>"``."""

    key: str
    kind: str
    recipient: str
    payload: dict[str, Any]


def _events(events: list[Event]) -> list[dict[str, Any]]:
    return [e.to_json() for e in events]


def waiting_json(decisions: list[Decision], due: dict[tuple[str, str], float]) -> list[dict[str, Any]]:
    """Public facts of pending decisions: ids, kinds, prompts, awaited seats (never defaults)."""
    return [
        {"decision": d.id, "kind": d.kind.value, "prompt": d.prompt, "seat": s, "blocking": d.blocking,
         "due": due.get((d.id, s))}
        for d in decisions for s in d.seats
    ]


def after_action(*, game_id: int, prefix: str, rules: Rules, state: GameState, seat: str | None,
                 events: list[Event], phase: str, phase_changed: bool, source: str, seq: int,
                 result: dict[str, Any] | None, prompts: list[tuple[Decision, str]],
                 due: dict[tuple[str, str], float], kind: str = "events", extra: dict[str, Any] | None = None,
                 status: str = "active") -> list[Message]:
    """Messages after a state change: the public post, each seat's DMs, prompts, boards, status.

    ``seat`` is the acting seat as the public may know it: None for a secret action."""
    out: list[Message] = []
    public = [e for e in events if e.to is None]
    post: dict[str, Any] = {"type": kind, "game_id": game_id, "seq": seq, "seat": seat, "source": source,
                            "events": _events(public), "phase": phase if phase_changed else None,
                            "result": result, **(extra or {})}
    if public or phase_changed or result or kind != "events":
        out.append(Message(f"{prefix}.post", CHANNEL_POST, "channel", post))
    for s in state.seats:
        private = [e for e in events if e.to is not None and s in e.to]
        if private:
            out.append(Message(f"{prefix}.dm.{s}", DM, f"seat:{s}",
                               {"type": "events", "game_id": game_id, "seq": seq, "seat": s,
                                "source": source, "events": _events(private)}))
    for d, s in prompts:
        legal = [a.text() for a in rules.legal(state, s)]
        out.append(Message(f"{prefix}.prompt.{d.id}.{s}", DM, f"seat:{s}",
                           {"type": "prompt", "game_id": game_id, "seat": s, "decision": d.id,
                            "kind": d.kind.value, "prompt": d.prompt, "legal": legal, "due": due.get((d.id, s)),
                            "version": state.version}))
    if phase_changed or kind == "started":
        out += boards(game_id=game_id, prefix=prefix, rules=rules, state=state, phase=phase)
    out.append(Message(f"{prefix}.status", STATUS_EDIT, "channel",
                       status_payload(game_id, rules, state, phase, result, due, status)))
    return out


def boards(*, game_id: int, prefix: str, rules: Rules, state: GameState, phase: str) -> list[Message]:
    """The public board and each seat's private board, if the renderer can draw this game."""
    if not renderer.has_drawer(rules.name):
        return []
    out = [Message(f"{prefix}.board.public", BOARD_IMAGE, "channel",
                   {"game": rules.name, "game_id": game_id, "seat": None, "phase": phase,
                    "view": rules.view(state, None)})]
    for s in state.seats:
        out.append(Message(f"{prefix}.board.{s}", BOARD_IMAGE, f"seat:{s}",
                           {"game": rules.name, "game_id": game_id, "seat": s, "phase": phase,
                            "view": rules.view(state, s)}))
    return out


def status_payload(game_id: int, rules: Rules, state: GameState | None, phase: str,
                   result: dict[str, Any] | None, due: dict[tuple[str, str], float], status: str) -> dict[str, Any]:
    waiting = waiting_json(rules.pending(state), due) if state is not None and result is None else []
    return {"type": "status", "game_id": game_id, "game": rules.name, "status": status, "phase": phase,
            "version": state.version if state is not None else 0, "waiting": waiting, "result": result}
