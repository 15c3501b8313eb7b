"""The year (p.16): Start of the Year, Spring, Summer, Autumn, Winter, as a small step machine.

Each step either waits for seats (bids, turns, choices) or moves on by itself. :func:`advance`
runs queued effects and automatic steps until the game waits on someone or is over.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Event, GameState, SecretChoices
from engine.okc import allies, clash, councils, endgame
from engine.okc.cards import card, commands, kcard, pack_of
from engine.okc.deck import draw_up
from engine.okc.effects import queue, run_jobs
from engine.okc.hooks import after, hooked, merged
from engine.okc.state import Okc, Placed

SEASON_OF = {
    "start": "start", "bid": "spring", "ally_bids": "spring", "ally_regions": "spring", "resolve_bids": "spring", "heralds": "spring", "region_cards": "spring",
    "spring_actions": "spring", "clash_order": "summer", "day": "summer", "tally": "summer", "tie": "summer",
    "claim": "summer", "after_claim": "summer", "next_region": "summer", "autumn": "autumn",
    "winter": "winter", "cleanup": "winter", "over": "over",
}


def set_step(g: Okc, step: str) -> None:
    g.step = step
    g.season = SEASON_OF.get(step, g.season)


# -- Start of the Year ----------------------------------------------------------------

def order_track(state: GameState) -> None:
    """Most Influence first; seats tied on Influence swap to the reverse of their previous order."""
    g: Okc = state.data
    previous = list(g.order)
    groups: dict[int, list[str]] = {}
    for seat in previous:
        groups.setdefault(g.players[seat].influence, []).append(seat)
    g.order = [s for v in sorted(groups, reverse=True) for s in reversed(groups[v])]
    state.emit(Event.public("okc.order", order=list(g.order)))


def start_of_year(state: GameState) -> bool:
    g: Okc = state.data
    state.emit(Event.public("okc.round", round=g.round))
    for seat in g.order:
        draw_up(state, seat)
    order_track(state)
    begin_bids(state)
    return True


# -- Spring ---------------------------------------------------------------------------

def begin_bids(state: GameState) -> None:
    g: Okc = state.data
    g.revealed_bids = {}
    g.ally_bids = {}
    if allies.start(state, "bid"):
        return
    resume(state, "bid", None)


def resume(state: GameState, key: str, done: str | None) -> None:
    """Let the modules after ``done`` act first at the step ``key`` (``"bid"``, ``"regions"``,
    ``"after_bids"`` or ``"heralds"``, once every Herald stands), in their order; when none still wants to,
    open the step itself. A module that ran a step of its own calls this again with its name when it is over."""
    g: Okc = state.data
    for m in after(g.playing, done):
        if (m.after_bids(state) if key == "after_bids" else m.before_secret(state, key)):
            return
    OPENS[key](state)


def open_bids(state: GameState) -> None:
    """Place Bids (p.17): every seat with a card in hand bids one, face down, at the same time."""
    g: Okc = state.data
    set_step(g, "bid")
    able = [s for s in g.order if s not in g.ally_bids and allies.placement(g, s)[0]]
    g.secret = SecretChoices(f"bid-{g.round}", able) if able else None


def wait_bids(state: GameState) -> bool:
    g: Okc = state.data
    if g.secret is not None and not g.secret.complete:
        return False
    bids = g.secret.reveal(state) if g.secret else {}
    g.secret = None
    for seat, cid in bids.items():
        g.players[seat].hand.remove(cid)
    if g.ally_bids:
        state.emit(Event.public("okc.ally_bids_revealed", bids=dict(g.ally_bids)))
        bids = {s: (g.ally_bids.get(s) or bids[s]) for s in g.order if s in bids or s in g.ally_bids}
        g.ally_bids = {}
    g.revealed_bids = dict(bids)
    rank = {s: i for i, s in enumerate(g.order)}
    g.bid_queue = sorted(bids, key=lambda s: (-card(g, bids[s]).strength, rank[s]))
    set_step(g, "resolve_bids")
    return True


def wait_resolve_bids(state: GameState) -> bool:
    g: Okc = state.data
    if g.bid_queue:
        return False
    repopulate(state)
    g.revealed_bids = {}
    resume(state, "after_bids", None)
    return True


def begin_heralds(state: GameState) -> None:
    """Place Heralds on Locations, in turn order (p.20)."""
    g: Okc = state.data
    g.turn_queue = list(g.order)
    set_step(g, "heralds")


def repopulate(state: GameState) -> None:
    """Fill empty Great Road slots from the top of the Kingdom Deck (p.17)."""
    g: Okc = state.data
    for i, slot in enumerate(g.great_road):
        if not slot and g.kingdom_deck:
            g.great_road[i] = g.kingdom_deck.pop(0)
    state.emit(Event.public("okc.great_road", road=list(g.great_road),
                            top=g.kingdom_deck[0] if g.kingdom_deck else None))


def wait_heralds(state: GameState) -> bool:
    g: Okc = state.data
    if g.turn_queue:
        return False
    resume(state, "heralds", None)      # a module's pieces placed with the Heralds (Legendary Creatures)
    return True


def after_heralds(state: GameState) -> None:
    """Every Herald stands: the Ally declarations, then the Region cards."""
    if not allies.start(state, "regions"):
        resume(state, "regions", None)


def open_region_cards(state: GameState) -> None:
    """Place one face-down card next to each Region (p.21), all seats at once."""
    g: Okc = state.data
    set_step(g, "region_cards")
    able = [s for s in g.order if allies.placement(g, s)[2]]
    g.secret = SecretChoices(f"regions-{g.round}", able) if able else None


def wait_region_cards(state: GameState) -> bool:
    g: Okc = state.data
    if g.secret is not None and not g.secret.complete:
        return False
    placed = g.secret.chosen if g.secret else {}
    counts = {}
    for seat in g.order:
        choice = placed.get(seat) or {}
        for reg in g.regions:
            cid = choice.get(reg.id)
            if cid:
                g.players[seat].hand.remove(cid)
                reg.cards.append(Placed(cid, seat))
        counts[seat] = len(choice)
    g.secret = None
    state.emit(Event.public("okc.region_cards", counts=counts))
    g.turn_queue = list(g.order)
    set_step(g, "spring_actions")
    return True


def wait_actions(next_step: Callable[[GameState], None]) -> Callable[[GameState], bool]:
    def step(state: GameState) -> bool:
        g: Okc = state.data
        if g.turn_queue:
            return False
        next_step(state)
        return True
    return step


def after_spring(state: GameState) -> None:
    set_step(state.data, "clash_order")


# -- Summer ---------------------------------------------------------------------------

def wait_clash_order(state: GameState) -> bool:
    g: Okc = state.data
    return g.regions[0].marker != 0 and _start_summer(state)


def _start_summer(state: GameState) -> bool:
    g: Okc = state.data
    reg = clash.next_region(g)
    assert reg is not None
    clash.start_clash(state, reg)   # the Day step of Summer (the season is Summer since the clash order)
    return True


def after_day(state: GameState) -> None:
    clash.end_day(state)
    set_step(state.data, "tally")


def do_tally(state: GameState) -> bool:
    g: Okc = state.data
    clash.tally(state)
    set_step(g, g.step)
    return True


def wait_tie(state: GameState) -> bool:
    g: Okc = state.data
    if g.secret is not None and not g.secret.complete:
        return False
    played = g.secret.reveal(state) if g.secret else {}
    clash.resolve_tie(state, played)
    set_step(g, g.step)
    return True


def after_claim(state: GameState) -> bool:
    g: Okc = state.data
    clash.finish_clash(state)
    set_step(g, g.step)
    return True


def next_region(state: GameState) -> bool:
    g: Okc = state.data
    reg = clash.next_region(g)
    if reg is not None:
        clash.start_clash(state, reg)
        set_step(g, "day")
        return True
    for p in g.players.values():
        p.governed = p.journeyed = False
    g.turn_queue = list(g.order)
    set_step(g, "autumn")
    return True


# -- Winter ---------------------------------------------------------------------------

def after_autumn(state: GameState) -> None:
    """Winter Effects Step: Councils, Kingdom cards and Active cards' Winter effects, seat by seat in turn order;
    then the modules' Winter effects."""
    g: Okc = state.data
    set_step(g, "winter")
    for seat in g.order:
        for job in councils.council_jobs(g, seat):
            g.jobs.append(job)
        for k in g.players[seat].kingdom:
            queue(g, seat, kcard(g, k).winter, source=f"kingdom:{k}")
        for reg in g.regions:
            for p in reg.cards:
                if p.owner == seat and p.face_up:
                    for cmd in commands(g, p, "winter"):
                        queue(g, seat, cmd.steps, source=f"winter:{p.card}")
    # The modules' Winter effects (the Travelling Town's Trade & Travel, the Near & Far's Travel) come after all
    # the others (ruling W11): queued behind them, in the order of the modules.
    for m in hooked(g.playing, "winter"):
        queue(g, g.order[0], [{"do": "module_winter", "module": m.name}], source=f"module:{m.name}")


