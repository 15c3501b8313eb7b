"""The legal commands of the Character Opportunity space, Mercenary Crossbowmen, relics and Excalibur
(11.0-11.2, 12.0-12.4, 13.2) for a seat: buttons, autocomplete and random playouts. The enumeration
samples where the space is large (a few cities, one price)."""

from __future__ import annotations

from engine.core import Action
from engine.core.errors import passes
from engine.fief.board import excalibur, mercenaries, relics
from engine.fief.board.play import OWN_TURN_STEPS
from engine.fief.commands import opportunity_time
from engine.fief.components import C
from engine.fief.flow import current_actor
from engine.fief.state import Fief, Noble, sovereign

A = Action.of


def actions(g: Fief, seat: str) -> list[Action]:
    """Enumerated: board cards and hiring in the seat's own turn, hiring also in a battle its family
    fights, lending in its Purchase turn, the relics' powers and a fallen Excalibur whenever they apply.
    Every one of them may also be typed at any time (11.0, 11.1)."""
    step = g.flow.step
    if step == "start":
        return []
    nobles = g.nobles
    mine = [nobles[nid] for f in g.players[seat].families for nid in g.families[f].nobles]   # asked by both below
    out = _anytime(g, seat, mine)
    if not g.tasks and step in _OWN_TURN:
        actor = current_actor(g)
        if actor and g.families[actor].seat == seat:
            out += _in_turn(g, seat, actor, mine)
    battle = g.war.battle
    if battle is not None and g.mercenaries and mercenaries.card_of(g, seat) and g.players[seat].shillings >= mercenaries.hire_cost(1):
        # 11.1, ruling M4: only a fighting family that still stands in the battle's city (or holds it)
        out += [A("hire", city=battle.city, count=1, family=f) for f in g.players[seat].families
                if (f in (battle.attacker, battle.defender) or f in battle.with_attacker or f in battle.with_defender)
                and passes(mercenaries.check_hire, g, seat, None, f, battle.city, 1)]
    return out


_OWN_TURN = frozenset(OWN_TURN_STEPS)   # asked at every decision


def _anytime(g: Fief, seat: str, mine: list[Noble]) -> list[Action]:
    """``mine``: the seat's nobles. Only a bearer of the seat lists a relic's power (below), and each relic is one
    piece: the seat's nobles are enough to find the bearers."""
    out: list[Action] = []
    chasuble = shinbone = None   # the powers need a bearer: both found in one pass (relics.carrier)
    for n in mine:
        if n.relics:
            if chasuble is None and relics.CHASUBLE in n.relics:
                chasuble = n
            if shinbone is None and relics.SHINBONE in n.relics:
                shinbone = n
    # the bearers are the seat's own; relics.storm_moves and famine_regions list nothing for a captive one
    if chasuble is not None and chasuble.captor is None:
        out += [A("chasuble", sea=a, to=b) for a, b in relics.storm_moves(g, seat)]
    if shinbone is not None and shinbone.captor is None:
        out += [A("shinbone", region=r) for r in relics.famine_regions(g, seat)]
    x = g.excalibur
    if x.city is not None and not x.stone:   # a sword lying where its bearer fell (in the stone: no taker)
        out += [A("take_excalibur", noble=n) for n in excalibur.takers(g, seat)]
    return out


