"""How The Old King's Crown speaks to its table (the engine contract's :class:`Words`): ``WORDS``.

One teller per event kind, by area of the rules (spring, summer, turns, autumn, favour, lore,
deck, secrets); prompts (questions, labels, choices, flows, confirmations, skipping), the private
mat and the thread's summaries live in their own modules. Wild Kingdom modules add their own
wording through :meth:`engine.okc.hooks.Module.words`, installed on :data:`WORDS` for every
shipped module when the wording is built. Tellers run only at the table, never in playouts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core import Action, Decision, Event, GameState
from engine.core.words import Audience, Choice, FlowStep, Section, Words
from engine.okc.hooks import Module
from engine.okc.modules.shipped import MODULES
from engine.okc.words import (
    autumn,
    deck,
    favour,
    lore,
    mat,
    prompts,
    secrets,
    spring,
    summary,
    summer,
    turns,
    wild,
)
from engine.okc.words.labels import Label
from engine.okc.words.names import who

MatPart = Callable[[GameState, str, Audience], list[Section]]
BLURBS = {
    "nobility": "The Nobility: old houses behind stout walls, strong in the Councils and hard to remove.",
    "clans": "The Clans: hill warbands who pour Supporters into a fight and ride around its flanks.",
    "uprising": "The Uprising: the streets in revolt, with deadly knives, spies and cards switched in the dark.",
    "gathering": "The Gathering: keepers of the dead who bring back what was lost and walk far for Lore.",
}


class OkcWords(Words):
    """The wording of OKC. Modules extend it: ``on`` for event tellers, ``questions`` for their
    decisions (by prompt), ``labels`` for their action kinds and ``mat_parts`` for the private mat."""

    quiet = secrets.QUIET

    def __init__(self) -> None:
        super().__init__()
        self.questions: dict[str, prompts.Question] = {}
        self.labels: dict[str, Label] = {}
        self.mat_parts: list[MatPart] = []
        # Modules' effect choices: kind -> question(state, seat, step, ctx).
        self.choice_questions: dict[str, prompts.ChoiceQuestion] = {}
        # Modules' names for the values they offer (Boons), consulted by the prompts.
        self.option_names = prompts.OPTION_NAMES
        # Modules' effect lines for the values they offer (a Boon, a piece to Visit) and their action kinds.
        self.option_hints = prompts.OPTION_HINTS
        self.hints = prompts.HINTS
        self.giving_kinds = prompts.GIVING_KINDS
        # Modules' own prompts (by decision prompt), actions shown after a step's own, and flows.
        self.makers = prompts.MAKERS
        self.after = prompts.AFTER
        self.flows = prompts.FLOWS
        self.value_names = prompts.VALUE_NAMES
        self.summary_kinds = summary.WILD_KINDS
        self.installed: set[str] = set()
        # What each end-of-game change is called (the base game's Lore; modules add theirs).
        self.end_parts: dict[str, autumn.EndPart] = {"lore": autumn.lore_part}
        for area in (spring, secrets, summer, turns, autumn, favour, lore, deck, wild):
            for kind, teller in area.TELLERS.items():
                self.on(kind)(teller)

    def install(self, module: Module) -> None:
        """Add a Wild Kingdom module's wording (once)."""
        if module.name not in self.installed:
            self.installed.add(module.name)
            module.words(self)

    # -- the thread ---------------------------------------------------------------------------
    def phase_title(self, state: GameState) -> str:
        return summary.phase_title(state)

    def phase_summary(self, state: GameState, phase: str, events: list[Event], aud: Audience) -> list[str]:
        return summary.phase_summary(state, phase, events, aud, self.event)

    def battle_events(self, events: list[Event]) -> list[list[Event]]:
        return summary.battle_events(events)

    def final(self, state: GameState, aud: Audience) -> list[str]:
        return autumn.final(state, aud.public(), self.end_parts)

    def seat_name(self, state: GameState, seat: str, aud: Audience) -> str:
        return who(state, seat, aud.public())

    def battle_report(self, state: GameState, events: list[Event], aud: Audience) -> list[str]:
        return summary.battle_report(state, events, aud, self.event)

    def news(self, state: GameState, events: list[Event], seat: str, aud: Audience) -> list[str]:
        return summary.news(state, events, seat, aud, self.event)

    def log_line(self, state: GameState, seat: str | None, events: list[Event], aud: Audience) -> str:
        return summary.log_line(state, seat, events, aud, self.event)

    # -- prompts --------------------------------------------------------------------------------
    def question(self, state: GameState, decision: Decision, seat: str, aud: Audience) -> str:
        return prompts.question(state, decision, seat, aud, self.questions, self.choice_questions)

    def if_absent(self, state: GameState, decision: Decision, seat: str, aud: Audience) -> str:
        return prompts.if_absent(state, decision, seat, aud, self.labels)

    def choices(self, state: GameState, decision: Decision, seat: str, legal: list[Action],
                aud: Audience) -> list[Choice]:
        return prompts.choices(state, decision, seat, legal, aud, self.labels)

    def label(self, state: GameState, seat: str, action: Action, aud: Audience) -> str:
        return prompts.label(state, seat, action, aud, self.labels)

    def flow(self, state: GameState, seat: str, kind: str, chosen: Mapping[str, Any], aud: Audience) -> FlowStep | None:
        return prompts.flow(state, seat, kind, chosen, aud)

    def confirm(self, state: GameState, seat: str, action: Action, aud: Audience) -> str | None:
        return prompts.confirm(state, seat, action, aud)

    def skippable(self, state: GameState, decision: Decision, seat: str) -> bool:
        return prompts.skippable(state, decision, seat)

    # -- names ------------------------------------------------------------------------------------
    def value_label(self, state: GameState, seat: str | None, kind: str, param: str, value: Any) -> str:
        return prompts.value_label(state, seat, kind, param, value)

    def role_blurb(self, role: str) -> str:
        return BLURBS.get(role, "")

    # -- the private mat -------------------------------------------------------------------------------
    def hand(self, state: GameState, seat: str, aud: Audience) -> list[Section]:
        if seat not in state.data.players:
            return []
        sections = mat.hand(state, seat, aud)
        for part in self.mat_parts:
            sections += part(state, seat, aud)
        return sections


def build_words() -> OkcWords:
    """A fresh wording with every shipped module installed (``WORDS`` is the shared one)."""
    words = OkcWords()
    for module in MODULES.values():
        words.install(module)
    return words


WORDS = build_words()