def winter(state: GameState) -> bool:
    set_step(state.data, "cleanup")
    return True


def cleanup(state: GameState) -> bool:
    """Heralds home, placed Supporters to the Lost Pile, Active cards discarded (retained ones stay),
    Council cards discarded; then the Round marker moves on (p.33). The modules' own cleanup comes first
    and covers every card leaving play here (the Whispering Tower discards the Boons on all of them)."""
    g: Okc = state.data
    for m in hooked(g.playing, "cleanup"):
        m.cleanup(state)
    g.ally_regions = {}
    for p in g.players.values():
        p.herald = None
        p.used = []
        p.peeked = []
    for reg in g.regions:
        for seat, n in reg.supporters.items():
            g.players[seat].supporters_lost += n
        reg.supporters = {}
        kept = []
        for q in reg.cards:
            if q.retained:
                q.retained = False
                q.gained, q.gained_keywords, q.blanked, q.used = 0, [], False, []
                kept.append(q)
            else:
                g.players[q.owner].discard.append(q.card)
        reg.cards = kept
        reg.marker = reg.clashes = reg.again = 0
        reg.resolved = False
        reg.winner = None
    councils.clear_councils(state)
    state.emit(Event.public("okc.cleanup", round=g.round))
    g.history.append({s: g.players[s].influence for s in g.order})
    g.round += 1
    if g.round > g.length:
        endgame.finish(state)
        set_step(g, "over")
        return False
    set_step(g, "start")
    return True


