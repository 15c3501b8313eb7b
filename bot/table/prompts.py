"""Prompts, choices and flows: what a seat is asked, a clicked choice, a typed command's names
turned into values, and autocomplete."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.table import helptopics
from bot.table import outbox as ob
from bot.table.actions import list_items
from bot.table.basics import (
    DEFAULT_SETTINGS,
    NOTHING,
)
from bot.table.commands import Command, ParamKind, Source
from bot.table.errors import NotAllowed, Refusal, TableError, TableRefusal
from bot.table.results import (
    LIVE,
    Actor,
    Applied,
    Asked,
    GameStatus,
)
from bot.table.session import GameSession
from bot.table.store import GameRow
from engine.core import Action, Decision, GameState, RuleError, Rules, StaleState
from engine.core.rules import RANDOM_ROLE
from engine.core.words import Audience, fold, join_words, match_name

if TYPE_CHECKING:
    from bot.table.actions import Actions
    from bot.table.core import TableCore


class Prompts:
    """What a seat is asked and how it answers by click or by name. A part of the table service, made
    with the table's core and its actions."""

    def __init__(self, core: TableCore, actions: Actions):
        self.core = core
        self.actions = actions

    def _awaited_seat(self, actor: Actor, channel: str | None,
                      game_id: int | None) -> tuple[GameRow, Rules, GameState, str, Decision]:
        session = self.core.started(actor, channel, game_id)
        row, rules, state = session.row, session.rules, session.state
        mine = session.seat_of(actor.user_id)
        if mine is None:
            raise NotAllowed(f"you have no seat in game {row.id}; only a seat's player answers for it")
        if mine.agent:
            raise NotAllowed(f"a computer player ({mine.agent}) plays your seat {mine.seat} now",
                             legal=f"take it back: `/game replace seat:{mine.seat} user:<you>`")
        self.actions.check_playable(row)
        d = ob.awaited(rules, state, offers=True).get(mine.seat)
        if d is None:
            raise TableError("nothing waits on you right now", code=Refusal.NOT_AWAITED,
                             legal="`/game status` shows who the game waits for")
        return row, rules, state, mine.seat, d

    def prompt(self, actor: Actor, channel: str | None, *, game_id: int | None = None) -> dict[str, Any]:
        """The actor's living prompt as the outbox words it (question, deadline, choices), now."""
        row, rules, state, seat, d = self._awaited_seat(actor, channel, game_id)
        names = self.core.seat_names(row.id)
        return ob.prompt_payload(rules, rules.words(), state, d, seat, Audience(None, names), game_id=row.id,
                                 due=self.core.due_map(row.id).get((d.id, seat)), fresh=False,
                                 title=ob.title_of(rules, rules.words(), state))

    def choose(self, actor: Actor, channel: str | None, *, version: int, path: list[list[int]] | tuple[Any, ...],
               game_id: int | None = None, key: str | None = None, confirmed: bool = False,
               text: str | None = None) -> Applied | Asked:
        """Answer the actor's prompt by clicks: ``path`` is the index of a choice of the prompt
        (``[[i]]``), then the option indices picked at each step of its flow. Returns the next
        question (:class:`Asked`) while the action is not complete, a confirmation question for a
        harmful choice (``Asked.confirm``; answer again with ``confirmed``), else plays it.
        ``version`` names the prompt's menu (``outbox.menu_id``): a click on a prompt whose choices
        changed since is refused. ``text`` answers the step ``path`` leads to when it asks for
        typed words (``FlowStep.text``, the flow's last step): the action is then complete."""
        row, rules, state, seat, d = self._awaited_seat(actor, channel, game_id)
        if key and (dup := self.actions.duplicate(row, key)) is not None:
            return dup
        words = rules.words()
        aud = Audience(seat, self.core.seat_names(row.id))
        choices = ob.prompt_choices(rules, words, state, d, seat, aud)
        if ob.menu_id(choices) != version:
            raise TableError("this prompt is out of date: the game has moved on since", code=TableRefusal.STALE,
                             legal="your fresh prompt is the newest one in your messages, or `/game hand`")
        steps = [tuple(int(i) for i in step) for step in path]
        if not steps or len(steps[0]) != 1:
            raise TableError("choose one of the prompt's choices first", code=Refusal.BAD_CHOICE)
        first = steps[0][0]
        if not 0 <= first < len(choices):
            raise TableError(f"your prompt has no choice {first + 1}: {_numbered(len(choices))}",
                             code=TableRefusal.STALE)
        c = choices[first]
        action, confirm = c.action, c.confirm
        if action is None:
            if c.flow is None:
                raise TableError("that choice leads nowhere", code=Refusal.BAD_CHOICE)
            kind, chosen = c.flow, dict(c.chosen)
            for picked in steps[1:]:
                step = words.flow(state, seat, kind, chosen, aud)
                if step is None:
                    break
                try:
                    options = [step.options[i] for i in picked]
                except IndexError:
                    if not step.options:
                        raise TableError("this step asks for your own words, not a choice: write them",
                                         code=Refusal.BAD_CHOICE) from None
                    raise TableError(f"this step has no choice {max(picked) + 1} now: {_numbered(len(step.options))}",
                                     code=TableRefusal.STALE) from None
                if len(options) == 1 and options[0].action is not None:
                    action, confirm = options[0].action, options[0].confirm
                    break
                chosen = _merge_chosen(chosen, step.param, options, step.multi)
                confirm = next((o.confirm for o in options if o.confirm), None)
            if action is None:
                step = words.flow(state, seat, kind, chosen, aud)
                if step is not None and step.text and text is not None:
                    chosen[step.param] = _typed(text, step.max_length)
                    step = words.flow(state, seat, kind, chosen, aud)
                    if step is not None:
                        raise TableError("those words were not the last answer this choice needs", code=Refusal.BAD_CHOICE,
                                         legal="answer the question it asks, then write the words")
                elif text is not None:
                    raise TableError("this step is answered by picking, not by writing", code=Refusal.BAD_CHOICE,
                                     legal=join_words([o.label for o in step.options], "or") if step else "nothing")
                if step is not None:
                    return Asked(self.core.game_info(row), seat, version, step.question,
                                 tuple((o.label, o.hint) for o in step.options), step.multi,
                                 step.min_values, step.max_values, tuple(steps), text=step.text,
                                 max_length=step.max_length, placeholder=step.placeholder, button=step.button)
                action = Action.of(kind, **chosen)
        elif text is not None:
            raise TableError("this choice is answered by a click, not by writing", code=Refusal.BAD_CHOICE)
        if confirm and not confirmed:
            return Asked(self.core.game_info(row), seat, version, confirm, (), path=tuple(steps), confirm=confirm)
        try:
            return self.actions.apply(row.id, seat, action, key=key, user_id=actor.user_id, source="player",
                               expect_version=state.version)
        except StaleState:
            raise
        except RuleError as err:
            raise self.actions.named_refusal(self.core.session(row.id), seat, action, err) from None

    def named_values(self, actor: Actor, session: GameSession, cmd: Command, values: dict[str, Any]) -> dict[str, Any]:
        """``values`` of the game command ``cmd`` for the game of ``session`` (resolved within the
        caller's reach, its lock held) with the names people typed turned into the game's ids:
        display names (``Words.value_label``) of the legal values, any case and accents, unique
        prefixes; an id is still accepted. An ambiguous name is refused with its candidates; an
        unknown one is left for the rules to refuse. Values are left as typed where nobody is awaited
        for names: a game not started, another game's command, a person with no seat (``act`` refuses
        those)."""
        row = session.row
        mine = session.seat_of(actor.user_id)
        if cmd.spec is None or row.game != cmd.group or row.status == GameStatus.LOBBY or mine is None \
                or not self.core.store.has_snapshot(row.id):
            return values
        rules, state = session.rules, session.state
        out = dict(values)
        for p in cmd.spec.params:
            raw = values.get(p.name)
            if not isinstance(raw, str) or not raw.strip():
                continue
            names = self.actions.value_names(rules, state, mine.seat, cmd.spec.kind, p.name)
            if not names:
                continue
            is_list = p.type.value == "list"
            parts = [x.strip() for x in raw.split(",")] if is_list else [raw.strip()]
            if is_list and len(parts) == 1 and fold(parts[0]) in NOTHING:
                out[p.name] = ()
                continue
            got = []
            for typed in parts:
                found = match_name(typed, names)
                if len(found) > 1:
                    raise TableError(f"{typed!r} could be {join_words([names[v] for v in found], 'or')}",
                                     code=TableRefusal.AMBIGUOUS, legal=[names[v] for v in found])
                got.append(str(found[0]) if found else typed)
            out[p.name] = ",".join(got)
        return out

    def suggest(self, actor: Actor, channel: str | None, group: str, name: str, param: str, prefix: str, *,
                game_id: int | None, limit: int, given: dict[str, Any] | None) -> list[Any]:
        """Autocomplete values for one parameter (at most ``limit``). Never raises: an unknown
        game or command gives no suggestions. Values are checked again on submit. ``given``: the
        other values typed so far (``/game rules name:fief topic:`` suggests Fief's topics)."""
        try:
            cmd = self.core.registry.find(group, name)
        except RuleError:
            return []
        p = cmd.param(param)
        if p is None:
            return []
        if p.autocomplete is Source.TOPICS:
            return self._suggest_topics(actor, channel, str((given or {}).get("name") or ""), prefix, game_id, limit)
        values: list[Any] = list(p.choices)
        try:
            if p.autocomplete is Source.GAMES:
                values = sorted(self.core.rules_by_name)
            elif p.autocomplete is Source.SETTINGS:
                values = sorted(DEFAULT_SETTINGS)
            elif p.autocomplete is Source.ROLES:
                info = self.core.game_info(self.core.resolve(actor, channel, game_id))
                mine = info.seat_of(actor.user_id)
                values = [r.id for r in info.roles if r.seat is None or (mine and r.seat == mine.seat)]
                values += [RANDOM_ROLE] if values or info.roles else []
            elif p.autocomplete is Source.MY_GAMES:
                rows = self.core.store.games(user_id=actor.user_id, statuses=LIVE)
                if channel is not None:
                    rows = self.core.store.games(channel=channel, statuses=LIVE) + rows
                ended = [r for r in self.core.store.games(user_id=actor.user_id) if r.status not in LIVE][::-1]
                values = list(dict.fromkeys(r.id for r in rows + ended if self.core.in_scope(actor, channel, r)))
            elif p.autocomplete is Source.SEATS or p.kind is ParamKind.SEAT and p.autocomplete is Source.NONE:
                row = self.core.resolve(actor, channel, game_id)
                values = [s.seat for s in self.core.game_info(row).seats]
            elif p.autocomplete is Source.SUGGEST:
                row = self.core.resolve(actor, channel, game_id)
                mine = self.core.game_info(row).seat_of(actor.user_id)
                if mine is None or row.status != GameStatus.ACTIVE:
                    return []
                rules = self.core.rules_for(row.game)
                with self.core.game_lock(row.id):
                    state = self.core.load_state(self.core.game_row(row.id))
                    values = list(rules.suggest(state, mine.seat, name, param))
        except RuleError:
            return []
        low = str(prefix).lower()
        return [v for v in values if str(v).lower().startswith(low)][:limit]

    def suggest_named(self, actor: Actor, channel: str | None, group: str, name: str, param: str, prefix: str, *,
                      game_id: int | None, limit: int, given: dict[str, Any] | None) -> list[tuple[str, Any]]:
        """Autocomplete as people see it: (name, value) pairs, at most ``limit``. Game values are
        named by the game (``Words.value_label``), matched on the name or the id (any case, no
        accents); list values (troops) are named item by item, the empty one ``none``. Never an
        empty name or value, nor one over 100 characters (Discord refuses them)."""
        try:
            cmd = self.core.registry.find(group, name)
        except RuleError:
            return []
        p = cmd.param(param)
        pairs: list[tuple[str, Any]] = []
        if p is not None and p.autocomplete is Source.SUGGEST and cmd.spec is not None:
            try:
                row = self.core.resolve(actor, channel, game_id)
                mine = self.core.game_info(row).seat_of(actor.user_id)
                if mine is None or row.status != GameStatus.ACTIVE:
                    return []
                rules = self.core.rules_for(row.game)
                with self.core.game_lock(row.id):
                    state = self.core.load_state(self.core.game_row(row.id))
                    words = rules.words()
                    for v in rules.suggest(state, mine.seat, cmd.spec.kind, param):
                        items = list_items(rules, cmd.spec.kind, param, v)
                        if items is not None:  # a list (troops): named as a whole, "2 Knights and 3 Men-at-Arms"
                            label = words.value_label(state, mine.seat, cmd.spec.kind, param, tuple(items)) or "none"
                            value: Any = ",".join(map(str, items)) or "none"
                        else:
                            label, value = words.value_label(state, mine.seat, cmd.spec.kind, param, v), v
                        pairs.append((label or str(value), value))
            except RuleError:
                return []
        else:
            values = self.suggest(actor, channel, group, name, param, prefix, game_id=game_id, limit=limit,
                                  given=given)
            pairs = [(self._value_name(actor, channel, game_id, p.autocomplete if p else None, v), v) for v in values]
            prefix = ""  # matched by suggest already
        want = fold(str(prefix))
        out: list[tuple[str, Any]] = []
        for label, value in pairs:
            text = str(value)
            if not label.strip() or not text.strip() or len(text) > 100:
                continue
            if want and not (fold(label).startswith(want) or fold(text).startswith(want)
                             or f" {want}" in f" {fold(label)}"):
                continue
            label = label if len(label) <= 100 else label[:99] + "…"
            if (label, value) not in out:
                out.append((label, value))
        return out[:limit]

    def _value_name(self, actor: Actor, channel: str | None, game_id: int | None, source: Source | None,
                    value: Any) -> str:
        """The name of a table command's value: a role's label, a game's number and title, a
        seat's player; else the value itself."""
        try:
            if source is Source.MY_GAMES:
                info = self.core.info(int(value))
                ended = "" if info.status.value in LIVE else f" ({info.status.value})"
                return f"Game {info.id}: {info.title}{ended}"
            if source in (Source.ROLES, Source.SEATS):
                info = self.core.game_info(self.core.resolve(actor, channel, game_id))
                if source is Source.ROLES:
                    return next((r.label for r in info.roles if r.id == value), "Random" if value == RANDOM_ROLE
                                else str(value))
                held = info.user_of(str(value))
                return held.name if held and held.name else str(value)
        except (RuleError, ValueError):
            pass
        return str(value)

    def _suggest_topics(self, actor: Actor, channel: str | None, game: str, prefix: str, game_id: int | None,
                        limit: int) -> list[Any]:
        """Rule topic titles of the named game, else of the channel's game, else of every game."""
        games = [game] if game in self.core.rules_by_name else []
        if not games:
            try:
                games = [self.core.resolve(actor, channel, game_id).game]
            except RuleError:
                games = sorted(self.core.rules_by_name)
        values = [v for g in games for v in helptopics.suggest(g, prefix, limit)]
        return list(dict.fromkeys(values))[:limit]


