"""Carrying out `/okc` actions: check everything first (RuleError naming the section and what is
legal), then change the state, then let the year run on (:func:`engine.okc.year.advance`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Action, Event, GameState, Refusal, RuleError
from engine.core.errors import RefusalCode
from engine.core.words import join_words, plural
from engine.okc import allies, clash, councils, lore
from engine.okc.actions import (
    ACTIONS,
    TIMING,
    actions_for,
    awaited_turn,
    day_cards,
    legal,
    occupy_space,
    tactic_side,
)
from engine.okc.board import all_locations, locations
from engine.okc.cards import card, commands, kcard, pack_of
from engine.okc.effects import HANDLERS as STEP_HANDLERS
from engine.okc.effects import answer_choice, ask, queue, region, source_placed
from engine.okc.hooks import hooked
from engine.okc.kingdom import gain_kingdom, road_cards, stealable, take_from_road
from engine.okc.phase import STEP_NAMES
from engine.okc.refusals import OkcRefusal
from engine.okc.state import Job, Okc, Placed
from engine.okc.year import advance

Handler = Callable[[GameState, Okc, str, Action], None]


def refuse(section: str, message: str, code: RefusalCode, options: list[Action] | list[str] | str) -> RuleError:
    if isinstance(options, list):
        shown = [o.text() if isinstance(o, Action) else o for o in options][:20]
        return RuleError(section, message, code=code, legal=shown or "nothing")
    return RuleError(section, message, code=code, legal=options)


def check_legal(state: GameState, seat: str, action: Action, section: str, message: str) -> None:
    """The enumerated check: ``action`` must be among ``legal`` (used after the specific checks)."""
    options = legal(state, seat)
    if action not in options:
        raise refuse(section, message, Refusal.ILLEGAL, [o for o in options if o.kind == action.kind] or options)


def listed_now(g: Okc, seat: str, action: Action, timing: str) -> bool:
    """A cheap pre-test of :func:`check_legal` for the action steps' Deploy, Tactic, Kingdom card and
    Favour actions, once :func:`check_turn` has passed: True only for an action that ``legal`` lists
    (built the way :func:`engine.okc.actions.action_step_options` builds it); anything else gets the
    full check, so refusals are unchanged."""
    p = g.players[seat]
    kind, args = action.kind, action.args
    if kind == "deploy":
        n, rid = action.get("count"), action.get("region")
        if timing not in ("spring", "day") or type(n) is not int or not 1 <= n <= p.supporters \
                or args != (("count", n), ("region", rid)):
            return False
        if timing == "day" and g.clash is not None:
            return bool(rid == g.clash.region)
        return any(r.id == rid and not r.resolved for r in g.regions)
    if kind == "tactic":
        tid = action.get("id")
        return args == (("id", tid),) and tid in p.tactics and \
            tactic_side(pack_of(g).tactics[tid], p.tactics[tid], p.used, timing) is not None
    if kind == "kingdom":
        kid = action.get("card")
        if args != (("card", kid),) or kid not in p.kingdom or kid in p.used:
            return False
        ability = kcard(g, kid).action
        return ability is not None and timing in ability.timing
    if kind == "favour":
        aid = action.get("ability")
        return args == (("ability", aid),) and g.favour_holder == seat and g.favour_uses > 0 and \
            any(a.id == aid and timing in a.timing for a in pack_of(g).favour.abilities)
    return False


def check_step(g: Okc, steps: tuple[str, ...], section: str, what: str) -> None:
    if g.choice is not None:
        raise RuleError(section, f"an effect waits on {g.choice.seat}'s choice first", code=OkcRefusal.CHOICE_PENDING,
                        legal="choose option:...")
    if g.step not in steps:
        raise RuleError(section, f"{what} is not possible now: the game is at the {STEP_NAMES.get(g.step, g.step)}", code=OkcRefusal.PHASE)


# -- Spring ------------------------------------------------------------------------------

def play_bid(state: GameState, g: Okc, seat: str, action: Action) -> None:
    section = ACTIONS["bid"].section
    check_step(g, ("bid",), section, "bidding")
    assert g.secret is not None
    g.secret.check(seat, section)
    cid = action.get("card")
    if cid not in g.players[seat].hand:
        raise refuse(section, f"{cid!r} is not in your hand", OkcRefusal.NOT_IN_HAND, sorted(g.players[seat].hand))
    if g.modules and allies.is_ally(g, seat, cid):
        raise refuse(allies.BID_SECTION, "an Ally is bid only when declared before the bids", OkcRefusal.ALLY,
                     sorted(allies.own_cards(g, seat)))
    g.secret.submit(state, seat, cid, section)


def play_place(state: GameState, g: Okc, seat: str, action: Action) -> None:
    section = ACTIONS["place"].section
    check_step(g, ("region_cards",), section, "placing cards next to Regions")
    assert g.secret is not None
    g.secret.check(seat, section)
    hand, free, need = allies.placement(g, seat)
    chosen = {r.id: cid for r in g.regions if (cid := action.get(r.id))}
    if any(r not in free for r in chosen):
        raise refuse(allies.PLACE_SECTION, "an Ally of yours already stands next to that Region", OkcRefusal.ALLY_REGION,
                     free)
    if len(chosen) != need:
        raise refuse(section, f"place exactly {plural(need, 'card')}, one per Region", OkcRefusal.COUNT, "one card per Region")
    cards = list(chosen.values())
    if len(set(cards)) != len(cards) or any(c not in hand for c in cards):
        raise refuse(section, "each card must be a different card from your hand (not an Ally)", OkcRefusal.NOT_IN_HAND,
                     sorted(hand))
    g.secret.submit(state, seat, chosen, section)


def play_resolve(state: GameState, g: Okc, seat: str, action: Action) -> None:
    section = ACTIONS[action.kind].section
    check_step(g, ("resolve_bids",), section, "resolving a bid")
    if not g.bid_queue or g.bid_queue[0] != seat:
        raise refuse(section, "it is not your bid's turn to resolve", OkcRefusal.ORDER, f"waiting on {g.bid_queue[:1]}")
    kid = action.get("card")
    if action.kind == "road" and kid not in road_cards(g):
        raise refuse(section, f"{kid!r} is not on the Great Road", OkcRefusal.NOT_ON_ROAD, road_cards(g))
    if action.kind == "steal" and not any(kid in stealable(g, s) for s in g.order if s != seat):
        raise refuse(section, f"no opponent holds {kid!r}", OkcRefusal.NOT_HELD, "an opponent's Kingdom card")
    if kid and kcard(g, kid).kind == "occupy" and not occupy_space(g, seat):
        raise refuse("p.19 Occupying Kingdom Cards", "both Occupy spaces of your board are full", OkcRefusal.NO_SPACE,
                     "a Kingdom card that needs no Occupying, or keep")
    # The checks above leave only the form: "keep" alone, or "road"/"steal" with just the card.
    if action.args != ((("card", kid),) if action.kind != "keep" else ()):
        check_legal(state, seat, action, section, "not a legal bid resolution")
    bid = g.revealed_bids[seat]
    me = g.players[seat]
    g.bid_queue.pop(0)
    if action.kind == "keep":
        me.hand.append(bid)
        state.emit(Event.public("okc.bid_kept", seat=seat, card=bid))
        return
    if action.kind == "road":
        take_from_road(g, kid)
        state.emit(Event.public("okc.road_taken", seat=seat, card=kid, bid=bid,
                                top=g.kingdom_deck[0] if g.kingdom_deck else None))
    else:
        victim = next(s for s in g.order if kid in stealable(g, s))
        vp = g.players[victim]
        vp.kingdom.remove(kid)
        occupant = vp.occupants.pop(kid, None)
        if occupant:
            vp.hand.append(occupant)
        state.emit(Event.public("okc.kingdom_stolen", seat=seat, victim=victim, card=kid, bid=bid,
                                occupant_to_hand=occupant))
    gain_kingdom(state, seat, kid, bid)


def play_herald(state: GameState, g: Okc, seat: str, action: Action) -> None:
    section = ACTIONS["herald"].section
    check_step(g, ("heralds",), section, "placing Heralds")
    if awaited_turn(g) != seat:
        raise refuse(section, "Heralds are placed in turn order", OkcRefusal.ORDER, f"waiting on {awaited_turn(g)}")
    loc = action.get("location")
    if loc not in all_locations(g):
        raise refuse(section, f"no Location {loc!r}", OkcRefusal.NO_LOCATION, all_locations(g))
    g.players[seat].herald = loc
    g.turn_queue.pop(0)
    state.emit(Event.public("okc.herald", seat=seat, location=loc))


# -- Summer ------------------------------------------------------------------------------

def play_order(state: GameState, g: Okc, seat: str, action: Action) -> None:
    section = ACTIONS["order"].section
    check_step(g, ("clash_order",), section, "placing Clash markers")
    if seat != g.order[-1]:
        raise refuse(section, "the seat last on the Order Track places the Clash markers", OkcRefusal.ORDER,
                     f"{g.order[-1]} places them")
    ids = list(action.get("regions") or ())
    if sorted(ids) != sorted(r.id for r in g.regions):
        raise refuse(section, "name each Region once, the first to clash first", OkcRefusal.REGIONS,
                     [",".join(r.id for r in g.regions)])
    for n, rid in enumerate(ids, start=1):
        region(g, rid).marker = n
    state.emit(Event.public("okc.clash_order", seat=seat, regions=ids))


def play_tie(state: GameState, g: Okc, seat: str, action: Action) -> None:
    section = ACTIONS["tie"].section
    check_step(g, ("tie",), section, "a tie-break card")
    assert g.secret is not None
    g.secret.check(seat, section)
    cid = action.get("card")
    if cid is not None and cid not in g.players[seat].hand:
        raise refuse(section, f"{cid!r} is not in your hand", OkcRefusal.NOT_IN_HAND, ["tie (pass)", *sorted(g.players[seat].hand)])
    g.secret.submit(state, seat, cid or "", section)


def play_claim(state: GameState, g: Okc, seat: str, action: Action) -> None:
    section = ACTIONS["claim"].section
    check_step(g, ("claim",), section, "claiming rewards")
    assert g.clash is not None
    if g.clash.winner != seat:
        raise refuse(section, "only the clash's winner claims", OkcRefusal.NOT_WINNER, f"{g.clash.winner} claims")
    locs = locations(g, g.clash.region)
    if action.get("location") not in locs:
        raise refuse(section, "choose a Location in the Region just won", OkcRefusal.NO_LOCATION, list(locs))
    clash.claim(state, seat, action.get("location"))


# -- action steps (Spring, Day, Autumn) ----------------------------------------------------

ACTION_STEPS = tuple(TIMING)


def check_turn(g: Okc, seat: str, section: str) -> str:
    timing = TIMING.get(g.step)
    if timing is not None and g.choice is None and g.turn_queue and g.turn_queue[0] == seat:
        return timing   # the usual case, checked without building the refusals below
    check_step(g, ACTION_STEPS, section, "an action")
    if awaited_turn(g) != seat:
        raise refuse(section, "actions are taken in turn order", OkcRefusal.ORDER, f"waiting on {awaited_turn(g)}")
    return TIMING[g.step]


def play_pass(state: GameState, g: Okc, seat: str, action: Action) -> None:
    check_turn(g, seat, ACTIONS["pass"].section)
    g.turn_queue.pop(0)
    state.emit(Event.public("okc.passed", seat=seat, step=g.step))


def play_deploy(state: GameState, g: Okc, seat: str, action: Action) -> None:
    section = ACTIONS["deploy"].section
    timing = check_turn(g, seat, section)
    if not listed_now(g, seat, action, timing):
        check_legal(state, seat, action, section, "Supporters go from your board to an unresolved Region "
                    "(in the Day step: the Region being resolved), in Spring or Day Action steps")
    assert timing in ("spring", "day")
    n, rid = action.get("count"), action.get("region")
    p = g.players[seat]
    p.supporters -= n
    reg = region(g, rid)
    reg.supporters[seat] = reg.supporters.get(seat, 0) + n
    state.emit(Event.public("okc.deployed", seat=seat, region=rid, count=n))


def ability_ctx(g: Okc) -> dict[str, str]:
    return {"region": g.clash.region} if g.step == "day" and g.clash is not None else {}


def play_tactic(state: GameState, g: Okc, seat: str, action: Action) -> None:
    section = ACTIONS["tactic"].section
    if not listed_now(g, seat, action, check_turn(g, seat, section)):
        check_legal(state, seat, action, section, "only your unexhausted Tactics whose timing is now, or an "
                    "ability on the exhausted side of one, once a round")
    t = pack_of(g).tactics[action.get("id")]
    p = g.players[seat]
    side = tactic_side(t, p.tactics[t.id], p.used, TIMING[g.step])
    assert side is not None
    if side is t:
        p.tactics[t.id] = True
    else:
        p.used.append(side.id)
    state.emit(Event.public("okc.tactic", seat=seat, tactic=t.id, exhausted_side=side is not t))
    queue(g, seat, side.steps, source=f"tactic:{t.id}", **ability_ctx(g))


def play_kingdom(state: GameState, g: Okc, seat: str, action: Action) -> None:
    section = ACTIONS["kingdom"].section
    if not listed_now(g, seat, action, check_turn(g, seat, section)):
        check_legal(state, seat, action, section,
                    "a Kingdom card you hold, its action timed now, once a round")
    k = kcard(g, action.get("card"))
    assert k.action is not None
    g.players[seat].used.append(k.id)
    state.emit(Event.public("okc.kingdom_action", seat=seat, card=k.id))
    queue(g, seat, k.action.steps, source=f"kingdom:{k.id}", **ability_ctx(g))


def play_favour(state: GameState, g: Okc, seat: str, action: Action) -> None:
    section = ACTIONS["favour"].section
    if not listed_now(g, seat, action, check_turn(g, seat, section)):
        check_legal(state, seat, action, section,
                    "the Favour's holder spends one use on an ability timed now")
    ability = next(a for a in pack_of(g).favour.abilities if a.id == action.get("ability"))
    g.favour_uses -= 1
    state.emit(Event.public("okc.favour_used", seat=seat, ability=ability.id, uses=g.favour_uses))
    queue(g, seat, ability.steps, source=f"favour:{ability.id}", **ability_ctx(g))


def play_command(state: GameState, g: Okc, seat: str, action: Action) -> None:
    section = ACTIONS["command"].section
    timing = check_turn(g, seat, section)
    cid = action.get("card")
    if timing == "autumn":
        check_legal(state, seat, action, "p.33 Autumn", "an Autumn command on a card in your hand")
        p = g.players[seat]
        p.hand.remove(cid)
        p.discard.append(cid)
        state.emit(Event.public("okc.command", seat=seat, card=cid, timing="autumn"))
        for cmd in card(g, cid).commands:
            if cmd.timing == "autumn":
                queue(g, seat, cmd.steps, source=f"autumn:{cid}")
        return
    if timing != "day":
        raise refuse(section, "commands are used in the Day Action Step or in Autumn", OkcRefusal.PHASE, "pass")
    placed = next((p for p in day_cards(g, seat) if p.card == cid), None)
    if placed is None:
        raise refuse(section, f"{cid!r} is not your Active card with an unused Day command here", OkcRefusal.NO_COMMAND,
                     [p.card for p in day_cards(g, seat)])
    assert g.clash is not None
    cmd = next(c for c in commands(g, placed, "day") if (c.keyword or "day") not in placed.used)
    placed.used.append(cmd.keyword or "day")
    state.emit(Event.public("okc.command", seat=seat, card=cid, timing="day", keyword=cmd.keyword))
    ctx = {"region": g.clash.region, "card": cid, "source": f"day:{cid}"}
    if cmd.keyword in ("ambush", "flank"):
        g.jobs.append(Job(seat, [{"do": cmd.keyword}], dict(ctx)))
    queue(g, seat, cmd.steps, **ctx)


def play_govern(state: GameState, g: Okc, seat: str, action: Action) -> None:
    section = ACTIONS["govern"].section
    check_turn(g, seat, section)
    if g.step != "autumn":
        raise refuse(section, "Govern is an Autumn action (or a reward)", OkcRefusal.PHASE, "pass")
    if g.players[seat].governed:
        raise refuse(section, "you have already Governed this Autumn", OkcRefusal.ONCE, "journey, other actions, pass")
    councils.check_govern(g, seat, action.get("card"), action.get("council"))
    g.players[seat].governed = True
    councils.govern(state, seat, action.get("card"), action.get("council"))


def play_journey(state: GameState, g: Okc, seat: str, action: Action) -> None:
    section = ACTIONS["journey"].section
    check_turn(g, seat, section)
    if g.step != "autumn":
        raise refuse(section, "Journey is an Autumn action (or a reward)", OkcRefusal.PHASE, "pass")
    if g.players[seat].journeyed:
        raise refuse(section, "you have already Journeyed this Autumn", OkcRefusal.ONCE, "govern, other actions, pass")
    lore.check_journey(g, seat, action.get("card"))
    g.players[seat].journeyed = True
    lore.journey(state, seat, action.get("card"))


def play_choose(state: GameState, g: Okc, seat: str, action: Action) -> None:
    c = g.choice
    if c is None or c.seat != seat:
        raise RuleError("effects", "no effect waits on your choice", code=OkcRefusal.NO_CHOICE)
    if action.get("option") not in c.options:
        raise refuse("effects", f"{action.get('option')!r} is not an option for {c.kind}", Refusal.BAD_OPTION, c.options)
    answer_choice(state, action.get("option"))


HANDLERS: dict[str, Handler] = {
    "bid": play_bid, "place": play_place, "road": play_resolve, "steal": play_resolve, "keep": play_resolve,
    "herald": play_herald, "order": play_order, "tie": play_tie, "claim": play_claim, "pass": play_pass,
    "deploy": play_deploy, "tactic": play_tactic, "kingdom": play_kingdom, "favour": play_favour,
    "command": play_command, "govern": play_govern, "journey": play_journey, "choose": play_choose,
    "ally": lambda state, g, seat, action: allies.play(state, seat, action),
    "ally_place": lambda state, g, seat, action: allies.play(state, seat, action),
}


def play(state: GameState, seat: str, action: Action) -> None:
    """Carry out a checked ``action`` (``engine.core.apply`` refuses it first once the game is over or when
    ``seat`` is not awaited)."""
    g: Okc = state.data
    handler = HANDLERS.get(action.kind)
    if handler is not None:
        handler(state, g, seat, action)
    else:
        owner = next((m for m in g.playing if action.kind in m.actions), None)
        if owner is None or action.kind not in actions_for(g):
            modules = join_words(f"the {m.title}" for m in g.playing)
            raise RuleError("modules", f"{action.kind!r} belongs to a module not in this game", code=OkcRefusal.NO_MODULE,
                            legal=f"the actions of the base game and {modules}" if modules else "the base game's actions")
        owner.play(state, seat, action)
    if g.modules:
        for m in hooked(g.playing, "acted"):
            m.acted(state, seat, action)
    advance(state)


# Ambush and Flank: built-in Day commands, carried out as internal effect steps.

def s_ambush(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any], answer: object) -> None:
    """Ambush: add a card from hand face down next to this Region; it is revealed after the Day step."""
    g: Okc = state.data
    p = g.players[seat]
    if answer is None:
        if p.hand:
            ask(g, seat, "ambush", "ambush with which card", sorted(set(p.hand)), step, ctx)
        return
    p.hand.remove(str(answer))
    region(g, ctx["region"]).cards.append(Placed(str(answer), seat))
    state.emit(Event.public("okc.ambush", seat=seat, region=ctx["region"]))


def s_flank(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any], answer: object) -> None:
    """Flank: move this card to another Region still to be resolved. It stays Active (p.43: face up next to a
    Region), so nothing it gained is lost: its revealed Boons go with it (Wild Kingdom, Using Boons; ruling W4)."""
    g: Okc = state.data
    placed = source_placed(g, ctx)
    targets = clash.flank_targets(g, ctx["region"])
    if placed is None or not targets:
        return
    if answer is None:
        ask(g, seat, "flank", "flank to which Region", targets, step, ctx)
        return
    region(g, ctx["region"]).cards.remove(placed)
    region(g, str(answer)).cards.append(placed)
    state.emit(Event.public("okc.flanked", seat=seat, card=placed.card, frm=ctx["region"], to=answer))


def _register() -> None:
    STEP_HANDLERS["ambush"] = s_ambush
    STEP_HANDLERS["flank"] = s_flank


_register()
