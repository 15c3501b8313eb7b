"""The `/okc` commands (ActionSpecs), what each seat may do now (``legal``) and the pending decisions.

The table service turns the specs into slash commands; ``legal`` feeds buttons, autocomplete and
random playouts. Secret actions (bids, Region cards, tie-break cards) are taken by DM.
"""

from __future__ import annotations

from itertools import permutations

from engine.core import (
    Action,
    ActionSpec,
    Decision,
    DecisionKind,
    GameState,
    Param,
    ParamType,
    decision,
    specs,
)
from engine.okc import allies, clash, councils, lore
from engine.okc.board import all_locations, locations
from engine.okc.cards import card, commands, kcard, pack_of
from engine.okc.content.schema import Ability
from engine.okc.effects import DONE, region
from engine.okc.hooks import MODULES, active, merged
from engine.okc.kingdom import road_cards, stealable
from engine.okc.state import Okc, Placed

P = Param
REGIONS = ("highlands", "plateau", "lowlands")
TIMING = {"spring_actions": "spring", "day": "day", "autumn": "autumn"}

ACTIONS = specs(
    ActionSpec("bid", "Bid a Faction card face down", (P("card", doc="card id from your hand"),), "p.17 Place Bids",
               secret=True),
    ActionSpec("road", "Take a Kingdom card from the Great Road with your bid", (P("card"),), "p.18 Resolve Bids"),
    ActionSpec("steal", "Steal an opponent's Kingdom card with your bid", (P("card"),), "p.18 Resolve Bids"),
    ActionSpec("keep", "Return your bid card to your hand", (), "p.18 Resolve Bids"),
    ActionSpec("herald", "Place your Herald on a Location", (P("location"),), "p.20 Place Heralds"),
    ActionSpec("place", "Place one face-down card next to each Region",
               tuple(P(r, doc=f"card for the {r.title()}", required=False) for r in REGIONS), "p.21 Place cards",
               secret=True),
    ActionSpec("order", "Set the Region order with the Clash markers (I first)",
               (P("regions", ParamType.LIST, "three Regions, I first"),), "p.25 Place Clash Markers"),
    ActionSpec("deploy", "Place Supporters from your board in a Region (Action)",
               (P("region", choices=REGIONS), P("count", ParamType.INT)), "p.28 Supporters"),
    ActionSpec("tactic", "Use a Tactic (Action): its unexhausted side, or the ability on its exhausted side",
               (P("id"),), "p.22 Tactics"),
    ActionSpec("kingdom", "Use a Kingdom card's action", (P("card"),), "p.19 Kingdom cards"),
    ActionSpec("favour", "Use the Kingdom's Favour", (P("ability"),), "p.46 Kingdom's Favour"),
    ActionSpec("command", "Use a command: an Active card's Day command, or an Autumn command from hand",
               (P("card"),), "p.26 Day Action Step"),
    ActionSpec("govern", "Govern: a card with Votes from hand into a Council", (P("card"), P("council")),
               "p.31 Govern"),
    ActionSpec("journey", "Journey: a card with Lore icons from hand to the Lost Pile", (P("card"),), "p.32 Journey"),
    ActionSpec("tie", "Tied clash: play a card face down, or leave out card to pass", (P("card", required=False),),
               "p.29 Resolve Tied Clashes", secret=True),
    ActionSpec("claim", "Choose the Location whose rewards you claim", (P("location"),), "p.30 Claim Rewards"),
    ActionSpec("choose", "Answer the effect waiting on you", (P("option"),), "effects"),
    ActionSpec("pass", "End your part in this action step", (), "p.16 Action steps"),
    ActionSpec("ally", "Before the bids: bid with one of your Allies (leave out card to pass)",
               (P("card", required=False),), "Wild Kingdom: Bidding with Allies", secret=True),
    ActionSpec("ally_place", "Before the Region cards: place Allies face down, at most one per Region (none to pass)",
               tuple(P(r, doc=f"Ally for the {r.title()}", required=False) for r in REGIONS),
               "Wild Kingdom: Place Allies Next to Regions", secret=True),
)


_TABLES: dict[object, dict[str, ActionSpec]] = {}


def actions_for(g: Okc) -> dict[str, ActionSpec]:
    """This game's `/okc` actions: the base ones and those of its active modules."""
    return merged(ACTIONS, g.modules, "actions", _TABLES)


def catalogue() -> dict[str, ActionSpec]:
    """Every action any shipped module can bring, for the command list (a game accepts only its own)."""
    import engine.okc.modules  # noqa: F401  (the shipped modules)

    table = dict(ACTIONS)
    for m in MODULES.values():
        table.update(m.actions)
    return table


def act(kind: str, **args: str | int) -> Action:
    """A fast Action.of for flat scalar arguments (the enumerations below build thousands)."""
    return Action(kind, tuple(sorted(args.items())))


