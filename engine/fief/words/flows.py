"""Multi-part commands as short menus, so every decision can be answered without typing:
movement (noble, then a destination with its route and risks, then the troops), purchases (what,
then where) and every command whose legal choices are too many for one menu (5.0, 4.0, 13.4).
Each option is checked with the rules' own checks, so a menu never offers an illegal move; a
route through Sherwood is always named on the option that takes it."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import product
from typing import Any

from engine.core.actions import Action
from engine.core.errors import RuleError, passes
from engine.core.state import GameState
from engine.core.words import Audience, Choice, FlowStep, plural
from engine.fief.actions import ACTIONS
from engine.fief.board import mercenaries
from engine.fief.cards import characters, pigeons, retainers
from engine.fief.components import BUYABLE, C
from engine.fief.estates import purchase, ransom
from engine.fief.flow import current_actor
from engine.fief.legal import seat_actions
from engine.fief.opportunity import legal as opportunity_legal
from engine.fief.state import MAP, Fief, has_disaster
from engine.fief.war import movement
from engine.fief.war.battle import losses as battle_losses
from engine.fief.words import compose, effects
from engine.fief.words import names as N
from engine.fief.words.labels import label
from engine.fief.words.losses import LOSS_KINDS, loss_mixes, loss_setup, unit_order
from engine.fief.words.pages import MAX_OPTIONS, paged
from engine.fief.words.prompts import confirm
from engine.fief.words.values import value_label

A = Action.of
QUESTIONS = {"card": "Which card?", "noble": "Which noble?", "city": "Which city?", "region": "Which region?",
             "giver": "Which noble gives a retainer?", "receiver": "To which noble?", "sender": "From which noble?",
             "to": "To whom?", "target": "Whom?", "captive": "Which captive?", "what": "What?",
             "tallage": "Tallage which region?", "tithe": "Tithe which district?", "abbey": "Which Abbey?",
             "against": "Against which family?", "army": "Which invaders?", "choice": "What now?",
             "use": "Which secret way?", "sponsor": "Which of your nobles sponsors it?", "how": "How?",
             "escorts": "Which troop goes with each noble?"}


def flow(state: GameState, seat: str, kind: str, chosen: dict[str, Any], aud: Audience) -> FlowStep | None:
    g: Fief = state.data
    if kind == "move":
        return _move(g, seat, chosen, aud)
    if kind == "buy":
        return _buy(g, seat, chosen)
    if kind in COMPOSED:
        return COMPOSED[kind](g, seat, chosen, aud, _legal(g, seat, kind))
    if kind in LOSS_KINDS:
        return _losses(g, seat, kind, chosen, aud)
    return _generic(g, seat, kind, chosen, aud)


PRICED = ("give_retainer", "give_relic", "lend_mercenaries")
COMPOSED = {"deal": compose.deal, "pigeon": compose.pigeon, "pigeon_offer": compose.pigeon_offer}


def _legal(g: Fief, seat: str, kind: str) -> list[Action]:
    return [a for a in seat_actions(g, seat) if a.kind == kind]


def _expanded(g: Fief, seat: str, kind: str, legal: list[Action]) -> list[Action]:
    """The legal enumeration samples a few values (one card for Mata, one ransom offer, one
    shilling by pigeon, six Abbey cities); a menu offers every value the rules' checks accept
    (2.12, 2.13, 2.15, 7.7)."""
    p = g.players.get(seat)
    fam = current_actor(g)
    if p is None:
        return legal
    if kind in opportunity_legal.KINDS:   # the enumeration lists one play per card; the menu offers every one
        return list(dict.fromkeys(legal + opportunity_legal.every(g, seat, kind)))
    out = list(legal)
    for a in legal:
        args = a.params
        if kind == "mata":
            out += [A("mata", **{**args, "card": c}) for c in p.hand]
        elif kind == "offer_ransom" and fam:
            n = g.nobles.get(str(args["captive"]))
            top = min(p.shillings, ransom.ransom_value(n) - 1) if n else 0
            out += [A("offer_ransom", **{**args, "amount": x}) for x in range(top, 0, -1)
                    if passes(ransom.check_offer, g, fam, n.id if n else "", x, args.get("city"))]
        elif kind == "pigeon":
            out += [A("pigeon", **{**args, "shillings": x}) for x in range(1, min(p.shillings, 10) + 1)
                    if passes(pigeons.check_send, g, seat, args["sender"], args["to"], x, None)]
        elif kind == "play_abbess" and fam:
            out += [A("play_abbess", **{**args, "city": c}) for c in characters.abbey_cities(g, fam)]
        elif kind == "give_tax":   # 9.2: any share from 1 shilling to what is left
            out += [A("give_tax", to=args["to"], amount=n) for n in range(1, g.politics.tax_left + 1)]
    if kind == "hire" and legal:   # 11.1: any city the family may hire into, as many as the card holds
        out += _hires(g, seat, legal)
    if kind == "give_retainer" and legal and fam:   # 2.12: also to another player's noble, given or sold
        givers = list(dict.fromkeys(str(a.get("giver")) for a in legal))
        others = [n.id for n in g.nobles.values() if n.family not in p.families]
        pairs = [(x, r) for x in givers for r in others if passes(retainers.check_give, g, fam, x, r)]
        out += [A("give_retainer", giver=x, receiver=r) for x, r in pairs]   # the price: _price_step
    if kind == "lend_mercenaries" and legal:   # 11.1: any city of the renting family, any number, any price
        out += _loans(g, seat, legal)
    return list(dict.fromkeys(out))


def _loans(g: Fief, seat: str, legal: list[Action]) -> list[Action]:
    card = mercenaries.card_of(g, seat)
    m = g.mercenaries.get(card or "")
    if m is None:
        return []
    out = []
    for to in dict.fromkeys(str(a.get("to")) for a in legal):
        for c in mercenaries.hire_cities(g, to):
            for n in range(1, m.on_card + 1):
                if passes(mercenaries.check_hire, g, seat, None, to, c, n, 0):
                    out.append(A("lend_mercenaries", to=to, city=c, count=n))   # the price: _price_step
    return out


def _priceable(g: Fief, seat: str, a: Action) -> bool:
    """A price may be asked (2.12, 11.1, 12.0): of another player, for a retainer, a relic or Crossbowmen."""
    mine = g.players[seat].families
    if a.kind == "give_retainer":
        return g.nobles[str(a.get("receiver"))].family not in mine
    if a.kind == "give_relic":
        return g.nobles[str(a.get("to"))].family not in mine and \
            not any(r.kind == "relic" and r.by == seat for r in g.requests.open)
    return a.kind == "lend_mercenaries"


def _payer(g: Fief, a: Action) -> str | None:
    """The family that pays a price asked (2.12, 11.1, 12.0): the receiving noble's, or the renting one."""
    if a.kind == "lend_mercenaries":
        return str(a.get("to"))
    n = g.nobles.get(str(a.get("receiver") if a.kind == "give_retainer" else a.get("to")))
    return n.family if n is not None else None


