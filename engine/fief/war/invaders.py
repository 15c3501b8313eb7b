"""Phase 6: Invaders (6.0-6.13).

6.1 every army in England with its Leader recruits 3 Foot Soldiers (at most 5).
6.2 in region order, each Invasion card rolls a battle die: each hit lands an army (Leader and 5
    Foot Soldiers) in the region's port, while armies are left in the box (4 at most on the map);
    Storms keep the card on the sea for next round; the Plague halves the army and the Leader rolls.
    Then, in turn order, families whose nobles share a city with invaders may bribe them (Danegeld,
    6.9) or send clergy to intervene (6.10) (the ``parley`` step); they may again whenever an army
    marches into their noble's city, before it fights or takes anyone (a ``parley`` decision), and
    between the rounds of a battle with invaders, when the family chooses how to go on.
6.3 in region order each army with a Leader makes two moves, the road drawn by compass marker
    (drawn again where no road leads), and meets what it finds (6.4): it fights each family whose
    troops it outnumbers, in turn order (nobles and engines do not count), takes nobles left alone,
    and in a city with no player left destroys Mills, Abbeys, Strongholds and relics (6.5). A
    Fortified City taken is held for good (6.6). An army reaching a port from inland with nobody to
    fight leaves England (6.9).
The Opportunity cards against invaders live in opportunity/cards.py and opportunity/rebellion.py:
Assassination (6.12) and Ambush (6.11) remove a Leader through :func:`remove_leader`, a Rebellion (6.13) strikes Foot Soldiers as
it strikes troops, and a Passage may Aid Invaders at walls (10.2).
"""

from __future__ import annotations

from engine.core import Event, GameState, RuleError
from engine.fief.components import C
from engine.fief.crown import garter
from engine.fief.estates.succession import kill_noble
from engine.fief.map import COMPASS
from engine.fief.refusals import FiefRefusal
from engine.fief.state import MAP, Army, Fief, Noble, Task, fief_holder, has_disaster, named, player_of
from engine.fief.war.battle import dice
from engine.fief.war.battle.captives import capture, remove_army, slay
from engine.fief.war.battle.endings import finish
from engine.fief.war.battle.fight import declare, proceed
from engine.fief.war.battle.sides import DEFENDED, INVADERS, armies_in, defended, free_nobles, troops
from engine.fief.war.movement import leave_plague, meets_plague

REINFORCE = 3
DANEGELD = 5
CLERGY = ("bishop", "archbishop", "abbess")


def on_map(g: Fief) -> list[Army]:
    return [a for a in g.armies.values() if a.city is not None and not a.gone]


def in_city(g: Fief, city: str) -> list[Army]:
    return sorted((a for a in on_map(g) if a.city == city), key=lambda a: a.id)


def units(armies: list[Army]) -> int:
    """6.4: invader units are Leaders and Foot Soldiers."""
    return sum(a.foot + (1 if a.leader else 0) for a in armies)


def strength(armies: list[Army]) -> int:
    return sum(2 * a.foot + (3 if a.leader else 0) for a in armies)


# -- 6.1 and 6.2 -------------------------------------------------------------------------------
def reinforce(state: GameState, g: Fief) -> None:
    for a in sorted(on_map(g), key=lambda a: a.id):
        if a.leader and a.foot < C.invader_foot:
            got = min(REINFORCE, C.invader_foot - a.foot)
            a.foot += got
            state.emit(Event.public("invaders.reinforced", army=a.id, city=a.city, foot=got))


def land(state: GameState, g: Fief) -> None:
    """6.2: Invasion cards lying on the seas, in region order."""
    for region in sorted(MAP.regions.values(), key=lambda r: r.number):
        sea = g.seas[region.sea]
        for card in [c for c in sea if c.kind == "invasion" and c.active]:
            if has_disaster(g, region.id, "storms"):
                card.active = False   # stays on the sea; wakes with next round's disasters (2.4)
                state.emit(Event.public("invaders.delayed", region=region.id, why="storms"))
                continue
            sea.remove(card)
            g.fortune_discard.append(card.card)
            hits = dice.roll(state, 1, f"invasion: region {region.id}")[0]
            if not hits:
                state.emit(Event.public("invaders.false_alarm", region=region.id))
                continue
            for _ in range(hits):
                free = sorted((a for a in g.armies.values() if a.city is None and not a.gone), key=lambda a: a.id)
                if not free:
                    state.emit(Event.public("invaders.none_left", region=region.id))
                    break
                a = free[0]
                a.city, a.leader, a.foot, a.outskirts = region.port, True, C.invader_foot, False
                g.war.landed.append(a.id)
                state.emit(Event.public("invaders.landed", army=a.id, city=region.port, region=region.id))
                if has_disaster(g, region.id, "plague"):
                    strike(state, a)


