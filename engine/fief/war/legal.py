"""The legal commands and the defaults of phases 5-7 (movement, parley, battles, sieges, pillage),
what is open at any time (the King's interdiction, joining a battle, handing over a city), the
autocomplete of the war commands, and the public view of the war (docs/fief-view.md, "Part II")."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import starmap
from typing import Any

from engine.core import Action
from engine.fief.crown import garter
from engine.fief.flow import current_actor
from engine.fief.state import MAP, Fief, Noble, Task, player_of, present
from engine.fief.war import invaders, movement, pillage
from engine.fief.war.battle import losses, sides, siege

A = Action.of
DONE = A("done")   # actions are immutable: one for every list and default


STEPS = ("move", "parley", "battle", "pillage")


TASKS = ("losses", "battle_next", "spoils", "bandits", "parley")


def step_default(g: Fief, family: str) -> Action:
    if g.flow.step == "move":
        nobles = waiting(g, family)
        for noble, dest, via, units in movement.legal_moves(g, family, only=nobles)[:1] if nobles else ():
            return _move(noble, dest, via, units)
    return DONE


@lru_cache(maxsize=8192)
def _move(noble: str, dest: str, via: str, units: tuple[str, ...]) -> Action:
    """``A("move", noble=, to=, via=, troops=)`` built directly (its arguments in name order). The move
    step lists many of these at every decision, mostly the same ones again: actions are immutable, so
    each is built once and shared (a bounded cache of values, not of any game's state)."""
    return Action("move", (("noble", noble), ("to", dest), ("troops", units), ("via", via)))


def step_actions(g: Fief, seat: str, family: str) -> list[Action]:
    step = g.flow.step
    out: list[Action] = []
    if step == "move":
        must = must_move_left(g, family)   # the same for every move listed: asked once
        if not must:
            out.append(DONE)
        asked = {str(r.payload.get("noble")) for r in g.requests.open if r.kind in ("pass", "cavalcade")} \
            if g.requests.open else set()
        moves = movement.legal_moves(g, family)
        if must or asked:
            out += [_move(noble, dest, via, units) for noble, dest, via, units in moves
                    if not ((must and noble not in g.war.must_move) or noble in asked)]
        else:   # every move listed (the common case)
            out += starmap(_move, moves)
        if not must:
            out += _cavalcades(g, family, asked)
    elif step == "battle":
        out.append(DONE)
        for city in sides.battle_cities(g, family):
            for foe in sides.targets_in(g, city, family):
                if f"{city}|{family}|{foe}" not in g.war.fought:
                    out.append(A("battle", city=city, against=foe))
                    aims = _aims(g, city, foe)
                    if aims and any(t in ("archer", "crossbow") for t in sides.troops(g, city, family)):
                        out.append(A("battle", city=city, against=foe, target=aims[0]))
        for c in siege.besiege_cities(g, family):
            out.append(A("besiege", city=c))
            out += [A("besiege", city=c, trebuchet=t) for t in siege.trebuchet_sources(g, family)[1:]]
    elif step == "parley":
        out.append(DONE)
        out += [A(kind, army=army, noble=noble) for kind, army, noble in invaders.parley_options(g, family)]
    elif step == "pillage":
        out.append(DONE)
        out += [A("pillage", city=c, what=w) for c, w in pillage.options(g, family)]
    if step == "move":   # accepted in the Battle step too; offered once a round, where a siege is reconsidered
        out += [A("lift_siege", city=c) for c in sieges(g, family)]
    return out


def _aims(g: Fief, city: str, foe: str) -> list[str]:
    if foe == sides.INVADERS:
        return [f"leader:{a}" for a in sides.invader_ids(g, city) if g.armies[a].leader]
    return sides.free_nobles(g, city, foe)


def _cavalcades(g: Fief, family: str, asked: set[str]) -> list[Action]:
    out: list[Action] = []
    for nid in g.families[family].nobles:
        n = g.nobles[nid]
        if n.captor is not None or n.city is None or nid in asked or movement.moves_left(g, nid) < 1:
            continue
        st = g.cities[n.city].stacks.get(family)
        if st is None or "knight" not in st.troops:
            continue   # no knight of the family here, so none available to this noble
        knights = tuple([u for u in movement.available(g, n.city, family, nid) if u == "knight"])
        if not knights or not _may_ride(g, family, n, knights):
            continue
        passage = nid in g.war.passage
        for dest in MAP.neighbours(n.city):
            if not _cavalcade_foe(g, family, n, dest):
                continue
            if not passage and movement.storm_regions(g, n.city, dest, "road"):
                continue   # 2.5, as check_move
            out.append(Action("move", (("cavalcade", True), ("noble", nid), ("to", dest), ("troops", knights),
                                       ("via", "road"))))
    return out


def _may_ride(g: Fief, family: str, n: Noble, knights: tuple[str, ...]) -> bool:
    """What :func:`movement.check_move` asks of a road move with all of the noble's available knights
    and depends on the noble alone (after ``_cavalcade_foe``, the rest of ``check_cavalcade`` holds; the
    Storms are asked per road): only the knights of the Cavalcade it won ride on (5.2), and a noble
    refused entry keeps the troops that came with it (5.0)."""
    w = g.war
    if n.id in w.cavalry and w.cavalry[n.id].count("knight") < len(knights):
        return False
    if n.outskirts and w.moves.get(n.id, 0) > 0 and n.id not in w.must_move:
        came = movement.escort(g, n.city or "", family, n.id)
        if (came.count("knight") < len(came) or len(came) > len(knights)) \
                and g.cities[n.city or ""].controller != family:
            return False
    return True


def _cavalcade_foe(g: Fief, family: str, n: Noble, dest: str) -> bool:
    """5.2: someone to fight on the road to ``dest``: a family whose leave the noble needs to go, or
    another family holding ``dest`` with moves to spare (the conditions of ``check_cavalcade`` after
    the move itself, asked first because they are cheap and rarely met)."""
    c = g.cities[dest]
    if c.controller is not None and c.controller != family and movement.moves_left(g, n.id) >= 2 \
            and present(g, dest, c.controller):   # c.controller in movement.occupiers(g, dest)
        return True
    return bool(movement.permissions_needed(g, n, dest))


def waiting(g: Fief, family: str) -> list[str]:
    if not g.war.must_move:
        return []
    asked = {str(r.payload.get("noble")) for r in g.requests.open if r.kind in ("pass", "cavalcade")}
    return [n for n in g.war.must_move if n in g.nobles and g.nobles[n].family == family
            and movement.moves_left(g, n) > 0 and n not in asked]


def must_move_left(g: Fief, family: str) -> bool:
    """5.2, Ex 5-2: a noble that won a Cavalcade or was let through must move on, if it still can."""
    nobles = waiting(g, family)
    if not nobles:
        return False
    return bool(movement.legal_moves(g, family, only=nobles))


def sieges(g: Fief, family: str) -> list[str]:
    return sorted([n for n, c in g.cities.items() if c.siege is not None and c.siege.by == family])


def task_default(g: Fief, t: Task) -> Action:
    if t.kind == "parley":
        return DONE
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
        return [DONE] + [A(kind, army=army, noble=noble) for kind, army, noble in invaders.parley_options(g, t.family)
                              if g.nobles[noble].city == t.city]
    if t.kind == "bandits":
        return [task_default(g, t)]
    if t.kind == "losses":
        b = g.war.battle
        assert b is not None
        side = t.region or t.family
        opts = losses.choices(sides.side_troops(g, b, side), sides.side_nobles(g, b, side), t.count)
        return [A("losses", units=list(o.troops), slay=list(o.slain)) for o in opts]
    if t.kind == "battle_next":
        out = [A("battle_next", choice=c) for c in t.options]
        if "siege" in t.options:   # 7.9: which Trebuchet on the map to destroy (default: the first)
            out += [A("battle_next", choice="siege", trebuchet=c) for c in siege.trebuchet_sources(g, t.family)[1:]]
        b = g.war.battle
        if b is not None and "continue" in t.options:
            st = g.cities[b.city].stacks.get(t.family)
            if st and st.troops and (st.bombards or st.trebuchets):
                out.append(A("battle_next", choice="continue", destroy=True))   # 7.2 tactical destruction
            foes = sides.side_nobles(g, b, sides.other(b, t.family))
            if foes and any(sides.unit_type(u) in ("archer", "crossbow") for u in sides.side_troops(g, b, t.family)):
                out.append(A("battle_next", choice="continue", target=foes[0]))
        out += [A(kind, army=army, noble=noble) for kind, army, noble in invaders.battle_parley(g, t.family)]
        return out
    return [A("spoils", absorb=True), A("spoils", absorb=False)]


def _loss_example(g: Fief, t: Task) -> losses.Allotment:
    b = g.war.battle
    assert b is not None
    side = t.region or t.family
    return losses.example(sides.side_troops(g, b, side), sides.side_nobles(g, b, side), t.count)


_ROYAL = frozenset({"king", "sovereign_queen", "queen"})   # the titles that give the King's interdiction (13.4)


def royal_family_of(g: Fief, seat: str) -> str | None:
    for f in g.players[seat].families:
        for nid in g.families[f].nobles:
            n = g.nobles[nid]
            titles = n.titles   # most nobles hold none: asked first
            if titles and n.captor is None and not _ROYAL.isdisjoint(titles):
                return f
    return None


def anytime_actions(g: Fief, seat: str) -> list[Action]:
    """Commands of this module open whatever the step: the King's interdiction (13.4), handing over
    control of a city (5.1)."""
    if seat not in g.players:
        return []
    out: list[Action] = []
    # 13.4: a royal family with a pigeon may free the bandits' captives (asked first: rarely so)
    fam = royal_family_of(g, seat)
    if fam is not None and g.families[fam].pigeons >= 1:
        out += [A("interdict", captive=n.id) for n in g.nobles.values() if n.captor == "bandits"]
    battle = g.war.battle
    if battle is not None:   # joinable: only in a battle
        out += [A("join", family=f, side=side) for f, side in joinable(g, seat)]
    elif g.flow.phase in (5, 7):
        # a city handed over: movement.occupiers of every city the seat holds but its holder (the
        # cities it holds first, then the nobles standing in them in one pass, then the stacks)
        mine = g.players[seat].families
        held = {name: c.controller for name, c in g.cities.items() if c.controller in mine}
        if not held:
            return out
        others: dict[str, set[str]] = {}
        for n in g.nobles.values():
            city = n.city   # most nobles stand outside the seat's cities: asked first
            if city in held and n.captor is None and held[city] != n.family:
                others.setdefault(city, set()).add(n.family)
        cities = g.cities
        for name, holder in held.items():
            c = cities[name]
            here = others.get(name)
            for f, st in c.stacks.items():
                if f != holder and not st.empty():
                    if here is None:
                        here = others[name] = set()
                    here.add(f)
            if here:
                out += [_transfer(name, f) for f in sorted(here)]
    return out


@lru_cache(maxsize=4096)
def _transfer(city: str, to: str) -> Action:
    """``A("transfer_control", city=, to=)`` built directly and shared (actions are immutable: a bounded
    cache of values, not of any game's state)."""
    return Action("transfer_control", (("city", city), ("to", to)))


def joinable(g: Fief, seat: str) -> list[tuple[str, str]]:
    """7.0: (family, side) a seat's families may join in the battle being fought: families with troops
    or nobles in its city that are not a side's lead; an ally may switch sides (betrayal)."""
    b = g.war.battle
    if b is None or sides.INVADERS in (b.attacker, b.defender) or b.kind != "battle":
        return []
    out: list[tuple[str, str]] = []
    for fam in g.players[seat].families:
        if fam in (b.attacker, b.defender) or not sides.present(g, b.city, fam):
            continue
        for side in (b.attacker, b.defender):
            foe = b.defender if side == b.attacker else b.attacker
            if any(garter.bars(g, fam, b.city, m) for m in sides.members(b, foe)):
                continue   # 13.3: a Knight of the Garter joins no attack on the Sovereign
            if fam not in sides.members(b, side):
                out.append((fam, side))
    return out


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
        return sides.battle_cities(g, fam)
    return []


def view(g: Fief) -> dict[str, Any]:
    """The public state of phases 5-7 (docs/fief-view.md, "Part II")."""
    w = g.war
    b = w.battle
    battle = None
    if b is not None:
        battle = {"city": b.city, "attacker": b.attacker, "defender": b.defender, "kind": b.kind, "round": b.rolls,
                  "stage": b.stage, "penalty": b.penalty, "quiet": b.quiet, "proposal": b.proposal or None,
                  "armies": list(b.armies), "mover": b.mover or None,
                  "sides": {side: {"troops": dict(sorted(Counter(sides.side_troops(g, b, side)).items())),
                                   "nobles": sides.side_nobles(g, b, side),
                                   "strength": sides.side_strength(g, b, side)}
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
