"""Command handlers for the Character Opportunity space and Mercenary Crossbowmen (11.0-11.2), relics
(12.0-12.4) and Excalibur (13.2): check everything first, then change the state. A leaf module:
only rules.py imports it. The rules themselves are in mercenaries.py, relics.py and excalibur.py."""

from __future__ import annotations

from engine.core import Action, GameState, RuleError
from engine.fief.board import excalibur, mercenaries, relics
from engine.fief.commands import Handlers, city_arg, opportunity_time, region_arg, task_for, turn
from engine.fief.estates import succession
from engine.fief.flow import STEPS, advance, current_actor
from engine.fief.opportunity import cards as opportunity
from engine.fief.refusals import FiefRefusal
from engine.fief.state import Fief, sovereign

HANDLERS: Handlers = Handlers()


# Steps in which relics change hands: every step that waits on the families in turn (ruling RL1).
OWN_TURN_STEPS = tuple(s for s, spec in STEPS.items() if spec.actors is not None and s not in ("start", "draw"))


def acting_family(g: Fief, seat: str) -> str:
    """The seat's family whose turn it is, else its first family."""
    actor = current_actor(g)
    if actor and g.families[actor].seat == seat:
        return actor
    return g.players[seat].families[0]


def _not_in_setup(g: Fief, section: str) -> None:
    if g.flow.step == "start":
        raise RuleError(section, "not before every family has set up",
                        code=FiefRefusal.SETUP, legal="after setup")


def _family_arg(g: Fief, a: Action, default: str) -> str:
    return str(a["family"]).lower() if a.get("family") else default


