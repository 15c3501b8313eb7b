"""Nobles taken or slain in battle (7.5, 7.6, 7.8), Invader Leaders falling (6.4), and an invading
army leaving the map, which frees the nobles it held (6.4, 6.7)."""

from __future__ import annotations

from engine.core import Event, GameState
from engine.fief.board import excalibur
from engine.fief.board.mercenaries import only_crossbows
from engine.fief.estates.succession import kill_noble, release
from engine.fief.state import Fief
from engine.fief.war.battle.sides import INVADERS, armies_in, other, side_nobles, side_troops
from engine.fief.war.state import Battle


def doom(g: Fief, b: Battle, side: str, nobles: list[str]) -> None:
    if nobles and side != INVADERS:
        b.doomed[side] = sorted(set(b.doomed.get(side, [])) | set(nobles))


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
    doomed, b.doomed = b.doomed, {}
    for side, nobles in sorted(doomed.items()):
        foe = other(b, side)
        for nid in nobles:
            if nid not in g.nobles or g.nobles[nid].captor is not None:
                continue
            if not side_troops(g, b, foe) and side_nobles(g, b, foe):
                continue  # 7.8 Annihilation: only nobles on both sides
            captor = captor_of(g, b, foe, doomed.get(foe, []))
            if captor and only_crossbows(side_troops(g, b, foe)):
                slay(state, g, b, nid, "mercenaries")   # 11.1: Crossbowmen alone take no captives
            elif captor:
                capture(state, g, b, nid, captor)
            else:
                slay(state, g, b, nid, "no captor")
            b.lost += 1


def capture(state: GameState, g: Fief, b: Battle | None, nid: str, captor: str) -> None:
    """7.6, 6.7: the captive goes with its captor (a noble, or an invader army) and keeps its titles;
    relics it carried are left in the city, or leave the game when invaders take him (12.0); Excalibur
    passes to a noble captor or lies there (13.2)."""
    n = g.nobles[nid]
    excalibur.pass_on(state, g, nid, None if captor.startswith("invaders:") else captor)
    if n.relics and captor.startswith("invaders:"):
        # 12.0: a relic captured by invaders is removed from the game
        g.out_of_game += [f"relic-{r}" for r in n.relics]
        state.emit(Event.public("relic.lost", noble=nid, city=n.city, relics=list(n.relics)))
        n.relics = []
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
    if nid in g.nobles:
        kill_noble(state, g, nid, cause=f"battle: {why}")


def remove_army(state: GameState, g: Fief, army: str, why: str, gone: bool = False) -> None:
    """An army leaves the map (to the box, or out of the game with ``gone``); its captives go free."""
    a = g.armies[army]
    city = a.city
    a.city, a.foot, a.leader, a.outskirts, a.gone = None, 0, True, False, gone
    g.war.garrisons.pop(army, None)
    g.war.landed = [x for x in g.war.landed if x != army]
    state.emit(Event.public("invaders.left", army=army, city=city, why=why, gone=gone))
    for n in [n for n in g.nobles.values() if n.captor == f"invaders:{army}"]:
        release(state, g, n.id, why=f"invaders left ({why})")
