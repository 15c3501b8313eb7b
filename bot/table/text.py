"""The table's words for its own messages: outbox payloads and command outcomes as plain text.

The game facts in them are already worded by the game (``Words``, when the table queued the
message); this module only arranges the lines and words the table's own notices (deadlines,
pauses, seats). Both the local table and the Discord adapter use it (Discord builds embeds from
the same lines).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

from bot.table import outbox as ob
from bot.table import results as r
from bot.table.clock import format_duration, parse_duration
from bot.table.helptopics import sections_label
from engine.core.errors import RuleError
from engine.core.words import join_words

When = Callable[[float], str]

def where(g: r.GameInfo) -> str:
    """Where a game stands, in a few words: its lobby, its phase (paused or not), over or abandoned."""
    if g.status == r.GameStatus.LOBBY:
        return "in its lobby"
    if g.status == r.GameStatus.FINISHED:
        return "over"
    phase = g.phase_title or g.phase
    if g.status == r.GameStatus.ABANDONED:
        return f"abandoned at {phase}" if phase else "abandoned in its lobby"
    return f"{phase} (paused)" if g.status == r.GameStatus.PAUSED else phase


def utc(ts: float | None) -> str:
    if ts is None:
        return ""
    return time.strftime("%a %d %b, %H:%M UTC", time.gmtime(ts))


def shorten(text: str, limit: int) -> str:
    """``text`` on one line within ``limit`` characters (Discord's 80 for a button, 100 for an option):
    cut after the last whole word that fits, with an ellipsis, never in the middle of a word."""
    text = " ".join(str(text or "").split())
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    if text[limit - 1] != " " and " " in head:
        head = head[: head.rindex(" ")]
    return head.rstrip(" ,;:·-") + "…"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def _stop(text: str) -> str:
    """``text`` ended as a sentence: a full stop unless it ends in one already (or in a quoted one)."""
    return text if text.rstrip("”’\"'").endswith((".", "!", "?", "…")) else text + "."


def until(ts: float | None, now: float | None = None, when: When = utc) -> str:
    """``until Tue 01 Dec, 18:00 UTC (in 23h 59m)`` (``when`` formats the moment)."""
    if not ts:
        return ""
    left = f" (in {format_duration(ts - now)})" if now is not None and ts > now else ""
    return f"until {when(ts)}{left}"


def waiting_line(waiting: list[dict[str, Any]], now: float | None = None, when: When = utc,
                 name: Callable[[dict[str, Any]], str] | None = None) -> str:
    """``Waiting for Alice and Bob, until ...``: the awaited people by name, earliest deadline."""
    if not waiting:
        return "Waiting for nobody."
    named = name or (lambda w: str(w.get("name") or w.get("seat")))
    shown = join_words(dict.fromkeys(named(w) for w in waiting))   # a person awaited twice is named once
    dues = [w["due"] for w in waiting if w.get("due")]
    return f"Waiting for {shown}" + (f", {until(min(dues), now, when)}" if dues else "") + "."


def status_lines(p: dict[str, Any], now: float | None = None, when: When = utc,
                 name: Callable[[dict[str, Any]], str] | None = None) -> list[str]:
    """The status message: the phase in words, then who is awaited and until when."""
    if p.get("result"):
        return list(p["result"])
    lines = [p.get("title") or ""]
    if p.get("status") == "paused":
        lines.append("The game is paused.")
    else:
        lines.append(waiting_line(list(p.get("waiting") or []), now, when, name))
    return [x for x in lines if x]


def prompt_lines(p: dict[str, Any], now: float | None = None, when: When = utc, numbered: bool = True) -> list[str]:
    """A prompt: the question, what happens at the deadline, the numbered choices (or what was chosen)."""
    lines = ([p["note"]] if p.get("note") else []) + [p.get("question") or "The game waits for your answer."]
    if p.get("answered"):
        return lines + [p["answered"]]
    due = until(p.get("due"), now, when)
    absent = p.get("if_absent") or ""
    absent = absent if not absent or absent.endswith((".", "!", "?")) else absent + "."
    conditional = absent.lower().startswith(("if ", "when ", "otherwise", "at the deadline"))
    if due and absent and conditional:
        lines.append(f"Answer {due}. {_cap(absent)}")
    elif due and absent:
        lines.append(f"Answer {due}; if you do not, {absent[:1].lower() + absent[1:]}")
    elif due:
        lines.append(f"Answer {due}.")
    elif absent:
        lines.append(f"If you do not answer: {absent}")
    if numbered:
        for i, c in enumerate(p.get("choices") or [], 1):
            hint = f" ({c['hint']})" if c.get("hint") else ""
            more = " ..." if c.get("flow") else ""
            lines.append(f"  {i}. {c['label']}{hint}{more}")
        if p.get("more"):
            typed = ", ".join(f"`{c}`" for c in p.get("commands") or []) or "the command"
            lines.append(f"  ... and {p['more']} more: type {typed}, its names are accepted.")
    return lines


def timed_out_line(name: str, chosen: list[str | None]) -> str:
    """Decisions the table took for an absent player in one phase, in one line: "Time ran out for
    alice twice: the table chose Pass." (``chosen``: each choice's label, None for a secret one)."""
    n = len(chosen)
    times = "" if n == 1 else " twice" if n == 2 else f" {n} times"
    each = " each time" if n > 1 else ""
    named = list(dict.fromkeys(c for c in chosen if c))
    if not named or not all(chosen):
        what = f"the table played the default answer{each}"
    elif len(named) == 1:
        what = f"the table chose {named[0]}{each}"
    else:
        what = f"the table chose {join_words(named)}"
    return f"Time ran out for {name}{times}: {what}."


def table_notice(p: dict[str, Any], dm: bool = False) -> str:
    """Pause, resume, replace, abandon, import, deadlines and a GM's pass, in prose."""
    kind, by = p.get("type"), p.get("by") or "a GM"
    who = p.get("name") or p.get("seat") or "someone"
    if kind == "deadline":
        return f"Time ran out for {who}: the table played the default answer and the game goes on."
    if kind == "stand_in":
        line = (f"time ran out for {who}, so a computer player ({p.get('strength') or 'steady'}) plays in their "
                "place while they are away.")
        return f"{p['title']} — {line}" if p.get("title") else line[0].upper() + line[1:]
    if kind == "skip":
        return f"{by} played the default answer for {who}, and the game goes on."
    if kind == "undo":
        n = int(p.get("count") or 1)
        now = f" Now: {p['title']}." if p.get("title") else ""
        return f"{by} took back the last {'action' if n == 1 else f'{n} actions'}.{now}"
    what = p.get("what")
    if what == "paused":
        return f"{by} paused the game: no deadline runs until it resumes."
    if what == "resumed":
        return f"{by} resumed the game; deadlines run again."
    if what == "computer":
        whose = "their own seat" if p.get("user") == p.get("by") else f"{p.get('user') or p.get('seat')}'s seat"
        return f"{by} handed {whose} to a computer player ({p.get('strength') or 'steady'}), which plays it from now on."
    if what == "replaced":
        # The seat by the name of the person who held it ("Bob's seat"); notices saved before that
        # name was kept say the seat's name.
        whose = f"{p.get('was') or p.get('seat')}'s seat"
        if not p.get("back"):
            return f"{by} gave {whose} to {p.get('user')}, who now plays it."
        if p.get("user") == p.get("by"):
            return f"{by} takes their seat back from the computer player."
        return f"{by} gave {whose}, played by a computer player until now, to {p.get('user')}."
    if what == "abandoned":
        return f"{by} ended the game here: it is abandoned."
    if what == "imported":
        return f"{by} opened this game from a saved file."
    return f"{by}: {what or kind}"


def outgoing_text(m: ob.Outgoing, now: float | None = None, when: When = utc) -> str:
    """One outbox message as text (a board: a caption)."""
    p = m.payload
    kind = p.get("type")
    if m.kind == ob.BOARD_IMAGE:
        return f"The board: {p.get('title') or p.get('phase') or ''}".strip()
    if m.kind == ob.STATUS_EDIT:
        return "\n".join(status_lines(p, now, when))
    if kind == "prompt":
        return "\n".join(prompt_lines(p, now, when))
    if kind == "reminder":
        return f"Reminder: {p.get('question') or 'the game waits for you'} ({p.get('left')} left)."
    if kind in ("phase", "started", "final"):
        head = p.get("title") or ""
        lines = (([f"**{head}**"] if head else []) + list(p.get("lines") or []) + list(p.get("timed_out") or [])
                 + list(p.get("result") or []))
        if kind == "phase" and p.get("next"):
            lines.append(f"Next: {p['next']}.")
        return "\n".join(lines)
    if kind in ("deadline", "stand_in", "skip", "undo", "table"):
        return table_notice(p, dm=m.kind == ob.DM)
    if kind == "damaged":
        return ("This game is damaged: part of its record cannot be read, so it is set aside and waits; the other "
                "games are not affected. A game manager may end it with `/game abandon`, or ask the bot's "
                "operator to repair it (`python -m bot check`).")
    return "\n".join(p.get("lines") or [])   # news, battle reports: their lines as they are


def describe(o: r.Outcome, now: float | None = None) -> str:
    """A short reply to the person who typed the command."""
    g = o.game
    if isinstance(o, r.AlreadyDone):
        return "Already done: that command was received before."
    if isinstance(o, r.Created):
        seat = f" You sit as {o.seat}." if o.seat else ""
        if g is None:
            return "Created."
        return "\n".join([f"Game {g.id} ({g.title}) is open.{seat} Others join with `/game join`; then `/game start`.",
                          *g.notes])
    if isinstance(o, r.Joined):
        role = f", playing {role_name(g, o.role)}" if o.role else ""
        return f"You {'already sit' if o.already else 'sit'} as {o.seat}{role} in game {g.id if g else '?'}."
    if isinstance(o, r.RoleChosen):
        if not o.role:   # only a seat's own player chooses its role
            return "You have no role now: one is dealt at the start" + free_roles_text(g) + "."
        return f"You play {o.label}."
    if isinstance(o, r.Left):
        return f"You left seat {o.seat}."
    if isinstance(o, r.ComputerSeated):
        if not o.added:
            return f"{o.name}, the computer player, left the table."
        role = f", playing {role_name(g, o.role)}" if o.role else ""
        return f"{o.name}, a computer player ({o.strength}), sits as {o.seat}{role}."
    if isinstance(o, r.Started):
        return f"Game {g.id if g else '?'} has started: {o.title}. Your choices come by direct message."
    if isinstance(o, r.Applied):
        if o.duplicate:
            return "Already done: that answer was received before."
        which = f" ({g.title}, game {g.id})" if g else ""
        lines = [f"Done{which}: {_stop(o.said)}" if o.said else f"Done{which}."] + list(o.news)
        if o.result:
            lines.append("The game is over.")
        return "\n".join(lines)
    if isinstance(o, r.Asked):
        if o.confirm:
            return f"{o.confirm} (answer again to confirm)"
        return "\n".join([o.question] + [f"  {i}. {label}" + (f" ({hint})" if hint else "")
                                          for i, (label, hint) in enumerate(o.options, 1)])
    if isinstance(o, r.Status):
        return status_text(o, now)
    if isinstance(o, r.Hand):
        return hand_text(o)
    if isinstance(o, r.Board):
        return f"The {'private ' if o.seat else ''}board of game {g.id if g else '?'}: {where(g) if g else ''}".strip()
    if isinstance(o, r.LogPage):
        if not o.entries:
            return "Nothing has happened yet."
        return "\n".join(f"{e.seq}. {e.line or 'A choice was made.'}" for e in o.entries)
    if isinstance(o, r.Undone):
        return f"Took back {o.count} action{'s' if o.count != 1 else ''}."
    if isinstance(o, r.TableChanged):
        if o.what == "replaced":
            who = f"a computer player ({o.detail['computer']})" if o.detail.get("computer") else o.detail.get("name")
            return f"Seat {o.detail.get('seat')} of game {g.id if g else '?'} is replaced: {who} plays it from now on."
        return f"Game {g.id if g else '?'} is {o.what}."
    if isinstance(o, r.Exported):
        return f"Exported as {o.filename} ({len(o.text)} bytes)."
    if isinstance(o, r.Imported):
        return f"Imported as game {g.id if g else '?'} ({o.actions} actions replayed and checked)."
    if isinstance(o, r.Settings):
        return settings_text(o)
    if isinstance(o, r.RulesHelp):
        return rules_help_text(o)
    if isinstance(o, r.Guide):
        return guide_text(o, now)
    if isinstance(o, r.GameList):
        if not o.games:
            return "No games."
        return "\n".join(f"Game {x.id}: {x.title or 'a game'}, "
                         + ("damaged and set aside (a GM may abandon it)" if x.damaged else where(x))
                         + f"; players {', '.join(s.name or s.seat for s in x.seats) or 'none'}" for x in o.games)
    return type(o).__name__


def guide_text(o: r.Guide, now: float | None = None, when: When = utc) -> str:
    """``/game help``: what to do now (with the asker's deadline), then the five commands that matter."""
    lines = list(o.now)
    if o.due:
        lines.append(f"You have {until(o.due, time.time() if now is None else now, when)}.")
    lines.append("The commands that matter here:")
    lines += [f"  {path}: {what}" for path, what in o.commands]
    return "\n".join(lines)


#: What each kind of decision is, for the per-kind deadline settings (``deadline.<kind>``).
_DECISION_KINDS = {
    "sequential": "a turn",
    "simultaneous": "a choice everyone makes at once",
    "response": "an answer to a request or an offer",
    "reaction": "a reaction to another player's move",
}
_SETTING_NAMES = {"deadline": "the deadline", "reminders": "the reminders", "absent": "what happens to absent players",
                  **{f"deadline.{k}": f"the time for {v}" for k, v in _DECISION_KINDS.items()}}


def duration_words(text: str) -> str:
    """``40s`` -> ``40 seconds``, ``1d12h`` -> ``1 day and 12 hours``; the text itself when unreadable."""
    try:
        seconds = int(round(parse_duration(text)))
    except ValueError:
        return str(text)
    parts = []
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60), ("second", 1)):
        n, seconds = divmod(seconds, size)
        if n:
            parts.append(f"{n} {unit}{'s' if n != 1 else ''}")
    return join_words(parts) or "no time"