def begin_phase(state: GameState, g: Fief) -> None:
    w = g.war
    w.invader_moves.clear()
    w.landed.clear()
    w.fighting.clear()
    w.arrival = ""
    reinforce(state, g)
    land(state, g)
    order = sorted(on_map(g), key=lambda a: (region_no(a.city or ""), a.id))
    w.invaders = [a.id for a in order]


def region_no(city: str) -> int:
    return MAP.regions[MAP.cities[city].region].number


# -- 6.9 Danegeld and 6.10 Church Intervention (the parley step) ----------------------------------
def parley_options(g: Fief, family: str) -> list[tuple[str, str, str]]:
    """(kind, army, noble): bribes and interventions open to a family's free nobles."""
    out: list[tuple[str, str, str]] = []
    money = player_of(g, family).shillings
    for nid in g.families[family].nobles:
        n = g.nobles[nid]
        if n.captor is not None or n.city is None:
            continue
        for a in in_city(g, n.city):
            if money >= DANEGELD:
                out.append(("danegeld", a.id, nid))
            if a.leader and any(t.split(":")[0] in CLERGY for t in n.titles):
                out.append(("intervene", a.id, nid))
    return out


def battle_parley(g: Fief, family: str) -> list[tuple[str, str, str]]:
    """6.9, 6.10 (at any time during Phase 6): between the rounds of a battle with invaders, the
    family choosing how to go on may still bribe an army or send its clergy (our ruling,
    docs/rulings/fief.md)."""
    b = g.war.battle
    if b is None or g.flow.phase != 6 or INVADERS not in (b.attacker, b.defender):
        return []
    return parley_options(g, family)


def parley_families(g: Fief, city: str | None = None) -> list[str]:
    """Families with a free noble in a city holding invaders (or in ``city``), in turn order; money
    is not looked at: it is secret."""
    cities = {a.city for a in on_map(g)} if city is None else {city}
    return [f for f in g.flow.order if any(g.nobles[n].city in cities and g.nobles[n].captor is None
                                           for n in g.families[f].nobles)]


def parley_pending(g: Fief, family: str, city: str) -> bool:
    """A parley window (6.9, 6.10) stays open while the family has a free noble there and invaders remain."""
    return bool(in_city(g, city)) and family in parley_families(g, city)


def check_parley(g: Fief, family: str, kind: str, army: str, noble: str) -> None:
    n = g.nobles.get(noble)
    if n is None or n.family != family or n.captor is not None:
        raise RuleError("6.9", f"{named(g, noble)} is not a free noble of your family", code=FiefRefusal.NOBLE,
                        legal=sorted({o[2] for o in parley_options(g, family)}) or "done")
    a = g.armies.get(army)
    if a is None or a.city is None or a.city != n.city:
        raise RuleError("6.9", f"no invader army {army!r} in {n.city}", code=FiefRefusal.ARMY,
                        legal=sorted({o[1] for o in parley_options(g, family)}) or "done")
    if kind == "danegeld" and player_of(g, family).shillings < DANEGELD:
        raise RuleError("6.9", f"the Danegeld costs {DANEGELD} shillings (others may send you theirs first, 2.15)",
                        code=FiefRefusal.FUNDS, legal="done")
    if kind == "intervene":
        if not any(t.split(":")[0] in CLERGY for t in n.titles):
            raise RuleError("6.10", "only a Bishop, Archbishop or Abbess may intervene",
                            code=FiefRefusal.NOT_CLERGY,
                            legal=[o[2] for o in parley_options(g, family) if o[0] == "intervene"] or "done")
        if not a.leader:
            raise RuleError("6.10", "the clergy speaks to the army's Leader; this army has none",
                            code=FiefRefusal.NO_LEADER,
                            legal="done")


