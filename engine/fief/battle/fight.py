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
from engine.fief.state import MAP, Fief, Task, nobles_in
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


def strength(g: Fief, city: str, fam: str) -> int:
    """7.3: SP of troops, each nobleman, and each noblewoman holding a Lord title (rough spot 11)."""
    sp = sum(C.unit_sp[t] for t in troops(g, city, fam))
    for nid in free_nobles(g, city, fam):
        n = g.nobles[nid]
        if n.sex == "m" or any(t.startswith("lord:") for t in n.titles):
            sp += 1
    return sp


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
    return any("grail" in g.nobles[n].relics for n in free_nobles(g, b.city, b.defender))


def side_of(b: Battle, fam: str) -> str:
    return "attacker" if fam == b.attacker else "defender"


def other(b: Battle, fam: str) -> str:
    return b.defender if fam == b.attacker else b.attacker


# -- declaring ----------------------------------------------------------------------------------
def targets_in(g: Fief, city: str, fam: str) -> list[str]:
    """Families a family may attack in a city (7.0)."""
    return [f for f in sorted({*g.cities[city].stacks, *(n.family for n in nobles_in(g, city))})
            if f != fam and present(g, city, f)]


def check_declare(g: Fief, fam: str, city: str, against: str, target: str | None) -> str:
    """7.0: a family with a free noble and troops in the city attacks another family there."""
    if city not in g.cities:
        raise RuleError("7.0", f"no city {city!r}", code="city", legal=sorted(MAP.cities))
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
    if target is not None and target not in free_nobles(g, city, against):
        raise RuleError("7.2", f"your archers can aim only at a noble of {against} in {city}", code="target",
                        legal=free_nobles(g, city, against) or "no target")
    c = g.cities[city]
    if c.siege and c.controller == fam and c.siege.by == against and inside(g, city, fam):
        return "sally"
    return "battle"


def battle_cities(g: Fief, fam: str) -> list[str]:
    return sorted(c for c in g.cities if free_nobles(g, c, fam) and troops(g, c, fam) and targets_in(g, c, fam)
                  and any(f"{c}|{fam}|{f}" not in g.war.fought for f in targets_in(g, c, fam)))


def declare(state: GameState, g: Fief, fam: str, city: str, against: str, kind: str,
            target: str | None = None, mover: str = "") -> None:
    """Start the battle: reveal both sides' troops (FAQ), then fight at once (7.0)."""
    walls = defended(g, city, fam, against) if kind == "battle" else None
    b = Battle(city, fam, against, kind=kind, penalty=DEFENDED.get(walls or "", 0),
               archers_min=ARCHERS_AT_WALLS.get(walls or "", 0), mover=mover)
    if kind != "battle":
        b.stage = "melee"
    if target:
        b.targets[fam] = target
    g.war.battle = b
    g.war.fought.append(f"{city}|{fam}|{against}")
    g.war.battles += 1
    state.emit(Event.public("battle.declared", city=city, attacker=fam, defender=against, battle=kind,
                            walls=walls, penalty=b.penalty))
    reveal(state, g, b)
    if not troops(g, city, against):
        # 7.0, 7.2, FAQ: nobles and engines without troops offer no defence.
        from engine.fief.battle.endings import finish
        doom(g, b, against, free_nobles(g, city, against))
        settle_captures(state, g, b)
        finish(state, g, b, "victory", winner=fam)
        return
    begin_round(state, g, b)


def reveal(state: GameState, g: Fief, b: Battle) -> None:
    """FAQ: troops are shown when a battle begins (a public event; the stacks stay face up)."""
    shown = {}
    for fam in (b.attacker, b.defender):
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
    b.stage = "melee" if b.kind != "battle" else "treb"
    state.emit(Event.public("battle.round", city=b.city, round=b.rolls))
    proceed(state, g)


def proceed(state: GameState, g: Fief) -> None:
    """Fight on until someone must choose (losses, how to go on) or the battle ends."""
    from engine.fief.battle.endings import after_volley, ask_next
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
            from engine.fief.battle.endings import round_end
            if round_end(state, g, b):
                return
            b.stage = "attacker"
            continue
        if b.stage in ("attacker", "defender"):
            ask_next(state, g, b)
            return
        return


def men(g: Fief, city: str, fam: str) -> int:
    return troops(g, city, fam).count("men")


def engines(g: Fief, city: str, fam: str) -> tuple[int, int]:
    st = g.cities[city].stacks.get(fam)
    return (st.trebuchets, st.bombards) if st else (0, 0)


