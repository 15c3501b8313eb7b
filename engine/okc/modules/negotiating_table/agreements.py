"""Binding Trade Agreements (Wild Kingdom, Negotiating Table: Trade Agreements, Fulfilling, Cancelling, Outrage).

An agreement is offered and accepted in the Negotiation Step, like a barter (what each side hands over at
once) plus its terms. Both parties need an available Trade Agreement card; each card then carries the
other's marker and the agreement's number. Terms come in two forms:

- checkable terms, one token each, naming the bound party by faction and the last round they apply to:
  ``clans:no_command:deadly:highlands:2`` (no card with that Command revealed in that Region),
  ``nobility:no_claim:harvest_field:1`` (not claim that Location's reward), ``uprising:no_tactic:uprising.riot:5``
  (not activate that Tactic), ``gathering:give:lore:1:2`` (hand that over, in a Negotiation Step, by that round);
  the engine sees them broken (Outrage at once) or kept (when their round is over);
- free text, which the engine cannot read: the wronged party claims a breach and the players outside the
  agreement vote by DM, secretly until all have voted (ruling NT11 for ties).

An agreement with only checkable terms is fulfilled when all are kept; free text needs both parties to say
it is fulfilled. Both parties may cancel it at any time. Fulfilled or cancelled, the markers go home.
Outrage nullifies it and the offender's card with the outraged player's marker goes to the outraged player.
At the end, before the tally, each player's count of Trade Agreement cards moves Influence (:data:`MODIFIERS`).
"""

from __future__ import annotations

from typing import Any

from engine.core import Action, Decision, DecisionKind, Event, GameState, RuleError, decision
from engine.okc.modules.api import KEYWORDS, Okc, OkcRefusal, act, commands, one, pack_of
from engine.okc.modules.negotiating_table import barter
from engine.okc.modules.negotiating_table.alliances import free_card
from engine.okc.modules.negotiating_table.book import STEP, table

SECTION = "Wild Kingdom: Negotiating Table, Trade Agreements"
OUTRAGE = "Wild Kingdom: Negotiating Table, Outrage"
KINDS = ("no_command", "no_claim", "no_tactic", "give")
# End of game (Outrage): Trade Agreement cards in the Supply -> Influence moved (4 or more: +6).
MODIFIERS = {0: -6, 1: -3, 2: 0, 3: 3}
MOST = 6
VERDICTS: tuple[str, ...] = ("broken", "kept")
# Free-text terms: at most this many characters (they are read in prompts and posts).
TEXT_LIMIT = 400


def agreements(g: Okc) -> list[dict[str, Any]]:
    return list(table(g)["agreements"])


def find(g: Okc, number: Any) -> dict[str, Any] | None:
    return next((a for a in table(g)["agreements"] if str(a["id"]) == str(number)), None)


def seat_of(g: Okc, faction: str) -> str | None:
    return next((s for s in g.order if g.players[s].faction == faction), None)


def faction_named(g: Okc, faction: str) -> str:
    """A faction as refusals name it, inside a sentence: "the Clans"."""
    name = str(pack_of(g).factions[faction].name)
    return "the " + name[4:] if name.startswith("The ") else name


# -- terms ----------------------------------------------------------------------------------------------

