"""State of the Mercenary cards' Crossbowmen (11.1), the relics' powers (12.2, 12.3) and Excalibur
(13.2): small dataclasses kept apart from state.py, which holds one field of each (``Fief.mercenaries``,
``Fief.relic_powers``, ``Fief.excalibur``). Every fact here is public."""

from __future__ import annotations

from dataclasses import dataclass, field

EXCALIBUR_HOME = "Winchester"   # ruling R5 (rough spot 2): the stone stands at Winchester


@dataclass(slots=True)
class Mercenary:
    """A Mercenary card's three Crossbowmen (11.1): on the card, hired onto the map, beaten."""
    card: str
    on_card: int = 3
    beaten: int = 0
    hired: dict[str, int] = field(default_factory=dict)   # family -> its Crossbowmen on the map


@dataclass(slots=True)
class RelicPowers:
    """What the relics' once-only powers have used (12.2, 12.3)."""
    storms_moved: list[str] = field(default_factory=list)  # Storms cards the Chasuble moved this round
    skull_used: bool = False                                # 12.3: once per game
    fallen: dict[str, str] = field(default_factory=dict)    # 12.3: noble -> cause, dead until the Skull's player answers


@dataclass(slots=True)
class Excalibur:
    """13.2: the sword in its stone, lying in a city after its bearer fell, or carried."""
    city: str | None = EXCALIBUR_HOME  # where it stands or lies (None while carried)
    stone: bool = True                 # still in the stone: a nobleman must roll to draw it
    holder: str | None = None          # the noble carrying it
    fallen: str | None = None          # the bearer who fell and left it lying (ruling X3)
    tried: list[str] = field(default_factory=list)   # "noble|phase": draws attempted this round


def crossbow_beaten(mercs: dict[str, Mercenary], own: str | None, family: str) -> None:
    """11.1: a Crossbowman of ``family`` left the map for the common stock. Ruling M3: it is counted
    against the family's own card first, then against the others in card order."""
    order = sorted(mercs, key=lambda c: (c != own, c))
    for card in order:
        m = mercs[card]
        if m.hired.get(family, 0) > 0:
            m.hired[family] -= 1
            if not m.hired[family]:
                del m.hired[family]
            m.beaten += 1
            return
