"""The commands of phases 5-7: moves and Cavalcades, parley with invaders, battles and their
decisions, sieges, pillage, the Bandits' toll and the King's interdiction, joining a battle, handing
over a city. Their legal forms and defaults are in war/legal.py; the flow of the phases in flow.py.
The Opportunity cards' commands are in opportunity/play.py."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.core import Action, Event, GameState, RuleError
from engine.fief.commands import Handlers, city_arg, task_for, turn
from engine.fief.estates.ransom import places
from engine.fief.estates.succession import release
from engine.fief.flow import advance
from engine.fief.refusals import FiefRefusal
from engine.fief.state import MAP, Fief, player_of
from engine.fief.war import invaders, movement, pillage
from engine.fief.war.battle import endings, fight, sides, siege
from engine.fief.war.legal import joinable, must_move_left, royal_family_of, sieges

HANDLERS: Handlers = Handlers()


def _units(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        value = [value]
    return [str(u).strip().lower() for u in value if str(u).strip()]


@HANDLERS.on("move")
def _move(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("move",), "5.0")
    p = a.params   # the arguments read once (required: noble and to)
    via = str(p["via"]).lower() if p.get("via") else None
    if via is not None and via not in ("road", "sea", "royal", "sherwood"):
        raise RuleError("5.0", f"no way {via!r}",
                        code=FiefRefusal.VIA, legal=["road", "sea", "royal", "sherwood"])
    nid = str(p["noble"])
    if g.war.must_move and must_move_left(g, fam) and nid not in g.war.must_move:
        raise RuleError("5.2", "a Cavalcade that won must move on first", code=FiefRefusal.MUST_MOVE,
                        legal=[n for n in g.war.must_move if n in g.nobles])
    if p.get("cavalcade"):
        cav = movement.check_cavalcade(g, fam, nid, city_arg(p["to"]), via, _units(p.get("troops")))
        cavalcade(state, g, cav)
        advance(state)
        return
    step = movement.check_move(g, fam, nid, city_arg(p["to"]), via, _units(p.get("troops")))
    need = movement.must_ask(g, step)
    if need:
        if any(r.kind in ("pass", "cavalcade") and r.payload.get("noble") == nid for r in g.requests.open):
            raise RuleError("5.0", "a request to pass for this noble awaits its answer",
                            code=FiefRefusal.ASKED,
                            legal="move another noble, or done")
        ask_pass(state, g, step, need[0])
        return
    if step.via == "sherwood" and movement.robbed(state, g, step):
        return
    movement.carry_out(state, g, step)
    advance(state)   # a noble dead of the Plague on arrival may leave a decision about its captive void


def cavalcade(state: GameState, g: Fief, cav: movement.Cavalcade) -> None:
    """5.2-5.3: fight at once (melee only, the defender +1 per die); behind walls the defender may
    instead let the Cavalcade through (a request: accepting means coming out to fight)."""
    step = cav.step
    if cav.where == "there":
        movement.carry_out(state, g, step, ask_entry=False)
    city = step.dest if cav.where == "there" else step.start
    n = g.nobles.get(step.noble)
    if n is None or n.city != city or n.captor is not None:
        return   # the ride ended on the way (plague)
    state.emit(Event.public("cavalcade.begun", noble=step.noble, family=step.family, city=city, against=cav.foe,
                            knights=sum(1 for u in step.units if u == "knight")))
    if movement.walls_between(g, city, step.family, cav.foe, step.noble):
        g.requests.ask(state, "cavalcade", g.families[step.family].seat, g.families[cav.foe].seat, default=False,
                       noble=step.noble, city=city, family=step.family, holder=cav.foe,
                       knights=list(step.units))
        return
    fight.declare(state, g, step.family, city, cav.foe, "cavalcade", mover=step.noble, only=list(step.units))


def ask_pass(state: GameState, g: Fief, step: movement.Step, holder: str) -> None:
    g.requests.ask(state, "pass", g.families[step.family].seat, g.families[holder].seat, default=False,
                       noble=step.noble, city=step.start, dest=step.dest, via=step.via, family=step.family,
                       holder=holder, troops=sum(1 for u in step.units if u != "bombard"))


@HANDLERS.on("battle")
def _battle(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("battle",), "7.0")
    city = city_arg(a["city"])
    target = str(a["target"]) if a.get("target") else None
    against = str(a["against"])
    kind = fight.check_declare(g, fam, city, against, target)
    armies = sides.invader_ids(g, city) if against == sides.INVADERS else None
    fight.declare(state, g, fam, city, against, kind, target, armies=armies)
    advance(state)


@HANDLERS.on("besiege")
def _besiege(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """7.9: without the strength to roll a die against the walls, the attacker besieges at once."""
    fam = turn(g, seat, ("battle",), "7.9")
    city = city_arg(a["city"])
    legal = siege.besiege_cities(g, fam)
    if city in g.cities and sides.stormy(g, city):
        raise RuleError("2.5", f"Storms over {MAP.regions[MAP.cities[city].region].name} forbid any attack there, "
                        "a siege included", code=FiefRefusal.STORMS, legal=legal or "battle first")
    if city not in legal:
        raise RuleError("7.9", f"your family cannot besiege {city!r} without a battle (a free noble outside the walls "
                        "of an enemy Stronghold or Fortified City, too weak to roll a die at them, with a Trebuchet)",
                        code=FiefRefusal.BESIEGE, legal=legal or "battle first")
    trebuchet = city_arg(a["trebuchet"]) if a.get("trebuchet") else None
    if trebuchet is not None:
        siege.check_trebuchet(g, fam, trebuchet)
    siege.besiege_outright(state, g, fam, city, trebuchet)
    advance(state)


@HANDLERS.on("losses")
def _losses(state: GameState, g: Fief, seat: str, a: Action) -> None:
    task = task_for(g, seat, "losses", "7.5")
    allot = fight.check_losses(g, task.family, _units(a.get("units")), _units(a.get("slay")))
    g.tasks.pop(0)
    b = g.war.battle
    assert b is not None
    fight.chosen_losses(state, g, b, task.region or task.family, allot)
    advance(state)


@HANDLERS.on("battle_next")
def _battle_next(state: GameState, g: Fief, seat: str, a: Action) -> None:
    task = task_for(g, seat, "battle_next", "7.8")
    choice = str(a["choice"]).lower()
    destroy = bool(a.get("destroy"))
    target = str(a["target"]) if a.get("target") else None
    trebuchet = city_arg(a["trebuchet"]) if a.get("trebuchet") else None
    fight.check_choice(g, task.family, choice, destroy, target, trebuchet)
    g.tasks.pop(0)
    b = g.war.battle
    assert b is not None
    fight.choose(state, g, b, task.family, choice, destroy, target, trebuchet)
    advance(state)


@HANDLERS.on("bandits")
def _bandits(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """13.4: pay the Bandits at once if you can; otherwise the noble stays in Sherwood."""
    task = task_for(g, seat, "bandits", "13.4")
    pay = bool(a["pay"])
    money = player_of(g, task.family).shillings
    if pay and money < task.count:
        raise RuleError("13.4", f"the Bandits ask {task.count} shillings, more than you have",
                        code=FiefRefusal.FUNDS,
                        legal="pay:false")
    if not pay and money >= task.count:
        raise RuleError("13.4", f"you can pay the {task.count} shillings the Bandits ask: you must",
                        code=FiefRefusal.MANDATORY,
                        legal="pay:true")
    nid, start = task.noble or "", task.region or ""
    if Counter(task.options) - Counter(movement.units_of(g.cities[start].stacks.get(task.family))):
        raise RuleError("13.4", "the units stopped in Sherwood are no longer there",
                        code=FiefRefusal.UNITS_GONE,
                        legal="none")
    g.tasks.pop(0)
    if pay:
        player_of(g, task.family).shillings -= task.count
        state.emit(Event.public("bandits.paid", noble=nid, family=task.family, ransom=task.count))
        movement.carry_out(state, g, movement.Step(nid, task.family, start, task.city or "", "sherwood", 1,
                                                   tuple(task.options), "sherwood"))
    else:
        movement.bandits_take(state, g, nid, start, list(task.options))
    advance(state)


@HANDLERS.on("interdict")
def _interdict(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """13.4 King's Interdiction: the King or Queen spends a Carrier Pigeon to free a Bandits' captive."""
    fam = royal_family_of(g, seat)
    captives = sorted(n.id for n in g.nobles.values() if n.captor == "bandits")
    if fam is None:
        raise RuleError("13.4", "only the King or Queen may order the Bandits to free a captive",
                        code=FiefRefusal.NOT_ROYAL,
                        legal="none")
    if g.families[fam].pigeons < 1:
        raise RuleError("13.4", "the interdiction costs a Carrier Pigeon; you have none left",
                        code=FiefRefusal.NO_PIGEON,
                        legal="none")
    if a["captive"] not in captives:
        raise RuleError("13.4", f"{a['captive']!r} is not held in Sherwood", code=FiefRefusal.NOT_CAPTIVE,
                        legal=captives or "nobody is held")
    where = places(g, g.nobles[a["captive"]])   # 13.4: the nearest friendly city to Sherwood
    g.families[fam].pigeons -= 1
    state.emit(Event.public("bandits.interdiction", captive=a["captive"], by=fam))
    release(state, g, a["captive"], why="King's interdiction", to=where[0] if where else None)
    advance(state)


@HANDLERS.on("join")
def _join(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """7.0: join a side of the battle being fought in your family's city, or switch sides."""
    fam, side = str(a["family"]), str(a["side"])
    legal = joinable(g, seat)
    if (fam, side) not in legal:
        raise RuleError("7.0", "your family can join only a side it is not on, in the city of the battle being "
                        "fought (not against invaders)",
                        code=FiefRefusal.JOIN, legal=[f"{f}>{s}" for f, s in legal] or "none")
    b = g.war.battle
    assert b is not None
    fight.join(state, g, b, fam, side)


