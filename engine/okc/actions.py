"""The `/okc` commands (ActionSpecs), what each seat may do now (``legal``) and the pending decisions.

The table service turns the specs into slash commands; ``legal`` feeds buttons, autocomplete and
random playouts. Secret actions (bids, Region cards, tie-break cards) are taken by DM.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import permutations
from typing import Any, cast

from engine.core import (
    Action,
    ActionSpec,
    CommandGroup,
    Decision,
    DecisionKind,
    GameState,
    Param,
    ParamType,
    specs,
)
from engine.okc import allies, clash
from engine.okc.board import all_locations, locations
from engine.okc.cards import commands, kcard
from engine.okc.content.modules import game_pack
from engine.okc.content.schema import Ability
from engine.okc.effects import DONE, region
from engine.okc.hooks import hooked, merged
from engine.okc.kingdom import road_cards, stealable
from engine.okc.state import Okc, Placed

P = Param
REGIONS = ("highlands", "plateau", "lowlands")
TIMING = {"spring_actions": "spring", "day": "day", "autumn": "autumn"}
SECRET_STEPS = frozenset({"bid", "region_cards", "tie"})
PROMPTS = {step: f"okc.{step}" for step in (*TIMING, *SECRET_STEPS)}
SEQUENTIAL = DecisionKind.SEQUENTIAL

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


#: The commands by what they do (``/okc bids bid``, ``/okc negotiation offer``): every kind of the base game
#: and of the shipped modules (``catalogue``) in one group.
GROUPS: tuple[CommandGroup, ...] = (
    CommandGroup("bids", "Spring: bid for the Great Road and take or steal a Kingdom card",
                 ("bid", "ally", "road", "steal", "keep")),
    CommandGroup("regions", "Heralds, face-down cards by the Regions, clash order, ties and claims",
                 ("herald", "creature", "place", "ally_place", "boon", "order", "tie", "claim")),
    CommandGroup("actions", "The action steps: Supporters, Tactics, commands, Govern, Journey, effects, pass",
                 ("deploy", "ship", "tactic", "kingdom", "favour", "command", "govern", "journey", "choose", "pass")),
    CommandGroup("negotiation", "The Negotiating Table: barters, Alliances and Trade Agreements", (
        "offer", "accept_offer", "decline_offer", "done_negotiating", "alliance", "show_hand", "name_winner",
        "agreement", "pay", "fulfil_agreement", "cancel_agreement", "breach", "judge")),
)


_TABLES: dict[object, dict[str, ActionSpec]] = {}


def actions_for(g: Okc) -> dict[str, ActionSpec]:
    """This game's `/okc` actions: the base ones and those of its active modules."""
    return merged(ACTIONS, g.playing, "actions", _TABLES)


def act(kind: str, **args: str | int) -> Action:
    """A fast Action.of for flat scalar arguments (the enumerations below build thousands)."""
    return Action(kind, tuple(sorted(args.items())))


PASS = Action("pass")
KEEP = Action("keep")
TIE = Action("tie")


@cache
def one(kind: str, name: str, value: Any) -> Action:
    """``Action.of(kind, name=value)`` for one scalar argument, built once and shared (Actions are immutable)."""
    return Action(kind, ((name, value),))


@lru_cache(maxsize=4096)
def listing(kind: str, name: str, values: tuple[str, ...]) -> tuple[Action, ...]:
    """``one(kind, name, v)`` for each of ``values``, in order, built once per tuple of values."""
    return tuple([one(kind, name, v) for v in values])


def awaited_turn(g: Okc) -> str | None:
    return g.turn_queue[0] if g.turn_queue else None


def pending(state: GameState) -> list[Decision]:
    g: Okc = state.data
    if g.over:
        return []
    if not g.modules:
        return base_pending(state)
    extra: list[Decision] = []
    for m in hooked(g.playing, "pending"):
        extra += m.pending(state)
    extra += allies.pending(state)
    return extra + base_pending(state) if extra else base_pending(state)


