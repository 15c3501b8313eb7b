"""Words: how a game speaks to the people at its table.

Every line a player reads (thread posts, DMs, prompts, button labels, the log, ``/game hand``)
is built from these methods, so the wording belongs to each game and is pure and tested like
its rules. The table and the adapters only arrange the lines; they never invent game wording.

A game subclasses :class:`Words`, registers one *teller* per event kind with :meth:`Words.on`,
and returns an instance from ``Rules.words()``. Tellers read the event's data and the state
(for names and public facts only: a public sentence must not change when hidden facts do;
the simulator's hidden-facts check and the table's tests compare them byte for byte).

The audience decides the grammar: in a DM the seat concerned reads "you" ("You lose 2
Men-at-Arms at York"), the thread reads the family or faction and its player ("Red (Alice)
loses 2 Men-at-Arms at York"). People are named by :class:`Audience`, which the table fills
with display names; the engine never sees Discord.

Nothing here may show engine-speak: ids (``noble-estrid``, ``nobility.c7``), dotted kinds,
``key=value``, dict or list syntax, snake_case. Tests scan every produced line for it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.core.actions import Action
from engine.core.decisions import Decision
from engine.core.events import Event

if TYPE_CHECKING:
    from engine.core.state import GameState


@dataclass(frozen=True)
class Audience:
    """Who reads a line: ``viewer`` is the seat reading a DM, or None for the thread (public).

    ``players`` maps seats to the people's display names ("Alice"); a seat missing from it is
    shown as the seat name.
    """

    viewer: str | None = None
    players: Mapping[str, str] = field(default_factory=dict)

    def player(self, seat: str) -> str:
        return self.players.get(seat, seat)

    def is_you(self, seat: str | None) -> bool:
        return seat is not None and seat == self.viewer

    def public(self) -> Audience:
        return Audience(None, self.players)

    def to(self, seat: str | None) -> Audience:
        return Audience(seat, self.players)


@dataclass(frozen=True)
class Choice:
    """One answer a prompt offers: a button or a select option.

    ``action`` is the full action when choosing it completes the move; ``None`` when it opens a
    flow (``flow`` names the action kind whose parameters are asked next, ``chosen`` what is
    already fixed). ``confirm`` is a question asked before a harmful choice ("Pillage your own
    mill at Norwich?"). ``style`` is ``primary`` (the likely answer), ``secondary``, ``danger``
    (harms your own holdings) or ``pass`` (Done/Pass: never shown first).
    """

    label: str
    action: Action | None = None
    flow: str | None = None
    chosen: tuple[tuple[str, Any], ...] = ()
    hint: str = ""
    style: str = "secondary"
    confirm: str | None = None


@dataclass(frozen=True)
class FlowStep:
    """The next question of a multi-part action (movement, a purchase, a card placement).

    ``param`` is the parameter being asked; each option's ``action`` is set when choosing it
    completes the action, else its ``chosen`` carries the parameters fixed so far and the table
    asks :meth:`Words.flow` again. ``multi`` lets a select take several values (troops to take).

    ``text`` asks for words typed by the player instead of options (an agreement's terms in their
    own words): the answer is a string of at most ``max_length`` characters, set as ``param``, and
    it is the flow's last step (:meth:`Words.flow` returns None once it is answered, and the action
    is played). ``options`` is then empty; ``placeholder`` is an example shown in the empty field;
    ``button`` labels what opens the field ("Write the terms…"). On Discord it is a button opening a
    modal with one text input; on the local table ``write``.
    """

    kind: str
    param: str
    question: str
    options: tuple[Choice, ...]
    multi: bool = False
    min_values: int = 1
    max_values: int = 1
    text: bool = False
    max_length: int = 0
    placeholder: str = ""
    button: str = ""


@dataclass(frozen=True)
class Section:
    """A titled block of a private mat (``/game hand``): one line per item, in words."""

    title: str
    lines: tuple[str, ...]


EventTeller = Callable[["GameState", Event, Audience], "str | None"]


def fold(text: str) -> str:
    """Text for matching names typed by people: case- and accent-insensitive, spaces folded."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().replace("_", " ").replace("-", " ").split())


def humanize(token: str) -> str:
    """A last-resort name for an id: ``men_at_arms`` -> ``men at arms``, ``noble-estrid`` -> ``noble estrid``."""
    return " ".join(str(token).replace("_", " ").replace("-", " ").replace(".", " ").split())


