"""The round and its phases (1.0, 8.0): one table of steps, run by a small state machine.

Every step of a round is a row of :data:`STEPS`: its phase, whether it waits on each actor in turn
order (a family, or a player in the draw step), what runs as it begins (which may lead straight on
to another step) and which step follows when it is over. Automatic steps (disaster resolution,
income, the invaders' moves, the end of the round) run inside :func:`advance`. Tasks (plague
losses, a title to bestow, a freed captive's city) interrupt whatever step is running.

Phase 1 (Hear Ye, Hear Ye), skipped in Round 1: marriages (9.0), elections (9.1) and Parliament
(9.2, 9.3) in player order (phase1.py says which step follows which).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core import Event, GameState
from engine.fief import requestkinds, victory
from engine.fief.board import excalibur, mercenaries, relics
from engine.fief.cards import deck, disasters, pigeons
from engine.fief.cards.retainers import refresh
from engine.fief.components import C
from engine.fief.crown import marriage, phase1
from engine.fief.estates import income, ransom
from engine.fief.estates.purchase import settle_sieges
from engine.fief.estates.succession import give_title
from engine.fief.setup import roll_start_region, turn_order
from engine.fief.state import MAP, Fief, Task, active_family
from engine.fief.war import invaders
from engine.fief.war import phases as war_phases

PHASES = {0: "Setup", 1: "Hear Ye, Hear Ye", 2: "Cards", 3: "Income", 4: "Purchase", 5: "Movement",
          6: "Invaders", 7: "Battles", 8: "End of Round"}

Hook = Callable[[GameState, Fief], "str | None"]
Actors = Callable[[Fief], "list[str]"]


def _everyone(g: Fief) -> list[str]:
    return list(g.flow.order)


def _drawers(g: Fief) -> list[str]:
    """2.0: each player draws once, as its first family in turn order."""
    seen: list[str] = []
    for fam in g.flow.order:
        if g.families[fam].seat not in [g.families[x].seat for x in seen]:
            seen.append(fam)
    return seen


@dataclass(frozen=True)
class Step:
    """One step of the round.

    ``label`` names it after the phase ("" for a step the players never wait in); ``actors`` is set
    for a step that waits on each of them in turn order; ``opens`` runs once the step has begun and
    may name a step to go straight on to; ``closes`` runs when the step is over and names the next
    step (None: stay, as when the invaders still have to move); ``then`` is the next step when the
    step has no ``closes``."""

    phase: int
    label: str = ""
    actors: Actors | None = None
    opens: Hook | None = None
    closes: Hook | None = None
    then: str = ""


def _go(step: str, run: Callable[[GameState, Fief], object] | None = None) -> Hook:
    """A hook that runs ``run`` (if any) and goes on to ``step``."""
    def hook(state: GameState, g: Fief) -> str:
        if run is not None:
            run(state, g)
        return step
    return hook


def _new_round(state: GameState, g: Fief) -> str:
    """1.0: a new round begins with Phase 1. 5.4: a noble sails this round only from the port it
    stands in now (or where it is placed, 2.11)."""
    g.war.sail_from = {n.id: n.city for n in g.nobles.values()
                       if n.city and n.captor is None and MAP.cities[n.city].port}
    state.emit(Event.public("round.begun", round=g.flow.round, first=g.flow.first))
    return "phase1"


def _phase1(state: GameState, g: Fief) -> str | None:
    """Phase 1 (1.0: not in Round 1): marriages (9.0), elections (9.1), Parliament (9.2, 9.3); phase1.py."""
    return phase1.first(g)


def _resolve(state: GameState, g: Fief) -> None:
    disasters.resolve_track(state, g)


def _end_purchases(state: GameState, g: Fief) -> str:
    for c in g.cities.values():
        for st in c.stacks.values():
            st.new = 0
    return "phase5"


def _invaders_move(state: GameState, g: Fief) -> str | None:
    return "phase7" if invaders.run(state, g) else None


def _end_battles(state: GameState, g: Fief) -> str:
    war_phases.end_battles(state, g)
    return "pillage"


def _end_movement(state: GameState, g: Fief) -> str:
    war_phases.end_movement(state, g)
    return "phase6"


STEPS: dict[str, Step] = {
    "start": Step(0, actors=_everyone, closes=_new_round),
    "phase1": Step(1, opens=_phase1, closes=_go("draw", lambda state, g: deck.reset_draws(g))),
    "marriage": Step(1, "marriages", actors=marriage.suitors, closes=phase1.after_marriages),
    "election": Step(1, "election: candidates", actors=_everyone, closes=phase1.after_candidates),
    "ballot": Step(1, "election: votes", actors=_everyone, closes=phase1.after_ballots),
    "parliament": Step(1, "Parliament", actors=phase1.sovereign_family, closes=phase1.after_parliament),
    "tax_vote": Step(1, "Parliament: the Royal Tax vote", actors=_everyone, closes=phase1.after_tax_vote),
    "royal_tax": Step(1, "the Royal Tax shared out", actors=phase1.sovereign_family, closes=phase1.after_royal_tax),
    "draw": Step(2, "discard and draw", actors=_drawers, then="resolve"),
    "resolve": Step(2, opens=_go("", _resolve), then="play"),
    "play": Step(2, "play cards", actors=_everyone, then="income"),
    "income": Step(3, opens=_go("scorch", income.collect)),
    "scorch": Step(3, "scorched earth", actors=lambda g: [f for f in g.flow.order if income.scorch_cities(g, f)],
                   then="ransom"),
    "ransom": Step(4, "ransoms", actors=lambda g: [f for f in g.flow.order if ransom.captives_of(g, f)],
                   then="purchase"),
    "purchase": Step(4, "purchases", actors=_everyone, closes=_end_purchases),
    "phase5": Step(5, opens=war_phases.begin_movement),
    "move": Step(5, "moves", actors=_everyone, closes=_end_movement),
    "phase6": Step(6, opens=war_phases.begin_invaders),
    "parley": Step(6, "parley with invaders", actors=invaders.parley_families, then="invaders"),
    "invaders": Step(6, "invaders move", closes=_invaders_move),
    "phase7": Step(7, opens=war_phases.begin_battles),
    "battle": Step(7, "battles", actors=_everyone, closes=_end_battles),
    "pillage": Step(7, "pillage", actors=_everyone, then="end"),
    "end": Step(8, opens=lambda state, g: end_round(state, g)),
}
# The steps that wait on the families in turn (a step's ``actors`` set): asked at every decision.
TURN_STEPS = frozenset(s for s, spec in STEPS.items() if spec.actors is not None)


def label(g: Fief) -> str:
    f = g.flow
    if f.over:
        return "Game over"
    if f.phase == 0:
        return "Setup: starting cities"
    spec = STEPS.get(f.step)
    step = spec.label if spec else ""
    return f"Round {f.round}, Phase {f.phase}: {PHASES[f.phase]}" + (f" - {step}" if step else "")


def waits_on_turns(step: str) -> bool:
    return step in TURN_STEPS


def begin(state: GameState, step: str) -> None:
    """Begin ``step`` (its requests of the step before lapse), then run what opens it."""
    g: Fief = state.data
    spec = STEPS[step]
    g.flow.phase = spec.phase
    g.flow.step = step
    g.flow.turn = 0
    g.flow.queue = spec.actors(g) if spec.actors else []
    for r in list(g.requests.open):
        requestkinds.expire(state, g, r)
    state.emit(Event.public("step.begun", round=g.flow.round, phase=g.flow.phase, step=step, label=label(g)))
    if spec.opens is not None:
        following = spec.opens(state, g)
        if following:
            begin(state, following)


def end_turn(state: GameState) -> None:
    g: Fief = state.data
    if g.flow.step == "purchase":
        fam = active_family(g)
        if fam:
            settle_sieges(state, g, fam)
    g.flow.turn += 1
    advance(state)


def current_actor(g: Fief) -> str | None:
    f = g.flow
    if f.step not in TURN_STEPS:   # waits_on_turns, inlined: asked at every decision
        return None
    queue, turn = f.queue, f.turn
    return queue[turn] if turn < len(queue) else None


def advance(state: GameState) -> None:
    """Run automatic steps until somebody must decide."""
    g: Fief = state.data
    while not g.flow.over:
        prune_tasks(state, g)
        if g.tasks:
            return
        step = g.flow.step
        if waits_on_turns(step):
            actor = current_actor(g)
            if actor is not None:
                if step == "start" and g.random_start and g.flow.start_region is None:
                    roll_start_region(state, g)
                return
        spec = STEPS[step]
        following = spec.closes(state, g) if spec.closes else spec.then
        if following:
            begin(state, following)


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
        elif t.kind == "parley" and not invaders.parley_pending(g, t.family, t.city or ""):
            continue
        kept.append(t)
    g.tasks = kept


# -- end of round (8.0) --------------------------------------------------------------------
def end_round(state: GameState, g: Fief) -> str | None:
    """8.0: cards on the map discarded, retainers ready, Treasures back, offers lapse; victory is
    checked (8.5); otherwise the next round begins with the next first player."""
    # Cards on the map are discarded (2.10), except the Round 1 disasters still waiting (2.4).
    for sea, lying in g.seas.items():
        keep = [c for c in lying if not c.active]
        for c in lying:
            if c.active:
                g.fortune_discard.append(c.card)
        g.seas[sea] = keep
    refresh(g)
    phase1.end_of_round(g)
    mercenaries.end_round(state, g)
    relics.new_round(g)
    excalibur.new_round(g)
    for fam in g.families.values():
        fam.treasures = C.markers["treasures"]
    g.opp.burgher_used.clear()   # 11.3: the Burgher's icons are free again
    g.opp.tunnels.clear()
    g.opp.guided.clear()
    for offer in g.offers.open:
        pigeons.give_back(g, offer)
    g.offers.expire_all(state, "end of round")
    state.emit(Event.public("round.ended", round=g.flow.round))
    g.history.append({s: victory.seat_vp(g, s) for s in g.players})
    outcome = victory.check(g)
    if outcome:
        g.flow.over = True
        g.flow.winners, g.flow.reason = outcome
        g.flow.step = "over"
        state.emit(Event.public("game.over", winners=g.flow.winners, reason=g.flow.reason,
                                vp={s: victory.seat_vp(g, s) for s in g.players}))
        return None
    g.flow.round += 1
    seats = list(g.players)
    g.flow.first = seats[(seats.index(g.flow.first) + 1) % len(seats)]
    g.flow.order = turn_order(g, g.flow.first)
    return _new_round(state, g)