def _price_step(g: Fief, seat: str, kind: str, left: list[Action], chosen: dict[str, Any],
                aud: Audience) -> FlowStep | None:
    """Once all but the price is chosen: nothing, or 1 to 24 shillings asked of the other player, who pays
    it if they agree (2.12, 11.1, 12.0): their purse is hidden, so the menu does not stop at the seller's."""
    bases = {tuple((k, v) for k, v in a.args if k != "price") for a in left}
    if len(bases) != 1 or not _priceable(g, seat, left[0]):
        return None
    base = dict(next(iter(bases)))
    free = A(kind, **base)
    # the deal in the question, each option only its price (a long label repeated 25 times is cut by Discord)
    opts = [_leaf(g, seat, "Ask nothing", free)] + [
        _leaf(g, seat, f"Ask {N.shillings(n)}", A(kind, **base, price=n)) for n in range(1, compose.ASK_MAX + 1)]
    payer = N.family_player(g, _payer(g, free), aud)
    question = (f"{label(g, seat, free, aud)}: what price do you ask of {payer}? They pay it if they agree.")
    return paged(kind, "price", *_hint_once(g, free, question, opts), chosen)


def _hint_once(g: Fief, a: Action, question: str, opts: list[Choice]) -> tuple[str, list[Choice]]:
    """A hint every option shares (the retainer given, whoever takes it) is said once, after the question."""
    hints = {o.hint for o in opts}
    shared = next(iter(hints)) if len(opts) > 1 and len(hints) == 1 else ""
    if not shared:
        return question, opts
    giver = g.nobles.get(str(a.get("giver"))) if a.kind == "give_retainer" else None
    what = f"{N.retainer(giver.retainer)}: " if giver is not None and giver.retainer else ""
    return f"{question} {N.cap(what + shared).rstrip('.')}.", [replace(o, hint="") for o in opts]


