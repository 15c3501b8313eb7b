"""Playing character cards in Phase 2: Nobles (2.11), Abbess (2.13), Bishop and Archbishop (2.14).

Clergy title cards are bound to their district (our ruling on the "Archbishop of Exeter" of the
examples): Bishop of Exeter, Bishop of Norwich, Archbishop of York, Archbishop of Canterbury.
"""

from __future__ import annotations

from engine.core import Event, GameState, RuleError
from engine.fief.components import C
from engine.fief.estates.succession import recover_titles
from engine.fief.refusals import FiefRefusal
from engine.fief.setup import draw_retainer
from engine.fief.state import (
    MAP,
    Fief,
    Noble,
    allied,
    controlled,
    is_royal_family,
    named,
    player_of,
    title_holder,
)

FAMILY_BOARD = 3


def _card(g: Fief, family: str, card: str, kinds: tuple[str, ...], section: str) -> None:
    hand = player_of(g, family).hand
    if card not in hand or C.card(card).kind not in kinds:
        mine = [c for c in hand if C.card(c).kind in kinds]
        raise RuleError(section, f"you hold no {'/'.join(kinds)} card {card!r}", code=FiefRefusal.NOT_IN_HAND,
                        legal=mine or "none in hand")


# -- Nobles (2.11) ---------------------------------------------------------------------
def noble_cities(g: Fief, family: str) -> list[str]:
    """Where a new noble's standee may stand."""
    royal = is_royal_family(g, family)
    out = set(controlled(g, family))
    out |= {n.city for n in g.nobles.values() if n.family == family and n.captor is None and n.city}
    occupied: set[str | None] | None = None   # the cities where a noble or an invading army stands, asked once
    for name, c in g.cities.items():
        empty = c.controller is None and not c.stacks
        if empty:
            if occupied is None:
                occupied = {n.city for n in g.nobles.values()} | {a.city for a in g.armies.values()}
            empty = name not in occupied
        if empty or (c.controller and c.controller != family and allied(g, family, c.controller)):
            out.add(name)
    return sorted(c for c in out if royal or g.cities[c].building != "royal_stronghold")


def check_noble(g: Fief, family: str, card: str, city: str) -> None:
    _card(g, family, card, ("noble",), "2.11")
    if len(g.families[family].nobles) >= FAMILY_BOARD:
        raise RuleError("2.11", f"a family has at most {FAMILY_BOARD} nobles (captives count)",
                        code=FiefRefusal.FAMILY_FULL,
                        legal="keep the card in hand")
    if city not in noble_cities(g, family):
        raise RuleError("2.11", f"a new noble cannot be placed in {city!r}", code=FiefRefusal.NOBLE_CITY,
                        legal=noble_cities(g, family))


def play_noble(state: GameState, g: Fief, family: str, card: str, city: str) -> Noble:
    player_of(g, family).hand.remove(card)
    c = C.card(card)
    nid = card.removeprefix("noble-")
    n = Noble(nid, c.name, c.sex, family, card, city=city)
    g.nobles[nid] = n
    g.families[family].nobles.append(nid)
    if g.cities[city].controller is None:
        g.cities[city].controller = family
    if MAP.cities[city].port:   # 5.4: placed in a port this round, it may sail from there
        g.war.sail_from[nid] = city
    state.emit(Event.public("noble.placed", family=family, noble=nid, name=n.name, sex=n.sex, city=city))
    draw_retainer(state, g, nid)
    recover_titles(state, g, family, nid)
    queen = title_holder(g, "queen") or title_holder(g, "sovereign_queen")
    if n.sex == "m" and queen and queen.family == family and title_holder(g, "prince_of_wales") is None:
        n.titles.append("prince_of_wales")
        state.emit(Event.public("title.given", noble=nid, family=family, title="prince_of_wales"))
    return n