def danegeld(state: GameState, g: Fief, family: str, army: str, noble: str) -> None:
    player_of(g, family).shillings -= DANEGELD
    state.emit(Event.public("invaders.danegeld", army=army, noble=noble, family=family, city=g.armies[army].city))
    remove_army(state, g, army, "danegeld")
    garter.record_family(g, family)   # 13.3: the family's Lords earn the Garter
    stop_battle(state, g)


def intervene(state: GameState, g: Fief, family: str, army: str, noble: str) -> None:
    roll = state.rng.roll(6, why=f"church intervention: {noble}")
    if roll <= 3:
        state.emit(Event.public("invaders.church_intervention", army=army, noble=noble, success=True))
        remove_army(state, g, army, "church intervention", gone=True)
        garter.record_family(g, family)
        stop_battle(state, g)
    else:
        state.emit(Event.public("invaders.church_intervention", army=army, noble=noble, success=False))
        kill_noble(state, g, noble, cause="invaders (church intervention)")


def stop_battle(state: GameState, g: Fief) -> None:
    """A battle whose invaders have all left England (bribed, or sent away by the Church) stops."""
    b = g.war.battle
    if b is not None and INVADERS in (b.attacker, b.defender) and not armies_in(g, b):
        finish(state, g, b, "parley")


# -- 6.3-6.9 moves and battles ------------------------------------------------------------------
def run(state: GameState, g: Fief) -> bool:
    """Move and fight until a player must decide (False) or every army has moved (True)."""
    w = g.war
    while True:
        if g.tasks:
            return False
        if w.battle is not None:
            proceed(state, g)
            continue
        if w.fighting or w.arrival:
            engage(state, g)
            continue
        if not w.invaders:
            return True
        a = g.armies[w.invaders[0]]
        if a.city is None or a.gone:
            w.invaders.pop(0)
            continue
        if a.id in w.landed:
            w.landed.remove(a.id)
            meet(state, g, a, from_inland=False, landed=True)
            continue
        if not a.leader or a.id in w.garrisons or w.invader_moves.get(a.id, 0) >= 2:
            w.invaders.pop(0)
            continue
        step(state, g, a)


def direction(state: GameState, g: Fief, city: str, guided: bool = False) -> str | None:
    """6.3: with one road it is taken; otherwise compass markers are drawn until one shows a road.

    2.5: Storms bind invaders as they bind families: no move out of a Storms region, and a road
    into one counts as no road (another marker is drawn); with no open road the army stays. An army
    a player's PASSAGE guides (10.2) ignores Storms for one move (``step`` spends the guide)."""
    roads = MAP.cities[city].roads
    if stormy(g, city) and not guided:
        return None
    open_roads = [d for _, d in roads if guided or not stormy(g, d)]
    if not open_roads:
        return None
    if len(roads) == 1:
        return roads[0][1]
    while True:
        point = state.rng.pick(list(COMPASS), why=f"invaders' compass at {city}")
        dest = MAP.toward(city, point)
        if dest in open_roads:
            return dest


def stormy(g: Fief, city: str) -> bool:
    return has_disaster(g, MAP.cities[city].region, "storms")