def _hires(g: Fief, seat: str, legal: list[Action]) -> list[Action]:
    card = mercenaries.card_of(g, seat)
    m = g.mercenaries.get(card or "")
    if m is None:
        return []
    out = []
    for f in dict.fromkeys(str(a.get("family")) for a in legal):
        cities = mercenaries.hire_cities(g, f) if g.war.battle is None else \
            [str(a.get("city")) for a in legal if a.get("family") == f]
        out += [A("hire", city=c, count=n, family=f) for c in cities for n in range(1, m.on_card + 1)
                if passes(mercenaries.check_hire, g, seat, card, f, c, n)]
    return out


# -- movement (5.0-5.4, 13.4) --------------------------------------------------------------------
def _move(g: Fief, seat: str, chosen: dict[str, Any], aud: Audience) -> FlowStep | None:
    legal = _legal(g, seat, "move")
    fam = current_actor(g)
    if not legal or fam is None:
        return None
    nobles = list(dict.fromkeys(str(a.get("noble")) for a in legal))
    nid = chosen.get("noble")
    if nid not in nobles:
        opts = tuple(Choice(_noble_option(g, fam, n), flow="move", chosen=(("noble", n),)) for n in nobles)
        return FlowStep("move", "noble", "Which noble moves?", opts[:MAX_OPTIONS])
    n = g.nobles[str(nid)]
    if "to" not in chosen:
        return paged("move", "to", f"Where does {N.noble(g, n.id)} go from {n.city}?",
                     _destinations(g, seat, fam, n.id, legal, aud), chosen)
    return _troops(g, fam, n.id, str(chosen["to"]), str(chosen.get("via") or "road"), chosen, aud)


def _noble_option(g: Fief, fam: str, nid: str) -> str:
    n = g.nobles[nid]
    here = N.troops(movement.available(g, n.city or "", fam, nid), none="")
    left = movement.moves_left(g, nid)
    return f"{N.noble(g, nid)} · {n.city}" + (f" · {here}" if here else "") + f" · {plural(left, 'move')} left"


def _route_label(g: Fief, fam: str, start: str, dest: str, via: str, cost: int) -> str:
    parts = [dest if via == "road" else f"{dest} via Sherwood" if via == "sherwood"
             else f"{dest} by sea" if via == "sea" else f"{dest} by the royal road"]
    parts.append(plural(cost, "move"))
    if via == "sherwood":
        parts.append("bandits on 1-2")
    region = MAP.cities[dest].region
    if has_disaster(g, region, "plague"):
        parts.append(f"Plague in {N.region(region)}")
    holder = g.cities[dest].controller
    if holder and holder != fam:
        parts.append(f"held by {N.family(holder)}")
    if any(a.city == dest for a in g.armies.values()):
        parts.append("invaders there")
    return " · ".join(parts)


def _destinations(g: Fief, seat: str, fam: str, nid: str, legal: list[Action],
                  aud: Audience) -> list[Choice]:
    n = g.nobles[nid]
    start = n.city or ""
    pool = movement.available(g, start, fam, nid)
    if nid in g.war.cavalry:
        pool = sorted((Counter(pool) & Counter(g.war.cavalry[nid])).elements())
    listed = {(str(a.get("to")), str(a.get("via"))) for a in legal if a.get("noble") == nid and not a.get("cavalcade")}
    out: list[Choice] = []
    for dest, via, cost in movement.destinations(g, n):
        if (dest, via) not in listed and not _any_troops_ok(g, fam, nid, dest, via, pool):
            continue
        text = _route_label(g, fam, start, dest, via, cost)
        if not pool or via == "royal":
            out.append(Choice(text, A("move", noble=nid, to=dest, via=via, troops=[]), hint="alone"))
        else:
            out.append(Choice(text, flow="move", chosen=(("noble", nid), ("to", dest), ("via", via))))
    for a in legal:
        if a.get("noble") == nid and a.get("cavalcade"):
            out.append(Choice(f"Cavalcade to {a.get('to')} · {N.troops(a.get('troops') or ())}", a, style="primary"))
    return out


def _ok(g: Fief, fam: str, nid: str, dest: str, via: str, units: list[str]) -> bool:
    try:
        movement.check_move(g, fam, nid, dest, via, units)
    except RuleError:
        return False
    return True


