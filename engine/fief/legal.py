"""Enumerating the legal commands of a seat (buttons, autocomplete, random playouts) and the
defaults applied when a deadline passes. Every action listed here applies (checked by
``python -m engine.simulate fief``)."""

from __future__ import annotations

from functools import lru_cache

from engine.core import Action
from engine.core.errors import passes
from engine.core.requests import Request
from engine.fief import setup
from engine.fief.board import legal as board_legal
from engine.fief.cards import characters, fortune, pigeons, retainers
from engine.fief.cards.deck import discards_open, drawable
from engine.fief.cards.disasters import plague_default
from engine.fief.commands import opportunity_time
from engine.fief.components import BUYABLE, C
from engine.fief.crown import deals, garter, marriage
from engine.fief.crown import legal as crown_legal
from engine.fief.estates import income, purchase, ransom, titles
from engine.fief.flow import current_actor
from engine.fief.opportunity import legal as opportunity_legal
from engine.fief.state import MAP, Fief, Task, allied, ally_of, player_of, sovereign
from engine.fief.war import legal as war_legal

A = Action.of
DONE = A("done")   # actions are immutable: one for every list and default
DRAWS = {d: A("draw", deck=d) for d in ("character", "fortune")}


def task_default(g: Fief, t: Task) -> Action:
    if t.kind == "rebellion":
        return opportunity_legal.task_default(g, t)
    if t.kind in war_legal.TASKS:
        return war_legal.task_default(g, t)
    if t.kind == "plague":
        return A("plague_losses", units=plague_default(g, t))
    if t.kind == "bestow":
        return A("bestow", region=t.region, noble=t.options[0])
    if t.kind == "abbess_gift":
        return A("gift_abbess")   # 2.13: no gift, the card goes back to the deck
    if t.kind == "garter":
        return A("award_garter")  # 13.3: no Garter for this deed
    if t.kind == "skull":
        return A("skull")         # 12.3: he stays dead, the Skull keeps its power
    return A("release", noble=t.noble, city=t.options[0])


def task_actions(g: Fief, t: Task) -> list[Action]:
    if t.kind == "rebellion":
        return opportunity_legal.task_actions(g, t)
    if t.kind in war_legal.TASKS:
        return war_legal.task_actions(g, t)
    if t.kind == "plague":
        out = [task_default(g, t)]
        troops = g.cities[t.city or ""].stacks[t.family].troops
        alt = sorted(troops, key=lambda u: -C.unit_sp[u])[:t.count]
        if alt != list(out[0]["units"]):
            out.append(A("plague_losses", units=alt))
        return out
    if t.kind == "bestow":
        return [A("bestow", region=t.region, noble=n) for n in t.options]
    if t.kind == "abbess_gift":
        return [A("gift_abbess", noble=n) for n in t.options] + [A("gift_abbess")]
    if t.kind == "garter":
        return [A("award_garter", noble=n) for n in garter.eligible(g)] + [A("award_garter")]
    if t.kind == "skull":
        return [A("skull", noble=t.noble), A("skull")]
    return [A("release", noble=t.noble, city=c) for c in t.options]


def step_default(g: Fief, family: str) -> Action:
    step = g.flow.step
    if step in war_legal.STEPS:
        return war_legal.step_default(g, family)
    if step in crown_legal.STEPS:
        return crown_legal.step_default(g, family)
    if step == "start":
        return A("start", city=setup.start_choices(g)[0])
    if step == "ransom":
        due = ransom.mandatory(g, family)
        if due:
            return A("pay_ransom", captive=due[0].id, city=ransom.places(g, due[0])[0])
    return DONE


