"""The game state of Fief: England: plain dataclasses, serialised by engine.core.serial.

Positions are kept per city so that the next phases (movement, invaders, battles) work on the
same data: each family's pieces in a city form a :class:`Stack` (troop types hidden, 4.1), nobles
carry their own city, captor and titles, invader armies carry their city. Small queries that
read like the rulebook ("the controller of", "the nobles of") live at the bottom.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import OfferBook, RequestBook
from engine.fief.board.state import Excalibur, Mercenary, RelicPowers, crossbow_beaten
from engine.fief.components import TROOP_TYPES, C
from engine.fief.crown.state import Politics
from engine.fief.map import load_map
from engine.fief.opportunity.state import Opportunity
from engine.fief.war.state import War

MAP = load_map()


@dataclass(slots=True)
class Stack:
    """One family's pieces in one city."""
    troops: list[str] = field(default_factory=list)  # hidden types (knight, men, archer, crossbow), sorted
    bombards: int = 0
    trebuchets: int = 0
    building: int = 0        # siege trebuchets under construction (7.9)
    new: int = 0             # units placed this Purchase phase (4.0: at most 4 per city)
    outskirts: bool = False  # on the road into the city, not inside (5.0)
    revealed: bool = False   # troop types shown by a battle, until troops join or leave (FAQ)

    def empty(self) -> bool:
        return not (self.troops or self.bombards or self.trebuchets or self.building)


@dataclass(slots=True)
class Siege:
    by: str                  # besieging family
    since: int = 0           # round the siege began
    building: int = 0        # trebuchets waiting to be paid for (7.9)
    paid: bool = False       # at least one trebuchet paid this Purchase phase


@dataclass(slots=True)
class CityState:
    controller: str | None = None
    building: str | None = None   # stronghold | fortified | abbey | royal_abbey | royal_stronghold
    abbey: str | None = None      # abbey id when the building is an abbey
    mill: bool = False
    stacks: dict[str, Stack] = field(default_factory=dict)
    siege: Siege | None = None
    hidden_relic: str | None = None  # face-down relic on a cathedral city (12.0)
    relics: list[str] = field(default_factory=list)  # face-up relics lying here


@dataclass(slots=True)
class Noble:
    id: str
    name: str
    sex: str
    family: str
    card: str
    city: str | None = None
    outskirts: bool = False
    captor: str | None = None     # family id, "invaders:<army>" or "bandits"
    held_by: str | None = None    # the captor noble (family captors)
    titles: list[str] = field(default_factory=list)
    retainer: str | None = None
    spent: bool = False
    spouse: str | None = None
    heresy: bool = False
    relics: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Army:
    """An invader army (6.0): a leader and up to five foot soldiers."""
    id: str
    city: str | None = None       # None: in the box
    leader: bool = True
    foot: int = 0
    outskirts: bool = False
    gone: bool = False            # returned to the box for good (6.10)


@dataclass(slots=True)
class Family:
    id: str
    seat: str
    stockpile: dict[str, int]
    pigeons: int
    treasures: int
    votes: int
    ring: bool = True
    nobles: list[str] = field(default_factory=list)   # on the Family Board, captives included
    mason_used: bool = False
    board_card: str | None = None   # the Character Opportunity card on the family board (11.0): Mercenary or Burgher


@dataclass(slots=True)
class Player:
    seat: str
    families: list[str]
    hand: list[str] = field(default_factory=list)
    shillings: int = 0
    drawn: int = 0
    drawn_characters: int = 0
    herald_used: bool = False
    done_discarding: bool = False
    last_draw: str = ""            # what the last draw of the round turned up: fortune | character | disaster | disaster_discarded


@dataclass(slots=True)
class SeaCard:
    card: str
    kind: str
    active: bool = True
    by: str | None = None          # family that played it (fortune cards)
    tallage: str | None = None     # region taxed (2.8)
    tithe: str | None = None       # district taxed
    round: int = 0
    crown: bool = False            # a Sovereign's Tallage on an ungoverned region (2.8), not a Lord's


@dataclass(slots=True)
class Task:
    """A small decision the flow waits for before going on (plague losses, a title to bestow)."""
    kind: str                      # plague | bestow | release | abbess_gift | garter | skull | ... (region: abbess_gift's Abbey)
    family: str
    city: str | None = None
    count: int = 0
    region: str | None = None
    noble: str | None = None
    options: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Flow:
    round: int = 1
    phase: int = 0
    step: str = "start"
    first: str = ""
    order: list[str] = field(default_factory=list)    # families in turn order
    turn: int = 0
    queue: list[str] = field(default_factory=list)    # who acts in this step, fixed when it begins
    start_region: str | None = None                   # 13.6: the region rolled for the family setting up
    over: bool = False
    winners: list[str] = field(default_factory=list)
    reason: str = ""