def base_pending(state: GameState) -> list[Decision]:
    """The base game's decision; the one-seat ones are built as ``Decision`` directly (the fields
    ``decision`` would fill in), as every playout step lists them."""
    g: Okc = state.data
    if g.choice is not None:
        c = g.choice
        default = DONE if c.optional else c.options[0]
        return [Decision(f"choice-{state.version}", SEQUENTIAL, (c.seat,), f"okc.choice.{c.kind}",
                         ((c.seat, one("choose", "option", default)),), info={"choice": c.kind, "count": c.count})]
    step = g.step
    if step in TIMING and g.turn_queue:
        seat = g.turn_queue[0]
        return [Decision(f"{step}-{state.version}", SEQUENTIAL, (seat,), PROMPTS[step], ((seat, PASS),))]
    if step in SECRET_STEPS and g.secret is not None:
        missing = tuple(g.secret.missing())
        return [Decision(g.secret.key, DecisionKind.SIMULTANEOUS, missing, PROMPTS[step],
                         tuple([(s, default_secret(g, s)) for s in missing]), secret=True)]
    if step == "resolve_bids" and g.bid_queue:
        seat = g.bid_queue[0]
        return [Decision(f"resolve-{g.round}-{len(g.bid_queue)}", SEQUENTIAL, (seat,), "okc.resolve_bid",
                         ((seat, KEEP),))]
    if step == "heralds" and g.turn_queue:
        seat = g.turn_queue[0]
        return [Decision(f"herald-{g.round}-{len(g.turn_queue)}", SEQUENTIAL, (seat,), "okc.herald",
                         ((seat, one("herald", "location", all_locations(g)[0])),))]
    if step == "clash_order":
        seat = g.order[-1]
        return [Decision(f"order-{g.round}", SEQUENTIAL, (seat,), "okc.clash_order",
                         ((seat, orders(tuple([r.id for r in g.regions]))[0]),))]
    if step == "claim" and g.clash is not None and g.clash.winner:
        seat = g.clash.winner
        return [Decision(f"claim-{g.round}-{g.clash.region}", SEQUENTIAL, (seat,), "okc.claim",
                         ((seat, one("claim", "location", locations(g, g.clash.region)[0])),))]
    return []


def waits_on(state: GameState, seat: str) -> bool:
    """Whether :func:`pending` lists ``seat``, without building the base game's decisions and their
    defaults (the turn check of every action); the modules' and Allies' decisions are read from their
    ``pending``, as :func:`pending` lists them before the base game's."""
    g: Okc = state.data
    if g.over:
        return False
    if g.modules and (any(seat in d.seats for m in hooked(g.playing, "pending") for d in m.pending(state))
                      or any(seat in d.seats for d in allies.pending(state))):
        return True
    if g.choice is not None:
        return g.choice.seat == seat
    step = g.step
    if step in TIMING or step == "heralds":   # the usual case first (the steps below are other steps)
        return bool(g.turn_queue) and g.turn_queue[0] == seat
    if step in SECRET_STEPS and g.secret is not None:
        return seat in g.secret.awaiting and seat not in g.secret.chosen   # seat in g.secret.missing()
    if step == "resolve_bids" and g.bid_queue:
        return g.bid_queue[0] == seat
    if step == "clash_order":
        return g.order[-1] == seat
    if step == "claim" and g.clash is not None and g.clash.winner:
        return g.clash.winner == seat
    return False


def default_secret(g: Okc, seat: str) -> Action:
    step = g.step
    if step == "tie":
        return TIE
    if step == "bid":   # the cards of allies.placement, without its Regions
        return bid_default(g.pack, tuple(allies.own_cards(g, seat) if g.modules else g.players[seat].hand))
    cards, free, _ = allies.placement(g, seat)
    return place_default(tuple(free), tuple(cards))


@lru_cache(maxsize=4096)
def bid_default(pack: str, cards: tuple[str, ...]) -> Action:
    """The bid default: the weakest card (by id among equals)."""
    printed = game_pack(pack).cards
    return one("bid", "card", min(cards, key=lambda c: (printed[c].strength, c)))


@lru_cache(maxsize=4096)
def place_default(free: tuple[str, ...], cards: tuple[str, ...]) -> Action:
    """The Region cards default: the cards in id order next to the free Regions in order."""
    return Action.of("place", **dict(zip(free, sorted(cards), strict=False)))


@cache
def orders(ids: tuple[str, ...]) -> tuple[Action, ...]:
    """Every Region order with the Clash markers, the current order first (permutations of ``ids``)."""
    return tuple([Action.of("order", regions=list(p)) for p in permutations(ids)])


