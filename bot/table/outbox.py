"""The outbox: messages the table owes people, persisted until an adapter delivers them.

Rows are written in the same transaction as the action that caused them, so a crash never
loses a message nor sends one for an action that was not stored. Adapters poll
:meth:`TableService.pending_outbox`, deliver, then call :meth:`TableService.mark_delivered`;
delivery is at least once, so each row carries a stable ``key`` the adapter uses to avoid
posting twice (a Discord message nonce, or a check of the last posted key).

Every line is worded here, when the message is queued, by the game's
:class:`~engine.core.words.Words` (the state moves on before delivery): adapters arrange the
lines, they never word game facts. The thread stays calm:

- ``channel_post`` ``phase``: one post per phase, when it ends: the game's title and summary of
  the phase (``lines``), with the public board in the same message (``board``: ``{"game",
  "view"}``, drawn by the adapter; absent when the game has no drawer). No post for a phase in
  which nothing was told. ``started`` opens the game the same way; the last post carries
  ``result``.
- ``channel_post`` ``battle``: one report per battle (``lines``).
- ``channel_post`` ``deadline``, ``skip``, ``undo``, ``table``: table notices, in prose.
- ``dm`` ``prompt``: the one living prompt of an awaited seat. ``fresh`` prompts are new
  messages (the seat has just become awaited: a notification, ``ping``); the others edit the
  seat's last prompt in place: fresh choices after a partial action, or ``answered`` (what was
  chosen, no choices left). ``choices`` are worded by the game; ``board`` is the seat's private
  view when the prompt is fresh.
- ``dm`` ``news``: personal news, one line each; ``reminder`` and ``deadline`` DMs likewise.
- ``status_edit``: the status message (edit in place; only the newest matters): the phase in
  words, who is awaited (names) and until when.
- ``board_image``: a board on its own (kept for adapters and old rows; the table now sends
  boards with the posts and prompts they belong to).
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field, replace
from typing import Any

import renderer
from bot.table.commands import spelled
from engine.core import Action, Decision, DecisionKind, Event, GameState, Rules
from engine.core.words import Audience, Choice, Words, join_words

CHANNEL_POST = "channel_post"
DM = "dm"
BOARD_IMAGE = "board_image"
STATUS_EDIT = "status_edit"
KINDS = (CHANNEL_POST, DM, BOARD_IMAGE, STATUS_EDIT)

#: At most this many choices travel with a prompt (Discord shows 4 selects of 25 and a row of buttons).
MAX_CHOICES = 100


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


@dataclass(frozen=True)
class Message:
    """A row to queue: ``recipient`` is ``"channel"`` or ``"seat:<name>"``."""

    key: str
    kind: str
    recipient: str
    payload: dict[str, Any]


def table_post(game_id: int, key: str, kind: str, **data: Any) -> Message:
    """A table notice in the game's thread: ``kind`` says which (pause, replace, skip, deadline,
    table for an import...), ``data`` what the words of :mod:`bot.table.text` need."""
    return Message(key, CHANNEL_POST, "channel", {"type": kind, "game_id": game_id, **data})


def imported_notice(game_id: int, by: str, actions: int, source: int | None) -> Message:
    """The notice of a game brought in from a save file (``source``: its id where it was exported)."""
    return table_post(game_id, f"g{game_id}.imported", "table", what="imported", by=by, actions=actions,
                      **{"from": source})


def damaged_notice(game_id: int, table: str, row: int | str) -> Message:
    """The notice that a game was set aside because one of its rows cannot be read."""
    return table_post(game_id, f"damaged:g{game_id}.{table}.{row}", "damaged")


def status_message(key: str, game_id: int, rules: Rules, state: GameState | None, result: dict[str, Any] | None,
                   due: dict[tuple[str, str], float], status: str, names: dict[str, str]) -> Message:
    """An edit of the game's status message (:func:`status_payload`)."""
    return Message(key, STATUS_EDIT, "channel", status_payload(game_id, rules, state, result, due, status, names))


