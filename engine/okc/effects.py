"""The effect interpreter: carries out vocabulary steps (engine/okc/content/vocabulary.py).

Effects are queued as :class:`Job` s; the front job's steps run one at a time. A step that
needs a seat's decision stores a :class:`Choice` and stops the queue; the seat's ``choose``
action resumes the same step with the answer. New jobs (spending Lore, discarding after
Attrition) go to the front, so they happen at once. A game's active modules add step kinds
through their ``effects`` table (engine/okc/hooks.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Event, GameState
from engine.core.words import plural
from engine.okc import councils, lore
from engine.okc.board import all_locations
from engine.okc.cards import card, has_keyword, kcard, pack_of
from engine.okc.deck import MIN_HAND_SIZE, draw
from engine.okc.hooks import hooked
from engine.okc.pieces import herald_spots
from engine.okc.state import Choice, Job, Okc, Placed, RegionState

DONE = "done"
Step = dict[str, Any]
Handler = Callable[[GameState, str, dict[str, Any], dict[str, Any], Any], None]


# -- small helpers ---------------------------------------------------------------------

def region(g: Okc, rid: str) -> RegionState:
    for r in g.regions:
        if r.id == rid:
            return r
    raise KeyError(f"no Region {rid!r}")


def source_placed(g: Okc, ctx: dict[str, Any]) -> Placed | None:
    rid, cid = ctx.get("region"), ctx.get("card")
    if not rid or not cid:
        return None
    return next((p for p in region(g, rid).cards if p.card == cid), None)


def allied(g: Okc, seat: str) -> frozenset[str]:
    """Players allied with ``seat`` (Wild Kingdom, Negotiating Table: Alliances); nobody without modules."""
    if not g.modules:
        return frozenset()
    return frozenset().union(*(m.allied(g, seat) for m in hooked(g.playing, "allied")))


def opponents(g: Okc, seat: str) -> list[str]:
    """The players an ability of ``seat`` may target: everyone else but its allies."""
    friends = allied(g, seat)
    return [s for s in g.order if s != seat and s not in friends]


def ask(g: Okc, seat: str, kind: str, prompt: str, options: list[str], step: dict[str, Any],
        ctx: dict[str, Any], *, optional: bool = False, count: int = 1) -> None:
    if optional and DONE not in options:
        options = [*options, DONE]
    g.choice = Choice(seat, kind, prompt, options, optional, count, dict(step), dict(ctx))


def amount(g: Okc, seat: str, value: Any) -> int:
    if isinstance(value, str) and value.startswith("per_suit:"):
        suit = value.split(":", 1)[1]
        return sum(1 for k in g.players[seat].kingdom if kcard(g, k).suit == suit)
    return int(value)


def eliminate(state: GameState, victims: list[Placed], by: str | list[str], rid: str) -> None:
    """Eliminate (p.40-41): Invulnerable cards are immune, Resilient ones go to the discard pile,
    all others to their owner's Lost Pile. All victims leave at once. A card eliminated only by its
    owner's allies is spared (Negotiating Table, Alliances)."""
    g: Okc = state.data
    reg = region(g, rid)
    causes = [by] if isinstance(by, str) else by
    for v in victims:
        others = [c for c in causes if c != v.owner]
        if g.modules and others and all(c in allied(g, v.owner) for c in others):
            state.emit(Event.public("okc.ally_spared", card=v.card, seat=v.owner, region=rid))
            continue
        if has_keyword(g, v, "invulnerable"):
            state.emit(Event.public("okc.immune", card=v.card, seat=v.owner, region=rid))
            continue
        if v not in reg.cards:
            continue
        reg.cards.remove(v)
        to = "discard" if has_keyword(g, v, "resilient") else "lost"
        pile = g.players[v.owner].discard if to == "discard" else g.players[v.owner].lost
        pile.append(v.card)
        state.emit(Event.public("okc.eliminated", card=v.card, seat=v.owner, region=rid, to=to, by=by))
        stopped(state, v, rid, "eliminated")


