"""Carrying out each command: check everything first (RuleError names the section and what
would be legal), then change the state. One handler per action kind."""

from __future__ import annotations

from engine.core import Action, Event, GameState, RuleError
from engine.core.errors import Refusal
from engine.fief import requestkinds, setup
from engine.fief.cards import characters, deck, disasters, fortune, pigeons, retainers
from engine.fief.commands import Handlers, city_arg, opportunity_time, region_arg, task_for, turn
from engine.fief.crown import deals, marriage
from engine.fief.estates import income, purchase, ransom, titles
from engine.fief.estates.succession import give_title
from engine.fief.flow import advance, current_actor, end_turn
from engine.fief.refusals import FiefRefusal
from engine.fief.state import Fief, allied, player_of
from engine.fief.war import legal as war_legal

HANDLERS: Handlers = Handlers()


# -- Phase 1 ---------------------------------------------------------------------------------
@HANDLERS.on("propose_marriage")
def _propose_marriage(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """9.0: propose to another player (answered by a request); 13.7: your own two families marry at once."""
    turn(g, seat, ("marriage",), "9.0")
    noble, spouse = str(a["noble"]), str(a["spouse"])
    marriage.check_proposal(g, seat, noble, spouse)
    if any(r.kind == "marriage" and r.by == seat for r in g.requests.open):
        raise RuleError("9.0", "your proposal awaits its answer",
                        code=FiefRefusal.PROPOSAL_OPEN, legal="done")
    other = g.families[g.nobles[spouse].family].seat
    if other == seat:
        marriage.marry(state, g, noble, spouse)
        return
    g.requests.ask(state, "marriage", seat, other, default=False, noble=noble, spouse=spouse)


# -- setup and Phase 2 -----------------------------------------------------------------------
@HANDLERS.on("start")
def _start(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("start",), "13.6")
    city = setup.check_start(g, city_arg(a["city"]))
    setup.place_start(state, g, fam, city)
    end_turn(state)


@HANDLERS.on("discard")
def _discard(state: GameState, g: Fief, seat: str, a: Action) -> None:
    turn(g, seat, ("draw",), "2.0")
    p = g.players[seat]
    deck.check_discard(g, p, a["card"])
    deck.discard(state, g, p, a["card"])


@HANDLERS.on("draw")
def _draw(state: GameState, g: Fief, seat: str, a: Action) -> None:
    turn(g, seat, ("draw",), "2.0")
    p = g.players[seat]
    which = str(a["deck"]).lower()
    deck.check_draw(g, p, which)
    p.done_discarding = True
    deck.draw(state, g, p, which)


@HANDLERS.on("done")
def _done(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """End your turn in this step (1.0), or let the invaders that marched into your city be (6.9, 6.10)."""
    if g.tasks and g.tasks[0].kind == "parley":
        task = task_for(g, seat, "parley", "6.9")
        g.tasks.pop(0)
        state.emit(Event.public("turn.done", seat=seat, family=task.family, step="parley"))
        advance(state)
        return
    war = g.flow.step in war_legal.STEPS
    fam = turn(g, seat, war_legal.STEPS if war else ("start", "marriage", "election", "ballot", "parliament", "royal_tax", "draw", "play",
                                                          "scorch", "ransom", "purchase"),
               "1.0")
    if g.flow.step == "start":
        raise RuleError("13.6", "choose a starting city first",
                        code=FiefRefusal.START_FIRST, legal=setup.start_choices(g))
    if g.flow.step == "ransom":
        ransom.check_done(g, fam)
    if g.flow.step == "ballot":
        deals.check_ballot_pledge(g, fam, None)
    if g.flow.step == "move":
        if war_legal.must_move_left(g, fam):
            raise RuleError("5.2", "a Cavalcade that won must move on (FAQ)", code=FiefRefusal.MUST_MOVE,
                            legal=[x.text() for x in war_legal.step_actions(g, seat, fam) if x.kind == "move"][:5])
        # questions about this family's moves lapse with its turn (a request to enter walls stands)
        for r in [r for r in g.requests.open if r.kind in ("pass", "cavalcade") and r.payload.get("family") == fam]:
            requestkinds.expire(state, g, r)
    state.emit(Event.public("turn.done", seat=seat, family=fam, step=g.flow.step))
    end_turn(state)


@HANDLERS.on("play_noble")
def _play_noble(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("play",), "2.11")
    city = city_arg(a["city"])
    characters.check_noble(g, fam, a["card"], city)
    characters.play_noble(state, g, fam, a["card"], city)
    advance(state)


@HANDLERS.on("play_abbess")
def _play_abbess(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("play",), "2.13")
    city = city_arg(a["city"])
    characters.check_abbess(g, fam, a["card"], a["noble"], city)
    characters.play_abbess(state, g, fam, a["card"], a["noble"], city)


@HANDLERS.on("play_clergy")
def _play_clergy(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("play",), "2.14")
    characters.check_clergy(g, fam, a["card"], a["noble"])
    characters.play_clergy(state, g, fam, a["card"], a["noble"])


@HANDLERS.on("play_harvest")
def _play_harvest(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("play",), "2.6")
    region = region_arg(a["region"])
    fortune.check_harvest(g, fam, a["card"], region)
    fortune.play_bonus(state, g, fam, a["card"], region)


@HANDLERS.on("play_weather")
def _play_weather(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """Good Weather is an Opportunity card: any time but the draw action (2.6, 2.7)."""
    if not opportunity_time(g):
        raise RuleError("2.6", "Opportunity cards cannot be played during a draw action or setup",
                        code=FiefRefusal.DRAW_ACTION, legal="before the draws begin, or once they are over")
    fam = current_actor(g) if (current_actor(g) and g.families[current_actor(g) or ""].seat == seat) else None
    fam = fam or g.players[seat].families[0]
    region = region_arg(a["region"])
    fortune.check_weather(g, fam, a["card"], region)
    fortune.play_bonus(state, g, fam, a["card"], region)


@HANDLERS.on("play_tax")
def _play_tax(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("play",), "2.8")
    tallage = region_arg(a["tallage"]) if a.get("tallage") else None
    tithe = str(a["tithe"]).lower() if a.get("tithe") else None
    fortune.check_tax(g, fam, a["card"], tallage, tithe)
    fortune.play_tax(state, g, fam, a["card"], tallage, tithe)


@HANDLERS.on("give_retainer")
def _give_retainer(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("play",), "2.12")
    receiver = retainers.check_give(g, fam, a["giver"], a["receiver"])
    price = int(a.get("price") or 0)
    if price < 0:
        raise RuleError("2.12", "a price is a number of shillings", code=FiefRefusal.PRICE, legal="0 or more")
    if receiver.family in g.players[seat].families:
        retainers.give(state, g, a["giver"], a["receiver"])
        return
    g.requests.ask(state, "retainer", seat, g.families[receiver.family].seat, default=False,
                   giver=a["giver"], receiver=receiver.id, price=price)


@HANDLERS.on("mata")
def _mata(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("play", "purchase"), "2.12")
    retainers.check_mata(g, fam, a["noble"], a["target"], a["card"])
    retainers.mata(state, g, fam, a["noble"], a["target"], a["card"])


@HANDLERS.on("muster")
def _muster(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("purchase",), "2.12")
    retainers.check_muster(g, fam, a["noble"])
    retainers.muster(state, g, fam, a["noble"])


# -- tasks -------------------------------------------------------------------------------
@HANDLERS.on("plague_losses")
def _plague_losses(state: GameState, g: Fief, seat: str, a: Action) -> None:
    task = task_for(g, seat, "plague", "2.5")
    units = [str(u).lower() for u in a["units"]]
    disasters.check_losses(g, task, units)
    g.tasks.pop(0)
    disasters.take_losses(state, g, task, units)
    advance(state)


@HANDLERS.on("bestow")
def _bestow(state: GameState, g: Fief, seat: str, a: Action) -> None:
    task = task_for(g, seat, "bestow", "4.8")
    if region_arg(a["region"]) != task.region or a["noble"] not in task.options:
        raise RuleError("4.8", f"the title of region {task.region} goes to one of your nobles",
                        code=FiefRefusal.BESTOW,
                        legal=[f"region:{task.region} noble:{n}" for n in task.options])
    g.tasks.pop(0)
    give_title(state, g, task.region or "", a["noble"])
    advance(state)


@HANDLERS.on("release")
def _release(state: GameState, g: Fief, seat: str, a: Action) -> None:
    task = task_for(g, seat, "release", "7.6")
    city = city_arg(a["city"])
    if a["noble"] != task.noble or city not in task.options:
        raise RuleError("7.6", f"{g.nobles[task.noble or ''].name} goes to a Stronghold, Fortified City or a noble "
                        "of the family",
                        code=FiefRefusal.RELEASE_CITY, legal=task.options)
    g.tasks.pop(0)
    n = g.nobles[task.noble or ""]
    n.city, n.outskirts = city, False
    state.emit(Event.public("captive.placed", noble=n.id, city=city))
    advance(state)


# -- Phase 3 and 4 ---------------------------------------------------------------------------
@HANDLERS.on("scorch")
def _scorch(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("scorch",), "3.4")
    city = city_arg(a["city"])
    income.check_scorch(g, fam, city)
    income.scorch(state, g, fam, city)


@HANDLERS.on("pay_ransom")
def _pay_ransom(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("ransom",), "7.7")
    value, city = ransom.check_pay(g, fam, a["captive"], city_arg(a["city"]) if a.get("city") else None)
    ransom.pay(state, g, fam, a["captive"], value, city)
    advance(state)


@HANDLERS.on("offer_ransom")
def _offer_ransom(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("ransom",), "7.7")
    amount = int(a["amount"])
    captor, city = ransom.check_offer(g, fam, a["captive"], amount, city_arg(a["city"]) if a.get("city") else None)
    if any(r.kind == "ransom" and r.payload.get("captive") == a["captive"] for r in g.requests.open):
        raise RuleError("7.7", "an offer for this captive awaits its answer", code=FiefRefusal.OFFER_OPEN,
                            legal="wait for the captor's answer")
    g.requests.ask(state, "ransom", seat, g.families[captor].seat, default=False, captive=a["captive"],
                   amount=amount, city=city, family=fam)
    player_of(g, fam).shillings -= amount  # set aside until the captor answers (7.7)


@HANDLERS.on("buy")
def _buy(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("purchase",), "4.0")
    units = [(k, city_arg(c)) for k, c in purchase.parse_units(a["units"])]
    cost = purchase.check_buy(g, fam, units)
    purchase.buy(state, g, fam, units, cost)


@HANDLERS.on("build")
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


@HANDLERS.on("rebuild_abbey")
def _rebuild(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("purchase",), "2.13")
    city = city_arg(a["city"])
    purchase.check_rebuild(g, fam, a["abbey"], city)
    purchase.rebuild(state, g, fam, a["abbey"], city)


@HANDLERS.on("construct")
def _construct(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("purchase",), "7.9")
    city = city_arg(a["city"])
    cost = purchase.check_construct(g, fam, city)
    purchase.construct(state, g, fam, city, cost)


@HANDLERS.on("buy_title")
def _buy_title(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("purchase",), "4.3")
    region = region_arg(a["region"])
    fortify = city_arg(a["fortify"]) if a.get("fortify") else None
    city = titles.check_buy_title(g, fam, region, a["noble"], fortify)
    titles.grant(state, g, fam, region, a["noble"], city, titles.title_cost(g, region, a["noble"]), "bought")


@HANDLERS.on("grant_title")
def _grant_title(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("purchase",), "4.5")
    region = region_arg(a["region"])
    fortify = city_arg(a["fortify"]) if a.get("fortify") else None
    city = titles.check_kings_will(g, fam, region, a["noble"], fortify)
    titles.grant(state, g, g.nobles[a["noble"]].family, region, a["noble"], city, 0, "king's will")


@HANDLERS.on("transfer_title")
def _transfer_title(state: GameState, g: Fief, seat: str, a: Action) -> None:
    fam = turn(g, seat, ("purchase",), "4.6")
    region = region_arg(a["region"])
    holder = titles.check_transfer(g, fam, region, a["to"])
    titles.transfer(state, g, region, holder, a["to"])


# -- anytime ---------------------------------------------------------------------------------
@HANDLERS.on("pigeon")
def _pigeon(state: GameState, g: Fief, seat: str, a: Action) -> None:
    shillings = int(a.get("shillings") or 0)
    card = a.get("card")
    sender, receiver = pigeons.check_send(g, seat, a["sender"], a["to"], shillings, card)
    pigeons.send(state, g, seat, sender, receiver, shillings, card)


@HANDLERS.on("pigeon_offer")
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


@HANDLERS.on("accept_offer")
def _accept_offer(state: GameState, g: Fief, seat: str, a: Action) -> None:
    offer = next((o for o in g.offers.open if o.id == a["offer"]), None)
    if offer is None or offer.to != seat:
        raise RuleError("2.15", f"no offer {a['offer']} to you", code=Refusal.NO_OFFER,
                        legal=[o.id for o in g.offers.open if o.to == seat] or "none")
    if not pigeons.hands_fit(g, offer.by, offer.to, offer.give, offer.take):
        raise RuleError("2.15", "the exchange would break a hand limit",
                        code=FiefRefusal.HAND_LIMIT, legal="decline_offer")
    sender, receiver = offer.note.split(">")
    fam_a = g.nobles[sender].family if sender in g.nobles else None
    fam_b = g.nobles[receiver].family if receiver in g.nobles else None
    same_city = fam_a and fam_b and g.nobles[sender].city == g.nobles[receiver].city
    if not same_city:
        raise RuleError("2.15", "the two nobles no longer stand in one city", code=FiefRefusal.PIGEON_ROUTE,
                        legal="decline_offer")
    spend = not (fam_a and fam_b and fam_a != fam_b and allied(g, fam_a, fam_b))
    if spend and g.families[fam_a or ""].pigeons < 1:
        raise RuleError("2.15", "the sender has no pigeon left",
                        code=FiefRefusal.NO_PIGEON, legal="decline_offer")
    g.offers.accept(state, pigeons.HeldLedger(offer.by), seat, a["offer"], "2.15")
    if spend:
        g.families[fam_a or ""].pigeons -= 1


@HANDLERS.on("decline_offer")
def _decline_offer(state: GameState, g: Fief, seat: str, a: Action) -> None:
    pigeons.give_back(g, g.offers.decline(state, seat, a["offer"], "2.15"))


@HANDLERS.on("respond")
def _respond(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """Answer a request (requestkinds.py says what each answer does)."""
    request = g.requests.find(seat, a["request"], "requests")
    kind = requestkinds.KINDS[request.kind]
    accept = bool(a["accept"])
    if accept and kind.check is not None:
        kind.check(g, request.payload)
    accept = accept and kind.holds(g, request.payload)
    g.requests.answer(state, seat, Action.of("respond", request=request.id, accept=accept), "requests")
    if not accept:
        kind.decline(state, g, request.payload)
    elif kind.accept(state, g, request.payload):
        advance(state)
