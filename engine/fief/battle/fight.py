"""Declaring a battle (7.0) and fighting its rounds (7.1-7.5).

A round is four volleys: Trebuchets, Bombards, Archers/Crossbowmen (the projectiles, 7.2), then the
melee (7.3). In each volley both sides fire at once; each side then allots its losses (7.5). When a
side has a real choice of losses it is asked (a ``losses`` task); otherwise the only allotment is
taken at once. After the melee the attacker, then the defender, choose how to go on (7.8).
A Sally (7.9) and a Cavalcade (5.2) skip the projectiles.
"""

from __future__ import annotations

from collections import Counter

from engine.core import Event, GameState, RuleError
from engine.fief.battle import dice, losses
from engine.fief.components import C
from engine.fief.state import MAP, Army, Fief, Task, has_disaster, nobles_in, return_troop
from engine.fief.warstate import Battle

DEFENDED = {"stronghold": 1, "royal_stronghold": 1, "fortified": 2}   # 7.4 melee penalty
ARCHERS_AT_WALLS = {"stronghold": 2, "royal_stronghold": 2, "fortified": 3}  # 7.2
VOLLEYS = ("treb", "bombard", "archer", "melee")


# -- who is in the battle -----------------------------------------------------------------------
def troops(g: Fief, city: str, fam: str) -> list[str]:
    st = g.cities[city].stacks.get(fam)
    return list(st.troops) if st else []


def free_nobles(g: Fief, city: str, fam: str) -> list[str]:
    return sorted(n.id for n in nobles_in(g, city) if n.family == fam)


INVADERS = "invaders"
FOOT_SP, LEADER_SP = 2, 3   # 7.3 and 7.5: a Foot Soldier is 2 SP and takes 2 hits, a Leader 3 and 3


def armies_in(g: Fief, b: Battle) -> list[Army]:
    return [g.armies[a] for a in b.armies if g.armies[a].city == b.city and not g.armies[a].gone]


def members(b: Battle, side: str) -> list[str]:
    """The families of a side: its lead (the declaring or attacked family) and its allies (7.0)."""
    if side == INVADERS:
        return []
    return [side] + (b.with_attacker if side == b.attacker else b.with_defender)


def unit_type(unit: str) -> str:
    """Allied sides name units ``family:type``."""
    return unit.rpartition(":")[2]


def side_troops(g: Fief, b: Battle, side: str) -> list[str]:
    """The troops fighting for a side: a family's stack (with its allies', as ``family:type``),
    a Cavalcade's knights, or Foot Soldiers; Royal Guards ride along (13.1)."""
    if side == INVADERS:
        return ["foot"] * sum(a.foot for a in armies_in(g, b))
    if b.kind == "cavalcade" and side == b.attacker:
        have = Counter(troops(g, b.city, side))
        return sorted((Counter(b.only) & have).elements())
    fams = members(b, side)
    if len(fams) == 1:
        return troops(g, b.city, side) + guards(g, side_nobles(g, b, side))
    return [f"{f}:{t}" for f in fams for t in troops(g, b.city, f) + guards(g, free_nobles(g, b.city, f))]


GUARD_SP = {"royal_knight": 3, "royal_men": 1}   # 13.1: Royal Knights 3 SP / 3 hits, Royal Men-at-Arms 1 / 1


def guards(g: Fief, nobles: list[str]) -> list[str]:
    """13.1: the Sovereign's two Royal Knights and the royal spouse's two Royal Men-at-Arms fight
    beside them (less those defeated since the last election)."""
    out: list[str] = []
    lost = g.war.guards_lost
    for nid in nobles:
        n = g.nobles[nid]
        if "king" in n.titles or "sovereign_queen" in n.titles:
            out += ["royal_knight"] * max(0, 2 - lost.get("royal_knight", 0))
        spouse = g.nobles.get(n.spouse or "")
        if "queen" in n.titles or (spouse is not None and "sovereign_queen" in spouse.titles):
            out += ["royal_men"] * max(0, 2 - lost.get("royal_men", 0))
    return out


def side_nobles(g: Fief, b: Battle, side: str) -> list[str]:
    """Nobles fighting for a side (Invader Leaders are ``leader:<army>``)."""
    if side == INVADERS:
        return [f"leader:{a.id}" for a in armies_in(g, b) if a.leader]
    if b.kind == "cavalcade" and side == b.attacker:
        return [n for n in free_nobles(g, b.city, side) if n == b.mover]
    return [n for f in members(b, side) for n in free_nobles(g, b.city, f)]


def side_strength(g: Fief, b: Battle, side: str) -> int:
    if side == INVADERS:
        return sum(FOOT_SP * a.foot + (LEADER_SP if a.leader else 0) for a in armies_in(g, b))
    return strength_of(g, side_troops(g, b, side), side_nobles(g, b, side))


def strength_of(g: Fief, units: list[str], nobles: list[str]) -> int:
    """7.3: SP of troops, each nobleman, and each noblewoman holding a Lord title (rough spot 11)."""
    sp = sum(GUARD_SP.get(unit_type(t)) or C.unit_sp[unit_type(t)] for t in units)
    for nid in nobles:
        n = g.nobles[nid]
        if n.sex == "m" or any(t.startswith("lord:") for t in n.titles):
            sp += 1
    return sp


