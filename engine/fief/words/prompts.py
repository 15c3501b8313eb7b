"""Prompts: the question each decision asks, what its default does, a label for every action,
the choices in the order a player most likely wants them (Done and Pass last), confirmations
for choices that harm the seat's own holdings, the steps the table may skip, and the names of
parameter values (1.0, 2.0-2.15, 4.0-4.9, 5.0-7.10, 13.4)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core.actions import Action
from engine.core.decisions import Decision
from engine.core.words import Audience, Choice, join_words, plural
from engine.fief.actions import ACTIONS
from engine.fief.cards.deck import discards_open, draw_limits
from engine.fief.estates import ransom, titles
from engine.fief.estates.purchase import build_cost
from engine.fief.flow import current_actor
from engine.fief.legal import request_payable, seat_actions, step_actions, task_actions
from engine.fief.state import Fief, Player, Task
from engine.fief.war import legal as war_legal
from engine.fief.war import movement
from engine.fief.war import pillage as pillage_rules
from engine.fief.war.battle import sides
from engine.fief.war.movement import units_of
from engine.fief.words import effects
from engine.fief.words import names as N
from engine.fief.words.events_table import bundle, request_line
from engine.fief.words.labels import NEXT, Cmd, fill, label
from engine.fief.words.losses import loss_count
from engine.fief.words.values import value_label

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

IF_DONE = {"marriage": "you propose no marriage this round", "election": "you put nobody forward",
           "ballot": "you lay no vote marker", "parliament": "Parliament is not convened this round",
           "royal_tax": "you keep what is left of the Royal Tax", "draw": "you draw no more cards this round", "play": "you play no more cards this round",
           "scorch": "you keep your Mills", "ransom": "you pay no ransom", "purchase": "you buy nothing more",
           "move": "your nobles stay where they are", "parley": "you leave the invaders be",
           "battle": "you declare no more battles", "pillage": "you pillage nothing"}

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
        r = _request(g, d)
        payload = r.payload if r else d.info
        by = r.by if r else d.info.get("by")
        asked = request_line(g, what, by, seat, payload, aud)[:-1]
        if r is not None and not request_payable(g, r):   # only No is offered: say why
            purse = p.shillings if p is not None else 0
            return (f"{asked}. You cannot agree: you do not hold what it asks of you (your purse: "
                    f"{plural(purse, 'shilling')}), so you can only refuse.")
        return f"{asked}. Do you agree?"
    if d.prompt == "offer":
        o = _offer(g, d)
        if o is None:
            return "An offer by pigeon waits for your answer."
        return (f"{N.seat_who(g, o.by, aud)} offers you {bundle(g, o.give)} for {bundle(g, o.take)}. "
                "Do you accept?")
    asks = STEP_ASKS.get(what)
    if asks is not None and p is not None:
        return asks(g, p, fam)
    if what in STEP_QUESTIONS:
        return STEP_QUESTIONS[what]
    task_question = TASK_QUESTIONS.get(t.kind) if t is not None else None
    return task_question(g, t, aud) if task_question is not None and t is not None else "Your move."


def _draw_question(g: Fief, p: Player) -> str:
    """2.0-2.3: what the last draw turned up (a Disaster comes instead of a card), then what is left to
    draw; discards are offered only before the first draw, and said only then."""
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


def _captives(g: Fief, fam: str) -> str:
    return join_words(N.noble(g, n.id) for n in ransom.captives_of(g, fam)) if fam else ""


def _garter_question(g: Fief, t: Task, aud: Audience) -> str:
    whom = "one of them" if len(t.options) > 1 else "this Lord"
    return (f"{N.nobles(g, t.options)} just beat the invaders. Induct {whom} into the Order of the Garter "
            "now? The chance passes with the moment.")


def _losses_question(g: Fief, t: Task, aud: Audience) -> str:
    return (f"{_battle_line(g)}: your side takes {plural(t.count, 'hit')}. {_dice(g, t.family)}"
            f"{_standing(g, t.family)} Choose your losses.")


def _battle_next_question(g: Fief, t: Task, aud: Audience) -> str:
    b = g.war.battle
    rnd = f" after round {b.rolls}" if b else ""
    return f"{_battle_line(g)}{rnd}: {_dice(g, t.family)}{_standing(g, t.family)} Fight on, or end it?"


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


#: The question of a step whose words depend on the board, by step (the others: STEP_QUESTIONS).
STEP_ASKS: dict[str, Callable[[Fief, Player, str], str]] = {
    "start": lambda g, p, fam: "Where does your family start? Choose a city"
                               + (f" in {N.region(g.flow.start_region)}." if g.flow.start_region else "."),
    "draw": lambda g, p, fam: _draw_question(g, p),
    "purchase": lambda g, p, fam: ("Spend your shillings on troops, buildings and titles. "
                                   f"You have {N.shillings(p.shillings)}."),
    "ransom": lambda g, p, fam: f"Ransoms: free {_captives(g, fam) or 'your captive nobles'}?",
    "move": lambda g, p, fam: f"Move your nobles. {_nobles_line(g, fam)}",
    "parley": lambda g, p, fam: _parley_question(g, p.seat),
}

#: The question of a task put to one family, by the task's kind.
TASK_QUESTIONS: dict[str, Callable[[Fief, Task, Audience], str]] = {
    "plague": lambda g, t, aud: (f"The Plague strikes your troops at {t.city}: choose the "
                                 f"{plural(t.count, 'troop')} you lose."),
    "bestow": lambda g, t, aud: f"Who holds {N.fiefdom(t.region)} now? Choose one of your nobles.",
    "garter": _garter_question,
    "abbess_gift": lambda g, t, aud: (f"The title of {N.title('abbess:' + str(t.region))} is "
                                      "free: give it to an unmarried noblewoman, or let the card go back to the "
                                      "deck?"),
    "skull": lambda g, t, aud: (f"{N.noble(g, t.noble)} has just fallen at {t.city}. Raise "
                                f"{'her' if _sex(g, t.noble) == 'f' else 'him'} with the Skull, titles and all (once "
                                "a game), or let death take its course?"),
    "release": lambda g, t, aud: (f"{N.noble(g, t.noble)} is free again: where does "
                                  f"{'she' if _sex(g, t.noble) == 'f' else 'he'} go?"),
    "losses": _losses_question,
    "battle_next": _battle_next_question,
    "spoils": lambda g, t, aud: f"You won at {t.city}: keep the beaten side's engines, or destroy them?",
    "rebellion": lambda g, t, aud: _rebellion_question(g, t),
    "bandits": lambda g, t, aud: (f"Bandits hold {N.noble(g, t.noble)} in Sherwood and ask "
                                  f"{N.shillings(t.count)}."),
}


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
        legal = seat_actions(g, seat)   # the table may pass only the request's answers
    own = set(relevant(g, d, seat, legal))
    return [a for a in legal if a not in own and a.kind not in ANSWERS]


def _first_param(kind: str) -> str | None:
    spec = ACTIONS[kind]
    return spec.params[0].name if spec.params else None


def _buy_title_group(c: Cmd) -> str:
    """4.3: 2 shillings a city; a Chancellor takes 2 off for the noble who keeps one."""
    fam = c.family()
    prices = sorted({titles.title_cost(c.g, str(c("value")), nid) for nid in c.g.families[fam].nobles} if fam else ())
    cost = "" if not prices else f" · {N.shillings(prices[-1])}" if len(prices) == 1 else \
        f" · {prices[0]} to {N.shillings(prices[-1])}"
    return f"Buy {N.fiefdom(c('value'))}{cost}"


def _build_group(c: Cmd) -> str:
    fam = c.family()
    return f"Build {N.building(c('value'))}" + (f" · {N.shillings(build_cost(c.g, fam, str(c('value'))))}" if fam else "")


#: A menu entry for a kind's commands that share their first value (the field ``value``), by kind.
GROUP_LABELS: dict[str, str | Callable[[Cmd], str]] = {
    "move": "Move {value:noble}",
    "buy": "Buy troops",
    "give_retainer": "{value:noble} gives away a retainer",
    "mata": "Mata: {value:noble} swaps a card",
    "offer_ransom": "Offer a ransom for {value:noble}",
    "pigeon": "Send a pigeon from {value:noble}",
    "pigeon_offer": "Offer an exchange from {value:noble}",
    "battle": "Battle at {value}",
    "give_tax": "Give {value:player} a share of the tax",
    "buy_title": _buy_title_group,
    "grant_title": "Grant {value:fiefdom}",
    "transfer_title": "Hand over {value:fiefdom}",
    "build": _build_group,
    "pillage": "Pillage at {value}",
    "battle_next": lambda c: NEXT.get(str(c("value")), "Go on") + "…",
}


def _group_label(g: Fief, seat: str, kind: str, param: str | None, value: Any, aud: Audience) -> str:
    if kind.startswith("play_") and param == "card":
        return f"Play {N.card(value)}"
    if kind in ("rebellion", "passage") and str(value).startswith("burgher"):
        return f"{kind.capitalize()} by your {N.card(value)}…"
    words = GROUP_LABELS.get(kind)
    if words is None:
        return f"{GROUP_VERBS.get(kind, 'Choose')} {value_label(g, seat, kind, param or '', value)}…"
    cmd = Cmd(g, seat, Action(kind, (("value", value),)), aud)
    return fill(words, cmd) if isinstance(words, str) else words(cmd)


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
    if step == "move":
        return [a.kind for a in war_legal.step_actions(g, seat, fam)] == ["done"] and \
            not movement.legal_moves(g, fam)
    if step == "battle":
        if sides.battle_cities(g, fam):
            return False
        # besieging may depend on hidden troop types: any walls held by a rival where we stand count
        return not any(c.controller not in (None, fam) and c.siege is None and sides.free_nobles(g, name, fam)
                       and sides.defended(g, name, fam, c.controller or "")
                       for name, c in g.cities.items())
    return not pillage_rules.options(g, fam)
