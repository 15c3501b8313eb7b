"""Command handlers of Phase 1's politics and the crown (9.1-9.3, 13.3): declaring candidates,
placing vote markers, convening Parliament, voting the Royal Tax, sharing it out, inducting a
Knight of the Garter, deals between players (deals.py), and an Abbess giving up her title (abbess.py). A leaf module: nothing imports it but rules.py."""

from __future__ import annotations

from engine.core import Action, GameState, RuleError
from engine.fief.commands import Handlers, task_for, turn
from engine.fief.crown import abbess, deals, elections, garter, parliament
from engine.fief.flow import advance, end_turn
from engine.fief.refusals import FiefRefusal
from engine.fief.state import Fief

HANDLERS: Handlers = Handlers()


def _target(a: Action, name: str) -> str | None:
    value = a.get(name)
    return None if value in (None, "", "none") else str(value)


@HANDLERS.on("nominate")
def _nominate(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """9.1: declare a candidate in your turn (one a family)."""
    fam = turn(g, seat, ("election",), "9.1")
    noble = str(a["noble"])
    elections.check_nominate(g, noble)
    elections.nominate(state, g, fam, noble)
    end_turn(state)


@HANDLERS.on("vote_election")
def _vote_election(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """9.1: place your FOR and/or DECOY marker face down on candidates."""
    fam = turn(g, seat, ("ballot",), "9.1")
    support, decoy = _target(a, "support"), _target(a, "decoy")
    elections.check_ballot(g, support, decoy)
    deals.check_ballot_pledge(g, fam, support)
    elections.cast(state, g, fam, support, decoy)
    end_turn(state)


@HANDLERS.on("convene_parliament")
def _convene(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """9.2: the Sovereign calls Parliament to vote a Royal Tax (once a round)."""
    fam = turn(g, seat, ("parliament",), "9.2")
    if not parliament.may_convene(g):
        raise RuleError("9.2", "Parliament meets once a round, called by a free, unbesieged Sovereign",
                        code=FiefRefusal.NO_PARLIAMENT, legal="done")
    parliament.convene(state, g, fam)
    end_turn(state)


@HANDLERS.on("vote_tax")
def _vote_tax(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """9.2: vote FOR or against the Royal Tax in secret; 11.2: a Burgher adds its votes for a Treasure."""
    fam = turn(g, seat, ("tax_vote",), "9.2")
    choice = str(a["vote"]).lower()
    if choice not in ("for", "against"):
        raise RuleError("9.2", "vote for or against the Royal Tax",
                        code=FiefRefusal.VOTE, legal=["for", "against"])
    burgher = bool(a.get("burgher"))
    deals.check_tax_pledge(g, fam, choice)
    parliament.check_vote(g, fam, burgher)
    parliament.vote(state, g, fam, choice == "for", burgher)
    end_turn(state)


@HANDLERS.on("give_tax")
def _give_tax(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """9.2: the Sovereign shares out the Royal Tax in secret; what is left when done is theirs."""
    fam = turn(g, seat, ("royal_tax",), "9.2")
    to, amount = str(a["to"]), int(a["amount"])
    parliament.check_give(g, to, amount)
    parliament.give(state, g, fam, to, amount)


@HANDLERS.on("award_garter")
def _award_garter(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """13.3: at the time of the deed, the Sovereign inducts one of its Lords into the Order of the Garter, or
    nobody (no ``noble``)."""
    if not g.tasks or g.tasks[0].kind != "garter":
        raise RuleError("13.3", "the Sovereign inducts a Knight of the Garter when a Lord has just beaten invaders",
                        code=FiefRefusal.GARTER, legal="none now")
    t = task_for(g, seat, "garter", "13.3")
    noble = _target(a, "noble")
    fam = garter.check_award(g, list(g.players[seat].families), noble) if noble is not None else t.family
    g.tasks.pop(0)
    if noble is not None:
        garter.award(state, g, fam, noble)
    garter.decided(g)
    advance(state)


@HANDLERS.on("deal")
def _deal(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """Offer another player a deal (deals.py): what you give, what you ask; binding once accepted."""
    if g.flow.step == "start":
        raise RuleError("9.1", "deals begin once every family has set up",
                        code=FiefRefusal.DEAL_TIME, legal="later")
    to = str(a["to"])
    give, take = deals.bundle_of(a, "give"), deals.bundle_of(a, "take")
    if any(r.kind == "deal" and r.by == seat for r in g.requests.open):
        raise RuleError("9.1", "your deal awaits its answer",
                        code=FiefRefusal.DEAL_OPEN, legal="wait for the answer")
    deals.check_offer(g, seat, to, give, take)
    deals.set_aside(g, seat, give)
    g.requests.ask(state, "deal", seat, to, default=False, public=False, proposer=seat, partner=to,
                   give=give, take=take)


@HANDLERS.on("relinquish")
def _relinquish(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """2.13: ask the cleric of her Abbey's district to let an Abbess give up her title (at once when he is yours)."""
    nid = str(a["noble"])
    held = abbess.abbeys_of(g, nid)
    place = str(a.get("abbey") or (held[0] if len(held) == 1 else "")).lower()
    who = abbess.check_relinquish(g, seat, nid, place)
    p = abbess.payload(g, nid, place, who)
    to = g.families[g.nobles[who].family].seat
    if to == seat:
        if abbess.granted(state, g, p):
            advance(state)
        return
    g.requests.ask(state, "relinquish", seat, to, default=False, **p)


@HANDLERS.on("gift_abbess")
def _gift_abbess(state: GameState, g: Fief, seat: str, a: Action) -> None:
    """2.13: the Sovereign gives the given-up title to an unmarried noblewoman, or lets the card go back."""
    t = task_for(g, seat, "abbess_gift", "2.13")
    noble = _target(a, "noble")
    abbess.check_gift(t, noble)
    g.tasks.pop(0)
    abbess.give(state, g, t, noble)
    advance(state)