def fire(state: GameState, g: Fief, b: Battle, fam: str, what: str) -> int:
    """The hits one side's volley of ``what`` inflicts (7.2, 7.3)."""
    city = b.city
    foe = other(b, fam)
    grail = fam == b.attacker and grail_defends(g, b)
    attacking = fam == b.attacker
    label = f"{what}: {fam}"
    if what == "treb":
        treb, _ = engines(g, city, fam)
        if not treb or not men(g, city, fam):
            return 0
        faces = dice.roll(state, 2, label)
        return dice.count_hits(faces, grail) + (1 if treb >= 2 else 0)
    if what == "bombard":
        _, bomb = engines(g, city, fam)
        if not bomb or not men(g, city, fam):
            return 0
        faces = dice.roll(state, bomb, label)
        blanks = faces.count(0)
        if blanks:
            b.explode[fam] = b.explode.get(fam, 0) + blanks
        return dice.count_hits(faces, grail)
    if what == "archer":
        shooters = sum(1 for t in troops(g, city, fam) if t in ("archer", "crossbow"))
        walls = attacking and b.archers_min > 0
        if not shooters or (walls and shooters < b.archers_min):
            return 0
        target = b.targets.pop(fam, None)
        faces = dice.roll(state, 1, label + (f" at {target}" if target else ""))
        if target:
            if target in free_nobles(g, city, foe) and faces[0] == 3 and not (grail and faces[0] == 2):
                from engine.fief.battle.endings import slay
                slay(state, g, b, target, "archers")
                b.lost += 1
            return 0
        bonus = 1 if shooters >= 3 and not walls else 0
        return dice.count_hits(faces, grail) + bonus
    # melee (7.3, 7.4, 5.3)
    n = dice.dice_for(strength(g, city, fam))
    if attacking:
        n = max(0, n - b.penalty)
    if not n:
        return 0
    faces = dice.roll(state, n, label)
    bonus = melee_bonus(g, b, fam, n)
    return dice.count_hits(faces, grail) + bonus


def melee_bonus(g: Fief, b: Battle, fam: str, n: int) -> int:
    """Bonus hits on a melee roll: +1 per die for the defender of a Cavalcade (5.3).

    Hooks: the Royal Guard (13.1, +1 per die per marker) and Excalibur (13.2, +1) add here once
    Phase 1 elects a Sovereign and 13.2 places the sword (neither exists in the game yet).
    """
    bonus = 0
    if b.kind == "cavalcade" and fam == b.defender:
        bonus += n
    return bonus


def volley(state: GameState, g: Fief, b: Battle) -> None:
    """Both sides fire ``b.stage`` at once; the hits are then allotted (7.2: simultaneous)."""
    hits = {fam: fire(state, g, b, fam, b.stage) for fam in (b.attacker, b.defender)}
    if any(hits.values()):
        state.emit(Event.public("battle.hits", city=b.city, volley=b.stage,
                                hits={other(b, f): h for f, h in hits.items()}))
    for fam, h in hits.items():
        foe = other(b, fam)
        if h and (troops(g, b.city, foe) or free_nobles(g, b.city, foe)):
            b.owed[foe] = b.owed.get(foe, 0) + h


def doom(g: Fief, b: Battle, fam: str, nobles: list[str]) -> None:
    if nobles:
        b.doomed[fam] = sorted(set(b.doomed.get(fam, [])) | set(nobles))


def settle_captures(state: GameState, g: Fief, b: Battle) -> None:
    """7.5, 7.6, 7.8: nobles left without troops are captured by a noble of the other side; with no
    noble there they are slain; if the other side has no troops left either, nobody is taken
    (Annihilation)."""
    from engine.fief.battle.endings import capture, slay
    doomed, b.doomed = b.doomed, {}
    for fam, nobles in sorted(doomed.items()):
        foe = other(b, fam)
        captors = [n for n in free_nobles(g, b.city, foe) if n not in doomed.get(foe, [])]
        for nid in nobles:
            if nid not in g.nobles or g.nobles[nid].captor is not None:
                continue
            if not troops(g, b.city, foe) and free_nobles(g, b.city, foe):
                continue  # 7.8 Annihilation: only nobles on both sides
            if captors:
                capture(state, g, b, nid, captors[0])
            else:
                slay(state, g, b, nid, "no captor")
            b.lost += 1


def allot_or_ask(state: GameState, g: Fief, b: Battle) -> None:
    """Allot each side's hits: at once when only one allotment is legal, else ask the owner."""
    for fam in sorted(b.owed):
        hits = b.owed[fam]
        options = losses.choices(troops(g, b.city, fam), free_nobles(g, b.city, fam), hits)
        if len(options) <= 1:
            allot = options[0] if options else losses.example(troops(g, b.city, fam),
                                                             free_nobles(g, b.city, fam), hits)
            del b.owed[fam]
            take(state, g, b, fam, allot)
        elif not any(t.kind == "losses" and t.family == fam for t in g.tasks):
            g.tasks.append(Task("losses", fam, city=b.city, count=hits))


def take(state: GameState, g: Fief, b: Battle, fam: str, allot: losses.Allotment) -> None:
    """Remove the allotted troops; slay and doom nobles (7.5)."""
    from engine.fief.battle.endings import slay
    st = g.cities[b.city].stacks.get(fam)
    if st is not None:
        for u in allot.troops:
            st.troops.remove(u)
            g.families[fam].stockpile[u] = g.families[fam].stockpile.get(u, 0) + 1
    b.lost += len(allot.troops)
    if allot.troops or allot.slain or allot.captured:
        state.emit(Event.public("battle.losses", city=b.city, family=fam, units=list(allot.troops),
                                slain=list(allot.slain), captured=list(allot.captured)))
    for nid in allot.slain:
        slay(state, g, b, nid, "battle")
        b.lost += 1
    doom(g, b, fam, list(allot.captured))


def check_losses(g: Fief, fam: str, units: list[str], slay_list: list[str]) -> losses.Allotment:
    b = g.war.battle
    task = g.tasks[0]
    assert b is not None
    return losses.check(troops(g, b.city, fam), free_nobles(g, b.city, fam), task.count, units, slay_list)
