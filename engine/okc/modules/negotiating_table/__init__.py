"""Negotiating Table (Wild Kingdom, complexity 3; 3 and 4 players): the Negotiation Step and Bartering.

The Negotiation Step comes every Spring once the bids at the Great Road are resolved, before the Heralds.
It is simultaneous: any player who has not said they are done may offer a barter to another player (what
each side hands over, :mod:`.barter`), sent to that player alone; the addressee accepts or declines, the
offerer may withdraw. Acceptance is binding and immediate: both sides are checked again (you may not
Barter with what you no longer have) and both move together, or nothing does. The step ends when every
player has said they are done and no offer waits on an answer (ruling NT1: a player who is done still
answers offers made to them, and says nothing more). The deadline's default is done (and decline).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache
from typing import Any, ClassVar

from engine.core import (
    Action,
    ActionSpec,
    Decision,
    DecisionKind,
    Event,
    GameState,
    Param,
    ParamType,
    Refusal,
    RuleError,
)
from engine.core import decision as make_decision
from engine.okc.modules.api import (
    EffectHandler,
    Module,
    Okc,
    OkcRefusal,
    act,
    is_ally,
    one,
    resume,
    stealable,
)
from engine.okc.modules.api import waits_on as base_waits_on
from engine.okc.modules.negotiating_table import agreements, alliances, barter, compose, words
from engine.okc.modules.negotiating_table.book import (
    NAME,
    SECTION,
    STEP,
    find_offer,
    in_step,
    open_offers,
    table,
    talking,
)

# Random agents: all suggested offers of a seat together weigh about as much as saying done.
OFFERS_WEIGHT = 1.2
# Setup II: two Trade Agreement / Alliance cards each, in the Supply.
CARDS = 2
# Why an offer is accepted or declined, told to the proposer (a computer player always says why, ruling NT15):
# it leaves the answering player better placed; it costs them more than it brings; its terms would bind them
# against their interest; it cannot be accepted now; this player takes no offers.
REASONS: tuple[str, ...] = ("helps", "costs", "binds", "cannot", "unweighed")
# Actions a party may take at any point (they never wait on anyone): suggested only while awaited.
ANYTIME = frozenset({"fulfil_agreement", "cancel_agreement", "breach"})


# -- the step -----------------------------------------------------------------------------------

def open_step(state: GameState) -> None:
    g: Okc = state.data
    t = table(g)
    t["done"], t["offers"], t["made"] = [], [], {}
    alliances.end_all(state)
    g.step = STEP
    state.emit(Event.public("okc.negotiation_opened", round=g.round))


def wait_step(state: GameState) -> bool:
    """The step ends once everyone is done and no offer waits on its answer."""
    g: Okc = state.data
    if talking(g) or open_offers(g):
        return False

    agreements.due(state)
    state.emit(Event.public("okc.negotiation_closed", round=g.round))
    resume(state, "after_bids", NAME)
    return True


# -- actions ---------------------------------------------------------------------------------------

def check_step(g: Okc, what: str) -> None:
    if g.step != STEP:
        raise RuleError(SECTION, f"{what} happens only in the Negotiation Step, each Spring after the bids",
                        code=OkcRefusal.PHASE, legal="wait for the next Spring")
    if g.choice is not None or g.jobs:
        raise RuleError(SECTION, "a Kingdom card received must be Occupied first", code=OkcRefusal.CHOICE_PENDING,
                        legal="choose option:...")


def check_proposer(g: Okc, seat: str, what: str) -> None:
    """Offers are made during the Step, and only by a player who has not said they are done."""
    check_step(g, what)
    if seat not in talking(g):
        raise RuleError(SECTION, "you said you are done negotiating this Spring: you can only answer offers",
                        code=OkcRefusal.DONE, legal="accept or decline the offers made to you")


def play_offer(state: GameState, seat: str, action: Action) -> None:
    g: Okc = state.data
    check_proposer(g, seat, "offering a barter")
    to = _other_player(g, seat, action, barter.SECTION, "a barter is offered to another player")
    give = barter.parse(g, seat, list(action.get("give") or ()))
    take = barter.parse(g, to, list(action.get("take") or ()))
    if give.empty and take.empty:
        raise RuleError(barter.SECTION, "an offer gives or asks for something", code=Refusal.EMPTY_OFFER,
                        legal="give:influence:1 or take:lore:1, for example")
    barter.check(g, seat, give)
    new_offer(state, seat, to, "barter", list(action.get("give") or ()), list(action.get("take") or ()))


def _other_player(g: Okc, seat: str, action: Action, section: str, why: str) -> str:
    """The seat an offer is addressed to (``to``), refused unless it is another player at the table."""
    to = str(action.get("to") or "")
    if to not in g.players or to == seat:
        raise RuleError(section, why, code=OkcRefusal.NO_PLAYER, legal=[s for s in g.order if s != seat])
    return to


def new_offer(state: GameState, seat: str, to: str, kind: str, give: list[str], take: list[str],
              **more: Any) -> None:
    """Record an offer and send it to its addressee; the table learns only that it exists."""
    t = table(state.data)
    number = t["next"]
    t["next"] = number + 1
    made = t.setdefault("made", {})   # (a game saved before the count began has none)
    made[seat] = made.get(seat, 0) + 1
    t["offers"].append({"id": number, "by": seat, "to": to, "kind": kind, "give": give, "take": take, **more})
    state.emit(Event.private((seat, to), "okc.offer_made", offer=number, by=seat, to=to, deal=kind, give=give,
                             take=take, **more))
    state.emit(Event.public("okc.offer_opened", offer=number, by=seat, to=to))


def play_alliance(state: GameState, seat: str, action: Action) -> None:
    g: Okc = state.data
    check_proposer(g, seat, "proposing an Alliance")
    to = str(action.get("to") or "")
    alliances.check_ally(g, seat, to)
    new_offer(state, seat, to, "alliance", [], [])


def play_agreement(state: GameState, seat: str, action: Action) -> None:
    """Offer a binding Trade Agreement: a barter made now plus terms for later (checkable, free text or both)."""
    g: Okc = state.data
    check_proposer(g, seat, "offering a Trade Agreement")
    to = _other_player(g, seat, action, agreements.SECTION, "an agreement is made with another player")
    give = barter.parse(g, seat, list(action.get("give") or ()))
    barter.parse(g, to, list(action.get("take") or ()))
    terms = list(action.get("terms") or ())
    agreements.parse_terms(g, (seat, to), terms)
    text = " ".join(str(action.get("text") or "").split())
    if len(text) > agreements.TEXT_LIMIT:
        raise RuleError(agreements.SECTION, f"the terms in your own words are {len(text)} characters long; at most "
                        f"{agreements.TEXT_LIMIT} fit", code=OkcRefusal.LONG_TEXT, legal="shorter terms")
    if not terms and not text:
        raise RuleError(agreements.SECTION, "an agreement needs terms: checkable ones, free text or both",
                        code=OkcRefusal.NO_TERMS, legal="terms:clans:no_command:deadly:highlands:2 or text:\"...\"")
    agreements.check_cards(g, seat, to)
    barter.check(g, seat, give)
    new_offer(state, seat, to, "agreement", list(action.get("give") or ()), list(action.get("take") or ()),
              terms=terms, text=text)


def check_reason(action: Action) -> str:
    """The reason given with an answer ("" for none), refused unless it is one of :data:`REASONS`."""
    why = str(action.get("reason") or "")
    if why and why not in REASONS:
        raise RuleError(barter.SECTION, f"{why!r} is not a reason the table can tell", code=OkcRefusal.BAD_REASON,
                        legal=list(REASONS))
    return why


def tell_reason(state: GameState, seat: str, offer: dict[str, Any], why: str, accepted: bool) -> None:
    """The reason goes to the proposer (and the one answering) only: the offer's content stays theirs."""
    if why:
        state.emit(Event.private((offer["by"], seat), "okc.offer_reason", offer=offer["id"], by=offer["by"], to=seat,
                                 deal=offer.get("kind", "barter"), reason=why, accepted=accepted))