def _mercenaries(g: Fief, seat: str) -> list[Action]:
    p = g.players[seat]
    out: list[Action] = []
    cards = C.cards
    board = [c for c in p.hand if cards[c].kind in mercenaries.BOARD_KINDS] \
        if not _BOARD_CARDS.isdisjoint(p.hand) else None
    if board and opportunity_time(g):
        lords: dict[str, bool] = {}   # mercenaries.check_place's test for a Burgher, asked once a family
        for card in board:
            burgher = cards[card].kind == "burgher"
            for f in p.families:
                if burgher and not lords.setdefault(f, mercenaries.has_titled_lord(g, f)):
                    continue   # 11.2: refused by check_place
                out.append(A("play_board_card", card=card, family=f))
    if g.mercenaries and mercenaries.card_of(g, seat) and p.shillings >= mercenaries.hire_cost(1):
        for f in p.families:
            out += [A("hire", city=c, count=1, family=f) for c in mercenaries.hire_cities(g, f)[:3]]
        if g.flow.step == "purchase" and not any(r.kind == "mercenaries" and r.by == seat for r in g.requests.open):
            for f in g.families:
                if f not in p.families:
                    out += [A("lend_mercenaries", to=f, city=c, count=1, price=1)
                            for c in mercenaries.hire_cities(g, f)[:1]]
    return out


_BOARD_CARDS = frozenset(c for c, card in C.cards.items() if card.kind in mercenaries.BOARD_KINDS)


def _in_turn(g: Fief, seat: str, actor: str, mine: list[Noble]) -> list[Action]:
    p = g.players[seat]
    out = _mercenaries(g, seat)
    if g.excalibur.stone and g.flow.step in excalibur.STEPS and g.war.battle is None:   # excalibur.drawers' test
        out += [A("draw_excalibur", noble=n) for n in excalibur.drawers(g, actor)]
    asked = False   # the Sovereign and the open offers matter only to relic bearers: asked at the first
    king: Noble | None = None
    offering = False
    cities = g.cities
    for n in mine:
        if n.captor is not None or n.city is None or n.outskirts:
            continue   # only a free noble inside a city takes, leaves or gives a relic
        lying = cities[n.city].relics
        if lying:
            out += [A("take_relic", relic=r, noble=n.id) for r in lying]
        if not n.relics:
            continue
        if not asked:
            asked = True
            king = sovereign(g)
            offering = any(r.kind == "relic" and r.by == seat for r in g.requests.open)
        for r in n.relics:
            out.append(A("leave_relic", relic=r))
            for other in g.nobles.values():
                if other is n or other.captor is not None or other.city != n.city or other.outskirts:
                    continue
                if other.family in p.families or other is king:
                    out.append(A("give_relic", relic=r, to=other.id))
                elif not offering:
                    out.append(A("give_relic", relic=r, to=other.id, price=1))
    return out


def suggest(g: Fief, seat: str, kind: str, param: str) -> list[str]:
    """Autocomplete beyond the sampled enumeration: every city a hire or loan may reach, the relics
    the seat's nobles carry, the seat's noblemen."""
    fams = g.players[seat].families
    if kind in ("hire", "lend_mercenaries") and param == "city":
        return sorted({c for f in g.families for c in mercenaries.hire_cities(g, f) if (f in fams) == (kind == "hire")})
    if kind in ("give_relic", "leave_relic") and param == "relic":
        return [r for f in fams for n in g.families[f].nobles for r in g.nobles[n].relics]
    if param in ("noble", "to"):
        return [n for f in fams for n in g.families[f].nobles]
    return []


def payable(g: Fief, kind: str, payload: dict) -> bool:  # type: ignore[type-arg]
    """The answering player can accept a lent Crossbowman or a relic sold at the asked price."""
    if kind == "mercenaries":
        return passes(mercenaries.lend_check, g, payload)
    if kind == "relic":
        return passes(relics.sale_check, g, payload)
    return True


def weight(g: Fief, action: Action) -> float:
    """Random agents: they hire, play board cards, try the sword and give relics to the Sovereign often
    enough for playouts to see them; they shuffle relics between their own nobles rarely."""
    k = action.kind
    if k in ("draw_excalibur", "take_excalibur", "play_board_card", "shinbone"):
        return 6.0
    if k == "give_relic":
        king = sovereign(g)
        return 8.0 if king is not None and action.get("to") == king.id else 0.3
    if k in ("leave_relic", "take_relic", "chasuble"):
        return 0.3
    if k in ("hire", "lend_mercenaries"):
        return 0.5
    return 1.0