def _any_troops_ok(g: Fief, fam: str, nid: str, dest: str, via: str, pool: list[str]) -> bool:
    stormy = {sea for sea in MAP.seas if movement.storms_on(g, sea)}
    home = MAP.regions[MAP.cities[g.nobles[nid].city or dest].region].sea
    if via == "sea" and (home in stormy or stormy.intersection(movement.seas_between(g.nobles[nid].city or dest, dest))):
        return False
    return _ok(g, fam, nid, dest, via, []) or (bool(pool) and _ok(g, fam, nid, dest, via, pool))


def _combos(pool: list[str]) -> list[list[str]]:
    """Troops to take: every combination of counts by type, all first, none last."""
    counts = Counter(pool)
    kinds = [k for k in N.UNIT_ORDER if counts.get(k)] + sorted(k for k in counts if k not in N.UNIT_ORDER)
    ranges = [range(counts[k], -1, -1) for k in kinds]
    combos = [sum(([k] * c for k, c in zip(kinds, cs, strict=True)), []) for cs in product(*ranges)]
    combos.sort(key=lambda c: -len(c))
    return combos


def _pool(g: Fief, fam: str, nid: str) -> list[str]:
    n = g.nobles[nid]
    pool = movement.available(g, n.city or "", fam, nid)
    if nid in g.war.cavalry:
        pool = sorted((Counter(pool) & Counter(g.war.cavalry[nid])).elements())
    return pool


def _troops(g: Fief, fam: str, nid: str, dest: str, via: str, chosen: dict[str, Any],
            aud: Audience) -> FlowStep:
    """Which troops go: every combination when they are few (25 at most), else the whole army, none,
    or a count for each type in turn ("How many Men-at-Arms go with Lord Roger? (0-7)"), so any split
    is a few clicks whatever the army (5.0)."""
    pool = _pool(g, fam, nid)
    combos = _combos(pool)
    if len(combos) > MAX_OPTIONS:
        return _troop_counts(g, fam, nid, dest, via, pool, chosen)
    opts = []
    for combo in combos:
        if not _ok(g, fam, nid, dest, via, combo):
            continue
        opts.append(Choice(_combo_label(combo, pool), A("move", noble=nid, to=dest, via=via, troops=sorted(combo))))
    return FlowStep("move", "troops", f"Which troops go with {N.noble(g, nid)} to {dest}?", tuple(opts))


def _combo_label(combo: list[str], pool: list[str]) -> str:
    if not combo:
        return "Nobody: ride alone"
    if len(combo) == len(pool):
        return f"All: {N.troops(combo)}"
    return N.troops(combo)


SPLIT = "_split"   # the flow's own keys start with "_": never a parameter of the action


def _troop_counts(g: Fief, fam: str, nid: str, dest: str, via: str, pool: list[str],
                  chosen: dict[str, Any]) -> FlowStep:
    counts = Counter(pool)
    kinds = [k for k in N.UNIT_ORDER if counts.get(k)] + sorted(k for k in counts if k not in N.UNIT_ORDER)
    who = N.noble(g, nid)

    def move(combo: list[str]) -> Action:
        return A("move", noble=nid, to=dest, via=via, troops=sorted(combo))

    if not chosen.get(SPLIT):
        opts = [Choice(_combo_label(c, pool), move(c)) for c in (pool, []) if _ok(g, fam, nid, dest, via, c)]
        opts.append(Choice("Choose how many of each kind…", flow="move", chosen=((SPLIT, 1),),
                           hint=N.troops(pool)))
        return FlowStep("move", "troops", f"Which troops go with {who} to {dest}?", tuple(opts))
    fixed: list[str] = []
    for i, kind in enumerate(kinds):
        key = f"_n_{kind}"
        if isinstance(chosen.get(key), int):
            fixed += [kind] * int(chosen[key])
            continue
        rest = kinds[i + 1:]
        last = not rest
        opts = []
        for n in range(counts[kind], -1, -1):
            take = fixed + [kind] * n
            if last:
                if _ok(g, fam, nid, dest, via, take):
                    opts.append(Choice(_count_label(kind, n, counts[kind]), move(take)))
            elif _ok(g, fam, nid, dest, via, take + sum(([k] * counts[k] for k in rest), [])) or \
                    _ok(g, fam, nid, dest, via, take):
                opts.append(Choice(_count_label(kind, n, counts[kind]), flow="move", chosen=((key, n),)))
        return FlowStep("move", key, f"How many {N.unit(kind, 2).partition(' ')[2]} go with {who} to {dest}? "
                        f"(0-{counts[kind]})", tuple(opts))
    return FlowStep("move", "troops", f"Which troops go with {who} to {dest}?",
                    (Choice(_combo_label(fixed, pool), move(fixed)),))