def play_accept(state: GameState, seat: str, action: Action) -> None:
    g: Okc = state.data
    check_step(g, "accepting an offer")
    why = check_reason(action)
    offer = find_offer(g, action.get("offer"))
    if offer is None or offer["to"] != seat:
        raise RuleError(barter.SECTION, "no offer of that number waits on your answer", code=Refusal.NO_OFFER,
                        legal=[o["id"] for o in open_offers(g) if o["to"] == seat] or "no offer waits on you")
    if offer.get("kind") == "alliance":
        alliances.check_ally(g, seat, offer["by"])
        open_offers(g).remove(offer)
        tell_reason(state, seat, offer, why, True)
        alliances.form(state, offer["by"], seat)
        return
    by = offer["by"]
    give, take = barter.parse(g, by, offer["give"]), barter.parse(g, seat, offer["take"])
    if offer.get("kind") == "agreement":
        agreements.check_cards(g, seat, by)
    barter.check(g, by, give, who="the offering player")
    barter.check(g, seat, take)
    barter.check_receiver(g, seat, give, take)
    barter.check_receiver(g, by, take, give)
    open_offers(g).remove(offer)
    tell_reason(state, seat, offer, why, True)
    barter.transfer(state, by, seat, give)
    barter.transfer(state, seat, by, take)
    if give.hand or take.hand:
        state.emit(Event.private((by, seat), "okc.barter_cards", offer=offer["id"], by=by, to=seat,
                                 give=list(give.hand), take=list(take.hand)))
    if not (give.empty and take.empty):
        state.emit(Event.public("okc.bartered", offer=offer["id"], by=by, to=seat, give=barter.public_side(give),
                                take=barter.public_side(take)))
    if offer.get("kind") == "agreement":
        terms = agreements.parse_terms(g, (by, seat), offer.get("terms") or [])
        agreements.make(state, by, seat, terms, str(offer.get("text") or ""))


