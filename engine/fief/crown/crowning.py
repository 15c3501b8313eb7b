"""The crown (9.0, 9.1, 13.1, Definitions): crowning a Sovereign, the Queen and the Prince Consort,
the Prince of Wales's succession, and the votes a family's nobles carry (9.1, 9.2).

:func:`crown` is the one way a noble takes the throne: by election (9.1), by Excalibur (13.2) or as
the Prince of Wales when the Sovereign dies (Definitions). It gives the Royal Guard at once (13.1:
the guards defeated since the last election come back), and the powers with the title
(``state.sovereign``). A new King's wife is crowned Queen; a Sovereign Queen's husband takes no
title but is guarded by two Royal Men-at-Arms (battle/sides.py reads the titles)."""

from __future__ import annotations

from engine.core import Event, GameState
from engine.fief.crown import royal_stronghold
from engine.fief.state import Fief, Noble, is_clergy, is_lord, sovereign, title_holder

SOVEREIGN_TITLES = ("king", "sovereign_queen")


def besieged_noble(g: Fief, n: Noble) -> bool:
    """A noble inside a city under siege by another family (9.1, 9.2)."""
    c = g.cities[n.city] if n.city else None
    return c is not None and c.siege is not None and c.siege.by != n.family


def votes_of(n: Noble) -> int:
    """9.1: a free Lord or Bishop gives 1 vote, an Archbishop 2; several titles on one noble still count once."""
    if any(t.startswith("archbishop:") for t in n.titles):
        return 2
    if is_lord(n) or any(t.startswith("bishop:") for t in n.titles):
        return 1
    return 0


def family_votes(g: Fief, family: str) -> int:
    """The weight of a family's vote marker: its nobles neither captive nor besieged (9.1, 9.2)."""
    return sum(votes_of(g.nobles[n]) for n in g.families[family].nobles
               if g.nobles[n].captor is None and not besieged_noble(g, g.nobles[n]))


def may_stand(g: Fief, n: Noble) -> bool:
    """9.1: a candidate is a Lord outside the clergy, neither captive nor besieged."""
    return is_lord(n) and not is_clergy(n) and n.captor is None and not besieged_noble(g, n)


def crown(state: GameState, g: Fief, noble_id: str, how: str) -> None:
    """The noble becomes King or Sovereign Queen (``how``: election, excalibur or succession)."""
    n = g.nobles[noble_id]
    title = "king" if n.sex == "m" else "sovereign_queen"
    for t in ("queen", "prince_of_wales"):     # 9.0: a widowed Queen elected herself is Queen no more
        if t in n.titles:
            n.titles.remove(t)
    n.titles.append(title)
    if how == "election":                      # 13.1: defeated Royal Guards return only at an election
        g.war.guards_lost = {}                 # (ruling P1-8), not with a crown won by Excalibur or succession
    state.emit(Event.public("crown.taken", noble=n.id, family=n.family, title=title, how=how))
    spouse = g.nobles.get(n.spouse or "")
    if title == "king" and spouse is not None:
        for other in g.nobles.values():        # 9.0: the widowed Queen keeps her guard until a new Queen
            if "queen" in other.titles:
                other.titles.remove("queen")
        spouse.titles.append("queen")
        state.emit(Event.public("queen.crowned", noble=spouse.id, king=n.id))
    elif spouse is not None:
        state.emit(Event.public("crown.consort", noble=spouse.id, queen=n.id))
    _prince_follows_the_queen(state, g)
    royal_stronghold.crowned(state, g, n.family)   # 4.9: the Royal Stronghold's troops change sides


def _prince_follows_the_queen(state: GameState, g: Fief) -> None:
    """Definitions: the Prince of Wales is a son of the Queen's family; a prince of another family loses it."""
    queen = title_holder(g, "queen") or title_holder(g, "sovereign_queen")
    for n in g.nobles.values():
        if "prince_of_wales" in n.titles and (queen is None or queen.family != n.family):
            n.titles.remove("prince_of_wales")
            state.emit(Event.public("title.lost", noble=n.id, title="prince_of_wales"))


def throne_empty(state: GameState, g: Fief) -> None:
    """Definitions: when the King or the Sovereign Queen dies, the Prince of Wales becomes King at once."""
    if sovereign(g) is not None:
        return
    prince = title_holder(g, "prince_of_wales")
    if prince is not None:
        crown(state, g, prince.id, "succession")