def join_words(items: Iterable[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    xs = [x for x in items if x]
    if len(xs) <= 1:
        return "".join(xs)
    return f"{', '.join(xs[:-1])} {last} {xs[-1]}"


def plural(n: int, one: str, many: str | None = None) -> str:
    """``1 Knight``, ``2 Knights``, ``0 shillings``."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


class Words:
    """The wording of one game. Subclass it; register tellers with :meth:`on`.

    ``quiet`` lists event kinds that are never narrated (shuffles of hidden decks, bookkeeping
    the players do not need). Every other event kind a game emits must have a teller: a test
    fails otherwise.
    """

    quiet: frozenset[str] = frozenset({"random.shuffle"})

    def __init__(self) -> None:
        self._tellers: dict[str, EventTeller] = {}

    # -- events -----------------------------------------------------------------------------
    def on(self, *kinds: str) -> Callable[[EventTeller], EventTeller]:
        """Decorator: ``@words.on("noble.moved")`` registers a teller for those kinds."""

        def register(fn: EventTeller) -> EventTeller:
            for kind in kinds:
                self._tellers[kind] = fn
            return fn

        return register

    def told(self) -> frozenset[str]:
        """The event kinds with a teller, and the quiet ones: what the coverage test checks."""
        return frozenset(self._tellers) | self.quiet

    def event(self, state: GameState, event: Event, aud: Audience) -> str | None:
        """One sentence for ``aud`` about ``event``, or None when it is not narrated.

        The table calls this only with events ``aud.viewer`` may see (public ones for the thread).
        """
        if event.kind in self.quiet:
            return None
        teller = self._tellers.get(event.kind)
        if teller is None:
            return None
        return teller(state, event, aud)

    def events(self, state: GameState, events: Iterable[Event], aud: Audience) -> list[str]:
        """The sentences of ``events`` visible to ``aud``, in order, empty ones dropped."""
        out: list[str] = []
        for e in events:
            if not e.visible_to(aud.viewer):
                continue
            line = self.event(state, e, aud)
            if line:
                out.append(line)
        return out

    # -- the thread -------------------------------------------------------------------------
    def phase_summary(self, state: GameState, phase: str, events: list[Event], aud: Audience) -> list[str]:
        """What happened in the phase ``phase`` just ended, in three to eight lines, from its
        public events (``aud`` is public). The default tells the events in order, at most eight."""
        lines = self.events(state, [e for e in events if e.to is None], aud.public())
        return lines[:8]

    def battle_report(self, state: GameState, events: list[Event], aud: Audience) -> list[str]:
        """A battle told as its own short block (sides, dice, hits, losses, captives, who holds
        the place), from the public events of one battle; [] for a game without battles."""
        return []

    def battle_events(self, events: list[Event]) -> list[list[Event]]:
        """The public events of each battle that ended among ``events`` (from its declaration
        to its end), so the table can post one report per battle; [] by default."""
        return []

    def final(self, state: GameState, aud: Audience) -> list[str]:
        """The end of the game told in the thread, from public facts (``aud`` is public): who won
        and by which condition (a tie-break in words), then each side's score with every part of it.
        [] while the game goes on, or for a game that does not tell it (the table then says only who
        won)."""
        return []

    def seat_name(self, state: GameState, seat: str, aud: Audience) -> str:
        """A seat as the thread names it ("Red (Alice)", "The Clans (Bob)"); by default its player."""
        return aud.player(seat)

    def battles_under_way(self, events: list[Event]) -> list[list[Event]]:
        """The public events of each battle begun among ``events``, ended or not, in the order they
        began: the table posts a battle when it begins and edits that post as it goes on. By
        default only the battles that ended (:meth:`battle_events`), told once whole."""
        return self.battle_events(events)

    def battle_seats(self, state: GameState, events: list[Event]) -> list[str]:
        """The seats fighting in one battle (``events`` as :meth:`battles_under_way` gives them),
        each told every round by DM as it is rolled; [] by default."""
        return []

    def news(self, state: GameState, events: list[Event], seat: str, aud: Audience) -> list[str]:
        """Personal news for ``seat`` by DM, one line each (your noble was slain, captured,
        ransomed; a request waits for your answer). ``events`` are all events of one action
        visible to ``seat``. By default: the private events told to the seat."""
        return self.events(state, [e for e in events if e.to is not None and seat in e.to], aud.to(seat))

    def phase_title(self, state: GameState) -> str:
        """The phase in words for ``/game status`` and post titles ("Round 3 · Phase 3: Income")."""
        return ""

    # -- prompts ----------------------------------------------------------------------------
    def question(self, state: GameState, decision: Decision, seat: str, aud: Audience) -> str:
        """The question a prompt asks ``seat`` ("Draw your cards for this round: ...")."""
        return decision.prompt

    def if_absent(self, state: GameState, decision: Decision, seat: str, aud: Audience) -> str:
        """What happens when the deadline passes ("your nobles stay where they are")."""
        return ""

    def choices(self, state: GameState, decision: Decision, seat: str, legal: list[Action],
                aud: Audience) -> list[Choice]:
        """The answers of a prompt, most likely first and Done/Pass last; ``legal`` is the seat's
        enumerated legal actions. The default: one choice per legal action, labelled by
        :meth:`label`, with a ``confirm`` question where :meth:`confirm` gives one."""
        return [Choice(self.label(state, seat, a, aud), a, confirm=self.confirm(state, seat, a, aud))
                for a in legal]

    def label(self, state: GameState, seat: str, action: Action, aud: Audience) -> str:
        """A short label for ``action`` in the game's own terms ("Draw a Fortune card")."""
        return humanize(action.kind)

    def flow(self, state: GameState, seat: str, kind: str, chosen: Mapping[str, Any], aud: Audience) -> FlowStep | None:
        """The next question of a multi-part action of ``kind`` with ``chosen`` fixed; None when
        ``kind`` has no flow (its legal actions are offered whole)."""
        return None

    def confirm(self, state: GameState, seat: str, action: Action, aud: Audience) -> str | None:
        """A confirmation question for a choice that harms the seat's own holdings, else None."""
        return None

    def skippable(self, state: GameState, decision: Decision, seat: str) -> bool:
        """True when the table may pass for ``seat`` at once: its only legal move is to pass and
        skipping tells nobody anything hidden. Must not depend on hidden facts (tested)."""
        return False

    # -- names ------------------------------------------------------------------------------
    def value_label(self, state: GameState, seat: str | None, kind: str, param: str, value: Any) -> str:
        """The name people see for a parameter value (a noble's id -> "Lady Estrid"; a list, each
        item's name)."""
        if isinstance(value, list | tuple):
            return join_words(self.value_label(state, seat, kind, param, x) for x in value) or "none"
        return humanize(str(value))

    def role_blurb(self, role: str) -> str:
        """One line describing a lobby role (a Fief family, an OKC faction)."""
        return ""

    # -- private mats and the log -------------------------------------------------------------
    def hand(self, state: GameState, seat: str, aud: Audience) -> list[Section]:
        """What only ``seat`` knows, in words: cards with a reminder each, money, hidden pieces."""
        return []

    def log_line(self, state: GameState, seat: str | None, events: list[Event], aud: Audience) -> str:
        """One line of ``/game log`` for one action's public events; ``seat`` is the actor when
        the public may know it (None for a secret action: the line must not name who acted)."""
        return " ".join(self.events(state, [e for e in events if e.to is None], aud.public()))


def match_name(typed: str, names: Mapping[Any, str]) -> list[Any]:
    """The values whose name (or id) matches what a person typed: an exact fold first, then a
    unique prefix, then the name without its honorific ("Estrid" finds "Lady Estrid", as the
    issue's ``/fief play_noble card:Estrid`` asks). ``names`` maps value -> display name. Returns
    every candidate (one when it is unambiguous, several for an ambiguous prefix, none for no match)."""
    want = fold(typed)
    if not want:
        return []
    exact = [v for v, n in names.items() if fold(n) == want or fold(str(v)) == want]
    if exact:
        return exact
    prefix = [v for v, n in names.items() if fold(n).startswith(want) or fold(str(v)).startswith(want)]
    if prefix:
        return prefix
    return [v for v, n in names.items() if _bare(fold(n)).startswith(want)]


HONORIFICS = ("lady ", "lord ", "sir ", "dame ")


def _bare(name: str) -> str:
    """A folded name without a leading honorific: "lady estrid" -> "estrid"."""
    for h in HONORIFICS:
        if name.startswith(h):
            return name[len(h):]
    return name