def step_actions(g: Fief, seat: str, family: str) -> list[Action]:
    step = g.flow.step
    p = g.players[seat]
    if step == "start":
        return [A("start", city=c) for c in setup.start_choices(g)]
    if step in crown_legal.STEPS:
        return crown_legal.step_actions(g, seat, family)
    out: list[Action] = [DONE]
    if step == "draw":
        if p.hand and discards_open(p):   # check_discard, for every card in hand alike
            out += [A("discard", card=c) for c in p.hand]
        out += [DRAWS[d] for d in drawable(g, p)]
    elif step == "marriage":
        if not any(r.kind == "marriage" and r.by == seat for r in g.requests.open):   # one proposal at a time
            out += [A("propose_marriage", noble=a, spouse=b) for a, b in marriage.matches(g, seat)]
    elif step == "play":
        out += _play_actions(g, seat, family)
    elif step == "scorch":
        out += [A("scorch", city=c) for c in income.scorch_cities(g, family)]
    elif step == "ransom":
        due = ransom.mandatory(g, family)
        if due:
            out = []
        for n in ransom.captives_of(g, family):
            places = ransom.places(g, n)
            if n in due:
                out += [A("pay_ransom", captive=n.id, city=c) for c in places]
            elif n.captor in g.families and p.shillings > 0 and not any(
                    r.kind == "ransom" and r.payload.get("captive") == n.id for r in g.requests.open):
                out.append(A("offer_ransom", captive=n.id, amount=min(p.shillings, ransom.ransom_value(n) - 1),
                             city=places[0] if places else None))
    elif step == "purchase":
        out += _purchase_actions(g, seat, family)
    elif step in war_legal.STEPS:
        return war_legal.step_actions(g, seat, family)
    return out


def _play_actions(g: Fief, seat: str, family: str) -> list[Action]:
    p = g.players[seat]
    out: list[Action] = []
    for card in p.hand:
        kind = C.card(card).kind
        if kind == "noble" and len(g.families[family].nobles) < characters.FAMILY_BOARD:
            out += [A("play_noble", card=card, city=c) for c in characters.noble_cities(g, family)]
        elif kind == "abbess":
            cities = characters.abbey_cities(g, family)[:6]
            out += [A("play_abbess", card=card, noble=n, city=c)
                    for n in characters.abbess_candidates(g, family) for c in cities]
        elif kind in ("bishop", "archbishop"):
            out += [A("play_clergy", card=card, noble=n) for n in characters.clergy_candidates(g, family, card)]
        elif kind == "harvest":
            out += [A("play_harvest", card=card, region=r) for r in fortune.harvest_targets(g)]
        elif kind == "weather":
            out += [A("play_weather", card=card, region=r) for r in fortune.weather_targets(g)]
        elif kind == "tax":
            treasures = g.families[family].treasures
            if treasures:
                out += [A("play_tax", card=card, tallage=r) for r in fortune.tallage_regions(g, family)]
                out += [A("play_tax", card=card, tithe=d) for d in fortune.tithe_districts(g, family)]
    nobles = g.nobles
    receivers: list[tuple[str, bool]] | None = None   # the player's nobles, and whether each has a retainer
    for nid in g.families[family].nobles:
        if not nobles[nid].retainer:   # neither Mata nor a retainer to give
            continue
        if retainers.ready_ability(g, nid) == "mata":
            targets = [s for s, q in g.players.items() if s != seat and q.hand]
            out += [A("mata", noble=nid, target=t, card=c) for t in targets for c in p.hand[:1]]
        if receivers is None:
            receivers = [(other, bool(nobles[other].retainer)) for f in p.families for other in g.families[f].nobles]
        # a swap is symmetric: list each pair once (or a gift to a noble without a retainer)
        out += [_give_retainer(nid, other) for other, has in receivers if other != nid and (nid < other or not has)]
    return out


# Listings name the same few gifts and pigeons again and again: each action is built once and shared (actions
# are immutable; bounded caches of values, not of any game's state, as war/legal.py's moves).
@lru_cache(maxsize=4096)
def _give_retainer(giver: str, receiver: str) -> Action:
    return A("give_retainer", giver=giver, receiver=receiver)


