"""Actions: an action applied once (idempotent by key, raced through the database), refusals in
the game's words, undo and skip."""

from __future__ import annotations

import json
import uuid
from dataclasses import replace as with_changes
from typing import TYPE_CHECKING, Any

from bot.table import outbox as ob
from bot.table.basics import (
    LiveGame,
    is_irreversible,
    log,
)
from bot.table.errors import NotAllowed, TableError, TableRefusal
from bot.table.results import (
    LIVE,
    Actor,
    AlreadyDone,
    Applied,
    GameStatus,
    Undone,
    status_words,
)
from bot.table.session import GameSession
from bot.table.steps import Steps
from bot.table.store import DamagedRow, GameRow, SnapshotRow, StaleAppend, dumps
from bot.table.text import timed_out_line
from engine.core import Action, Event, GameState, Refusal, RuleError, Rules, StaleState
from engine.core.words import Audience, join_words

if TYPE_CHECKING:
    from bot.table.core import TableCore
    from bot.table.deadlines import DeadlineBook


class Actions:
    """Actions: applied, refused, undone, skipped. A part of the table service, made with the table's
    core (games, scope, sessions, store, outbox) and the deadlines it keeps in step."""

    def __init__(self, core: TableCore, deadlines: DeadlineBook):
        self.core = core
        self.deadlines = deadlines

    def act(self, actor: Actor, channel: str | None, group: str | None, action: Action, *,
            game_id: int | None = None, key: str | None = None, expect_version: int | None = None) -> Applied:
        """Apply ``action`` for the actor's seat. ``group`` (``"fief"``...) must match the game when given.

        ``key`` is the idempotency key (the Discord interaction id): a key seen before returns the
        first result with ``duplicate=True`` and applies nothing. ``expect_version`` refuses a stale
        button (the state moved on since it was drawn).
        """
        row = self.core.resolve(actor, channel, game_id)
        with self.core.game_lock(row.id):
            return self.act_in(actor, self.core.session(row.id), group, action, key=key, expect_version=expect_version)

    def act_in(self, actor: Actor, session: GameSession, group: str | None, action: Action, *,
             key: str | None = None, expect_version: int | None = None) -> Applied:
        """:meth:`act` on the game's session (its lock held)."""
        row = session.row
        if group is not None and group != row.game:
            raise TableError(f"game {row.id} is {self.core.game_title(row.game)}: use /{row.game}, not /{group}",
                             code=TableRefusal.WRONG_GAME, legal=f"/{row.game} ...")
        mine = session.seat_of(actor.user_id)
        if mine is None:
            raise NotAllowed(f"you have no seat in game {row.id}; only a seat's player acts for it",
                             legal=[s.seat for s in session.seats])
        if mine.agent:
            raise NotAllowed(f"a computer player ({mine.agent}) plays your seat {mine.seat} now",
                             legal=f"take it back: `/game replace seat:{mine.seat} user:<you>`")
        try:
            return self.apply(row.id, mine.seat, action, key=key, user_id=actor.user_id, source="player",
                               expect_version=expect_version, session=session)
        except StaleState:
            raise
        except RuleError as err:
            if err.code == Refusal.NOT_YOUR_TURN:
                raise self.not_awaited(session) from None
            raise self.named_refusal(session, mine.seat, action, err) from None

    @staticmethod
    def not_awaited(session: GameSession) -> TableError:
        """The engine's "nothing to decide" said to the person, with whom the game waits on by name."""
        names = session.names
        awaited = dict.fromkeys(names.get(s, s) for d in session.rules.pending(session.state) if d.blocking
                                for s in d.seats)
        return TableError("nothing waits on you right now", code=Refusal.NOT_YOUR_TURN,
                          legal=f"the game waits on {join_words(awaited) or 'nobody'}")

    def named_refusal(self, session: GameSession, seat: str, action: Action, err: RuleError) -> RuleError:
        """The refusal with its legal choices named as people see them (ids they never typed)."""
        if not isinstance(err.legal, list | tuple):
            return err
        rules = session.rules
        spec = rules.actions.get(action.kind)
        try:
            state = session.state
            # per parameter: a request's number 1 and a yes (True) are equal keys in one dict
            tables = [self.value_names(rules, state, seat, action.kind, p.name) for p in spec.params] if spec else []
        except Exception:  # naming must never hide the refusal itself
            return err
        lists = [p.name for p in spec.params if p.type.value == "list"] if spec else []
        legal = list(err.legal)
        if lists and len(legal) > len(set(map(str, legal))):
            # pieces that repeat (the troops a noble may take): named as one whole ("2 Knights and 3 Men-at-Arms")
            whole = rules.words().value_label(state, seat, action.kind, lists[0], tuple(legal))
            err.legal = [whole]
            err.args = (err.describe(),)
        elif any(tables):
            err.legal = [next((n for t in tables for k, n in t.items() if k == x and type(k) is type(x)), x)
                         for x in legal]
            err.args = (err.describe(),)
        return err

    def check_playable(self, row: GameRow) -> None:
        status = GameStatus(row.status)
        if status is GameStatus.LOBBY:
            raise TableError(f"game {row.id} has not started", code=TableRefusal.NOT_STARTED, legal="`/game start`")
        if status is GameStatus.PAUSED:
            raise TableError(f"game {row.id} is paused", code=TableRefusal.PAUSED, legal="a GM may `/game resume`")
        if status is GameStatus.FINISHED:
            raise TableError(f"game {row.id} is over", code=Refusal.GAME_OVER, legal="`/game status`, `/game log`")
        if status is GameStatus.ABANDONED:
            raise TableError(f"game {row.id} was abandoned", code=TableRefusal.ABANDONED)

    def duplicate(self, row: GameRow, key: str | None) -> Applied | None:
        """The first result of an action key seen before (or a refusal if a GM undid it)."""
        if key is None:
            return None
        first = self.core.store.action_by_key(row.id, key)
        if first is not None:
            seen = tuple(e for e in map(Event.from_json, json.loads(first.events)) if e.visible_to(first.seat))
            return Applied(self.core.game_info(row), first.seat, Action.from_json(json.loads(first.action)), first.seq,
                           seen, row.phase, False, row.result, duplicate=True, source=first.source)
        if self.core.store.key_was_undone(row.id, key):
            raise TableError("this action was applied and then undone by a GM", code=TableRefusal.UNDONE)
        return None

    def apply(self, game_id: int, seat: str, action: Action, *, key: str | None, user_id: str | None,
               source: str, expect_version: int | None = None, deadline_id: int | None = None,
               standing_in: tuple[str, str] | None = None, session: GameSession | None = None) -> Applied:
        """Apply for ``seat`` (on ``session`` when the caller has one, its lock held); the database
        decides between processes: one that loses the race to append
        (:class:`~bot.table.store.StaleAppend`) reloads and looks again, and answers as for a duplicate
        when the winner applied this very key."""
        key = key or f"auto:{uuid.uuid4().hex}"
        while True:
            try:
                with self.core.game_lock(game_id):
                    return self._apply_once(session or self.core.session(game_id), seat, action, key=key,
                                            user_id=user_id, source=source, expect_version=expect_version,
                                            deadline_id=deadline_id, standing_in=standing_in)
            except StaleAppend as err:
                log.debug("game %s moved on in another process (%s): looking again", game_id, err)
                self.core.loaded_games.pop(game_id, None)
                session = None

    def _apply_once(self, session: GameSession, seat: str, action: Action, *, key: str, user_id: str | None,
                    source: str, expect_version: int | None, deadline_id: int | None,
                    standing_in: tuple[str, str] | None = None) -> Applied:
        row, rules, game_id = session.row, session.rules, session.row.id
        if (dup := self.duplicate(row, key)) is not None:
            return dup
        self.check_playable(row)
        live = session.state
        if expect_version is not None and live.version != expect_version:
            raise StaleState(expect_version, live.version)
        since = self._phase_events(row, rules, live)
        work = rules.load(rules.dump(live))
        steps = Steps(rules, work, row.phase, row.last_seq, self.core.snapshot_every)
        steps.play(seat, action, key, source, user_id)  # a RuleError leaves everything as it was
        steps.skip_passes(key)
        seq = row.last_seq + 1
        phase = rules.phase(work)
        res = rules.result(work)
        result = res.to_json() if res is not None else None
        now = self.core.clock.now()
        with self.core.store.transaction():
            steps.store(self.core.store, game_id, now, epoch=row.epoch)
            if deadline_id is not None:
                self.core.store.close_deadline(deadline_id, now, "default applied")
            fields: dict[str, Any] = {"phase": phase}
            if result is not None:
                fields.update(status=GameStatus.FINISHED.value, result=result)
                if not steps.snapshotted_last:
                    self.core.store.put_snapshot(game_id, steps.seq, dumps(rules.dump(work)), phase, now)
            self.core.store.update_game(game_id, **fields)
            if result is not None:
                self.core.store.close_game_deadlines(game_id, now, "game over")
                due: dict[tuple[str, str], float] = {}
            else:
                due = self.deadlines.sync(row, rules, work, now, standing_in=standing_in,
                                           computers=session.computers)
            words = rules.words()
            names = session.names
            chosen = words.label(live, seat, action, Audience(seat, names))
            ends = result is not None or ob.title_of(rules, words, work) != ob.title_of(rules, words, live)
            folded = self._timed_out(row, rules, live, names) if ends else []  # this call's rows included
            public = all(e.to is None for e in steps.steps[0].events)
            defaulted = timed_out_line(names.get(seat, seat), [words.label(live, seat, action, Audience(None, names))
                                                               if public else None]) if source == "deadline" else ""
            answer = {"deadline": f"Time ran out, so the table chose for you: {chosen}.",
                      "gm": f"A GM chose for you: {chosen}.",
                      "computer": "Time ran out: a computer player answered in your place."
                      }.get(source, f"You chose: {chosen}.")
            self.core.queue(game_id, ob.after_action(ob.Turn(
                game_id=game_id, prefix=self.core.key_prefix(row, seq), rules=rules, state=work, before=live,
                events=steps.events, phase_events=since, names=names, due=due, result=result,
                status=fields.get("status", row.status),
                actor_private=seat if source == "player" else None, answered={seat: answer},
                timed_out=folded, defaulted=defaulted)), seats=session.seats)
        title_before = ob.title_of(rules, words, live)
        keep = since + steps.events if ob.title_of(rules, words, work) == title_before else []
        self.core.keep_loaded(game_id, LiveGame(work, steps.seq, row.epoch, keep))
        mine = tuple(e for e in steps.events if e.visible_to(seat))
        news = words.news(work, [e for e in mine if e.to is not None], seat, Audience(seat, names))
        after = with_changes(row, phase=phase, last_seq=steps.seq)   # the row as stored now, not read again
        if result is not None:
            after = with_changes(after, status=GameStatus.FINISHED.value, result=result)
        return Applied(self.core.game_info(after, session.seat_infos()), seat, action, seq, mine, phase,
                       phase != row.phase, result, source=source, said=chosen, news=tuple(news))

    def prompt_anew(self, row: GameRow, seat: str, key: str) -> list[ob.Message]:
        """The seat's living prompt as a new message (for a seat's new holder), if it is awaited."""
        rules = self.core.rules_by_name.get(row.game)
        if rules is None or row.status != GameStatus.ACTIVE or self.core.store.latest_snapshot(row.id) is None:
            return []
        state = self.core.load_state(row)
        d = ob.awaited(rules, state, offers=True).get(seat)
        if d is None:
            return []
        words = rules.words()
        return [ob.prompt_message(key, rules, words, state, d, seat, Audience(None, self.core.seat_names(row.id)),
                                  game_id=row.id, due=self.core.due_map(row.id).get((d.id, seat)),
                                  title=ob.title_of(rules, words, state))]

    def _phase_events(self, row: GameRow, rules: Rules, state: GameState) -> list[Event]:
        """The events of the phase under way (for its summary when it ends): kept with the loaded
        game, else read back from the log since the snapshot where the phase began."""
        live = self.core.loaded_games.get(row.id)
        if live is not None and live.state is state and live.since is not None:
            return live.since
        since = [e for a in self.core.store.actions(row.id, after=self._phase_start(row, rules, state))
                 for e in map(Event.from_json, json.loads(a.events))]
        if live is not None and live.state is state:
            live.since = since
        return since

    def _phase_start(self, row: GameRow, rules: Rules, state: GameState) -> int:
        """The sequence number of the snapshot where the phase under way began (0: the start)."""
        words = rules.words()
        title = ob.title_of(rules, words, state)
        def snapshot(upto: int) -> SnapshotRow | None:
            try:
                return self.core.store.latest_snapshot(row.id, upto)
            except DamagedRow:  # a damaged snapshot: the summary reads the log from further back
                return None

        start = snap = snapshot(row.last_seq)
        for _ in range(50):  # snapshots are taken whenever the phase changes
            if snap is None:
                break
            try:
                at = rules.load(json.loads(snap.state))
            except Exception:
                break
            if ob.title_of(rules, words, at) != title:
                break
            start = snap
            snap = snapshot(snap.seq - 1) if snap.seq > 0 else None
        return start.seq if start else 0

    def _timed_out(self, row: GameRow, rules: Rules, state: GameState, names: dict[str, str]) -> list[str]:
        """The decisions the table took for absent players in the phase under way (passed
        deadlines), folded into the phase post one line per player: "Time ran out for alice twice:
        the table chose Pass." The choice is named only when everything it did is public (a secret
        choice, a bid or a hidden purchase, is only counted). Called once the call's actions are
        stored, so a default that ends the phase is among them."""
        taken = [(a.seat, Action.from_json(json.loads(a.action)), [Event.from_json(e) for e in json.loads(a.events)])
                 for a in self.core.store.actions(row.id, after=self._phase_start(row, rules, state))
                 if a.source == "deadline"]
        words = rules.words()
        aud = Audience(None, names)
        by_seat: dict[str, list[str | None]] = {}
        for seat, action, events in taken:
            public = all(e.to is None for e in events)
            label = words.label(state, seat, action, aud) if public else None
            by_seat.setdefault(seat, []).append(label or None)
        return [timed_out_line(names.get(seat, seat), labels) for seat, labels in by_seat.items()]

    def value_names(self, rules: Rules, state: GameState, seat: str, kind: str, param: str) -> dict[Any, str]:
        """The legal values of one parameter (list values one by one) and their names."""
        words = rules.words()
        out: dict[Any, str] = {}
        for v in rules.suggest(state, seat, kind, param):
            for x in list_items(rules, kind, param, v) or [v]:
                if x not in out and x not in ("", None):
                    out[x] = words.value_label(state, seat, kind, param, x) or str(x)
        return out

    def undo(self, actor: Actor, channel: str | None, *, count: int = 1, game_id: int | None = None,
             key: str | None = None) -> Undone | AlreadyDone:
        """Take back the last ``count`` actions by replaying the log without them (GM only).

        Refused when any of them drew at random or revealed a secret (see :func:`is_irreversible`).
        """

        def body(session: GameSession) -> Undone:
            row = session.row
            if row.status not in (GameStatus.ACTIVE, GameStatus.PAUSED, GameStatus.FINISHED):
                raise TableError(f"game {row.id} has nothing to undo: it is {status_words(row.status)}", code=TableRefusal.NO_UNDO)
            if count < 1 or count > row.last_seq:
                raise TableError(f"can undo 1 to {row.last_seq} actions, not {count}", code=TableRefusal.BAD_VALUE,
                                 legal=f"`count:1` to `count:{row.last_seq}`" if row.last_seq else "nothing to undo")
            if row.status == GameStatus.FINISHED and row.channel is not None and any(
                    g.id != row.id for g in self.core.store.games(channel=row.channel, statuses=LIVE)):
                raise TableError(f"game {row.id} is over and its channel has a new game", code=TableRefusal.CHANNEL_BUSY)
            target = self._undo_target(row, count)
            for a in self.core.store.actions(row.id, after=target):
                for e in map(Event.from_json, json.loads(a.events)):
                    if is_irreversible(e):
                        what = "drew at random" if e.kind.startswith("random.") else "revealed a secret"
                        who = session.names.get(a.seat, a.seat) if a.seat else "the table"
                        most = row.last_seq - a.seq
                        raise TableError(f"action {a.seq} (by {who}) {what}: an undo may not cross dice or revealed "
                                         "secrets", code=TableRefusal.IRREVERSIBLE,
                                         legal=f"undo at most {most} action{'s' if most != 1 else ''}" if most
                                         else "nothing after it to undo")
            rules = session.rules
            state = self.core.load_state(row, upto=target)
            now = self.core.clock.now()
            phase = rules.phase(state)
            status = GameStatus.ACTIVE.value if row.status == GameStatus.FINISHED else row.status
            with self.core.store.transaction():
                self.core.store.undo_to(row.id, target, now, actor.user_id)
                self.core.store.update_game(row.id, phase=phase, status=status, result=None)
                if target not in self.core.store.snapshot_seqs(row.id, target):
                    self.core.store.put_snapshot(row.id, target, dumps(rules.dump(state)), phase, now)
                self.core.store.close_game_deadlines(row.id, now, "undone")
                # read again: the store moved the log (last_seq, and the epoch another process may share)
                row = session.row = self.core.game_row(row.id)
                # A paused game gets its deadlines when it resumes.
                due = self.deadlines.sync(row, rules, state, now, computers=session.computers) \
                    if status == GameStatus.ACTIVE else {}
                self.core.queue(row.id, ob.after_action(ob.Turn(
                    game_id=row.id, prefix=self.core.key_prefix(row, target), rules=rules, state=state, before=None,
                    events=[], phase_events=[], names=session.names, due=due, kind="undo", status=status,
                    extra={"count": count, "by": actor.name})), session.seats)
                self.core.remember_key(key, row.id, "undo")
            self.core.keep_loaded(row.id, LiveGame(state, target, row.epoch))
            return Undone(self.core.session_info(session), count, target)

        return self.core.once(actor, channel, game_id, key, body, gm="undo")

    def _undo_target(self, row: GameRow, count: int) -> int:
        """Where undoing ``count`` actions leads: before the count-th action a person (or a
        deadline, or a GM) played, counted from the end; the passes the table made for seats
        with no choice go with the action that caused them, since replaying it makes them again."""
        target = row.last_seq
        taken = 0
        for a in reversed(self.core.store.actions(row.id, after=max(0, row.last_seq - count - Steps.LIMIT))):
            if taken == count:
                break
            target = a.seq - 1
            if a.source != "skip":
                taken += 1
        return target if taken == count else row.last_seq - count

    def skip(self, actor: Actor, channel: str | None, *, seat: str, game_id: int | None = None,
             key: str | None = None) -> Applied:
        """Play the default of ``seat``'s pending decision now (GM only), as a passed deadline would."""
        row = self.core.resolve(actor, channel, game_id)
        self.core.need_gm(actor, row, "play a seat's default")
        with self.core.game_lock(row.id):
            row = self.core.game_row(row.id)
            if (dup := self.duplicate(row, key)) is not None:
                return dup
            self.check_playable(row)
            rules = self.core.rules_for(row.game)
            state = self.core.load_state(row)
            awaited = [d for d in rules.pending(state) if d.blocking and seat in d.seats]
            if not awaited:   # the GM's commands name seats as they type them (``seat:alice``)
                raise TableError(f"game {row.id} is not waiting on {seat!r}", code=Refusal.NOT_AWAITED,
                                 legal=sorted({s for d in rules.pending(state) if d.blocking for s in d.seats})
                                 or "nobody")
            d = awaited[0]
            default = d.default_for(seat)
            if default is None:
                raise TableError(f"seat {seat} must make this choice: it has no default for a game manager to play",
                                 code=TableRefusal.NO_DEFAULT, legal="wait for their answer")
            applied = self.apply(row.id, seat, default, key=key, user_id=actor.user_id, source="gm")
            tag = f"g{row.id}.e{row.epoch}.s{applied.seq}.skip"
            with self.core.store.transaction():
                self.core.queue(row.id, [
                    ob.table_post(row.id, f"{tag}.post", "skip", seat=seat, seq=applied.seq, by=actor.name,
                                  name=self.core.seat_names(row.id).get(seat, seat))])
            # The GM is answered with what the table may know: public events, no secret choice.
            secret = rules.actions[default.kind].secret
            # (the seat's own news is its player's: never the GM's)
            return with_changes(applied, events=tuple(e for e in applied.events if e.is_public),
                                action=None if secret else applied.action, said="" if secret else applied.said,
                                news=())


def list_items(rules: Rules, kind: str, param: str, value: Any) -> list[Any] | None:
    """The items of a list parameter's value (a list, or a comma-separated string as suggestions
    give them); None when ``param`` is not a list parameter of ``kind``."""
    spec = rules.actions.get(kind)
    p = next((x for x in spec.params if x.name == param), None) if spec else None
    if p is None or p.type.value != "list":
        return None
    if isinstance(value, list | tuple):
        return list(value)
    text = str(value).strip()
    return [x.strip() for x in text.split(",") if x.strip()] if text and text.lower() != "none" else []