def step(state: GameState, g: Fief, a: Army) -> None:
    start = a.city or ""
    dest = direction(state, g, start, guided=a.id in g.opp.guided)
    if dest is None:   # 2.5: held by Storms; the army makes no more moves this phase
        g.war.invader_moves[a.id] = 2
        state.emit(Event.public("invaders.storm_bound", army=a.id, city=start))
        return
    g.war.invader_moves[a.id] = g.war.invader_moves.get(a.id, 0) + 1
    if a.id in g.opp.guided and (stormy(g, start) or stormy(g, dest)):
        g.opp.guided.remove(a.id)   # 10.2: a Passage guides one move in Storms, the first that needs it
    # 6.4, 6.12: Foot Soldiers whose Leader fell follow another Leader of their city (keeping their army)
    followers = [x for x in in_city(g, start) if not x.leader and x.foot and x.id not in g.war.garrisons]
    movers = [a, *followers]
    captives = [n for n in g.nobles.values() if n.captor in {f"invaders:{x.id}" for x in movers}]
    leave_plague(g, [x.id for x in movers] + [n.id for n in captives], start)
    for army in movers:
        army.city, army.outskirts = dest, False
        for n in captives:
            if n.captor == f"invaders:{army.id}":
                n.city = dest
        state.emit(Event.public("invaders.moved", army=army.id, start=start, to=dest, following=army.id != a.id))
    plague_on_arrival(state, g, movers, captives, start, dest)
    meet(state, g, a, from_inland=not MAP.cities[start].port)


def plague_on_arrival(state: GameState, g: Fief, movers: list[Army], captives: list[Noble], start: str,
                      dest: str) -> None:
    """2.5: invaders entering a plague region suffer as at a landing (6.2): half the Foot Soldiers,
    rounded down, and the Leader rolls (1-3 dies); the captives they carry roll too. Not when they
    come back into the plague region they left this round, or from another plague region."""
    for army in movers:
        if meets_plague(g, army.id, start, dest):
            strike(state, army)
    for n in captives:
        if meets_plague(g, n.id, start, dest) and state.rng.roll(6, why=f"plague on arrival: {n.name}") <= 3:
            kill_noble(state, g, n.id, cause="plague")


def strike(state: GameState, a: Army) -> None:
    """6.2, 2.5: the Plague halves an army's Foot Soldiers (rounded down) and its Leader rolls."""
    lost = a.foot // 2
    a.foot -= lost
    state.emit(Event.public("invaders.plague", army=a.id, city=a.city, lost=lost))
    if a.leader and state.rng.roll(6, why=f"plague: leader of {a.id}") <= 3:
        a.leader = False
        state.emit(Event.public("invaders.leader_died", army=a.id, city=a.city, cause="plague"))


def meet(state: GameState, g: Fief, a: Army, from_inland: bool, landed: bool = False) -> None:
    """6.4: line up the families to fight, in turn order; what comes after waits in ``arrival``.

    6.9, 6.10: before anything happens, each family with a free noble in the city the army marched
    into may pay the Danegeld or send its clergy (a ``parley`` decision; default: let it be). After a
    landing the parley step that follows the landings is that moment."""
    city = a.city or ""
    w = g.war
    w.fighting = [f for f in g.flow.order if troops(g, city, f)]
    w.arrival = "port" if (MAP.cities[city].port and from_inland) else "city"
    w.lone_due = True
    if not landed:
        for fam in parley_families(g, city):
            g.tasks.append(Task("parley", fam, city=city))


def _capture_lone_nobles(state: GameState, g: Fief, city: str) -> None:
    """7.5: nobles without troops of their family are taken by the invaders (slain without a Leader)."""
    armies = [x for x in in_city(g, city) if x.leader]
    for f in g.flow.order:
        if troops(g, city, f):
            continue
        for nid in free_nobles(g, city, f):
            if armies:
                capture(state, g, None, nid, f"invaders:{armies[0].id}")
            else:
                slay(state, g, None, nid, "invaders")


def can_attack(g: Fief, city: str, fam: str) -> bool:
    """6.4: outnumber the family's troops, and against walls still roll at least one die."""
    armies = in_city(g, city)
    if units(armies) <= len(troops(g, city, fam)):
        return False
    walls = defended(g, city, INVADERS, fam)
    if walls:
        return dice.dice_for(strength(armies)) - DEFENDED[walls] >= 1
    return True