@dataclass(slots=True)
class Fief:
    players: dict[str, Player]
    families: dict[str, Family]
    nobles: dict[str, Noble]
    cities: dict[str, CityState]
    armies: dict[str, Army]
    seas: dict[str, list[SeaCard]]
    flow: Flow = field(default_factory=Flow)
    track: list[str] = field(default_factory=list)            # face-down disasters (2.3)
    character_deck: list[str] = field(default_factory=list)   # face down, top first
    character_under: list[str] = field(default_factory=list)  # face-up discards under the deck (2.0)
    fortune_deck: list[str] = field(default_factory=list)
    fortune_discard: list[str] = field(default_factory=list)
    retainer_deck: list[str] = field(default_factory=list)
    unseen: list[str] = field(default_factory=list)           # nobles removed unseen at setup (1.0)
    out_of_game: list[str] = field(default_factory=list)      # dead nobles, used retainers (public)
    abbeys: dict[str, str] = field(default_factory=dict)      # abbey id -> city
    abbesses: dict[str, str] = field(default_factory=dict)    # abbey id -> abbess noble
    relic_vp: str | None = None
    tasks: list[Task] = field(default_factory=list)
    requests: RequestBook = field(default_factory=RequestBook)
    offers: OfferBook = field(default_factory=OfferBook)
    two_player: bool = False
    random_start: bool = False
    war: War = field(default_factory=War)                     # phases 5-7 (war/state.py)
    politics: Politics = field(default_factory=Politics)      # Phase 1 and the Garter (crown/state.py)
    royal_tax: bool = False                                   # the Parliament card lies on its Rebellion side (9.3)
    opp: Opportunity = field(default_factory=Opportunity)     # Opportunity cards in play (opportunity/state.py)
    mercenaries: dict[str, Mercenary] = field(default_factory=dict)  # Mercenary card -> its Crossbowmen (11.1)
    relic_powers: RelicPowers = field(default_factory=RelicPowers)  # the Chasuble and the Skull (12.2, 12.3)
    excalibur: Excalibur = field(default_factory=Excalibur)          # 13.2 (board/state.py)
    garrison_due: list[str] = field(default_factory=list)  # Royal Strongholds changing sides after their battle (4.9)
    retainers: bool = True     # false: no noble has or draws a Retainer (scenarios, docs/scenarios.md)
    history: list[dict[str, int]] = field(default_factory=list)  # each player's VPs at the end of each round (8.1)


# -- queries ------------------------------------------------------------------------
def seat_of(g: Fief, family: str) -> str:
    return g.families[family].seat


def player_of(g: Fief, family: str) -> Player:
    return g.players[g.families[family].seat]


def active_family(g: Fief) -> str | None:
    f = g.flow
    return f.order[f.turn] if 0 <= f.turn < len(f.order) else None


def free_nobles(g: Fief, family: str) -> list[Noble]:
    return [g.nobles[n] for n in g.families[family].nobles if g.nobles[n].captor is None]


def nobles_in(g: Fief, city: str, *, free: bool = True) -> list[Noble]:
    return [n for n in g.nobles.values() if n.city == city and (n.captor is None) == free]


def stack(g: Fief, city: str, family: str) -> Stack:
    c = g.cities[city]
    if family not in c.stacks:
        c.stacks[family] = Stack()
    return c.stacks[family]


def troop_count(st: Stack | None) -> int:
    return len(st.troops) if st else 0


def controlled(g: Fief, family: str) -> list[str]:
    return [name for name, c in g.cities.items() if c.controller == family]


def fief_cities(g: Fief, region: str) -> list[str]:
    """4.9: the cities of a region that count for its Fiefdom (a Royal Stronghold leaves it)."""
    return [c for c in MAP.regions[region].cities if g.cities[c].building != "royal_stronghold"]


def fief_holder(g: Fief, region: str) -> Noble | None:
    title = f"lord:{region}"
    for n in g.nobles.values():
        if title in n.titles:
            return n
    return None


def fortified_city(g: Fief, region: str) -> str | None:
    for c in MAP.regions[region].cities:
        if g.cities[c].building == "fortified":
            return c
    return None


def clergy_holder(g: Fief, district: str) -> Noble | None:
    for n in g.nobles.values():
        if f"bishop:{district}" in n.titles or f"archbishop:{district}" in n.titles:
            return n
    return None


def title_holder(g: Fief, title: str) -> Noble | None:
    for n in g.nobles.values():
        if title in n.titles:
            return n
    return None