def _purchase_actions(g: Fief, seat: str, family: str) -> list[Action]:
    p = g.players[seat]
    fam = g.families[family]
    out: list[Action] = []
    cities = purchase.unit_cities(g, family)
    # 4.1: the cities still taking new units this turn, the same for every kind of unit
    room = [c for c in cities if ((st := g.cities[c].stacks.get(family)) is None or st.new < C.new_units_per_city)]
    for kind in BUYABLE:
        if fam.stockpile.get(kind, 0) and C.costs[kind] <= p.shillings:
            row = _BUYS[kind]
            out += [row[c] for c in room]
    costs = purchase.build_costs(g, family)
    affordable = [what for what in purchase.BUILDINGS if costs[what] <= p.shillings]
    tiles = purchase.tiles_free(g) if affordable else {}
    for what in affordable:
        if tiles[what] > 0:
            row = _BUILDS[what]
            out += [row[c] for c in purchase.build_cities_among(g, family, what, cities)]
    for abbey in purchase.rebuildable(g, family):
        out += [A("rebuild_abbey", abbey=abbey, city=c) for c in characters.abbey_cities(g, family)[:4]]
    for city in purchase.sieges_of(g, family):
        if passes(purchase.check_construct, g, family, city):
            out.append(A("construct", city=city))
    king = sovereign(g)
    granting = king is not None and king.family == family
    claims = titles.claimable_by_family(g)
    for region in claims.get(family, ()):
        for nid in fam.nobles:
            if titles.title_cost(g, region, nid) <= p.shillings:
                out.append(A("buy_title", region=region, noble=nid))
    if granting:
        for other in g.families:
            for region in claims.get(other, ()):
                out += [A("grant_title", region=region, noble=n) for n in g.families[other].nobles]
    for region, holder in titles.transferable(g, family):
        out += [A("transfer_title", region=region, to=n) for n in titles.transfer_receivers(g, family, holder)]
    for nid in fam.nobles:
        ability = retainers.ready_ability(g, nid)   # retainers.ready(g, nid, ability), asked once
        if ability == "sergeant" and passes(retainers.check_muster, g, family, nid):
            out.append(A("muster", noble=nid))
        elif ability == "mata" and p.hand:
            targets = [s for s, q in g.players.items() if s != seat and q.hand]
            out += [A("mata", noble=nid, target=t, card=p.hand[0]) for t in targets]
    return out


# Purchase lists name the same few buys and buildings again and again: each action is built once
# (actions are immutable values), by kind and city.
_BUYS = {kind: {c: A("buy", units=[f"{kind}@{c}"]) for c in MAP.cities} for kind in BUYABLE}
_BUILDS = {what: {c: A("build", what=what, city=c) for c in MAP.cities} for what in purchase.BUILDINGS}


def anytime_actions(g: Fief, seat: str) -> list[Action]:
    """Opportunity and negotiation commands open to a seat whatever the step."""
    out: list[Action] = []
    p = g.players[seat]
    step = g.flow.step
    weather = [card for card in p.hand if C.cards[card].kind == "weather"] \
        if not _WEATHER_CARDS.isdisjoint(p.hand) else None
    if weather and opportunity_time(g):
        for card in weather:
            out += [A("play_weather", card=card, region=r) for r in fortune.weather_targets(g)]
    offers = g.offers.open
    for o in offers:
        if o.to == seat:
            if pigeons.hands_fit(g, o.by, o.to, o.give, o.take) and passes(pigeons.check_bundle, g, o.by, pigeons.without_shillings(o.give)) \
                    and passes(pigeons.check_bundle, g, o.to, o.take) and _offer_route_ok(g, o.note):
                out.append(A("accept_offer", offer=o.id))
            out.append(A("decline_offer", offer=o.id))
    if (step == "play" or step == "purchase") and p.shillings > 0 and not (offers and any(o.by == seat for o in offers)):
        senders: list[tuple[str, bool, str | None]] = []   # the families that may send: a pigeon, or an ally
        for f in p.families:
            has_pigeon = g.families[f].pigeons > 0
            ally = None if has_pigeon else ally_of(g, f)   # 9.0: allies trade in a shared city without a pigeon
            if has_pigeon or ally is not None:
                senders.append((f, has_pigeon, ally))
        cities = g.cities
        foreign = [x for x in g.nobles.values() if x.family not in p.families] if senders else []
        # 2.15: the nobles a pigeon flies to from another city, inside a Stronghold, Fortified City or Abbey
        reachable = {x.id for x in foreign if x.city and not x.outskirts and cities[x.city].building in pigeons.SAFE}
        for f, has_pigeon, ally in senders:
            for nid in g.families[f].nobles:
                n = g.nobles[nid]
                if n.captor or not n.city:
                    continue
                # pigeons.check_send's other checks hold here: a free noble of the seat, a pigeon, a shilling
                safe = has_pigeon and cities[n.city].building in pigeons.SAFE and not n.outskirts
                for other in foreign:
                    if other.city == n.city:
                        if has_pigeon or other.family == ally:
                            out.append(_pigeon_offer(nid, other.id))
                    elif safe and other.id in reachable:
                        out.append(_pigeon(nid, other.id))
    return out