def _count_label(kind: str, n: int, of: int) -> str:
    if n == 0:
        return f"No {N.unit(kind, 2).partition(' ')[2]}"
    return N.troops([kind] * n) + (" (all)" if n == of else "")


# -- purchases (4.0) ------------------------------------------------------------------------------
def _buy(g: Fief, seat: str, chosen: dict[str, Any]) -> FlowStep | None:
    fam = current_actor(g)
    if fam is None or g.families[fam].seat != seat or g.flow.step != "purchase":
        return None
    money = g.players[seat].shillings
    stock = g.families[fam].stockpile
    cities = [c for c in purchase.unit_cities(g, fam)
              if (g.cities[c].stacks[fam].new if fam in g.cities[c].stacks else 0) < C.new_units_per_city]
    what = chosen.get("type")
    if what not in BUYABLE:
        opts = tuple(Choice(f"{N.unit_word(k)} · {N.shillings(C.costs[k])} · {stock[k]} left", flow="buy",
                            chosen=(("type", k),))
                     for k in BUYABLE if stock.get(k, 0) and C.costs[k] <= money and cities)
        return FlowStep("buy", "type", f"What do you buy? You have {N.shillings(money)}.", opts)
    city = chosen.get("city")
    if city not in cities:
        opts2 = []
        for c in cities:
            placed = g.cities[c].stacks[fam].new if fam in g.cities[c].stacks else 0
            text = f"{c} · {placed} of {C.new_units_per_city} new units placed"
            if passes(purchase.check_buy, g, fam, [(what, c)] * 2):   # several: how many is asked next
                opts2.append(Choice(text, flow="buy", chosen=(("type", what), ("city", c))))
            else:
                opts2.append(Choice(text, A("buy", units=[f"{what}@{c}"])))
        return paged("buy", "city", f"Where does the new {N.unit_word(str(what))} go?", opts2, chosen)
    top = _buy_top(g, fam, str(what), str(city))
    opts3 = [Choice(f"{plural(n, N.unit_word(str(what)), N.unit(str(what), 2).partition(' ')[2])} · "
                    f"{N.shillings(n * C.costs[str(what)])}", A("buy", units=[f"{what}@{city}"] * n))
             for n in range(1, top + 1)]
    return FlowStep("buy", "count", f"How many {N.unit(str(what), 2).partition(' ')[2]} do you buy at {city}? "
                    f"(1-{top})", tuple(opts3))


def _buy_top(g: Fief, fam: str, what: str, city: str) -> int:
    """The most units of one kind the family may buy at once in ``city`` (4.0, 4.1: purse, stockpile, room)."""
    top = 0
    for n in range(1, C.new_units_per_city + 1):
        if not passes(purchase.check_buy, g, fam, [(what, city)] * n):
            break
        top = n
    return top


# -- any other command: its parameters one by one, among the legal actions --------------------------
def _generic(g: Fief, seat: str, kind: str, chosen: dict[str, Any], aud: Audience) -> FlowStep | None:
    if kind not in ACTIONS:
        return None
    fixed = {k: tuple(v) if isinstance(v, list) else v for k, v in chosen.items() if not k.startswith("_")}
    left = [a for a in _expanded(g, seat, kind, _legal(g, seat, kind)) if all(a.get(k) == v for k, v in fixed.items())]
    if not left:
        return None
    if kind in PRICED and "price" not in fixed:
        step = _price_step(g, seat, kind, left, chosen, aud)
        if step is not None:
            return step
    for p in ACTIONS[kind].params:
        if p.name in fixed:
            continue
        groups: dict[Any, list[Action]] = {}
        for a in left:
            groups.setdefault(a.get(p.name), []).append(a)
        values = list(groups)
        if len(values) < 2 and len(left) > 1:
            continue
        opts = []
        for v in values:
            members = groups[v]
            priced = len(members) == 1 and kind in PRICED and _priceable(g, seat, members[0])
            text = label(g, seat, members[0], aud) if len(members) == 1 and not priced \
                else value_label(g, seat, kind, p.name, v)
            if len(members) == 1 and not priced:
                opts.append(_leaf(g, seat, text, members[0]))
            else:
                shared = {effects.hint(g, m) for m in members}   # one card, one retainer: its effect
                opts.append(Choice(text, flow=kind, chosen=tuple(fixed.items()) + ((p.name, v),),
                                   hint=next(iter(shared)) if len(shared) == 1 else effects.group_hint(kind, p.name, v)))
        return paged(kind, p.name, *_hint_once(g, left[0], QUESTIONS.get(p.name, "Which one?"), opts), chosen)
    return FlowStep(kind, "confirm", "Go ahead?", (_leaf(g, seat, label(g, seat, left[0], aud), left[0]),))