def awaited_turn(g: Okc) -> str | None:
    return g.turn_queue[0] if g.turn_queue else None


def pending(state: GameState) -> list[Decision]:
    g: Okc = state.data
    if g.over:
        return []
    if not g.modules:
        return base_pending(state)
    extra = [d for m in active(g.modules) for d in m.pending(state)] + allies.pending(state)
    return extra + base_pending(state) if extra else base_pending(state)


def base_pending(state: GameState) -> list[Decision]:
    g: Okc = state.data
    if g.choice is not None:
        c = g.choice
        default = DONE if c.optional else c.options[0]
        return [decision(f"choice-{state.version}", DecisionKind.SEQUENTIAL, [c.seat], f"okc.choice.{c.kind}",
                         Action.of("choose", option=default), choice=c.kind, count=c.count)]
    step = g.step
    if step in ("bid", "region_cards", "tie") and g.secret is not None:
        missing = g.secret.missing()
        defaults = {s: default_secret(g, s) for s in missing}
        return [decision(g.secret.key, DecisionKind.SIMULTANEOUS, missing, f"okc.{step}", defaults, secret=True)]
    if step == "resolve_bids" and g.bid_queue:
        return [decision(f"resolve-{g.round}-{len(g.bid_queue)}", DecisionKind.SEQUENTIAL, [g.bid_queue[0]],
                         "okc.resolve_bid", Action.of("keep"))]
    if step == "heralds" and g.turn_queue:
        first = all_locations(g)[0]
        return [decision(f"herald-{g.round}-{len(g.turn_queue)}", DecisionKind.SEQUENTIAL, [g.turn_queue[0]],
                         "okc.herald", Action.of("herald", location=first))]
    if step in TIMING and g.turn_queue:
        return [decision(f"{step}-{state.version}", DecisionKind.SEQUENTIAL, [g.turn_queue[0]], f"okc.{step}",
                         Action.of("pass"))]
    if step == "clash_order":
        return [decision(f"order-{g.round}", DecisionKind.SEQUENTIAL, [g.order[-1]], "okc.clash_order",
                         Action.of("order", regions=[r.id for r in g.regions]))]
    if step == "claim" and g.clash is not None and g.clash.winner:
        first = locations(g, g.clash.region)[0]
        return [decision(f"claim-{g.round}-{g.clash.region}", DecisionKind.SEQUENTIAL, [g.clash.winner],
                         "okc.claim", Action.of("claim", location=first))]
    return []


def waits_on(state: GameState, seat: str) -> bool:
    """Whether :func:`pending` lists ``seat``, without building the decisions and their defaults (the
    turn check of every action); with modules in play, read from :func:`pending` itself."""
    g: Okc = state.data
    if g.over:
        return False
    if g.modules:
        return any(seat in d.seats for d in pending(state))
    if g.choice is not None:
        return g.choice.seat == seat
    step = g.step
    if step in ("bid", "region_cards", "tie") and g.secret is not None:
        return seat in g.secret.missing()
    if step == "resolve_bids" and g.bid_queue:
        return g.bid_queue[0] == seat
    if (step == "heralds" or step in TIMING) and g.turn_queue:
        return g.turn_queue[0] == seat
    if step == "clash_order":
        return g.order[-1] == seat
    if step == "claim" and g.clash is not None and g.clash.winner:
        return g.clash.winner == seat
    return False


def default_secret(g: Okc, seat: str) -> Action:
    cards, free, need = allies.placement(g, seat)
    hand = sorted(cards)
    if g.step == "bid":
        return Action.of("bid", card=min(hand, key=lambda c: (card(g, c).strength, c)))
    if g.step == "region_cards":
        return Action.of("place", **dict(zip(free, hand[:need], strict=False)))
    return Action.of("tie")


def legal(state: GameState, seat: str) -> list[Action]:
    g: Okc = state.data
    if g.over:
        return []
    if g.modules:
        return [a for m in active(g.modules) for a in m.legal(state, seat)] + allies.legal(state, seat) + \
            base_legal(state, seat)
    return base_legal(state, seat)


