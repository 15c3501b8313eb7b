"""Whispering Tower (Wild Kingdom, complexity 3): a piece that must be Visited, and its Boons.

Claiming the reward of the Location the tower stands on Visits it instead (must-Visit). A Visit explores
the levels in order, each at most once, leaving after any: the Entrance (take its Boon), the Labyrinth
(look at its two Boons, keep one, give the other to an opponent), the Pinnacle (pay 1 Lore, take its
three Boons, discard two from your Boons). Then the explored levels are refilled from the Boon stack (the
discard reshuffled when it runs out) and the visitor moves the tower to a Location in another Region.

Boons are hidden: only their owner knows them (the private view). As an Action, a player places Boons
on their face-down cards next to Regions (at most two per card); they are revealed with the card. An
If-you-win Boon pays its owner when that side wins the clash; an Empowering Boon gives Strength, traits,
commands and After-clash effects, all resolved after the clash and before rewards. Boons go to the
discard when their card stops being Active, and at cleanup.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from engine.core import Action, ActionSpec, Event, GameState, Param, RuleError
from engine.okc.modules.api import (
    EffectHandler,
    Job,
    Module,
    ModulePack,
    Okc,
    OkcRefusal,
    Placed,
    act,
    ask,
    awaited_turn,
    move_piece,
    move_targets,
    opponents,
    region,
    safe_regions,
    starting_location,
)
from engine.okc.modules.whispering_tower import words
from engine.okc.modules.whispering_tower.state import NAME, PIECE, boon, content, tower

SECTION = "Wild Kingdom: Whispering Tower"
LEVELS = {"entrance": 1, "labyrinth": 2, "pinnacle": 3}
MAX_ON_CARD = 2
CHOICES = frozenset({"tower_level", "tower_keep", "tower_give", "tower_discard", "tower_move", "tower_visit"})


def draw_boons(state: GameState, n: int) -> list[str]:
    """Take ``n`` Boons off the stack, shuffling the discard into a new stack when it runs out."""
    g: Okc = state.data
    t = tower(g)
    out: list[str] = []
    while len(out) < n:
        if not t["stack"]:
            if not t["discard"]:
                break
            t["stack"], t["discard"] = list(t["discard"]), []
            state.rng.shuffle(t["stack"], why="boon stack")
            state.emit(Event.public("okc.boons_reshuffled", size=len(t["stack"])))
        out.append(t["stack"].pop(0))
    return out


def repopulate(state: GameState) -> None:
    """Refill every level to its number of Boons (Repopulate the Tower)."""
    t = tower(state.data)
    for level, n in LEVELS.items():
        t["levels"][level] += draw_boons(state, n - len(t["levels"][level]))


def give(state: GameState, seat: str, boons: list[str], why: str, by: str = "") -> None:
    """Boons join ``seat``'s Boons: the public learns how many, the seat (by DM) which, and from whom
    when another player hands it over (``by``)."""
    tower(state.data)["supply"][seat] += boons
    state.emit(Event.public("okc.boons_gained", seat=seat, count=len(boons), why=why))
    more = {"by": by} if by else {}
    state.emit(Event.private(seat, "okc.boons_gained.names", seat=seat, boons=list(boons), why=why, **more))


def discard_boons(state: GameState, placed: Placed, rid: str, why: str) -> None:
    if not placed.boons:
        return
    g: Okc = state.data
    gone = list(placed.boons)
    placed.boons = []
    tower(g)["discard"] += gone
    if placed.face_up:
        for bid in gone:
            for k in boon(bid).keywords:
                if k in placed.gained_keywords:
                    placed.gained_keywords.remove(k)
    state.emit(Event.public("okc.boons_discarded", seat=placed.owner, card=placed.card, region=rid,
                            boons=gone if placed.face_up else [], count=len(gone), why=why))


# -- the Visit, level by level (effect steps) ---------------------------------------------------

def s_tower(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any], answer: Any) -> None:
    """Explore the next level or leave; leaving repopulates the tower and moves it."""
    g: Okc = state.data
    t = tower(g)
    done: list[str] = step.get("explored", [])
    following = [lv for lv in LEVELS if lv not in done][:1]
    options = [lv for lv in following if lv != "pinnacle" or g.players[seat].lore >= 1]
    if not done:
        answer = "entrance"                     # every Visit begins at the Entrance
    elif answer is None:
        if options:
            ask(g, seat, "tower_level", "climb on or leave the tower", [*options, "leave"], step, ctx)
            return
        answer = "leave"
    if answer == "leave":
        repopulate(state)
        state.emit(Event.public("okc.tower_left", seat=seat, explored=list(done)))
        g.jobs.insert(0, Job(seat, [{"do": "tower_move"}], dict(ctx)))
        return
    level = str(answer)
    state.emit(Event.public("okc.tower_level", seat=seat, level=level))
    nxt = {"do": "tower", "explored": [*done, level]}
    steps: list[dict[str, Any]] = []
    if level == "entrance":
        found, t["levels"]["entrance"] = t["levels"]["entrance"], []
        give(state, seat, found, "entrance")
    elif level == "labyrinth":
        steps.append({"do": "tower_keep"})
    else:
        g.players[seat].lore -= 1
        found, t["levels"]["pinnacle"] = t["levels"]["pinnacle"], []
        give(state, seat, found, "pinnacle")
        steps += [{"do": "tower_discard"}, {"do": "tower_discard"}]
    g.jobs.insert(0, Job(seat, [*steps, nxt], dict(ctx)))


def s_keep(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any], answer: Any) -> None:
    """The Labyrinth: look at both Boons, keep one; the other goes to an opponent."""
    g: Okc = state.data
    t = tower(g)
    found: list[str] = t["levels"]["labyrinth"]
    if answer is None and len(found) > 1:
        state.emit(Event.private(seat, "okc.boons_seen", seat=seat, boons=list(found)))
        ask(g, seat, "tower_keep", "keep which Boon", sorted(set(found)), step, ctx)
        return
    if not found:
        return
    kept = str(answer) if answer is not None else found[0]
    rest = list(found)
    rest.remove(kept)
    t["levels"]["labyrinth"] = []
    give(state, seat, [kept], "labyrinth")
    if rest:
        g.jobs.insert(0, Job(seat, [{"do": "tower_give", "boon": rest[0]}], dict(ctx)))


def s_give(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any], answer: Any) -> None:
    g: Okc = state.data
    others = opponents(g, seat)
    if answer is None and len(others) > 1:
        ask(g, seat, "tower_give", "give the other Boon to which opponent", others, step, ctx)
        return
    to = str(answer) if answer is not None else others[0]
    state.emit(Event.public("okc.boon_passed", seat=seat, to=to))
    give(state, to, [step["boon"]], "gift", by=seat)


def s_discard(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any], answer: Any) -> None:
    """The Pinnacle: discard a Boon of your own (done twice)."""
    g: Okc = state.data
    mine: list[str] = tower(g)["supply"][seat]
    if not mine:
        return
    if answer is None and len(set(mine)) > 1:
        ask(g, seat, "tower_discard", "discard which Boon", sorted(set(mine)), step, ctx)
        return
    gone = str(answer) if answer is not None else mine[0]
    mine.remove(gone)
    tower(g)["discard"].append(gone)
    state.emit(Event.public("okc.boon_discarded", seat=seat))


def s_move(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any], answer: Any) -> None:
    """After a Visit the visitor moves the tower to a Location in another Region."""
    g: Okc = state.data
    options = move_targets(g, PIECE)
    if answer is None:
        ask(g, seat, "tower_move", "move the tower to which Location", options, step, ctx)
        return
    move_piece(state, seat, PIECE, str(answer))


def s_visit_tower(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any], answer: Any) -> None:
    """A Boon's reward: you may Visit the tower, wherever it stands."""
    g: Okc = state.data
    if answer is None:
        ask(g, seat, "tower_visit", "visit the Whispering Tower", ["visit"], step, ctx, optional=True)
        return
    if answer == "visit":
        state.emit(Event.public("okc.visit", seat=seat, piece=PIECE, location=g.pieces[PIECE], must=False))
        start_visit(state, seat)