@lru_cache(maxsize=4096)
def _pigeon(sender: str, to: str) -> Action:
    """A one-shilling pigeon (2.15), shared as the gifts are."""
    return A("pigeon", sender=sender, to=to, shillings=1)


@lru_cache(maxsize=4096)
def _pigeon_offer(sender: str, to: str) -> Action:
    """A one-shilling offer in a shared city (2.15, 9.0), shared as the gifts are."""
    return A("pigeon_offer", sender=sender, to=to, give_shillings=1)


_WEATHER_CARDS = frozenset(c for c, card in C.cards.items() if card.kind == "weather")


def seat_actions(g: Fief, seat: str) -> list[Action]:
    if g.flow.over:
        return []
    out: list[Action] = []
    if g.tasks:
        t = g.tasks[0]
        if g.families[t.family].seat == seat:
            out += task_actions(g, t)
    else:
        actor = current_actor(g)
        if actor and g.families[actor].seat == seat:
            out += step_actions(g, seat, actor)
    for r in g.requests.for_seat(seat) if g.requests.open else ():
        out += r.answers() if request_payable(g, r) else [r.answers()[1]]
    out += anytime_actions(g, seat)
    out += war_legal.anytime_actions(g, seat)
    out += crown_legal.anytime_actions(g, seat)
    out += opportunity_legal.listed(g, seat)
    out += board_legal.actions(g, seat)
    return out


def request_payable(g: Fief, r: Request) -> bool:
    """Whether the asked seat holds what agreeing to ``r`` would cost it; if not, only No is legal."""
    if r.kind == "retainer":
        return _retainer_payable(g, r.payload)
    if r.kind == "ransom":
        return _ransom_payable(g, r.payload)
    if r.kind == "deal":
        return deals.acceptable(g, r.payload)
    return board_legal.payable(g, r.kind, r.payload)


def _offer_route_ok(g: Fief, note: str) -> bool:
    """The two nobles of a same-city exchange still stand together and the sender has a pigeon (2.15)."""
    sender, _, receiver = note.partition(">")
    a, b = g.nobles.get(sender), g.nobles.get(receiver)
    if a is None or b is None or a.city is None or a.city != b.city:
        return False
    return g.families[a.family].pigeons > 0 or (a.family != b.family and allied(g, a.family, b.family))


def _retainer_payable(g: Fief, payload: dict) -> bool:  # type: ignore[type-arg]
    giver, receiver = g.nobles.get(payload["giver"]), g.nobles.get(payload["receiver"])
    return bool(giver and receiver and giver.retainer
                and player_of(g, receiver.family).shillings >= payload["price"])


def _ransom_payable(g: Fief, payload: dict) -> bool:  # type: ignore[type-arg]
    n = g.nobles.get(payload["captive"])
    return n is not None and n.captor is not None  # the amount was set aside with the offer
