"""Prompts: the question each decision asks, what its default does, a label for every action,
the choices in the order a player most likely wants them (Done and Pass last), confirmations
for choices that harm the seat's own holdings, the steps the table may skip, and the names of
parameter values (1.0, 2.0-2.15, 4.0-4.9, 5.0-7.10, 13.4)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.actions import Action
from engine.core.decisions import Decision
from engine.core.words import Audience, Choice, join_words, plural
from engine.fief import pillage as pillage_rules
from engine.fief import ransom, titles
from engine.fief.actions import ACTIONS
from engine.fief.battle import sides
from engine.fief.cards import draw_limits
from engine.fief.components import C
from engine.fief.purchase import build_cost
from engine.fief.rebellion import standing
from engine.fief.state import MAP, Fief, Player, Task
from engine.fief.words import effects, events_board
from engine.fief.words import names as N

MAX_OPTIONS = 25
LABEL_MAX = 80

ROLE_BLURBS = {
    "red": "Red: a noble house of England, its banners red; every family starts with the same pieces.",
    "blue": "Blue: a noble house of England, its banners blue; every family starts with the same pieces.",
    "green": "Green: a noble house of England, its banners green; every family starts with the same pieces.",
    "yellow": "Yellow: a noble house of England, its banners yellow; every family starts with the same pieces.",
}

STEP_QUESTIONS = {
    "marriage": "Marriages: propose a marriage that would make another player your ally, or pass?",
    "election": "The crown is free: put a Lord forward as a candidate, or pass?",
    "ballot": "Election: lay your FOR and DECOY markers face down on the candidates, or lay none?",
    "parliament": "You may convene Parliament to vote a Royal Tax of 12 shillings. Convene it?",
    "tax_vote": "Parliament: vote for or against the Royal Tax, in secret?",
    "royal_tax": "Share out the Royal Tax in secret: what you do not give away is yours.",
    "play": "Play your cards: bring nobles and clergy into play, play Fortune cards, hand over retainers. "
            "Choose Done when you have finished.",
    "scorch": "Scorched earth: burn one of your Mills for 2 shillings before Income?",
    "parley": "Invaders stand near your nobles: pay them Danegeld, send a churchman to them, or let them be?",
    "battle": "Battles: where will you fight this round?",
    "pillage": "Pillage: will you take what a city you control can give?",
}

DONE_LABELS = {"marriage": "No marriage", "election": "No candidate", "ballot": "Lay no marker",
               "parliament": "No Parliament", "royal_tax": "Keep the rest", "draw": "Done drawing", "play": "Done playing cards", "scorch": "Keep my Mills",
               "ransom": "Done with ransoms", "purchase": "Done buying", "move": "Done moving",
               "parley": "Leave the invaders be", "battle": "No more battles", "pillage": "Done pillaging"}

IF_DONE = {"marriage": "you propose no marriage this round", "election": "you put nobody forward",
           "ballot": "you lay no vote marker", "parliament": "Parliament is not convened this round",
           "royal_tax": "you keep what is left of the Royal Tax", "draw": "you draw no more cards this round", "play": "you play no more cards this round",
           "scorch": "you keep your Mills", "ransom": "you pay no ransom", "purchase": "you buy nothing more",
           "move": "your nobles stay where they are", "parley": "you leave the invaders be",
           "battle": "you declare no more battles", "pillage": "you pillage nothing"}

NEXT = {"continue": "Fight on", "surrender": "Surrender", "truce": "Offer or accept a truce",
        "break": "Break off the attack", "siege": "Lay siege instead", "stop": "Return behind the walls",
        "end": "End the battle"}

PILLAGE = {"mill": "Pillage the Mill at {city}", "abbey": "Sack the Abbey at {city}",
           "engines": "Seize the engines at {city}", "own_engines": "Destroy your own engines at {city}"}

PRIORITY = {"start": 0, "propose_marriage": 1, "nominate": 1, "vote_election": 1, "convene_parliament": 1,
            "vote_tax": 1, "give_tax": 1, "award_garter": 2, "deal": 8, "draw": 0, "play_noble": 1, "play_abbess": 1, "play_clergy": 1, "play_harvest": 1,
            "play_tax": 1, "losses": 0, "plague_losses": 0, "bestow": 0, "gift_abbess": 0, "relinquish": 6, "release": 0, "battle_next": 0,
            "spoils": 0, "bandits": 0, "respond": 0, "accept_offer": 0, "pay_ransom": 0, "move": 1, "battle": 1,
            "buy": 1, "build": 2, "buy_title": 2, "grant_title": 3, "transfer_title": 3, "construct": 2,
            "rebuild_abbey": 2, "muster": 2, "besiege": 2, "offer_ransom": 1, "danegeld": 1, "intervene": 1,
            "give_retainer": 4, "mata": 4, "play_weather": 5, "scorch": 5, "pillage": 5, "lift_siege": 6,
            "join": 6, "transfer_control": 7, "interdict": 6, "pigeon": 8, "pigeon_offer": 8, "discard": 9,
            "decline_offer": 98, "done": 99, "rebellion": 3, "passage": 3, "assassinate": 4, "justice": 4,
            "ambush": 4, "quell": 1, "stand_aside": 98, "rebel_losses": 0, "draw_excalibur": 1, "take_excalibur": 1,
            "play_board_card": 3, "hire": 5, "lend_mercenaries": 7, "give_relic": 4, "leave_relic": 6, "take_relic": 4,
            "chasuble": 6, "shinbone": 5, "skull": 6}


def _task(g: Fief, d: Decision) -> Task | None:
    return g.tasks[0] if d.id.startswith("task-") and g.tasks else None


def _family(g: Fief, d: Decision, seat: str) -> str:
    fam = d.info.get("family")
    if isinstance(fam, str) and fam in g.families:
        return fam
    return N.seat_families(g, seat)[0] if N.seat_families(g, seat) else ""


def _request(g: Fief, d: Decision) -> Any:
    return next((r for r in g.requests.open if r.id == d.info.get("request")), None)


def _offer(g: Fief, d: Decision) -> Any:
    return next((o for o in g.offers.open if o.id == d.info.get("offer")), None)


def _battle_line(g: Fief) -> str:
    b = g.war.battle
    return f"Battle at {b.city}" if b else "The battle"


def _standing(g: Fief, fam: str) -> str:
    """What each side of the battle has left, the side of ``fam`` (the family asked) first ("You have Lord Hugh with
    2 Knights; Green has 1 Archer."): the troops a battle shows are face up to all (4.1, FAQ)."""
    b = g.war.battle
    if b is None:
        return ""
    mine = {fam}
    order = sorted((b.attacker, b.defender), key=lambda side: not mine & set(sides.members(b, side)))
    parts = []
    for side in order:
        nobles = [n for n in sides.side_nobles(g, b, side) if not n.startswith("leader:")]
        who, what = N.nobles(g, nobles), N.troops(sides.side_troops(g, b, side), none="")
        held = f"{who} with {what}" if who and what else who or what or "nothing"
        ours = bool(mine & set(sides.members(b, side)))
        parts.append(f"you have {held}" if ours else f"{N.family(side)} {'have' if side == N.INVADERS else 'has'} {held}")
    text = "; ".join(parts)
    return text[:1].upper() + text[1:] + "."


def _dice(g: Fief, fam: str) -> str:
    """What each side's dice showed in the round just rolled (7.1), the side of ``fam`` first: "Dice
    this round: you rolled 1 and a blank; Green rolled 3 and 2." ("" before any die is rolled)."""
    b = g.war.battle
    if b is None or not any(b.rolled.values()):
        return ""
    order = sorted((b.attacker, b.defender), key=lambda side: fam not in sides.members(b, side))
    parts = []
    for side in order:
        faces = b.rolled.get(side, [])
        if not faces:
            continue
        shown = join_words(str(f) if f else "a blank" for f in faces)
        parts.append(f"{'you' if fam in sides.members(b, side) else N.family(side)} rolled {shown}")
    return f"Dice this round: {'; '.join(parts)}. " if parts else ""


# -- questions ----------------------------------------------------------------------------------
def _parley_question(g: Fief, seat: str) -> str:
    """6.9, 6.10: the question offers only the ways out the seat has now (the purse, a churchman near)."""
    from engine.fief.legal import seat_actions

    kinds = {a.kind for a in seat_actions(g, seat)}
    ways = [w for k, w in (("danegeld", "pay them Danegeld"), ("intervene", "send a churchman to them")) if k in kinds]
    if not ways:
        return ("Invaders stand near your nobles. You can neither pay them Danegeld nor send a churchman to them "
                "now, so they are left be.")
    return f"Invaders stand near your nobles: {', '.join(ways)}, or let them be?"


def question(g: Fief, d: Decision, seat: str, aud: Audience) -> str:
    """One question per decision id (``fief.<step>``, ``fief.<task>``, ``request.<kind>``, ``offer``)."""
    what = d.prompt.partition(".")[2] if "." in d.prompt else d.prompt
    fam = _family(g, d, seat)
    t = _task(g, d)
    p = g.players.get(seat)
    if d.prompt.startswith("request."):
        from engine.fief.words.events_table import request_line
        r = _request(g, d)
        payload = r.payload if r else d.info
        by = r.by if r else d.info.get("by")
        return f"{request_line(g, what, by, seat, payload, aud)[:-1]}. Do you agree?"
    if d.prompt == "offer":
        o = _offer(g, d)
        if o is None:
            return "An offer by pigeon waits for your answer."
        from engine.fief.words.events_table import bundle
        return (f"{N.seat_who(g, o.by, aud)} offers you {bundle(g, o.give)} for {bundle(g, o.take)}. "
                "Do you accept?")
    if what == "start":
        region = f" in {N.region(g.flow.start_region)}" if g.flow.start_region else ""
        return f"Where does your family start? Choose a city{region}."
    if what == "draw" and p is not None:
        return _draw_question(g, p)
    if what == "purchase" and p is not None:
        return f"Spend your shillings on troops, buildings and titles. You have {N.shillings(p.shillings)}."
    if what == "ransom":
        held = [N.noble(g, n.id) for n in ransom.captives_of(g, fam)] if fam else []
        return f"Ransoms: free {join_words(held) or 'your captive nobles'}?"
    if what == "move":
        return f"Move your nobles. {_nobles_line(g, fam)}"
    if what == "parley":
        return _parley_question(g, seat)
    if what in STEP_QUESTIONS:
        return STEP_QUESTIONS[what]
    if t is not None:
        return _task_question(g, t, aud)
    return "Your move."


def _draw_question(g: Fief, p: Player) -> str:
    """2.0-2.3: what the last draw turned up (a Disaster comes instead of a card), then what is left to
    draw; discards are offered only before the first draw, and said only then."""
    from engine.fief.cards import discards_open
    total, chars = draw_limits(g, p)
    left = max(0, total - p.drawn)
    chars_left = max(0, chars - p.drawn_characters)
    just = ""
    if p.last_draw in ("fortune", "character") and p.hand:
        just = f"You drew {N.card(p.hand[-1])}. "
    elif p.last_draw == "disaster":
        just = "A Disaster card went face down on the track instead of a card. "
    elif p.last_draw == "disaster_discarded":
        just = "A Disaster card came up instead of a card; the track was full, so it was turned over and discarded. "
    first = " You may discard first." if discards_open(p) and p.hand else ""
    if left == 0:
        return f"{just}You have drawn all your cards for this round: choose Done drawing."
    if chars_left == 0:
        return (f"{just}Draw your cards for this round: {plural(left, 'more card')}, Fortune cards only (you have "
                f"your Character cards).{first}")
    return (f"{just}Draw your cards for this round: {plural(left, 'more card')}, at most "
            f"{plural(chars_left, 'Character card')} among them.{first}")


def _nobles_line(g: Fief, fam: str) -> str:
    from engine.fief.movement import units_of
    by_city: dict[str, list[str]] = {}
    for nid in g.families[fam].nobles if fam in g.families else []:
        n = g.nobles[nid]
        if n.captor or not n.city:
            continue
        by_city.setdefault(n.city, []).append(nid)
    parts = []
    for city, ids in by_city.items():   # the troops once per city: the nobles there share them (5.0)
        here = N.troops(units_of(g.cities[city].stacks.get(fam)), none="")
        verb = "is" if len(ids) == 1 else "are"
        parts.append(f"{N.nobles(g, ids)} {verb} in {city}" + (f" with {here}" if here else ""))
    return "; ".join(parts) + "." if parts else "No noble of yours is free to move."


def _task_question(g: Fief, t: Task, aud: Audience) -> str:
    if t.kind == "plague":
        return f"The Plague strikes your troops at {t.city}: choose the {plural(t.count, 'troop')} you lose."
    if t.kind == "bestow":
        return f"Who holds {N.fiefdom(t.region)} now? Choose one of your nobles."
    if t.kind == "garter":
        whom = "one of them" if len(t.options) > 1 else "this Lord"
        return (f"{N.nobles(g, t.options)} just beat the invaders. Induct {whom} into the Order of the Garter "
                "now? The chance passes with the moment.")
    if t.kind == "abbess_gift":
        return (f"The title of Abbess of {N.abbey(t.region).removeprefix('the ')} is free: give it to an unmarried "
                "noblewoman, or let the card go back to the deck?")
    if t.kind == "skull":
        return (f"{N.noble(g, t.noble)} has just fallen at {t.city}. Raise {'her' if _sex(g, t.noble) == 'f' else 'him'} with the Skull, "
                "titles and all (once a game), or let death take its course?")
    if t.kind == "release":
        return f"{N.noble(g, t.noble)} is free again: where does {'she' if _sex(g, t.noble) == 'f' else 'he'} go?"
    if t.kind == "losses":
        return (f"{_battle_line(g)}: your side takes {plural(t.count, 'hit')}. {_dice(g, t.family)}"
                f"{_standing(g, t.family)} Choose your losses.")
    if t.kind == "battle_next":
        b = g.war.battle
        rnd = f" after round {b.rolls}" if b else ""
        return f"{_battle_line(g)}{rnd}: {_dice(g, t.family)}{_standing(g, t.family)} Fight on, or end it?"
    if t.kind == "spoils":
        return f"You won at {t.city}: keep the beaten side's engines, or destroy them?"
    if t.kind == "rebellion":
        return _rebellion_question(g, t)
    if t.kind == "bandits":
        return f"Bandits hold {N.noble(g, t.noble)} in Sherwood and ask {N.shillings(t.count)}."
    return "Your move."


def _rebellion_question(g: Fief, t: Task) -> str:
    """10.1: add to the Rebellion (support), or quell it with a cleric (quell)."""
    standing = plural(t.count, "Rebellion")
    if t.options == ["losses"]:
        return f"The rebels of {t.city} strike your troops with {plural(t.count, 'hit')}: choose your losses."
    if t.options == ["quell"]:
        return (f"Rebels rise in {t.city} ({standing} standing). Your cleric there may pay "
                f"{N.shillings(3 * t.count)} to send them home, or plead with them (1-4 on a die calms each, "
                "5-6 and the cleric is stoned).")
    return (f"A Rebellion is rising in {t.city} ({standing} past the walls so far). Add a Rebellion card, "
            "your Burgher or a Passage, or let it be?")


def _sex(g: Fief, nid: str | None) -> str:
    n = g.nobles.get(nid or "")
    return n.sex if n else "m"


def if_absent(g: Fief, d: Decision, seat: str, aud: Audience) -> str:
    """What the default does, in words ("your nobles stay where they are")."""
    a = d.default_for(seat)
    if a is None:
        return ""
    if a.kind == "done":
        return IF_DONE.get(g.flow.step, "you pass")
    if a.kind == "respond":
        return "your answer is yes" if a.get("accept") else "your answer is no"
    if a.kind == "decline_offer":
        return "the offer is declined"
    if a.kind == "battle_next" and a.get("choice") == "continue":
        return "your side fights on"
    return f"the game chooses “{label(g, seat, a, aud)}” for you"


# -- labels -------------------------------------------------------------------------------------
def _units_label(value: Any) -> str:
    """``knight@York,men@York`` -> "2 Knights and 1 Man-at-Arms at York"."""
    items = [value] if isinstance(value, str) else list(value or ())
    by_city: dict[str, list[str]] = {}
    for item in items:
        kind, _, city = str(item).partition("@")
        by_city.setdefault(city, []).append(kind)
    return "; ".join(N.troops(kinds) + (f" at {city}" if city else "") for city, kinds in by_city.items())


def _cost_of_units(value: Any) -> int:
    items = [value] if isinstance(value, str) else list(value or ())
    return sum(C.costs.get(str(i).partition("@")[0], 0) for i in items)


def label(g: Fief, seat: str, a: Action, aud: Audience) -> str:
    text = _label(g, seat, a, aud)
    return text if len(text) <= LABEL_MAX else text[: LABEL_MAX - 1].rstrip() + "…"


def _label(g: Fief, seat: str, a: Action, aud: Audience) -> str:  # noqa: C901 (one line per command)
    k = a.kind
    v = a.get
    if k == "done":
        return DONE_LABELS.get(g.flow.step, "Done")
    if k == "start":
        return f"Start at {v('city')}"
    if k == "discard":
        return f"Discard {N.card(v('card'))}"
    if k == "draw":
        return "Draw a Character card" if v("deck") == "character" else "Draw a Fortune card"
    if k == "play_noble":
        return f"Play {N.card(v('card'))} at {v('city')}"
    if k == "play_abbess":
        return f"Make {N.noble(g, v('noble'))} {N.card(v('card'))} at {v('city')}"
    if k == "play_clergy":
        return f"Make {N.noble(g, v('noble'))} {N.card(v('card'))}"
    if k in ("play_harvest", "play_weather"):
        return f"Play {N.card(v('card'))} on {N.region(v('region'))}"
    if k == "play_tax":
        levy = [f"Tallage on {N.region(v('tallage'))}"] if v("tallage") else []
        levy += [f"Tithe on {N.district(v('tithe'))}"] if v("tithe") else []
        return f"Tax: {join_words(levy) or 'no levy'}"
    if k == "give_retainer":
        giver, receiver = g.nobles.get(str(v("giver"))), g.nobles.get(str(v("receiver")))
        ret = N.retainer(giver.retainer) if giver and giver.retainer else "the retainer"
        paid = N.shillings(int(v("price"))) if v("price") else ""   # 2.12: the receiver's family pays it
        if receiver is not None and receiver.retainer:   # 2.12: a noble holds one retainer, so this is a swap
            return (f"{N.noble(g, v('giver'))} swaps {ret} for {N.noble(g, v('receiver'))}'s "
                    f"{N.retainer(receiver.retainer)}{f' and {paid}' if paid else ''}")
        return f"{N.noble(g, v('giver'))} gives {ret} to {N.noble(g, v('receiver'))}{f' for {paid}' if paid else ''}"
    if k == "mata":
        return f"Mata: swap {N.card(v('card'))} with {N.seat_player(g, str(v('target')), aud)}"
    if k == "muster":
        return f"Sergeant: a free Man-at-Arms joins {N.noble(g, v('noble'))}"
    if k in ("plague_losses", "losses"):
        lost = [N.troops(v("units") or (), none="")] + [f"{N.noble(g, n)} slain" for n in v("slay") or ()]
        return f"Lose {join_words(x for x in lost if x) or 'nothing'}"
    if k == "bestow":
        return f"Give {N.fiefdom(v('region'))} to {N.noble(g, v('noble'))}"
    if k == "gift_abbess":
        return f"Make {N.noble(g, v('noble'))} Abbess" if v("noble") else "Let the title go back to the deck"
    if k == "relinquish":
        return (f"Ask leave for {N.noble(g, v('noble'))} to give up "
                f"{N.abbey(v('abbey')) if v('abbey') else 'her Abbey'}")
    if k == "release":
        return f"Send {N.noble(g, v('noble'))} to {v('city')}"
    if k == "propose_marriage":
        return f"Propose the marriage of {N.noble(g, v('noble'))} and {N.noble(g, v('spouse'))}"
    if k == "nominate":
        return f"Put {N.noble_of(g, v('noble'))} forward for the crown"
    if k == "vote_election":
        marks = [f"FOR on {N.noble_of(g, v('support'))}"] if v("support") not in (None, "none") else []
        marks += [f"DECOY on {N.noble_of(g, v('decoy'))}"] if v("decoy") not in (None, "none") else []
        return f"Lay {join_words(marks)}"
    if k == "convene_parliament":
        return "Convene Parliament"
    if k == "vote_tax":
        burgher = " with your Burgher (a Treasure)" if v("burgher") else ""
        return f"Vote {'for' if v('vote') == 'for' else 'against'} the Royal Tax{burgher}"
    if k == "give_tax":
        return f"Give {N.seat_player(g, str(v('to')), aud)} {N.shillings(int(v('amount') or 0))} of the tax"
    if k == "deal":
        from engine.fief.deals import bundle_of
        from engine.fief.words.events_table import deal_bundle
        return (f"Offer {N.seat_player(g, str(v('to')), aud)} {deal_bundle(g, bundle_of(a, 'give'))} for "
                f"{deal_bundle(g, bundle_of(a, 'take'))}")
    if k == "award_garter":
        return f"Make {N.noble(g, v('noble'))} a Knight of the Garter" if v("noble") else "No Garter this time"
    if k == "scorch":
        return f"Burn your Mill at {v('city')} · {N.shillings(C.income['scorch_per_mill'])}"
    if k == "pay_ransom":
        n = g.nobles.get(str(v("captive")))
        cost = f" · {N.shillings(ransom.ransom_value(n))}" if n else ""
        where = f", freed to {v('city')}" if v("city") else ""
        return f"Ransom {N.noble(g, v('captive'))}{where}{cost}"
    if k == "offer_ransom":
        return f"Offer {N.shillings(int(v('amount') or 0))} for {N.noble(g, v('captive'))}"
    if k == "buy":
        return f"Buy {_units_label(v('units'))} · {N.shillings(_cost_of_units(v('units')))}"
    if k == "build":
        fam = _seat_family(g, seat)
        cost = f" · {N.shillings(build_cost(g, fam, str(v('what'))))}" if fam else ""
        return f"Build {N.building(v('what'))} at {v('city')}{cost}"
    if k == "rebuild_abbey":
        return f"Raise {N.abbey(v('abbey'))} again at {v('city')}"
    if k == "construct":
        return f"Build a siege Trebuchet at {v('city')} · {N.shillings(C.costs['siege_trebuchet'])}"
    if k == "buy_title":
        title_price = titles.title_cost(g, str(v("region")), str(v("noble")))
        return f"Buy {N.fiefdom(v('region'))} for {N.noble(g, v('noble'))} · {N.shillings(title_price)}"
    if k == "grant_title":
        return f"Grant {N.fiefdom(v('region'))} to {N.noble(g, v('noble'))}"
    if k == "transfer_title":
        return f"Hand {N.fiefdom(v('region'))} to {N.noble(g, v('to'))}"
    if k == "pigeon":
        goods = [N.shillings(int(v("shillings")))] if v("shillings") else []
        goods += [N.card(v("card"))] if v("card") else []
        return f"Pigeon from {N.noble(g, v('sender'))} to {N.noble_of(g, v('to'))}: {join_words(goods) or 'a message'}"
    if k == "pigeon_offer":
        give = [N.shillings(int(v("give_shillings")))] if v("give_shillings") else []
        give += [N.card(c) for c in v("give_cards") or ()]
        take = [N.shillings(int(v("take_shillings")))] if v("take_shillings") else []
        take += [N.card(c) for c in v("take_cards") or ()]
        return f"Offer {N.noble_of(g, v('to'))} {join_words(give) or 'nothing'} for {join_words(take) or 'nothing'}"
    if k in ("accept_offer", "decline_offer"):
        o = next((o for o in g.offers.open if o.id == v("offer")), None)
        whose = f" of {N.seat_player(g, o.by, aud)}" if o else ""
        return f"{'Accept' if k == 'accept_offer' else 'Decline'} the offer{whose}"
    if k == "respond":
        return "Yes, agree" if v("accept") else "No, refuse"
    if k == "move":
        return _move_label(g, a)
    if k == "battle":
        aim = f", archers aiming at {N.noble(g, v('target'))}" if v("target") else ""
        return f"Attack {N.family(v('against'))} at {v('city')}{aim}"
    if k == "besiege":
        return f"Besiege {v('city')}"
    if k == "battle_next":
        text = NEXT.get(str(v("choice")), "Go on")
        if v("destroy"):
            text += ", destroying your own engines here first"
        if v("target"):
            text += f", archers aiming at {N.noble(g, v('target'))}"
        return text
    if k == "spoils":
        return "Keep the beaten side's engines" if v("absorb") else "Destroy the beaten side's engines"
    if k == "bandits":
        t = g.tasks[0] if g.tasks and g.tasks[0].kind == "bandits" else None
        price = f" {N.shillings(t.count)}" if t else ""
        return f"Pay the Bandits{price}" if v("pay") else "Stay the Bandits' captive"
    if k == "interdict":
        return f"Free {N.noble(g, v('captive'))} from the Bandits (a Carrier Pigeon)"
    if k == "join":
        return f"{N.family(v('family'))} joins {N.family(v('side'))}'s side"
    if k == "transfer_control":
        return f"Hand {v('city')} to {N.family(v('to'))}"
    if k == "danegeld":
        return f"Pay Danegeld through {N.noble(g, v('noble'))} · {N.shillings(5)}"
    if k == "intervene":
        return f"Send {N.noble(g, v('noble'))} to the invaders"
    if k == "lift_siege":
        return f"Lift your siege of {v('city')}"
    if k == "pillage":
        return PILLAGE.get(str(v("what")), "Pillage {city}").format(city=v("city"))
    if k in OPPORTUNITY:
        return _opportunity_label(g, a, seat)
    return events_board.label(g, a) or "Go ahead"


OPPORTUNITY = ("rebellion", "passage", "assassinate", "justice", "ambush", "quell", "stand_aside", "rebel_losses")
PASSAGE_USES = {"siege": "{noble} slips out of the siege", "storms": "{noble} makes one move through the Storms",
                "pass": "{noble} slips past the enemy without leave",
                "evade": "{noble} leaves the way the enemy came in",
                "tunnels": "attack {city} through the tunnels", "aid": "guide the invaders into {city}",
                "guide": "lead an invader army through the Storms",
                "withdraw": "withdraw the defenders to {to}", "escape": "{noble} escapes",
                "rebellion": "lead the rebels past the walls"}


def escorts_text(g: Fief, value: Any) -> str:
    """10.2's Withdraw: "Walter with a Knight and Matilda alone" for the defending nobles in the side's order."""
    from engine.fief.battle.sides import side_nobles
    b = g.war.battle
    picks = [str(x) for x in (value if isinstance(value, (list, tuple)) else str(value).split(","))]
    nobles = side_nobles(g, b, b.defender) if b is not None else []
    if len(nobles) != len(picks):
        return "each noble with one troop"
    def one(nid: str, kind: str) -> str:
        name = g.nobles[nid].name if nid in g.nobles else N.noble(g, nid)
        if kind == "none":
            return f"{name} alone"
        word = N.unit_word(kind)
        return f"{name} with {'an' if word[:1] in 'AEIOU' else 'a'} {word}"
    return join_words(one(n, k) for n, k in zip(nobles, picks, strict=True))


def _opportunity_label(g: Fief, a: Action, seat: str = "") -> str:
    """10.1-10.5, 11.2: the Opportunity cards' commands."""
    v = a.get
    card = N.card(v("card")) if v("card") else ""
    if a.kind == "rebellion":
        u = g.opp.uprising
        verb = "Add" if u is not None else "Raise"
        burgher = " through your Burgher" if str(v("card")).startswith("burgher") else ""
        return f"{verb} a Rebellion in {v('city')}{burgher}"
    if a.kind == "passage":
        use = PASSAGE_USES.get(str(v("use")), "a secret way").format(
            noble=N.noble(g, v("noble")), city=v("city"), to=v("to"))
        where = f" to {v('city')}" if v("use") == "escape" and v("city") else ""
        if v("use") == "withdraw" and v("escorts"):   # 10.2: the troop each noble takes (kept short: a button)
            return f"{card}: to {v('to')}, {escorts_text(g, v('escorts'))}"
        if v("use") == "escape":   # 10.2: any captive may escape, even one the player holds (7.6)
            n = g.nobles.get(str(v("noble")))
            if n is not None and n.captor in N.seat_families(g, seat):
                return f"{card}: let your captive {N.noble_of(g, n.id)} go{where}, with no ransom"
            use = f"{N.noble_of(g, v('noble'))} escapes"
        return f"{card}: {use}{where}"
    if a.kind == "assassinate":
        sponsor = f", sponsored by {N.noble(g, v('sponsor'))}" if v("sponsor") else ""
        return f"Assassinate {N.noble_of(g, v('target'))}{sponsor}"
    if a.kind == "justice":
        return f"Justice on {N.noble_of(g, v('target'))}"
    if a.kind == "ambush":
        target = str(v("target") or "")
        army = g.armies.get(target.split(":", 1)[1]) if target.startswith(("leader:", "invaders:")) else None
        which = (f" at {army.city}{' (outskirts)' if army.outskirts else ''} with {plural(army.foot, 'foot soldier')}"
                 if army is not None and army.city else "")   # two armies' leaders must not read alike
        return f"{N.noble(g, v('noble'))} ambushes {N.noble_of(g, target)}{which}"
    if a.kind == "rebel_losses":
        return f"Lose {N.troops(v('units') or (), none='nothing')}"
    if a.kind == "quell":
        u = g.opp.uprising
        price = f" · {N.shillings(3 * standing(g, u))}" if u is not None else ""
        if v("how") == "pay":
            return f"{N.noble(g, v('noble'))} pays the rebels off{price}"
        return f"{N.noble(g, v('noble'))} pleads with the rebels"
    return "Let it be"


def _move_label(g: Fief, a: Action) -> str:
    via = {"sea": " by sea", "sherwood": " via Sherwood", "royal": " by the royal road"}.get(str(a.get("via")), "")
    troops = a.get("troops") or ()
    with_ = f" with {N.troops(troops)}" if troops else " alone"
    if a.get("cavalcade"):
        return f"Cavalcade: {N.noble(g, a.get('noble'))} rides to {a.get('to')}{with_}"
    return f"Move {N.noble(g, a.get('noble'))} to {a.get('to')}{via}{with_}"


def _seat_family(g: Fief, seat: str) -> str:
    from engine.fief.flow import current_actor
    fam = current_actor(g)
    if fam and g.families[fam].seat == seat:
        return fam
    fams = N.seat_families(g, seat)
    return fams[0] if fams else ""


# -- choices ------------------------------------------------------------------------------------
TASK_ACTIONS = {"plague": "plague_losses", "bestow": "bestow", "abbess_gift": "gift_abbess", "garter": "award_garter", "skull": "skull", "release": "release", "losses": "losses",
                "battle_next": "battle_next", "spoils": "spoils", "bandits": "bandits"}

def relevant(g: Fief, d: Decision, seat: str, legal: Sequence[Action]) -> list[Action]:
    """The legal actions that answer ``d`` itself: a request's yes and no, an offer's accept and
    decline, the Rebellion's answers, else the task's or the step's own commands (the moves open at
    any time are :func:`extras`)."""
    if d.prompt.startswith("request."):
        return [a for a in legal if a.kind == "respond" and a.get("request") == d.info.get("request")]
    if d.prompt == "offer":
        return [a for a in legal if a.kind in ("accept_offer", "decline_offer") and a.get("offer") == d.info.get("offer")]
    if d.prompt == "fief.rebellion":
        return [a for a in legal if a.kind in ("stand_aside", "quell", "rebellion", "rebel_losses")
                or (a.kind == "passage" and a.get("use") == "rebellion")]
    mine = _own_commands(g, seat)
    return [a for a in legal if a in mine]


def _own_commands(g: Fief, seat: str) -> frozenset[Action]:
    """The first task's commands, or the step's of the family whose turn it is, when they are ``seat``'s."""
    from engine.fief.flow import current_actor
    from engine.fief.legal import step_actions, task_actions
    if g.flow.over:
        return frozenset()
    if g.tasks:
        t = g.tasks[0]
        return frozenset(task_actions(g, t)) if g.families[t.family].seat == seat else frozenset()
    actor = current_actor(g)
    if actor is None or g.families[actor].seat != seat:
        return frozenset()
    return frozenset(step_actions(g, seat, actor))


#: Answers to a request or an offer: each has its own prompt (the table shows them), never an extra.
ANSWERS = ("respond", "accept_offer", "decline_offer")


def extras(g: Fief, d: Decision, seat: str, legal: Sequence[Action]) -> list[Action]:
    """The moves open to ``seat`` besides the decision's own answers: Opportunity cards, pigeons, deals,
    a city handed over, relics, hiring... (2.15, 5.1, 9.1, 10.0-11.2). Shown on the seat's main prompt:
    the task's or step's when it is the seat's, else the request's or offer's that waits on it."""
    answering = d.prompt.startswith("request.") or d.prompt == "offer" or d.prompt == "fief.rebellion"
    if answering and d.prompt != "fief.rebellion":
        if _own_commands(g, seat):
            return []   # the seat's task or step prompt shows them
        from engine.fief.legal import seat_actions
        legal = seat_actions(g, seat)   # the table may pass only the request's answers
    own = set(relevant(g, d, seat, legal))
    return [a for a in legal if a not in own and a.kind not in ANSWERS]


def _first_param(kind: str) -> str | None:
    spec = ACTIONS[kind]
    return spec.params[0].name if spec.params else None


def _group_label(g: Fief, seat: str, kind: str, param: str | None, value: Any, aud: Audience) -> str:
    if kind == "move":
        return f"Move {N.noble(g, value)}"
    if kind == "buy":
        return "Buy troops"
    if kind.startswith("play_") and param == "card":
        return f"Play {N.card(value)}"
    if kind in ("rebellion", "passage") and str(value).startswith("burgher"):
        return f"{kind.capitalize()} by your {N.card(value)}…"
    if kind == "give_retainer":
        return f"{N.noble(g, value)} gives away a retainer"
    if kind == "mata":
        return f"Mata: {N.noble(g, value)} swaps a card"
    if kind == "offer_ransom":
        return f"Offer a ransom for {N.noble(g, value)}"
    if kind in ("pigeon", "pigeon_offer"):
        return f"Send a pigeon from {N.noble(g, value)}" if kind == "pigeon" else f"Offer an exchange from {N.noble(g, value)}"
    if kind == "battle":
        return f"Battle at {value}"
    if kind == "give_tax":
        return f"Give {N.seat_player(g, str(value), aud)} a share of the tax"
    if kind in ("buy_title", "grant_title", "transfer_title"):
        text = {"buy_title": "Buy", "grant_title": "Grant", "transfer_title": "Hand over"}[kind] + f" {N.fiefdom(value)}"
        if kind == "buy_title":   # 4.3: 2 shillings a city; a Chancellor takes 2 off for the noble who keeps one
            fam = _seat_family(g, seat)
            prices = sorted({titles.title_cost(g, str(value), nid) for nid in g.families[fam].nobles} if fam else ())
            if prices:
                text += f" · {N.shillings(prices[-1])}" if len(prices) == 1 else \
                    f" · {prices[0]} to {N.shillings(prices[-1])}"
        return text
    if kind == "build":
        fam = _seat_family(g, seat)
        return f"Build {N.building(value)}" + (f" · {N.shillings(build_cost(g, fam, str(value)))}" if fam else "")
    if kind == "pillage":
        return f"Pillage at {value}"
    if kind == "battle_next":
        return NEXT.get(str(value), "Go on") + "…"
    verb = GROUP_VERBS.get(kind, "Choose")
    return f"{verb} {value_label(g, seat, kind, param or '', value)}…"


# Commands always answered through a menu: movement and purchases have several parts, and the
# legal enumeration of the others samples their values (flows.py offers all of them).
ALWAYS_FLOW = ("move", "buy", "mata", "offer_ransom", "pigeon", "play_abbess", "rebellion", "passage", "assassinate",
               "justice", "ambush", "give_tax", "hire", "lend_mercenaries", "give_relic", "give_retainer")
GROUP_VERBS = {"bestow": "Give", "release": "Free", "losses": "Lose", "plague_losses": "Lose", "pay_ransom": "Ransom",
               "danegeld": "Pay Danegeld to", "intervene": "Send a churchman to", "transfer_title": "Hand over",
               "respond": "Answer", "join": "Join with", "interdict": "Free", "lift_siege": "Lift the siege of",
               "construct": "Build a siege Trebuchet at", "rebuild_abbey": "Raise again", "muster": "Muster with",
               "besiege": "Besiege", "scorch": "Burn the Mill at", "start": "Start at", "discard": "Discard",
               "draw": "Draw from the", "spoils": "Spoils:", "rebellion": "Play", "passage": "Play",
               "assassinate": "Play", "justice": "Play", "ambush": "Play"}
KIND_FLOWS = {"buy": "Buy troops", "pigeon": "Send a Carrier Pigeon", "pigeon_offer": "Offer an exchange by pigeon",
              "give_retainer": "Hand over a retainer", "mata": "Mata: swap a card", "play_weather": "Play Good Weather",
              "transfer_control": "Hand a city to another family", "join": "Join a battle"}


#: At most this many choices on one prompt (Discord: four selects of 25).
PROMPT_MAX = 100

#: The moves open besides the decision's own, each kind behind one secondary choice (a menu when it
#: has several variants): the label says what it does.
EXTRA_LABELS = {
    "transfer_control": "Hand a city to another family", "play_weather": "Play Good Weather",
    "rebellion": "Raise a Rebellion", "passage": "Play a Passage", "assassinate": "Play Assassination",
    "justice": "Play Justice", "ambush": "Play Ambush", "pigeon": "Send a Carrier Pigeon",
    "pigeon_offer": "Offer an exchange by pigeon", "deal": "Offer a deal", "award_garter": "Name a Knight of the Garter",
    "join": "Join the battle", "interdict": "Free a captive of the Bandits", "play_board_card": "Lay a card on your board",
    "hire": "Hire Mercenary Crossbowmen", "lend_mercenaries": "Lend your Crossbowmen", "chasuble": "The Chasuble: move a Storm",
    "shinbone": "The Shinbone: lift a Famine", "take_excalibur": "Take up Excalibur", "give_relic": "Hand over a relic",
    "leave_relic": "Leave a relic", "take_relic": "Pick up a relic", "skull": "The Skull: raise the fallen",
    "draw_excalibur": "Try to draw Excalibur", "lift_siege": "Lift a siege"}
#: Kinds whose menu composes what the enumeration only samples (flows.COMPOSED): always a menu.
COMPOSED = ("deal", "pigeon", "pigeon_offer")


def choices(g: Fief, d: Decision, seat: str, legal: list[Action], aud: Audience) -> list[Choice]:
    """The answers, likely first, Done/Pass/No last; multi-part commands open a flow. The moves open
    besides (cards played at any time, pigeons, deals, a city handed over) follow the decision's own
    choices, one secondary choice per kind, before Done."""
    own = _own_choices(g, seat, relevant(g, d, seat, legal), aud)
    more = _extra_choices(g, seat, extras(g, d, seat, legal), aud)
    passes = [c for c in own if c.style == "pass"]
    head = [c for c in own if c.style != "pass"]
    if len(head) + len(more) + len(passes) > PROMPT_MAX:   # too many for one prompt: one menu per kind
        head = _by_kind(g, seat, relevant(g, d, seat, legal), aud)[: PROMPT_MAX - len(more) - len(passes)]
    result = head + more + passes
    if result and result[0].style == "secondary" and head:
        result[0] = _restyle(result[0], "primary")
    return result


def _extra_choices(g: Fief, seat: str, acts: list[Action], aud: Audience) -> list[Choice]:
    by_kind: dict[str, list[Action]] = {}
    for a in acts:
        by_kind.setdefault(a.kind, []).append(a)
    out: list[Choice] = []
    for kind in sorted(by_kind, key=lambda k: (PRIORITY.get(k, 5), k)):
        group = by_kind[kind]
        if len(group) == 1 and kind not in ALWAYS_FLOW and kind not in COMPOSED:
            out.append(_whole(g, seat, group[0], aud))
        else:
            out.append(Choice(EXTRA_LABELS.get(kind, ACTIONS[kind].doc.split(":")[0]), flow=kind,
                              hint=_kind_hint(g, kind, group)))
    return out


def _by_kind(g: Fief, seat: str, acts: list[Action], aud: Audience) -> list[Choice]:
    kinds = list(dict.fromkeys(a.kind for a in acts if a.kind != "done"))
    kinds.sort(key=lambda k: PRIORITY.get(k, 5))
    return [Choice(KIND_FLOWS.get(k) or EXTRA_LABELS.get(k) or ACTIONS[k].doc.split(":")[0], flow=k,
                   hint=_kind_hint(g, k, [a for a in acts if a.kind == k])) for k in kinds]


def _kind_hint(g: Fief, kind: str, group: list[Action]) -> str:
    """The effect line of a menu: the one its choices share (one card played, one retainer handed
    over), else the kind's (a Passage's whatever the use)."""
    hints = {effects.hint(g, a) for a in group}
    if len(hints) == 1:
        return next(iter(hints))
    return effects.group_hint(kind, None, None)


def _own_choices(g: Fief, seat: str, acts: list[Action], aud: Audience) -> list[Choice]:
    by_kind: dict[str, list[Action]] = {}
    for a in acts:
        by_kind.setdefault(a.kind, []).append(a)
    out: list[tuple[int, int, Choice]] = []
    for kind, group in by_kind.items():
        prio = PRIORITY.get(kind, 5)
        if kind == "done" or (kind == "respond" and not group[0].get("accept")) or kind == "decline_offer":
            for a in group:
                out.append((99, 0, Choice(label(g, seat, a, aud), a, style="pass")))
            continue
        if kind == "respond":
            for a in group:
                out.append((prio, 0 if a.get("accept") else 1,
                            Choice(label(g, seat, a, aud), a, style="pass" if not a.get("accept") else "secondary")))
            continue
        param = _first_param(kind)
        grouped = kind in ALWAYS_FLOW or (len(group) > 4 and param is not None)
        if not grouped:
            for i, a in enumerate(group):
                out.append((prio, i, _whole(g, seat, a, aud)))
            continue
        if kind == "buy":
            out.append((prio, 0, Choice("Buy troops", flow="buy")))
            continue
        if kind in KIND_FLOWS and len(group) > 3:
            out.append((prio, 0, Choice(KIND_FLOWS[kind], flow=kind, hint=_kind_hint(g, kind, group))))
            continue
        values = list(dict.fromkeys(a.get(param) for a in group)) if param else []
        if len(values) > 6 and kind in KIND_FLOWS:
            out.append((prio, 0, Choice(KIND_FLOWS[kind], flow=kind, hint=_kind_hint(g, kind, group))))
            continue
        for i, val in enumerate(values):
            members = [a for a in group if a.get(param or "") == val]
            if len(members) == 1 and kind not in ALWAYS_FLOW:
                out.append((prio, i, _whole(g, seat, members[0], aud)))
            else:
                key = val if not isinstance(val, list) else tuple(val)
                out.append((prio, i, Choice(_group_label(g, seat, kind, param, val, aud), flow=kind,
                                            chosen=((str(param), key),),
                                            hint=_kind_hint(g, kind, members) or effects.group_hint(kind, param, val))))
    for kind in ("losses", "plague_losses", "rebel_losses"):
        if kind in by_kind and _more_losses(g, seat, kind, by_kind[kind]):
            out.append((PRIORITY.get(kind, 0), 90, Choice("Choose other losses", flow=kind)))
    out.sort(key=lambda x: (x[0], x[1]))
    return [c for _, _, c in out]


def _more_losses(g: Fief, seat: str, kind: str, listed: list[Action]) -> bool:
    """The listed allotments are a few of those the rules accept (7.5, 2.5, 10.1): the rest by a menu."""
    from engine.fief.words.flows import loss_count
    mixes = {tuple(sorted(map(str, a.get("units") or ()))) for a in listed}
    return loss_count(g, seat, kind) > len(mixes) or any(a.get("slay") for a in listed)


def _whole(g: Fief, seat: str, a: Action, aud: Audience) -> Choice:
    question = confirm(g, seat, a)
    return Choice(label(g, seat, a, aud), a, hint=effects.hint(g, a), confirm=question,
                  style="danger" if question else "secondary")


def _restyle(c: Choice, style: str) -> Choice:
    return Choice(c.label, c.action, c.flow, c.chosen, c.hint, style, c.confirm)


# -- confirmations ------------------------------------------------------------------------------
def confirm(g: Fief, seat: str, a: Action) -> str | None:
    """A question before a choice that harms the seat's own holdings (3.4, 7.2, 7.8, 7.10, 2.0)."""
    v = a.get
    if a.kind == "scorch":
        return f"Burn your own Mill at {v('city')}? You gain 2 shillings now and lose its income for good."
    if a.kind == "pillage":
        what = str(v("what"))
        if what == "mill":
            return f"Pillage the Mill of {v('city')}, a city you hold? It is destroyed for 2 shillings."
        if what == "abbey":
            return f"Sack the Abbey at {v('city')}, a city you hold? It is destroyed."
        if what == "own_engines":
            return f"Destroy your own engines at {v('city')}?"
        return None
    if a.kind == "battle_next":
        if v("choice") == "surrender":
            b = g.war.battle
            return f"Surrender the battle{' at ' + b.city if b else ''}? The other side wins it."
        if v("destroy"):
            return "Destroy your own engines here before fighting on?"
        return None
    if a.kind == "discard":
        return f"Discard {N.card(v('card'))} from your hand?"
    if a.kind == "transfer_control":
        return f"Hand control of {v('city')} to {N.family(v('to'))}?"
    if a.kind == "deal" and v("give_cities"):
        cities = [str(c) for c in v("give_cities")]
        return (f"Offer {join_words(cities)} in this deal? If {N.seat_player(g, str(v('to')), Audience())} accepts, "
                f"{'it is' if len(cities) == 1 else 'they are'} theirs at once.")
    return None


# -- skipping -----------------------------------------------------------------------------------
def skippable(g: Fief, d: Decision, seat: str) -> bool:
    """True when the seat's only choice is Done, read from public facts only: the nobles'
    places and moves (5.0), where rival families stand (7.0), what the seat's cities hold (7.10).
    Steps whose choices hang on a hand or a purse are never skipped."""
    step = d.prompt.partition(".")[2] if d.prompt.startswith("fief.") else ""
    fam = _family(g, d, seat)
    if not fam or g.tasks or step not in ("move", "battle", "pillage"):
        return False
    from engine.fief import movement, warlegal
    if step == "move":
        return [a.kind for a in warlegal.step_actions(g, seat, fam)] == ["done"] and \
            not movement.legal_moves(g, fam)
    if step == "battle":
        if sides.battle_cities(g, fam):
            return False
        # besieging may depend on hidden troop types: any walls held by a rival where we stand count
        return not any(c.controller not in (None, fam) and c.siege is None and sides.free_nobles(g, name, fam)
                       and sides.defended(g, name, fam, c.controller or "")
                       for name, c in g.cities.items())
    return not pillage_rules.options(g, fam)


# -- value names --------------------------------------------------------------------------------
NOBLE_PARAMS = {"noble", "giver", "receiver", "sender", "captive", "holder", "support", "decoy"}
FAMILY_PARAMS = {"against", "family", "side"}


def value_label(g: Fief, seat: str | None, kind: str, param: str, value: Any) -> str:
    """The name people see (and may type) for a parameter value."""
    if isinstance(value, (list, tuple)):
        if param == "escorts":
            return escorts_text(g, value)
        if param in ("units", "troops"):
            return _units_label(value) if any("@" in str(x) for x in value) else N.troops(value, none="no troops")
        return join_words(value_label(g, seat, kind, param, x) for x in value) or "none"
    if param in ("price", "amount", "shillings", "give_shillings", "take_shillings") and isinstance(value, int):
        return N.shillings(value)
    if param == "destroy" and kind == "battle_next":   # 7.2: left out when the engines stay
        return "Destroy your own engines here first" if value else "Keep your engines"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if param in ("support", "decoy") and value == "none":
        return "no marker"
    if param in ("give_vote", "take_vote"):
        return {"tax_for": "for the Royal Tax", "tax_against": "against the Royal Tax"}.get(
            str(value), N.noble(g, str(value)))
    if param in ("give_captives", "take_captives"):
        return N.noble(g, str(value))
    if param in ("give_cities", "take_cities"):
        return str(value)
    if (param == "to" and kind in ("pigeon", "pigeon_offer", "give_relic")) or (param == "noble" and kind == "nominate") \
            or (param == "target" and kind in ("assassinate", "justice", "ambush")) \
            or (param in ("support", "decoy") and kind == "vote_election"):
        return N.noble_of(g, str(value))
    if param in NOBLE_PARAMS or (param == "to" and kind == "transfer_title") \
            or (param in ("target", "sponsor") and kind in ("battle", "battle_next", "assassinate", "justice", "ambush")):
        return N.noble(g, str(value))
    if (param == "target" and kind == "mata") or (param == "to" and kind in ("give_tax", "deal")):
        return N.seat_player(g, str(value), Audience())
    if param == "vote":
        return "for the tax" if value == "for" else "against the tax"
    if param in ("card", "give_cards", "take_cards"):
        return N.card(str(value))
    if param in ("region", "tallage"):
        return N.region(str(value))
    if param == "tithe":
        return N.district(str(value))
    if param == "abbey":
        return N.abbey(str(value)).removeprefix("the ")
    if param in FAMILY_PARAMS or (param == "to" and kind == "transfer_control"):
        return N.family(str(value))
    if param == "deck":
        return "Character deck" if value == "character" else "Fortune deck"
    if param == "use":
        return PASSAGE_USES.get(str(value), str(value)).format(noble="a noble", city="a city", to="a neighbouring city")
    if param == "how":
        return "pay them off" if value == "pay" else "plead with them"
    if param in ("units", "troops"):
        return _units_label(value) if "@" in str(value) else N.troops([str(value)])
    if param == "what":
        return PILLAGE.get(str(value), "{city}").format(city="a city").replace(" at a city", "") \
            if kind == "pillage" else N.building(str(value)).removeprefix("a ").removeprefix("the ")
    if param == "choice":
        return NEXT.get(str(value), str(value))
    if param == "via":
        return {"road": "by road", "sea": "by sea", "sherwood": "via Sherwood", "royal": "by the royal road"}.get(
            str(value), str(value))
    if param == "army":
        a = g.armies.get(str(value))
        return f"the invaders at {a.city}" if a and a.city else "the invaders"
    if param == "request":
        r = next((r for r in g.requests.open if r.id == value), None)
        from engine.fief.words.events_table import WHAT
        return f"request about {WHAT.get(r.kind, 'something')}" if r else f"request {value}"
    if param == "offer":
        o = next((o for o in g.offers.open if o.id == value), None)
        return f"offer from {N.seat_player(g, o.by, Audience())}" if o else f"offer {value}"
    if param == "city" or param == "to":
        return str(value) if str(value) in MAP.cities else N.cap(str(value))
    return str(value)