def reminder(game_id: int, deadline_id: int, seat: str, decision: str, question: str, due: float,
             left: str) -> Message:
    """A DM reminding a seat of the question it has not answered, ``left`` before ``due``."""
    return Message(f"g{game_id}.reminder.{deadline_id}", DM, f"seat:{seat}",
                   {"type": "reminder", "game_id": game_id, "seat": seat, "decision": decision,
                    "question": question, "due": due, "left": left})


def prompt_message(key: str, rules: Rules, words: Words, state: GameState, d: Decision, seat: str, aud: Audience,
                   *, game_id: int, due: float | None, title: str) -> Message:
    """A seat's living prompt sent anew (for a seat's new holder)."""
    return Message(key, DM, f"seat:{seat}", prompt_payload(rules, words, state, d, seat, aud, game_id=game_id,
                                                           due=due, fresh=True, title=title))


def title_of(rules: Rules, words: Words, state: GameState) -> str:
    """The phase in words: the game's title, else its phase label."""
    return words.phase_title(state) or rules.phase(state)


def awaited(rules: Rules, state: GameState | None, *, offers: bool = False) -> dict[str, Decision]:
    """Each awaited seat and the first blocking decision waiting on it; with ``offers``, a seat
    that nothing blocks on gets the first open offer or request addressed to it (its prompt
    answers that without typing)."""
    out: dict[str, Decision] = {}
    if state is None:
        return out
    pending = rules.pending(state)
    for d in pending:
        if d.blocking:
            for s in d.seats:
                out.setdefault(s, d)
    if offers:
        for d in pending:
            if not d.blocking:
                for s in d.seats:
                    out.setdefault(s, d)
    return out


def _naming(legal: list[Action], decision: Decision) -> list[Action]:
    """The legal actions that name ``decision`` by its number (``respond request:3`` for request-3)."""
    number = decision.id.rsplit("-", 1)[-1]
    if not number.isdigit():
        return []
    return [a for a in legal if number in map(str, a.params.values())
            and any(k in decision.id or decision.id.startswith(k) for k in a.params)]


def answers(rules: Rules, state: GameState, seat: str, decision: Decision | None = None) -> list[Action]:
    """The legal actions that answer the seat's decision: anytime ones (offers...) only when
    nothing else is legal, or when the decision is itself an open offer or request (then the
    actions naming it, when the game names it in a parameter)."""
    legal = rules.legal(state, seat)
    anytime = {k for k, spec in rules.actions.items() if spec.anytime}
    if decision is not None and not decision.blocking:
        # "offer-3" is answered by the anytime actions whose "offer" is 3 (a counter-offer that
        # happens to give 3 coins does not name it).
        what, number = decision.id.rsplit("-", 1)
        named = [a for a in legal if a.kind in anytime and str(a.params.get(what)) == number]
        if named:
            return named
    own = [a for a in legal if a.kind not in anytime]
    return own or legal


def choice_json(c: Choice) -> dict[str, Any]:
    return {"label": c.label, "action": c.action.text() if c.action else None, "flow": c.flow,
            "hint": c.hint, "style": c.style, "confirm": c.confirm}


def ordered(choices: list[Choice]) -> list[Choice]:
    """Done/Pass last, whatever the game's order."""
    return [c for c in choices if c.style != "pass"] + [c for c in choices if c.style == "pass"]


def prompt_choices(rules: Rules, words: Words, state: GameState, d: Decision, seat: str,
                   aud: Audience) -> list[Choice]:
    """The worded choices of ``seat``'s prompt, in the order shown: the answers to the other
    decisions awaiting the seat first (a request that arrives during a move, an open offer: a
    request never replaces the decision it interrupts, nor hides another one), then ``d``'s own
    choices, Done/Pass last."""
    first: list[Choice] = []
    later: list[Choice] = []
    legal: list[Action] | None = None
    for x in awaiting_in_order(rules, state, d, seat):
        if x.id == d.id and x.kind is not DecisionKind.RESPONSE:
            continue
        legal = rules.legal(state, seat) if legal is None else legal
        named = _naming(legal, x)
        if named:  # the answers that name it (Yes / No to this request), in the order the question asks
            first += words.choices(state, x, seat, named, aud.to(seat))
        elif x.id != d.id:
            later += _choices_of(rules, words, state, x, seat, aud)
    out = first + _choices_of(rules, words, state, d, seat, aud) + later
    seen: set[object] = set()
    unique = []
    for c in out:
        key = c.action if c.action is not None else (c.flow, c.chosen)
        if key not in seen:
            seen.add(key)
            unique.append(c)
    return ordered(distinct(rules, words, state, seat, unique))