# -- the family board's right-hand space (11.0-11.2) ----------------------------------------------
@HANDLERS.on("play_board_card")
def _play_board_card(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """11.0: any time but a Draw action; the card there before is discarded."""
    if not opportunity_time(g):
        raise RuleError("11.0", "Opportunity cards cannot be played during a draw action or setup",
                        code=FiefRefusal.DRAW_ACTION, legal="before the draws begin, or once they are over")
    family = _family_arg(g, a, acting_family(g, seat))
    mercenaries.check_place(g, seat, family, str(a["card"]))
    mercenaries.place(state, g, seat, family, str(a["card"]))


@HANDLERS.on("hire")
def _hire(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """11.1: hire Crossbowmen from your card, 2 shillings each, into a city (any time)."""
    _not_in_setup(g, "11.1")
    card = mercenaries.card_of(g, seat)
    owner = next((f for f in g.players[seat].families if g.families[f].board_card == card), acting_family(g, seat))
    family = _family_arg(g, a, owner)
    if family not in g.players[seat].families:
        raise RuleError("11.1", "hire for your own family; lend them to another player instead",
                        code=FiefRefusal.NOT_YOUR_FAMILY, legal=g.players[seat].families)
    count = int(a.get("count", 1))   # count:0 is a bad count, refused, not one Crossbowman
    city = city_arg(a["city"])
    card = mercenaries.check_hire(g, seat, card, family, city, count)
    mercenaries.hire(state, g, family, city, count, card=card)


@HANDLERS.on("lend_mercenaries")
def _lend(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """11.1: lend or rent Crossbowmen to another player's family for a price it accepts."""
    _not_in_setup(g, "11.1")
    to = str(a["to"]).lower()
    if to not in g.families or to in g.players[seat].families:
        raise RuleError("11.1", "lend to another player's family", code=FiefRefusal.LEND_TO,
                        legal=[f for f in g.families if f not in g.players[seat].families])
    if any(r.kind == "mercenaries" and r.by == seat for r in g.requests.open):
        raise RuleError("11.1", "your offer of Crossbowmen awaits its answer", code=FiefRefusal.OFFER_OPEN,
                        legal="wait for the answer")
    count, price = int(a.get("count", 1)), int(a.get("price", 0))
    city = city_arg(a["city"])
    card = mercenaries.check_hire(g, seat, None, to, city, count, price)
    owner = next(f for f in g.players[seat].families if g.families[f].board_card == card)
    mercenaries.set_aside(g, owner, card, count)
    g.requests.ask(state, "mercenaries", seat, g.families[to].seat, default=False, family=owner, card=card,
                   renter=to, city=city, count=count, price=price)


# -- relics (12.0-12.4) ---------------------------------------------------------------------------
@HANDLERS.on("give_relic")
def _give_relic(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """12.0: to a noble in the same city: your own at once, the Sovereign at once as a gift, another
    player's noble if that player accepts (a sale when a price is named)."""
    turn(g, seat, OWN_TURN_STEPS, "12.0")
    relic, price = str(a["relic"]).lower(), int(a.get("price") or 0)
    giver, receiver = relics.check_give(g, seat, relic, str(a["to"]), price)
    mine = receiver.family in g.players[seat].families
    if mine or (price == 0 and receiver is sovereign(g)):
        relics.give(state, g, relic, giver.id, receiver.id)
        return
    if any(r.kind == "relic" and r.by == seat for r in g.requests.open):
        raise RuleError("12.0", "your offer of a relic awaits its answer", code=FiefRefusal.OFFER_OPEN,
                        legal="wait for the answer")
    g.requests.ask(state, "relic", seat, g.families[receiver.family].seat, default=False, noble=giver.id,
                   receiver=receiver.id, relic=relic, price=price, family=giver.family)


@HANDLERS.on("leave_relic")
def _leave_relic(state: GameState, g: Fief, seat: str, a: Action) -> None:
    turn(g, seat, OWN_TURN_STEPS, "12.0")
    relic = str(a["relic"]).lower()
    relics.leave(state, g, relic, relics.check_leave(g, seat, relic))


@HANDLERS.on("take_relic")
def _take_relic(state: GameState, g: Fief, seat: str, a: Action) -> None:
    turn(g, seat, OWN_TURN_STEPS, "12.0")
    relic = str(a["relic"]).lower()
    relics.take(state, g, relic, relics.check_take(g, seat, relic, str(a["noble"])))


@HANDLERS.on("chasuble")
def _chasuble(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """12.2: move a Storms card in play to a neighbouring sea, once a round per card, in any phase."""
    _not_in_setup(g, "12.2")
    sea, to = region_arg(a["sea"]), region_arg(a["to"])
    relics.check_storms(g, seat, sea, to)
    relics.move_storms(state, g, seat, sea, to)


@HANDLERS.on("shinbone")
def _shinbone(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """12.4: lift a Famine in the district where the Shinbone's bearer stands."""
    _not_in_setup(g, "12.4")
    region = region_arg(a["region"])
    relics.check_famine(g, seat, region)
    relics.lift_famine(state, g, region)


@HANDLERS.on("skull")
def _skull(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """12.3 (ruling RL5): the Skull's player, asked as the noble falls, raises him or lets him die."""
    t = task_for(g, seat, "skull", "12.3")
    noble = str(a["noble"]) if a.get("noble") else None
    relics.check_raise(t, noble)
    g.tasks.pop(0)
    nid = t.noble or ""
    if noble:
        relics.raise_fallen(state, g, nid)
    else:
        n = g.nobles[nid]
        city, fam, free, cause = n.city, n.family, n.captor is None, relics.let_fall(state, g, nid)
        succession.die(state, g, nid, cause)
        if city and free and cause in opportunity.SCATTERING:
            opportunity.scatter(state, g, city, fam, cause)
    advance(state)


# -- Excalibur (13.2) -------------------------------------------------------------------------------
@HANDLERS.on("draw_excalibur")
def _draw_excalibur(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """13.2: a nobleman of the family whose turn it is, in Phase 5 or Phase 7."""
    fam = turn(g, seat, tuple(excalibur.STEPS), "13.2")
    nid = str(a["noble"])
    excalibur.check_draw(g, fam, nid)
    excalibur.draw(state, g, fam, nid)


@HANDLERS.on("take_excalibur")
def _take_excalibur(state: GameState, g: Fief, seat: str, a: Action) -> None:
    _not_in_setup(g, "13.2")
    excalibur.check_take(g, seat, str(a["noble"]))
    excalibur.take(state, g, str(a["noble"]))
