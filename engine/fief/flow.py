"""The round and its phases (1.0, 8.0): a small state machine.

Steps wait for one actor at a time (a family, or a player in the draw step) in turn order;
automatic steps (disaster resolution, income, end of round) run inside :func:`advance`. Tasks
(plague losses, a title to bestow, a freed captive's city) interrupt whatever step is running.

Hooks for the phases that later issues fill in: :func:`phase1_politics` (marriages, elections,
Parliament), :func:`phase5_movement`, :func:`phase6_invaders`, :func:`phase7_battles`. Each returns
the name of a step that waits for decisions, or None to pass straight on.
"""

from __future__ import annotations

from engine.core import Event, GameState
from engine.fief import cards, disasters, income, pigeons, purchase, ransom, victory
from engine.fief.components import C
from engine.fief.retainers import refresh
from engine.fief.setup import roll_start_region, turn_order
from engine.fief.state import Fief, Task, active_family
from engine.fief.succession import give_title

PHASES = {0: "Setup", 1: "Hear Ye, Hear Ye", 2: "Cards", 3: "Income", 4: "Purchase", 5: "Movement",
          6: "Invaders", 7: "Battles", 8: "End of Round"}
STEP_NAMES = {"draw": "discard and draw", "play": "play cards", "scorch": "scorched earth", "ransom": "ransoms",
              "purchase": "purchases", "move": "moves", "parley": "parley with invaders",
              "invaders": "invaders move", "battle": "battles", "pillage": "pillage"}
TURN_STEPS = ("start", "draw", "play", "scorch", "ransom", "purchase", "move", "parley", "battle", "pillage")


def label(g: Fief) -> str:
    f = g.flow
    if f.over:
        return "Game over"
    if f.phase == 0:
        return "Setup: starting cities"
    step = STEP_NAMES.get(f.step)
    return f"Round {f.round}, Phase {f.phase}: {PHASES[f.phase]}" + (f" - {step}" if step else "")


def actors(g: Fief, step: str) -> list[str]:
    """Who acts in a turn step, in turn order (family ids; the draw step: each player's first family)."""
    order = g.flow.order
    if step == "draw":
        seen: list[str] = []
        for fam in order:
            if g.families[fam].seat not in [g.families[x].seat for x in seen]:
                seen.append(fam)
        return seen
    if step == "scorch":
        return [f for f in order if income.scorch_cities(g, f)]
    if step == "ransom":
        return [f for f in order if ransom.captives_of(g, f)]
    if step == "parley":
        from engine.fief.invaders import parley_families
        return parley_families(g)
    return list(order)


def begin(state: GameState, step: str, phase: int | None = None) -> None:
    g: Fief = state.data
    if phase is not None:
        g.flow.phase = phase
    g.flow.step = step
    g.flow.turn = 0
    g.flow.queue = actors(g, step) if step in TURN_STEPS else []
    _expire_requests(state, g)
    state.emit(Event.public("step.begun", round=g.flow.round, phase=g.flow.phase, step=step, label=label(g)))


def _expire_requests(state: GameState, g: Fief) -> None:
    for r in list(g.requests.open):
        g.requests.open.remove(r)
        state.emit(Event.public("request.expired", request=r.id, what=r.kind))
        if r.kind == "ransom":
            ransom.refund(state, g, r.payload)
        if r.kind == "royal_stronghold":
            g.players[g.families[r.payload["family"]].seat].shillings += r.payload["cost"]


def end_turn(state: GameState) -> None:
    g: Fief = state.data
    if g.flow.step == "purchase":
        fam = active_family(g)
        if fam:
            purchase.settle_sieges(state, g, fam)
    g.flow.turn += 1
    advance(state)


def current_actor(g: Fief) -> str | None:
    if g.flow.step not in TURN_STEPS:
        return None
    queue = g.flow.queue
    return queue[g.flow.turn] if g.flow.turn < len(queue) else None


def advance(state: GameState) -> None:
    """Run automatic steps until somebody must decide."""
    g: Fief = state.data
    while not g.flow.over:
        prune_tasks(state, g)
        if g.tasks:
            return
        step = g.flow.step
        if step in TURN_STEPS:
            actor = current_actor(g)
            if actor is not None:
                if step == "start" and g.random_start and g.flow.start_region is None:
                    roll_start_region(state, g)
                return
        _next(state, g, step)


def prune_tasks(state: GameState, g: Fief) -> None:
    """Drop or trim tasks that later events overtook (a listed heir died in the same Plague...)."""
    kept: list[Task] = []
    for t in g.tasks:
        if t.kind == "bestow":
            t.options = [n for n in t.options if n in g.nobles and g.nobles[n].family == t.family]
            if len(t.options) == 1:
                give_title(state, g, t.region or "", t.options[0])
                continue
            if not t.options:
                state.emit(Event.public("title.to_deck", title=f"lord:{t.region}"))
                continue
        elif t.kind == "plague":
            st = g.cities[t.city or ""].stacks.get(t.family)
            if st is None or not st.troops:
                continue
            t.count = min(t.count, len(st.troops))
        elif t.kind == "release" and (t.noble not in g.nobles or g.nobles[t.noble or ""].captor is not None):
            continue
        elif t.kind == "parley":
            from engine.fief.invaders import parley_pending
            if not parley_pending(g, t.family, t.city or ""):
                continue
        kept.append(t)
    g.tasks = kept


