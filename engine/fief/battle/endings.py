"""How a battle goes on and how it ends (7.8), captives (7.6) and the winner's spoils (7.2).

Endings, each announced by a public ``battle.end.<how>`` event:
victory, surrender, truce, assassination (a side without a noble: the other side ends it),
annihilation (only nobles left on both sides), deadlock (three rounds in a row without losses),
break (the attacker stops attacking walls), siege (7.9), stop (a sally returns behind its walls),
withdraw (a Passage card: hook for the Opportunity-card issue).
"""

from __future__ import annotations

from engine.core import Event, GameState, RuleError
from engine.fief.battle.fight import (
    INVADERS,
    allot_or_ask,
    begin_round,
    defended,
    free_nobles,
    members,
    other,
    settle_captures,
    side_nobles,
    side_troops,
    troops,
)
from engine.fief.state import Fief, Siege, Task, return_troop, stack
from engine.fief.warstate import Battle

DEADLOCK = 3


# -- after each volley ------------------------------------------------------------------------
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


def alive(g: Fief, b: Battle, side: str) -> tuple[bool, bool]:
    """(has troops, has nobles) for a side of the battle."""
    return bool(side_troops(g, b, side)), bool(side_nobles(g, b, side))


def invaders_outnumber(g: Fief, b: Battle) -> bool:
    """6.4: invader units (Foot Soldiers and Leaders) against the family's troops."""
    fam = other(b, INVADERS)
    mine = len(side_troops(g, b, INVADERS)) + len(side_nobles(g, b, INVADERS))
    return mine > len(side_troops(g, b, fam))


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


# -- the end-of-round choices (7.8, 7.9) --------------------------------------------------------
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
            from engine.fief.battle.fight import proceed
            proceed(state, g)
        else:
            begin_round(state, g, b)
        return
    if not any(t.kind == "battle_next" for t in g.tasks):
        g.tasks.append(Task("battle_next", fam, city=b.city, options=options(g, b, fam)))