def after_allies(key: str) -> Callable[[GameState], bool]:
    """Once every Ally holder has declared, the modules and then the simultaneous step follow."""
    def step(state: GameState) -> bool:
        if state.data.turn_queue:
            return False
        resume(state, key, None)
        return True
    return step


# What ``resume`` opens at each key once no module wants to act first.
OPENS: dict[str, Callable[[GameState], None]] = {
    "bid": open_bids, "regions": open_region_cards, "after_bids": begin_heralds, "heralds": after_heralds,
}

AUTO: dict[str, Callable[[GameState], bool]] = {
    "start": start_of_year,
    "ally_bids": after_allies("bid"),
    "ally_regions": after_allies("regions"),
    "bid": wait_bids,
    "resolve_bids": wait_resolve_bids,
    "heralds": wait_heralds,
    "region_cards": wait_region_cards,
    "spring_actions": wait_actions(after_spring),
    "clash_order": wait_clash_order,
    "day": wait_actions(after_day),
    "tally": do_tally,
    "tie": wait_tie,
    "claim": lambda state: False,
    "after_claim": after_claim,
    "next_region": next_region,
    "autumn": wait_actions(after_autumn),
    "winter": winter,
    "cleanup": cleanup,
    "over": lambda state: False,
}


_TABLES: dict[object, dict[str, Callable[[GameState], bool]]] = {}


def steps_for(g: Okc) -> dict[str, Callable[[GameState], bool]]:
    """This game's step machine: the base steps and those of its active modules."""
    return merged(AUTO, g.playing, "steps", _TABLES)


def advance(state: GameState) -> None:
    """Run effects and automatic steps until somebody must decide or the game is over."""
    g: Okc = state.data
    steps = steps_for(g) if g.modules else AUTO
    for _ in range(10_000):
        if g.choice is not None or g.over:
            return
        if g.jobs:
            run_jobs(state)
            continue
        if not steps[g.step](state):
            return
    raise RuntimeError("the step machine did not settle")


__all__ = ["advance", "pack_of"]
