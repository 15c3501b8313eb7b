"""State of Part II (phases 5-7): the battle in progress and the movement bookkeeping.

Kept apart from state.py so that the dataclasses of movement and battle sit next to each other;
state.py holds one field of each type (``Fief.war``).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Battle:
    """A battle being fought (7.0-7.8), a Cavalcade (5.2) or a Sally (7.9)."""
    city: str
    attacker: str                        # the declaring family
    defender: str
    kind: str = "battle"                 # battle | cavalcade | sally
    rolls: int = 0                       # battle rounds begun
    quiet: int = 0                       # rounds in a row without losses (7.8 deadlock)
    stage: str = "treb"                  # treb | bombard | archer | melee | attacker | defender
    penalty: int = 0                     # melee dice the attacker loses (7.4)
    archers_min: int = 0                 # archers the attacker needs to fire at the walls (7.2)
    targets: dict[str, str] = field(default_factory=dict)   # family -> noble its archers aim at
    proposal: str = ""                   # the attacker's end-of-round choice the defender answers
    lost: int = 0                        # units lost this round (deadlock count)
    owed: dict[str, int] = field(default_factory=dict)      # family -> hits still to allot
    doomed: dict[str, list[str]] = field(default_factory=dict)  # family -> nobles to be captured
    explode: dict[str, int] = field(default_factory=dict)   # family -> Bombards that blew up
    mover: str = ""                      # cavalcade: the noble that must move on if it wins
    only: list[str] = field(default_factory=list)           # cavalcade: the knights riding with the mover
    armies: list[str] = field(default_factory=list)         # invader armies on the invaders' side (6.4)
    with_attacker: list[str] = field(default_factory=list)  # allied families fighting with the attacker (7.0)
    with_defender: list[str] = field(default_factory=list)  # allied families fighting with the defender
    rolled: dict[str, list[int]] = field(default_factory=dict)  # side -> the hits each of its dice showed this round (7.1)


@dataclass(slots=True)
class War:
    """Phase 5-7 bookkeeping."""
    battle: Battle | None = None
    fought: list[str] = field(default_factory=list)        # "city|side|side" pairs fought this phase
    battled_last: list[str] = field(default_factory=list)  # cities with a battle in the last Battle phase
    battled_now: list[str] = field(default_factory=list)
    must_move: list[str] = field(default_factory=list)     # nobles that won a cavalcade and must move on
    cavalry: dict[str, list[str]] = field(default_factory=dict)  # cavalcading noble -> the knights riding with it
    guards_lost: dict[str, int] = field(default_factory=dict)  # Royal Guard markers defeated (13.1)
    sherwood: dict[str, int] = field(default_factory=dict)  # "noble|family" held by the Bandits -> its knights (13.4)
    moves: dict[str, int] = field(default_factory=dict)    # noble -> moves used this phase
    came_from: dict[str, str] = field(default_factory=dict)  # noble -> road it last arrived by
    blocked: dict[str, str] = field(default_factory=dict)  # "city|family" -> road that family entered by
    passes: list[str] = field(default_factory=list)        # "noble|city" permissions to pass granted
    moved: dict[str, list[str]] = field(default_factory=dict)  # "city|family|noble" -> units moved with it
    battles: int = 0                                       # battles fought in the game
    invaders: list[str] = field(default_factory=list)      # Phase 6: armies still to move, in order
    invader_moves: dict[str, int] = field(default_factory=dict)  # army -> moves used this phase
    landed: list[str] = field(default_factory=list)        # armies that landed this phase (6.2)
    fighting: list[str] = field(default_factory=list)      # Phase 6: families the moving army still faces
    arrival: str = ""                                      # Phase 6: "port" when it came to a port from inland
    garrisons: dict[str, str] = field(default_factory=dict)  # army -> Fortified City it holds for good (6.6)
    passage: list[str] = field(default_factory=list)       # nobles a PASSAGE lets make one move in Storms (10.2)
    plague_seen: list[str] = field(default_factory=list)   # "noble|region", "army|region": plague regions met (2.5)
    sail_from: dict[str, str] = field(default_factory=dict)  # noble -> the port it may sail from this round (5.4)
    lone_due: bool = False                                 # Phase 6: lone nobles still to be taken on this arrival