def parse_terms(g: Okc, parties: tuple[str, str], tokens: list[str]) -> list[dict[str, Any]]:
    """Read checkable terms; each names one of the two parties (by faction) and a round still to come."""
    pack = pack_of(g)
    locations = {loc for r in pack.regions for loc in r.locations}
    regions = [r.id for r in g.regions]
    out = []
    for raw in tokens:
        token = str(raw)
        parts = token.split(":")
        example = "clans:no_command:deadly:highlands:2"
        if len(parts) < 4 or parts[1] not in KINDS or not parts[-1].isdigit():
            raise RuleError(SECTION, f"{token!r} is not a term the bot can check", code=OkcRefusal.BAD_TERM,
                            legal=[example, "nobility:no_claim:harvest_field:1", "uprising:no_tactic:uprising.riot:5",
                                   "gathering:give:lore:1:2"])
        faction, kind, args, last = parts[0], parts[1], parts[2:-1], int(parts[-1])
        party = seat_of(g, faction)
        if party not in parties:
            them = " or ".join(faction_named(g, g.players[s].faction) for s in parties)
            raise RuleError(SECTION, f"a term binds one of the two parties: {them}", code=OkcRefusal.BAD_PARTY,
                            legal=[g.players[s].faction for s in parties])
        if not g.round <= last <= g.length:
            raise RuleError(SECTION, f"a term lasts until the end of a Year from this one ({g.round}) to the last "
                            f"({g.length}), not Year {last}", code=OkcRefusal.BAD_ROUND, legal=f"{g.round} to {g.length}")
        term: dict[str, Any] = {"party": party, "kind": kind, "round": last, "kept": False}
        if kind == "no_command" and len(args) == 2 and args[0] in KEYWORDS and args[1] in regions:
            term.update(command=args[0], region=args[1])
        elif kind == "no_claim" and len(args) == 1 and args[0] in locations:
            term.update(location=args[0])
        elif kind == "no_tactic" and len(args) == 1 and args[0] in pack.tactics:
            term.update(tactic=args[0])
        elif kind == "give" and args:
            component = ":".join(args)
            barter.parse(g, party, [component])          # refuses what can never be bartered
            term.update(component=component)
        else:
            raise RuleError(SECTION, f"{token!r}: that term names something the bot does not know", code=OkcRefusal.BAD_TERM,
                            legal=[example])
        out.append(term)
    return out


def check_cards(g: Okc, a: str, b: str) -> None:
    """Binding agreements are limited by the Trade Agreement cards available in each Supply."""
    for who in (a, b):
        if free_card(g, who) is None:
            raise RuleError(SECTION, f"{'you have' if who == a else 'that player has'} no available Trade "
                            "Agreement card", code=OkcRefusal.NO_CARD, legal="a barter, or a non-binding word at the table")


def make(state: GameState, a: str, b: str, terms: list[dict[str, Any]], text: str) -> dict[str, Any]:
    """Record the agreement; each places a marker on the other's card."""
    g: Okc = state.data
    t = table(g)
    number = t["next_deal"]
    t["next_deal"] = number + 1
    for me, other in ((a, b), (b, a)):
        c = free_card(g, me)
        assert c is not None
        c["with"], c["deal"] = other, number
    deal = {"id": number, "parties": [a, b], "terms": terms, "text": text, "fulfil": [], "cancel": [],
            "claim": None}
    t["agreements"].append(deal)
    state.emit(Event.public("okc.agreement_made", agreement=number, parties=[a, b], terms=terms, text=text))
    return deal


def release(g: Okc, deal: dict[str, Any]) -> None:
    """The markers go back: each party's card is available again."""
    for seat in deal["parties"]:
        for c in table(g)["cards"][seat]:
            if c.get("deal") == deal["id"]:
                c["with"], c["deal"] = None, None
    table(g)["agreements"].remove(deal)


def outrage(state: GameState, deal: dict[str, Any], offender: str, why: str) -> None:
    """The agreement is nullified; the offender's card bearing the outraged player's marker changes hands."""
    g: Okc = state.data
    outraged = next(s for s in deal["parties"] if s != offender)
    cards = table(g)["cards"]
    card = next(c for c in cards[offender] if c.get("deal") == deal["id"])
    cards[offender].remove(card)
    release(g, deal)
    cards[outraged].append({"with": None, "alliance": False, "deal": None})
    state.emit(Event.public("okc.outrage", agreement=deal["id"], offender=offender, outraged=outraged, why=why))