def legal(state: GameState, seat: str) -> list[Action]:
    g: Okc = state.data
    if g.over:
        return []
    if g.modules:
        out: list[Action] = []
        for m in hooked(g.playing, "legal"):
            out += m.legal(state, seat)
        return out + allies.legal(state, seat) + base_legal(state, seat)
    return base_legal(state, seat)


def base_legal(state: GameState, seat: str) -> list[Action]:
    g: Okc = state.data
    if g.choice is not None:
        return list(listing("choose", "option", tuple(g.choice.options))) if g.choice.seat == seat else []
    step = g.step
    if step in TIMING:
        return action_step_options(g, seat, step) if g.turn_queue and g.turn_queue[0] == seat else []
    if step == "bid":
        if not (g.secret and seat in g.secret.missing()):
            return []
        return list(listing("bid", "card", tuple(sorted(set(allies.own_cards(g, seat) if g.modules else g.players[seat].hand)))))
    if step == "region_cards":
        if not (g.secret and seat in g.secret.missing()):
            return []
        usable, ids, k = allies.placement(g, seat)
        return list(placements(tuple(sorted(set(usable))), tuple(ids), k))
    if step == "tie":
        if not (g.secret and seat in g.secret.missing()):
            return []
        return [TIE, *listing("tie", "card", tuple(sorted(set(g.players[seat].hand))))]
    if step == "resolve_bids":
        return resolve_options(g, seat) if g.bid_queue and g.bid_queue[0] == seat else []
    if step == "heralds":
        if awaited_turn(g) != seat:
            return []
        return list(listing("herald", "location", tuple(all_locations(g))))
    if step == "clash_order":
        if seat != g.order[-1]:
            return []
        return list(orders(tuple([r.id for r in g.regions])))
    if step == "claim":
        if g.clash is None or g.clash.winner != seat:
            return []
        return list(listing("claim", "location", tuple(locations(g, g.clash.region))))
    return []


@lru_cache(maxsize=4096)
def placements(hand: tuple[str, ...], ids: tuple[str, ...], k: int) -> tuple[Action, ...]:
    """Every way to place ``k`` of the ``hand`` cards next to ``k`` of the Regions ``ids``, one per Region:
    ``act("place", **dict(zip(regions, combo)))`` for each, built directly and once per hand."""
    if k == len(ids):   # a card next to every Region: card i of each ordered choice of k goes next to ids[i]
        shared = _BY_CARDS.get(ids)
        if shared is None or len(shared) >= 100_000:   # a bound on memory (a pack has some thousands)
            shared = _BY_CARDS[ids] = {}
        out = list(map(shared.get, permutations(hand, k)))
        if all(out):
            return cast("tuple[Action, ...]", tuple(out))   # every one built before
        return tuple([shared.get(cards) or shared.setdefault(cards, in_order(ids, cards))
                      for cards in permutations(hand, k)])
    pairs = [(rid, c) for rid in ids for c in hand]
    return tuple([place_action(tuple([pairs[i] for i in plan])) for plan in placement_plans(len(hand), ids, k)])


# Region ids -> (the cards next to them, in that order) -> the place Action, shared: a hand rarely comes
# back whole, but its placements do (each is a few cards of one faction), and a lookup is several times
# cheaper than a new Action.
_BY_CARDS: dict[tuple[str, ...], dict[tuple[str, ...], Action]] = {}
_PLACES: dict[tuple[tuple[str, str], ...], Action] = {}


def in_order(ids: tuple[str, ...], cards: tuple[str, ...]) -> Action:
    """The placement of ``cards[i]`` next to Region ``ids[i]`` (arguments in Region name order)."""
    return place_action(tuple(sorted(zip(ids, cards, strict=True))))


def place_action(args: tuple[tuple[str, str], ...]) -> Action:
    """The ``place`` Action with these (Region, card) arguments, built once and shared."""
    action = _PLACES.get(args)
    if action is None:
        if len(_PLACES) >= 100_000:   # a bound on memory (a pack has some thousands of placements)
            _PLACES.clear()
        action = _PLACES[args] = Action("place", args)
    return action


