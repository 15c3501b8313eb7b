"""Commands, decisions and defaults of phases 5-7 (movement, battles, sieges, pillage).

The round's flow (flow.py) calls :func:`begin_movement`, :func:`begin_battles` and
:func:`begin_pillage`; the rules dispatch here for the steps ``move``, ``battle`` and ``pillage``,
for the tasks ``losses``, ``battle_next`` and ``spoils``, and for the requests ``pass`` and ``enter``.
Opportunity cards (Passage, Ambush, Assassination, Rebellion: a later issue) plug in where the
docstrings say "hook".
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.core import Action, Event, GameState, Request, RuleError
from engine.fief import invaders, movement, pillage
from engine.fief.battle import endings, fight, losses
from engine.fief.flow import begin, current_actor, end_turn
from engine.fief.play import HANDLERS, city_arg, handler, task_for, turn
from engine.fief.state import MAP, Fief, Task, player_of

A = Action.of
STEPS = ("move", "parley", "battle", "pillage")
TASKS = ("losses", "battle_next", "spoils", "bandits", "parley")
REQUESTS = ("pass", "enter", "cavalcade")


# -- flow hooks -------------------------------------------------------------------------------
def begin_movement(state: GameState, g: Fief) -> str:
    movement.begin_phase(g)
    movement.settle_sherwood(state, g)
    begin(state, "move")
    return "move"


def end_movement(state: GameState, g: Fief) -> None:
    movement.end_phase(g)
    endings.check_sieges(state, g)


def begin_invaders(state: GameState, g: Fief) -> str:
    """Phase 6: reinforcements and landings, then the parley step (if anyone can parley), then moves."""
    invaders.begin_phase(state, g)
    if invaders.parley_families(g):
        begin(state, "parley")
        return "parley"
    begin(state, "invaders")
    return "invaders"


def run_invaders(state: GameState, g: Fief) -> bool:
    return invaders.run(state, g)


def begin_battles(state: GameState, g: Fief) -> str:
    g.war.fought.clear()
    g.war.battled_now.clear()
    movement.settle_sherwood(state, g)
    begin(state, "battle")
    return "battle"


def end_battles(state: GameState, g: Fief) -> None:
    g.war.battled_last = list(g.war.battled_now)
    endings.check_sieges(state, g)


# -- legal actions and defaults ---------------------------------------------------------------
def step_default(g: Fief, family: str) -> Action:
    if g.flow.step == "move":
        for noble, dest, via, units in movement.legal_moves(g, family, only=_waiting(g, family))[:1]:
            return A("move", noble=noble, to=dest, via=via, troops=list(units))
    return A("done")


def step_actions(g: Fief, seat: str, family: str) -> list[Action]:
    step = g.flow.step
    out: list[Action] = []
    if step == "move":
        if not _must_move_left(g, family):
            out.append(A("done"))
        asked = {str(r.payload.get("noble")) for r in g.requests.open if r.kind in ("pass", "cavalcade")}
        for noble, dest, via, units in movement.legal_moves(g, family):
            if (_must_move_left(g, family) and noble not in g.war.must_move) or noble in asked:
                continue
            out.append(A("move", noble=noble, to=dest, via=via, troops=list(units)))
        if not _must_move_left(g, family):
            out += _cavalcades(g, family, asked)
    elif step == "battle":
        out.append(A("done"))
        for city in fight.battle_cities(g, family):
            for foe in fight.targets_in(g, city, family):
                if f"{city}|{family}|{foe}" not in g.war.fought:
                    out.append(A("battle", city=city, against=foe))
                    aims = _aims(g, city, foe)
                    if aims and any(t in ("archer", "crossbow") for t in fight.troops(g, city, family)):
                        out.append(A("battle", city=city, against=foe, target=aims[0]))
        for c in endings.besiege_cities(g, family):
            out.append(A("besiege", city=c))
            out += [A("besiege", city=c, trebuchet=t) for t in endings.trebuchet_sources(g, family)[1:]]
    elif step == "parley":
        out.append(A("done"))
        out += [A(kind, army=army, noble=noble) for kind, army, noble in invaders.parley_options(g, family)]
    elif step == "pillage":
        out.append(A("done"))
        out += [A("pillage", city=c, what=w) for c, w in pillage.options(g, family)]
    if step == "move":   # accepted in the Battle step too; offered once a round, where a siege is reconsidered
        out += [A("lift_siege", city=c) for c in _sieges(g, family)]
    return out


def _aims(g: Fief, city: str, foe: str) -> list[str]:
    if foe == fight.INVADERS:
        return [f"leader:{a}" for a in fight.invader_ids(g, city) if g.armies[a].leader]
    return fight.free_nobles(g, city, foe)


def _cavalcades(g: Fief, family: str, asked: set[str]) -> list[Action]:
    out: list[Action] = []
    for nid in g.families[family].nobles:
        n = g.nobles[nid]
        if n.captor is not None or n.city is None or nid in asked or movement.moves_left(g, nid) < 1:
            continue
        knights = [u for u in movement.available(g, n.city, family, nid) if u == "knight"]
        if not knights:
            continue
        for dest in MAP.neighbours(n.city):
            try:
                movement.check_cavalcade(g, family, nid, dest, "road", knights)
            except RuleError:
                continue
            out.append(A("move", noble=nid, to=dest, via="road", troops=knights, cavalcade=True))
    return out


def _waiting(g: Fief, family: str) -> list[str]:
    asked = {str(r.payload.get("noble")) for r in g.requests.open if r.kind in ("pass", "cavalcade")}
    return [n for n in g.war.must_move if n in g.nobles and g.nobles[n].family == family
            and movement.moves_left(g, n) > 0 and n not in asked]


def _must_move_left(g: Fief, family: str) -> bool:
    """5.2, Ex 5-2: a noble that won a Cavalcade or was let through must move on, if it still can."""
    waiting = _waiting(g, family)
    if not waiting:
        return False
    return bool(movement.legal_moves(g, family, only=waiting))


def _sieges(g: Fief, family: str) -> list[str]:
    return sorted(n for n, c in g.cities.items() if c.siege and c.siege.by == family)


def task_default(g: Fief, t: Task) -> Action:
    if t.kind == "parley":
        return A("done")
    if t.kind == "bandits":
        return A("bandits", pay=player_of(g, t.family).shillings >= t.count)
    if t.kind == "losses":
        allot = _loss_example(g, t)
        return A("losses", units=list(allot.troops), slay=list(allot.slain))
    if t.kind == "battle_next":
        return A("battle_next", choice="continue")
    return A("spoils", absorb=True)


def task_actions(g: Fief, t: Task) -> list[Action]:
    if t.kind == "parley":
        return [A("done")] + [A(kind, army=army, noble=noble) for kind, army, noble in invaders.parley_options(g, t.family)
                              if g.nobles[noble].city == t.city]
    if t.kind == "bandits":
        return [task_default(g, t)]
    if t.kind == "losses":
        b = g.war.battle
        assert b is not None
        side = t.region or t.family
        opts = losses.choices(fight.side_troops(g, b, side), fight.side_nobles(g, b, side), t.count)
        return [A("losses", units=list(o.troops), slay=list(o.slain)) for o in opts]
    if t.kind == "battle_next":
        out = [A("battle_next", choice=c) for c in t.options]
        if "siege" in t.options:   # 7.9: which Trebuchet on the map to destroy (default: the first)
            out += [A("battle_next", choice="siege", trebuchet=c) for c in endings.trebuchet_sources(g, t.family)[1:]]
        b = g.war.battle
        if b is not None and "continue" in t.options:
            st = g.cities[b.city].stacks.get(t.family)
            if st and st.troops and (st.bombards or st.trebuchets):
                out.append(A("battle_next", choice="continue", destroy=True))   # 7.2 tactical destruction
            foes = fight.side_nobles(g, b, fight.other(b, t.family))
            if foes and any(fight.unit_type(u) in ("archer", "crossbow") for u in fight.side_troops(g, b, t.family)):
                out.append(A("battle_next", choice="continue", target=foes[0]))
        return out
    return [A("spoils", absorb=True), A("spoils", absorb=False)]


def _loss_example(g: Fief, t: Task) -> losses.Allotment:
    b = g.war.battle
    assert b is not None
    side = t.region or t.family
    return losses.example(fight.side_troops(g, b, side), fight.side_nobles(g, b, side), t.count)


# -- handlers ---------------------------------------------------------------------------------
def _units(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        value = [value]
    return [str(u).strip().lower() for u in value if str(u).strip()]


@handler("move")
def _move(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("move",), "5.0")
    via = str(a["via"]).lower() if a.get("via") else None
    if via is not None and via not in ("road", "sea", "royal", "sherwood"):
        raise RuleError("5.0", f"no way {via!r}", code="via", legal=["road", "sea", "royal", "sherwood"])
    nid = str(a["noble"])
    if g.war.must_move and _must_move_left(g, fam) and nid not in g.war.must_move:
        raise RuleError("5.2", "a Cavalcade that won must move on first", code="must_move",
                        legal=[n for n in g.war.must_move if n in g.nobles])
    if a.get("cavalcade"):
        cav = movement.check_cavalcade(g, fam, nid, city_arg(a["to"]), via, _units(a.get("troops")))
        cavalcade(state, g, cav)
        _continue(state)
        return
    step = movement.check_move(g, fam, nid, city_arg(a["to"]), via, _units(a.get("troops")))
    need = movement.must_ask(g, step)
    if need:
        if any(r.kind in ("pass", "cavalcade") and r.payload.get("noble") == nid for r in g.requests.open):
            raise RuleError("5.0", "a request to pass for this noble awaits its answer", code="asked",
                            legal="move another noble, or done")
        ask_pass(state, g, step, need[0])
        return
    if step.via == "sherwood" and movement.robbed(state, g, step):
        return
    movement.carry_out(state, g, step)


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


@handler("battle")
def _battle(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("battle",), "7.0")
    city = city_arg(a["city"])
    target = str(a["target"]) if a.get("target") else None
    against = str(a["against"])
    kind = fight.check_declare(g, fam, city, against, target)
    armies = fight.invader_ids(g, city) if against == fight.INVADERS else None
    fight.declare(state, g, fam, city, against, kind, target, armies=armies)
    _continue(state)


@handler("besiege")
def _besiege(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """7.9: without the strength to roll a die against the walls, the attacker besieges at once."""
    fam = turn(g, seat, ("battle",), "7.9")
    city = city_arg(a["city"])
    legal = endings.besiege_cities(g, fam)
    if city not in legal:
        raise RuleError("7.9", f"your family cannot besiege {city!r} without a battle (a free noble outside the walls "
                        "of an enemy Stronghold or Fortified City, too weak to roll a die at them, with a Trebuchet)",
                        code="besiege", legal=legal or "battle first")
    trebuchet = city_arg(a["trebuchet"]) if a.get("trebuchet") else None
    if trebuchet is not None:
        endings.check_trebuchet(g, fam, trebuchet)
    endings.besiege_outright(state, g, fam, city, trebuchet)
    _continue(state)


@handler("losses")
def _losses(state: GameState, g: Fief, seat: str, a: Action) -> None:
    task = task_for(g, seat, "losses", "7.5")
    allot = fight.check_losses(g, task.family, _units(a.get("units")), _units(a.get("slay")))
    g.tasks.pop(0)
    b = g.war.battle
    assert b is not None
    side = task.region or task.family
    b.owed.pop(side, None)
    fight.take(state, g, b, side, allot)
    fight.proceed(state, g)
    _continue(state)


@handler("battle_next")
def _battle_next(state: GameState, g: Fief, seat: str, a: Action) -> None:
    task = task_for(g, seat, "battle_next", "7.8")
    choice = str(a["choice"]).lower()
    destroy = bool(a.get("destroy"))
    target = str(a["target"]) if a.get("target") else None
    trebuchet = city_arg(a["trebuchet"]) if a.get("trebuchet") else None
    endings.check_choice(g, task.family, choice, destroy, target, trebuchet)
    g.tasks.pop(0)
    b = g.war.battle
    assert b is not None
    endings.choose(state, g, b, task.family, choice, destroy, target, trebuchet)
    _continue(state)


@handler("bandits")
def _bandits(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """13.4: pay the Bandits at once if you can; otherwise the noble stays in Sherwood."""
    task = task_for(g, seat, "bandits", "13.4")
    pay = bool(a["pay"])
    money = player_of(g, task.family).shillings
    if pay and money < task.count:
        raise RuleError("13.4", f"the Bandits ask {task.count} shillings, more than you have", code="funds",
                        legal="pay:false")
    if not pay and money >= task.count:
        raise RuleError("13.4", f"you can pay the {task.count} shillings the Bandits ask: you must", code="mandatory",
                        legal="pay:true")
    nid, start = task.noble or "", task.region or ""
    if Counter(task.options) - Counter(movement.units_of(g.cities[start].stacks.get(task.family))):
        raise RuleError("13.4", "the units stopped in Sherwood are no longer there", code="units_gone",
                        legal="none")
    g.tasks.pop(0)
    if pay:
        player_of(g, task.family).shillings -= task.count
        state.emit(Event.public("bandits.paid", noble=nid, family=task.family, ransom=task.count))
        movement.carry_out(state, g, movement.Step(nid, task.family, start, task.city or "", "sherwood", 1,
                                                   tuple(task.options), "sherwood"))
    else:
        movement.bandits_take(state, g, nid, start, list(task.options))
    _continue(state)


@handler("interdict")
def _interdict(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """13.4 King's Interdiction: the King or Queen spends a Carrier Pigeon to free a Bandits' captive."""
    fam = _royal_family_of(g, seat)
    captives = sorted(n.id for n in g.nobles.values() if n.captor == "bandits")
    if fam is None:
        raise RuleError("13.4", "only the King or Queen may order the Bandits to free a captive", code="not_royal",
                        legal="none")
    if g.families[fam].pigeons < 1:
        raise RuleError("13.4", "the interdiction costs a Carrier Pigeon; you have none left", code="no_pigeon",
                        legal="none")
    if a["captive"] not in captives:
        raise RuleError("13.4", f"{a['captive']!r} is not held in Sherwood", code="not_captive",
                        legal=captives or "nobody is held")
    from engine.fief.ransom import places
    from engine.fief.succession import release
    where = places(g, g.nobles[a["captive"]])   # 13.4: the nearest friendly city to Sherwood
    g.families[fam].pigeons -= 1
    state.emit(Event.public("bandits.interdiction", captive=a["captive"], by=fam))
    release(state, g, a["captive"], why="King's interdiction", to=where[0] if where else None)
    _continue(state)


def _royal_family_of(g: Fief, seat: str) -> str | None:
    for f in g.players[seat].families:
        for nid in g.families[f].nobles:
            n = g.nobles[nid]
            if n.captor is None and any(t in ("king", "sovereign_queen", "queen") for t in n.titles):
                return f
    return None


def anytime_actions(g: Fief, seat: str) -> list[Action]:
    """Commands of this module open whatever the step: the King's interdiction (13.4), handing over
    control of a city (5.1)."""
    if seat not in g.players:
        return []
    out: list[Action] = []
    fam = _royal_family_of(g, seat)
    if fam is not None and g.families[fam].pigeons >= 1:
        out += [A("interdict", captive=n.id) for n in g.nobles.values() if n.captor == "bandits"]
    out += [A("join", family=f, side=side) for f, side in joinable(g, seat)]
    if g.war.battle is None and g.flow.phase in (5, 7):
        for name, c in g.cities.items():
            if c.controller in g.players[seat].families:
                out += [A("transfer_control", city=name, to=f) for f in movement.occupiers(g, name)
                        if f != c.controller]
    return out


def joinable(g: Fief, seat: str) -> list[tuple[str, str]]:
    """7.0: (family, side) a seat's families may join in the battle being fought: families with troops
    or nobles in its city that are not a side's lead; an ally may switch sides (betrayal)."""
    b = g.war.battle
    if b is None or fight.INVADERS in (b.attacker, b.defender) or b.kind != "battle":
        return []
    out: list[tuple[str, str]] = []
    for fam in g.players[seat].families:
        if fam in (b.attacker, b.defender) or not fight.present(g, b.city, fam):
            continue
        for side in (b.attacker, b.defender):
            if fam not in fight.members(b, side):
                out.append((fam, side))
    return out