def fulfilled(state: GameState, deal: dict[str, Any], how: str) -> None:
    release(state.data, deal)
    state.emit(Event.public("okc.agreement_fulfilled", agreement=deal["id"], parties=list(deal["parties"]), how=how))


# -- checkable terms, watched ----------------------------------------------------------------------------

def live(g: Okc, kind: str) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(agreement, term) for every unkept term of ``kind`` that applies this round."""
    return [(d, term) for d in table(g)["agreements"] for term in d["terms"]
            if term["kind"] == kind and not term["kept"] and g.round <= term["round"]]


def revealed(state: GameState, rid: str, cards: list[Any]) -> None:
    g: Okc = state.data
    for deal, term in live(g, "no_command"):
        if term["region"] != rid or deal not in table(g)["agreements"]:
            continue
        for p in cards:
            timing = "night" if term["command"] == "deadly" else "day"
            if p.owner == term["party"] and any(c.keyword == term["command"] for c in commands(g, p, timing)):
                outrage(state, deal, term["party"], "command")
                break


def rewarded(state: GameState, seat: str, location: str) -> None:
    g: Okc = state.data
    for deal, term in live(g, "no_claim"):
        if term["party"] == seat and term["location"] == location and deal in table(g)["agreements"]:
            outrage(state, deal, seat, "claim")


def acted(state: GameState, seat: str, action: Action) -> None:
    g: Okc = state.data
    if action.kind != "tactic":
        return
    for deal, term in live(g, "no_tactic"):
        if term["party"] == seat and term["tactic"] == action.get("id") and deal in table(g)["agreements"]:
            outrage(state, deal, seat, "tactic")


def payable(g: Okc, seat: str, deal: dict[str, Any], term: dict[str, Any]) -> bool:
    """Whether ``seat`` holds what ``term`` promises now and the other party could receive it."""
    side = barter.parse(g, seat, [term["component"]])
    other = next(s for s in deal["parties"] if s != seat)
    try:
        barter.check_receiver(g, other, side, barter.Side())
    except RuleError:
        return False
    return not barter.have(g, seat, side)


def due(state: GameState) -> None:
    """As the Negotiation Step closes, a promise to give by this round still unpaid: broken (Outrage) when
    its party could have paid; kept to the best of their ability when they cannot (ruling NT10)."""
    g: Okc = state.data
    for deal, term in live(g, "give"):
        if term["round"] != g.round or deal not in table(g)["agreements"]:
            continue
        seat = term["party"]
        if payable(g, seat, deal, term):
            outrage(state, deal, seat, "give")
            continue
        term["kept"] = True
        state.emit(Event.public("okc.promise_unpayable", agreement=deal["id"], seat=seat,
                                to=next(s for s in deal["parties"] if s != seat), component=term["component"]))
        if all(t["kept"] for t in deal["terms"]) and not deal["text"]:
            fulfilled(state, deal, "terms")


def round_over(state: GameState) -> None:
    """At cleanup the prohibitions of this round are kept; an agreement whose terms are all kept and that
    has no free text is fulfilled."""
    g: Okc = state.data
    for deal in list(table(g)["agreements"]):
        for term in deal["terms"]:
            if term["kind"] != "give" and term["round"] <= g.round:
                term["kept"] = True
        if deal["terms"] and all(term["kept"] for term in deal["terms"]) and not deal["text"]:
            fulfilled(state, deal, "terms")


# -- actions --------------------------------------------------------------------------------------------

def party_deal(g: Okc, seat: str, number: Any) -> dict[str, Any]:
    deal = find(g, number)
    if deal is None or seat not in deal["parties"]:
        raise RuleError(SECTION, "you are in no binding agreement of that number", code=OkcRefusal.NO_AGREEMENT,
                        legal=[d["id"] for d in table(g)["agreements"] if seat in d["parties"]] or "none")
    return deal


def owed(g: Okc, seat: str, deal: dict[str, Any]) -> list[dict[str, Any]]:
    return [term for term in deal["terms"] if term["kind"] == "give" and term["party"] == seat and not term["kept"]]


def can_pay(g: Okc, seat: str, deal: dict[str, Any]) -> bool:
    """Whether ``seat`` owes something under ``deal`` and holds it now."""
    terms = owed(g, seat, deal)
    if not terms:
        return False
    side = barter.parse(g, seat, [term["component"] for term in terms])
    other = next(s for s in deal["parties"] if s != seat)
    try:
        barter.check_receiver(g, other, side, barter.Side())
    except RuleError:
        return False
    return not barter.have(g, seat, side)


def pay(state: GameState, seat: str, action: Action) -> None:
    """Hand over what the agreement promised, in the Negotiation Step (resources change hands only then: the
    action's handler refuses it at any other time, before this is called)."""
    g: Okc = state.data
    deal = party_deal(g, seat, action.get("agreement"))
    terms = owed(g, seat, deal)
    if not terms:
        raise RuleError(SECTION, "you owe nothing under that agreement", code=OkcRefusal.NOTHING_OWED, legal="nothing")
    side = barter.parse(g, seat, [term["component"] for term in terms])
    barter.check(g, seat, side)
    other = next(s for s in deal["parties"] if s != seat)
    barter.check_receiver(g, other, side, barter.Side())
    barter.transfer(state, seat, other, side)
    for term in terms:
        term["kept"] = True
    state.emit(Event.public("okc.agreement_paid", agreement=deal["id"], seat=seat, to=other,
                            give=barter.public_side(side)))
    if all(term["kept"] for term in deal["terms"]) and not deal["text"]:
        fulfilled(state, deal, "terms")


def consent(state: GameState, seat: str, action: Action) -> None:
    """Both parties consent to call it fulfilled (``fulfil``) or to ``cancel`` it; the second one ends it."""
    g: Okc = state.data
    deal = party_deal(g, seat, action.get("agreement"))
    what = "fulfil" if action.kind == "fulfil_agreement" else "cancel"
    if seat in deal[what]:
        raise RuleError(SECTION, f"you already agreed to {what} it; the other party must agree too",
                        code=OkcRefusal.WAITING, legal="wait for the other party")
    deal[what].append(seat)
    if len(deal[what]) < 2:
        state.emit(Event.public("okc.agreement_consent", agreement=deal["id"], seat=seat, what=what))
        return
    if what == "fulfil":
        fulfilled(state, deal, "consent")
    else:
        release(g, deal)
        state.emit(Event.public("okc.agreement_cancelled", agreement=deal["id"], parties=list(deal["parties"])))


def claim_breach(state: GameState, seat: str, action: Action) -> None:
    """The wronged party says the other broke the free-text terms: the players outside it will judge."""
    g: Okc = state.data
    deal = party_deal(g, seat, action.get("agreement"))
    if not deal["text"]:
        raise RuleError(OUTRAGE, "that agreement has only terms the bot checks itself", code=OkcRefusal.NO_TEXT,
                        legal="nothing: a broken term is seen at once")
    if deal["claim"] is not None:
        raise RuleError(OUTRAGE, "a claim on that agreement is already being judged", code=OkcRefusal.JUDGING, legal="wait")
    accused = next(s for s in deal["parties"] if s != seat)
    deal["claim"] = {"by": seat, "against": accused, "votes": {}}
    state.emit(Event.public("okc.breach_claimed", agreement=deal["id"], seat=seat, against=accused,
                            arbiters=arbiters(g, deal)))


def arbiters(g: Okc, deal: dict[str, Any]) -> list[str]:
    return [s for s in g.order if s not in deal["parties"]]


def awaiting_verdict(g: Okc, seat: str) -> list[dict[str, Any]]:
    return [d for d in table(g)["agreements"] if d["claim"] is not None and seat in arbiters(g, d)
            and seat not in d["claim"]["votes"]]


def judge(state: GameState, seat: str, action: Action) -> None:
    g: Okc = state.data
    deal = find(g, action.get("agreement"))
    if deal is None or deal not in awaiting_verdict(g, seat):
        raise RuleError(OUTRAGE, "only the players outside an agreement judge a claimed breach, once each",
                        code=OkcRefusal.NOT_ARBITER, legal=[d["id"] for d in awaiting_verdict(g, seat)] or "nothing to judge")
    verdict = str(action.get("verdict") or "")
    if verdict not in VERDICTS:
        raise RuleError(OUTRAGE, "say whether the terms were broken or kept", code=OkcRefusal.BAD_VERDICT, legal=list(VERDICTS))
    claim = deal["claim"]
    claim["votes"][seat] = verdict
    state.emit(Event.public("okc.breach_judged", agreement=deal["id"], seat=seat))
    if len(claim["votes"]) < len(arbiters(g, deal)):
        return
    broken = sum(1 for v in claim["votes"].values() if v == "broken")
    upheld = broken * 2 > len(claim["votes"])
    state.emit(Event.public("okc.breach_verdict", agreement=deal["id"], votes=dict(claim["votes"]), upheld=upheld))
    deal["claim"] = None
    if upheld:
        outrage(state, deal, claim["against"], "verdict")


# -- the end ---------------------------------------------------------------------------------------------

def end(state: GameState) -> None:
    """Before the tally: each player's Trade Agreement cards move Influence to or from the Reserve."""
    g: Okc = state.data
    for seat in g.order:
        n = len(table(g)["cards"][seat])
        change = MODIFIERS.get(n, MOST)
        p = g.players[seat]
        moved = max(change, -p.influence)
        p.influence += moved
        state.emit(Event.public("okc.reputation", seat=seat, cards=n, influence=moved))


# -- decisions, suggestions, view -------------------------------------------------------------------------

def pending(g: Okc) -> list[Decision]:
    out = []
    for deal in table(g)["agreements"]:
        claim = deal["claim"]
        if claim is None:
            continue
        missing = [s for s in arbiters(g, deal) if s not in claim["votes"]]
        if missing:
            out.append(decision(f"breach-{deal['id']}", DecisionKind.SIMULTANEOUS, missing, "okc.breach",
                                act("judge", agreement=deal["id"], verdict="kept"), secret=True,
                                agreement=deal["id"]))
    return out


def legal(g: Okc, seat: str) -> list[Action]:
    out = [act("judge", agreement=d["id"], verdict=v) for d in awaiting_verdict(g, seat) for v in VERDICTS]
    for deal in table(g)["agreements"]:
        if seat not in deal["parties"]:
            continue
        if g.step == STEP and can_pay(g, seat, deal):
            out.append(one("pay", "agreement", deal["id"]))
        if deal["text"] and seat not in deal["fulfil"]:
            out.append(one("fulfil_agreement", "agreement", deal["id"]))
        if seat not in deal["cancel"]:
            out.append(one("cancel_agreement", "agreement", deal["id"]))
        if deal["text"] and deal["claim"] is None:
            out.append(one("breach", "agreement", deal["id"]))
    return out


def view(g: Okc, seat: str | None) -> list[dict[str, Any]]:
    """Agreements are public: parties, terms, text, consents, a claim being judged (who has voted, not how)."""
    out = []
    for d in table(g)["agreements"]:
        entry: dict[str, Any] = {"agreement": d["id"], "parties": list(d["parties"]),
                                 "terms": [dict(t) for t in d["terms"]], "text": d["text"],
                                 "fulfil": list(d["fulfil"]), "cancel": list(d["cancel"])}
        if d["claim"] is not None:
            c = d["claim"]
            entry["claim"] = {"by": c["by"], "against": c["against"], "voted": sorted(c["votes"], key=g.order.index)}
            if seat in c["votes"]:
                entry["claim"]["mine"] = c["votes"][seat]
        out.append(entry)
    return out