def _choices_of(rules: Rules, words: Words, state: GameState, d: Decision, seat: str, aud: Audience) -> list[Choice]:
    """The choices answering one decision."""
    if type(words).choices is not Words.choices and d.blocking:
        # the game words its own choices: it sees every legal action (pigeons, offers...) and
        # decides which to offer and in what order
        return words.choices(state, d, seat, rules.legal(state, seat), aud.to(seat))
    named = answers(rules, state, seat, d)
    if not d.blocking and not (named and all(a.kind in _anytime(rules) for a in named)):
        return []
    return words.choices(state, d, seat, named, aud.to(seat))


def awaiting_in_order(rules: Rules, state: GameState, d: Decision, seat: str) -> list[Decision]:
    """``d`` and every other decision awaiting ``seat``, as its prompt asks them: requests and
    offers made to the seat first, then the rest (its move), each in the game's order."""
    every = [d, *also_awaiting(rules, state, d, seat)]
    return ([x for x in every if x.kind is DecisionKind.RESPONSE]
            + [x for x in every if x.kind is not DecisionKind.RESPONSE])


def also_awaiting(rules: Rules, state: GameState, d: Decision, seat: str) -> list[Decision]:
    """The decisions besides ``d`` that wait on ``seat``: blocking ones (a request during a move),
    then the open offers and requests addressed to it, in the game's order."""
    pending = [x for x in rules.pending(state) if seat in x.seats and x.id != d.id]
    return [x for x in pending if x.blocking] + [x for x in pending if not x.blocking]


def prompt_question(rules: Rules, words: Words, state: GameState, d: Decision, seat: str, aud: Audience) -> str:
    """The prompt's question: what each decision awaiting the seat asks, one line each, the
    requests and offers made to it first (a request during a move, every offer of a Negotiation
    Step), then the rest (the move itself)."""
    me = aud.to(seat)
    lines = [words.question(state, x, seat, me) for x in awaiting_in_order(rules, state, d, seat)]
    return "\n".join(dict.fromkeys(line for line in lines if line))


def distinct(rules: Rules, words: Words, state: GameState, seat: str, choices: list[Choice]) -> list[Choice]:
    """Choices whose labels repeat (a game that labels by kind only) get their values named."""
    seen: dict[str, int] = {}
    for c in choices:
        seen[c.label] = seen.get(c.label, 0) + 1
    if all(n == 1 for n in seen.values()):
        return choices
    out = []
    for c in choices:
        if seen[c.label] > 1 and c.action is not None and c.action.args:
            values = [words.value_label(state, seat, c.action.kind, k, v) for k, v in c.action.args]
            c = replace(c, label=f"{c.label}: {join_words(values)}")
        out.append(c)
    return out