def stopped(state: GameState, placed: Placed, rid: str, why: str) -> None:
    """A card stopped being Active (p.43): the modules react (Boons on it are discarded)."""
    for m in hooked(state.data.playing, "inactive"):
        m.inactive(state, placed, rid, why)


def take_favour(state: GameState, seat: str) -> None:
    """Take the Kingdom's Favour; it comes with all its uses again (FAQ: reset to III)."""
    g: Okc = state.data
    previous = g.favour_holder
    g.favour_holder = seat
    g.favour_uses = pack_of(g).favour.uses
    state.emit(Event.public("okc.favour", seat=seat, previous=previous, uses=g.favour_uses))


# -- the steps ---------------------------------------------------------------------------

def s_gain(state: GameState, seat: str, step: Step, ctx: Step, answer: Any) -> None:
    g: Okc = state.data
    n = amount(g, seat, step["amount"])
    if step["what"] == "lore":
        lore.gain_lore(state, seat, n, ctx.get("source", "effect"))
    elif n:
        g.players[seat].influence += n
        state.emit(Event.public("okc.influence", seat=seat, amount=n, total=g.players[seat].influence,
                                why=ctx.get("source", "effect")))


def _steal_from(state: GameState, seat: str, victim: str, what: str, n: int, why: str) -> None:
    g: Okc = state.data
    v = g.players[victim]
    taken = min(n, v.influence if what == "influence" else v.lore)
    if what == "influence":
        v.influence -= taken
        g.players[seat].influence += taken
        state.emit(Event.public("okc.stole", seat=seat, victim=victim, what=what, amount=taken, why=why))
    else:
        v.lore -= taken
        state.emit(Event.public("okc.stole", seat=seat, victim=victim, what=what, amount=taken, why=why))
        lore.gain_lore(state, seat, taken, "steal")


def s_steal(state: GameState, seat: str, step: Step, ctx: Step, answer: Any) -> None:
    g: Okc = state.data
    who = step.get("from", "one_opponent")
    why = ctx.get("source", "effect")
    if who == "one_opponent":
        if answer is None:
            ask(g, seat, "steal", f"steal {step['amount']} {step['what']} from whom", opponents(g, seat), step, ctx)
            return
        _steal_from(state, seat, answer, step["what"], step["amount"], why)
        return
    victims = opponents(g, seat)
    if who == "region_opponents" and ctx.get("region"):
        reg = region(g, ctx["region"])
        victims = [s for s in victims if any(p.owner == s for p in reg.cards) or reg.supporters.get(s)]
    for v in victims:
        _steal_from(state, seat, v, step["what"], step["amount"], why)


def s_draw(state: GameState, seat: str, step: Step, ctx: Step, answer: Any) -> None:
    g: Okc = state.data
    n = step["amount"]
    if step.get("optional"):
        if answer is None:
            ask(g, seat, "draw", f"draw up to {n}", [str(i) for i in range(n + 1)], step, ctx)
            return
        n = int(answer)
    draw(state, seat, n)


def _hand_choice(state: GameState, seat: str, kind: str, step: Step, ctx: Step, answer: Any,
                 act: Callable[[str], None], *, optional: bool) -> None:
    """Repeat a one-card-from-hand choice ``step['amount']`` times (or until ``done``)."""
    g: Okc = state.data
    left: int = step["left"] if "left" in step else step["amount"]
    hand = g.players[seat].hand
    if answer is not None:
        if answer == DONE:
            return
        act(answer)
        left -= 1
    if left <= 0 or not hand:
        return
    ask(g, seat, kind, f"{kind} {plural(left, 'card')}", sorted(set(hand)), {**step, "left": left}, ctx,
        optional=optional, count=left)


def s_discard(state: GameState, seat: str, step: Step, ctx: Step, answer: Any) -> None:
    g: Okc = state.data
    p = g.players[seat]

    def act(cid: str) -> None:
        p.hand.remove(cid)
        p.discard.append(cid)
        state.emit(Event.public("okc.discarded", seat=seat, card=cid, why=ctx.get("source", "effect")))

    _hand_choice(state, seat, "discard", step, ctx, answer, act, optional=False)