def settings_lines(values: dict[str, str]) -> list[str]:
    """The table settings in words: "Each player has 40 seconds to answer; absent players are not replaced"."""
    lines = []
    if "deadline" in values:
        deadline = str(values["deadline"] or "")
        if parse_or_none(deadline) == 0:
            lines.append("There is no deadline: the game waits for each answer as long as it takes.")
        else:
            lines.append(f"Each player has {duration_words(deadline)} to answer.")
    for kind, what in _DECISION_KINDS.items():
        own = str(values.get(f"deadline.{kind}") or "")
        if own:
            lines.append(f"For {what}: {duration_words(own)}." if parse_or_none(own) != 0 else f"For {what}: no deadline.")
        elif f"deadline.{kind}" in values and "deadline" not in values:
            lines.append(f"For {what}: the game's own time, else the deadline.")
    if "reminders" in values:
        times = [t for t in str(values["reminders"] or "").split(",") if parse_or_none(t.strip())]
        # "then" between the times: "2 hours and 30 minutes" would read as one reminder
        said = ", then ".join(duration_words(t.strip()) for t in times)
        lines.append("No reminders before the deadline." if not times else
                     f"A reminder comes {said} before the deadline." if len(times) == 1 else
                     f"Reminders come {said} before the deadline.")
    if "absent" in values:
        absent = str(values["absent"] or "off")
        lines.append("Absent players are not replaced: when time runs out, the table plays the usual default for them."
                     if absent == "off" else
                     f"When time runs out, a computer player ({absent}) answers for an absent player until they are back.")
    return lines


