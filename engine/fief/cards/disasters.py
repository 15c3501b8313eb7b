"""Phase 2, action C: resolving the Disaster track (2.4) and the Disaster cards (2.5).

Cards are turned left to right; the first player rolls the d6 for the sea (and so the region)
each lands on. A region holds at most one disaster of each kind: a second is discarded. In
Round 1 the cards lie on their seas without effect and all wake in Round 2's resolution.
Storms, Famine and Invasion act later (movement, income, Phase 6) by lying on the sea; the
Plague strikes at once: every army in the region loses half its troops (rounded down, its owner
chooses which) and every noble rolls the d6, dying on 1-3.
"""

from __future__ import annotations

from engine.core import Event, GameState, RuleError
from engine.fief.cards.deck import reveal_disaster
from engine.fief.cards.retainers import discard_retainer, ready
from engine.fief.components import DISASTERS, TROOP_TYPES, C
from engine.fief.estates.succession import kill_noble
from engine.fief.map import REGION_IDS
from engine.fief.refusals import FiefRefusal
from engine.fief.state import MAP, Fief, SeaCard, Task, return_troop, sort_troops


def resolve_track(state: GameState, g: Fief) -> None:
    """2.4: wake Round 1's cards (from Round 2 on), then turn and place the track's cards."""
    delayed = g.flow.round == 1
    if not delayed:
        for sea in MAP.seas:
            for waking in [c for c in g.seas[sea] if not c.active and c.kind in DISASTERS]:
                waking.active = True
                state.emit(Event.public("disaster.activated", card=waking.card, disaster=waking.kind,
                                        region=MAP.seas[sea].region))
                strike(state, g, MAP.seas[sea].region, waking.kind)
    while g.track:
        card = reveal_disaster(state, g, g.track.pop(0))
        kind = C.card(card).kind
        state.emit(Event.public("disaster.revealed", card=card, disaster=kind))
        region = REGION_IDS[state.rng.roll(6, why=f"{kind}: which sea") - 1]
        sea = MAP.regions[region].sea
        if any(c.kind == kind for c in g.seas[sea]):
            g.fortune_discard.append(card)
            state.emit(Event.public("disaster.discarded", card=card, disaster=kind, region=region, why="same kind"))
            continue
        g.seas[sea].append(SeaCard(card, kind, active=not delayed, round=g.flow.round))
        state.emit(Event.public("disaster.placed", card=card, disaster=kind, region=region, sea=sea,
                                delayed=delayed))
        if not delayed:
            strike(state, g, region, kind)


def strike(state: GameState, g: Fief, region: str, kind: str) -> None:
    if kind == "plague":
        plague(state, g, region)


def plague(state: GameState, g: Fief, region: str) -> None:
    """2.5 PLAGUE: troops halved (rounded down) per army and city; each noble rolls the d6."""
    cities = MAP.regions[region].cities
    for city in cities:
        for fam, st in sorted(g.cities[city].stacks.items()):
            loss = len(st.troops) // 2
            if loss:
                g.tasks.append(Task("plague", fam, city=city, count=loss))
        for army in sorted((a for a in g.armies.values() if a.city == city and not a.gone), key=lambda a: a.id):
            lost = army.foot // 2
            if lost:
                army.foot -= lost
                state.emit(Event.public("invaders.plague", army=army.id, city=city, lost=lost))
    for nid in sorted(n.id for n in g.nobles.values() if n.city in cities):
        n = g.nobles[nid]
        if g.cities[n.city or ""].building in ("abbey", "royal_abbey") and not n.outskirts:
            state.emit(Event.public("plague.sheltered", noble=nid, city=n.city))
            continue
        roll = state.rng.roll(6, why=f"plague: {n.name}")
        if roll > 3:
            continue
        if ready(g, nid, "physician"):
            state.emit(Event.public("plague.cured", noble=nid, by=n.retainer))
            discard_retainer(state, g, nid, why="physician used")
            continue
        kill_noble(state, g, nid, cause="plague")
    for army in sorted((a for a in g.armies.values() if a.city in cities and a.leader and not a.gone),
                       key=lambda a: a.id):
        if state.rng.roll(6, why=f"plague: leader of {army.id}") <= 3:
            army.leader = False
            state.emit(Event.public("invaders.leader_died", army=army.id, city=army.city, cause="plague"))


def plague_default(g: Fief, task: Task) -> list[str]:
    """The cheapest troops first: Men-at-Arms, Archers, Crossbowmen, Knights."""
    troops = g.cities[task.city or ""].stacks[task.family].troops
    order = ("men", "archer", "crossbow", "knight")
    return sorted(troops, key=order.index)[:task.count]


def check_losses(g: Fief, task: Task, units: list[str]) -> None:
    troops = list(g.cities[task.city or ""].stacks[task.family].troops)
    if len(units) != task.count:
        raise RuleError("2.5", f"the Plague takes exactly {task.count} troop(s) in {task.city}",
                        code=FiefRefusal.PLAGUE_COUNT, legal=",".join(plague_default(g, task)))
    for u in units:
        if u not in TROOP_TYPES or u not in troops:
            raise RuleError("2.5", f"no {u!r} left to remove in {task.city}", code=FiefRefusal.PLAGUE_UNITS,
                            legal=sorted(set(troops)))
        troops.remove(u)


def take_losses(state: GameState, g: Fief, task: Task, units: list[str]) -> None:
    st = g.cities[task.city or ""].stacks[task.family]
    for u in units:
        st.troops.remove(u)
        return_troop(g, task.family, u)
    st.troops = sort_troops(st.troops)
    if st.empty():
        del g.cities[task.city or ""].stacks[task.family]
    state.emit(Event.public("plague.losses", family=task.family, city=task.city, units=sorted(units)))