def s_bottom(state: GameState, seat: str, step: Step, ctx: Step, answer: Any) -> None:
    g: Okc = state.data
    p = g.players[seat]

    def act(cid: str) -> None:
        p.hand.remove(cid)
        p.deck.append(cid)
        state.emit(Event.public("okc.bottomed", seat=seat, deck=len(p.deck)))
        state.emit(Event.private(seat, "okc.bottomed.card", seat=seat, card=cid))

    _hand_choice(state, seat, "bottom", step, ctx, answer, act, optional=True)


def s_eliminate(state: GameState, seat: str, step: Step, ctx: Step, answer: Any) -> None:
    g: Okc = state.data
    rid = ctx.get("region")
    if not rid:
        return
    cap = step.get("max_strength", 99)
    # The cap reads printed Strength: gained Strength does not count against it (p.46).
    foes = opponents(g, seat)
    targets = [p for p in region(g, rid).cards
               if p.owner in foes and p.face_up and card(g, p.card).strength <= cap]
    if step.get("target") == "all_opponents":
        eliminate(state, targets, seat, rid)
        return
    if answer is None:
        if targets:
            ask(g, seat, "eliminate", "eliminate which card", [p.card for p in targets], step, ctx)
        return
    eliminate(state, [p for p in targets if p.card == answer], seat, rid)


def s_blank(state: GameState, seat: str, step: Step, ctx: Step, answer: Any) -> None:
    g: Okc = state.data
    rid = ctx.get("region")
    if not rid:
        return
    foes = opponents(g, seat)
    targets = [p for p in region(g, rid).cards if p.owner in foes and p.face_up and not p.blanked]
    if answer is None:
        if targets:
            ask(g, seat, "blank", "blank which card", [p.card for p in targets], step, ctx)
        return
    for p in targets:
        if p.card == answer:
            p.blanked = True
            state.emit(Event.public("okc.blanked", card=p.card, seat=p.owner, region=rid, by=seat))


def s_burn(state: GameState, seat: str, step: Step, ctx: Step, answer: Any) -> None:
    g: Okc = state.data
    p = g.players[seat]
    target = step["target"]
    if target == "self":
        placed = source_placed(g, ctx)
        if placed is not None:
            region(g, ctx["region"]).cards.remove(placed)
            g.burned.append(placed.card)
            state.emit(Event.public("okc.burned", seat=placed.owner, card=placed.card))
            stopped(state, placed, ctx["region"], "burned")
        return
    pile = p.hand if target == "hand" else p.lost
    if answer is None:
        if pile:
            ask(g, seat, "burn", f"burn a card from your {target}", sorted(set(pile)), step, ctx)
        return
    pile.remove(answer)
    g.burned.append(answer)
    state.emit(Event.public("okc.burned", seat=seat, card=answer))


def s_move_herald(state: GameState, seat: str, step: Step, ctx: Step, answer: Any) -> None:
    g: Okc = state.data
    whose = step.get("whose", "opponent")
    seats = {"opponent": opponents(g, seat), "own": [seat], "any": list(g.order)}[whose]
    # "seat>location" moves the seat's Herald; "seat/module>location" the module's second Herald (Legendary
    # Creatures), never onto a Location where another Herald piece of that seat stands.
    options = []
    for s in seats:
        spots = herald_spots(state, s)
        options += [f"{s}{'/' + piece if piece else ''}>{loc}" for piece in spots
                    for loc in all_locations(g) if loc not in spots.values()]
    if answer is None:
        if options:
            ask(g, seat, "move_herald", "move a Herald (seat>location)", options, step, ctx)
        return
    left, loc = answer.split(">")
    who, _, piece = left.partition("/")
    if piece:
        next(m for m in g.playing if m.name == piece).move_herald(state, seat, who, piece, loc)
        return
    frm = g.players[who].herald
    g.players[who].herald = loc
    state.emit(Event.public("okc.herald_moved", seat=who, by=seat, frm=frm, to=loc))