def parse_or_none(text: str) -> float | None:
    try:
        return parse_duration(text)
    except ValueError:
        return None


def settings_text(o: r.Settings) -> str:
    """``/game settings`` in words, with what was changed first and how a game manager changes one."""
    lines = [f"Changed: {_SETTING_NAMES.get(o.changed, o.changed)}."] if o.changed else []
    lines += settings_lines(o.values)
    if not o.changed:
        lines.append("A game manager changes one with `/game settings setting:deadline value:2h` "
                     "(settings: `deadline`, `deadline.sequential`, `deadline.simultaneous`, `deadline.response`, "
                     "`deadline.reaction`, `reminders`, `absent`).")
    return "\n".join(lines)


def hand_text(o: r.Hand) -> str:
    """``/game hand`` as text: the game's sections of what only this seat knows."""
    lines = [f"What only you know ({o.title or o.seat}):"]
    for title, items in o.sections:
        lines.append(f"{title}:")
        lines += [f"  {x}" for x in items] or ["  nothing"]
    if not o.sections:
        lines.append("Nothing hidden: everything you hold is on the board.")
    return "\n".join(lines)


def role_name(g: r.GameInfo | None, role: str) -> str:
    """A role's name, as the lobby shows it (after the start, the role's own word, capitalised)."""
    found = next((x.label for x in g.roles if x.id == role), None) if g else None
    return found or join_words(x.replace("-", " ").capitalize() for x in role.split("+"))