def play_decline(state: GameState, seat: str, action: Action) -> None:
    g: Okc = state.data
    check_step(g, "declining a barter")
    why = check_reason(action)
    offer = find_offer(g, action.get("offer"))
    if offer is None or seat not in (offer["by"], offer["to"]):
        raise RuleError(barter.SECTION, "no open offer of that number was made by you or to you", code=Refusal.NO_OFFER,
                        legal=[o["id"] for o in open_offers(g) if seat in (o["by"], o["to"])] or "no open offer")
    open_offers(g).remove(offer)
    how = "withdrawn" if seat == offer["by"] else "declined"
    state.emit(Event.public(f"okc.offer_{how}", offer=offer["id"], by=offer["by"], to=offer["to"]))
    if how == "declined":
        tell_reason(state, seat, offer, why, False)


def play_done(state: GameState, seat: str, action: Action) -> None:
    g: Okc = state.data
    check_step(g, "saying you are done")
    if seat not in talking(g):
        raise RuleError(SECTION, "you already said you are done this Spring", code=OkcRefusal.DONE,
                        legal="accept or decline the offers made to you")
    table(g)["done"].append(seat)
    state.emit(Event.public("okc.negotiation_done", seat=seat))


HANDLERS = {"offer": play_offer, "accept_offer": play_accept, "decline_offer": play_decline,
            "done_negotiating": play_done, "alliance": play_alliance,
            "show_hand": lambda state, seat, action: alliances.show_hand(state, seat),
            "name_winner": alliances.vote, "agreement": play_agreement,
            "pay": lambda state, seat, action: run(state, agreements.pay, seat, action),
            "fulfil_agreement": agreements.consent, "cancel_agreement": agreements.consent,
            "breach": agreements.claim_breach, "judge": agreements.judge}


def run(state: GameState, fn: Callable[[GameState, str, Action], None], seat: str, action: Action) -> None:
    check_step(state.data, "paying what an agreement promised")
    fn(state, seat, action)


# -- what a seat may do now (buttons, autocomplete, random agents) --------------------------------------

