"""Fief: England speaks like a game master: the game's :class:`~engine.core.words.Words`.

By rule area: names.py (names for ids), events_*.py (a sentence per event kind and audience),
prompts.py (questions, choices, confirmations, skipping), labels.py (a command's button) and values.py
(a value's name) as word tables, flows.py (multi-part actions as short menus), mat.py (``/game hand``), summary.py (phase summaries, battle reports, news, the log).
``WORDS`` is the one instance ``FiefRules.words()`` returns.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.actions import Action
from engine.core.decisions import Decision
from engine.core.events import Event
from engine.core.state import GameState
from engine.core.words import Audience, Choice, FlowStep, Section, Words
from engine.fief.words import (
    events_board,
    events_cards,
    events_crown,
    events_money,
    events_opportunity,
    events_table,
    events_war,
    final,
    flows,
    labels,
    mat,
    names,
    prompts,
    summary,
    values,
)
from engine.fief.words.tell import TELLERS

_MODULES = (events_board, events_cards, events_crown, events_money, events_opportunity, events_table,
            events_war)   # imported for their tellers


class FiefWords(Words):
    """The wording of Fief: England (see the modules of this package)."""

    quiet = frozenset({
        "random.shuffle",    # decks shuffled face down
        "random.pick",       # random draws told by the event that shows their result
        "deck.reshuffled",   # a depleted deck made again (2.1): bookkeeping
        "step.begun",        # the table titles each step with phase_title()
        "fortune.cleared",   # Fortune cards leave the seas after Income: bookkeeping
    })

    def __init__(self) -> None:
        super().__init__()
        for kind, teller in TELLERS.items():
            self.on(kind)(teller)

    # -- the thread
    def phase_title(self, state: GameState) -> str:
        return summary.phase_title(state.data)

    def phase_summary(self, state: GameState, phase: str, events: list[Event], aud: Audience) -> list[str]:
        return summary.phase_summary(self, state, events, aud.public())

    def battle_events(self, events: list[Event]) -> list[list[Event]]:
        return summary.battle_events(events)

    def final(self, state: GameState, aud: Audience) -> list[str]:
        return final.final(state.data, aud.public())

    def seat_name(self, state: GameState, seat: str, aud: Audience) -> str:
        return names.seat_player(state.data, seat, aud)
    def battles_under_way(self, events: list[Event]) -> list[list[Event]]:
        return summary.battle_events(events, ongoing=True)

    def battle_seats(self, state: GameState, events: list[Event]) -> list[str]:
        return summary.battle_seats(state.data, events)

    def battle_report(self, state: GameState, events: list[Event], aud: Audience) -> list[str]:
        return summary.battle_report(state.data, events, aud)  # the thread passes the public audience

    def news(self, state: GameState, events: list[Event], seat: str, aud: Audience) -> list[str]:
        return summary.news(self, state, events, seat, aud.to(seat))

    def log_line(self, state: GameState, seat: str | None, events: list[Event], aud: Audience) -> str:
        return summary.log_line(self, state, seat, events, aud.public())

    # -- prompts
    def question(self, state: GameState, decision: Decision, seat: str, aud: Audience) -> str:
        return prompts.question(state.data, decision, seat, aud.to(seat))

    def if_absent(self, state: GameState, decision: Decision, seat: str, aud: Audience) -> str:
        return prompts.if_absent(state.data, decision, seat, aud.to(seat))

    def choices(self, state: GameState, decision: Decision, seat: str, legal: list[Action],
                aud: Audience) -> list[Choice]:
        return prompts.choices(state.data, decision, seat, legal, aud.to(seat))

    def label(self, state: GameState, seat: str, action: Action, aud: Audience) -> str:
        return labels.label(state.data, seat, action, aud.to(seat))

    def flow(self, state: GameState, seat: str, kind: str, chosen: Mapping[str, Any], aud: Audience) -> FlowStep | None:
        return flows.flow(state, seat, kind, dict(chosen), aud.to(seat))

    def confirm(self, state: GameState, seat: str, action: Action, aud: Audience) -> str | None:
        return prompts.confirm(state.data, seat, action)

    def skippable(self, state: GameState, decision: Decision, seat: str) -> bool:
        return prompts.skippable(state.data, decision, seat)

    # -- names
    def value_label(self, state: GameState, seat: str | None, kind: str, param: str, value: Any) -> str:
        return values.value_label(state.data, seat, kind, param, value)

    def role_blurb(self, role: str) -> str:
        return prompts.ROLE_BLURBS.get(role, "")

    # -- the mat
    def hand(self, state: GameState, seat: str, aud: Audience) -> list[Section]:
        return mat.hand(state.data, seat, aud.to(seat))


WORDS = FiefWords()
