"""Reading a game: status, board, hand, log, the list of games and the rules' help."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import renderer
from bot.table import helptopics
from bot.table import outbox as ob
from bot.table.basics import (
    private_part,
)
from bot.table.commands import TABLE_GROUP
from bot.table.errors import NotAllowed, TableError, TableRefusal
from bot.table.results import (
    Actor,
    Board,
    CommandHelp,
    GameInfo,
    GameList,
    GameStatus,
    Guide,
    Hand,
    LogEntry,
    LogPage,
    RulesHelp,
    Status,
    Waiting,
)
from bot.table.store import DamagedRow, GameRow
from engine.core import Action, Event, GameState, Rules
from engine.core.words import Audience, join_words

if TYPE_CHECKING:
    from bot.table.core import TableCore


class Reads:
    """Reading commands: nothing here changes a game. A part of the table service, made with the
    table's core (its games, scope, sessions and store) and nothing else."""

    def __init__(self, core: TableCore):
        self.core = core

    def status(self, actor: Actor, channel: str | None, *, game_id: int | None = None) -> Status:
        row = self.core.resolve(actor, channel, game_id)
        with self.core.game_lock(row.id):
            session = self.core.session(row.id)
            row = session.row
            info = self.core.game_info(row, session.seat_infos())
            mine = info.seat_of(actor.user_id)
            if not self.core.store.has_snapshot(row.id):  # never started
                return Status(info, your_seat=mine.seat if mine else None)
            rules, state = session.rules, session.state
            due = self.core.due_map(row.id)
            names = session.names
            waiting = () if row.result else tuple(
                Waiting(d.id, d.kind.value, d.prompt, s, d.blocking, due.get((d.id, s)), names.get(s, s))
                for d in rules.pending(state) for s in d.seats)
            legal: tuple[str, ...] = ()
            said: tuple[str, ...] = ()
            question = ""
            if mine is not None and row.status == GameStatus.ACTIVE:
                legal = tuple(a.text() for a in rules.legal(state, mine.seat))
                d = ob.awaited(rules, state).get(mine.seat)
                if d is not None:
                    aud = Audience(mine.seat, names)
                    question = rules.words().question(state, d, mine.seat, aud)
                    said = tuple(c.label for c in ob.prompt_choices(rules, rules.words(), state, d, mine.seat, aud))
            ending: tuple[str, ...] = ()
            if row.result:
                public = Audience(None, names)
                ending = tuple(rules.words().final(state, public) or ob.result_lines(row.result, public))
            return Status(info, waiting, rules.view(state, None), row.result, mine.seat if mine else None, legal,
                          ob.title_of(rules, rules.words(), state), said, question, ending)

    def board(self, actor: Actor, channel: str | None, *, private: bool, game_id: int | None, draw: bool) -> Board:
        """The board view (public, or the actor's private one) and its image when a drawer exists.
        Drawing takes tens of milliseconds: adapters call this off the event loop."""
        session = self.core.started(actor, channel, game_id)
        row, rules, state = session.row, session.rules, session.state
        seat = None
        if private:
            mine = session.seat_of(actor.user_id)
            if mine is None:
                raise NotAllowed(f"you have no seat in game {row.id}, so no private board")
            seat = mine.seat
        view = rules.view(state, seat)
        png = renderer.render(rules.name, view, seat) if draw and renderer.has_drawer(rules.name) else None
        info = replace(self.core.game_info(row, session.seat_infos()), phase_title=ob.title_of(rules, rules.words(), state))
        return Board(info, seat, view, png)

    def hand(self, actor: Actor, channel: str | None, *, game_id: int | None = None) -> Hand:
        session = self.core.started(actor, channel, game_id)
        row, rules, state = session.row, session.rules, session.state
        mine = session.seat_of(actor.user_id)
        if mine is None:
            raise NotAllowed(f"you have no seat in game {row.id}")
        view = rules.view(state, mine.seat)
        sections = rules.words().hand(state, mine.seat, Audience(mine.seat, session.names))
        return Hand(self.core.game_info(row, session.seat_infos()), mine.seat, view, private_part(rules.view(state, None), view),
                    tuple((x.title, tuple(x.lines)) for x in sections), f"{rules.title}, game {row.id}")

    def log(self, actor: Actor, channel: str | None, *, last: int, game_id: int | None = None) -> LogPage:
        """The last actions with the events the asker may see (public ones, and their seat's own)."""
        row = self.core.resolve(actor, channel, game_id)
        if last < 1:
            raise TableError(f"the log shows 1 action or more, not {last}", code=TableRefusal.BAD_VALUE,
                             legal="for example `/game log last:5`")
        with self.core.game_lock(row.id):   # the row, the state and the actions read as of one move
            row = self.core.game_row(row.id)
            return self._log(row, actor, last)

    def _log(self, row: GameRow, actor: Actor, last: int) -> LogPage:
        mine = self.core.game_info(row).seat_of(actor.user_id)
        seat = mine.seat if mine else None
        rules = self.core.rules_by_name.get(row.game)
        state = self.core.load_state(row) if rules is not None and self.core.store.latest_snapshot(row.id) is not None else None
        names = self.core.seat_names(row.id)
        entries = []
        for a in self.core.store.actions(row.id, after=max(0, row.last_seq - last)):
            events = tuple(e for e in map(Event.from_json, json.loads(a.events)) if e.visible_to(seat))
            secret = self._secret_kind(rules, a.action)
            who = a.seat if a.seat == seat or not secret else ""
            line = ""
            if rules is not None and state is not None:
                public = [e for e in events if e.to is None]
                line = rules.words().log_line(state, None if secret else a.seat, public, Audience(None, names))
                if not line:
                    line = self._log_fallback(rules, state, a, secret, names)
            entries.append(LogEntry(a.seq, who, a.at, a.source, events, line))
        return LogPage(self.core.game_info(row), tuple(entries))

    @staticmethod
    def _log_fallback(rules: Rules, state: GameState, a: Any, secret: bool, names: dict[str, str]) -> str:
        """A log line for an action whose public events tell nothing: who acted, and what when public."""
        name = names.get(a.seat, a.seat)
        if secret:
            return "A secret choice was made."
        if a.source == "skip":
            return f"{name} had no choice; the table passed for them."
        try:
            action = Action.from_json(json.loads(a.action))
            said = rules.words().label(state, a.seat, action, Audience(None, names))
        except Exception:
            said = ""
        late = " when time ran out" if a.source == "deadline" else ""
        return f"{name}{late}: {said}." if said else f"{name} acted{late}."

    @staticmethod
    def _secret_kind(rules: Rules | None, action_json: str) -> bool:
        """Whether a logged action was a secret one (its actor is not shown to others)."""
        try:
            kind = json.loads(action_json)["kind"]
        except (ValueError, KeyError, TypeError):
            return True
        spec = rules.actions.get(kind) if rules is not None else None
        return spec is None or spec.secret

    def list_games(self, actor: Actor, channel: str | None) -> GameList:
        """The games of this channel; in a DM, or in a channel with none (the parent of the game
        threads), the person's own games (``yours``); always within their scope."""
        if channel is not None:
            here = tuple(self._listed(r) for r in self.core.store.games(channel=channel) if self.core.in_scope(actor, channel, r))
            if here:
                return GameList(None, here)
        rows = self.core.store.games(member=actor.user_id)
        return GameList(None, tuple(self._listed(r) for r in rows if self.core.in_scope(actor, None, r)), yours=True)

    def _listed(self, row: GameRow) -> GameInfo:
        """A game as a list shows it; one whose row or seats cannot be read is set aside and listed so."""
        if row.damaged:
            self.core.quarantine(DamagedRow(row.id, "games", row.id, row.damaged))
        try:
            info = self.core.game_info(row)
        except DamagedRow as err:
            self.core.quarantine(err)
            return self.core.game_info(row, seats=())
        shown = (GameStatus.ACTIVE, GameStatus.PAUSED, GameStatus.ABANDONED)   # a finished game is "over"
        return replace(info, phase_title=self._phase_title(row)) if info.phase and info.status in shown \
            and not info.damaged else info

    def _phase_title(self, row: GameRow) -> str:
        """A started game's phase in words, as its status names it ("" when its state cannot be read)."""
        with self.core.game_lock(row.id):
            session = self.core.session(row.id)
            try:
                return ob.title_of(session.rules, session.rules.words(), session.state)
            except TableError:   # a game set aside: the list says so, by its stored phase
                return ""

    def rules_help(self, actor: Actor, channel: str | None, *, name: str | None = None,
                   topic: str | None = None) -> RulesHelp:
        """A game's rule topics and commands (``name``: a game, ``game`` for the table, default the
        channel's game). With ``topic`` (an id, title, alias, keyword, section or word; a ``name``
        that is no game is taken as the topic) only the matching topics, best first, and the
        commands they name or that mention the word; without, every topic and command."""
        if name and name != TABLE_GROUP and name not in self.core.rules_by_name and not topic:
            name, topic = None, name
        topic = (topic or "").strip()
        group, info = name, None
        if group is None:
            try:
                row = self.core.resolve(actor, channel)
                group, info = row.game, self.core.game_info(row)
            except TableError:
                group = self._best_game_for(topic) if topic else None
                if group is None and topic:
                    raise TableError(f"no game here and no game's rule topic matches {topic!r}",
                                     code=TableRefusal.NO_GAME, legal=sorted(self.core.rules_by_name)) from None
                if group is None:
                    raise
        if group != TABLE_GROUP:
            self.core.rules_for(group)
        commands = self.core.registry.commands(group)
        topics = helptopics.topics(group)
        if topic:
            topics = helptopics.find(group, topic)
            related = {k for t in topics for k in t.commands}
            word = topic.lower()
            commands = [c for c in commands if c.name in related or word in f"{c.usage()} {c.doc} {c.section}".lower()]
            if not topics and not commands:
                raise TableError(f"no rule topic or command of {self.core.game_title(group)} matches {topic!r}",
                                 code=TableRefusal.NO_TOPIC, legal=[t.title for t in helptopics.topics(group)] or None)
        cmds = tuple(CommandHelp(c.usage(), c.doc, c.gm, c.secret) for c in commands)
        # The summaries name commands as /fief <kind>: spelled as Discord does (/fief-court crown nominate).
        topics = tuple(replace(t, summary=self.core.registry.respell(group, t.summary)) for t in topics)
        paths = {k: self.core.registry.path(group, k) for t in topics for k in t.commands}
        return RulesHelp(info, group, self.core.game_title(group) if group != TABLE_GROUP else "Table", cmds,
                         topic=topic, topics=topics, paths=paths)

    def guide(self, actor: Actor, channel: str | None, *, game_id: int | None = None) -> Guide:
        """``/game help``: what to do now, for the asker where they asked: whether the game waits on
        them and what it asks, else whom it waits on; the lobby's next step; how to open a game where
        there is none. Then the five commands that matter there, as Discord spells them."""
        path = self.core.registry.path
        try:
            row = self.core.resolve(actor, channel, game_id)
        except TableError as err:
            if err.code == TableRefusal.WHICH_GAME:
                return Guide(None, ("You sit at several live games: name one with game:<number> "
                                    "(`/game list` shows them, with their numbers).",), None, self._guide_opening())
            if err.code != TableRefusal.NO_GAME:
                raise
            games = " or ".join(f"`/game new name:{name}` ({r.title}, {r.min_seats} to {r.max_seats} players)"
                                for name, r in sorted(self.core.rules_by_name.items()))
            return Guide(None, ("There is no game here yet.",
                                f"Open one with {games or '`/game new`'}; the others then join with the lobby's Join "
                                "button or `/game join`."), None, self._guide_opening())
        st = self.status(actor, channel, game_id=row.id)
        g = st.game
        assert g is not None
        mine = g.seat_of(actor.user_id)
        head = f"{g.title}, game {g.id}"
        if g.status == GameStatus.LOBBY:
            wanted = g.players or 0
            seats = f"{len(g.seats)} of {wanted} seats taken" if wanted else \
                f"{len(g.seats)} seat{'s' if len(g.seats) != 1 else ''} taken"
            now = [f"{head} is in its lobby: {seats}."]
            if mine is None and wanted and len(g.seats) >= wanted:
                now.append("Every seat is taken: the game's manager may free one, or `/game new` opens another game.")
            elif mine is None:
                now.append("Take a seat with the lobby's Join button or `/game join`"
                           + (", and choose your colour or faction with `/game role`." if g.roles else "."))
            elif g.roles and not mine.role:
                now.append("You have a seat. Choose your colour or faction with `/game role` (or leave it to the deal).")
            else:
                now.append("You have a seat" + (f", playing {next(x.label for x in g.roles if x.id == mine.role)}"
                                                if mine.role and any(x.id == mine.role for x in g.roles) else "") + ".")
            if wanted and len(g.seats) < wanted:
                now.append(f"The game waits for {wanted - len(g.seats)} more player"
                           f"{'s' if wanted - len(g.seats) != 1 else ''}; then its creator starts it with `/game start`.")
            elif actor.user_id == g.creator:
                now.append("You opened it: start it with `/game start` when everyone is in.")
            else:
                now.append("Its creator starts it with `/game start` when everyone is in.")
            return Guide(g, tuple(now), None, (
                ("/game join", "take a seat" + (" (role: a colour or faction)" if g.roles else "")),
                ("/game role", "choose or change your colour or faction") if g.roles else
                ("/game leave", "give up your seat before the start"),
                ("/game computer", "seat a computer player (the game's creator)"),
                ("/game start", "start the game (its creator)"),
                ("/game rules", "the rules in short, and every command")))
        if g.status in (GameStatus.FINISHED, GameStatus.ABANDONED):
            ended = "is over" if g.status == GameStatus.FINISHED else "was abandoned"
            return Guide(g, (f"{head} {ended}. `/game new` opens another.",), None, (
                ("/game log", "how it went, move by move"), ("/game board", "the final board"),
                ("/game new", "open another game"), ("/game list", "the games here, or yours"),
                ("/game rules", "the rules in short, and every command")))
        now = []
        due = None
        if g.status == GameStatus.PAUSED:
            now.append(f"{head} is paused: its clock has stopped until a game manager resumes it with `/game resume`.")
        waiting = [w for w in st.waiting if w.blocking]
        others = [w.name or w.seat for w in waiting if mine is None or w.seat != mine.seat]
        if mine is not None and st.question:
            due = min((w.due for w in waiting if w.seat == mine.seat and w.due), default=None)
            now.append(f"{head} ({st.title}): the game waits on you. {st.question}")
            now.append("Answer with the buttons of your prompt in your direct messages, or here with `/game hand` "
                       "(your choices, shown only to you).")
            rules = self.core.rules_for(g.game)
            kinds = list(dict.fromkeys(a.split()[0] for a in st.legal))
            answers = [k for k in kinds if k in rules.actions and not rules.actions[k].anytime]
            kinds = (answers or kinds)[:3]
            if kinds:
                now.append("Or type it: " + ", ".join(f"`{path(g.game, k)}`" for k in kinds) + ".")
        elif mine is not None:
            who = join_words(list(dict.fromkeys(others))) or "nobody"
            now.append(f"{head} ({st.title}): nothing waits on you now; the game waits on {who}. "
                       "Your prompt comes by direct message when it is your turn.")
        else:
            who = join_words(list(dict.fromkeys(others))) or "nobody"
            now.append(f"{head} ({st.title}): you have no seat in this game; it waits on {who}.")
        return Guide(g, tuple(now), due, (
            ("/game hand", "your hand, secrets and choices, shown only to you"),
            ("/game status", "where the game stands and whom it waits on"),
            ("/game board", "the board (private:yes for what only you know)"),
            ("/game log", "the last moves"),
            ("/game rules", "a rule in short, with the commands that play it")))

    def _guide_opening(self) -> tuple[tuple[str, str], ...]:
        """``/game help`` where there is no game: how to open one or join one."""
        names = " or ".join(sorted(self.core.rules_by_name)) or "the game's name"
        return (("/game new", f"open a game (name: {names})"),
                ("/game join", "take a seat in a game's lobby"),
                ("/game list", "the games here, or the games you sit at"),
                ("/game rules", "the rules in short, and every command"),
                ("/game help", "this guide; in a game's thread, what to do now"))

    def _best_game_for(self, topic: str) -> str | None:
        """The game whose rule topics answer ``topic`` best (for a question asked outside any game)."""
        scored = [(max((helptopics.score(t, topic) for t in helptopics.topics(g)), default=0), g)
                  for g in sorted(self.core.rules_by_name)]
        best = max(scored, default=(0, ""))
        return best[1] if best[0] > 0 else None