# -- Abbess (2.13) ---------------------------------------------------------------------
def _may_appoint(g: Fief, family: str, n: Noble) -> bool:
    return n.family == family or allied(g, family, n.family)


def abbess_candidates(g: Fief, family: str) -> list[str]:
    return [n.id for n in g.nobles.values() if n.sex == "f" and n.spouse is None and _may_appoint(g, family, n)]


def abbey_cities(g: Fief, family: str) -> list[str]:
    return sorted(name for name, c in g.cities.items()
                  if c.building is None and (c.controller is None or c.controller == family))


def check_abbess(g: Fief, family: str, card: str, noble: str, city: str) -> None:
    _card(g, family, card, ("abbess",), "2.13")
    if noble not in abbess_candidates(g, family):
        raise RuleError("2.13", f"{noble!r} is not an unmarried noblewoman of your family (or your ally's)",
                        code=FiefRefusal.ABBESS_NOBLE, legal=abbess_candidates(g, family) or "none")
    if city not in abbey_cities(g, family):
        raise RuleError("2.13", f"an Abbey goes to a city your family controls or an Independent one, without "
                        f"another building; not {city!r}",
                        code=FiefRefusal.ABBEY_CITY, legal=abbey_cities(g, family))


def play_abbess(state: GameState, g: Fief, family: str, card: str, noble: str, city: str) -> None:
    player_of(g, family).hand.remove(card)
    abbey = C.card(card).abbey
    n = g.nobles[noble]
    n.titles.append(f"abbess:{abbey}")
    royal = is_royal_family(g, n.family) and any(
        t in n.titles for t in ("king", "sovereign_queen", "queen", "prince_of_wales"))
    found_abbey(g, abbey, city, royal)
    g.abbesses[abbey] = noble
    state.emit(Event.public("abbey.founded", family=family, abbess=noble, abbey=abbey, city=city, royal=royal))


def found_abbey(g: Fief, abbey: str, city: str, royal: bool = False) -> None:
    g.cities[city].building = "royal_abbey" if royal else "abbey"
    g.cities[city].abbey = abbey
    g.abbeys[abbey] = city


# -- Bishop and Archbishop (2.14) ------------------------------------------------------
def clergy_candidates(g: Fief, family: str, card: str) -> list[str]:
    archbishop = C.card(card).kind == "archbishop"
    out = []
    for n in g.nobles.values():
        if n.sex != "m" or n.spouse or n.captor or not _may_appoint(g, family, n):
            continue
        if {"king", "prince_of_wales"} & set(n.titles):
            continue
        holds = [t for t in n.titles if t.split(":")[0] in ("bishop", "archbishop")]
        if not holds or (archbishop and all(t.startswith("bishop:") for t in holds)):
            out.append(n.id)
    return out


def check_clergy(g: Fief, family: str, card: str, noble: str) -> None:
    _card(g, family, card, ("bishop", "archbishop"), "2.14")
    if noble not in clergy_candidates(g, family, card):
        raise RuleError("2.14", f"{named(g, noble)} cannot take this title: an unmarried nobleman of your family (or "
                        "ally's), not captive, with no Bishop or Archbishop title (an Archbishop card may replace "
                        "a Bishop's)",
                        code=FiefRefusal.CLERGY_NOBLE, legal=clergy_candidates(g, family, card) or "none")


def play_clergy(state: GameState, g: Fief, family: str, card: str, noble: str) -> None:
    player_of(g, family).hand.remove(card)
    c = C.card(card)
    n = g.nobles[noble]
    for old in [t for t in n.titles if t.startswith("bishop:")]:
        n.titles.remove(old)
        g.character_under.append(f"bishop-{old.split(':')[1]}")
        state.emit(Event.public("title.replaced", noble=noble, title=old))
    n.titles.append(f"{c.kind}:{c.district}")
    state.emit(Event.public("title.given", noble=noble, family=n.family, title=f"{c.kind}:{c.district}"))
