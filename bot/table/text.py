"""A plain-text rendering of outcomes, events and outbox messages.

The service returns data; wording belongs to adapters. This is the default wording both the
local table and the Discord adapter may use (the Discord adapter is free to build embeds
instead). Games may add nicer lines for their own event kinds with :func:`register_event_text`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from bot.table import outbox as ob
from bot.table import results as r
from bot.table.clock import format_duration
from bot.table.helptopics import sections_label
from engine.core import Event

EventText = Callable[[Event], str]
_EVENT_TEXT: dict[str, EventText] = {}


def register_event_text(kind: str, fn: EventText) -> None:
    """Give event ``kind`` its own wording (a game's ``bot`` glue may call this)."""
    _EVENT_TEXT[kind] = fn


def _value(v: Any) -> str:
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {_value(x)}" for k, x in v.items()) + "}"
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    return str(v)


def _lines(v: Any, indent: str = "  ") -> list[str]:
    """A nested view as indented lines, short leaves kept on their key's line."""
    out: list[str] = []
    for key, value in v.items():
        if isinstance(value, dict) and value and len(_value(value)) > 70:
            out.append(f"{indent}{key}:")
            out.extend(_lines(value, indent + "  "))
        else:
            out.append(f"{indent}{key}: {_value(value) if value not in ({}, []) else '-'}")
    return out


def event_text(e: Event) -> str:
    fn = _EVENT_TEXT.get(e.kind)
    if fn is not None:
        return fn(e)
    d = e.data
    if e.kind == "random.roll":
        return f"rolled a d{d.get('sides')}: {d.get('value')}" + (f" ({d['why']})" if d.get("why") else "")
    if e.kind == "random.pick":
        shown = "hidden" if d.get("hidden") else d.get("value")
        return f"random pick: {shown}" + (f" ({d['why']})" if d.get("why") else "")
    if e.kind == "random.shuffle":
        return f"shuffled {d.get('size')} items" + (f" ({d['why']})" if d.get("why") else "")
    if e.kind == "secret.revealed":
        return f"revealed {d.get('key')}: " + ", ".join(f"{s} {_value(v)}" for s, v in (d.get("values") or {}).items())
    if e.kind == "secret.submitted":
        return f"{d.get('seat')} has chosen ({d.get('key')})"
    if e.kind == "secret.chosen":
        return f"your choice for {d.get('key')}: {_value(d.get('value'))}"
    args = " ".join(f"{k}={_value(v)}" for k, v in d.items())
    return f"{e.kind} {args}".strip()


def _when(ts: float | None) -> str:
    if ts is None:
        return ""
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(ts))


def outgoing_text(m: ob.Outgoing) -> str:
    """One outbox message as text (board images: a caption)."""
    p = m.payload
    kind = p.get("type")
    if m.kind == ob.BOARD_IMAGE:
        return f"board ({p.get('phase')})" + (f" for {m.seat}" if m.seat else "")
    if m.kind == ob.STATUS_EDIT:
        if p.get("result"):
            return f"status: over; winners {', '.join(p['result'].get('winners', []))}"
        waiting = sorted({w["seat"] for w in p.get("waiting", []) if w.get("blocking")})
        return f"status: {p.get('phase')}; waiting on {', '.join(waiting) or 'nobody'}"
    if kind == "prompt":
        due = f" (by {_when(p['due'])})" if p.get("due") else ""
        legal = p.get("legal") or []
        shown = " | ".join(legal[:12]) + (" | ..." if len(legal) > 12 else "")
        return f"your move: {p.get('prompt')}{due}: {shown}"
    if kind == "reminder":
        return f"reminder: {p.get('prompt')} is due in {p.get('left')}"
    if kind == "deadline":
        if m.kind == ob.DM:
            return f"your time ran out on {p.get('prompt')}: played {p.get('action')}"
        return f"{p.get('seat')}'s time ran out on {p.get('prompt')}; the default was played"
    if kind == "skip":
        if m.kind == ob.DM:
            return f"{p.get('by')} played your default for {p.get('prompt')}: {p.get('action')}"
        return f"{p.get('by')} played {p.get('seat')}'s default for {p.get('prompt')}"
    if kind == "damaged":
        return (f"Game {p.get('game_id')} is damaged: part of its record cannot be read, so it is set aside and "
                "waits. The other games are not affected. A GM may end it with /game abandon, or ask the bot's "
                "operator to repair it.")
    if kind == "table":
        return " ".join(str(x) for x in (p.get("what"), "by", p.get("by")) if x) + (
            f" (seat {p['seat']} -> {p['user']})" if p.get("what") == "replaced" else "")
    lines = []
    if kind == "started":
        lines.append(f"game {p.get('game_id')} started: {', '.join(p.get('seats', []))}")
    if kind == "undo":
        lines.append(f"{p.get('by')} undid {p.get('count')} action(s)")
    who = f"{p.get('seat')}: " if p.get("seat") and m.kind == ob.CHANNEL_POST else ""
    if p.get("source") == "deadline" and m.kind == ob.CHANNEL_POST:
        who = f"{p.get('seat')} (deadline): "
    for e in p.get("events", []):
        lines.append(who + event_text(Event.from_json(e)))
    if p.get("phase"):
        lines.append(f"-- {p['phase']} --")
    if p.get("result"):
        lines.append(f"game over: {', '.join(p['result'].get('winners', []))} win ({p['result'].get('reason')})")
    return "\n".join(lines)


