"""Action specs: the vocabulary of actions a game accepts, as data.

Each game declares one :class:`ActionSpec` per action kind. The bot's command registry turns
these into slash commands and local-table commands, so one declaration serves Discord, the
terminal, scenarios and autocomplete alike. Parsing text into an :class:`Action` happens in the
registry; the rules only ever see actions.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class ParamType(StrEnum):
    STR = "str"
    INT = "int"
    BOOL = "bool"
    SEAT = "seat"
    LIST = "list"  # comma-separated strings


@dataclass(frozen=True)
class Param:
    name: str
    type: ParamType = ParamType.STR
    doc: str = ""
    required: bool = True
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class ActionSpec:
    kind: str
    doc: str
    params: tuple[Param, ...] = ()
    section: str = ""
    # Anytime actions (offers, pigeons, some cards) may be sent even when the game is not
    # waiting on the seat; the rules still decide whether they apply.
    anytime: bool = False
    # The action carries a secret (a bid, a vote): the bot takes it only by DM or ephemerally.
    secret: bool = False

    def param(self, name: str) -> Param | None:
        for p in self.params:
            if p.name == name:
                return p
        return None


def specs(*items: ActionSpec) -> dict[str, ActionSpec]:
    return {s.kind: s for s in items}


@dataclass(frozen=True)
class CommandGroup:
    """A game's commands gathered by what they do (``/fief war move``): Discord holds 25
    subcommands in a group and 25 groups in a command, so a game with many actions names its
    groups here, beside its specs (``Rules.command_groups``). ``name`` is one lower-case word,
    ``doc`` says what its commands do, ``kinds`` are its action kinds in the order shown.

    ``command``: the top-level command the group sits under (``""``: the game's own, ``/fief``).
    Discord also caps a command's names and descriptions at 8,000 characters in all, so a game
    whose commands say more than that puts some groups under a second command named by what they
    do, ``<game>-<word>`` (Fief: ``/fief-court crown nominate``)."""

    name: str
    doc: str
    kinds: tuple[str, ...]
    command: str = ""


@dataclass(frozen=True)
class OptionHelp:
    """One game option as people choose it (``/game new options:``, docs/commands.md): what it
    does, its default in words (``default``: the value, ``""`` for none) and the values it takes,
    each a value as typed (``values``: empty when any text goes, such as a list of names); ``many``:
    several of the values may be given, comma-separated (OKC's ``modules``); ``needs``: a value other
    than the default needs this other option to hold this value, or ``all`` (``("modules",
    "wild_kingdom_cards")``)."""

    name: str
    doc: str
    default: str
    values: tuple[str, ...] = ()
    many: bool = False
    needs: tuple[str, ...] = ()