@HANDLERS.on("transfer_control")
def _transfer_control(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """5.1: a family hands a city it controls to another family present there (not during a battle)."""
    city, to = city_arg(a["city"]), str(a["to"])
    mine = [f for f in g.players[seat].families if g.cities.get(city) and g.cities[city].controller == f]
    if g.war.battle is not None:
        raise RuleError("5.1", "control cannot change hands while a battle is fought",
                        code=FiefRefusal.IN_BATTLE,
                        legal="after the battle")
    if not mine:
        raise RuleError("5.1", f"your family does not control {city!r}", code=FiefRefusal.NOT_CONTROLLER,
                        legal=sorted(c for c, x in g.cities.items() if x.controller in g.players[seat].families)
                        or "none")
    present = [f for f in movement.occupiers(g, city) if f != mine[0]]
    if to not in present:
        raise RuleError("5.1", f"control goes to another family present in {city}",
                        code=FiefRefusal.TRANSFER_TO,
                        legal=present or "nobody else is there")
    movement.transfer(state, g, city, mine[0], to)


@HANDLERS.on("spoils")
def _spoils(state: GameState, g: Fief, seat: str, a: Action) -> None:
    task = task_for(g, seat, "spoils", "7.2")
    g.tasks.pop(0)
    endings.take_spoils(state, g, task, bool(a["absorb"]))
    advance(state)


@HANDLERS.on("lift_siege")
def _lift_siege(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("move", "battle"), "7.9")
    city = city_arg(a["city"])
    if city not in sieges(g, fam):
        raise RuleError("7.9", f"your family besieges no {city!r}",
                        code=FiefRefusal.NO_SIEGE, legal=sieges(g, fam) or "none")
    siege.lift(state, g, city, "besieger's choice")


@HANDLERS.on("pillage")
def _pillage(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("pillage",), "7.10")
    city, what = city_arg(a["city"]), str(a["what"]).lower()
    pillage.check(g, fam, city, what)
    pillage.pillage(state, g, fam, city, what)


def _parley_family(g: Fief, seat: str, section: str) -> str:
    """6.9, 6.10: the parley step's turn, a parley decision when invaders marched into the city, or
    the choice between the rounds of a battle with invaders."""
    if g.tasks and g.tasks[0].kind == "parley":
        return str(task_for(g, seat, "parley", section).family)
    if g.tasks and g.tasks[0].kind == "battle_next" and invaders.battle_parley(g, g.tasks[0].family):
        return str(task_for(g, seat, "battle_next", section).family)
    return turn(g, seat, ("parley",), section)


@HANDLERS.on("danegeld")
def _danegeld(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = _parley_family(g, seat, "6.9")
    invaders.check_parley(g, fam, "danegeld", str(a["army"]), str(a["noble"]))
    invaders.danegeld(state, g, fam, str(a["army"]), str(a["noble"]))
    advance(state)


@HANDLERS.on("intervene")
def _intervene(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = _parley_family(g, seat, "6.10")
    invaders.check_parley(g, fam, "intervene", str(a["army"]), str(a["noble"]))
    invaders.intervene(state, g, fam, str(a["army"]), str(a["noble"]))
    advance(state)
