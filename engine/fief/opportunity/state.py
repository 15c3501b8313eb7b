"""State of the Fortune Opportunity cards (10.0-10.5) and the Burgher's actions (11.2, 11.3).

Kept apart from state.py, as war/state.py is: state.py holds one field of this type (``Fief.opp``).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Uprising:
    """A Rebellion being raised in a city (10.1): the cards and Burgher actions behind it, then its end."""
    city: str
    by: str                                               # the family that started it
    cards: list[str] = field(default_factory=list)        # REBELLION cards played on it (discarded at the end)
    burghers: list[str] = field(default_factory=list)     # families that added a Burgher Rebellion (11.2)
    supporters: list[str] = field(default_factory=list)   # families that played a card on it, in order
    passage: bool = False                                 # a PASSAGE: walls cancel nothing (10.2)
    calmed: int = 0                                       # Rebellions a cleric's plea stopped before he fell
    stage: str = "support"                                # support | quell | losses
    hits: int = 0                                         # losses stage: hits still to fall
    waiting: list[str] = field(default_factory=list)      # families still to answer in this stage, in order

    def count(self) -> int:
        """Rebellions before the walls: each card and each Burgher action (the Royal Tax is added apart)."""
        return len(self.cards) + len(self.burghers)


@dataclass(slots=True)
class Opportunity:
    """What the Opportunity cards leave on the table during a round."""
    uprising: Uprising | None = None
    tunnels: list[str] = field(default_factory=list)      # "side|city": a PASSAGE waits for the next assault there
    burgher_used: list[str] = field(default_factory=list)  # "family|rebellion", "family|passage": icons used (11.3)
    guided: list[str] = field(default_factory=list)       # invader armies a PASSAGE leads one move through Storms
