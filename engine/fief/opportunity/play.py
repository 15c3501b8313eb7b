"""Carrying out the Opportunity cards' commands (10.0-10.5) and the Burgher's actions (11.2): check
everything first, then change the state. A leaf: nothing imports it but rules.py."""

from __future__ import annotations

from engine.core import Action, GameState, RuleError
from engine.fief.commands import Handlers, city_arg, task_for
from engine.fief.flow import advance
from engine.fief.opportunity import cards as opportunity_cards
from engine.fief.opportunity import midbattle, rebellion
from engine.fief.refusals import FiefRefusal
from engine.fief.state import Fief

HANDLERS: Handlers = Handlers()


@HANDLERS.on("rebellion")
def _rebellion(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """10.1, 11.2: raise a Rebellion on a city, or add to the one being raised."""
    card, city = str(a["card"]), city_arg(a["city"])
    u = g.opp.uprising
    if u is None:
        opportunity_cards.check_time(g, "10.1", in_battle=True)   # O-6b: between two battle rounds too
        burgher = opportunity_cards.burgher_or_card(g, seat, card, "rebellion", "rebellion", "10.1")
        rebellion.check_city(g, seat, city)
        rebellion.start(state, g, burgher or rebellion.seat_family(g, seat), city, None if burgher else card,
                        burgher is not None)
        return
    opportunity_cards.check_time(g, "10.1", quiet=False)
    if u.stage != "support" or city != u.city:
        raise RuleError("10.1", f"a Rebellion is already under way in {u.city}: support it there, or wait",
                        code=FiefRefusal.REBELLION_OPEN,
                        legal=f"city:{u.city}" if u.stage == "support" else "wait")
    burgher = opportunity_cards.burgher_or_card(g, seat, card, "rebellion", "rebellion", "10.1")
    rebellion.check_city(g, seat, city)
    rebellion.support(state, g, burgher or rebellion.seat_family(g, seat), None if burgher else card,
                      burgher is not None)


@HANDLERS.on("passage")
def _passage(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """10.2, 11.2: a PASSAGE card, or the Burgher's Secret Routes for a Treasure."""
    card, use = str(a["card"]), str(a["use"]).lower()
    args = opportunity_cards.passage_args(a)
    for k in ("to", "city"):
        if k in args:
            args[k] = city_arg(args[k])
    opportunity_cards.check_passage(g, seat, use, args)
    burgher = opportunity_cards.burgher_or_card(g, seat, card, "passage", "passage", "10.2")
    fam = burgher or rebellion.seat_family(g, seat)
    if use == "rebellion":
        rebellion.ignore_walls(state, g, fam, None if burgher else card, burgher is not None)
        return
    if burgher:
        rebellion.spend_burgher(g, burgher, "passage")
        args["burgher"] = "yes"
    else:
        opportunity_cards.discard(g, seat, card)
    opportunity_cards.passage(state, g, seat, use, args, fam)
    advance(state)


@HANDLERS.on("assassinate")
def _assassinate(state: GameState, g: Fief, seat: str, a: Action) -> None:
    opportunity_cards.check_time(g, "10.3", in_battle=True)
    card, target = str(a["card"]), str(a["target"])
    sponsor = str(a["sponsor"]) if a.get("sponsor") else None
    opportunity_cards.check_card(g, seat, card, "assassination", "10.3")
    opportunity_cards.check_assassination(g, seat, target, sponsor)
    midbattle.check_leader(g, target, "10.3")
    opportunity_cards.discard(g, seat, card)
    opportunity_cards.eliminate(state, g, target, "assassination", None if target.startswith("leader:") else sponsor)
    midbattle.after_card(state, g)
    advance(state)


@HANDLERS.on("justice")
def _justice(state: GameState, g: Fief, seat: str, a: Action) -> None:
    opportunity_cards.check_time(g, "10.4", in_battle=True)
    card, target = str(a["card"]), str(a["target"])
    opportunity_cards.check_card(g, seat, card, "justice", "10.4")
    opportunity_cards.check_justice(g, target)
    opportunity_cards.discard(g, seat, card)
    opportunity_cards.eliminate(state, g, target, "justice")
    midbattle.after_card(state, g)
    advance(state)


@HANDLERS.on("ambush")
def _ambush(state: GameState, g: Fief, seat: str, a: Action) -> None:
    opportunity_cards.check_time(g, "10.5", in_battle=True)
    card, noble, target = str(a["card"]), str(a["noble"]), str(a["target"])
    opportunity_cards.check_card(g, seat, card, "ambush", "10.5")
    opportunity_cards.check_ambush(g, seat, noble, target)
    midbattle.check_leader(g, target, "10.5")
    opportunity_cards.discard(g, seat, card)
    opportunity_cards.ambush(state, g, noble, target)
    midbattle.after_card(state, g)
    advance(state)


@HANDLERS.on("quell")
def _quell(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """10.1: a cleric in the city buys the rebels off, or pleads with them."""
    task = task_for(g, seat, "rebellion", "10.1")
    u = g.opp.uprising
    if u is None or u.stage != "quell":
        raise RuleError("10.1", "the clergy speak once every Rebellion has been added",
                        code=FiefRefusal.NOT_YET,
                        legal="stand_aside, or add to the Rebellion")
    price = rebellion.check_quell(g, task.family, str(a["noble"]), str(a["how"]).lower())
    rebellion.quell(state, g, task.family, str(a["noble"]), str(a["how"]).lower(), price)
    advance(state)


@HANDLERS.on("stand_aside")
def _stand_aside(state: GameState, g: Fief, seat: str, a: Action) -> None:
    task = task_for(g, seat, "rebellion", "10.1")
    if g.opp.uprising is not None and g.opp.uprising.stage == "losses":
        raise RuleError("10.1", "the rebels' hits must fall: choose your losses",
                        code=FiefRefusal.LOSSES_FIRST,
                        legal=[",".join(x) for x in rebellion.loss_choices(g, task.family)])
    rebellion.stand_aside(state, g, task.family)
    advance(state)


@HANDLERS.on("rebel_losses")
def _rebel_losses(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """10.1, 7.5: the troops a family loses to the rebels, when it has a choice (ruling O-3)."""
    task = task_for(g, seat, "rebellion", "10.1")
    u = g.opp.uprising
    if u is None or u.stage != "losses":
        raise RuleError("10.1", "no rebels' hits wait for you yet",
                        code=FiefRefusal.NOT_YET, legal="stand_aside")
    units = [str(x).lower() for x in (a.get("units") or [])]
    rebellion.check_losses(g, task.family, units)
    g.tasks.pop(0)
    rebellion.take_losses(state, g, task.family, units)
    rebellion.strike_on(state, g)
    advance(state)