def _same_prompt(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Two prompts that read the same and offer the same buttons (the menu and every label)."""
    return bool(a["version"] == b["version"] and a["question"] == b["question"] and a["choices"] == b["choices"])


def _anytime(rules: Rules) -> set[str]:
    return {k for k, spec in rules.actions.items() if spec.anytime}


def menu_id(choices: list[Choice]) -> int:
    """A short number naming a prompt's menu (what its choices do, in order; not their wording,
    which may name a player replaced since): a click is answered while the seat's menu is still the
    same, however far the rest of the game moved (another seat's bid)."""
    return zlib.crc32("\n".join(c.action.text() if c.action else f"{c.flow}|{c.chosen}" for c in choices).encode())


def prompt_payload(rules: Rules, words: Words, state: GameState, d: Decision, seat: str, aud: Audience, *,
                   game_id: int, due: float | None, fresh: bool, title: str) -> dict[str, Any]:
    me = aud.to(seat)
    choices = prompt_choices(rules, words, state, d, seat, aud)
    payload: dict[str, Any] = {
        "type": "prompt", "game_id": game_id, "seat": seat, "name": aud.player(seat), "decision": d.id,
        "kind": d.kind.value, "version": menu_id(choices), "title": title,
        "question": prompt_question(rules, words, state, d, seat, aud), "if_absent": words.if_absent(state, d, seat, me),
        "due": due, "choices": [choice_json(c) for c in choices[:MAX_CHOICES]], "more": max(0, len(choices) - MAX_CHOICES),
        "fresh": fresh, "ping": fresh}
    if len(choices) > MAX_CHOICES:   # the commands that take the choices not shown, as Discord spells them
        kinds = [c.action.kind if c.action else c.flow for c in choices[MAX_CHOICES:]]
        payload["commands"] = [spelled(rules, k) for k in dict.fromkeys(k for k in kinds if k)]
    if fresh and renderer.has_drawer(rules.name):
        payload["board"] = {"game": rules.name, "view": rules.view(state, seat)}
    return payload


@dataclass
class Turn:
    """What one call of the table did, as the outbox needs it.

    ``before`` is the state before (None at the start); ``events`` every event of the call (the
    player's action and the passes the table made for seats with no choice); ``phase_events``
    the events of the phase so far, before this call; ``actor_private`` the seat that acted in
    person; ``answered`` each seat whose prompt is answered by
    this call, with what was chosen in words.
    """

    game_id: int
    prefix: str
    rules: Rules
    state: GameState
    before: GameState | None
    events: list[Event]
    phase_events: list[Event]
    names: dict[str, str]
    due: dict[tuple[str, str], float]
    result: dict[str, Any] | None = None
    status: str = "active"
    kind: str = "events"
    actor_private: str | None = None  # the seat that acted in person (answered by the reply, not by DM)
    answered: dict[str, str] = field(default_factory=dict)
    news_in_prompt: bool = False  # the acting player's private news is in their ``answered`` line
    extra: dict[str, Any] = field(default_factory=dict)
    timed_out: list[str] = field(default_factory=list)  # the phase's passed deadlines, one line per player
    defaulted: str = ""  # this call's action was a passed deadline's default: the line that says so


def after_action(t: Turn) -> list[Message]:
    """Messages after a state change: battle reports, the phase post, news, prompts, status."""
    rules, state = t.rules, t.state
    words = rules.words()
    aud = Audience(None, t.names)
    out: list[Message] = []
    title_before = title_of(rules, words, t.before) if t.before is not None else ""
    title_after = title_of(rules, words, state)
    public_new = [e for e in t.events if e.to is None]
    public_old = [e for e in t.phase_events if e.to is None]
    out += battle_posts(t, words, aud, title_before, public_old, public_new)
    board = {"game": rules.name, "view": rules.view(state, None)} if renderer.has_drawer(rules.name) else None
    if t.kind == "started":
        lines = words.events(state, public_new, aud)[:8]
        if not lines:  # a game that does not tell its setup: the table says who plays what
            roles = t.extra.get("roles", {})
            lines = ["The game begins."] + (
                [f"{t.names.get(s, s)} plays {role}." for s, role in roles.items()] if any(roles.values())
                else [f"Players: {join_words(t.names.get(s, s) for s in state.seats)}."])
        out.append(Message(f"{t.prefix}.post", CHANNEL_POST, "channel",
                           {"type": "started", "game_id": t.game_id, "title": title_after, "lines": lines,
                            "board": board}))
    elif t.kind == "events" and (title_after != title_before or t.result is not None):
        lines = words.phase_summary(state, title_before, public_old + public_new, aud)
        final = final_post(t.game_id, rules, state, t.result, t.names) if t.result is not None else None
        if lines or t.result is not None or t.timed_out:
            out.append(Message(f"{t.prefix}.post", CHANNEL_POST, "channel",
                               {"type": "phase", "game_id": t.game_id, "title": title_before, "lines": lines,
                                "timed_out": t.timed_out, "next": title_after if t.result is None else "",
                                "board": board, "result": [] if final else result_lines(t.result, aud)}))
        if final:
            out.append(Message(f"{t.prefix}.final", CHANNEL_POST, "channel", final))
    elif t.kind != "events":  # an undo: the board as it is now
        out.append(Message(f"{t.prefix}.post", CHANNEL_POST, "channel",
                           {"type": t.kind, "game_id": t.game_id, "title": title_after, "board": board,
                            **t.extra}))
    # Personal news, one DM per seat with its lines. The acting player reads theirs in the reply and
    # in the living prompt, where it stays under what they chose ("You chose: Tactic: Informants. You see
    # Thane (6), face down for the Clans."): a reply may be deferred, or the prompt edited over it.
    told: list[str] = []
    for s in state.seats:
        seen = [e for e in t.events if e.to is not None and s in e.to]
        if not seen:
            continue
        lines = words.news(state, seen, s, aud.to(s))
        if s == t.actor_private:   # their own secret choice is already said in "You chose: ..."
            told = words.news(state, [e for e in seen if e.kind != "secret.chosen"], s, aud.to(s))
            continue
        if lines:
            out.append(Message(f"{t.prefix}.news.{s}", DM, f"seat:{s}",
                               {"type": "news", "game_id": t.game_id, "seat": s, "lines": lines}))
    if told and t.actor_private in t.answered:
        t = replace(t, answered={**t.answered, t.actor_private: " ".join([t.answered[t.actor_private], *told])},
                    news_in_prompt=True)
    out += prompts(t, words, aud, title_after)
    out.append(Message(f"{t.prefix}.status", STATUS_EDIT, "channel",
                       status_payload(t.game_id, rules, state, t.result, t.due, t.status, t.names)))
    return out


def battle_posts(t: Turn, words: Words, aud: Audience, phase: str, public_old: list[Event],
                 public_new: list[Event]) -> list[Message]:
    """Battles as they happen: each battle has one post in the thread (``post``: its stable key),
    made when it begins and edited as each round is rolled, until it ends (``done``); ``new`` holds
    the lines added since the last version (what the local table prints). Each seat fighting in it
    is told the new lines by DM at once (the dice, the hits, the losses, what is left), so nobody
    chooses losses or how to go on without them. Public events only, like every post."""
    if not public_new:
        return []
    out: list[Message] = []
    before = words.battles_under_way(public_old) if public_old else []
    now = words.battles_under_way(public_old + public_new)
    life = t.prefix.rsplit(".s", 1)[0]  # g<id>.e<epoch>: an undo starts the battle posts anew
    where = zlib.crc32(phase.encode())
    for i, battle in enumerate(now):
        if i < len(before) and (len(before[i]) == len(battle) or any(e.kind == "battle.ended" for e in before[i])):
            continue  # nothing new in this one, or it ended before this action (a city handed over later is not its news)
        lines = words.battle_report(t.state, battle, aud)
        if not lines:
            continue
        told = words.battle_report(t.before or t.state, before[i], aud) if i < len(before) else []
        if lines == told:
            continue
        new = [line for line in lines if line not in told]  # a round under way grows: its line is told again, whole
        done = any(e.kind == "battle.ended" for e in battle)
        post = f"{life}.battle.{where}.{i}"
        out.append(Message(f"{t.prefix}.battle.{i}", CHANNEL_POST, "channel",
                           {"type": "battle", "game_id": t.game_id, "post": post, "lines": lines,
                            "new": new, "done": done}))
        for s in words.battle_seats(t.state, battle):   # told to each side as "you", from the same public events
            mine = words.battle_report(t.state, battle, aud.to(s))
            had = words.battle_report(t.before or t.state, before[i], aud.to(s)) if i < len(before) else []
            out.append(Message(f"{t.prefix}.battle.{i}.{s}", DM, f"seat:{s}",
                               {"type": "battle", "game_id": t.game_id, "seat": s,
                                "lines": mine[:1] + [line for line in mine if line not in had and line != mine[0]]
                                + ([t.defaulted] if t.defaulted else [])}))  # a loss chosen for the absent, said
    return out


def prompts(t: Turn, words: Words, aud: Audience, title: str) -> list[Message]:
    """The living prompt of each seat: new for a seat that became awaited, edited for one that
    acted and is still awaited (fresh choices), answered for one no longer awaited."""
    out: list[Message] = []
    before = awaited(t.rules, t.before, offers=True) if t.kind == "events" else {}
    after = awaited(t.rules, t.state, offers=True) if t.result is None else {}
    for s in t.state.seats:
        old, new = before.get(s), after.get(s)
        key = f"{t.prefix}.prompt.{s}"
        if new is not None:
            fresh = old is None
            payload = prompt_payload(t.rules, words, t.state, new, s, aud, game_id=t.game_id,
                                     due=t.due.get((new.id, s)), fresh=fresh, title=title)
            if (not fresh and s not in t.answered and old is not None and old.id == new.id
                    and t.before is not None and _same_prompt(payload, prompt_payload(
                        t.rules, words, t.before, old, s, aud, game_id=t.game_id, due=t.due.get((new.id, s)),
                        fresh=False, title=title))):
                continue  # nothing the seat reads or can press changed
            if s in t.answered and old is not None and (old.id != new.id or t.news_in_prompt):
                payload["note"] = t.answered[s]  # what was chosen, above the next question
            out.append(Message(key, DM, f"seat:{s}", payload))
        elif old is not None:
            assert t.before is not None   # a seat is awaited before only where there is a state before
            out.append(Message(key, DM, f"seat:{s}",
                               {"type": "prompt", "game_id": t.game_id, "seat": s, "name": aud.player(s),
                                "decision": old.id, "version": t.state.version, "fresh": False, "ping": False,
                                "question": words.question(t.before, old, s, aud.to(s)),
                                "answered": t.answered.get(s) or "No longer needed: the game has moved on.",
                                "choices": []}))
    return out


def final_post(game_id: int, rules: Rules, state: GameState, result: dict[str, Any] | None,
               names: dict[str, str]) -> dict[str, Any] | None:
    """The end of the game told in the thread (``Words.final``: the winner, the condition met or the
    tie-break, each side's score with every part of it), with the score by round drawn
    (``renderer.scores`` from the public view and the names the thread uses); None for a game whose
    words do not tell its end (the phase post then says who won)."""
    words = rules.words()
    aud = Audience(None, names)
    lines = words.final(state, aud)
    if not lines:
        return None
    view = rules.view(state, None)
    chart = None
    if renderer.has_drawer("scores") and view.get("history"):
        chart = {"game": "scores", "view": {**view, "names": seat_names(rules, state, names)}}
    return {"type": "final", "game_id": game_id, "title": "The end of the game", "lines": lines, "board": chart}


def seat_names(rules: Rules, state: GameState, names: dict[str, str]) -> dict[str, str]:
    """Each seat as the thread names it ("Red (Alice)"), for the legend of the score by round."""
    words, aud = rules.words(), Audience(None, names)
    return {s: words.seat_name(state, s, aud) for s in state.seats}


def result_lines(result: dict[str, Any] | None, aud: Audience) -> list[str]:
    if not result:
        return []
    winners = [aud.player(w) for w in result.get("winners", [])]
    head = f"The game is over: {join_words(winners)} {'wins' if len(winners) == 1 else 'win'}." if winners else (
        "The game is over.")
    reason = str(result.get("reason") or "").strip()
    return [head] + ([reason[0].upper() + reason[1:] + ("" if reason.endswith(".") else ".")] if reason else [])


def same_status(a: dict[str, Any] | None, b: dict[str, Any]) -> bool:
    """Two status messages that say the same (the phase, who is awaited and until when, the result):
    the state's version alone is no reason to edit the message."""
    if a is None:
        return False
    return {k: v for k, v in a.items() if k != "version"} == {k: v for k, v in b.items() if k != "version"}


def status_payload(game_id: int, rules: Rules, state: GameState | None, result: dict[str, Any] | None,
                   due: dict[tuple[str, str], float], status: str, names: dict[str, str]) -> dict[str, Any]:
    """The status message: the phase in words, the awaited seats by name with their deadlines."""
    words = rules.words()
    waiting = []
    if state is not None and result is None:
        for s, d in awaited(rules, state).items():
            waiting.append({"seat": s, "name": names.get(s, s), "due": due.get((d.id, s))})
    return {"type": "status", "game_id": game_id, "game": rules.name, "status": status,
            "title": title_of(rules, words, state) if state is not None else "",
            "version": state.version if state is not None else 0, "waiting": waiting,
            "result": result_lines(result, Audience(None, names))}