def my_components(g: Okc, seat: str) -> list[str]:
    """One of each thing ``seat`` could hand over now (the suggested offers: one component for one)."""
    p = g.players[seat]
    out = [f"{w}:1" for w in barter.AMOUNTS if getattr(p, w) >= 1]
    out += ["favour"] if g.favour_holder == seat else []
    out += sorted(set(p.hand)) + list(p.site) + stealable(g, seat) + list(p.tactics)
    return out


def public_components(g: Okc, seat: str) -> list[str]:
    """What the table can see that ``seat`` could hand over (what another player may ask for)."""
    p = g.players[seat]
    out = [f"{w}:1" for w in barter.AMOUNTS if getattr(p, w) >= 1]
    out += ["favour"] if g.favour_holder == seat else []
    return out + list(p.site) + stealable(g, seat) + list(p.tactics)


def suggested_offers(g: Okc, seat: str) -> list[Action]:
    """Offers of one component for one (or for nothing) to each other player."""
    mine = my_components(g, seat)
    basic = [c for c in mine if c.endswith(":1")]
    out: list[Action] = []
    for other in g.order:
        if other == seat:
            continue
        theirs = public_components(g, other)
        asks = tuple([c for c in theirs if c.endswith(":1")])
        for give in mine:
            out += offers(other, give, asks, True)
        rest = tuple([ask for ask in theirs if ask not in asks])
        for give in basic:
            out += offers(other, give, rest, False)
    return out


@lru_cache(maxsize=8192)
def offers(to: str, give: str, asks: tuple[str, ...], alone: bool) -> tuple[Action, ...]:
    """``Action.of("offer", to=to, give=[give])`` when ``alone``, then with ``take=[ask]`` for each of ``asks``:
    built directly and once (hundreds each Spring, mostly the same from one decision to the next)."""
    out = [Action("offer", (("give", (give,)), ("to", to)))] if alone else []
    out += [Action("offer", (("give", (give,)), ("take", (ask,)), ("to", to))) for ask in asks]
    return tuple(out)


SHOW_HAND = act("show_hand")
DONE_NEGOTIATING = act("done_negotiating")


def legal(state: GameState, seat: str) -> list[Action]:
    g: Okc = state.data
    deals = agreements.legal(g, seat)
    judging = [a for a in deals if a.kind == "judge"]
    anytime = [a for a in deals if a.kind in ANYTIME]
    ally = alliances.ally_of(g, seat)
    if ally is not None and g.players[seat].hand:
        anytime.append(SHOW_HAND)
    if not in_step(g):
        return alliances.legal(g, seat) + judging + (anytime if anytime and waits_on(state, seat) else [])
    out: list[Action] = judging + anytime
    for o in open_offers(g):
        if o["to"] == seat:
            if accepts(g, o):
                out.append(one("accept_offer", "offer", o["id"]))
            out.append(one("decline_offer", "offer", o["id"]))
        elif o["by"] == seat and seat in talking(g):
            out.append(one("decline_offer", "offer", o["id"]))
    if seat in talking(g):
        out.append(DONE_NEGOTIATING)
        out += [a for a in deals if a.kind == "pay"]
        if ally is None and alliances.free_card(g, seat) is not None:   # else can_ally refuses every player
            out += [one("alliance", "to", o) for o in g.order if not alliances.can_ally(g, seat, o) and not any(
                x.get("kind") == "alliance" and {x["by"], x["to"]} == {seat, o} for x in open_offers(g))]
        out += suggested_offers(g, seat) + suggested_agreements(g, seat)
    return out


def suggested_agreements(g: Okc, seat: str) -> list[Action]:
    """For each other player with a card free (both need one): 1 Lore or 1 Influence for a promise of theirs
    (no Deadly card in a Region, no claim of a Location, no use of a Tactic, this round or the next), or for
    free-text terms; or a promise of 1 Influence by next round for 1 Lore now."""
    if alliances.free_card(g, seat) is None:
        return []
    p = g.players[seat]
    coin = "lore:1" if p.lore else "influence:1" if p.influence else None
    last = min(g.round + 1, g.length)
    out: list[Action] = []
    regions = tuple([r.id for r in g.regions])
    locs = tuple(sorted(g.layout.get(g.regions[1].id, [])))
    for other in g.order:
        if other == seat or alliances.free_card(g, other) is None:
            continue
        o = g.players[other]
        out += agreement_offers(p.faction, coin, other, o.faction, tuple(sorted(o.tactics)[:2]),
                                bool(o.lore) and g.round < g.length, g.round, last, regions, locs)
    return out


