"""What a command reads as on its button (1.0, 2.0-2.15, 4.0-4.9, 5.0-7.10, 9.0-13.4): a word table.

``LABELS`` holds one entry per command kind: a template, or a small function where the words depend on
the board. A template's fields are the command's parameters; a field's format names the word for it
(``{noble:noble}`` is the noble's name, ``{to:player}`` the player, ``{amount:shillings}`` "3
shillings"); a field with no format is written as it is (a city's name). ``GROUP_LABELS`` does the same
for a group of commands that share their first value (a menu's entry)."""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.actions import Action
from engine.core.words import Audience, join_words, plural
from engine.fief.components import C
from engine.fief.crown.deals import bundle_of
from engine.fief.estates import ransom, titles
from engine.fief.estates.purchase import build_cost
from engine.fief.flow import current_actor
from engine.fief.opportunity.rebellion import standing
from engine.fief.state import Fief
from engine.fief.war.battle.sides import side_nobles
from engine.fief.words import names as N
from engine.fief.words.events_table import deal_bundle

LABEL_MAX = 80

DONE_LABELS = {"marriage": "No marriage", "election": "No candidate", "ballot": "Lay no marker",
               "parliament": "No Parliament", "royal_tax": "Keep the rest", "draw": "Done drawing",
               "play": "Done playing cards", "scorch": "Keep my Mills", "ransom": "Done with ransoms",
               "purchase": "Done buying", "move": "Done moving", "parley": "Leave the invaders be",
               "battle": "No more battles", "pillage": "Done pillaging"}

NEXT = {"continue": "Fight on", "surrender": "Surrender", "truce": "Offer or accept a truce",
        "break": "Break off the attack", "siege": "Lay siege instead", "stop": "Return behind the walls",
        "end": "End the battle"}

PILLAGE = {"mill": "Pillage the Mill at {city}", "abbey": "Sack the Abbey at {city}",
           "engines": "Seize the engines at {city}", "own_engines": "Destroy your own engines at {city}"}

PASSAGE_USES = {"siege": "{noble} slips out of the siege", "storms": "{noble} makes one move through the Storms",
                "pass": "{noble} slips past the enemy without leave",
                "evade": "{noble} leaves the way the enemy came in",
                "tunnels": "attack {city} through the tunnels", "aid": "guide the invaders into {city}",
                "guide": "lead an invader army through the Storms",
                "withdraw": "withdraw the defenders to {to}", "escape": "{noble} escapes",
                "rebellion": "lead the rebels past the walls"}


@dataclass(frozen=True)
class Cmd:
    """One command and who reads it: what a label is written from."""

    g: Fief
    seat: str
    a: Action
    aud: Audience

    def __call__(self, param: str) -> Any:
        return self.a.get(param)

    def noble(self, param: str) -> str:
        return N.noble(self.g, self(param))

    def family(self) -> str:
        """The family the seat acts for now (its first family when it is not the one acting)."""
        return seat_family(self.g, self.seat)


Words = Callable[[Cmd, Any], str]

#: The word for a template field, by the field's format.
NAMERS: dict[str, Words] = {
    "noble": lambda c, v: N.noble(c.g, v),
    "noble_of": lambda c, v: N.noble_of(c.g, v),
    "player": lambda c, v: N.seat_player(c.g, str(v), c.aud),
    "family": lambda c, v: N.family(v),
    "card": lambda c, v: N.card(v),
    "region": lambda c, v: N.region(v),
    "fiefdom": lambda c, v: N.fiefdom(v),
    "abbey": lambda c, v: N.abbey(v),
    "relic": lambda c, v: N.relic(v),
    "sea": lambda c, v: N.sea(v),
    "shillings": lambda c, v: N.shillings(int(v or 0)),
    "troops": lambda c, v: N.troops(v or (), none="nothing"),
}


