"""Carrying out each command: check everything first (RuleError names the section and what
would be legal), then change the state. One handler per action kind."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Action, Event, GameState, RuleError
from engine.fief import (
    cards,
    characters,
    disasters,
    fortune,
    income,
    pigeons,
    purchase,
    ransom,
    retainers,
    setup,
    titles,
)
from engine.fief.flow import advance, current_actor, end_turn, label
from engine.fief.map import REGION_IDS
from engine.fief.state import MAP, Fief, player_of
from engine.fief.succession import give_title

Handler = Callable[[GameState, Fief, str, Action], None]
HANDLERS: dict[str, Handler] = {}


def handler(kind: str) -> Callable[[Handler], Handler]:
    def wrap(fn: Handler) -> Handler:
        HANDLERS[kind] = fn
        return fn
    return wrap


def city_arg(value: Any) -> str:
    return MAP.city_key(str(value)) or str(value)


def region_arg(value: Any) -> str:
    text = str(value).strip().upper()
    if text.isdigit() and 1 <= int(text) <= 6:
        return REGION_IDS[int(text) - 1]
    for r in MAP.regions.values():
        if r.name.upper() == text:
            return r.id
    return text


def turn(g: Fief, seat: str, steps: tuple[str, ...], section: str) -> str:
    """The acting family when ``seat`` has the turn in one of ``steps``."""
    if g.tasks:
        t = g.tasks[0]
        raise RuleError(section, f"first the {t.kind} decision of the {t.family} family", code="task_first",
                        legal=f"waiting on {g.families[t.family].seat}")
    if g.flow.step not in steps:
        raise RuleError(section, f"not during {label(g)} ({g.flow.step})", code="wrong_step",
                        legal=f"during the {'/'.join(steps)} step")
    actor = current_actor(g)
    if actor is None or g.families[actor].seat != seat:
        who = g.families[actor].seat if actor else "nobody"
        raise RuleError("turn", f"it is {who}'s turn", code="not_your_turn", legal=f"waiting on {who}")
    return actor


def opportunity_time(g: Fief) -> bool:
    """2.6, FAQ: Opportunity cards may be played at any time but during a player's Draw action."""
    if g.flow.step == "start":
        return False
    if g.flow.step == "draw":
        actor = current_actor(g)
        p = g.players[g.families[actor].seat] if actor else None
        return p is None or not (p.drawn or p.done_discarding)
    return True


def task_for(g: Fief, seat: str, kind: str, section: str) -> Any:
    if not g.tasks or g.tasks[0].kind != kind or g.families[g.tasks[0].family].seat != seat:
        raise RuleError(section, f"no {kind} decision waits for you", code="no_task",
                        legal=f"waiting on {g.families[g.tasks[0].family].seat}" if g.tasks else "no decision pending")
    return g.tasks[0]


# -- setup and Phase 2 -----------------------------------------------------------------------
@handler("start")
def _start(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("start",), "13.6")
    city = setup.check_start(g, city_arg(a["city"]))
    setup.place_start(state, g, fam, city)
    end_turn(state)


@handler("discard")
def _discard(state: GameState, g: Fief, seat: str, a: Action) -> None:
    turn(g, seat, ("draw",), "2.0")
    p = g.players[seat]
    cards.check_discard(g, p, a["card"])
    cards.discard(state, g, p, a["card"])


@handler("draw")
def _draw(state: GameState, g: Fief, seat: str, a: Action) -> None:
    turn(g, seat, ("draw",), "2.0")
    p = g.players[seat]
    deck = str(a["deck"]).lower()
    cards.check_draw(g, p, deck)
    p.done_discarding = True
    cards.draw(state, g, p, deck)


@handler("done")
def _done(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("start", "draw", "play", "scorch", "ransom", "purchase"), "1.0")
    if g.flow.step == "start":
        raise RuleError("13.6", "choose a starting city first", code="start_first", legal=setup.start_choices(g))
    if g.flow.step == "ransom":
        ransom.check_done(g, fam)
    state.emit(Event.public("turn.done", seat=seat, family=fam, step=g.flow.step))
    end_turn(state)


@handler("play_noble")
def _play_noble(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("play",), "2.11")
    city = city_arg(a["city"])
    characters.check_noble(g, fam, a["card"], city)
    characters.play_noble(state, g, fam, a["card"], city)
    advance(state)


