"""The state of a game of The Old King's Crown: plain dataclasses, serialised by engine.core.serial.

Vocabulary: a *seat* is a player; a *card* is a Faction card id from the pack; a *Kingdom card*
is a Kingdom card id. Definitions (strength, text) live in the content pack, which the state names.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core import SecretChoices
from engine.okc.hooks import Module

Seat = str
CardId = str


@dataclass(slots=True)
class Placed:
    """A Faction card next to a Region (face down until revealed; then Active)."""

    card: CardId
    owner: Seat
    face_up: bool = False
    gained: int = 0                                       # gained Strength (not printed)
    gained_keywords: list[str] = field(default_factory=list)   # gained traits and commands
    blanked: bool = False                                 # printed text ignored
    used: list[str] = field(default_factory=list)         # commands used in this clash
    retained: bool = False                                # stays Active through the next cleanup
    boons: list[str] = field(default_factory=list)        # Boons on the card (Whispering Tower), hidden until revealed


@dataclass(slots=True)
class RegionState:
    id: str
    cards: list[Placed] = field(default_factory=list)
    supporters: dict[str, int] = field(default_factory=dict)
    marker: int = 0          # Clash marker 1..3 (0 = not yet placed)
    clashes: int = 0         # clashes resolved here this round
    again: int = 0           # extra clashes owed here this round (clash_again)
    resolved: bool = False
    winner: str | None = None


@dataclass(slots=True)
class Player:
    faction: str
    hand: list[CardId] = field(default_factory=list)
    deck: list[CardId] = field(default_factory=list)          # top first
    discard: list[CardId] = field(default_factory=list)
    lost: list[CardId] = field(default_factory=list)
    site: list[CardId] = field(default_factory=list)          # Site of Power, not yet acquired
    influence: int = 0
    lore: int = 0
    hand_size: int = 6
    start_hand_size: int = 6
    supporters: int = 5          # on the Player Board
    supporters_lost: int = 0
    herald: str | None = None
    tactics: dict[str, bool] = field(default_factory=dict)    # tactic id -> exhausted
    kingdom: list[str] = field(default_factory=list)          # Kingdom cards held (kept or occupied)
    occupants: dict[str, CardId] = field(default_factory=dict)  # Kingdom card -> Occupying Faction card
    custodians: list[str] = field(default_factory=list)       # Kingdom cards the Travelling Town's Custodians Occupy
    used: list[str] = field(default_factory=list)             # Kingdom card actions used this round
    governed: bool = False
    journeyed: bool = False
    peeked: list[str] = field(default_factory=list)           # "seat|region|card" seen this round


@dataclass(slots=True)
class Seated:
    """A Faction card placed in a Council."""

    card: CardId
    owner: Seat


@dataclass(slots=True)
class Job:
    """Effect steps still to carry out for ``seat``; ``ctx`` names the source card and Region."""

    seat: Seat
    steps: list[dict[str, Any]]
    ctx: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Choice:
    """An effect waiting on one seat's choice among ``options`` (private: only that seat sees them)."""

    seat: Seat
    kind: str
    prompt: str
    options: list[str]
    optional: bool = False
    count: int = 1
    step: dict[str, Any] = field(default_factory=dict)   # the step being resolved
    ctx: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Clash:
    """The clash being resolved in a Region."""

    region: str
    stage: str = "day"                 # day | tie | claim
    first: bool = True
    tally: dict[str, int] = field(default_factory=dict)
    tied: list[str] = field(default_factory=list)
    bonus: dict[str, int] = field(default_factory=dict)
    ambushed: list[str] = field(default_factory=list)   # seats who added face-down cards in the Day step
    winner: str | None = None


@dataclass(slots=True)
class Okc:
    pack: str
    length: int
    round: int = 1
    season: str = "spring"
    step: str = "bid"
    order: list[Seat] = field(default_factory=list)           # order track, first to last
    players: dict[Seat, Player] = field(default_factory=dict)
    regions: list[RegionState] = field(default_factory=list)
    layout: dict[str, list[str]] = field(default_factory=dict)    # Region -> [left, right] Locations
    kingdom_deck: list[str] = field(default_factory=list)     # top first; the top card is face up
    great_road: list[str] = field(default_factory=list)       # three slots ("" = empty)
    kingdom_discard: list[str] = field(default_factory=list)
    favour_holder: str | None = None
    favour_uses: int = 3
    councils: dict[str, list[Seated]] = field(default_factory=dict)
    secret: SecretChoices | None = None
    revealed_bids: dict[Seat, CardId] = field(default_factory=dict)
    ally_bids: dict[Seat, CardId] = field(default_factory=dict)          # Allies bid face down (Wild Kingdom)
    ally_regions: dict[Seat, list[str]] = field(default_factory=dict)    # Regions where a seat placed an Ally
    bid_queue: list[Seat] = field(default_factory=list)
    turn_queue: list[Seat] = field(default_factory=list)      # seats still to act in this action step
    clash: Clash | None = None
    jobs: list[Job] = field(default_factory=list)
    choice: Choice | None = None
    spend: list[Seat] = field(default_factory=list)           # seats owed a chance to spend Lore
    burned: list[CardId] = field(default_factory=list)
    modules: list[str] = field(default_factory=list)
    # The same modules, in acting order (engine.okc.modules.shipped.playing): set at setup and load, shared by
    # copies, never saved. The base rules ask these for their hooks (engine/okc/hooks.py).
    playing: tuple[Module, ...] = field(default=(), metadata={"serialise": False}, compare=False, repr=False)
    pieces: dict[str, str] = field(default_factory=dict)     # Wild Kingdom piece -> the Location it stands on
    # Module state, keyed by module name: plain JSON values, typed ``object`` so saves and copies go deep.
    extra: dict[str, object] = field(default_factory=dict)
    over: bool = False
    history: list[dict[Seat, int]] = field(default_factory=list)   # each seat's Influence at the end of each Year
    # At the end (p.34, p.45): each seat's Influence after the last Year ("year"), then each end-of-game change
    # by what made it (a module's name, "lore" for Lore turned to Influence); empty while the game goes on.
    ending: dict[Seat, dict[str, int]] = field(default_factory=dict)