def describe(o: r.Outcome, now: float | None = None) -> str:
    """A short reply to the person who typed the command."""
    g = o.game
    if isinstance(o, r.AlreadyDone):
        return f"already done ({o.command})"
    if isinstance(o, r.Created):
        seat = f"; you sit as {o.seat}" if o.seat else ""
        return f"game {g.id} ({g.title}) open{seat}. Others: /game join. Then /game start" if g else "created"
    if isinstance(o, r.Joined):
        role = f", {role_name(g, o.role)}" if o.role else ""
        return f"you {'already sit' if o.already else 'sit'} as {o.seat}{role} in game {g.id if g else '?'}"
    if isinstance(o, r.RoleChosen):
        if not o.role:
            return f"{o.seat}: no role chosen; yours is dealt at the start" + free_roles_text(g)
        return f"{o.seat} takes {o.label} ({o.role})"
    if isinstance(o, r.Left):
        return f"you left seat {o.seat}"
    if isinstance(o, r.Started):
        return f"game {g.id if g else '?'} started: {o.phase}"
    if isinstance(o, r.Applied):
        if o.duplicate:
            return f"already applied (action {o.seq})"
        return f"ok: {o.action.text()} (action {o.seq})" if o.action else f"ok (action {o.seq})"
    if isinstance(o, r.Status):
        return status_text(o, now)
    if isinstance(o, r.Hand):
        return f"{o.seat}, what only you can see:\n" + "\n".join(_lines(o.secrets or o.view))
    if isinstance(o, r.Board):
        return f"board{' of ' + o.seat if o.seat else ''}: " + _value(o.view)
    if isinstance(o, r.LogPage):
        if not o.entries:
            return "no actions yet"
        return "\n".join(f"#{e.seq} {e.seat or 'someone'}{' (deadline)' if e.source == 'deadline' else ''}: "
                         + "; ".join(event_text(x) for x in e.events) for e in o.entries)
    if isinstance(o, r.Undone):
        return f"undid {o.count} action(s); now at action {o.seq}"
    if isinstance(o, r.TableChanged):
        return f"game {g.id if g else '?'} {o.what}"
    if isinstance(o, r.Exported):
        return f"exported {o.filename} ({len(o.text)} bytes)"
    if isinstance(o, r.Imported):
        return f"imported as game {g.id if g else '?'} ({o.actions} actions replayed and verified)"
    if isinstance(o, r.Settings):
        values = ", ".join(f"{k}={v or '-'}" for k, v in sorted(o.values.items()))
        return (f"{o.changed} set. " if o.changed else "") + values
    if isinstance(o, r.RulesHelp):
        return rules_help_text(o)
    if isinstance(o, r.GameList):
        if not o.games:
            return "no games"
        return "\n".join(f"game {x.id}: {x.title}, {x.status}, {x.phase or 'lobby'}; seats "
                         f"{', '.join(s.seat for s in x.seats) or 'none'}" for x in o.games)
    return repr(o)


def role_name(g: r.GameInfo | None, role: str) -> str:
    """``Red (red)``: a role's name and id, as the lobby shows it."""
    label = next((x.label for x in g.roles if x.id == role), role) if g else role
    return f"{label} ({role})" if label != role else role


def free_roles_text(g: r.GameInfo | None) -> str:
    if g is None or not g.roles:
        return ""
    free = [role_name(g, x.id) for x in g.free_roles()]
    return "; free: " + (", ".join(free) if free else "none")


def seat_line(g: r.GameInfo, s: r.SeatInfo) -> str:
    return f"{s.seat} ({s.name})" + (f" as {role_name(g, s.role)}" if s.role else "")


def rules_help_text(o: r.RulesHelp) -> str:
    """Topics (title, sections, summary, related commands) when one was asked, else their titles;
    then the commands."""
    lines = []
    if o.topic:
        for t in o.topics:
            lines.append(f"{t.title} ({sections_label(t.sections)})")
            lines.append(f"  {t.summary}")
            if t.commands:
                lines.append("  commands: " + ", ".join(f"/{o.group} {k}" for k in t.commands))
    elif o.topics:
        lines.append(f"{o.title} rule topics (/game rules topic:<topic>):")
        lines += [f"  {t.title} ({sections_label(t.sections)})" for t in o.topics]
    if o.commands:
        lines.append(f"{o.title} commands{' about ' + repr(o.topic) if o.topic else ''}:")
        lines += [f"  {c.usage}{' (GM)' if c.gm else ''}{' (secret)' if c.secret else ''}: {c.doc}"
                  for c in o.commands]
    return "\n".join(lines)


def status_text(o: r.Status, now: float | None = None) -> str:
    now = time.time() if now is None else now
    g = o.game
    assert g is not None
    lines = [f"game {g.id}: {g.title}, {g.status}" + (f", {g.phase}" if g.phase else "")]
    lines.append("seats: " + (", ".join(seat_line(g, s) for s in g.seats) or "none"))
    if g.roles:
        lines.append("roles (/game role ROLE): " + ", ".join(
            f"{role_name(g, x.id)}: {x.seat or 'free'}" for x in g.roles))
    if o.result:
        lines.append(f"over: {', '.join(o.result.get('winners', []))} won ({o.result.get('reason')})")
    blocking: dict[str, list[str]] = {}
    for w in o.waiting:
        if w.blocking:
            due = f", {format_duration(w.due - now)} left" if w.due and w.due > now else ""
            blocking.setdefault(f"{w.prompt}{due}", []).append(w.seat)
    for prompt, seats in blocking.items():
        lines.append(f"waiting on {', '.join(seats)}: {prompt}")
    if o.legal:
        lines.append("you may: " + " | ".join(o.legal[:15]) + (" | ..." if len(o.legal) > 15 else ""))
    return "\n".join(lines)
