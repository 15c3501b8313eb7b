"""Excalibur (13.2): the sword in its stone at Winchester (ruling X1), drawn by a nobleman there, once
in his family's Phase 5 turn and once in its Phase 7 turn (a d6: 6, or 4-6 for Arthur); the first to
draw it while no Sovereign sits is crowned King. Its bearer's side adds 1 hit to each melee total
(7.3); in an Abbey's city it adds 3 shillings to the Abbey (3.1). When its bearer dies or is taken
captive the sword lies where he fell, for another nobleman there to take (:func:`pass_on`, ``take``);
the new bearer of a fallen Sovereign's sword is King (ruling X3). Rulings X1-X4 in docs/rulings/fief.md.
"""

from __future__ import annotations

from engine.core import Event, GameState, RuleError
from engine.fief.board.state import EXCALIBUR_HOME
from engine.fief.crown.crowning import crown
from engine.fief.refusals import FiefRefusal
from engine.fief.state import Fief, Noble, sovereign

ARTHUR = "Arthur"
STEPS = {"move": 5, "battle": 7}


def eligible(n: Noble | None) -> bool:
    """13.2: a nobleman (not only a Lord), free, in a city (its outskirts too: units there are "IN the City",
    5.0), and no Bishop or Archbishop (ruling X2)."""
    return (n is not None and n.sex == "m" and n.captor is None and n.city is not None
            and not any(t.split(":")[0] in ("bishop", "archbishop") for t in n.titles))


def bearer(g: Fief) -> Noble | None:
    x = g.excalibur
    return g.nobles.get(x.holder) if x.holder else None


def where(g: Fief) -> str | None:
    n = bearer(g)
    return n.city if n is not None else g.excalibur.city


# -- drawing it from the stone ----------------------------------------------------------------------
def drawers(g: Fief, family: str) -> list[str]:
    """Noblemen of ``family`` who may try to draw the sword now (their family's turn in Phase 5 or 7)."""
    x = g.excalibur
    phase = STEPS.get(g.flow.step)
    if not x.stone or phase is None or g.war.battle is not None:   # eligible(): a drawer stands in a city
        return []
    return [nid for nid in g.families[family].nobles
            if (n := g.nobles[nid]).city == x.city and eligible(n) and f"{nid}|{phase}" not in x.tried]


def check_draw(g: Fief, family: str, nid: str) -> None:
    if nid not in drawers(g, family):
        raise RuleError("13.2", "a free nobleman of yours (no Bishop or Archbishop) in the sword's city tries once "
                        "in your Phase 5 turn and once in your Phase 7 turn", code=FiefRefusal.EXCALIBUR_DRAW,
                        legal=drawers(g, family) or "none now")


def draw(state: GameState, g: Fief, family: str, nid: str) -> None:
    """13.2: the d6; success on 6, on 4-6 for Arthur (ruling X2)."""
    x = g.excalibur
    n = g.nobles[nid]
    x.tried.append(f"{nid}|{STEPS[g.flow.step]}")
    roll = state.rng.roll(6, why="excalibur")
    needed = 4 if n.name == ARTHUR else 6
    won = roll >= needed
    state.emit(Event.public("excalibur.tried", noble=nid, family=family, city=x.city, roll=roll, need=needed,
                            drawn=won))
    if won:
        _bear(state, g, n, "drawn")


def _bear(state: GameState, g: Fief, n: Noble, how: str) -> None:
    x = g.excalibur
    fallen = x.fallen
    x.holder, x.stone, x.city, x.fallen = n.id, False, None, None
    state.emit(Event.public("excalibur.taken", noble=n.id, family=n.family, city=n.city, how=how))
    king = sovereign(g)
    if king is not None and fallen is not None and king is not n:
        # 13.2, ruling X3: whoever takes up a fallen bearer's sword "immediately becomes the new King": the
        # sitting Sovereign (the fallen bearer or another) is deposed, and a deposed King's wife is Queen no more
        _depose(state, g, king)
        king = None
    if king is None:
        crown(state, g, n.id, "excalibur")


def _depose(state: GameState, g: Fief, king: Noble) -> None:
    for t in ("king", "sovereign_queen"):
        if t in king.titles:
            king.titles.remove(t)
            state.emit(Event.public("title.lost", noble=king.id, title=t))
    wife = g.nobles.get(king.spouse or "")
    if wife is not None and "queen" in wife.titles:
        wife.titles.remove("queen")
        state.emit(Event.public("title.lost", noble=wife.id, title="queen"))


# -- the bearer falls -------------------------------------------------------------------------------
def fall(state: GameState, g: Fief, nid: str) -> None:
    """13.2: the bearer dies or is taken captive: the sword lies in his city (ruling X4: back in its
    stone when he fell outside any city)."""
    x = g.excalibur
    if x.holder != nid:
        return
    city = g.nobles[nid].city
    # back in its stone the sword is drawn afresh (13.2's first paragraph): no fallen bearer to take it from
    x.holder, x.fallen = None, nid if city else None
    x.city, x.stone = (city, False) if city else (EXCALIBUR_HOME, True)
    state.emit(Event.public("excalibur.fell", noble=nid, city=x.city, stone=x.stone))


def pass_on(state: GameState, g: Fief, noble: str, to: str | None) -> None:
    """13.2: the bearer ``noble`` dies, is assassinated, ambushed or taken captive: the sword is left
    where he fell, or taken at once by ``to`` (an ambusher, a captor) when he may bear it."""
    if g.excalibur.holder != noble:
        return
    fall(state, g, noble)
    t = g.nobles.get(to) if to else None
    if t is not None and eligible(t) and t.city == g.excalibur.city and not g.excalibur.stone:
        _bear(state, g, t, "taken")


def takers(g: Fief, seat: str) -> list[str]:
    """Noblemen of the seat who may take the sword lying where its bearer fell."""
    x = g.excalibur
    if x.stone or x.holder is not None or x.city is None:
        return []
    return [nid for f in g.players[seat].families for nid in g.families[f].nobles
            if eligible(g.nobles[nid]) and g.nobles[nid].city == x.city]


def check_take(g: Fief, seat: str, nid: str) -> None:
    if nid not in takers(g, seat):
        raise RuleError("13.2", "a free nobleman of yours (no Bishop or Archbishop) in the city where the sword lies",
                        code=FiefRefusal.EXCALIBUR_TAKE, legal=takers(g, seat) or "none")


def take(state: GameState, g: Fief, nid: str) -> None:
    _bear(state, g, g.nobles[nid], "taken")


# -- battle and income ------------------------------------------------------------------------------
def melee_bonus(g: Fief, nobles: list[str]) -> int:
    """13.2: +1 hit on the melee total of the side its free bearer fights on."""
    n = bearer(g)
    return 1 if n is not None and n.captor is None and n.id in nobles else 0


def in_abbey(g: Fief, city: str) -> bool:
    """13.2, 3.1 (ruling X2): the sword at an Abbey's city, in its stone, lying there or carried by a free
    noble inside."""
    n = bearer(g)
    if n is not None:
        return n.city == city and n.captor is None and not n.outskirts
    return g.excalibur.city == city


def new_round(g: Fief) -> None:
    g.excalibur.tried = []


def view(g: Fief) -> dict[str, object]:
    x = g.excalibur
    return {"city": where(g), "holder": x.holder, "stone": x.stone}
