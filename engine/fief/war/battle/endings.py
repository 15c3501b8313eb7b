"""How a battle is closed (7.8): city control, captives of the beaten side freed, the winner's
spoils (7.2), a surrender, and the Withdraw of a Passage card.

Each ending is announced by a public ``battle.end.<how>`` event: victory, surrender, truce,
assassination (a side without a noble: the other side ends it), annihilation (only nobles left on
both sides), deadlock (three rounds in a row without losses), break (the attacker stops attacking
walls), siege (7.9), stop (a sally returns behind its walls), retreat (invaders no longer
outnumbering, 6.8), withdraw (a Passage card, opportunity/cards.py).
"""

from __future__ import annotations

from collections import Counter

from engine.core import Event, GameState, RuleError
from engine.fief.crown import garter, royal_stronghold
from engine.fief.estates.succession import release
from engine.fief.estates.titles import control_changed
from engine.fief.refusals import FiefRefusal
from engine.fief.state import MAP, Fief, Task, return_troop, stack
from engine.fief.war.battle.captives import captor_of, capture, doom, remove_army, settle_captures, slay
from engine.fief.war.battle.sides import INVADERS, armies_in, members, other, side_nobles, side_troops, troops
from engine.fief.war.battle.siege import check_sieges, lift
from engine.fief.war.movement import Step, carry_out, settle_control
from engine.fief.war.state import Battle


def finish(state: GameState, g: Fief, b: Battle, how: str, winner: str | None = None) -> None:
    """Close the battle: release captives of the beaten side, spoils, city control (7.6, 7.8)."""
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
        if loser == INVADERS:   # 13.3: the Lords leading the winning side earn the Garter
            garter.record(g, [n.id for n in g.nobles.values()
                              if n.family == winner and n.city == city and n.captor is None])
        c = g.cities[city]
        if loser != INVADERS and c.siege and c.siege.by == loser:
            lift(state, g, city, "besieger beaten")
        if winner != INVADERS:
            beaten = members(b, loser) if loser != INVADERS else [INVADERS]
            holder = g.cities[city].controller
            _take_city(state, g, city, winner, holder if holder in beaten else loser)
        if loser == INVADERS:
            # 6.4: the Leader falls last, once his Foot Soldiers are gone, so beaten invaders keep no
            # lone Leader in the city (he would be beaten again and again without a blow, ruling P2-17b)
            for a in armies_in(g, b):
                if a.leader and a.foot == 0:
                    slay(state, g, b, f"leader:{a.id}", "beaten")
    # 6.4: an army whose Leader and Foot Soldiers are all gone leaves the map; its captives go free
    for aid in b.armies:
        a = g.armies[aid]
        if a.city == city and not a.leader and a.foot == 0:
            remove_army(state, g, aid, "destroyed")
    for fam in members(b, b.attacker) + members(b, b.defender):
        st = g.cities[city].stacks.get(fam)
        if st is not None and st.empty():
            del g.cities[city].stacks[fam]
    settle_control(state, g, city)
    royal_stronghold.after_battle(state, g, city)   # 4.9: a change of sides held back by the battle
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


def withdraw(state: GameState, g: Fief, b: Battle, dest: str, escorts: dict[str, str]) -> None:
    """PASSAGE's Withdraw (7.8, opportunity/cards.py): the defender's nobles (allies' too) leave the battle for the
    adjacent city ``dest``, each with at most one of its family's troops (``escorts``: noble -> type);
    the other troops stay. Raises RuleError before any change when the withdrawal is not possible."""
    if dest not in MAP.neighbours(b.city):
        raise RuleError("7.8", f"{dest!r} is not next to {b.city}", code=FiefRefusal.WITHDRAW_CITY,
                        legal=MAP.neighbours(b.city))
    nobles = side_nobles(g, b, b.defender)
    wanted: Counter[tuple[str, str]] = Counter()
    for nid, unit in escorts.items():
        if nid not in nobles:
            raise RuleError("7.8", f"{nid!r} is not a defending noble",
                            code=FiefRefusal.WITHDRAW_UNITS, legal=nobles)
        wanted[(g.nobles[nid].family, unit)] += 1
    for (fam, unit), k in wanted.items():
        if troops(g, b.city, fam).count(unit) < k:
            raise RuleError("7.8", "each withdrawing noble takes one troop of its own family",
                            code=FiefRefusal.WITHDRAW_UNITS,
                            legal=sorted(set(troops(g, b.city, fam))))
    g.war.battle = None
    for nid in nobles:
        n = g.nobles[nid]
        taken = (escorts[nid],) if nid in escorts else ()
        step = Step(nid, n.family, b.city, dest, "road", 0, taken, dest)
        carry_out(state, g, step, ask_entry=False)
    g.war.battle = b
    finish(state, g, b, "withdraw")
