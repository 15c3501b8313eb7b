"""The game manager's commands: pause, resume, replace a seat's player, abandon, settings."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from bot.table import limits
from bot.table.basics import (
    COMPUTER_USER,
    DEFAULT_SETTINGS,
    is_computer_user,
    shown_name,
)
from bot.table.errors import NotAllowed, TableError, TableRefusal
from bot.table.results import (
    LIVE,
    Actor,
    AlreadyDone,
    GameStatus,
    Settings,
    TableChanged,
    status_words,
)
from bot.table.session import GameSession
from engine import agents
from engine.core import Refusal

if TYPE_CHECKING:
    from bot.table.actions import Actions
    from bot.table.core import TableCore
    from bot.table.deadlines import DeadlineBook


class Manager:
    """Commands for the creator or a member with the game manager permission. A part of the table
    service, made with the table's core, its actions and its deadlines."""

    def __init__(self, core: TableCore, actions: Actions, deadlines: DeadlineBook):
        self.core = core
        self.actions = actions
        self.deadlines = deadlines

    def pause(self, actor: Actor, channel: str | None, *, game_id: int | None = None,
              key: str | None = None) -> TableChanged | AlreadyDone:

        def body(session: GameSession) -> TableChanged:
            row = session.row
            if row.status == GameStatus.PAUSED:
                raise TableError(f"game {row.id} is paused already", code=TableRefusal.NOT_ACTIVE,
                                 legal="`/game resume` restarts it")
            if row.status != GameStatus.ACTIVE:
                raise TableError(f"game {row.id} cannot be paused: it is {status_words(row.status)}",
                                 code=TableRefusal.NOT_ACTIVE)
            now = self.core.clock.now()
            with self.core.store.transaction():
                self.core.store.update_game(row.id, status=GameStatus.PAUSED.value, paused_at=now, updated=now)
                session.changed(status=GameStatus.PAUSED.value, paused_at=now, updated=now)
                self.core.post_notice(session, f"e{row.epoch}.s{row.last_seq}.pause.{now}", "table", what="paused",
                                      by=actor.name)
                self.core.remember_key(key, row.id, "pause")
            return TableChanged(self.core.session_info(session), "paused")

        return self.core.once(actor, channel, game_id, key, body, gm="pause the game")

    def resume(self, actor: Actor, channel: str | None, *, game_id: int | None = None,
               key: str | None = None) -> TableChanged | AlreadyDone:

        def body(session: GameSession) -> TableChanged:
            row = session.row
            if row.status != GameStatus.PAUSED:
                raise TableError(f"game {row.id} cannot be resumed: it is {status_words(row.status)}", code=TableRefusal.NOT_PAUSED)
            now = self.core.clock.now()
            stopped = max(0.0, now - (row.paused_at or now))
            state = session.state
            with self.core.store.transaction():
                self.core.store.shift_deadlines(row.id, stopped)
                self.core.store.update_game(row.id, status=GameStatus.ACTIVE.value, paused_at=None, updated=now)
                session.changed(status=GameStatus.ACTIVE.value, paused_at=None, updated=now)
                self.deadlines.sync(session.row, session.rules, state, now,  # e.g. an imported paused game
                                    computers=session.computers)
                self.core.post_notice(session, f"e{row.epoch}.s{row.last_seq}.resume.{now}", "table", what="resumed",
                                      by=actor.name, stopped=stopped)
                self.core.remember_key(key, row.id, "resume")
            return TableChanged(self.core.session_info(session), "resumed")

        return self.core.once(actor, channel, game_id, key, body, gm="resume the game")

    def replace(self, actor: Actor, channel: str | None, seat: str, user_id: str | None = None,
                name: str | None = None, *, computer: str | None = None, game_id: int | None = None,
                key: str | None = None) -> TableChanged | AlreadyDone:
        """Give ``seat`` to another person (``user_id``) or to a computer player of strength
        ``computer``; the seat keeps its name and its secrets. The game's manager may do either; the
        seat's owner may hand it to a computer player and take it back (a seat handed to a computer
        player keeps its owner, who still reads its news)."""
        if computer is not None:
            computer = computer.strip().lower()
            if computer not in agents.STRENGTHS or user_id:
                raise TableError("name a person or a computer player's strength, not both"
                                 if user_id else f"a computer player's strength is not {computer!r}",
                                 code=TableRefusal.BAD_VALUE, legal=list(agents.STRENGTHS))
        elif not user_id:
            raise TableError("say who takes the seat over", code=TableRefusal.BAD_VALUE,
                             legal="`user:` and the person, or `computer:` and a computer player's strength")
        elif len(user_id) > limits.MAX_USER_ID:
            raise TableError(f"a user id is 1 to {limits.MAX_USER_ID} characters", code=TableRefusal.BAD_VALUE,
                             legal="mention the person, or name a computer player's strength")
        name = shown_name(name) if name else None

        def body(session: GameSession) -> TableChanged:
            row, info = session.row, self.core.session_info(session)
            held = info.user_of(seat)
            if held is None:
                raise TableError(f"game {row.id} has no seat {seat!r}", code=Refusal.NO_SEAT,
                                 legal=[s.seat for s in info.seats])
            owner = held.user_id == actor.user_id and not is_computer_user(held.user_id)
            if not self.core.is_gm(actor, row) and not (owner and (computer or user_id == actor.user_id)):
                raise NotAllowed("only the game's manager, or the seat's owner, may hand a seat over",
                                 legal="the game's manager is its creator, or anyone with Manage Server or the GM role in this "
                                       "server; the seat's owner may give it to a computer player and take it back")
            if user_id is not None:
                other = info.seat_of(user_id)
                if other is not None and other.seat != seat:
                    raise TableError(f"that person already holds seat {other.seat!r}", code=TableRefusal.SEATED)
            if row.status in (GameStatus.FINISHED, GameStatus.ABANDONED):
                raise TableError(f"game {row.id} is over", code=Refusal.GAME_OVER)
            now = self.core.clock.now()
            stored = session.seat_row(seat)
            assert stored is not None
            with self.core.store.transaction():
                if computer is not None:
                    self.core.store.set_seat_agent(row.id, seat, computer)
                    session.seated(replace(stored, agent=computer))
                else:
                    assert user_id is not None
                    self.core.store.set_seat_user(row.id, seat, user_id, name or user_id)
                    session.seated(replace(stored, user_id=user_id, name=name or user_id, agent=""))
                if self.core.store.has_snapshot(row.id) and row.status != GameStatus.LOBBY:
                    self.core.store.close_seat_deadlines(row.id, seat, now, "handed over")
                    if row.status == GameStatus.ACTIVE:
                        self.deadlines.sync(row, session.rules, session.state, now, computers=session.computers)
                if computer is not None:
                    self.core.post_notice(session, f"replace.{seat}.{now}.computer", "table", what="computer",
                                          seat=seat, by=actor.name, user=held.name, strength=computer)
                else:
                    self.core.post_notice(session, f"replace.{seat}.{now}.{user_id}", "table", what="replaced",
                                          was=held.name, by=actor.name, user=name or user_id, back=held.computer)
                    self.core.queue(row.id, self.actions.prompt_anew(row, seat, f"g{row.id}.replace.{seat}.{now}.prompt"),
                                    session.seats)
                self.core.remember_key(key, row.id, "replace")
            self.core.loaded_games.pop(row.id, None)
            new = f"{COMPUTER_USER}{computer}" if computer else user_id
            return TableChanged(self.core.session_info(session), "replaced",
                                {"seat": seat, "old": held.user_id, "new": new, "name": name or new,
                                 "computer": computer or ""})

        return self.core.once(actor, channel, game_id, key, body)

    def abandon(self, actor: Actor, channel: str | None, *, game_id: int | None = None,
                key: str | None = None) -> TableChanged | AlreadyDone:
        """End a live game for good (the game's manager)."""

        def body(session: GameSession) -> TableChanged:
            row = session.row
            if row.status not in LIVE:
                raise TableError(f"game {row.id} is already {status_words(row.status)}", code=Refusal.GAME_OVER)
            now = self.core.clock.now()
            with self.core.store.transaction():
                self.core.store.update_game(row.id, status=GameStatus.ABANDONED.value, updated=now)
                session.changed(status=GameStatus.ABANDONED.value, updated=now)
                self.core.store.close_game_deadlines(row.id, now, "abandoned")
                self.core.post_notice(session, f"abandon.{now}", "table", what="abandoned", by=actor.name)
                self.core.remember_key(key, row.id, "abandon")
            return TableChanged(self.core.session_info(session), "abandoned")

        return self.core.once(actor, channel, game_id, key, body, gm="abandon a game")

    def settings(self, actor: Actor, channel: str | None, *, setting: str | None = None, value: str | None = None,
                 game_id: int | None = None, key: str | None = None) -> Settings | AlreadyDone:
        """Show the table settings; with ``setting`` and ``value``, change one (the game's manager)."""
        if setting is not None and setting not in DEFAULT_SETTINGS:
            raise TableError(f"no setting {setting!r}", code=TableRefusal.BAD_SETTING, legal=sorted(DEFAULT_SETTINGS))
        if setting is None or value is None:
            row = self.core.resolve(actor, channel, game_id)
            shown = self.deadlines.settings_of(row)
            return Settings(self.core.game_info(row), shown if setting is None else {setting: shown[setting]})
        self.core.check_setting(setting, value)

        def body(session: GameSession) -> Settings:
            row = session.row
            with self.core.store.transaction():
                self.core.store.update_game(row.id, settings={**row.settings, setting: value})
                self.core.remember_key(key, row.id, "settings")
            session.changed(settings={**row.settings, setting: value})
            return Settings(self.core.session_info(session), self.deadlines.settings_of(session.row), setting)

        return self.core.once(actor, channel, game_id, key, body, gm="change settings")