@handler("play_abbess")
def _play_abbess(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("play",), "2.13")
    city = city_arg(a["city"])
    characters.check_abbess(g, fam, a["card"], a["noble"], city)
    characters.play_abbess(state, g, fam, a["card"], a["noble"], city)


@handler("play_clergy")
def _play_clergy(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("play",), "2.14")
    characters.check_clergy(g, fam, a["card"], a["noble"])
    characters.play_clergy(state, g, fam, a["card"], a["noble"])


@handler("play_harvest")
def _play_harvest(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("play",), "2.6")
    region = region_arg(a["region"])
    fortune.check_harvest(g, fam, a["card"], region)
    fortune.play_bonus(state, g, fam, a["card"], region)


@handler("play_weather")
def _play_weather(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """Good Weather is an Opportunity card: any time but the draw action (2.6, 2.7)."""
    if not opportunity_time(g):
        raise RuleError("2.6", "Opportunity cards cannot be played during a draw action or setup",
                        code="draw_action", legal="before the draws begin, or once they are over")
    fam = current_actor(g) if (current_actor(g) and g.families[current_actor(g) or ""].seat == seat) else None
    fam = fam or g.players[seat].families[0]
    region = region_arg(a["region"])
    fortune.check_weather(g, fam, a["card"], region)
    fortune.play_bonus(state, g, fam, a["card"], region)


@handler("play_tax")
def _play_tax(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("play",), "2.8")
    tallage = region_arg(a["tallage"]) if a.get("tallage") else None
    tithe = str(a["tithe"]).lower() if a.get("tithe") else None
    fortune.check_tax(g, fam, a["card"], tallage, tithe)
    fortune.play_tax(state, g, fam, a["card"], tallage, tithe)


@handler("give_retainer")
def _give_retainer(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("play",), "2.12")
    receiver = retainers.check_give(g, fam, a["giver"], a["receiver"])
    price = int(a.get("price") or 0)
    if price < 0:
        raise RuleError("2.12", "a price is a number of shillings", code="price", legal="0 or more")
    if receiver.family in g.players[seat].families:
        retainers.give(state, g, a["giver"], a["receiver"])
        return
    g.requests.ask(state, "retainer", seat, g.families[receiver.family].seat, default=False,
                   giver=a["giver"], receiver=receiver.id, price=price)


@handler("mata")
def _mata(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("play", "purchase"), "2.12")
    retainers.check_mata(g, fam, a["noble"], a["target"], a["card"])
    retainers.mata(state, g, fam, a["noble"], a["target"], a["card"])


@handler("muster")
def _muster(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("purchase",), "2.12")
    retainers.check_muster(g, fam, a["noble"])
    retainers.muster(state, g, fam, a["noble"])


# -- tasks -------------------------------------------------------------------------------
@handler("plague_losses")
def _plague_losses(state: GameState, g: Fief, seat: str, a: Action) -> None:
    task = task_for(g, seat, "plague", "2.5")
    units = [str(u).lower() for u in a["units"]]
    disasters.check_losses(g, task, units)
    g.tasks.pop(0)
    disasters.take_losses(state, g, task, units)
    advance(state)


@handler("bestow")
def _bestow(state: GameState, g: Fief, seat: str, a: Action) -> None:
    task = task_for(g, seat, "bestow", "4.8")
    if region_arg(a["region"]) != task.region or a["noble"] not in task.options:
        raise RuleError("4.8", f"the title of region {task.region} goes to one of your nobles", code="bestow",
                        legal=[f"region:{task.region} noble:{n}" for n in task.options])
    g.tasks.pop(0)
    give_title(state, g, task.region or "", a["noble"])
    advance(state)


@handler("release")
def _release(state: GameState, g: Fief, seat: str, a: Action) -> None:
    task = task_for(g, seat, "release", "7.6")
    city = city_arg(a["city"])
    if a["noble"] != task.noble or city not in task.options:
        raise RuleError("7.6", f"{task.noble} goes to a Stronghold, Fortified City or a noble of the family",
                        code="release_city", legal=task.options)
    g.tasks.pop(0)
    n = g.nobles[task.noble or ""]
    n.city, n.outskirts = city, False
    state.emit(Event.public("captive.placed", noble=n.id, city=city))
    advance(state)


# -- Phase 3 and 4 ---------------------------------------------------------------------------
@handler("scorch")
def _scorch(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("scorch",), "3.4")
    city = city_arg(a["city"])
    income.check_scorch(g, fam, city)
    income.scorch(state, g, fam, city)


@handler("pay_ransom")
def _pay_ransom(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("ransom",), "7.7")
    value, city = ransom.check_pay(g, fam, a["captive"], city_arg(a["city"]) if a.get("city") else None)
    ransom.pay(state, g, fam, a["captive"], value, city)
    advance(state)


@handler("offer_ransom")
def _offer_ransom(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("ransom",), "7.7")
    amount = int(a["amount"])
    captor, city = ransom.check_offer(g, fam, a["captive"], amount, city_arg(a["city"]) if a.get("city") else None)
    if any(r.kind == "ransom" and r.payload.get("captive") == a["captive"] for r in g.requests.open):
        raise RuleError("7.7", "an offer for this captive awaits its answer", code="offer_open",
                            legal="wait for the captor's answer")
    g.requests.ask(state, "ransom", seat, g.families[captor].seat, default=False, captive=a["captive"],
                   amount=amount, city=city, family=fam)
    player_of(g, fam).shillings -= amount  # set aside until the captor answers (7.7)


@handler("buy")
def _buy(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("purchase",), "4.0")
    units = [(k, city_arg(c)) for k, c in purchase.parse_units(a["units"])]
    cost = purchase.check_buy(g, fam, units)
    purchase.buy(state, g, fam, units, cost)


@handler("build")
def _build(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("purchase",), "4.2")
    what, city = str(a["what"]).lower(), city_arg(a["city"])
    cost = purchase.check_build(g, fam, what, city)
    lord = purchase.needs_consent(g, fam, city) if what == "royal_stronghold" else None
    if lord:
        g.requests.ask(state, "royal_stronghold", seat, g.families[lord].seat, default=False, city=city,
                       family=fam, cost=cost)
        player_of(g, fam).shillings -= cost  # set aside until the Lord answers (4.9)
        return
    purchase.build(state, g, fam, what, city, cost)


@handler("rebuild_abbey")
def _rebuild(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("purchase",), "2.13")
    city = city_arg(a["city"])
    purchase.check_rebuild(g, fam, a["abbey"], city)
    purchase.rebuild(state, g, fam, a["abbey"], city)


@handler("construct")
def _construct(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("purchase",), "7.9")
    city = city_arg(a["city"])
    cost = purchase.check_construct(g, fam, city)
    purchase.construct(state, g, fam, city, cost)


@handler("buy_title")
def _buy_title(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("purchase",), "4.3")
    region = region_arg(a["region"])
    fortify = city_arg(a["fortify"]) if a.get("fortify") else None
    city = titles.check_buy_title(g, fam, region, a["noble"], fortify)
    titles.grant(state, g, fam, region, a["noble"], city, titles.title_cost(g, region, a["noble"]), "bought")


@handler("grant_title")
def _grant_title(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("purchase",), "4.5")
    region = region_arg(a["region"])
    fortify = city_arg(a["fortify"]) if a.get("fortify") else None
    city = titles.check_kings_will(g, fam, region, a["noble"], fortify)
    titles.grant(state, g, g.nobles[a["noble"]].family, region, a["noble"], city, 0, "king's will")


@handler("transfer_title")
def _transfer_title(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("purchase",), "4.6")
    region = region_arg(a["region"])
    holder = titles.check_transfer(g, fam, region, a["to"])
    titles.transfer(state, g, region, holder, a["to"])


# -- anytime ---------------------------------------------------------------------------------
@handler("pigeon")
def _pigeon(state: GameState, g: Fief, seat: str, a: Action) -> None:
    shillings = int(a.get("shillings") or 0)
    card = a.get("card")
    sender, receiver = pigeons.check_send(g, seat, a["sender"], a["to"], shillings, card)
    pigeons.send(state, g, seat, sender, receiver, shillings, card)


@handler("pigeon_offer")
def _pigeon_offer(state: GameState, g: Fief, seat: str, a: Action) -> None:
    give = {"shillings": int(a.get("give_shillings") or 0), "cards": list(a.get("give_cards") or ())}
    take = {"shillings": int(a.get("take_shillings") or 0), "cards": list(a.get("take_cards") or ())}
    sender, receiver = pigeons.check_offer(g, seat, a["sender"], a["to"], give, take)
    to = g.families[receiver.family].seat
    give = {k: v for k, v in give.items() if v}
    take = {k: v for k, v in take.items() if v}
    offer = g.offers.propose(state, pigeons.LEDGER, seat, to, give, take, note=f"{sender.id}>{receiver.id}",
                             section="2.15")
    pigeons.set_aside(g, offer)


@handler("accept_offer")
def _accept_offer(state: GameState, g: Fief, seat: str, a: Action) -> None:
    offer = next((o for o in g.offers.open if o.id == a["offer"]), None)
    if offer is None or offer.to != seat:
        raise RuleError("2.15", f"no offer {a['offer']} to you", code="no_offer",
                        legal=[o.id for o in g.offers.open if o.to == seat] or "none")
    if not pigeons.hands_fit(g, offer.by, offer.to, offer.give, offer.take):
        raise RuleError("2.15", "the exchange would break a hand limit", code="hand_limit", legal="decline_offer")
    sender, receiver = offer.note.split(">")
    fam_a = g.nobles[sender].family if sender in g.nobles else None
    fam_b = g.nobles[receiver].family if receiver in g.nobles else None
    same_city = fam_a and fam_b and g.nobles[sender].city == g.nobles[receiver].city
    if not same_city:
        raise RuleError("2.15", "the two nobles no longer stand in one city", code="pigeon_route",
                        legal="decline_offer")
    spend = not (fam_a and fam_b and fam_a != fam_b and _allied(g, fam_a, fam_b))
    if spend and g.families[fam_a or ""].pigeons < 1:
        raise RuleError("2.15", "the sender has no pigeon left", code="no_pigeon", legal="decline_offer")
    g.offers.accept(state, pigeons.HeldLedger(offer.by), seat, a["offer"], "2.15")
    if spend:
        g.families[fam_a or ""].pigeons -= 1


def _allied(g: Fief, a: str, b: str) -> bool:
    from engine.fief.state import allied
    return allied(g, a, b)


@handler("decline_offer")
def _decline_offer(state: GameState, g: Fief, seat: str, a: Action) -> None:
    pigeons.give_back(g, g.offers.decline(state, seat, a["offer"], "2.15"))


@handler("respond")
def _respond(state: GameState, g: Fief, seat: str, a: Action) -> None:
    request = g.requests.find(seat, a["request"], "requests")
    accept = bool(a["accept"])
    p = request.payload
    if accept and request.kind == "ransom":
        # the amount was set aside with the offer; only a captive already freed makes it void
        if g.nobles.get(p["captive"]) is None or g.nobles[p["captive"]].captor is None:
            accept = False
    if accept and request.kind == "retainer":
        giver, receiver = g.nobles.get(p["giver"]), g.nobles.get(p["receiver"])
        if not giver or not receiver or not giver.retainer or \
                player_of(g, receiver.family).shillings < p["price"]:
            raise RuleError("2.12", "the retainer can no longer change hands (or you cannot pay)",
                            code="retainer_gone", legal="accept:false")
    if accept and request.kind == "royal_stronghold" and not purchase.royal_site_ok(g, p["family"], p["city"]):
        accept = False
    g.requests.answer(state, seat, Action.of("respond", request=request.id, accept=accept), "requests")
    if request.kind in ("pass", "enter", "cavalcade"):
        from engine.fief import warplay
        warplay.answered(state, g, request, accept)
        return
    if request.kind == "ransom" and not accept:
        ransom.refund(state, g, p)
    if request.kind == "royal_stronghold" and not accept:
        player_of(g, p["family"]).shillings += p["cost"]
    if not accept:
        return
    if request.kind == "ransom":
        ransom.settle(state, g, p["family"], p["captive"], p["amount"], p["city"])
        advance(state)
    elif request.kind == "retainer":
        giver_p = player_of(g, g.nobles[p["giver"]].family)
        player_of(g, g.nobles[p["receiver"]].family).shillings -= p["price"]
        giver_p.shillings += p["price"]
        retainers.give(state, g, p["giver"], p["receiver"])
    elif request.kind == "royal_stronghold":
        purchase.build(state, g, p["family"], "royal_stronghold", p["city"], p["cost"], paid=True)
