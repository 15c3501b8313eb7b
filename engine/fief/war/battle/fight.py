"""The battle's round loop (7.0-7.5, 7.8): declaring, the four volleys of a round, the losses,
and the choices after each round, until an ending (endings.py) closes it.

A round is four volleys: Trebuchets, Bombards, Archers/Crossbowmen (the projectiles, 7.2), then the
melee (7.3). In each volley both sides fire at once; each side then allots its losses (7.5). When a
side has a real choice of losses it is asked (a ``losses`` task); otherwise the only allotment is
taken at once. After the melee the attacker, then the defender, choose how to go on (7.8).
A Sally (7.9) and a Cavalcade (5.2) skip the projectiles.
"""

from __future__ import annotations

from collections import Counter

from engine.core import Event, GameState, RuleError
from engine.fief.board import excalibur
from engine.fief.crown import garter
from engine.fief.refusals import FiefRefusal
from engine.fief.state import MAP, Fief, Task, return_troop
from engine.fief.war.battle import dice, losses
from engine.fief.war.battle.captives import doom, settle_captures, slay
from engine.fief.war.battle.endings import finish, surrender
from engine.fief.war.battle.sides import (
    ARCHERS_AT_WALLS,
    DEFENDED,
    GUARD_SP,
    INVADERS,
    LEADER_SP,
    alive,
    allotter,
    armies_in,
    battle_cities,
    defended,
    free_nobles,
    grail_defends,
    inside,
    invader_ids,
    invaders_outnumber,
    members,
    men,
    other,
    side_engines,
    side_nobles,
    side_strength,
    side_troops,
    stormy,
    targets_in,
    troops,
    unit_type,
)
from engine.fief.war.battle.siege import check_trebuchet, place_siege, siege_possible
from engine.fief.war.state import Battle

VOLLEYS = ("treb", "bombard", "archer", "melee")


DEADLOCK = 3


def check_declare(g: Fief, fam: str, city: str, against: str, target: str | None) -> str:
    """7.0: a family with a free noble and troops in the city attacks another family there."""
    if city not in g.cities:
        raise RuleError("7.0", f"no city {city!r}", code=FiefRefusal.CITY, legal=sorted(MAP.cities))
    if stormy(g, city):
        raise RuleError("2.5", f"Storms over {MAP.regions[MAP.cities[city].region].name} forbid battles there",
                        code=FiefRefusal.STORMS, legal=battle_cities(g, fam) or "no battle")
    if not free_nobles(g, city, fam):
        raise RuleError("7.0", "troops without a noble cannot start a battle", code=FiefRefusal.NO_NOBLE,
                        legal=battle_cities(g, fam) or "no battle")
    if not troops(g, city, fam):
        raise RuleError("7.0", "nobles without troops cannot fight (FAQ: they would be captured)",
                        code=FiefRefusal.NO_TROOPS, legal=battle_cities(g, fam) or "no battle")
    foes = targets_in(g, city, fam)
    if garter.bars(g, fam, city, against):
        raise RuleError("13.3", "a Knight of the Garter may not attack the Sovereign",
                        code=FiefRefusal.GARTER,
                        legal=foes or "no battle")
    if against not in foes:
        raise RuleError("7.0", f"no family {against!r} to fight in {city}",
                        code=FiefRefusal.NO_ENEMY, legal=foes or "none")
    if f"{city}|{fam}|{against}" in g.war.fought:
        raise RuleError("7.0", f"your family already fought {against} in {city} this phase",
                        code=FiefRefusal.FOUGHT,
                        legal=[f for f in foes if f"{city}|{fam}|{f}" not in g.war.fought] or "done")
    aims = ([f"leader:{a}" for a in invader_ids(g, city) if g.armies[a].leader] if against == INVADERS
            else free_nobles(g, city, against))
    if target is not None and target not in aims:
        raise RuleError("7.2", f"your archers can aim only at a noble (or Leader) of {against} in {city}",
                        code=FiefRefusal.TARGET, legal=aims or "no target")
    c = g.cities[city]
    if c.siege and c.controller == fam and c.siege.by == against and inside(g, city, fam):
        return "sally"
    return "battle"


