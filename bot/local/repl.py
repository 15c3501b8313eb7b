"""The local table: the table service typed at a terminal, or fed by a script on stdin.

Lines look like ``as alice: /game new fief players:3``. The speaker is remembered, so later
lines may drop ``as NAME:``. Everything the table would post is printed: channel posts as
``[#local] ...``, each seat's DMs as ``[dm alice] ...``, replies as ``[alice] ...``, refusals as
``[error] ...``. Board images are written to a folder when the game has a drawer.

On the local table the person who creates a game is its GM (undo, pause, export...). A name
typed for the first time is a new person; ``/game join`` gives them a seat.
"""

from __future__ import annotations

import re
import sys
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

import renderer
from bot.table import (
    BOARD_IMAGE,
    CHANNEL_POST,
    DM,
    STATUS_EDIT,
    TABLE_GROUP,
    Actor,
    Asked,
    Board,
    CannotSave,
    Exported,
    Outcome,
    Outgoing,
    TableService,
    parse_duration,
)
from bot.table import text as wording
from bot.table.clock import SystemClock
from engine.core import RuleError

_AS = re.compile(r"^as\s+([^:\s]+)\s*:\s*(.*)$", re.IGNORECASE)

HELP = """\
Type commands as a person:       as alice: /game new tribute players:2
Later lines may drop the name:   /game status          (the last speaker again)
The game's group may be left out: bid card:3             (= /tribute bid card:3 in a tribute game)
Commands as on Discord, or short: /fief war move noble:Hugh to:York   or   /fief move noble:Hugh to:York
What to do now, and the commands that matter: /game help
Answer your prompt by number:    choose 2      (then choose again for each step; several: choose 1,3)
A step asking for your own words: write We keep the peace in the Plateau this Year.
Table commands (/game ...):      {table}
In a lobby, pick a colour/faction: /game join role:red   or later   /game role red   (random: dealt at start)
Computer players fill seats:     /game computer strength:steady role:blue   (random, steady or schemer)
Hand your seat to one and back:  /game replace seat:alice computer:steady   then   /game replace seat:alice user:alice
Games and their command groups:  {games}
{groups}Commands of a game:              /game rules NAME
Other lines:
  help                     this text
  channel NAME             play in another channel (one live game per channel); now: {channel}
  wait DURATION            move the clock forward (30m, 2h, 1d) and fire the deadlines due
  quit                     leave (so does the end of input)
Each seat's DMs are printed as [dm NAME]; board images go to {boards}.
Here the person who creates a game is its GM (undo, pause, resume, replace, settings, export).
"""


class ShiftedClock:
    """The system clock plus an offset that ``wait`` moves forward (for trying deadlines)."""

    def __init__(self) -> None:
        self.base = SystemClock()
        self.offset = 0.0

    def now(self) -> float:
        return self.base.now() + self.offset


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "board"