def s_swap(state: GameState, seat: str, step: Step, ctx: Step, answer: Any) -> None:
    g: Okc = state.data
    p = g.players[seat]
    options = [f"{reg.id}:{i}:{h}" for reg in g.regions for i, q in enumerate(reg.cards)
               if q.owner == seat and not q.face_up for h in sorted(set(p.hand))]
    if answer is None:
        if options:
            ask(g, seat, "swap", "swap region:index:hand card", options, step, ctx, optional=True)
        return
    if answer == DONE:
        return
    rid, idx, cid = answer.split(":")
    q = region(g, rid).cards[int(idx)]
    p.hand.remove(cid)
    p.hand.append(q.card)
    q.card = cid
    state.emit(Event.public("okc.swapped", seat=seat, region=rid))
    state.emit(Event.private(seat, "okc.swapped.cards", seat=seat, region=rid, placed=cid, to_hand=p.hand[-1]))


def s_peek(state: GameState, seat: str, step: Step, ctx: Step, answer: Any) -> None:
    g: Okc = state.data
    foes = opponents(g, seat)
    options = [f"{q.owner}:{reg.id}:{i}" for reg in g.regions for i, q in enumerate(reg.cards)
               if q.owner in foes and not q.face_up]
    if answer is None:
        if options:
            ask(g, seat, "peek", "look at seat:region:index", options, step, ctx)
        return
    who, rid, idx = answer.split(":")
    q = region(g, rid).cards[int(idx)]
    g.players[seat].peeked.append(f"{who}|{rid}|{q.card}")
    state.emit(Event.public("okc.peeked", seat=seat, target=who, region=rid))
    state.emit(Event.private(seat, "okc.peeked.card", target=who, region=rid, card=q.card))


def s_govern(state: GameState, seat: str, step: Step, ctx: Step, answer: Any) -> None:
    g: Okc = state.data
    options = [f"{c}>{k}" for c in sorted(set(councils.govern_cards(g, seat))) for k in g.councils]
    if answer is None:
        if g.players[seat].hand:
            ask(g, seat, "govern", "govern card>council", options, step, ctx, optional=True)
        return
    if answer != DONE:
        cid, council = answer.split(">")
        councils.govern(state, seat, cid, council)


def s_journey(state: GameState, seat: str, step: Step, ctx: Step, answer: Any) -> None:
    g: Okc = state.data
    if answer is None:
        if g.players[seat].hand:
            ask(g, seat, "journey", "journey with which card", sorted(set(lore.journey_cards(g, seat))),
                step, ctx, optional=True)
        return
    if answer != DONE:
        lore.journey(state, seat, answer)


def s_spend(state: GameState, seat: str, step: Step, ctx: Step, answer: Any) -> None:
    """Internal step: the chance to acquire Site of Power cards right after gaining Lore."""
    g: Okc = state.data
    if answer is not None:
        if answer == DONE:
            return
        lore.acquire(state, seat, answer)
    options = lore.affordable(g, seat)
    if options:
        ask(g, seat, "acquire", "acquire a Site of Power card", options, step, ctx, optional=True)


def s_strength(state: GameState, seat: str, step: Step, ctx: Step, answer: Any) -> None:
    g: Okc = state.data
    placed = source_placed(g, ctx)
    if placed is not None:
        placed.gained += step["amount"]
        state.emit(Event.public("okc.strength", card=placed.card, seat=placed.owner, gained=placed.gained))


def s_bonus(state: GameState, seat: str, step: Step, ctx: Step, answer: Any) -> None:
    g: Okc = state.data
    if g.clash is not None:
        n = amount(g, seat, step["amount"])
        g.clash.bonus[seat] = g.clash.bonus.get(seat, 0) + n
        state.emit(Event.public("okc.bonus", seat=seat, region=g.clash.region, amount=n))