def _leaf(g: Fief, seat: str, text: str, a: Action) -> Choice:
    """An option that completes the action, with its confirmation when it harms the seat's own holdings."""
    question = confirm(g, seat, a)
    return Choice(text, a, hint=effects.hint(g, a), confirm=question, style="danger" if question else "secondary")


# -- losses: the Plague (2.5), a battle's hits (7.5), the rebels' hits (10.1) ---------------------------
def _loss_action(kind: str, units: list[str], slay: list[str]) -> Action:
    if kind == "losses":
        return A("losses", units=sorted(units), slay=list(slay))
    return A(kind, units=sorted(units))


def _losses(g: Fief, seat: str, kind: str, chosen: dict[str, Any], aud: Audience) -> FlowStep | None:
    setup = loss_setup(g, seat, kind)
    if setup is None:
        return None
    troops, nobles, hits, count = setup
    have = Counter(troops)
    mixes = loss_mixes(troops, hits, count)
    best = battle_losses.best_sum(troops, hits) if hits is not None else 0

    def slain(mix: Counter[str]) -> int:
        return min(hits - best, len(nobles)) if hits is not None and not (have - mix) else 0

    def option(text: str, mix: Counter[str]) -> Choice:
        k = slain(mix)
        units = sorted(mix.elements())
        if 0 < k < len(nobles):
            return Choice(text, flow=kind, chosen=(("units", tuple(units)),))
        return Choice(text, _loss_action(kind, units, nobles[:k]))

    if "units" in chosen:
        units = [str(u) for u in chosen["units"]]
        k = slain(Counter(units))
        if "slay" in chosen:
            a = _loss_action(kind, units, [str(x) for x in chosen["slay"]])
            return FlowStep(kind, "confirm", "Go ahead?", (Choice(label(g, seat, a, aud), a),))
        opts = tuple(Choice(N.noble(g, n), _loss_action(kind, units, [n]) if k == 1 else None,
                            flow=None if k == 1 else kind, chosen=() if k == 1 else (("slay", n),)) for n in nobles)
        return FlowStep(kind, "slay", f"Every troop is gone: which {plural(k, 'noble')} die? The others are taken captive.",
                        opts, multi=k > 1, min_values=k, max_values=k)
    if len(mixes) <= MAX_OPTIONS:
        opts2 = [option(label(g, seat, _loss_action(kind, sorted(m.elements()), []), aud), m) for m in mixes]
        return FlowStep(kind, "units", "Which troops do you lose?", tuple(opts2))
    kinds = sorted(have, key=unit_order)
    fixed = {u: int(chosen[f"_x_{u}"]) for u in kinds if isinstance(chosen.get(f"_x_{u}"), int)}
    fits = [m for m in mixes if all(m[u] == n for u, n in fixed.items())]
    for i, u in enumerate(kinds):
        if u in fixed:
            continue
        counts = sorted({m[u] for m in fits}, reverse=True)
        last = all(x in fixed for x in kinds[i + 1:])
        opts3 = []
        for n in counts:
            text = _lost_words(g, u, n)
            if last:
                opts3.append(option(text, next(m for m in fits if m[u] == n)))
            else:
                opts3.append(Choice(text, flow=kind, chosen=((f"_x_{u}", n),)))
        return FlowStep(kind, f"_x_{u}", f"How many {_unit_plural(g, u)} do you lose? ({min(counts)}-{max(counts)})",
                        tuple(opts3))
    return None


def _unit_plural(g: Fief, u: str) -> str:
    fam, _, kind = u.rpartition(":")
    many = N.unit(kind, 2).partition(" ")[2]
    return f"{N.family(fam)}'s {many}" if fam in g.families else many


def _lost_words(g: Fief, u: str, n: int) -> str:
    fam, _, kind = u.rpartition(":")
    words = N.troops([kind] * n) if n else f"No {N.unit(kind, 2).partition(' ')[2]}"
    return f"{words} of {N.family(fam)}" if fam in g.families else words