def start_visit(state: GameState, seat: str) -> None:
    state.emit(Event.public("okc.tower_visited", seat=seat))
    state.data.jobs.insert(0, Job(seat, [{"do": "tower"}], {"source": "whispering_tower"}))


# -- Boons on cards ----------------------------------------------------------------------------

def hosts(g: Okc, seat: str) -> list[tuple[str, Placed]]:
    """The seat's face-down cards next to Regions that can take another Boon."""
    return [(r.id, p) for r in g.regions if not r.resolved for p in r.cards
            if p.owner == seat and not p.face_up and len(p.boons) < MAX_ON_CARD]


def placement_options(g: Okc, seat: str) -> list[Action]:
    mine = sorted(set(tower(g)["supply"].get(seat, [])))
    if not mine:
        return []
    regions = sorted({rid for rid, _ in hosts(g, seat)}, key=[r.id for r in g.regions].index)
    return [act("boon", region=rid, boon=b) for rid in regions for b in mine]


class WhisperingTower(Module):
    name = NAME
    title = "Whispering Tower"
    complexity = 3
    order: ClassVar[int] = 50
    pieces: ClassVar[dict[str, str]] = {PIECE: "Whispering Tower"}
    must_visit: ClassVar[bool] = True
    actions: ClassVar[dict[str, ActionSpec]] = {
        "boon": ActionSpec("boon", "Place one of your Boons face down on your face-down card next to a Region "
                           "(Action; at most two per card)", (Param("region"), Param("boon")), SECTION,
                           secret=True)}
    effects: ClassVar[dict[str, EffectHandler]] = {
        "tower": s_tower, "tower_keep": s_keep, "tower_give": s_give, "tower_discard": s_discard,
        "tower_move": s_move, "visit_tower": s_visit_tower}

    def content(self) -> ModulePack:
        return content()

    def setup(self, state: GameState) -> None:
        g: Okc = state.data
        stack = sorted(content().boons)
        state.rng.shuffle(stack, why="boon stack")
        g.extra[NAME] = {"stack": stack, "discard": [], "levels": {lv: [] for lv in LEVELS},
                         "supply": {s: [] for s in g.order}}
        starting_location(state, PIECE)
        t = tower(g)
        for level in ("pinnacle", "labyrinth", "entrance"):       # Setup III: A, B, C
            t["levels"][level] = draw_boons(state, LEVELS[level])

    def visit(self, state: GameState, seat: str, piece: str) -> None:
        start_visit(state, seat)

    # -- the Boon Action ----------------------------------------------------------------------------
    def legal(self, state: GameState, seat: str) -> list[Action]:
        g: Okc = state.data
        if g.choice is not None or g.step not in ("spring_actions", "day") or awaited_turn(g) != seat:
            return []
        return placement_options(g, seat)

    def play(self, state: GameState, seat: str, action: Action) -> None:
        g: Okc = state.data
        if g.choice is not None or g.step not in ("spring_actions", "day") or awaited_turn(g) != seat:
            raise RuleError(SECTION, "Boons are placed as an Action, on your turn in the Spring or Day Action Step",
                            code=OkcRefusal.PHASE, legal="pass")
        rid, bid = action.get("region"), action.get("boon")
        if bid not in tower(g)["supply"][seat]:
            raise RuleError(SECTION, "that Boon is not one of yours", code=OkcRefusal.NOT_YOURS,
                            legal=sorted(set(tower(g)["supply"][seat])) or "no Boons")
        host = next((p for r, p in hosts(g, seat) if r == rid), None)
        if host is None:
            raise RuleError(SECTION, "Boons go on your face-down cards next to Regions, at most two per card",
                            code=OkcRefusal.NO_CARD, legal=sorted({r for r, _ in hosts(g, seat)}) or "no card")
        tower(g)["supply"][seat].remove(bid)
        host.boons.append(bid)
        state.emit(Event.public("okc.boon_placed", seat=seat, region=rid))

    # -- revealed, resolved, discarded ------------------------------------------------------------------
    def reveal(self, state: GameState, region: str, cards: list[Any]) -> None:
        for p in cards:
            if not p.boons:
                continue
            for bid in p.boons:
                p.gained_keywords += [k for k in boon(bid).keywords if k not in p.gained_keywords]
            state.emit(Event.public("okc.boons_revealed", seat=p.owner, card=p.card, region=region,
                                    boons=list(p.boons)))

    def strength(self, state: GameState, seat: str, rid: str) -> int:
        reg = region(state.data, rid)
        return sum(boon(b).strength for p in reg.cards if p.owner == seat and p.face_up for b in p.boons)

    def clash_resolved(self, state: GameState, rid: str, winner: str | None) -> None:
        """If-you-win Boons of the winner's Active cards here, then every After-clash effect, in turn order."""
        g: Okc = state.data
        reg = region(g, rid)
        for seat in g.order:
            for p in [q for q in reg.cards if q.owner == seat and q.face_up and q.boons]:
                for bid in list(p.boons):
                    b = boon(bid)
                    steps = b.steps if b.kind == "win" and seat == winner else b.after_clash
                    if steps:
                        state.emit(Event.public("okc.boon_resolved", seat=seat, card=p.card, region=rid, boon=bid))
                        g.jobs.append(Job(seat, [dict(s) for s in steps],
                                          {"region": rid, "card": p.card, "source": f"boon:{bid}"}))

    def inactive(self, state: GameState, placed: Any, rid: str, why: str) -> None:
        discard_boons(state, placed, rid, why)

    def cleanup(self, state: GameState) -> None:
        for reg in state.data.regions:
            for p in reg.cards:
                discard_boons(state, p, reg.id, "cleanup")

    # -- what people see -------------------------------------------------------------------------------
    def view(self, state: GameState, seat: str | None, out: dict[str, Any]) -> None:
        g: Okc = state.data
        t = tower(g)
        out[NAME] = {
            "name": "Whispering Tower", "location": g.pieces[PIECE], "stack": len(t["stack"]), "discard": len(t["discard"]),
            "levels": {lv: len(b) for lv, b in t["levels"].items()},
            "boons": {s: len(t["supply"][s]) for s in g.order},
        }
        for r in out["regions"]:
            reg = region(g, r["id"])
            for s, shown in r["cards"].items():
                mine = [p for p in reg.cards if p.owner == s]
                for view, p in zip(shown, mine, strict=True):
                    if p.boons:
                        view["boons"] = [boon_view(b) for b in p.boons] if p.face_up else len(p.boons)
                        if p.face_up:       # an Empowering Boon's Strength is the card's (it counts in the tally)
                            view["strength"] += sum(boon(b).strength for b in p.boons)
        if seat is not None and seat in g.players:
            # Also as ``private.boons``: the private board draws them (renderer/okc).
            out["private"]["boons"] = [boon_view(b) for b in t["supply"][seat]]
            out["private"][NAME] = {
                "boons": [boon_view(b) for b in t["supply"][seat]],
                "facedown": {reg.id: [[boon_view(b) for b in p.boons] for p in reg.cards
                                      if p.owner == seat and not p.face_up] for reg in g.regions},
            }

    def permute(self, state: GameState, rnd: random.Random) -> None:
        """Boons nobody can see: the stack, the levels, the discard, every seat's Boons and those on
        face-down cards whose Region the next action cannot reveal."""

        g: Okc = state.data
        if g.choice is not None and g.choice.kind in CHOICES:
            return
        t = tower(g)
        safe = safe_regions(g)
        hidden = [p for r in g.regions if r.id in safe for p in r.cards if not p.face_up and p.boons]
        pots: list[list[str]] = [t["stack"], t["discard"], *t["levels"].values(), *t["supply"].values(),
                                 *(p.boons for p in hidden)]
        pool = sorted(b for pot in pots for b in pot)   # sorted: what each pot held stays unread
        rnd.shuffle(pool)
        for pot in pots:
            n = len(pot)
            pot[:] = pool[:n]
            pool = pool[n:]

    def words(self, w: Any) -> None:
        words.register(w)


def boon_view(bid: str) -> dict[str, Any]:
    b = boon(bid)
    return {"id": b.id, "name": b.name, "kind": b.kind, "text": b.text}