@handler("join")
def _join(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """7.0: join a side of the battle being fought in your family's city, or switch sides."""
    fam, side = str(a["family"]), str(a["side"])
    legal = joinable(g, seat)
    if (fam, side) not in legal:
        raise RuleError("7.0", "your family can join only a side it is not on, in the city of the battle being "
                        "fought (not against invaders)", code="join", legal=[f"{f}>{s}" for f, s in legal] or "none")
    b = g.war.battle
    assert b is not None
    fight.join(state, g, b, fam, side)


@handler("transfer_control")
def _transfer_control(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """5.1: a family hands a city it controls to another family present there (not during a battle)."""
    city, to = city_arg(a["city"]), str(a["to"])
    mine = [f for f in g.players[seat].families if g.cities.get(city) and g.cities[city].controller == f]
    if g.war.battle is not None:
        raise RuleError("5.1", "control cannot change hands while a battle is fought", code="in_battle",
                        legal="after the battle")
    if not mine:
        raise RuleError("5.1", f"your family does not control {city!r}", code="not_controller",
                        legal=sorted(c for c, x in g.cities.items() if x.controller in g.players[seat].families)
                        or "none")
    present = [f for f in movement.occupiers(g, city) if f != mine[0]]
    if to not in present:
        raise RuleError("5.1", f"control goes to another family present in {city}", code="transfer_to",
                        legal=present or "nobody else is there")
    movement.transfer(state, g, city, mine[0], to)


@handler("spoils")
def _spoils(state: GameState, g: Fief, seat: str, a: Action) -> None:
    task = task_for(g, seat, "spoils", "7.2")
    g.tasks.pop(0)
    endings.take_spoils(state, g, task, bool(a["absorb"]))
    _continue(state)


@handler("lift_siege")
def _lift_siege(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("move", "battle"), "7.9")
    city = city_arg(a["city"])
    if city not in _sieges(g, fam):
        raise RuleError("7.9", f"your family besieges no {city!r}", code="no_siege", legal=_sieges(g, fam) or "none")
    endings.lift(state, g, city, "besieger's choice")


@handler("pillage")
def _pillage(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("pillage",), "7.10")
    city, what = city_arg(a["city"]), str(a["what"]).lower()
    pillage.check(g, fam, city, what)
    pillage.pillage(state, g, fam, city, what)


def _parley_family(g: Fief, seat: str, section: str) -> str:
    """6.9, 6.10: the parley step's turn, or a parley decision when invaders marched into the city."""
    if g.tasks and g.tasks[0].kind == "parley":
        return str(task_for(g, seat, "parley", section).family)
    return turn(g, seat, ("parley",), section)


@handler("danegeld")
def _danegeld(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = _parley_family(g, seat, "6.9")
    invaders.check_parley(g, fam, "danegeld", str(a["army"]), str(a["noble"]))
    invaders.danegeld(state, g, fam, str(a["army"]), str(a["noble"]))
    _continue(state)


@handler("intervene")
def _intervene(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = _parley_family(g, seat, "6.10")
    invaders.check_parley(g, fam, "intervene", str(a["army"]), str(a["noble"]))
    invaders.intervene(state, g, fam, str(a["army"]), str(a["noble"]))
    _continue(state)


_done_part1 = HANDLERS["done"]


@handler("done")
def _done(state: GameState, g: Fief, seat: str, a: Action) -> None:
    if g.tasks and g.tasks[0].kind == "parley":   # 6.9, 6.10: let the invaders be
        task = task_for(g, seat, "parley", "6.9")
        g.tasks.pop(0)
        state.emit(Event.public("turn.done", seat=seat, family=task.family, step="parley"))
        _continue(state)
        return
    if g.flow.step not in STEPS:
        _done_part1(state, g, seat, a)
        return
    fam = turn(g, seat, STEPS, "1.0")
    if g.flow.step == "move" and _must_move_left(g, fam):
        raise RuleError("5.2", "a Cavalcade that won must move on (FAQ)", code="must_move",
                        legal=[x.text() for x in step_actions(g, seat, fam) if x.kind == "move"][:5])
    if g.flow.step == "move":
        # questions about this family's moves lapse with its turn (a request to enter walls stands)
        for r in [r for r in g.requests.open if r.kind in ("pass", "cavalcade") and r.payload.get("family") == fam]:
            g.requests.open.remove(r)
            state.emit(Event.public("request.expired", request=r.id, what=r.kind))
    state.emit(Event.public("turn.done", seat=seat, family=fam, step=g.flow.step))
    end_turn(state)


def _continue(state: GameState) -> None:
    from engine.fief.flow import advance
    advance(state)


# -- requests ---------------------------------------------------------------------------------
def answered(state: GameState, g: Fief, request: Request, accept: bool) -> None:
    """A holder answered a request to pass (5.0, 5.4, 7.9) or to enter its walls (5.0)."""
    p = request.payload
    if request.kind == "cavalcade":
        n = g.nobles.get(p["noble"])
        if n is None or n.city != p["city"] or n.captor is not None or g.war.battle is not None \
                or g.flow.step != "move" or current_actor(g) != p["family"]:
            return
        if accept:   # the defender leaves its walls to fight (5.2)
            fight.declare(state, g, p["family"], p["city"], p["holder"], "cavalcade", mover=n.id,
                          only=list(p["knights"]))
            _continue(state)
        else:        # the Cavalcade passes through unopposed
            g.war.passes.append(f"{n.id}|{p['city']}|{p['holder']}")
            if movement.moves_left(g, n.id):
                g.war.must_move.append(n.id)
                g.war.cavalry[n.id] = list(p["knights"])
            state.emit(Event.public("cavalcade.let_through", noble=n.id, city=p["city"], holder=p["holder"]))
        return
    if not accept:
        return
    if request.kind == "enter":
        movement.enter(state, g, p["noble"], p["city"])
        return
    g.war.passes.append(f"{p['noble']}|{p['city']}|{p['holder']}")
    n = g.nobles.get(p["noble"])
    # Ex 5-2: a noble let through must go on (its owner then makes the move, with the units it chooses).
    if n is not None and n.city == p["city"] and n.id not in g.war.must_move and movement.moves_left(g, n.id):
        g.war.must_move.append(n.id)
        state.emit(Event.public("noble.may_pass", noble=n.id, city=p["city"], holder=p["holder"]))


def suggest(g: Fief, seat: str, kind: str, param: str) -> list[Any]:
    """Autocomplete for the commands of this module (cities along legal roads, nobles, troops)."""
    fam = current_actor(g)
    if fam is None or g.families[fam].seat != seat:
        return []
    if kind == "move" and param == "to":
        return sorted({d for _, d, _, _ in movement.legal_moves(g, fam)})
    if kind == "move" and param == "noble":
        return sorted({n for n, _, _, _ in movement.legal_moves(g, fam)})
    if kind == "move" and param == "troops":
        out: list[str] = []
        for nid in g.families[fam].nobles:
            n = g.nobles[nid]
            if n.city and n.captor is None:
                out.append(",".join(movement.available(g, n.city, fam, nid)))
        return [o for o in out if o]
    if kind == "battle" and param == "city":
        return fight.battle_cities(g, fam)
    return []


__all__ = ["begin_movement", "begin_battles", "begin_pillage", "end_movement", "end_battles", "step_actions",
           "step_default", "task_actions", "task_default", "answered", "suggest", "TASKS", "STEPS", "REQUESTS"]


def begin_pillage(state: GameState, g: Fief) -> None:
    begin(state, "pillage", 7)


# -- view -------------------------------------------------------------------------------------
def view(g: Fief) -> dict[str, Any]:
    """The public state of phases 5-7 (docs/fief-view.md, "Part II")."""
    w = g.war
    b = w.battle
    battle = None
    if b is not None:
        battle = {"city": b.city, "attacker": b.attacker, "defender": b.defender, "kind": b.kind, "round": b.rolls,
                  "stage": b.stage, "penalty": b.penalty, "quiet": b.quiet, "proposal": b.proposal or None,
                  "armies": list(b.armies), "mover": b.mover or None,
                  "sides": {side: {"troops": dict(sorted(Counter(fight.side_troops(g, b, side)).items())),
                                   "nobles": fight.side_nobles(g, b, side),
                                   "strength": fight.side_strength(g, b, side)}
                            for side in (b.attacker, b.defender)}}
    return {
        "battle": battle,
        "moves": {n: used for n, used in sorted(w.moves.items()) if n in g.nobles},
        "must_move": [n for n in w.must_move if n in g.nobles],
        "battled_last_round": list(w.battled_last),
        "battles_this_phase": list(w.battled_now),
        "garrisons": dict(w.garrisons),
        "sherwood": {k.split("|")[0]: v for k, v in sorted(w.sherwood.items())},
        "royal_guard_lost": dict(w.guards_lost),
    }