def declare(state: GameState, g: Fief, fam: str, city: str, against: str, kind: str,
            target: str | None = None, mover: str = "", only: list[str] | None = None,
            armies: list[str] | None = None) -> None:
    """Start the battle: reveal both sides' troops (FAQ), then fight at once (7.0).

    ``fam`` or ``against`` may be ``"invaders"`` (Phase 6) with their ``armies``."""
    walls = defended(g, city, fam, against) if kind in ("battle", "invasion") else None
    b = Battle(city, fam, against, kind=kind, penalty=DEFENDED.get(walls or "", 0),
               archers_min=ARCHERS_AT_WALLS.get(walls or "", 0), mover=mover, only=list(only or []),
               armies=list(armies or []))
    if target:
        b.targets[fam] = target
    if f"{fam}|{city}" in g.opp.tunnels:   # 10.2: a PASSAGE played for this assault
        g.opp.tunnels.remove(f"{fam}|{city}")
        cancel_penalties(b)
    g.war.battle = b
    if fam != INVADERS and against != INVADERS:
        g.war.fought.append(f"{city}|{fam}|{against}")
    g.war.battles += 1
    state.emit(Event.public("battle.declared", city=city, attacker=fam, defender=against, battle=kind,
                            walls=walls, penalty=b.penalty, armies=list(b.armies)))
    reveal(state, g, b)
    if not side_troops(g, b, against):
        # 7.0, 7.2, FAQ: nobles and engines without troops offer no defence.
        doom(g, b, against, side_nobles(g, b, against))
        settle_captures(state, g, b)
        finish(state, g, b, "victory", winner=fam)
        return
    begin_round(state, g, b)


def reveal(state: GameState, g: Fief, b: Battle) -> None:
    """FAQ: troops are shown when a battle begins (a public event; the stacks stay face up)."""
    shown = {}
    for side in (b.attacker, b.defender):
        if side == INVADERS:
            shown[side] = {"foot": len(side_troops(g, b, side))}
            continue
        for fam in members(b, side):
            st = g.cities[b.city].stacks.get(fam)
            if st:
                st.revealed = True
                shown[fam] = dict(sorted(Counter(st.troops).items()))
            else:
                shown[fam] = {}
    state.emit(Event.public("battle.revealed", city=b.city, troops=shown))


def rolled(b: Battle, side: str, faces: list[int]) -> list[int]:
    """Keep what a side's dice showed this round: the questions that follow tell it (losses, how to go on)."""
    b.rolled.setdefault(side, []).extend(faces)
    return faces


def begin_round(state: GameState, g: Fief, b: Battle) -> None:
    b.rolls += 1
    b.lost = 0
    b.rolled = {}
    b.stage = "treb" if b.kind in ("battle", "invasion") else "melee"
    state.emit(Event.public("battle.round", city=b.city, round=b.rolls))
    proceed(state, g)


def proceed(state: GameState, g: Fief) -> None:
    """Fight on until someone must choose (losses, how to go on) or the battle ends."""
    while True:
        b = g.war.battle
        if b is None or any(t.kind == "losses" for t in g.tasks):
            return
        if b.owed or b.doomed or b.explode:
            if after_volley(state, g, b):
                return
            continue
        if b.stage in VOLLEYS:
            volley(state, g, b)
            i = VOLLEYS.index(b.stage)
            b.stage = VOLLEYS[i + 1] if i + 1 < len(VOLLEYS) else "round_end"
            continue
        if b.stage == "round_end":
            if round_end(state, g, b):
                return
            b.stage = "attacker"
            continue
        if b.stage in ("attacker", "defender"):
            ask_next(state, g, b)
            return
        return


def fire(state: GameState, g: Fief, b: Battle, side: str, what: str) -> int:
    """The hits one side's volley of ``what`` inflicts (7.2, 7.3)."""
    foe = other(b, side)
    grail = side == b.attacker and grail_defends(g, b)
    attacking = side == b.attacker
    label = f"{what}: {side}"
    if what == "treb":
        treb, _ = side_engines(g, b, side)
        if not treb or not men(g, b, side):
            return 0
        faces = rolled(b, side, dice.roll(state, 2, label))
        return dice.count_hits(faces, grail) + (1 if treb >= 2 else 0)
    if what == "bombard":
        _, bomb = side_engines(g, b, side)
        if not bomb or not men(g, b, side):
            return 0
        faces = rolled(b, side, dice.roll(state, bomb, label))
        blanks = faces.count(0)
        if blanks:
            b.explode[side] = b.explode.get(side, 0) + blanks
        return dice.count_hits(faces, grail)
    if what == "archer":
        shooters = sum(1 for t in side_troops(g, b, side) if unit_type(t) in ("archer", "crossbow"))
        walls = attacking and b.archers_min > 0
        if not shooters or (walls and shooters < b.archers_min):
            return 0
        target = b.targets.pop(side, None)
        faces = rolled(b, side, dice.roll(state, 1, label + (f" at {target}" if target else "")))
        if target:
            if target in side_nobles(g, b, foe) and faces[0] == 3:
                slay(state, g, b, target, "archers")
                b.lost += 1
            return 0
        bonus = 1 if shooters >= 3 and not walls else 0
        return dice.count_hits(faces, grail) + bonus
    # melee (7.3, 7.4, 5.3)
    n = dice.dice_for(side_strength(g, b, side))
    if attacking:
        n = max(0, n - b.penalty)
    if not n:
        return 0
    faces = rolled(b, side, dice.roll(state, n, label))
    return dice.count_hits(faces, grail) + melee_bonus(g, b, side, n)