def named(g: Fief, nid: str) -> str:
    """A noble a refusal speaks of: his name on the board, or the words typed when no noble has that id."""
    n = g.nobles.get(nid)
    return n.name if n is not None else repr(nid)


def sovereign(g: Fief) -> Noble | None:
    """The King, else the Sovereign Queen (one pass over the nobles: asked at every decision)."""
    queen = None
    for n in g.nobles.values():
        if n.titles:
            if "king" in n.titles:
                return n
            if queen is None and "sovereign_queen" in n.titles:
                queen = n
    return queen


def royal_families(g: Fief) -> set[str]:
    """Definitions: the Royal Family is the King, the Queen and the Prince of Wales."""
    return {n.family for n in g.nobles.values() if n.titles and not _ROYAL_FAMILY.isdisjoint(n.titles)}


_ROYAL_FAMILY = frozenset({"king", "sovereign_queen", "queen", "prince_of_wales"})


def is_royal_family(g: Fief, family: str) -> bool:
    """``family in royal_families(g)`` without building the set (asked for every move and purchase)."""
    fam = g.families.get(family)
    if fam is None:
        return False
    nobles = g.nobles   # a family's list holds its nobles in the order of g.nobles (both appended and removed together)
    for nid in fam.nobles:
        titles = nobles[nid].titles
        if titles and not _ROYAL_FAMILY.isdisjoint(titles):
            return True
    return False


def is_lord(n: Noble) -> bool:
    return bool(n.titles) and any(t.startswith("lord:") for t in n.titles)


def is_clergy(n: Noble) -> bool:
    return any(t.split(":")[0] in ("bishop", "archbishop", "abbess") for t in n.titles)


def allied(g: Fief, a: str, b: str) -> bool:
    """9.0: two families are allied while a marriage joins them."""
    if a == b:
        return True
    fam = g.families.get(a)   # not a family (invaders, bandits): no marriage
    if fam is None:
        return False
    nobles = g.nobles
    for nid in fam.nobles:
        spouse = nobles[nid].spouse
        if spouse and spouse in nobles and nobles[spouse].family == b:
            return True
    return False


def ally_of(g: Fief, family: str) -> str | None:
    fam = g.families.get(family)
    if fam is None:
        return None
    nobles = g.nobles   # the family's own list, in the order of g.nobles: the same first spouse
    for nid in fam.nobles:
        spouse = nobles[nid].spouse
        if spouse and spouse in nobles:
            return nobles[spouse].family
    return None


def marriages_allowed(g: Fief) -> bool:
    """13.8: no marriages in a three-player game (9.0 for Phase 1 to use)."""
    return len(g.players) != 3


def hand_limit(g: Fief) -> int:
    return C.two_player["hand_limit"] if g.two_player else C.hand_limit


def besieged(g: Fief, city: str) -> bool:
    return g.cities[city].siege is not None


def invaders_present(g: Fief) -> bool:
    return any(a.city is not None and not a.gone for a in g.armies.values())


def region_cards(g: Fief, region: str, kind: str) -> list[SeaCard]:
    return [c for c in g.seas[MAP.regions[region].sea] if c.kind == kind]


def has_disaster(g: Fief, region: str, kind: str, *, active_only: bool = True) -> bool:
    for c in g.seas[MAP.regions[region].sea]:   # region_cards, without the list: asked for every move
        if c.kind == kind and (c.active or not active_only):
            return True
    return False


def return_troop(g: Fief, family: str, unit: str) -> None:
    """A troop leaving the map goes back to its family's stockpile; a Mercenary Crossbowman goes back
    to the common stock instead (11.1), never to the family's stockpile."""
    if unit == "crossbow":
        crossbow_beaten(g.mercenaries, g.families[family].board_card, family)
        return
    g.families[family].stockpile[unit] = g.families[family].stockpile.get(unit, 0) + 1


def sort_troops(troops: list[str]) -> list[str]:
    order = {t: i for i, t in enumerate(TROOP_TYPES)}
    return sorted(troops, key=lambda t: order.get(t, 99))


def present(g: Fief, city: str, family: str) -> bool:
    """5.1: a family is present in a city with troops, engines or a free noble."""
    st = g.cities[city].stacks.get(family)
    if st and not st.empty():
        return True
    return any(n.city == city and n.family == family and n.captor is None for n in g.nobles.values())


def update_control(g: Fief, city: str) -> None:
    """5.1: a city left empty by its controller becomes Independent."""
    c = g.cities[city]
    if c.controller and not present(g, city, c.controller):
        c.controller = None
