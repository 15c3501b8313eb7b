"""Phase 1: Marriage Alliances (9.0). Two players ally by wedding a man of one family to a woman
of the other, when both agree: neither may already be wed, the groom may hold no clerical title and
the bride may not be an Abbess. A player keeps one marriage at a time; three-player games have none
(13.8) and two-player games wed a player's own two families (13.7). The wedding is announced, the
rings change hands, and the King's new wife is crowned Queen. Only a spouse's death ends it
(succession.py)."""

from __future__ import annotations

from engine.core import Event, GameState, RuleError
from engine.fief.refusals import FiefRefusal
from engine.fief.state import Fief, Noble, is_clergy


def married(g: Fief, seat: str) -> bool:
    """9.0: a player has one marriage at a time."""
    return any(g.nobles[n].spouse for f in g.players[seat].families for n in g.families[f].nobles)


def _called(n: Noble) -> str:
    """A noble as the table names them ("Lady Estrid")."""
    return f"{'Lady' if n.sex == 'f' else 'Lord'} {n.name}"


def _bride(n: Noble) -> bool:
    return n.sex == "f" and n.spouse is None and not is_clergy(n)


def _groom(n: Noble) -> bool:
    return n.sex == "m" and n.spouse is None and not is_clergy(n)


def _families_may_marry(g: Fief, a: str, b: str) -> bool:
    seat_a, seat_b = g.families[a].seat, g.families[b].seat
    if a == b or len(g.players) == 3:
        return False
    if len(g.players) == 2:
        return seat_a == seat_b                    # 13.7: the player's own two families
    return seat_a != seat_b and not married(g, seat_a) and not married(g, seat_b)


def matches(g: Fief, seat: str) -> list[tuple[str, str]]:
    """(noble of the seat, noble of another family) pairs the seat may propose, by id; each couple once."""
    if seat not in g.players or married(g, seat):
        return []
    out: list[tuple[str, str]] = []
    for f in g.players[seat].families:
        for nid in g.families[f].nobles:
            n = g.nobles[nid]
            for m in g.nobles.values():
                if _families_may_marry(g, n.family, m.family) and (
                        (_groom(n) and _bride(m)) or (_bride(n) and _groom(m))):
                    out.append((nid, m.id))
    pairs = set(out)
    # 13.7: with two players both nobles are the seat's own, and each couple comes once, not in both orders
    return sorted(p for p in pairs if p < p[::-1] or p[::-1] not in pairs)


def suitors(g: Fief) -> list[str]:
    """Who may propose in Phase 1, in turn order: each player's first family, if it has a match."""
    seen: set[str] = set()
    out: list[str] = []
    for fam in g.flow.order:
        seat = g.families[fam].seat
        if seat not in seen:
            seen.add(seat)
            if matches(g, seat):
                out.append(fam)
    return out


def check_proposal(g: Fief, seat: str, noble: str, spouse: str) -> None:
    if len(g.players) == 3:
        raise RuleError("13.8", "there are no marriages in a three-player game",
                        code=FiefRefusal.NO_MARRIAGE, legal="done")
    legal = matches(g, seat)
    if (noble, spouse) not in legal and (spouse, noble) not in legal:
        raise RuleError("9.0", "only a single man outside the clergy and a single woman who is no Abbess may wed, "
                        "and only between two players who are not already allied"
                        + (" (with two players: between your own two families, 13.7)" if len(g.players) == 2 else ""),
                        code=FiefRefusal.MARRIAGE,
                        legal=[f"{_called(g.nobles[a])} and {_called(g.nobles[b])}" for a, b in legal][:10]
                        or "no match is possible now")


def still_possible(g: Fief, noble: str, spouse: str) -> bool:
    """A proposal accepted later still needs both nobles alive and free to marry."""
    a, b = g.nobles.get(noble), g.nobles.get(spouse)
    if a is None or b is None:
        return False
    return _families_may_marry(g, a.family, b.family) and ((_groom(a) and _bride(b)) or (_bride(a) and _groom(b)))


def marry(state: GameState, g: Fief, noble: str, spouse: str) -> None:
    """9.0: announced publicly; the rings are exchanged; a King's new wife becomes Queen."""
    a, b = g.nobles[noble], g.nobles[spouse]
    husband, wife = (a, b) if a.sex == "m" else (b, a)
    husband.spouse, wife.spouse = wife.id, husband.id
    g.families[husband.family].ring = False
    g.families[wife.family].ring = False
    state.emit(Event.public("marriage.made", husband=husband.id, wife=wife.id))
    if "king" in husband.titles and "queen" not in wife.titles:
        for n in g.nobles.values():   # 9.0: a widowed Queen keeps her guard only until a new Queen
            if "queen" in n.titles:
                n.titles.remove("queen")
        wife.titles.append("queen")
        state.emit(Event.public("queen.crowned", noble=wife.id, king=husband.id))