@lru_cache(maxsize=4096)
def agreement_offers(faction: str, coin: str | None, other: str, them: str, tactics: tuple[str, ...],
                     lore: bool, round_: int, last: int, regions: tuple[str, ...],
                     locs: tuple[str, ...]) -> tuple[Action, ...]:
    """The agreements :func:`suggested_agreements` suggests to ``other``, built once for the same facts."""
    promises = [f"{them}:no_command:deadly:{r}:{round_}" for r in regions]
    promises += [f"{them}:no_claim:{loc}:{round_}" for loc in locs]
    promises += [f"{them}:no_tactic:{t}:{last}" for t in tactics]
    give = [coin] if coin else None
    out = [Action.of("agreement", to=other, give=give, terms=[term]) for term in promises]
    out.append(Action.of("agreement", to=other, give=give, text="We keep the peace in the Plateau this round."))
    if lore:
        out.append(Action.of("agreement", to=other, take=["lore:1"], terms=[f"{faction}:give:influence:1:{round_ + 1}"]))
    return tuple(out)


def waits_on(state: GameState, seat: str) -> bool:
    """Whether the game waits on ``seat`` (show_hand is suggested only then, as random agents act only then)."""

    return base_waits_on(state, seat)


def accepts(g: Okc, offer: dict[str, Any]) -> bool:
    """Whether accepting ``offer`` would go through now."""
    if offer.get("kind") == "alliance":
        return not alliances.can_ally(g, offer["to"], offer["by"])
    try:
        give, take = barter.parse(g, offer["by"], offer["give"]), barter.parse(g, offer["to"], offer["take"])
        if offer.get("kind") == "agreement":
            agreements.check_cards(g, offer["to"], offer["by"])
        barter.check(g, offer["by"], give)
        barter.check(g, offer["to"], take)
        barter.check_receiver(g, offer["to"], give, take)
        barter.check_receiver(g, offer["by"], take, give)
    except RuleError:
        return False
    return True


def pending(state: GameState) -> list[Decision]:
    g: Okc = state.data
    judging = agreements.pending(g) if table(g)["agreements"] else []
    if not in_step(g):
        return judging + alliances.pending(g)
    out = judging + [make_decision(f"offer-{o['id']}", DecisionKind.RESPONSE, [o["to"]], "okc.offer",
                         one("decline_offer", "offer", o["id"]), offer=o["id"], by=o["by"]) for o in open_offers(g)]
    seats = talking(g)
    if seats:
        out.append(make_decision(f"negotiation-{g.round}", DecisionKind.SIMULTANEOUS, seats, "okc.negotiation",
                                 DONE_NEGOTIATING))
    return out


def weight_offer(state: GameState, seat: str, action: Action) -> float:
    """Suggested offers share :data:`OFFERS_WEIGHT` among them (about one offer a seat a Spring)."""
    g: Okc = state.data
    p = g.players[seat]
    about = 4 + len(p.hand) + len(p.site) + len(p.kingdom) + len(p.tactics)   # ~ len(my_components), cheaply
    return OFFERS_WEIGHT / (max(1, len(g.order) - 1) * about * 4)