def strength(g: Fief, city: str, fam: str) -> int:
    return strength_of(g, troops(g, city, fam), free_nobles(g, city, fam))


def present(g: Fief, city: str, fam: str) -> bool:
    st = g.cities[city].stacks.get(fam)
    return bool((st and not st.empty()) or free_nobles(g, city, fam))


def inside(g: Fief, city: str, fam: str) -> bool:
    st = g.cities[city].stacks.get(fam)
    if st is not None and not st.empty():
        return not st.outskirts
    return any(not g.nobles[n].outskirts for n in free_nobles(g, city, fam))


def defended(g: Fief, city: str, attacker: str, defender: str) -> str | None:
    """7.4: the defender holds the walls (Stronghold, Royal Stronghold or Fortified City) and the
    attacker stands outside them."""
    c = g.cities[city]
    if c.building in DEFENDED and c.controller == defender and inside(g, city, defender) \
            and not inside(g, city, attacker):
        return c.building
    return None


def grail_defends(g: Fief, b: Battle) -> bool:
    """12.1: the Holy Grail's bearer fights on the side that did not start the battle."""
    if b.defender == INVADERS:
        return False
    return any("grail" in g.nobles[n].relics for n in side_nobles(g, b, b.defender))


def side_of(b: Battle, fam: str) -> str:
    return "attacker" if fam == b.attacker else "defender"


def other(b: Battle, fam: str) -> str:
    return b.defender if fam == b.attacker else b.attacker


# -- declaring ----------------------------------------------------------------------------------
def targets_in(g: Fief, city: str, fam: str) -> list[str]:
    """Families (and invaders) a family may attack in a city (7.0)."""
    out = [f for f in sorted({*g.cities[city].stacks, *(n.family for n in nobles_in(g, city))})
           if f != fam and present(g, city, f)]
    if any(a.city == city and not a.gone for a in g.armies.values()):
        out.append(INVADERS)
    return out


def invader_ids(g: Fief, city: str) -> list[str]:
    return sorted(a.id for a in g.armies.values() if a.city == city and not a.gone)


def check_declare(g: Fief, fam: str, city: str, against: str, target: str | None) -> str:
    """7.0: a family with a free noble and troops in the city attacks another family there."""
    if city not in g.cities:
        raise RuleError("7.0", f"no city {city!r}", code="city", legal=sorted(MAP.cities))
    if stormy(g, city):
        raise RuleError("2.5", f"Storms over {MAP.regions[MAP.cities[city].region].name} forbid battles there",
                        code="storms", legal=battle_cities(g, fam) or "no battle")
    if not free_nobles(g, city, fam):
        raise RuleError("7.0", "troops without a noble cannot start a battle", code="no_noble",
                        legal=battle_cities(g, fam) or "no battle")
    if not troops(g, city, fam):
        raise RuleError("7.0", "nobles without troops cannot fight (FAQ: they would be captured)",
                        code="no_troops", legal=battle_cities(g, fam) or "no battle")
    foes = targets_in(g, city, fam)
    if against not in foes:
        raise RuleError("7.0", f"no family {against!r} to fight in {city}", code="no_enemy", legal=foes or "none")
    if f"{city}|{fam}|{against}" in g.war.fought:
        raise RuleError("7.0", f"your family already fought {against} in {city} this phase", code="fought",
                        legal=[f for f in foes if f"{city}|{fam}|{f}" not in g.war.fought] or "done")
    aims = ([f"leader:{a}" for a in invader_ids(g, city) if g.armies[a].leader] if against == INVADERS
            else free_nobles(g, city, against))
    if target is not None and target not in aims:
        raise RuleError("7.2", f"your archers can aim only at a noble (or Leader) of {against} in {city}",
                        code="target", legal=aims or "no target")
    c = g.cities[city]
    if c.siege and c.controller == fam and c.siege.by == against and inside(g, city, fam):
        return "sally"
    return "battle"


def stormy(g: Fief, city: str) -> bool:
    """2.5: no battles in a region under Storms."""
    return has_disaster(g, MAP.cities[city].region, "storms")


def battle_cities(g: Fief, fam: str) -> list[str]:
    return sorted(c for c in g.cities if not stormy(g, c) and free_nobles(g, c, fam) and troops(g, c, fam) and targets_in(g, c, fam)
                  and any(f"{c}|{fam}|{f}" not in g.war.fought for f in targets_in(g, c, fam)))


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
    g.war.battle = b
    if fam != INVADERS and against != INVADERS:
        g.war.fought.append(f"{city}|{fam}|{against}")
    g.war.battles += 1
    state.emit(Event.public("battle.declared", city=city, attacker=fam, defender=against, battle=kind,
                            walls=walls, penalty=b.penalty, armies=list(b.armies)))
    reveal(state, g, b)
    if not side_troops(g, b, against):
        # 7.0, 7.2, FAQ: nobles and engines without troops offer no defence.
        from engine.fief.battle.endings import finish
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