def _numbered(count: int) -> str:
    """How the choices of a prompt or step are numbered, said to one who typed a number outside them."""
    if count <= 2:
        return "its only choice is numbered 1" if count == 1 else "its choices are numbered 1 and 2"
    return f"its choices are numbered 1 to {count}"


def _typed(text: str, limit: int) -> str:
    """Words typed for a text step, spaces folded; refused when empty or longer than ``limit``."""
    words = " ".join(str(text).split())
    if not words:
        raise TableError("write something first: the words cannot be empty", code=TableRefusal.EMPTY_TEXT,
                         legal="a sentence or two")
    if limit and len(words) > limit:
        raise TableError(f"that is {len(words)} characters; at most {limit} fit", code=TableRefusal.TOO_LONG,
                         legal="shorten them and write again")
    return words


def _merge_chosen(chosen: dict[str, Any], param: str, options: list[Any], multi: bool) -> dict[str, Any]:
    """The parameters fixed after one flow step: each picked option's ``chosen``; for a
    multi-select, ``param`` collects the values of every picked option (FlowStep)."""
    out = dict(chosen)
    for o in options:
        out.update(dict(o.chosen))
    if multi:
        values: list[Any] = []
        for o in options:
            v = dict(o.chosen).get(param)
            values += list(v) if isinstance(v, list | tuple) else ([] if v is None else [v])
        out[param] = tuple(values)
    return out