def base_legal(state: GameState, seat: str) -> list[Action]:
    g: Okc = state.data
    if g.choice is not None:
        return [act("choose", option=o) for o in g.choice.options] if g.choice.seat == seat else []
    step = g.step
    if step in ("bid", "region_cards"):
        usable, ids, k = allies.placement(g, seat)
        hand = sorted(set(usable))
    if step == "bid":
        return [act("bid", card=c) for c in hand] if g.secret and seat in g.secret.missing() else []
    if step == "region_cards":
        if not (g.secret and seat in g.secret.missing()):
            return []
        # act("place", **dict(zip(regions, combo))) built directly: hundreds of these at every Region card step
        out = []
        if k == len(ids):
            order = sorted(range(k), key=ids.__getitem__)
            for combo in permutations(hand, k):
                out.append(Action("place", tuple([(ids[i], combo[i]) for i in order])))
        else:
            spots = [(where, sorted(range(k), key=where.__getitem__)) for where in permutations(ids, k)]
            for combo in permutations(hand, k):
                for where, order in spots:
                    out.append(Action("place", tuple([(where[i], combo[i]) for i in order])))
        return out
    if step == "tie":
        if not (g.secret and seat in g.secret.missing()):
            return []
        return [act("tie")] + [act("tie", card=c) for c in sorted(set(g.players[seat].hand))]
    if step == "resolve_bids":
        return resolve_options(g, seat) if g.bid_queue and g.bid_queue[0] == seat else []
    if step == "heralds":
        if awaited_turn(g) != seat:
            return []
        return [act("herald", location=loc) for loc in all_locations(g)]
    if step == "clash_order":
        if seat != g.order[-1]:
            return []
        return [Action.of("order", regions=list(p)) for p in permutations([r.id for r in g.regions])]
    if step == "claim":
        if g.clash is None or g.clash.winner != seat:
            return []
        locs = locations(g, g.clash.region)
        return [act("claim", location=loc) for loc in locs]
    if step in TIMING and awaited_turn(g) == seat:
        return action_step_options(g, seat, step)
    return []


def occupy_space(g: Okc, seat: str) -> bool:
    """Two Kingdom card spaces on the Player Board for Occupied cards (p.19); cards the Travelling Town's
    Custodians Occupy do not count (Wild Kingdom, Kingdom Card Limit)."""
    p = g.players[seat]
    return sum(1 for k in p.kingdom if kcard(g, k).kind == "occupy" and k not in p.custodians) < 2


def resolve_options(g: Okc, seat: str) -> list[Action]:
    room = occupy_space(g, seat)
    out = [act("keep")]
    out += [act("road", card=k) for k in road_cards(g) if room or kcard(g, k).kind != "occupy"]
    out += [act("steal", card=k) for s in g.order if s != seat for k in stealable(g, s)
            if room or kcard(g, k).kind != "occupy"]
    return out


def tactic_side(t: Ability, exhausted: bool, used: list[str], timing: str) -> Ability | None:
    """The side of Tactic ``t`` usable now: the unexhausted side, or while exhausted the ability on its
    exhausted side, once a round (ruling W7); None when neither works at ``timing``."""
    if not exhausted:
        return t if timing in t.timing else None
    back = t.back
    return back if back is not None and timing in back.timing and back.id not in used else None


def day_cards(g: Okc, seat: str) -> list[Placed]:
    """The seat's Active cards in the Region being resolved that still have an unused Day command."""
    if g.clash is None:
        return []
    reg = region(g, g.clash.region)
    out = []
    for p in reg.cards:
        if p.owner != seat or not p.face_up:
            continue
        for cmd in commands(g, p, "day"):
            key = cmd.keyword or "day"
            if key in p.used:
                continue
            if cmd.keyword == "ambush" and not g.players[seat].hand:
                continue
            if cmd.keyword == "flank" and not clash.flank_targets(g, reg.id):
                continue
            out.append(p)
            break
    return out


def action_step_options(g: Okc, seat: str, step: str) -> list[Action]:
    timing = TIMING[step]
    p = g.players[seat]
    out = [act("pass")]
    if timing in ("spring", "day") and p.supporters:
        targets = [r.id for r in g.regions if not r.resolved]
        if timing == "day" and g.clash is not None:
            targets = [g.clash.region]
        for rid in targets:   # act("deploy", region=rid, count=n), built directly (arguments in name order)
            out += [Action("deploy", (("count", n), ("region", rid))) for n in range(1, p.supporters + 1)]
    pack = pack_of(g)
    out += [act("tactic", id=t) for t, ex in p.tactics.items() if tactic_side(pack.tactics[t], ex, p.used, timing)]
    for k in p.kingdom:
        ability = kcard(g, k).action
        if ability and timing in ability.timing and k not in p.used:
            out.append(act("kingdom", card=k))
    if g.favour_holder == seat and g.favour_uses > 0:
        out += [act("favour", ability=a.id) for a in pack.favour.abilities if timing in a.timing]
    if timing == "day":
        out += [act("command", card=c.card) for c in day_cards(g, seat)]
    if timing == "autumn":
        hand = sorted(set(p.hand))
        out += [act("command", card=c) for c in hand if any(x.timing == "autumn" for x in card(g, c).commands)]
        if not p.governed:
            out += [act("govern", card=c, council=k) for c in sorted(set(councils.govern_cards(g, seat)))
                    for k in g.councils]
        if not p.journeyed:
            out += [act("journey", card=c) for c in sorted(set(lore.journey_cards(g, seat)))]
    return out