def free_roles_text(g: r.GameInfo | None) -> str:
    if g is None or not g.roles:
        return ""
    free = [role_name(g, x.id) for x in g.free_roles()]
    return "; free: " + (", ".join(free) if free else "none")


def seat_line(g: r.GameInfo, s: r.SeatInfo) -> str:
    notes = ([role_name(g, s.role)] if s.role else []) + ([f"computer player, {s.agent}"] if s.agent else [])
    return f"{s.name or s.seat}" + (f" ({'; '.join(notes)})" if notes else "")


def rules_help_text(o: r.RulesHelp) -> str:
    """Topics (title, sections, summary, related commands) when one was asked, else their titles;
    then the commands."""
    lines = []
    if o.topic:
        for t in o.topics:
            lines.append(f"{t.title} ({sections_label(t.sections)})")
            lines.append(f"  {t.summary}")
            if t.commands:
                lines.append("  commands: " + ", ".join(f"`{o.paths.get(k, f'/{o.group} {k}')}`" for k in t.commands))
    elif o.topics:
        lines.append(f"{o.title} rule topics (`/game rules topic:<topic>`):")
        lines += [f"  {t.title} ({sections_label(t.sections)})" for t in o.topics]
    if o.commands:
        lines.append(f"{o.title} commands{' about ' + repr(o.topic) if o.topic else ''}:")
        lines += [f"  `{c.usage}`{' (GM)' if c.gm and 'GM' not in c.doc else ''}{' (secret)' if c.secret else ''}: {c.doc}"
                  for c in o.commands]
    return "\n".join(lines)