def engage(state: GameState, g: Fief) -> None:
    """Fight the next family in line, or finish the arrival (6.4-6.6, 6.9)."""
    w = g.war
    aid = w.invaders[0] if w.invaders else ""
    a = g.armies.get(aid)
    city = a.city if a and a.city else ""
    if a is None or not city:
        w.fighting.clear()
        w.arrival = ""
        w.lone_due = False
        return
    if w.lone_due:
        w.lone_due = False
        _capture_lone_nobles(state, g, city)
    while w.fighting and not troops(g, city, w.fighting[0]):
        w.fighting.pop(0)
    if w.fighting:
        fam = w.fighting.pop(0)
        if can_attack(g, city, fam):
            armies = [x.id for x in in_city(g, city)]
            declare(state, g, INVADERS, city, fam, "invasion", armies=armies)
            return
        w.fighting.clear()   # outnumbered: the invaders stop fighting and move on (6.4, 6.8)
        a.outskirts = True
        state.emit(Event.public("invaders.outnumbered", army=a.id, city=city, family=fam))
        _after_arrival(state, g, a, city)
        return
    _after_arrival(state, g, a, city)


def _after_arrival(state: GameState, g: Fief, a: Army, city: str) -> None:
    w = g.war
    how, w.arrival = w.arrival, ""
    players = any(troops(g, city, f) for f in g.families) or any(
        n.city == city and n.captor is None for n in g.nobles.values())
    if a.city != city:
        return
    if players:
        a.outskirts = True
        return
    a.outskirts = False
    _take_city(state, g, a, city)
    if how == "port" and a.id not in w.garrisons:
        for x in in_city(g, city):
            if x.id not in w.garrisons:
                remove_army(state, g, x.id, "left england")


def _take_city(state: GameState, g: Fief, a: Army, city: str) -> None:
    """6.5 and 6.6: nobody left to defend the city."""
    c = g.cities[city]
    destroyed: list[str] = []
    if c.building == "fortified":
        region = MAP.cities[city].region
        holder = fief_holder(g, region)
        if holder is not None:
            holder.titles.remove(f"lord:{region}")
            state.emit(Event.public("title.lost", noble=holder.id, title=f"lord:{region}", why="invaders"))
            state.emit(Event.public("title.to_deck", title=f"lord:{region}"))
        strongest = max(in_city(g, city), key=lambda x: (units([x]), x.id))
        g.war.garrisons[strongest.id] = city
        state.emit(Event.public("invaders.hold", army=strongest.id, city=city))
    elif c.building is not None:
        if c.building in ("abbey", "royal_abbey") and c.abbey:
            g.abbeys.pop(c.abbey, None)
            c.abbey = None
        destroyed.append(c.building)
        c.building = None
    if c.mill:
        c.mill = False
        destroyed.append("mill")
    for fam, st in sorted(c.stacks.items()):   # engines left without troops are taken and broken (7.5)
        stock = g.families[fam].stockpile
        stock["trebuchet"] += st.trebuchets + st.building
        stock["bombard"] += st.bombards
        if st.trebuchets or st.building or st.bombards:
            destroyed.append(f"{fam} engines")
    c.stacks = {f: st for f, st in c.stacks.items() if st.troops}
    if c.siege is not None:
        c.siege = None
    relics = list(c.relics)
    c.relics = []
    if c.hidden_relic:
        # Ruling P2-14 (as R9): the face-down relic revealed is drawn among all the face-down ones.
        hidden = [x for x in g.cities.values() if x.hidden_relic]
        pick = state.rng.pick(sorted(x.hidden_relic or "" for x in hidden), why="relic revealed")
        other = next(x for x in hidden if x.hidden_relic == pick)
        other.hidden_relic, c.hidden_relic = c.hidden_relic, None
        relics.append(pick)
    g.out_of_game += [f"relic-{r}" for r in relics]
    if c.controller is not None:
        before, c.controller = c.controller, None
        state.emit(Event.public("city.control", city=city, family=None, before=before))
    if destroyed or relics:
        state.emit(Event.public("invaders.destroyed", army=a.id, city=city, buildings=destroyed, relics=relics))


def remove_leader(state: GameState, g: Fief, army: str, why: str) -> None:
    """AMBUSH (6.11) and ASSASSINATION (6.12, opportunity/cards.py): the Leader leaves the game; its Foot Soldiers
    stay in the city and follow another Leader there when it moves (see :func:`step`)."""
    a = g.armies[army]
    a.leader = False
    state.emit(Event.public("invaders.leader_died", army=army, city=a.city, cause=why))
    if a.foot == 0:
        remove_army(state, g, army, why, gone=True)