class NegotiatingTable(Module):
    name = NAME
    title = "Negotiating Table"
    complexity = 3
    order: ClassVar[int] = 70
    min_seats: ClassVar[int] = 3
    actions: ClassVar[dict[str, ActionSpec]] = {
        "offer": ActionSpec("offer", "Negotiation Step: offer a barter to another player (what you give, what you "
                            "ask for); only they see it", (
                                Param("to", doc="the player you offer it to"),
                                Param("give", ParamType.LIST, "what you hand over: influence:N, lore:N, "
                                      "supporters:N, favour, cards and Tactics by name", required=False),
                                Param("take", ParamType.LIST, "what you ask for in return", required=False)),
                            barter.SECTION, secret=True),
        "accept_offer": ActionSpec("accept_offer", "Accept a barter offered to you: both sides move at once",
                                   (Param("offer", ParamType.INT),
                                    Param("reason", choices=REASONS, required=False,
                                          doc="why, told to the one who offered it")), barter.SECTION),
        "decline_offer": ActionSpec("decline_offer", "Decline a barter offered to you, or withdraw your own",
                                    (Param("offer", ParamType.INT),
                                     Param("reason", choices=REASONS, required=False,
                                           doc="why, told to the one who offered it")), barter.SECTION),
        "done_negotiating": ActionSpec("done_negotiating", "Say you are done negotiating this Spring", (), SECTION),
        "alliance": ActionSpec("alliance", "Negotiation Step: propose an Alliance to another player (each flips a "
                               "Trade Agreement card); it lasts until the next Negotiation Step",
                               (Param("to", doc="the player you propose it to"),), alliances.SECTION),
        "show_hand": ActionSpec("show_hand", "Send your hand to your ally by DM", (), alliances.SECTION,
                                anytime=True),
        "agreement": ActionSpec("agreement", "Negotiation Step: offer a binding Trade Agreement: a barter now "
                                "(optional) and terms the bot checks, free-text terms, or both",
                                (Param("to", doc="the other party"),
                                 Param("give", ParamType.LIST, "what you hand over now", required=False),
                                 Param("take", ParamType.LIST, "what you receive now", required=False),
                                 Param("terms", ParamType.LIST, "checkable terms, e.g. "
                                       "clans:no_command:deadly:highlands:2", required=False),
                                 Param("text", doc="terms in your own words (judged by the others if "
                                       "claimed broken)", required=False)),
                                agreements.SECTION, secret=True),
        "pay": ActionSpec("pay", "Negotiation Step: hand over what an agreement of yours promised",
                          (Param("agreement", ParamType.INT),), agreements.SECTION),
        "fulfil_agreement": ActionSpec("fulfil_agreement", "Say an agreement with free-text terms is fulfilled "
                                       "(both parties must)", (Param("agreement", ParamType.INT),),
                                       "Wild Kingdom: Negotiating Table, Fulfilling a Binding Trade Agreement",
                                       anytime=True),
        "cancel_agreement": ActionSpec("cancel_agreement", "Agree to cancel an agreement (both parties must)",
                                       (Param("agreement", ParamType.INT),),
                                       "Wild Kingdom: Negotiating Table, Cancelling a Binding Trade Agreement",
                                       anytime=True),
        "breach": ActionSpec("breach", "Claim the other party broke an agreement's free-text terms: the "
                             "other players judge", (Param("agreement", ParamType.INT),), agreements.OUTRAGE,
                             anytime=True),
        "judge": ActionSpec("judge", "Judge a claimed breach of an agreement you are not in, secretly",
                            (Param("agreement", ParamType.INT), Param("verdict", choices=agreements.VERDICTS)),
                            agreements.OUTRAGE, secret=True),
        "name_winner": ActionSpec("name_winner", "Allies topping a clash together: name its winner, secretly",
                                  (Param("seat", doc="you or your ally"),), alliances.SECTION, secret=True),
    }
    steps: ClassVar[dict[str, Callable[[GameState], bool]]] = {STEP: wait_step,
                                                              alliances.VOTE_STEP: alliances.wait_votes}
    effects: ClassVar[dict[str, EffectHandler]] = {"barter_occupy": barter.s_occupy}
    weights: ClassVar[dict[str, Any]] = {
        "offer": weight_offer, "alliance": lambda state, seat, action: 0.1,
        "agreement": lambda state, seat, action: 0.03, "pay": lambda state, seat, action: 0.6,
        "show_hand": lambda state, seat, action: 0.02, "fulfil_agreement": lambda state, seat, action: 0.1,
        "cancel_agreement": lambda state, seat, action: 0.1, "breach": lambda state, seat, action: 0.05}
    flat_weights: ClassVar[frozenset[str]] = frozenset(weights)   # none of them reads the action

    def check_options(self, seats: int, options: dict[str, Any]) -> None:
        if seats < self.min_seats:
            raise RuleError("Wild Kingdom: Negotiating Table, Setup", "the Negotiating Table is played with 3 or 4 "
                            "players", code=Refusal.BAD_OPTION, legal="3 or 4 players, or leave the module out")

    def setup(self, state: GameState) -> None:
        g: Okc = state.data
        g.extra[NAME] = {"done": [], "offers": [], "made": {}, "next": 1, "alliances": [], "vote": None, "votes": {},
                         "agreements": [], "next_deal": 1,
                         "cards": {s: [{"with": None, "alliance": False, "deal": None} for _ in range(CARDS)]
                                   for s in g.order}}

    def after_bids(self, state: GameState) -> bool:
        open_step(state)
        return True

    def legal(self, state: GameState, seat: str) -> list[Action]:
        return legal(state, seat)

    def pending(self, state: GameState) -> list[Decision]:
        return pending(state)

    def play(self, state: GameState, seat: str, action: Action) -> None:
        HANDLERS[action.kind](state, seat, action)

    def reveal(self, state: GameState, region: str, cards: list[Any]) -> None:
        agreements.revealed(state, region, cards)

    def rewarded(self, state: GameState, seat: str, location: str) -> None:
        agreements.rewarded(state, seat, location)

    def acted(self, state: GameState, seat: str, action: Action) -> None:
        agreements.acted(state, seat, action)

    def cleanup(self, state: GameState) -> None:
        agreements.round_over(state)

    def end(self, state: GameState) -> None:
        agreements.end(state)

    def allied(self, g: Any, seat: str) -> frozenset[str]:
        ally = alliances.ally_of(g, seat)
        return frozenset((ally,)) if ally is not None else frozenset()

    def allied_win(self, state: GameState, region: str, seats: list[str], best: int) -> bool:
        return alliances.allied_win(state, region, seats, best)

    def view(self, state: GameState, seat: str | None, out: dict[str, Any]) -> None:
        g: Okc = state.data
        t = table(g)
        out[NAME] = {
            "name": "Negotiating Table", "open": g.step == STEP, "done": list(t["done"]),
            **alliances.view(g, seat), "agreements": agreements.view(g, seat),
            "offers": [{"offer": o["id"], "by": o["by"], "to": o["to"],
                        **(private_offer(o) if seat in (o["by"], o["to"]) else {})}
                       for o in t["offers"]],
        }

    def suggest(self, state: GameState, seat: str, kind: str, param: str) -> list[Any] | None:
        """What a barter or an agreement may hand over or ask for, one component each."""
        if kind in ("offer", "agreement") and param in ("give", "take"):
            return compose.suggest_components(state.data, seat, param)
        return None

    def permute(self, state: GameState, rnd: random.Random) -> None:
        """Cards from hand named in open offers stay in their holder's hand (the other party knows them):
        one the shuffle moved into the deck trades places with a hand card of the same kind."""
        keep_offered_cards(state.data)

    def words(self, w: Any) -> None:
        words.register(w)


def private_offer(o: dict[str, Any]) -> dict[str, Any]:
    """What only the two parties of an offer see of it."""
    out = {"deal": o.get("kind", "barter"), "give": list(o["give"]), "take": list(o["take"])}
    if o.get("kind") == "agreement":
        out.update(terms=list(o.get("terms") or []), text=o.get("text") or "")
    return out


def keep_offered_cards(g: Okc) -> None:
    for o in open_offers(g):
        for side, seat in (("give", o["by"]), ("take", o["to"])):
            p = g.players[seat]
            named = [c for c in o[side] if c in p.hand or c in p.deck]
            for c in named:
                if p.hand.count(c) >= named.count(c) or c not in p.deck:
                    continue
                kind = is_ally(g, seat, c)
                x = next((i for i, h in enumerate(p.hand) if h not in named and is_ally(g, seat, h) == kind), None)
                if x is None:
                    continue
                d = p.deck.index(c)
                p.hand[x], p.deck[d] = c, p.hand[x]