def melee_bonus(g: Fief, b: Battle, side: str, n: int) -> int:
    """Bonus hits on a melee roll: +1 per die for the defender of a Cavalcade (5.3); +1 per die for
    each Royal Guard marker on the side (13.1); +1 on the total for Excalibur's bearer (13.2)."""
    bonus = excalibur.melee_bonus(g, side_nobles(g, b, side)) if side != INVADERS else 0
    if b.kind == "cavalcade" and side == b.defender:
        bonus += n
    if side != INVADERS:
        bonus += n * sum(1 for t in side_troops(g, b, side) if unit_type(t) in GUARD_SP)   # 13.1
    return bonus


def volley(state: GameState, g: Fief, b: Battle) -> None:
    """Both sides fire ``b.stage`` at once; the hits are then allotted (7.2: simultaneous)."""
    hits = {side: fire(state, g, b, side, b.stage) for side in (b.attacker, b.defender)}
    if any(hits.values()):
        state.emit(Event.public("battle.hits", city=b.city, volley=b.stage,
                                hits={other(b, f): h for f, h in hits.items()}))
    for side, h in hits.items():
        foe = other(b, side)
        if h and (side_troops(g, b, foe) or side_nobles(g, b, foe)):
            b.owed[foe] = b.owed.get(foe, 0) + h


def join(state: GameState, g: Fief, b: Battle, fam: str, side: str) -> None:
    """7.0: a family in the city joins a side, or betrays its side for the other."""
    for lst in (b.with_attacker, b.with_defender):
        if fam in lst:
            lst.remove(fam)
    (b.with_attacker if side == b.attacker else b.with_defender).append(fam)
    st = g.cities[b.city].stacks.get(fam)
    shown = {}
    if st is not None:
        st.revealed = True
        shown = dict(sorted(Counter(st.troops).items()))
    state.emit(Event.public("battle.joined", city=b.city, family=fam, side=side))
    state.emit(Event.public("battle.revealed", city=b.city, troops={fam: shown}))
    refresh_choices(g, b)


def refresh_choices(g: Fief, b: Battle) -> None:
    """The side choosing after a round is offered what is open now: a family joining or a noble
    struck by a card between two rounds changes it (7.8's end of the battle against troops without
    a noble)."""
    for t in g.tasks:
        if t.kind == "battle_next":
            t.options = options(g, b, t.family)