class LocalTable:
    def __init__(self, service: TableService, *, out: TextIO | None = None, boards_dir: str | Path = "boards",
                 channel: str = "local", render: Callable[[str, dict[str, Any], str | None], bytes] | None = None):
        self.service = service
        self.out = out or sys.stdout
        self.boards_dir = Path(boards_dir)
        self.channel = channel
        self.speaker: str | None = None
        self.counter = 0
        self.session = uuid.uuid4().hex[:12]  # idempotency keys stay unique across sessions
        self.flows: dict[str, tuple[int, list[list[int]]]] = {}  # a multi-part answer under way, per person
        self._render = render
        self._shown: set[int] = set()  # messages printed whose delivered mark could not be saved yet
        self._posts: set[str] = set()  # growing posts (battles) printed once: later rows print their new lines

    def say(self, line: str) -> None:
        self.out.write(line + "\n")
        self.out.flush()

    # -- one line -----------------------------------------------------------------
    def handle(self, line: str) -> bool:
        """Run one line; return False when the table should close."""
        line = line.strip()
        if not line or line.startswith("#"):
            return True
        word = line.split()[0].lower()
        if word in ("quit", "exit"):
            return False
        if word == "help":
            self.help()
            return True
        if word == "channel":
            parts = line.split()
            if len(parts) != 2:
                self.say("[error] channel takes one name, for example channel kitchen")
            else:
                self.channel = parts[1]
                self.say(f"[table] now in channel {self.channel}")
            return True
        if word == "wait":
            self.wait(line[4:].strip())
            return True
        m = _AS.match(line)
        if m:
            self.speaker, line = m.group(1), m.group(2).strip()
        if not line:
            return True
        if self.speaker is None:
            self.say("[error] say who is typing first: as NAME: /game ...")
            return True
        if line.split()[0].lower() == "choose":
            self.choose(self.speaker, line[6:].strip())
            return True
        if line.split()[0].lower() == "write":
            self.write(self.speaker, line[5:].strip())
            return True
        self.command(self.speaker, line)
        return True

    def choose(self, who: str, picked: str) -> None:
        """``choose N``: answer the speaker's prompt by the number of a choice; a multi-part choice
        asks its next question, answered the same way (``choose 1,3`` for several, ``choose 0``
        for none, ``choose yes`` to confirm)."""
        actor = Actor(who.lower(), who)
        self.counter += 1
        key = f"local:{self.session}:{self.counter}"
        try:
            flow = self.flows.get(who.lower())
            word = picked.lower()
            confirmed = word in ("yes", "y", "confirm")
            if word in ("no", "n", "cancel"):
                self.flows.pop(who.lower(), None)
                self.say(f"[{who}] Cancelled; your prompt still waits.")
                return
            if flow is not None and confirmed:
                version, path = flow
            else:
                parts = [x for x in picked.replace(" ", "").split(",") if x] if picked else []
                if not all(x.isdigit() for x in parts):
                    asks = "" if flow is not None or not confirmed else "nothing asks you to confirm now; "
                    self.say(f"[error] {asks}choose takes the numbers of your choices, for example choose 2 (several: "
                             "choose 1,3; to confirm: choose yes)")
                    return
                numbers = [int(x) for x in parts]
                if flow is None:
                    if len(numbers) != 1:
                        self.say("[error] choose takes the number of one of your choices, for example choose 2")
                        return
                    version = int(self.service.prompt(actor, self.channel)["version"])
                    path = [[numbers[0] - 1]]
                else:
                    version, path = flow
                    path = [*path, [n - 1 for n in numbers if n > 0]]
            outcome = self.service.invoke(actor, self.channel, TABLE_GROUP, "choose",
                                          {"version": version, "path": path, "confirmed": confirmed}, key=key)
        except (RuleError, ValueError) as err:
            self.flows.pop(who.lower(), None)
            self.say(f"[error] {wording.refusal_text(err) if isinstance(err, RuleError) else err}")
            return
        if isinstance(outcome, Asked):
            self.flows[who.lower()] = (outcome.version, [list(x) for x in outcome.path])
            if not outcome.confirm:
                extra = " (choose several: choose 1,3; none: choose 0)" if outcome.multi else ""
                if outcome.text:
                    extra = f" (write your words: write <text>, at most {outcome.max_length or 4000} characters)"
                self.reply(who, outcome)
                if extra:
                    self.say(f"  {extra.strip()}")
            else:
                self.say(f"[{who}] {outcome.confirm} (choose yes, or choose no)")
            return
        self.flows.pop(who.lower(), None)
        self.reply(who, outcome)
        self.deliver()
        self.fire_deadlines()

    def write(self, who: str, words: str) -> None:
        """``write <words>``: answer the step of the speaker's multi-part choice that asks for words of
        their own (an agreement's terms); the action is then complete."""
        actor = Actor(who.lower(), who)
        flow = self.flows.get(who.lower())
        if flow is None:
            self.say("[error] nothing asks for your words now: choose the step that does first")
            return
        if not words:
            self.say("[error] write takes your words, for example write We keep the peace this Year.")
            return
        self.counter += 1
        version, path = flow
        try:
            outcome = self.service.invoke(actor, self.channel, TABLE_GROUP, "choose",
                                          {"version": version, "path": path, "text": words},
                                          key=f"local:{self.session}:{self.counter}")
        except RuleError as err:
            self.say(f"[error] {wording.refusal_text(err)}")   # the step still waits: write again
            return
        self.flows.pop(who.lower(), None)
        self.reply(who, outcome)
        self.deliver()
        self.fire_deadlines()

    def command(self, who: str, line: str) -> None:
        actor = Actor(who.lower(), who)
        self.counter += 1
        key = f"local:{self.session}:{self.counter}"
        try:
            inv = self.service.registry.split(line, default_group=self.service.game_here(self.channel))
            values = dict(inv.values)
            if isinstance(values.get("user"), str):  # a person typed by name, as "as NAME:" names them
                values["user"] = Actor(values["user"].lower(), values["user"])
            outcome = self.service.invoke(actor, self.channel, inv.group, inv.name, values, key=key,
                                          game_id=inv.game_id)
        except RuleError as err:
            self.say(f"[error] {wording.refusal_text(err)}")
            return
        self.reply(who, outcome)
        self.deliver()
        self.fire_deadlines()

    def reply(self, who: str, outcome: Outcome) -> None:
        if isinstance(outcome, Exported):
            path = Path(outcome.filename)
            path.write_text(outcome.text, encoding="utf-8")
            self.say(f"[{who}] exported game {outcome.game.id if outcome.game else '?'} to `{path}`")
            return
        if isinstance(outcome, Board) and outcome.png is not None:
            path = self._write_board(outcome.game.id if outcome.game else 0, outcome.game.phase if outcome.game else "",
                                     outcome.seat, outcome.png)
            self.say(f"[{who}] board written to `{path}`")
            return
        text = wording.describe(outcome, now=self.service.clock.now())
        for i, part in enumerate(text.splitlines() or [""]):
            self.say(f"[{who}] {part}" if i == 0 else f"  {part}")

    # -- what the table owes people -------------------------------------------------
    def deliver(self) -> None:
        while True:
            batch = self.service.pending_outbox(200)
            if not batch:
                return
            for m in batch:
                if m.id in self._shown:  # printed already; only its mark is missing
                    if not self._mark(m.id):
                        return
                    continue
                now = self.service.clock.now()
                if m.kind == CHANNEL_POST and m.payload.get("post"):
                    # a post that grows (a battle): Discord edits it; here its new lines follow
                    head = f"[#{m.channel or self.channel}]"
                    if m.payload["post"] in self._posts:
                        self.say(f"{head} (the battle post goes on)")
                        self._lines(head, "\n".join(m.payload.get("new") or []))
                    else:
                        self._posts.add(str(m.payload["post"]))
                        self._lines(head, wording.outgoing_text(m, now))
                elif m.kind == CHANNEL_POST:
                    self._lines(f"[#{m.channel or self.channel}]", wording.outgoing_text(m, now))
                    if m.payload.get("board"):
                        self._board(m)
                elif m.kind == DM:
                    if m.payload.get("type") == "prompt":
                        self.flows.pop(str(m.user_id or ""), None)
                        if not m.payload.get("fresh"):
                            self.say(f"[dm {m.seat}] (your prompt, updated)")
                    self._lines(f"[dm {m.seat}]", wording.outgoing_text(m, now))
                    if m.payload.get("board"):
                        self._board(m)
                elif m.kind == BOARD_IMAGE:
                    self._board(m)
                elif m.kind == STATUS_EDIT:
                    pass  # the local table shows status on request (/game status)
                self._shown.add(m.id)
                if not self._mark(m.id):
                    return

    def _mark(self, outbox_id: int) -> bool:
        """Mark a printed message delivered; False when the table cannot save (it is marked later)."""
        try:
            self.service.mark_delivered(outbox_id)
        except CannotSave:
            return False
        self._shown.discard(outbox_id)
        return True

    def _lines(self, head: str, body: str) -> None:
        for part in body.splitlines():
            self.say(f"{head} {part}")

    def _board(self, m: Outgoing) -> None:
        p = dict(m.payload.get("board") or m.payload)
        try:
            render = self._render
            if render is None:
                render = renderer.render
            png = render(p["game"], p["view"], m.seat)
        except Exception as err:  # a drawing bug must not stop the table
            self.say(f"[board] could not draw {p.get('game')} ({p.get('phase')}): {err}")
            return
        title = str(m.payload.get("title") or p.get("phase") or "")
        path = self._write_board(m.game_id, title, m.seat, png)
        self.say(f"[board{' ' + m.seat if m.seat else ''}] {title}: `{path}`")

    def _write_board(self, game_id: int, phase: str, seat: str | None, png: bytes) -> Path:
        self.boards_dir.mkdir(parents=True, exist_ok=True)
        path = self.boards_dir / f"game-{game_id}-{_slug(phase)}-{seat or 'public'}.png"
        path.write_bytes(png)
        return path

    def fire_deadlines(self) -> None:
        try:
            fired = self.service.run_due()
        except CannotSave as err:
            self.say(f"[error] {wording.refusal_text(err)}")
            return
        if fired:
            self.deliver()

    def wait(self, text: str) -> None:
        clock = self.service.clock
        if not isinstance(clock, ShiftedClock):
            self.say("[error] this table's clock cannot be moved")
            return
        try:
            seconds = parse_duration(text)
        except ValueError as err:
            self.say(f"[error] {err}")
            return
        if seconds <= 0:
            self.say("[error] wait how long? For example wait 2h")
            return
        clock.offset += seconds
        self.say(f"[table] {text} later")
        self.fire_deadlines()

    def help(self) -> None:
        table = " ".join(c.name for c in self.service.registry.commands("game"))
        known = sorted(self.service.known_games().items())
        games = ", ".join(f"/{g} ({r.title})" for g, r in known) or "none"
        reg = self.service.registry
        groups = "".join(f"  {reg.group_path(g, sub)}: {sub.doc}\n" for g, _ in known for sub in reg.subgroups(g))
        for part in HELP.format(table=table, games=games, groups=groups, channel=self.channel,
                                boards=self.boards_dir).splitlines():
            self.say(part)

    # -- the loop -------------------------------------------------------------------
    def run(self, stdin: TextIO | None = None) -> int:
        stdin = stdin or sys.stdin
        interactive = stdin.isatty()
        if interactive:
            self.say("Seneschal local table. Type help; Ctrl-D leaves.")
        self.deliver()
        self.fire_deadlines()
        while True:
            if interactive:
                try:
                    line = input("> ")
                except EOFError:
                    break
            else:
                line = stdin.readline()
                if not line:
                    break
            try:
                if not self.handle(line):
                    break
            except Exception as err:  # a bug: say it, keep the table open
                self.say(f"[bug] {type(err).__name__}: {err}")
        return 0
