"""Phase 5: Movement (5.0-5.5, 2.5 Storms and Plague, 13.4 roads through Sherwood are not here).

In turn order each family moves its nobles. A ``move`` command takes one noble one step: along a
road (1 move), by sea from the port it started in (one move per sea, 5.4), or the Royal move to the
Royal Abbey or Royal Stronghold (2 moves). Troops and Bombards travel only with a noble; troops
that moved with one noble may not move with another this phase (5.0). Trebuchets never move (7.2).

A road is named by where it leads from the city: the neighbouring city, or ``sea`` for ships.
Permissions (5.0, 5.4, 7.9) are requests to the family concerned; an accepted request lets the
noble leave by that road this phase, and the move is made at once when it is still its turn.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache

from engine.core import Event, GameState, RuleError
from engine.fief.board import excalibur
from engine.fief.estates.ransom import ransom_value
from engine.fief.estates.succession import kill_noble, release
from engine.fief.estates.titles import control_changed
from engine.fief.refusals import FiefRefusal
from engine.fief.state import (
    MAP,
    Fief,
    Noble,
    Stack,
    Task,
    has_disaster,
    is_royal_family,
    named,
    return_troop,
    sort_troops,
    stack,
)
from engine.fief.state import present as present_in

MOVES = 2
DEFENDED = ("stronghold", "fortified", "royal_stronghold")   # 7.4 defences
GATED = ("stronghold", "fortified", "royal_stronghold", "abbey", "royal_abbey")  # 5.0: entry needs permission
ENGINE_UNITS = ("bombard",)


@dataclass(frozen=True)
class Step:
    """One move: a noble, where from and to, the road, its cost and the units travelling."""
    noble: str
    family: str
    start: str
    dest: str
    via: str          # road | sea | royal
    cost: int
    units: tuple[str, ...]
    road: str         # the road's name seen from the start city (a city or "sea")


# -- vocabulary ---------------------------------------------------------------------------------
def moves_left(g: Fief, nid: str) -> int:
    return MOVES - g.war.moves.get(nid, 0)


def units_of(st: Stack | None) -> list[str]:
    if st is None:
        return []
    return list(st.troops) + ["bombard"] * st.bombards


def moved_key(city: str, family: str, noble: str) -> str:
    return f"{city}|{family}|{noble}"


def available(g: Fief, city: str, family: str, noble: str) -> list[str]:
    """5.0: the family's troops and Bombards here that did not move with another noble.

    The units that came with this noble always stay available to it; other nobles' claims count only
    against what is left (units lost since in battle, to plague or to bandits free their claim)."""
    st = g.cities[city].stacks.get(family)
    if st is None or not (st.troops or st.bombards):
        return []
    units = st.troops + ["bombard"] * st.bombards if st.bombards else st.troops
    prefix = f"{city}|{family}|"
    own = prefix + noble
    for key in g.war.moved:
        if key != own and key.startswith(prefix):
            break
    else:
        return sorted(units)   # no other noble's claim here: every unit is available
    actual = Counter(units)
    mine = Counter(g.war.moved.get(moved_key(city, family, noble), [])) & actual
    others: Counter[str] = Counter()
    for key, claimed in g.war.moved.items():
        if key.startswith(prefix) and key != own:
            others += Counter(claimed)
    return sorted((actual - (others & (actual - mine))).elements())


def escort(g: Fief, city: str, family: str, noble: str) -> list[str]:
    """The units that came here with this noble this phase."""
    came = g.war.moved.get(moved_key(city, family, noble))
    if not came:
        return []
    here = Counter(units_of(g.cities[city].stacks.get(family)))
    return sorted((Counter(came) & here).elements())


def occupiers(g: Fief, city: str) -> list[str]:
    """Families with troops, engines or free nobles in a city."""
    fams = {f for f, st in g.cities[city].stacks.items() if not st.empty()}
    for n in g.nobles.values():
        if n.city == city and n.captor is None:   # nobles_in(g, city), without the list
            fams.add(n.family)
    return sorted(fams)


@cache
def seas_between(a: str, b: str) -> tuple[str, ...]:
    """5.4: the seas entered sailing from port ``a`` to port ``b`` (shortest way round the ring)."""
    start, end = MAP.cities[a].region, MAP.cities[b].region
    sa, sb = MAP.regions[start].sea, MAP.regions[end].sea
    ring = ["I", "II", "III", "IV", "V", "VI"]
    i, j = ring.index(sa), ring.index(sb)
    fwd = (j - i) % 6
    if fwd == 0:
        return ()
    path = [ring[(i + k) % 6] for k in range(1, fwd + 1)] if fwd <= 3 else \
        [ring[(i - k) % 6] for k in range(1, 6 - fwd + 1)]
    return tuple(path)


def storms_on(g: Fief, sea: str) -> bool:
    return has_disaster(g, MAP.seas[sea].region, "storms")


def storm_regions(g: Fief, start: str, dest: str, via: str) -> list[str]:
    """2.5, 5.5: the Storms regions a move would leave, cross or enter (every kind of move)."""
    regions = [MAP.cities[start].region, MAP.cities[dest].region]
    if via == "sea":
        regions += [MAP.seas[s].region for s in seas_between(start, dest)]
    return sorted({r for r in regions if has_disaster(g, r, "storms")})


def is_royal_mover(g: Fief, n: Noble) -> bool:
    """5.0 Royal Movement: the Royal Family and both of their families' nobles (a noble with a royal title
    makes its own family royal, so the family answers for it)."""
    return is_royal_family(g, n.family)


def storm_seas(g: Fief) -> set[str]:
    """2.5: the seas whose regions Storms rage in (``has_disaster(g, region, "storms")`` is asking
    whether the region's sea is one of these)."""
    out = set()
    for sea, cards in g.seas.items():
        for c in cards:
            if c.kind == "storms" and c.active:
                out.add(sea)
                break
    return out


# -- where a noble may go -----------------------------------------------------------------------
PORTS = tuple(sorted(r.port for r in MAP.regions.values()))   # 5.4: every region's port, in name order
# One move from each city over the map alone, in the order destinations lists them: its roads, then
# the bandit paths of Sherwood (13.4); and the voyages from each port to the others (5.4), with their seas.
OVERLAND = {c: tuple([(d, "road", 1) for d in MAP.neighbours(c)]
                     + [(d, "sherwood", 1) for d in MAP.sherwood if c in MAP.sherwood and d != c])
            for c in MAP.cities}
VOYAGES = {c: tuple((port, "sea", len(seas_between(c, port))) for port in PORTS
                    if port != c and len(seas_between(c, port)) >= 1 and len(seas_between(c, port)) <= MOVES)
           for c in MAP.cities}   # sailing is a first move (5.4): no voyage may cost more than both moves
# 2.5: where Storms are looked up (the sea holding a region's disasters), for each city and each voyage
CITY_SEA = {c: MAP.regions[MAP.cities[c].region].sea for c in MAP.cities}
VOYAGE_SEAS = {(c, port): frozenset(MAP.regions[MAP.seas[s].region].sea for s in seas_between(c, port))
               for c in MAP.cities for port, _, _ in VOYAGES[c]}


def _map_steps(g: Fief, n: Noble) -> list[tuple[str, str, int]]:
    """:func:`destinations` without the Royal moves (which it lists last): its roads, bandit paths and voyages."""
    city = n.city
    if city is None or n.captor is not None:
        return []
    used = g.war.moves.get(n.id, 0)
    out: list[tuple[str, str, int]] = list(OVERLAND[city]) if MOVES - used >= 1 else []
    if used == 0 and g.war.sail_from.get(n.id) == city:   # 5.4
        out += VOYAGES[city]
    return out


def destinations(g: Fief, n: Noble) -> list[tuple[str, str, int]]:
    """(destination, via, cost) for every step the map offers this noble now, before permissions."""
    city = n.city
    if city is None or n.captor is not None:
        return []
    used = g.war.moves.get(n.id, 0)
    left = MOVES - used
    out: list[tuple[str, str, int]] = list(OVERLAND[city]) if left >= 1 else []
    if used == 0:
        if g.war.sail_from.get(n.id) == city:   # 5.4
            out += VOYAGES[city]
        if is_royal_mover(g, n):
            for name, c in g.cities.items():
                if c.building in ("royal_abbey", "royal_stronghold") and name != city:
                    out.append((name, "royal", 2))
    return out


def road_name(start: str, dest: str, via: str) -> str:
    return via if via in ("sea", "royal", "sherwood") else dest


def permissions_needed(g: Fief, n: Noble, road: str) -> list[str]:
    """Families whose leave this noble needs to take ``road`` out of its city (5.0, 5.4, 7.9).

    - a city held by another family that the noble entered this phase, or stands besieged in from an
      earlier battle: its controller, unless the noble goes back the way it came (5.0);
    - a road (or the sea) another family's units entered by this phase: that family (5.0, 5.4);
    - a besieged Stronghold or Fortified City: the besieger (7.9).
    """
    if n.id in g.war.must_move:
        return []
    city = n.city or ""
    c = g.cities[city]
    fam = n.family
    need: list[str] = []
    present: list[str] | None = None   # occupiers(g, city), found only when a condition asks
    ctrl = c.controller
    back = g.war.came_from.get(n.id)
    if ctrl and ctrl != fam and road != back:
        entered_now = g.war.moves.get(n.id, 0) > 0
        stuck = n.outskirts and city in g.war.battled_last
        if entered_now or stuck:
            present = occupiers(g, city)
            if ctrl in present:
                need.append(ctrl)
    for key, by in g.war.blocked.items():
        if by != road:
            continue
        where, other = key.split("|")
        if where == city and other != fam and other not in need:
            present = occupiers(g, city) if present is None else present
            if other in present:
                need.append(other)
    if c.siege and c.siege.by != fam and ctrl == fam and not n.outskirts and c.siege.by not in need:
        need.append(c.siege.by)
    if not need or not g.war.passes:
        return need
    return [f for f in need if f"{n.id}|{city}|{f}" not in g.war.passes]


# -- checking a move ----------------------------------------------------------------------------
def check_move(g: Fief, family: str, nid: str, dest: str, via: str | None, units: list[str]) -> Step:
    """Everything a move must satisfy; returns the step, or raises RuleError naming the rule."""
    if nid not in g.families[family].nobles or g.nobles[nid].captor is not None:
        mine = [x for x in g.families[family].nobles if g.nobles[x].captor is None]
        raise RuleError("5.0", f"{named(g, nid)} is not a free noble of your family",
                        code=FiefRefusal.NOBLE, legal=mine or "none")
    n = g.nobles[nid]
    if n.city is None:
        mine = [x for x in g.families[family].nobles if g.nobles[x].captor is None]
        raise RuleError("5.0", f"{n.name} is not on the map", code=FiefRefusal.NOBLE, legal=mine)
    if via is not None and via != "royal":   # destinations lists the Royal moves last: the same first match
        chosen = next((o for o in _map_steps(g, n) if o[0] == dest and o[1] == via), None)
        options = destinations(g, n) if chosen is None else []   # the whole list only for a refusal
    else:
        options = destinations(g, n)
        if via is None:
            match = [o for o in options if o[0] == dest]
            chosen = match[0] if match else None
        else:
            chosen = next((o for o in options if o[0] == dest and o[1] == via), None)
    if chosen is None:
        why = "5.4" if via == "sea" else "5.0"
        if moves_left(g, nid) <= 0:
            raise RuleError("5.0", f"{n.name} has used both moves this phase",
                            code=FiefRefusal.NO_MOVES, legal="done")
        raise RuleError(why, f"{n.name} cannot reach {dest!r} from {n.city} now"
                        + (" (ships sail only on a noble's first move, from the port where it began the round"
                           " or was placed this round)"
                           if via == "sea" else ""), code=FiefRefusal.NO_ROAD,
                        legal=sorted({f"{d} ({v})" for d, v, _ in options}) or "no move")
    dest, via, cost = chosen
    start = n.city
    units = sorted([u.lower() for u in units])
    here = available(g, start, family, nid)
    if nid in g.war.cavalry:   # 5.2: only the Cavalcade's knights ride on
        here = sorted((Counter(here) & Counter(g.war.cavalry[nid])).elements())
    bad = [u for u in units if u not in ("knight", "men", "archer", "crossbow", "bombard")]
    if bad:
        raise RuleError("7.2" if "trebuchet" in bad else "5.0",
                        f"{', '.join(bad)} cannot travel (troops and Bombards only; Trebuchets stay where built)",
                        code=FiefRefusal.UNIT_TYPE, legal=sorted(set(here)) or "no units")
    if units and not _within(units, here):
        raise RuleError("5.0", f"{n.name} can take only units of the family here that did not move with another "
                        "noble", code=FiefRefusal.UNITS, legal=here or "none")
    if via == "royal" and units:
        raise RuleError("5.0", "the Royal move is for nobles without troops",
                        code=FiefRefusal.ROYAL_TROOPS, legal="troops:")
    stormy = [] if nid in g.war.passage or not storm_seas(g) else storm_regions(g, start, dest, via)
    if stormy:   # 2.5: no movement within, into or out of a Storms region (Passage excepted, 10.2)
        where = " and ".join(MAP.regions[r].name for r in stormy)
        raise RuleError("5.5" if via == "sea" else "2.5",
                        f"Storms over {where} forbid every move within, into or out of it",
                        code=FiefRefusal.STORMS,
                        legal="Good Weather clears Storms; otherwise stay or go another way")
    # 5.0: a noble that met a refusal may not leave the troops that came with it on the outskirts.
    # (a noble obliged to ride on, 5.2 and Ex 5-2, may leave units behind: a Cavalcade leaves a knight)
    if n.outskirts and g.war.moves.get(nid, 0) > 0 and nid not in g.war.must_move:
        came = escort(g, start, family, nid)
        if came and not _within(came, units) and not g.cities[start].controller == family:
            raise RuleError("5.0", f"{n.name} may not abandon the troops that came with it to "
                            f"{start}'s outskirts",
                            code=FiefRefusal.ABANDON, legal=sorted(escort(g, start, family, nid)))
    road = road_name(start, dest, via)
    return Step(nid, family, start, dest, via, cost, tuple(units), road)


def _within(part: list[str], whole: list[str]) -> bool:
    """Every unit of ``part`` is found in ``whole``, counted with repeats (``not Counter(part) - Counter(whole)``
    for the few units of a move)."""
    rest = list(whole)
    for u in part:
        if u not in rest:
            return False
        rest.remove(u)
    return True


def must_ask(g: Fief, step: Step) -> list[str]:
    return permissions_needed(g, g.nobles[step.noble], step.road)


# -- carrying a move out ------------------------------------------------------------------------
def carry_out(state: GameState, g: Fief, step: Step, ask_entry: bool = True) -> None:
    """Move the noble and its units; settle control and the arrival (outskirts, requests)."""
    n = g.nobles[step.noble]
    fam = step.family
    src = g.cities[step.start].stacks.get(fam)
    carried = list(step.units)
    came = escort(g, step.start, fam, n.id)
    came_with = Counter(came) & Counter(carried) if came and carried else None   # 2.5: these may be returning
    if has_disaster(g, MAP.cities[step.start].region, "plague"):
        leave_plague(g, [n.id, *(x.id for x in g.nobles.values() if x.held_by == n.id)], step.start)
    if carried and src is not None:
        for u in carried:
            if u == "bombard":
                src.bombards -= 1
            else:
                src.troops.remove(u)
        src.revealed = False
        if src.empty():
            del g.cities[step.start].stacks[fam]
    old_key = moved_key(step.start, fam, n.id)
    if old_key in g.war.moved:
        left = Counter(g.war.moved[old_key]) - Counter(carried)
        if left:
            g.war.moved[old_key] = sorted(left.elements())
        else:
            del g.war.moved[old_key]
    g.war.moves[n.id] = g.war.moves.get(n.id, 0) + step.cost
    if g.war.passage:
        spend_passage(g, step)
    if n.id in g.war.must_move:
        g.war.must_move = [x for x in g.war.must_move if x != n.id]
    g.war.cavalry.pop(n.id, None)
    for held in g.nobles.values():
        if held.held_by == n.id:
            held.city = step.dest   # 7.6: a captive moves with its captor
    n.city, n.outskirts = step.dest, False
    if carried:
        dst = stack(g, step.dest, fam)
        for u in carried:
            if u == "bombard":
                dst.bombards += 1
            else:
                dst.troops.append(u)
        dst.troops = sort_troops(dst.troops)
        dst.revealed = False
        key = moved_key(step.dest, fam, n.id)
        g.war.moved[key] = sorted(g.war.moved.get(key, []) + carried)
    back = step.via if step.via in ("sea", "royal", "sherwood") else step.start
    g.war.came_from[n.id] = back
    bombards = carried.count("bombard")
    troops = len(carried) - bombards
    state.emit(Event.public("noble.moved", noble=n.id, family=fam, start=step.start, to=step.dest, via=step.via,
                            moves=step.cost, troops=troops, bombards=bombards))
    if step.via != "road":   # make voyages, bandit paths and royal journeys visible in the log
        state.emit(Event.public(f"{step.via}.journey", noble=n.id, family=fam, start=step.start, to=step.dest))
    if troops:
        state.emit(Event.private(g.families[fam].seat, "troops.moved", family=fam, start=step.start,
                                 to=step.dest, units=[u for u in carried if u != "bombard"]))
    left_city(state, g, step.start)
    arrive(state, g, step, back, ask_entry, sorted(came_with.elements()) if came_with else [])


def left_city(state: GameState, g: Fief, city: str) -> None:
    """5.1: a city its controller left empty becomes Independent, or passes to who remains."""
    settle_control(state, g, city)


def invaded(g: Fief, city: str) -> bool:
    return any(a.city == city and not a.gone for a in g.armies.values())


def settle_control(state: GameState, g: Fief, city: str) -> None:
    c = g.cities[city]
    if c.controller is not None and present_in(g, city, c.controller):
        return
    present = occupiers(g, city)
    if invaded(g, city):
        present = []
    before = c.controller
    # Ruling P2-3: the family still inside (else the first in turn order among those left) takes over.
    inside = [f for f in present if _inside(g, city, f)]
    pool = inside or present
    order = g.flow.order
    new = sorted(pool, key=lambda f: order.index(f) if f in order else 99)[0] if pool else None
    c.controller = new
    if new:
        for n in g.nobles.values():
            if n.city == city and n.family == new:
                n.outskirts = False
        st = c.stacks.get(new)
        if st:
            st.outskirts = False
    if before != new:
        state.emit(Event.public("city.control", city=city, family=new, before=before))
        control_changed(state, g, city, new)


def _inside(g: Fief, city: str, family: str) -> bool:
    st = g.cities[city].stacks.get(family)
    if st and not st.empty() and not st.outskirts:
        return True
    return any(n.city == city and n.family == family and n.captor is None and not n.outskirts
               for n in g.nobles.values())


def _others_present(g: Fief, city: str, family: str) -> bool:
    """Another family occupies the city (``occupiers`` but ``family``), asked without the list."""
    for f, st in g.cities[city].stacks.items():
        if f != family and not st.empty():
            return True
    for x in g.nobles.values():
        if x.city == city and x.captor is None and x.family != family:
            return True
    return False


def arrive(state: GameState, g: Fief, step: Step, back: str, ask_entry: bool,
           came_with: list[str]) -> None:
    """5.0/5.1: take an empty city, join one's own, or stand on the outskirts of another's."""
    city, fam = step.dest, step.family
    c = g.cities[city]
    n = g.nobles[step.noble]
    g.war.blocked[f"{city}|{fam}"] = back
    if invaded(g, city):
        # 6.6: a city invaders hold is taken back only by beating them (Phase 7)
        n.outskirts = True
        st = c.stacks.get(fam)
        if st:
            st.outskirts = True
        state.emit(Event.public("noble.outskirts", noble=n.id, family=fam, city=city, controller=None))
        plague_on_entry(state, g, step, came_with)
        return
    if c.controller is None and not _others_present(g, city, fam):
        c.controller = fam
        state.emit(Event.public("city.control", city=city, family=fam, before=None))
        control_changed(state, g, city, fam)
    elif c.controller is None:
        settle_control(state, g, city)
    if c.controller != fam and c.controller is not None:
        inside = _inside(g, city, fam) and (g.cities[city].stacks.get(fam) is None
                                            or not g.cities[city].stacks[fam].outskirts)
        already_in = inside and any(x.city == city and x.family == fam and not x.outskirts and x.id != n.id
                                    for x in g.nobles.values())
        if not already_in:
            n.outskirts = True
            st = c.stacks.get(fam)
            if st:
                st.outskirts = True
            state.emit(Event.public("noble.outskirts", noble=n.id, family=fam, city=city, controller=c.controller))
            if c.building in GATED and ask_entry:
                g.requests.ask(state, "enter", g.families[fam].seat, g.families[c.controller].seat,
                               default=False, noble=n.id, city=city, family=fam, holder=c.controller)
    discover_relic(state, g, n.id, city)
    plague_on_entry(state, g, step, came_with)


def discover_relic(state: GameState, g: Fief, nid: str, city: str) -> None:
    """12.0: a Bishop or Archbishop entering his district's cathedral city, or an Abbess entering any
    cathedral city, turns its relic face up and takes it; behind another family's walls only once let
    inside. Ruling P2-22 (as R9): the relic turned is drawn among all those still face down."""
    n = g.nobles.get(nid)
    c = g.cities[city]
    if n is None or n.captor is not None or not c.hidden_relic or n.outskirts:
        return
    district = MAP.district_of_region(MAP.cities[city].region)
    church = any(t == f"bishop:{district.id}" or t == f"archbishop:{district.id}" for t in n.titles)
    abbess = any(t.startswith("abbess:") for t in n.titles)
    if not (church and district.cathedral == city) and not abbess:
        return
    hidden = [x for x in g.cities.values() if x.hidden_relic]
    relic = state.rng.pick(sorted(x.hidden_relic or "" for x in hidden), why="relic revealed")
    holder = next(x for x in hidden if x.hidden_relic == relic)
    holder.hidden_relic, c.hidden_relic = c.hidden_relic, None
    n.relics.append(relic)
    state.emit(Event.public("relic.discovered", noble=nid, family=n.family, city=city, relic=relic))


def enter(state: GameState, g: Fief, noble: str, city: str) -> None:
    """5.0: the holder let the noble and its family's units inside the city's walls."""
    n = g.nobles.get(noble)
    if n is None or n.city != city or n.captor is not None:
        return
    n.outskirts = False
    st = g.cities[city].stacks.get(n.family)
    if st:
        st.outskirts = False
    state.emit(Event.public("noble.entered", noble=noble, family=n.family, city=city))
    discover_relic(state, g, noble, city)


# -- 2.5 Plague on arrival ----------------------------------------------------------------------
def leave_plague(g: Fief, who: list[str], city: str) -> None:
    """2.5: remember that these nobles or armies were in a plague region they are leaving."""
    region = MAP.cities[city].region
    if has_disaster(g, region, "plague"):
        for x in who:
            if f"{x}|{region}" not in g.war.plague_seen:
                g.war.plague_seen.append(f"{x}|{region}")


def entering_plague(g: Fief, start: str, dest: str) -> bool:
    """2.5: a move into a plague region from a region without plague (moves inside one region, or
    from one plague region into another, do not count)."""
    src, region = MAP.cities[start].region, MAP.cities[dest].region
    return src != region and has_disaster(g, region, "plague") and not has_disaster(g, src, "plague")


def meets_plague(g: Fief, who: str, start: str, dest: str) -> bool:
    """2.5: entering a plague region rolls, except back into a plague region left this round."""
    return entering_plague(g, start, dest) and f"{who}|{MAP.cities[dest].region}" not in g.war.plague_seen


def plague_on_entry(state: GameState, g: Fief, step: Step, came_with: list[str]) -> None:
    """2.5 (ruling P2-5, rough spot 13): entering a plague region, the noble and each captive it
    carries roll the d6 (1-3 dies; inside an Abbey they are sheltered) and half the troops that
    enter (rounded down) are lost, chosen by the owner. A noble going back into the plague region
    it left this round does not roll, nor do the troops that left it with the noble."""
    if not entering_plague(g, step.start, step.dest):
        return
    n = g.nobles[step.noble]
    returning = not meets_plague(g, n.id, step.start, step.dest)
    troops = [u for u in step.units if u != "bombard"]
    if returning:   # the troops that left the region with the noble come back with it
        troops = list((Counter(troops) - Counter(came_with)).elements())
    captives = [x for x in g.nobles.values() if x.held_by == n.id and meets_plague(g, x.id, step.start, step.dest)]
    if len(troops) // 2:
        g.tasks.append(Task("plague", step.family, city=step.dest, count=len(troops) // 2))
    rolling = ([] if returning else [n]) + captives
    sheltered = g.cities[step.dest].building in ("abbey", "royal_abbey") and not n.outskirts
    for x in rolling:
        if sheltered:
            state.emit(Event.public("plague.sheltered", noble=x.id, city=step.dest))
        elif state.rng.roll(6, why=f"plague on arrival: {x.name}") <= 3:
            kill_noble(state, g, x.id, cause="plague")


# -- phase bookkeeping --------------------------------------------------------------------------
def begin_phase(g: Fief) -> None:
    w = g.war
    w.moves.clear()
    w.moved.clear()
    w.passes.clear()
    w.blocked.clear()
    w.must_move.clear()
    w.cavalry.clear()
    w.passage.clear()
    w.plague_seen.clear()   # 2.5: plague regions left count from this round's movement on


def end_phase(g: Fief) -> None:
    w = g.war
    w.moved.clear()
    w.passes.clear()
    w.must_move.clear()
    w.cavalry.clear()


def legal_moves(g: Fief, family: str, only: list[str] | None = None) -> list[tuple[str, str, str, tuple[str, ...]]]:
    """A sample of moves for buttons and random play: (noble, dest, via, units).

    Every move listed passes :func:`check_move` (the random playouts prove it); built directly here
    because it runs on every decision."""
    out: list[tuple[str, str, str, tuple[str, ...]]] = []
    storms = storm_seas(g)
    w = g.war
    royal: list[str] | None = None   # the Royal move's destinations (5.0), found once for the family
    for nid in g.families[family].nobles:
        if only is not None and nid not in only:
            continue
        n = g.nobles[nid]
        city = n.city
        used = w.moves.get(nid, 0)
        if n.captor is not None or city is None or used >= MOVES:
            continue
        pool = tuple(available(g, city, family, nid))
        if nid in w.cavalry:
            pool = tuple(sorted((Counter(pool) & Counter(w.cavalry[nid])).elements()))
        stuck = n.outskirts and used > 0 and g.cities[city].controller != family \
            and nid not in w.must_move and bool(escort(g, city, family, nid))
        ways = list(OVERLAND[city])   # destinations(g, n), with what the family's nobles share asked once
        if used == 0:
            if w.sail_from.get(nid) == city:   # 5.4
                ways += VOYAGES[city]
            if royal is None:   # is_royal_mover asks the family: once for all its nobles
                royal = [name for name, c in g.cities.items() if c.building in ("royal_abbey", "royal_stronghold")] \
                    if is_royal_family(g, family) else []
            ways += [(name, "royal", 2) for name in royal if name != city]
        if storms and nid not in w.passage:   # storm_regions, as a yes or no
            if CITY_SEA[city] in storms:
                ways = []
            else:
                ways = [o for o in ways if CITY_SEA[o[0]] not in storms
                        and (o[1] != "sea" or storms.isdisjoint(VOYAGE_SEAS[city, o[0]]))]
        if stuck or not pool:   # one choice of units: all of them (none for the Royal move)
            out += [(nid, dest, via, pool) for dest, via, _ in ways if not (pool and via == "royal")]
            continue
        choices: list[tuple[str, ...]] = [pool, ()]
        if len(pool) > 2:
            choices.append(pool[: len(pool) // 2])
        for dest, via, _ in ways:
            if via == "royal":
                out.append((nid, dest, via, ()))
            else:
                out += [(nid, dest, via, units) for units in choices]
    return out


# -- 5.2-5.3 Cavalcade --------------------------------------------------------------------------
@dataclass(frozen=True)
class Cavalcade:
    step: Step
    where: str        # here: fight in the city the noble leaves; there: ride in and fight at the destination
    foe: str          # the family fought


def check_cavalcade(g: Fief, family: str, nid: str, dest: str, via: str | None, units: list[str]) -> Cavalcade:
    """5.2: nobles and knights only; a fight to leave (a besieger, a blocked road, a city that refused
    passage) or at the destination held by another family; never on the noble's last move (FAQ)."""
    step = check_move(g, family, nid, dest, via, units)
    if step.via != "road":
        raise RuleError("5.2", "a Cavalcade rides by road", code=FiefRefusal.CAVALCADE_ROAD, legal="via:road")
    if not step.units or any(u != "knight" for u in step.units):
        raise RuleError("5.2", "a Cavalcade is a noble with knights, and knights only",
                        code=FiefRefusal.CAVALCADE_UNITS,
                        legal=",".join(u for u in available(g, step.start, family, nid) if u == "knight") or "none")
    need = must_ask(g, step)
    if need:
        return Cavalcade(step, "here", need[0])
    c = g.cities[dest]
    foe = c.controller
    if foe is None or foe == family or foe not in occupiers(g, dest):
        raise RuleError("5.2", f"nobody to fight: {dest} is not held by another family and the way out is free",
                        code=FiefRefusal.CAVALCADE_FOE, legal="move without cavalcade")
    if moves_left(g, nid) < 2:
        raise RuleError("FAQ", "a Cavalcade cannot fight on the noble's last move",
                        code=FiefRefusal.CAVALCADE_LAST,
                        legal="move without cavalcade")
    return Cavalcade(step, "there", foe)


def walls_between(g: Fief, city: str, family: str, foe: str, noble: str) -> bool:
    """5.2: the defender sits behind walls the cavalcading noble stands outside of."""
    c = g.cities[city]
    if c.building not in DEFENDED or c.controller != foe:
        return False
    st = c.stacks.get(foe)
    foe_inside = bool(st and not st.outskirts and not st.empty())
    return foe_inside and g.nobles[noble].outskirts


# -- 13.4 Bandit Paths --------------------------------------------------------------------------
def bandit_ransom(g: Fief, n: Noble) -> int:
    """13.4: what the Bandits of Sherwood ask of a noble (the same table as Phase 4's ransom)."""
    captor, n.captor = n.captor, "bandits"
    try:
        return ransom_value(n)
    finally:
        n.captor = captor


def robbed(state: GameState, g: Fief, step: Step) -> bool:
    """13.4: every passage through Sherwood rolls the d6; on 1-2 the Bandits stop the noble. The
    noble's family then pays at once or the noble stays their captive (a ``bandits`` task)."""
    n = g.nobles[step.noble]
    roll = state.rng.roll(6, why=f"Sherwood: {n.name}")
    if roll > 2:
        return False
    price = bandit_ransom(g, n)
    state.emit(Event.public("bandits.stopped", noble=n.id, family=step.family, start=step.start, to=step.dest,
                            ransom=price))
    if price == 0:
        return False   # the Bandits ask nothing of the King or Queen
    # the task keeps the move: ``region`` holds the start city, ``options`` the units, ``city`` the destination
    g.tasks.append(Task("bandits", step.family, city=step.dest, count=price, noble=n.id, region=step.start,
                        options=list(step.units)))
    return True


def bandits_take(state: GameState, g: Fief, nid: str, start: str, units: list[str]) -> None:
    """13.4: a noble who cannot pay stays in Sherwood; the Men-at-Arms, Archers (and the rest) of its
    group join the Bandits (back to the stockpile); its Knights wait with it in Sherwood."""
    n = g.nobles[nid]
    fam = n.family
    st = g.cities[start].stacks.get(fam)
    knights = 0
    if st is not None:
        for u in units:
            if u == "bombard":
                st.bombards -= 1
                g.families[fam].stockpile["bombard"] += 1
            else:
                st.troops.remove(u)
                if u == "knight":
                    knights += 1
                else:
                    return_troop(g, fam, u)
        if st.empty():
            del g.cities[start].stacks[fam]
    for held in g.nobles.values():
        if held.held_by == nid:
            release(state, g, held.id, why="captor taken by the Bandits")
    excalibur.fall(state, g, nid)   # 13.2: the sword stays on the road's city
    n.captor, n.held_by, n.city, n.outskirts = "bandits", None, None, False
    g.war.moves[nid] = MOVES
    if knights:
        key = f"{nid}|{fam}"
        g.war.sherwood[key] = g.war.sherwood.get(key, 0) + knights
    state.emit(Event.public("bandits.captive", noble=nid, family=fam, knights=knights,
                            lost=sum(1 for u in units if u != "knight")))
    settle_control(state, g, start)


def settle_sherwood(state: GameState, g: Fief) -> None:
    """13.4 (ruling P2-16): knights waiting in Sherwood join their noble once it is free, in its city;
    if the noble died they go back to the stockpile."""
    for key, knights in sorted(g.war.sherwood.items()):
        nid, fam = key.split("|")
        n = g.nobles.get(nid)
        if n is not None and n.captor == "bandits":
            continue
        del g.war.sherwood[key]
        if n is None or n.city is None:
            g.families[fam].stockpile["knight"] += knights
            continue
        st = stack(g, n.city, n.family)
        st.troops = sort_troops(st.troops + ["knight"] * knights)
        st.revealed = False
        state.emit(Event.public("bandits.knights_return", noble=nid, city=n.city, knights=knights))


def transfer(state: GameState, g: Fief, city: str, old: str, new: str) -> None:
    """5.1 Transfer Control: the holder steps out to the outskirts and the other family moves in."""
    c = g.cities[city]
    c.controller = new
    for fam, out in ((old, True), (new, False)):
        st = c.stacks.get(fam)
        if st is not None:
            st.outskirts = out
    for n in g.nobles.values():   # the two families' free nobles here, in one pass
        if n.city == city and n.captor is None:
            if n.family == old:
                n.outskirts = True
            elif n.family == new:
                n.outskirts = False
    state.emit(Event.public("city.control", city=city, family=new, before=old, why="transfer"))
    control_changed(state, g, city, new)


# -- for PASSAGE (10.2, opportunity/cards.py) ------------------------------------------------------------
PASSAGE_EFFECTS = ("siege", "storms", "pass")


def grant_passage(g: Fief, noble: str, effect: str) -> None:
    """PASSAGE (10.2, opportunity/cards.py): one of its movement effects, for one move of the noble (ruling O-8).

    - ``storms``: the noble's next move into, out of or within a Storms region is allowed (2.5); the
      grant is spent by that move (``carry_out``);
    - ``siege`` (out of its besieged city, 7.9) and ``pass`` (out of a held city or by a blocked road,
      5.0): it leaves the city it stands in once without anyone's leave."""
    n = g.nobles[noble]
    if effect == "storms":
        if noble not in g.war.passage:
            g.war.passage.append(noble)
        return
    for fam in g.families:
        key = f"{noble}|{n.city}|{fam}"
        if key not in g.war.passes:
            g.war.passes.append(key)


def spend_passage(g: Fief, step: Step) -> None:
    """10.2: a Passage in Storms allows one move only: the first move it was needed for spends it."""
    if step.noble in g.war.passage and storm_regions(g, step.start, step.dest, step.via):
        g.war.passage.remove(step.noble)