def siege_possible(g: Fief, b: Battle) -> bool:
    c = g.cities[b.city]
    if c.siege is not None or not side_nobles(g, b, b.attacker):
        return False
    fam = g.families[b.attacker]
    on_map = any(st.trebuchets for name, st in ((n, c.stacks.get(b.attacker)) for n, c in g.cities.items()) if st)
    return fam.stockpile.get("trebuchet", 0) > 0 or on_map


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
        from engine.fief.battle.fight import proceed
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
        raise RuleError("7.8", f"{choice!r} is not open to you now", code="battle_choice", legal=legal)
    if trebuchet is not None:
        if choice != "siege":
            raise RuleError("7.9", "a Trebuchet is taken only to begin a siege", code="trebuchet",
                            legal="choice:siege")
        check_trebuchet(g, fam, trebuchet)
    if destroy:
        st = g.cities[b.city].stacks.get(fam)
        if not (st and st.troops and (st.bombards or st.trebuchets)):
            raise RuleError("7.2", "tactical destruction needs your own engines here and troops left",
                            code="destroy", legal="destroy:false")
    if target is not None:
        foes = side_nobles(g, b, other(b, fam))
        if target not in foes:
            raise RuleError("7.2", "your archers can aim only at an enemy noble here", code="target",
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


# -- endings ----------------------------------------------------------------------------------
def surrender(state: GameState, g: Fief, b: Battle, fam: str) -> None:
    """7.8: the surrendering side's troops leave the map and its nobles are taken captive."""
    gone = side_troops(g, b, fam)
    for unit in gone:
        owner, _, t = unit.rpartition(":")
        st = g.cities[b.city].stacks.get(owner or fam)
        if t in ("royal_knight", "royal_men") or st is None or t not in st.troops:
            continue   # 13.1: the Royal Guard leaves its captured lord and returns to the supply
        return_troop(g, owner or fam, t)
        st.troops.remove(t)
    state.emit(Event.public("battle.losses", city=b.city, family=fam, units=list(gone), slain=[],
                            captured=side_nobles(g, b, fam)))
    from engine.fief.battle.fight import captor_of, doom
    doom(g, b, fam, side_nobles(g, b, fam))
    foe = other(b, fam)
    if not side_troops(g, b, foe):
        # the surrendering nobles are taken by the nobles present on the other side
        for nid in list(b.doomed.get(fam, [])):
            captor = captor_of(g, b, foe, [])
            if captor:
                capture(state, g, b, nid, captor)
        b.doomed.pop(fam, None)
    settle_captures(state, g, b)
    finish(state, g, b, "surrender", winner=foe)


def begin_siege(state: GameState, g: Fief, b: Battle, trebuchet: str | None = None) -> None:
    """7.9: the attacker stops and besieges; a Trebuchet goes under construction with its army."""
    place_siege(state, g, b.attacker, b.city, b.defender, trebuchet)
    finish(state, g, b, "siege")


def trebuchet_sources(g: Fief, fam: str) -> list[str]:
    """7.9: with none in its stockpile, the cities whose Trebuchet the family may destroy for a new siege."""
    if g.families[fam].stockpile.get("trebuchet", 0) > 0:
        return []
    return sorted(n for n, c in g.cities.items() if c.stacks.get(fam) and c.stacks[fam].trebuchets)


def check_trebuchet(g: Fief, fam: str, city: str) -> None:
    """7.9: the player chooses which of its Trebuchets on the map is destroyed (only with none in stock)."""
    sources = trebuchet_sources(g, fam)
    if city not in sources:
        raise RuleError("7.9", "a Trebuchet on the map is destroyed for a siege only when the stockpile has none; "
                        "name a city holding one of yours", code="trebuchet",
                        legal=sources or "the stockpile's Trebuchet")


def place_siege(state: GameState, g: Fief, fam: str, city: str, besieged: str, trebuchet: str | None = None) -> None:
    """7.9: a Trebuchet from the stockpile or, with none left, the one the player destroys on the map
    (``trebuchet`` names its city; default: the first by name)."""
    stock = g.families[fam].stockpile
    sources = trebuchet_sources(g, fam)
    if sources:
        name = trebuchet if trebuchet in sources else sources[0]
        g.cities[name].stacks[fam].trebuchets -= 1
        stock["trebuchet"] += 1
        state.emit(Event.public("siege.trebuchet_moved", family=fam, start=name, city=city))
    stock["trebuchet"] -= 1
    stack(g, city, fam).building += 1
    g.cities[city].siege = Siege(by=fam, since=g.flow.round, building=1)
    state.emit(Event.public("siege.begun", city=city, by=fam, besieged=besieged))


def besiege_cities(g: Fief, fam: str) -> list[str]:
    """7.9: cities whose walls a family could not dent (no melee die after the penalty): it may
    besiege them without a battle."""
    from engine.fief.battle import dice
    from engine.fief.battle.fight import DEFENDED, strength
    out = []
    for name, c in sorted(g.cities.items()):
        foe = c.controller
        if foe is None or foe == fam or c.siege is not None or not free_nobles(g, name, fam):
            continue
        walls = defended(g, name, fam, foe)
        if not walls or dice.dice_for(strength(g, name, fam)) - DEFENDED[walls] >= 1:
            continue
        b = Battle(name, fam, foe)
        if siege_possible(g, b):
            out.append(name)
    return out


def besiege_outright(state: GameState, g: Fief, fam: str, city: str, trebuchet: str | None = None) -> None:
    besieged = g.cities[city].controller or ""
    g.war.fought.append(f"{city}|{fam}|{besieged}")
    place_siege(state, g, fam, city, besieged, trebuchet)


def finish(state: GameState, g: Fief, b: Battle, how: str, winner: str | None = None) -> None:
    """Close the battle: release captives of the beaten side, spoils, city control (7.6, 7.8)."""
    from engine.fief.movement import settle_control
    from engine.fief.succession import release
    g.war.battle = None
    g.tasks = [t for t in g.tasks if t.kind not in ("losses", "battle_next")]
    city = b.city
    if city not in g.war.battled_now:
        g.war.battled_now.append(city)
    state.emit(Event.public(f"battle.end.{how}", city=city, attacker=b.attacker, defender=b.defender,
                            winner=winner, rounds=b.rolls, battle=b.kind))
    state.emit(Event.public("battle.ended", city=city, how=how, winner=winner, battle=b.kind))
    if winner is not None:
        loser = other(b, winner)
        for fam in members(b, loser):
            if not troops(g, city, fam):
                for n in [n for n in g.nobles.values() if n.captor == fam and n.city == city]:
                    release(state, g, n.id, why="captor beaten")
        spoils(state, g, b, winner, loser)
        c = g.cities[city]
        if loser != INVADERS and c.siege and c.siege.by == loser:
            lift(state, g, city, "besieger beaten")
        if winner != INVADERS:
            beaten = members(b, loser) if loser != INVADERS else [INVADERS]
            holder = g.cities[city].controller
            _take_city(state, g, city, winner, holder if holder in beaten else loser)
    # 6.4: an army whose Leader and Foot Soldiers are all gone leaves the map; its captives go free
    for aid in b.armies:
        a = g.armies[aid]
        if a.city == city and not a.leader and a.foot == 0:
            from engine.fief.invaders import remove_army
            remove_army(state, g, aid, "destroyed")
    for fam in members(b, b.attacker) + members(b, b.defender):
        st = g.cities[city].stacks.get(fam)
        if st is not None and st.empty():
            del g.cities[city].stacks[fam]
    settle_control(state, g, city)
    check_sieges(state, g)
    if b.kind == "cavalcade" and winner == b.attacker and b.mover in g.nobles:
        g.war.must_move.append(b.mover)   # 5.2, FAQ: the winning Cavalcade rides on
        g.war.cavalry[b.mover] = sorted(b.only)


def _take_city(state: GameState, g: Fief, city: str, winner: str, loser: str) -> None:
    """7.8: the winner of a battle against the city's holder takes the city (and its walls)."""
    c = g.cities[city]
    if c.controller == loser or c.controller is None:
        if loser != INVADERS or c.controller is None:
            before = c.controller
            c.controller = winner
            if before != winner:
                state.emit(Event.public("city.control", city=city, family=winner, before=before))
                from engine.fief.titles import control_changed
                control_changed(state, g, city, winner)
    if c.controller == winner:
        st = c.stacks.get(winner)
        if st:
            st.outskirts = False
        for n in g.nobles.values():
            if n.city == city and n.family == winner:
                n.outskirts = False
        if c.siege and c.siege.by == winner:
            st = c.stacks.get(winner)
            if st is not None:
                g.families[winner].stockpile["trebuchet"] += st.building
                st.building = 0
            c.siege = None
            state.emit(Event.public("siege.lifted", city=city, by=winner, why="city taken"))


def spoils(state: GameState, g: Fief, b: Battle, winner: str, loser: str) -> None:
    """7.2 Winner's spoils: the beaten side's Trebuchets and Bombards are absorbed or destroyed
    (Invaders destroy them)."""
    if loser == INVADERS:
        return
    treb = bomb = 0
    for fam in members(b, loser):
        st = g.cities[b.city].stacks.get(fam)
        if st is None:
            continue
        stock = g.families[fam].stockpile
        stock["trebuchet"] += st.trebuchets + st.building
        stock["bombard"] += st.bombards
        treb, bomb = treb + st.trebuchets, bomb + st.bombards
        st.trebuchets = st.bombards = st.building = 0
    if not (treb or bomb):
        return
    state.emit(Event.public("battle.spoils", city=b.city, winner=winner, loser=loser, trebuchets=treb,
                            bombards=bomb))
    if winner != INVADERS:
        g.tasks.append(Task("spoils", winner, city=b.city, count=treb * 10 + bomb, options=["absorb", "destroy"]))


def take_spoils(state: GameState, g: Fief, task: Task, absorb: bool) -> None:
    treb, bomb = divmod(task.count, 10)
    fam = task.family
    stock = g.families[fam].stockpile
    got_t = min(treb, stock.get("trebuchet", 0)) if absorb else 0
    got_b = min(bomb, stock.get("bombard", 0)) if absorb else 0
    if got_t or got_b:
        st = stack(g, task.city or "", fam)
        st.trebuchets += got_t
        st.bombards += got_b
        stock["trebuchet"] -= got_t
        stock["bombard"] -= got_b
    state.emit(Event.public("battle.spoils_taken", city=task.city, family=fam, trebuchets=got_t, bombards=got_b,
                            destroyed=treb + bomb - got_t - got_b))


def capture(state: GameState, g: Fief, b: Battle | None, nid: str, captor: str) -> None:
    """7.6, 6.7: the captive goes with its captor (a noble, or an invader army) and keeps its titles;
    relics it carried are left in the city (12.0; invaders destroy them, 6.5)."""
    from engine.fief.succession import release
    n = g.nobles[nid]
    if n.relics and n.city:
        g.cities[n.city].relics += n.relics
        state.emit(Event.public("relic.dropped", noble=nid, city=n.city, relics=list(n.relics)))
        n.relics = []
    if captor.startswith("invaders:"):
        army = g.armies[captor.split(":", 1)[1]]
        n.captor, n.held_by, n.city, n.outskirts = captor, None, army.city, False
        by_family = "invaders"
    else:
        c = g.nobles[captor]
        n.captor, n.held_by, n.city, n.outskirts = c.family, captor, c.city, False
        by_family = c.family
    for held in [x for x in g.nobles.values() if x.held_by == nid]:
        release(state, g, held.id, why="captor captured")
    state.emit(Event.public("noble.captured", noble=nid, family=n.family, captor=by_family, by=captor,
                            city=n.city))


def slay(state: GameState, g: Fief, b: Battle | None, nid: str, why: str) -> None:
    """4.8: a noble slain; an Invader Leader (``leader:<army>``) falls (6.4)."""
    if nid.startswith("leader:"):
        army = g.armies[nid.split(":", 1)[1]]
        army.leader = False
        state.emit(Event.public("invaders.leader_died", army=army.id, city=army.city, cause=why))
        return
    from engine.fief.succession import kill_noble
    if nid in g.nobles:
        kill_noble(state, g, nid, cause=f"battle: {why}")


# -- sieges (7.9) -----------------------------------------------------------------------------
def lift(state: GameState, g: Fief, city: str, why: str) -> None:
    """The siege ends: the besieger's Trebuchets here go back to its stockpile (7.9)."""
    c = g.cities[city]
    if c.siege is None:
        return
    by = c.siege.by
    st = c.stacks.get(by)
    if st is not None:
        g.families[by].stockpile["trebuchet"] += st.trebuchets + st.building
        st.trebuchets = st.building = 0
        if st.empty():
            del c.stacks[by]
    c.siege = None
    state.emit(Event.public("siege.lifted", city=city, by=by, why=why))


def check_sieges(state: GameState, g: Fief) -> None:
    """7.9: with no besieging noble present (or the besieged gone) the siege is lifted."""
    for name, c in sorted(g.cities.items()):
        if c.siege is None:
            continue
        if not free_nobles(g, name, c.siege.by):
            lift(state, g, name, "no besieging noble")
        elif c.controller == c.siege.by or c.controller is None:
            lift(state, g, name, "nobody left to besiege")


# -- hooks for the Opportunity-card issue -------------------------------------------------------
def withdraw(state: GameState, g: Fief, b: Battle, dest: str, escorts: dict[str, str]) -> None:
    """Hook for PASSAGE's Withdraw (7.8): the defender's nobles (allies' too) leave the battle for the
    adjacent city ``dest``, each with at most one of its family's troops (``escorts``: noble -> type);
    the other troops stay. Raises RuleError before any change when the withdrawal is not possible."""
    from engine.fief import movement
    from engine.fief.state import MAP
    if dest not in MAP.neighbours(b.city):
        raise RuleError("7.8", f"{dest!r} is not next to {b.city}", code="withdraw_city",
                        legal=MAP.neighbours(b.city))
    from collections import Counter
    nobles = side_nobles(g, b, b.defender)
    wanted: Counter[tuple[str, str]] = Counter()
    for nid, unit in escorts.items():
        if nid not in nobles:
            raise RuleError("7.8", f"{nid!r} is not a defending noble", code="withdraw_units", legal=nobles)
        wanted[(g.nobles[nid].family, unit)] += 1
    for (fam, unit), k in wanted.items():
        if troops(g, b.city, fam).count(unit) < k:
            raise RuleError("7.8", "each withdrawing noble takes one troop of its own family", code="withdraw_units",
                            legal=sorted(set(troops(g, b.city, fam))))
    g.war.battle = None
    for nid in nobles:
        n = g.nobles[nid]
        taken = (escorts[nid],) if nid in escorts else ()
        step = movement.Step(nid, n.family, b.city, dest, "road", 0, taken, dest)
        movement.carry_out(state, g, step, ask_entry=False)
    g.war.battle = b
    finish(state, g, b, "withdraw")