# -- the round ----------------------------------------------------------------------------------
def begin_round(state: GameState, g: Fief, b: Battle) -> None:
    b.rolls += 1
    b.lost = 0
    b.stage = "treb" if b.kind in ("battle", "invasion") else "melee"
    state.emit(Event.public("battle.round", city=b.city, round=b.rolls))
    proceed(state, g)


def proceed(state: GameState, g: Fief) -> None:
    """Fight on until someone must choose (losses, how to go on) or the battle ends."""
    from engine.fief.battle.endings import after_volley, ask_next, round_end
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
            if b.stage != "round_end" and not b.owed and not b.explode and not b.doomed:
                continue
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


def men(g: Fief, b: Battle, side: str) -> int:
    return sum(1 for t in side_troops(g, b, side) if unit_type(t) == "men")


def engines(g: Fief, city: str, fam: str) -> tuple[int, int]:
    if fam == INVADERS:
        return 0, 0
    st = g.cities[city].stacks.get(fam)
    return (st.trebuchets, st.bombards) if st else (0, 0)


def side_engines(g: Fief, b: Battle, side: str) -> tuple[int, int]:
    """A side's Trebuchets and Bombards (allies' included)."""
    treb = bomb = 0
    for f in members(b, side):
        t, m = engines(g, b.city, f)
        treb, bomb = treb + t, bomb + m
    return treb, bomb


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
        faces = dice.roll(state, 2, label)
        return dice.count_hits(faces, grail) + (1 if treb >= 2 else 0)
    if what == "bombard":
        _, bomb = side_engines(g, b, side)
        if not bomb or not men(g, b, side):
            return 0
        faces = dice.roll(state, bomb, label)
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
        faces = dice.roll(state, 1, label + (f" at {target}" if target else ""))
        if target:
            if target in side_nobles(g, b, foe) and faces[0] == 3:
                from engine.fief.battle.endings import slay
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
    faces = dice.roll(state, n, label)
    return dice.count_hits(faces, grail) + melee_bonus(g, b, side, n)


def melee_bonus(g: Fief, b: Battle, side: str, n: int) -> int:
    """Bonus hits on a melee roll: +1 per die for the defender of a Cavalcade (5.3); +1 per die for
    each Royal Guard marker on the side (13.1).

    Hook: Excalibur (13.2, +1 on its side's melee total) adds here once 13.2 places the sword
    (no setup step places it yet, ruling R5).
    """
    bonus = 0
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


def doom(g: Fief, b: Battle, side: str, nobles: list[str]) -> None:
    if nobles and side != INVADERS:
        b.doomed[side] = sorted(set(b.doomed.get(side, [])) | set(nobles))


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


def captor_of(g: Fief, b: Battle, side: str, exclude: list[str]) -> str | None:
    """Who takes a captive for ``side``: one of its nobles, or an Invader Leader's army (6.7)."""
    if side == INVADERS:
        leaders = [a for a in armies_in(g, b) if a.leader]
        return f"invaders:{leaders[0].id}" if leaders else None
    nobles = [n for n in side_nobles(g, b, side) if n not in exclude]
    return nobles[0] if nobles else None


def settle_captures(state: GameState, g: Fief, b: Battle) -> None:
    """7.5, 7.6, 7.8: nobles left without troops are captured by a noble of the other side; with no
    noble there they are slain; if the other side has no troops left either, nobody is taken
    (Annihilation)."""
    from engine.fief.battle.endings import capture, slay
    doomed, b.doomed = b.doomed, {}
    for side, nobles in sorted(doomed.items()):
        foe = other(b, side)
        for nid in nobles:
            if nid not in g.nobles or g.nobles[nid].captor is not None:
                continue
            if not side_troops(g, b, foe) and side_nobles(g, b, foe):
                continue  # 7.8 Annihilation: only nobles on both sides
            captor = captor_of(g, b, foe, doomed.get(foe, []))
            if captor:
                capture(state, g, b, nid, captor)
            else:
                slay(state, g, b, nid, "no captor")
            b.lost += 1


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


def allotter(g: Fief, b: Battle, side: str) -> str:
    fams = members(b, side)
    return max(fams, key=lambda f: (strength(g, b.city, f), f == side))


def take(state: GameState, g: Fief, b: Battle, side: str, allot: losses.Allotment) -> None:
    """Remove the allotted troops; slay and doom nobles (7.5)."""
    from engine.fief.battle.endings import slay
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


def check_losses(g: Fief, fam: str, units: list[str], slay_list: list[str]) -> losses.Allotment:
    b = g.war.battle
    task = g.tasks[0]
    assert b is not None
    side = task.region or fam
    return losses.check(side_troops(g, b, side), side_nobles(g, b, side), task.count, units, slay_list)


# -- hooks for the Opportunity-card issue -------------------------------------------------------
def cancel_penalties(b: Battle) -> None:
    """Hook for PASSAGE (7.4): the attacker's penalties at walls are cancelled for this battle."""
    b.penalty = 0
    b.archers_min = 0