def s_grant(state: GameState, seat: str, step: Step, ctx: Step, answer: Any) -> None:
    g: Okc = state.data
    placed = source_placed(g, ctx)
    if placed is not None and step["keyword"] not in placed.gained_keywords:
        placed.gained_keywords.append(step["keyword"])
        state.emit(Event.public("okc.granted", card=placed.card, seat=placed.owner, keyword=step["keyword"]))


def s_recruit(state: GameState, seat: str, step: Step, ctx: Step, answer: Any) -> None:
    g: Okc = state.data
    p = g.players[seat]
    n = min(step["amount"], p.supporters_lost)
    if n:
        p.supporters_lost -= n
        p.supporters += n
        state.emit(Event.public("okc.recruited", seat=seat, amount=n))


def s_unexhaust(state: GameState, seat: str, step: Step, ctx: Step, answer: Any) -> None:
    g: Okc = state.data
    p = g.players[seat]
    left: int = step["left"] if "left" in step else step.get("amount", 1)
    if answer is not None:
        p.tactics[answer] = False
        state.emit(Event.public("okc.unexhausted", seat=seat, tactic=answer))
        left -= 1
    options = [t for t, ex in p.tactics.items() if ex]
    if left > 0 and options:
        ask(g, seat, "unexhaust", "unexhaust which Tactic", options, {**step, "left": left}, ctx)


def s_favour(state: GameState, seat: str, step: Step, ctx: Step, answer: Any) -> None:
    take_favour(state, seat)


def s_recycle(state: GameState, seat: str, step: Step, ctx: Step, answer: Any) -> None:
    g: Okc = state.data
    p = g.players[seat]
    p.deck.extend(p.discard)
    p.discard = []
    state.rng.shuffle(p.deck, why=f"recycle {seat}")
    state.emit(Event.public("okc.recycled", seat=seat, deck=len(p.deck)))


def s_recover(state: GameState, seat: str, step: Step, ctx: Step, answer: Any) -> None:
    g: Okc = state.data
    p = g.players[seat]
    left: int = step["left"] if "left" in step else step.get("amount", 1)
    if answer is not None:
        p.lost.remove(answer)
        (p.hand if step.get("to", "hand") == "hand" else p.discard).append(answer)
        state.emit(Event.public("okc.recovered", seat=seat, card=answer, to=step.get("to", "hand")))
        left -= 1
    if left > 0 and p.lost:
        ask(g, seat, "recover", "recover which card from the Lost Pile", sorted(set(p.lost)),
            {**step, "left": left}, ctx)


def s_retain(state: GameState, seat: str, step: Step, ctx: Step, answer: Any) -> None:
    g: Okc = state.data
    placed = source_placed(g, ctx)
    if placed is not None:
        placed.retained = True
        state.emit(Event.public("okc.retained", card=placed.card, seat=placed.owner))


def s_clash_again(state: GameState, seat: str, step: Step, ctx: Step, answer: Any) -> None:
    g: Okc = state.data
    if ctx.get("region"):
        region(g, ctx["region"]).again += 1
        state.emit(Event.public("okc.clash_again", region=ctx["region"], by=seat))


def s_hand_size(state: GameState, seat: str, step: Step, ctx: Step, answer: Any) -> None:
    g: Okc = state.data
    p = g.players[seat]
    p.hand_size = max(MIN_HAND_SIZE, min(10, p.hand_size + step["amount"]))
    state.emit(Event.public("okc.hand_size", seat=seat, hand_size=p.hand_size))


# -- Location rewards and Visits (Wild Kingdom: Visit) ------------------------------------------------

REWARD = "reward"


def claim_location(state: GameState, seat: str, location: str) -> None:
    """Claim ``location``'s reward, or Visit a piece standing there (after a won clash or by an ability)."""
    g: Okc = state.data
    if g.modules:
        g.jobs.insert(0, Job(seat, [{"do": "visit", "location": location}], {"source": f"location:{location}"}))
    else:
        location_reward(state, seat, location)