def status_text(o: r.Status, now: float | None = None) -> str:
    """``/game status``: the phase in words, who is awaited and until when, then the seats."""
    now = time.time() if now is None else now
    g = o.game
    assert g is not None
    lines = []
    if o.result:
        lines += [f"{g.title}, game {g.id}: over."] + list(o.ending or ("The game is over.",))
    elif g.status == r.GameStatus.LOBBY:
        lines.append(f"{g.title}, game {g.id}: in its lobby.")
    elif g.status == r.GameStatus.ABANDONED:
        at = o.title or g.phase
        lines.append(f"{g.title}, game {g.id}: abandoned {f'at {at}' if at else 'in its lobby'}; nobody plays it any more.")
    else:
        lines.append(f"{g.title}, game {g.id}: {o.title or g.phase}" + (" (paused)" if g.status is r.GameStatus.PAUSED else ""))
        waiting = [{"seat": w.seat, "name": w.name or w.seat, "due": w.due} for w in o.waiting if w.blocking]
        lines.append(waiting_line(waiting, now))
    lines.append("Players: " + (", ".join(seat_line(g, s) for s in g.seats) or "none yet"))
    lines += g.notes
    if g.roles:
        names = {s.seat: s.name or s.seat for s in g.seats}
        lines.append("Roles (`/game role`): " + ", ".join(
            f"{role_name(g, x.id)}: {names.get(x.seat, x.seat) if x.seat else 'free'}" for x in g.roles))
    if o.question:
        lines.append(f"You: {o.question}")
    if o.choices:
        lines.append("Your choices: " + "; ".join(o.choices[:15]) + (" ..." if len(o.choices) > 15 else ""))
    return "\n".join(lines)


# Sections that name a part of the table, not a rule of the book: refusals do not cite them.
#: A value a person types that reads as an id (``negotiating_table``, ``deadline.response``) or a command
#: (``draw deck:fortune``): a list holding one shows each such word as code, to be typed as it stands.
_TYPED = re.compile(r"^[a-z][a-z0-9]*(?:(?:[_.][a-z0-9]+)+|(?: [a-z_]+:\S+)+)$")
_WORD = re.compile(r"^[a-z0-9][a-z0-9_.]*(?: [a-z_]+:\S+)*$")
_TABLE_SECTIONS = frozenset({"", "table", "commands", "turn", "setup", "end", "requests", "names"})


def refusal_text(err: RuleError) -> str:
    """A refusal as a person reads it: why, the rule it rests on, then what would work.

    "Card 9 is not in your hand (T1). Possible now: card 1 and card 2."
    """
    msg = err.message.strip() or "That is not possible now"
    msg = msg[:1].upper() + msg[1:]
    end = msg[-1] if msg[-1] in ".!?" else "."
    msg = msg.rstrip(".!?")
    if err.section and err.section not in _TABLE_SECTIONS:
        msg += f" ({err.section})"
    text = msg + end
    legal = err.legal
    if isinstance(legal, list | tuple):
        shown = [str(x) for x in legal if str(x)]
        if any(_TYPED.match(x) for x in shown):   # values typed as they are: every such word shown as code
            shown = [f"`{x}`" if _WORD.match(x) else x for x in shown]
        shown = [f"`{x}`" if x.startswith("/") else x for x in shown]   # commands
        if shown:
            more = len(shown) - 12
            listed = ", ".join(shown[:12]) + f" and {more} more" if more > 0 else join_words(shown)
            text += f" Possible now: {listed}."
    elif legal:
        hint = str(legal).strip()
        text += " " + hint[:1].upper() + hint[1:] + ("" if hint.endswith((".", "!", "?")) else ".")
    return text
