"""The Order of the Garter (13.3): the Sovereign may induct, once a round, a Lord who beat an
invader army (alone or leading a coalition), or a Lord whose family's cleric sent the invaders
away by Church Intervention (6.10) or whose family paid them to leave (6.9). The Sovereign decides
"at the time of the Action" (ruling P1-7): each deed opens a ``garter`` decision for the Sovereign's
family at once, answered by inducting one of the deed's Lords or none; then the deed lapses. Four
markers exist;
a Knight of the Garter loses it at death, may not attack the Sovereign (nor join an attack on
them), and wins ties at the end of the game (victory.py)."""

from __future__ import annotations

from engine.core import Event, GameState, RuleError
from engine.fief.refusals import FiefRefusal
from engine.fief.state import Fief, Task, is_lord, sovereign

MARKERS = 4


def record(g: Fief, nobles: list[str]) -> None:
    """A deed against the invaders: the Sovereign decides now whether to induct one of its Lords (13.3)."""
    for nid in nobles:
        n = g.nobles.get(nid)
        if n is not None and is_lord(n) and nid not in g.politics.deeds:
            g.politics.deeds.append(nid)
    lords = eligible(g)
    king = sovereign(g)
    if king is None or not lords:
        g.politics.deeds = []   # nobody may decide at the time of the deed: it lapses
        return
    if not any(t.kind == "garter" for t in g.tasks):
        g.tasks.append(Task("garter", king.family, options=lords))


def decided(g: Fief) -> None:
    """The Sovereign's answer closes the deed: its Lords may no longer be inducted for it."""
    g.politics.deeds = []


def record_family(g: Fief, family: str) -> None:
    """Invaders sent away by the family's cleric or Danegeld: its Lords may be inducted this round."""
    record(g, list(g.families[family].nobles))


def eligible(g: Fief, family: str | None = None) -> list[str]:
    """Lords the Sovereign (of ``family``, when given) may induct now."""
    king = sovereign(g)
    if king is None or (family is not None and king.family != family):
        return []
    if g.politics.garter_round == g.flow.round:
        return []
    if sum(1 for n in g.nobles.values() if "garter" in n.titles) >= MARKERS:
        return []
    return [nid for nid in g.politics.deeds
            if nid in g.nobles and is_lord(g.nobles[nid]) and "garter" not in g.nobles[nid].titles]


def check_award(g: Fief, families: list[str], noble: str) -> str:
    king = sovereign(g)
    if king is None or king.family not in families:
        raise RuleError("13.3", "only the King or Sovereign Queen inducts a Knight of the Garter",
                        code=FiefRefusal.NOT_SOVEREIGN,
                        legal="none")
    legal = eligible(g, king.family)
    if noble not in legal:
        raise RuleError("13.3", "the Garter goes once a round, when the deed is done, to a Lord who just beat invaders "
                        "(in battle, by Church Intervention or by Danegeld)",
                        code=FiefRefusal.GARTER, legal=legal or "none now")
    return king.family


def award(state: GameState, g: Fief, family: str, noble: str) -> None:
    g.nobles[noble].titles.append("garter")
    g.politics.garter_round = g.flow.round
    state.emit(Event.public("garter.awarded", family=family, noble=noble))


def bars(g: Fief, family: str, city: str, against: str) -> bool:
    """13.3: a family whose Knight of the Garter stands in the city may not attack the Sovereign there."""
    king = sovereign(g)
    if king is None or king.family != against or king.city != city or king.captor is not None:
        return False
    return any(n.family == family and n.city == city and n.captor is None and "garter" in n.titles
               for n in g.nobles.values())


def end_of_round(g: Fief) -> None:
    g.politics.deeds = []