@cache
def placement_plans(n: int, ids: tuple[str, ...], k: int) -> tuple[tuple[int, ...], ...]:
    """The shape of :func:`placements` for ``n`` cards: for each placement in order, its (Region, card)
    pairs as indexes ``region * n + card``, in Region name order. With as many cards to place as Regions,
    the cards go to the Regions in order; with fewer, to every choice of Regions."""
    wheres = [tuple(range(len(ids)))] if k == len(ids) else list(permutations(range(len(ids)), k))
    return tuple([tuple(sorted([where[i] * n + combo[i] for i in range(k)], key=lambda x: ids[x // n]))
                  for combo in permutations(range(n), k) for where in wheres])


def occupy_space(g: Okc, seat: str) -> bool:
    """Two Kingdom card spaces on the Player Board for Occupied cards (p.19); cards the Travelling Town's
    Custodians Occupy do not count (Wild Kingdom, Kingdom Card Limit)."""
    p = g.players[seat]
    occupied = 0
    for k in p.kingdom:
        if kcard(g, k).kind == "occupy" and k not in p.custodians:
            occupied += 1
    return occupied < 2


def resolve_options(g: Okc, seat: str) -> list[Action]:
    room = occupy_space(g, seat)
    out = [KEEP]
    out += [one("road", "card", k) for k in road_cards(g) if room or kcard(g, k).kind != "occupy"]
    out += [one("steal", "card", k) for s in g.order if s != seat for k in stealable(g, s)
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
    printed = game_pack(g.pack).cards
    out = []
    for p in reg.cards:
        if p.owner != seat or not p.face_up:
            continue
        if not p.gained_keywords and (p.blanked or not printed[p.card].commands):
            continue   # no command at all (what commands() would find)
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
    out = [PASS]
    if p.supporters and timing != "autumn":
        if timing == "day" and g.clash is not None:
            out += deploys(g.clash.region, p.supporters)
        else:
            for r in g.regions:
                if not r.resolved:
                    out += deploys(r.id, p.supporters)
    pack = game_pack(g.pack)
    tactics, used = pack.tactics, p.used
    for t, exhausted in p.tactics.items():   # tactic_side(tactics[t], exhausted, used, timing), inline
        tactic = tactics[t]
        if not exhausted:
            if timing in tactic.timing:
                out.append(one("tactic", "id", t))
        elif (back := tactic.back) is not None and timing in back.timing and back.id not in used:
            out.append(one("tactic", "id", t))
    for k in p.kingdom:
        kc = pack.kingdom.get(k)
        ability = (kc if kc is not None else kcard(g, k)).action
        if ability and timing in ability.timing and k not in used:
            out.append(one("kingdom", "card", k))
    if g.favour_holder == seat and g.favour_uses > 0:
        out += [one("favour", "ability", a.id) for a in pack.favour.abilities if timing in a.timing]
    if timing == "day":
        out += [one("command", "card", c.card) for c in day_cards(g, seat)]
    elif timing == "autumn":
        autumn_commands, voters, lore = autumn_hand(g.pack, tuple(p.hand))
        out += autumn_commands
        if not p.governed:   # councils.govern_cards and lore.journey_cards, read off the sorted hand once
            out += governs(voters, tuple(g.councils))
        if not p.journeyed:
            out += lore
    return out


@lru_cache(maxsize=4096)
def autumn_hand(pack: str, hand: tuple[str, ...]) -> tuple[tuple[Action, ...], tuple[str, ...], tuple[Action, ...]]:
    """What a hand offers in Autumn (its cards in id order): the Autumn commands, the cards with Votes (to
    Govern with) and the Journeys (cards with Lore icons); read once per hand, as it rarely changes there."""
    printed = game_pack(pack).cards
    cards = [(c, printed[c]) for c in sorted(set(hand))]
    return (listing("command", "card", tuple([c for c, fc in cards if any(x.timing == "autumn" for x in fc.commands)])),
            tuple([c for c, fc in cards if fc.votes > 0]),
            listing("journey", "card", tuple([c for c, fc in cards if fc.lore > 0])))


@cache
def deploys(rid: str, supporters: int) -> tuple[Action, ...]:
    """Deploy 1 to ``supporters`` Supporters in Region ``rid`` (arguments in name order)."""
    return tuple([Action("deploy", (("count", n), ("region", rid))) for n in range(1, supporters + 1)])


@lru_cache(maxsize=4096)
def governs(cards: tuple[str, ...], council_ids: tuple[str, ...]) -> tuple[Action, ...]:
    """Govern with each of ``cards`` into each Council."""
    return tuple([Action("govern", (("card", c), ("council", k))) for c in cards for k in council_ids])