def visitable(state: GameState, location: str) -> dict[str, tuple[Any, bool]]:
    """Pieces on ``location`` that can be Visited: piece -> (its module, must it be Visited)."""
    out: dict[str, tuple[Any, bool]] = {}
    for m in state.data.playing:
        for piece, must in m.visitable(state, location).items():
            out[piece] = (m, must)
    return out


def location_reward(state: GameState, seat: str, location: str) -> None:
    """The Location's printed reward (p.30), resolved before anything else queued; modules add theirs."""
    g: Okc = state.data
    reward = pack_of(g).locations[location].reward
    if reward:
        g.jobs.insert(0, Job(seat, [dict(s) for s in reward], {"source": f"location:{location}"}))
    for m in hooked(g.playing, "rewarded"):
        m.rewarded(state, seat, location)


def s_visit(state: GameState, seat: str, step: Step, ctx: Step, answer: Any) -> None:
    """Wild Kingdom, Visit: a piece that must be Visited is Visited (the winner picks if several must);
    with only may-Visit pieces, the winner takes the Location reward or Visits one piece; never both."""
    g: Okc = state.data
    location = step["location"]
    pieces = visitable(state, location)
    must = [p for p, (_, m) in pieces.items() if m]
    options = must or ([REWARD, *pieces] if pieces else [])
    if answer is None:
        if len(options) > 1:
            ask(g, seat, "visit", "visit a piece or take the Location reward", options, step, ctx)
            return
        answer = options[0] if options else REWARD
    if answer == REWARD:
        location_reward(state, seat, location)
        return
    module, forced = pieces[answer]
    state.emit(Event.public("okc.visit", seat=seat, piece=answer, location=location, must=forced))
    module.visit(state, seat, answer)


HANDLERS: dict[str, Handler] = {
    "gain": s_gain, "steal": s_steal, "draw": s_draw, "discard": s_discard, "eliminate": s_eliminate,
    "burn": s_burn, "move_herald": s_move_herald, "swap": s_swap, "peek": s_peek, "govern": s_govern,
    "journey": s_journey, "strength": s_strength, "bonus": s_bonus, "blank": s_blank, "grant": s_grant,
    "recruit": s_recruit, "unexhaust": s_unexhaust, "favour": s_favour, "bottom": s_bottom,
    "recycle": s_recycle, "recover": s_recover, "retain": s_retain, "clash_again": s_clash_again,
    "hand_size": s_hand_size, "spend": s_spend, "visit": s_visit,
}


def s_module_winter(state: GameState, seat: str, step: Step, ctx: Step, answer: Any) -> None:
    """A module's Winter effect, queued after every other Winter effect (ruling W11)."""
    for m in state.data.playing:
        if m.name == step["module"]:
            m.winter(state)


HANDLERS["module_winter"] = s_module_winter


def execute(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any], answer: Any = None) -> None:
    handler = HANDLERS.get(step["do"])
    if handler is None:
        handler = next(m.effects[step["do"]] for m in state.data.playing if step["do"] in m.effects)
    handler(state, seat, step, ctx, answer)


def queue(g: Okc, seat: str, steps: tuple[dict[str, Any], ...] | list[dict[str, Any]], **ctx: Any) -> None:
    """Queue steps after everything already queued."""
    if steps:
        g.jobs.append(Job(seat, [dict(s) for s in steps], ctx))


def run_jobs(state: GameState) -> None:
    """Carry out queued steps until the queue is empty or a seat must choose."""
    g: Okc = state.data
    while g.jobs and g.choice is None:
        job = g.jobs[0]
        if not job.steps:
            g.jobs.pop(0)
            continue
        step = job.steps.pop(0)
        if not job.steps:
            g.jobs.pop(0)
        execute(state, job.seat, step, job.ctx)


def answer_choice(state: GameState, option: str) -> None:
    """Resume the step waiting on the current choice (already checked)."""
    g: Okc = state.data
    choice = g.choice
    assert choice is not None
    g.choice = None
    execute(state, choice.seat, choice.step, choice.ctx, option)