def _next(state: GameState, g: Fief, step: str) -> None:
    """Leave ``step`` for the next one."""
    if step == "start":
        begin_round(state, g)
    elif step == "phase1":
        cards.reset_draws(g)
        begin(state, "draw", 2)
    elif step == "draw":
        begin(state, "resolve", 2)
        disasters.resolve_track(state, g)
    elif step == "resolve":
        begin(state, "play", 2)
    elif step == "play":
        begin(state, "income", 3)
        income.collect(state, g)
        begin(state, "scorch", 3)
    elif step == "scorch":
        begin(state, "ransom", 4)
    elif step == "ransom":
        begin(state, "purchase", 4)
    elif step == "purchase":
        for c in g.cities.values():
            for st in c.stacks.values():
                st.new = 0
        _after(state, g, 5)
    elif step in ("phase5", "move"):
        from engine.fief import warplay
        warplay.end_movement(state, g)
        _after(state, g, 6)
    elif step == "parley":
        begin(state, "invaders", 6)
    elif step == "invaders":
        from engine.fief import warplay
        if warplay.run_invaders(state, g):
            _after(state, g, 7)
    elif step == "phase6":
        _after(state, g, 7)
    elif step == "battle":
        from engine.fief import warplay
        warplay.end_battles(state, g)
        warplay.begin_pillage(state, g)
    elif step in ("phase7", "pillage"):
        end_round(state, g)
    else:  # pragma: no cover - every step is listed above
        raise AssertionError(f"unknown step {step}")


def _after(state: GameState, g: Fief, phase: int) -> None:
    hook = {5: phase5_movement, 6: phase6_invaders, 7: phase7_battles}[phase]
    begin(state, f"phase{phase}", phase)
    waiting = hook(state, g)
    if waiting:
        g.flow.step = waiting


def begin_round(state: GameState, g: Fief) -> None:
    # 5.4: a noble sails this round only from the port it stands in now (or where it is placed, 2.11)
    from engine.fief.state import MAP
    g.war.sail_from = {n.id: n.city for n in g.nobles.values()
                       if n.city and n.captor is None and MAP.cities[n.city].port}
    state.emit(Event.public("round.begun", round=g.flow.round, first=g.flow.first))
    begin(state, "phase1", 1)
    waiting = phase1_politics(state, g)
    if waiting:
        g.flow.step = waiting


# -- hooks for the phases of later issues ----------------------------------------------------
def phase1_politics(state: GameState, g: Fief) -> str | None:
    """Phase 1 (9.0-9.3): skipped in Round 1; marriages, elections and Parliament come later."""
    return None


def phase5_movement(state: GameState, g: Fief) -> str | None:
    """Phase 5 (5.0-5.5): each family moves in turn order (warplay.py, movement.py)."""
    from engine.fief import warplay
    return warplay.begin_movement(state, g)


def phase6_invaders(state: GameState, g: Fief) -> str | None:
    """Phase 6 (6.0-6.13): reinforcements, landings, parley, then moves and battles (invaders.py)."""
    from engine.fief import warplay
    return warplay.begin_invaders(state, g)


def phase7_battles(state: GameState, g: Fief) -> str | None:
    """Phase 7 (7.0-7.10): battles in turn order, then pillage (warplay.py, battle/, pillage.py)."""
    from engine.fief import warplay
    return warplay.begin_battles(state, g)


# -- end of round (8.0) --------------------------------------------------------------------
def end_round(state: GameState, g: Fief) -> None:
    begin(state, "end", 8)
    # Cards on the map are discarded (2.10), except the Round 1 disasters still waiting (2.4).
    for sea, lying in g.seas.items():
        keep = [c for c in lying if not c.active]
        for c in lying:
            if c.active:
                g.fortune_discard.append(c.card)
        g.seas[sea] = keep
    refresh(g)
    for fam in g.families.values():
        fam.treasures = C.markers["treasures"]
    for offer in g.offers.open:
        pigeons.give_back(g, offer)
    g.offers.expire_all(state, "end of round")
    state.emit(Event.public("round.ended", round=g.flow.round))
    outcome = victory.check(g)
    if outcome:
        g.flow.over = True
        g.flow.winners, g.flow.reason = outcome
        g.flow.step = "over"
        state.emit(Event.public("game.over", winners=g.flow.winners, reason=g.flow.reason,
                                vp={s: victory.seat_vp(g, s) for s in g.players}))
        return
    g.flow.round += 1
    seats = list(g.players)
    g.flow.first = seats[(seats.index(g.flow.first) + 1) % len(seats)]
    g.flow.order = turn_order(g, g.flow.first)
    begin_round(state, g)