class _Filler(string.Formatter):
    """Fills a template from one command: a field is a parameter, its format the word for it."""

    def __init__(self, cmd: Cmd) -> None:
        self.cmd = cmd

    def get_value(self, key: int | str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> Any:
        return self.cmd(str(key))

    def format_field(self, value: Any, format_spec: str) -> str:
        return NAMERS[format_spec](self.cmd, value) if format_spec else format(value)


def fill(template: str, cmd: Cmd) -> str:
    return _Filler(cmd).format(template)


# -- the labels that depend on the board ---------------------------------------------------------------
def _priced(c: Cmd) -> str:
    return f" for {N.shillings(int(c('price')))}" if c("price") else ""


def _tax(c: Cmd) -> str:
    levy = [f"Tallage on {N.region(c('tallage'))}"] if c("tallage") else []
    levy += [f"Tithe on {N.district(c('tithe'))}"] if c("tithe") else []
    return f"Tax: {join_words(levy) or 'no levy'}"


def _give_retainer(c: Cmd) -> str:
    giver, receiver = c.g.nobles.get(str(c("giver"))), c.g.nobles.get(str(c("receiver")))
    ret = N.retainer(giver.retainer) if giver and giver.retainer else "the retainer"
    paid = N.shillings(int(c("price"))) if c("price") else ""   # 2.12: the receiver's family pays it
    if receiver is not None and receiver.retainer:   # 2.12: a noble holds one retainer, so this is a swap
        return (f"{c.noble('giver')} swaps {ret} for {c.noble('receiver')}'s "
                f"{N.retainer(receiver.retainer)}{f' and {paid}' if paid else ''}")
    return f"{c.noble('giver')} gives {ret} to {c.noble('receiver')}{f' for {paid}' if paid else ''}"


def _losses(c: Cmd) -> str:
    lost = [N.troops(c("units") or (), none="")] + [f"{N.noble(c.g, n)} slain" for n in c("slay") or ()]
    return f"Lose {join_words(x for x in lost if x) or 'nothing'}"


def _relinquish(c: Cmd) -> str:
    return f"Ask leave for {c.noble('noble')} to give up {N.abbey(c('abbey')) if c('abbey') else 'her Abbey'}"


def _vote_election(c: Cmd) -> str:
    marks = [f"FOR on {N.noble_of(c.g, c('support'))}"] if c("support") not in (None, "none") else []
    marks += [f"DECOY on {N.noble_of(c.g, c('decoy'))}"] if c("decoy") not in (None, "none") else []
    return f"Lay {join_words(marks)}"


def _vote_tax(c: Cmd) -> str:
    burgher = " with your Burgher (a Treasure)" if c("burgher") else ""
    return f"Vote {'for' if c('vote') == 'for' else 'against'} the Royal Tax{burgher}"


def _deal(c: Cmd) -> str:
    return (f"Offer {N.seat_player(c.g, str(c('to')), c.aud)} {deal_bundle(c.g, bundle_of(c.a, 'give'))} for "
            f"{deal_bundle(c.g, bundle_of(c.a, 'take'))}")


def _pay_ransom(c: Cmd) -> str:
    n = c.g.nobles.get(str(c("captive")))
    cost = f" · {N.shillings(ransom.ransom_value(n))}" if n else ""
    where = f", freed to {c('city')}" if c("city") else ""
    return f"Ransom {c.noble('captive')}{where}{cost}"


def units_label(value: Any) -> str:
    """``knight@York,men@York`` -> "2 Knights and 1 Man-at-Arms at York"."""
    items = [value] if isinstance(value, str) else list(value or ())
    by_city: dict[str, list[str]] = {}
    for item in items:
        kind, _, city = str(item).partition("@")
        by_city.setdefault(city, []).append(kind)
    return "; ".join(N.troops(kinds) + (f" at {city}" if city else "") for city, kinds in by_city.items())


def _buy(c: Cmd) -> str:
    items = [c("units")] if isinstance(c("units"), str) else list(c("units") or ())
    cost = sum(C.costs.get(str(i).partition("@")[0], 0) for i in items)
    return f"Buy {units_label(c('units'))} · {N.shillings(cost)}"


def _build(c: Cmd) -> str:
    fam = c.family()
    cost = f" · {N.shillings(build_cost(c.g, fam, str(c('what'))))}" if fam else ""
    return f"Build {N.building(c('what'))} at {c('city')}{cost}"


def _buy_title(c: Cmd) -> str:
    price = titles.title_cost(c.g, str(c("region")), str(c("noble")))
    return f"Buy {N.fiefdom(c('region'))} for {c.noble('noble')} · {N.shillings(price)}"


def _pigeon(c: Cmd) -> str:
    goods = [N.shillings(int(c("shillings")))] if c("shillings") else []
    goods += [N.card(c("card"))] if c("card") else []
    return f"Pigeon from {c.noble('sender')} to {N.noble_of(c.g, c('to'))}: {join_words(goods) or 'a message'}"


def _pigeon_offer(c: Cmd) -> str:
    def goods(side: str) -> str:
        out = [N.shillings(int(c(f"{side}_shillings")))] if c(f"{side}_shillings") else []
        return join_words(out + [N.card(x) for x in c(f"{side}_cards") or ()]) or "nothing"
    return f"Offer {N.noble_of(c.g, c('to'))} {goods('give')} for {goods('take')}"


def _offer_answer(c: Cmd) -> str:
    o = next((o for o in c.g.offers.open if o.id == c("offer")), None)
    whose = f" of {N.seat_player(c.g, o.by, c.aud)}" if o else ""
    return f"{'Accept' if c.a.kind == 'accept_offer' else 'Decline'} the offer{whose}"


def _move(c: Cmd) -> str:
    via = {"sea": " by sea", "sherwood": " via Sherwood", "royal": " by the royal road"}.get(str(c("via")), "")
    troops = c("troops") or ()
    with_ = f" with {N.troops(troops)}" if troops else " alone"
    if c("cavalcade"):
        return f"Cavalcade: {c.noble('noble')} rides to {c('to')}{with_}"
    return f"Move {c.noble('noble')} to {c('to')}{via}{with_}"


def _aim(c: Cmd) -> str:
    return f", archers aiming at {c.noble('target')}" if c("target") else ""


def _battle_next(c: Cmd) -> str:
    destroy = ", destroying your own engines here first" if c("destroy") else ""
    return NEXT.get(str(c("choice")), "Go on") + destroy + _aim(c)


def _bandits(c: Cmd) -> str:
    t = c.g.tasks[0] if c.g.tasks and c.g.tasks[0].kind == "bandits" else None
    price = f" {N.shillings(t.count)}" if t else ""
    return f"Pay the Bandits{price}" if c("pay") else "Stay the Bandits' captive"


def _hire(c: Cmd) -> str:
    n = int(c("count") or 1)
    return f"Hire {plural(n, 'Crossbowman', 'Crossbowmen')} at {c('city')} · {N.shillings(2 * n)}"


def _lend(c: Cmd) -> str:
    n = int(c("count") or 1)
    return f"Lend {N.family(c('to'))} {plural(n, 'Crossbowman', 'Crossbowmen')} at {c('city')}{_priced(c)}"


# -- the Opportunity cards (10.1-10.5, 11.2) -----------------------------------------------------------
def escorts_text(g: Fief, value: Any) -> str:
    """10.2's Withdraw: "Walter with a Knight and Matilda alone" for the defending nobles in the side's order."""
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


def _rebellion(c: Cmd) -> str:
    verb = "Add" if c.g.opp.uprising is not None else "Raise"
    burgher = " through your Burgher" if str(c("card")).startswith("burgher") else ""
    return f"{verb} a Rebellion in {c('city')}{burgher}"


def _passage(c: Cmd) -> str:
    card = N.card(c("card")) if c("card") else ""
    use = PASSAGE_USES.get(str(c("use")), "a secret way").format(noble=c.noble("noble"), city=c("city"), to=c("to"))
    where = f" to {c('city')}" if c("use") == "escape" and c("city") else ""
    if c("use") == "withdraw" and c("escorts"):   # 10.2: the troop each noble takes (kept short: a button)
        return f"{card}: to {c('to')}, {escorts_text(c.g, c('escorts'))}"
    if c("use") == "escape":   # 10.2: any captive may escape, even one the player holds (7.6)
        n = c.g.nobles.get(str(c("noble")))
        if n is not None and n.captor in N.seat_families(c.g, c.seat):
            return f"{card}: let your captive {N.noble_of(c.g, n.id)} go{where}, with no ransom"
        use = f"{N.noble_of(c.g, c('noble'))} escapes"
    return f"{card}: {use}{where}"


def _ambush(c: Cmd) -> str:
    target = str(c("target") or "")
    army = c.g.armies.get(target.split(":", 1)[1]) if target.startswith(("leader:", "invaders:")) else None
    which = (f" at {army.city}{' (outskirts)' if army.outskirts else ''} with {plural(army.foot, 'foot soldier')}"
             if army is not None and army.city else "")   # two armies' leaders must not read alike
    return f"{c.noble('noble')} ambushes {N.noble_of(c.g, target)}{which}"


def _quell(c: Cmd) -> str:
    u = c.g.opp.uprising
    price = f" · {N.shillings(3 * standing(c.g, u))}" if u is not None else ""
    if c("how") == "pay":
        return f"{c.noble('noble')} pays the rebels off{price}"
    return f"{c.noble('noble')} pleads with the rebels"


def _give_relic(c: Cmd) -> str:
    return f"{'Sell' if c('price') else 'Give'} {N.relic(c('relic'))} to {N.noble_of(c.g, c('to'))}{_priced(c)}"


#: A command's label, by its kind: a template, or a function of the command.
LABELS: dict[str, str | Callable[[Cmd], str]] = {
    "done": lambda c: DONE_LABELS.get(c.g.flow.step, "Done"),
    "start": "Start at {city}",
    # Phase 2: cards (2.0-2.15)
    "discard": "Discard {card:card}",
    "draw": lambda c: "Draw a Character card" if c("deck") == "character" else "Draw a Fortune card",
    "play_noble": "Play {card:card} at {city}",
    "play_abbess": "Make {noble:noble} {card:card} at {city}",
    "play_clergy": "Make {noble:noble} {card:card}",
    "play_harvest": "Play {card:card} on {region:region}",
    "play_weather": "Play {card:card} on {region:region}",
    "play_tax": _tax,
    "give_retainer": _give_retainer,
    "mata": "Mata: swap {card:card} with {target:player}",
    "muster": "Sergeant: a free Man-at-Arms joins {noble:noble}",
    "plague_losses": _losses,
    "losses": _losses,
    "bestow": "Give {region:fiefdom} to {noble:noble}",
    "gift_abbess": lambda c: f"Make {c.noble('noble')} Abbess" if c("noble") else "Let the title go back to the deck",
    "relinquish": _relinquish,
    "release": "Send {noble:noble} to {city}",
    # Phase 1 and the crown (9.0-9.3, 13.3)
    "propose_marriage": "Propose the marriage of {noble:noble} and {spouse:noble}",
    "nominate": "Put {noble:noble_of} forward for the crown",
    "vote_election": _vote_election,
    "convene_parliament": "Convene Parliament",
    "vote_tax": _vote_tax,
    "give_tax": "Give {to:player} {amount:shillings} of the tax",
    "deal": _deal,
    "award_garter": lambda c: f"Make {c.noble('noble')} a Knight of the Garter" if c("noble") else "No Garter this time",
    # Phases 3-4 (3.4, 4.0-4.9, 7.7)
    "scorch": lambda c: f"Burn your Mill at {c('city')} · {N.shillings(C.income['scorch_per_mill'])}",
    "pay_ransom": _pay_ransom,
    "offer_ransom": "Offer {amount:shillings} for {captive:noble}",
    "buy": _buy,
    "build": _build,
    "rebuild_abbey": "Raise {abbey:abbey} again at {city}",
    "construct": lambda c: f"Build a siege Trebuchet at {c('city')} · {N.shillings(C.costs['siege_trebuchet'])}",
    "buy_title": _buy_title,
    "grant_title": "Grant {region:fiefdom} to {noble:noble}",
    "transfer_title": "Hand {region:fiefdom} to {to:noble}",
    # anytime: pigeons and offers (2.15)
    "pigeon": _pigeon,
    "pigeon_offer": _pigeon_offer,
    "accept_offer": _offer_answer,
    "decline_offer": _offer_answer,
    "respond": lambda c: "Yes, agree" if c("accept") else "No, refuse",
    # Phases 5-7 (5.0-7.10, 13.4)
    "move": _move,
    "battle": lambda c: f"Attack {N.family(c('against'))} at {c('city')}{_aim(c)}",
    "besiege": "Besiege {city}",
    "battle_next": _battle_next,
    "spoils": lambda c: "Keep the beaten side's engines" if c("absorb") else "Destroy the beaten side's engines",
    "bandits": _bandits,
    "interdict": "Free {captive:noble} from the Bandits (a Carrier Pigeon)",
    "join": "{family:family} joins {side:family}'s side",
    "transfer_control": "Hand {city} to {to:family}",
    "danegeld": lambda c: f"Pay Danegeld through {c.noble('noble')} · {N.shillings(5)}",
    "intervene": "Send {noble:noble} to the invaders",
    "lift_siege": "Lift your siege of {city}",
    "pillage": lambda c: PILLAGE.get(str(c("what")), "Pillage {city}").format(city=c("city")),
    # the Opportunity cards (10.1-10.5, 11.2)
    "rebellion": _rebellion,
    "passage": _passage,
    "assassinate": lambda c: f"Assassinate {N.noble_of(c.g, c('target'))}"
                             + (f", sponsored by {c.noble('sponsor')}" if c("sponsor") else ""),
    "justice": "Justice on {target:noble_of}",
    "ambush": _ambush,
    "rebel_losses": "Lose {units:troops}",
    "quell": _quell,
    "stand_aside": "Let it be",
    # the family board, relics and Excalibur (11.0-13.2)
    "play_board_card": lambda c: f"Lay {N.card(c('card'))}"
                                 + (f" on {N.family(c('family'))}'s board" if c("family") else ""),
    "hire": _hire,
    "lend_mercenaries": _lend,
    "give_relic": _give_relic,
    "leave_relic": "Leave {relic:relic} here",
    "take_relic": "{noble:noble} takes up {relic:relic}",
    "chasuble": "Move the Storms from {sea:sea} to {to:sea}",
    "shinbone": "Lift the Famine from {region:region}",
    "skull": lambda c: f"Raise {c.noble('noble')} with the Skull" if c("noble") else "Let death take its course",
    "draw_excalibur": "{noble:noble} tries to draw Excalibur",
    "take_excalibur": "{noble:noble} takes up Excalibur",
}


def label(g: Fief, seat: str, a: Action, aud: Audience) -> str:
    """The command's label, cut to what a button holds."""
    cmd = Cmd(g, seat, a, aud)
    words = LABELS.get(a.kind, "Go ahead")
    text = fill(words, cmd) if isinstance(words, str) else words(cmd)
    return text if len(text) <= LABEL_MAX else text[: LABEL_MAX - 1].rstrip() + "…"


def seat_family(g: Fief, seat: str) -> str:
    fam = current_actor(g)
    if fam and g.families[fam].seat == seat:
        return fam
    fams = N.seat_families(g, seat)
    return fams[0] if fams else ""