def invader_allotment(g: Fief, b: Battle, hits: int) -> losses.Allotment:
    """6.4, 7.5: Foot Soldiers take 2 hits each; Leaders go last, 3 hits each."""
    foot = len(side_troops(g, b, INVADERS))
    gone = min(foot, hits // 2)
    leaders = side_nobles(g, b, INVADERS)
    slain: tuple[str, ...] = ()
    if gone == foot:
        slain = tuple(leaders[: (hits - 2 * gone) // LEADER_SP])
    return losses.Allotment(tuple(["foot"] * gone), slain, ())


def allot_or_ask(state: GameState, g: Fief, b: Battle) -> None:
    """Allot each side's hits: at once when only one allotment is legal, else ask the owner."""
    for side in sorted(b.owed):
        hits = b.owed[side]
        if side == INVADERS:
            del b.owed[side]
            take(state, g, b, side, invader_allotment(g, b, hits))
            continue
        units, nobles = side_troops(g, b, side), side_nobles(g, b, side)
        options = losses.choices(units, nobles, hits)
        if len(options) <= 1:
            allot = options[0] if options else losses.example(units, nobles, hits)
            del b.owed[side]
            take(state, g, b, side, allot)
        elif not any(t.kind == "losses" and (t.region or t.family) == side for t in g.tasks):
            # 7.0: on an allied side the family with the most SP allots the hits (``region`` names the side)
            g.tasks.append(Task("losses", allotter(g, b, side), city=b.city, count=hits, region=side))


def take(state: GameState, g: Fief, b: Battle, side: str, allot: losses.Allotment) -> None:
    """Remove the allotted troops; slay and doom nobles (7.5)."""
    if side == INVADERS:
        left = len(allot.troops)
        for a in sorted(armies_in(g, b), key=lambda a: -a.foot):
            k = min(left, a.foot)
            a.foot -= k
            left -= k
    else:
        for unit in allot.troops:
            fam, _, u = unit.rpartition(":")
            fam = fam or side
            if u in GUARD_SP:   # 13.1: defeated Royal Guards return only at the next election
                g.war.guards_lost[u] = g.war.guards_lost.get(u, 0) + 1
                continue
            st = g.cities[b.city].stacks.get(fam)
            if st is None or u not in st.troops:
                continue
            st.troops.remove(u)
            if u in b.only:
                b.only.remove(u)
            return_troop(g, fam, u)
    b.lost += len(allot.troops)
    if allot.troops or allot.slain or allot.captured:
        state.emit(Event.public("battle.losses", city=b.city, family=side, units=list(allot.troops),
                                slain=list(allot.slain), captured=list(allot.captured)))
    for nid in allot.slain:
        slay(state, g, b, nid, "battle")
        b.lost += 1
    doom(g, b, side, list(allot.captured))


def chosen_losses(state: GameState, g: Fief, b: Battle, side: str, allot: losses.Allotment) -> None:
    """A side's chosen losses are taken, then the volley closes as one allotted at once does: captives
    are taken and the battle ends if a side has nothing left (7.5, 7.6, 7.8), before any next volley
    or the choice of how to go on."""
    b.owed.pop(side, None)
    take(state, g, b, side, allot)
    after_volley(state, g, b)
    proceed(state, g)


def check_losses(g: Fief, fam: str, units: list[str], slay_list: list[str]) -> losses.Allotment:
    b = g.war.battle
    task = g.tasks[0]
    assert b is not None
    side = task.region or fam
    return losses.check(side_troops(g, b, side), side_nobles(g, b, side), task.count, units, slay_list)


def after_volley(state: GameState, g: Fief, b: Battle) -> bool:
    """Allot the hits, blow up Bombards, take captives; True when the game must wait or it ended."""
    allot_or_ask(state, g, b)
    if b.owed:
        return True
    explode(state, g, b)
    settle_captures(state, g, b)
    return check_end(state, g, b)


def explode(state: GameState, g: Fief, b: Battle) -> None:
    """7.2: each blank a Bombard rolls destroys that Bombard and one Men-at-Arms of its side."""
    blown, b.explode = b.explode, {}
    for side, n in sorted(blown.items()):
        bombs_left, men_left = n, n
        for fam in members(b, side):
            st = g.cities[b.city].stacks.get(fam)
            if st is None:
                continue
            bombs = min(bombs_left, st.bombards)
            men = min(men_left, st.troops.count("men"))
            bombs_left, men_left = bombs_left - bombs, men_left - men
            if not (bombs or men):
                continue
            st.bombards -= bombs
            g.families[fam].stockpile["bombard"] += bombs
            for _ in range(men):
                st.troops.remove("men")
            g.families[fam].stockpile["men"] += men
            b.lost += bombs + men
            state.emit(Event.public("battle.explosion", city=b.city, family=fam, bombards=bombs, men=men))


def check_end(state: GameState, g: Fief, b: Battle) -> bool:
    a_troops, a_nobles = alive(g, b, b.attacker)
    d_troops, d_nobles = alive(g, b, b.defender)
    if a_troops and d_troops:
        if b.attacker == INVADERS and not invaders_outnumber(g, b):
            finish(state, g, b, "retreat")   # 6.8
            return True
        return False
    if not a_troops and not d_troops:
        if a_nobles and d_nobles:
            finish(state, g, b, "annihilation")
        elif a_nobles:
            finish(state, g, b, "victory", winner=b.attacker)
        elif d_nobles:
            finish(state, g, b, "victory", winner=b.defender)
        else:
            finish(state, g, b, "annihilation")
        return True
    finish(state, g, b, "victory", winner=b.attacker if a_troops else b.defender)
    return True


def round_end(state: GameState, g: Fief, b: Battle) -> bool:
    """7.8 Deadlock: the third round in a row without losses ends the battle."""
    b.quiet = b.quiet + 1 if b.lost == 0 else 0
    if b.quiet >= DEADLOCK:
        finish(state, g, b, "deadlock")
        return True
    return False


def options(g: Fief, b: Battle, fam: str) -> list[str]:
    foe = other(b, fam)
    out = ["continue", "surrender"]
    if foe == INVADERS:
        return out   # 6.5: invaders always accept a surrender; no truce with them
    if fam == b.attacker:
        out.append("truce")
        if b.kind == "battle" and defended(g, b.city, b.attacker, b.defender):
            out.append("break")
            if siege_possible(g, b):
                out.append("siege")
        if b.kind == "sally":
            out.append("stop")
    elif b.proposal == "truce":
        out.append("truce")
    if not side_nobles(g, b, foe) and side_nobles(g, b, fam):
        out.append("end")
    return out


def ask_next(state: GameState, g: Fief, b: Battle) -> None:
    fam = b.attacker if b.stage == "attacker" else b.defender
    if fam == INVADERS:
        # 6.4: invaders fight on while they outnumber (checked after every volley)
        if b.stage == "attacker":
            b.stage = "defender"
            proceed(state, g)
        else:
            begin_round(state, g, b)
        return
    if not any(t.kind == "battle_next" for t in g.tasks):
        g.tasks.append(Task("battle_next", fam, city=b.city, options=options(g, b, fam)))


def choose(state: GameState, g: Fief, b: Battle, fam: str, choice: str, destroy: bool, target: str | None,
           trebuchet: str | None = None) -> None:
    """Carry out an end-of-round choice (checked by the caller against :func:`options`)."""
    if destroy:
        tactical_destruction(state, g, b, fam)
    if target:
        b.targets[fam] = target
    if fam == b.attacker:
        if choice == "continue":
            b.proposal = ""
            b.stage = "defender"
        elif choice == "truce":
            b.proposal = "truce"
            b.stage = "defender"
            state.emit(Event.public("battle.truce_offered", city=b.city, by=fam))
        elif choice == "surrender":
            surrender(state, g, b, fam)
            return
        elif choice == "siege":
            begin_siege(state, g, b, trebuchet)
            return
        else:  # break, stop, end
            finish(state, g, b, {"break": "break", "stop": "stop", "end": "assassination"}[choice])
            return
        proceed(state, g)
        return
    # the defender answers
    if choice == "surrender":
        surrender(state, g, b, fam)
    elif choice == "truce":
        finish(state, g, b, "truce")
    elif choice == "end":
        finish(state, g, b, "assassination")
    else:
        b.proposal = ""
        begin_round(state, g, b)


def check_choice(g: Fief, fam: str, choice: str, destroy: bool, target: str | None,
                 trebuchet: str | None = None) -> None:
    b = g.war.battle
    assert b is not None
    legal = options(g, b, fam)
    if choice not in legal:
        raise RuleError("7.8", f"{choice!r} is not open to you now",
                        code=FiefRefusal.BATTLE_CHOICE, legal=legal)
    if trebuchet is not None:
        if choice != "siege":
            raise RuleError("7.9", "a Trebuchet is taken only to begin a siege", code=FiefRefusal.TREBUCHET,
                            legal="choice:siege")
        check_trebuchet(g, fam, trebuchet)
    if destroy:
        st = g.cities[b.city].stacks.get(fam)
        if not (st and st.troops and (st.bombards or st.trebuchets)):
            raise RuleError("7.2", "tactical destruction needs your own engines here and troops left",
                            code=FiefRefusal.DESTROY, legal="destroy:false")
    if target is not None:
        foes = side_nobles(g, b, other(b, fam))
        if target not in foes:
            raise RuleError("7.2", "your archers can aim only at an enemy noble here",
                            code=FiefRefusal.TARGET,
                            legal=foes or "no target")


def tactical_destruction(state: GameState, g: Fief, b: Battle, fam: str) -> None:
    """7.2: a side with troops left may destroy its own Trebuchets and Bombards after a round."""
    st = g.cities[b.city].stacks[fam]
    stock = g.families[fam].stockpile
    stock["trebuchet"] += st.trebuchets
    stock["bombard"] += st.bombards
    state.emit(Event.public("battle.engines_destroyed", city=b.city, family=fam, trebuchets=st.trebuchets,
                            bombards=st.bombards))
    st.trebuchets = st.bombards = 0


def begin_siege(state: GameState, g: Fief, b: Battle, trebuchet: str | None = None) -> None:
    """7.9: the attacker stops and besieges; a Trebuchet goes under construction with its army."""
    place_siege(state, g, b.attacker, b.city, b.defender, trebuchet)
    finish(state, g, b, "siege")


def cancel_penalties(b: Battle) -> None:
    """PASSAGE (7.4, opportunity/cards.py): the attacker's penalties at walls are cancelled for this battle."""
    b.penalty = 0
    b.archers_min = 0
