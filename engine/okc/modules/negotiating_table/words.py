"""The Negotiating Table in words: the step opening and closing, offers made, answered and carried out.
What an offer holds is told to its two parties only; the thread learns what changed hands, with cards
from hand counted, never named."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Decision, Event, GameState
from engine.core.words import Audience, Choice, join_words, plural
from engine.okc.modules.api import (
    cap,
    card_name,
    faction_short,
    kingdom_name,
    location_name,
    okc,
    region_name,
    tactic_name,
    their,
    who,
    whom,
)
from engine.okc.modules.negotiating_table import compose
from engine.okc.modules.negotiating_table.agreements import find, owed, seat_of
from engine.okc.modules.negotiating_table.alliances import ally_of
from engine.okc.modules.negotiating_table.book import find_offer, open_offers, table
from engine.okc.modules.negotiating_table.deal_words import (
    AMOUNT_NAMES,
    component,
    fit,
    parsed,
    side_words,
    stop,
    term_words,
    terms_words,
)


def public_side(state: GameState, side: dict[str, Any]) -> str:
    """A side as the thread sees it: amounts, the Favour, public cards and tiles, cards from hand counted."""
    parts = []
    for what, (one, many) in AMOUNT_NAMES.items():
        if side.get(what):
            parts.append(plural(int(side[what]), one, many))
    if side.get("favour"):
        parts.append("the Kingdom's Favour")
    if side.get("hand"):
        parts.append(plural(int(side["hand"]), "card from hand", "cards from hand"))
    parts += [f"{card_name(state, c)} from the Site of Power" for c in side.get("site") or []]
    parts += [kingdom_name(state, k) for k in side.get("kingdom") or []]
    parts += [f"the Tactic {tactic_name(state, t)}" for t in side.get("tactics") or []]
    return join_words(parts) or "nothing"


def opened(state: GameState, e: Event, aud: Audience) -> str:
    return ("The Negotiating Table is set: the Negotiation Step begins. Barter by offer, then say when you "
            "are done.")


def closed(state: GameState, e: Event, aud: Audience) -> str:
    return "Everyone is done at the Negotiating Table: on to the Heralds."


def done(state: GameState, e: Event, aud: Audience) -> str:
    return f"{who(state, e.data['seat'], aud)} are done negotiating this Spring."


def made(state: GameState, e: Event, aud: Audience) -> str:
    by, to = e.data["by"], e.data["to"]
    o = {"by": by, "to": to, "kind": e.data.get("deal") or "barter", "give": list(e.data.get("give") or []),
         "take": list(e.data.get("take") or []), "terms": list(e.data.get("terms") or []),
         "text": str(e.data.get("text") or "")}
    whole = offer_whole(state, o, aud)
    return whole if aud.is_you(by) else f"{whole} Accept or decline it from your prompt."


def opened_offer(state: GameState, e: Event, aud: Audience) -> str:
    return f"{who(state, e.data['by'], aud)} make an offer to {whom(state, e.data['to'], aud)}."


def bartered(state: GameState, e: Event, aud: Audience) -> str:
    by, to = e.data["by"], e.data["to"]
    return (f"Barter agreed: {who(state, by, aud, start=False)} hand over "
            f"{public_side(state, e.data.get('give') or {})}, and {who(state, to, aud, start=False)} hand over "
            f"{public_side(state, e.data.get('take') or {})}.")


def cards_moved(state: GameState, e: Event, aud: Audience) -> str:
    by, to = e.data["by"], e.data["to"]
    mine, theirs = (e.data.get("give") or [], e.data.get("take") or []) if aud.is_you(by) else \
        (e.data.get("take") or [], e.data.get("give") or [])
    other = to if aud.is_you(by) else by
    got = join_words([card_name(state, c) for c in theirs])
    gave = join_words([card_name(state, c) for c in mine])
    parts = [f"you receive {got} from {whom(state, other, aud)} as Allies"] if got else []
    parts += [f"you hand over {gave}"] if gave else []
    return (join_words(parts)[:1].upper() + join_words(parts)[1:] + ".") if parts else "No card from hand changed hands."


def declined(state: GameState, e: Event, aud: Audience) -> str:
    return f"{who(state, e.data['to'], aud)} decline the offer of {whom(state, e.data['by'], aud)}."


def withdrawn(state: GameState, e: Event, aud: Audience) -> str:
    return f"{who(state, e.data['by'], aud)} withdraw their offer to {whom(state, e.data['to'], aud)}."


def formed(state: GameState, e: Event, aud: Audience) -> str:
    a, b = e.data["seats"]
    return (f"{who(state, a, aud)} and {whom(state, b, aud)} form an Alliance: each flips a Trade Agreement card "
            f"until the next Negotiation Step.")


def ended(state: GameState, e: Event, aud: Audience) -> str:
    a, b = e.data["seats"]
    return f"The Alliance of {whom(state, a, aud)} and {whom(state, b, aud)} ends; their cards turn back."


def shown(state: GameState, e: Event, aud: Audience) -> str:
    return f"{who(state, e.data['seat'], aud)} show their hand to {whom(state, e.data['to'], aud)}, their ally."


def shown_cards(state: GameState, e: Event, aud: Audience) -> str:
    names = join_words([card_name(state, c) for c in e.data.get("cards") or []]) or "no cards"
    return f"{who(state, e.data['seat'], aud)} show you their hand: {names}."


def tallied(state: GameState, e: Event, aud: Audience) -> str:
    tally = e.data.get("tally") or {}
    parts = [f"{whom(state, s, aud)} {v}" for s, v in tally.items()]
    return f"With allies' Strength added together in the {region_name(state, str(e.data['region']))}: " \
           f"{join_words(parts)}."


def vote_opened(state: GameState, e: Event, aud: Audience) -> str:
    a, b = e.data["seats"]
    return (f"The allies {whom(state, a, aud)} and {whom(state, b, aud)} top the {region_name(state, str(e.data['region']))} "
            f"together: each names the winner in secret.")


def voted(state: GameState, e: Event, aud: Audience) -> str:
    return f"{who(state, e.data['seat'], aud)} name a winner, face down."


def votes(state: GameState, e: Event, aud: Audience) -> str:
    named = [f"{who(state, s, aud)} name {whom(state, v, aud)}" for s, v in (e.data.get("votes") or {}).items()]
    tail = "they agree." if e.data.get("agreed") else "they disagree: nobody wins there and no rewards are claimed."
    return f"{join_words(named)}: {tail}"


def spared(state: GameState, e: Event, aud: Audience) -> str:
    return (f"{card_name(state, str(e.data['card']))} of {whom(state, e.data['seat'], aud)} is spared: an ally's "
            f"elimination has no effect on it.")


def ask_vote(state: GameState, decision: Decision, seat: str, aud: Audience) -> str:
    return ("You and your ally top this clash together: who is its winner? Name one of you in secret; if you "
            "disagree, nobody wins. At the deadline you name the one with more Strength of their own.")


def label_alliance(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    return f"Propose an Alliance to {whom(state, str(action.get('to')), aud)}"


def label_show(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    return "Show your hand to your ally"


def label_vote(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    named = str(action.get("seat"))
    return "Name yourself the winner" if named == seat else f"Name {whom(state, named, aud)} the winner"


def made_agreement(state: GameState, e: Event, aud: Audience) -> str:
    a, b = e.data["parties"]
    terms = terms_words(state, e.data.get("terms") or [], str(e.data.get("text") or ""), aud, by=(a, b))
    return stop(f"Binding agreement between {whom(state, a, aud)} and {whom(state, b, aud)}, markers on both cards: "
                f"{terms}")


def agreement_done(state: GameState, e: Event, aud: Audience) -> str:
    a, b = e.data["parties"]
    how = "every term kept" if e.data.get("how") == "terms" else "both say so"
    return (f"The agreement of {whom(state, a, aud)} and {whom(state, b, aud)} is fulfilled "
            f"({how}): the markers go home.")


def agreement_cancelled(state: GameState, e: Event, aud: Audience) -> str:
    a, b = e.data["parties"]
    return f"{who(state, a, aud)} and {whom(state, b, aud)} cancel their agreement: the markers go home."


def agreement_consent(state: GameState, e: Event, aud: Audience) -> str:
    what = "fulfilled" if e.data.get("what") == "fulfil" else "cancelled"
    return (f"{who(state, e.data['seat'], aud)} would call {_with(state, e, str(e.data['seat']), aud)} {what}; "
            f"the other party must agree.")


def agreement_paid(state: GameState, e: Event, aud: Audience) -> str:
    return (f"{who(state, e.data['seat'], aud)} hand over {public_side(state, e.data.get('give') or {})} to "
            f"{whom(state, e.data['to'], aud)}, as their agreement promised.")


def _with(state: GameState, e: Event, seat: str, aud: Audience) -> str:
    """"their agreement with the Clans (Bob)": the agreement of the event, by its other party."""

    deal = find(state.data, e.data.get("agreement"))
    other = next((s for s in deal["parties"] if s != seat), None) if deal is not None else None
    return f"their agreement with {whom(state, other, aud)}" if other else "their agreement"


def _of(state: GameState, e: Event, aud: Audience) -> str:
    """"the agreement of the Clans (Bob) and the Nobility (Cat)"."""

    deal = find(state.data, e.data.get("agreement"))
    if deal is None:
        return "the agreement"
    a, b = deal["parties"]
    return f"the agreement of {whom(state, a, aud)} and {whom(state, b, aud)}"


def promise_unpayable(state: GameState, e: Event, aud: Audience) -> str:
    return (f"{who(state, e.data['seat'], aud)} cannot hand over {side_words(state, [str(e.data['component'])])} to "
            f"{whom(state, e.data['to'], aud)}, as their agreement promised: kept as far as "
            "they are able, with no Outrage.")


WHY = {"command": "a card with the forbidden Command was revealed", "claim": "the forbidden reward was claimed",
       "tactic": "the forbidden Tactic was activated", "give": "the promised resources were not handed over in time",
       "verdict": "the other players judged the terms broken"}


def outraged(state: GameState, e: Event, aud: Audience) -> str:
    offender, wronged = str(e.data["offender"]), str(e.data["outraged"])
    theirs = their(offender, aud)
    return (f"Outrage! {who(state, offender, aud)} broke {theirs} agreement with {whom(state, wronged, aud)} "
            f"({WHY.get(str(e.data.get('why')), 'its terms were broken')}): it is void, and {theirs} Trade Agreement "
            f"card goes to {whom(state, wronged, aud)}.")


def broke(state: GameState, by: str, against: str, aud: Audience) -> str:
    """What ``by`` claims of ``against``, as the reader stands in it: "the Uprising (Alice) broke their
    agreement with you", "you broke your agreement with them", "… broke the agreement between them"."""
    if aud.is_you(by):
        return f"{whom(state, against, aud)} broke their agreement with you"
    if aud.is_you(against):
        return "you broke your agreement with them"
    return f"{whom(state, against, aud)} broke the agreement between them"


def claimed(state: GameState, e: Event, aud: Audience) -> str:
    judges = join_words([whom(state, s, aud) for s in e.data.get("arbiters") or []])
    return (f"{who(state, e.data['seat'], aud)} claim that {broke(state, e.data['seat'], e.data['against'], aud)}; "
            f"{judges} judge it, in secret.")


def judged(state: GameState, e: Event, aud: Audience) -> str:
    return f"{who(state, e.data['seat'], aud)} give a verdict on {_of(state, e, aud)}, face down."


def verdict(state: GameState, e: Event, aud: Audience) -> str:
    votes = [f"{who(state, s, aud)} say {v}" for s, v in (e.data.get("votes") or {}).items()]
    tail = "the claim is upheld." if e.data.get("upheld") else "the claim fails: no Outrage."
    return f"Verdicts on {_of(state, e, aud)}: {join_words(votes)}; {tail}"


def reputation(state: GameState, e: Event, aud: Audience) -> str:
    n, moved = int(e.data.get("cards") or 0), int(e.data.get("influence") or 0)
    held = plural(n, "Trade Agreement card")
    if moved > 0:
        return f"{who(state, e.data['seat'], aud)} end with {held}: {moved} Influence from the Reserve."
    if moved < 0:
        return f"{who(state, e.data['seat'], aud)} end with {held}: {-moved} Influence back to the Reserve."
    return f"{who(state, e.data['seat'], aud)} end with {held}: their reputation changes nothing."


def ask_judge(state: GameState, decision: Decision, seat: str, aud: Audience) -> str:
    deal = find(state.data, decision.info.get("agreement"))
    if deal is None or deal["claim"] is None:
        return "Judge a claimed breach: were the terms broken or kept?"
    c = deal["claim"]
    return (f"{who(state, c['by'], aud)} claim that {broke(state, c['by'], c['against'], aud)} "
            f"({terms_words(state, deal['terms'], deal['text'], aud)}). Broken or kept? Your verdict stays secret "
            f"until all are in; at the deadline it is kept.")


def label_agreement(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    to = str(action.get("to"))
    what = terms_words(state, parsed(state, seat, to, list(action.get("terms") or [])), str(action.get("text") or ""),
                       aud, by=(seat,))
    give, take = list(action.get("give") or []), list(action.get("take") or [])
    now = f", now {side_words(state, give)} for {side_words(state, take)}" if give or take else ""
    return f"Agreement with {whom(state, to, aud)}: {what}{now}"


def _deal_label(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    deal = deal_of(state, action)
    return deal_short(state, deal, seat, aud) if deal is not None else "your agreement"


def label_pay(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    deal = deal_of(state, action)
    if deal is None:
        return "Hand over what your agreement promised"
    what = side_words(state, [t["component"] for t in owed(state.data, seat, deal)])
    return fit(f"Hand over {what}, as {deal_short(state, deal, seat, aud)} promised")


def label_fulfil(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    return fit(f"Call {_deal_label(state, seat, action, aud)} fulfilled")


def label_cancel(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    return fit(f"Agree to cancel {_deal_label(state, seat, action, aud)}")


def label_breach(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    deal = deal_of(state, action)
    if deal is None:
        return "Claim your agreement was broken"

    other = next((s for s in deal["parties"] if s != seat), seat)
    return fit(f"Claim that {faction_short(state, other)} broke their agreement with you{deal_first(state, deal)}")


def label_judge(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    word = "Broken" if action.get("verdict") == "broken" else "Kept"
    deal = deal_of(state, action)
    if deal is None:
        return word
    a, b = deal["parties"]

    return f"{word}: the agreement of {faction_short(state, a)} and {faction_short(state, b)}"


def confirm_deal(state: GameState, seat: str, action: Action, aud: Audience) -> str | None:
    """Agreement actions that give something up are confirmed first."""
    deal = deal_of(state, action)
    if action.kind == "show_hand":
        ally = ally_of(state.data, seat)
        return f"Show your whole hand to {whom(state, ally, aud)}, your ally?" if ally else None
    if deal is None:
        return None
    name = deal_short(state, deal, seat, aud)
    if action.kind == "cancel_agreement":
        return f"Cancel {name}? It ends once the other party agrees too, and its terms no longer bind either of you."
    if action.kind == "fulfil_agreement":
        return f"Call {name} fulfilled? Once the other party says so too, it ends and the markers go home."
    if action.kind == "breach":
        other = next((s for s in deal["parties"] if s != seat), seat)
        judges = [s for s in state.data.order if s not in deal["parties"]]
        return (f"Claim that {whom(state, other, aud)} broke their agreement with you{deal_first(state, deal)}? "
                f"{join_words([whom(state, s, aud) for s in judges])} judge it in secret; a majority for broken "
                f"causes Outrage.")
    return None


def ask_negotiation(state: GameState, decision: Decision, seat: str, aud: Audience) -> str:
    # the offers waiting on the seat are asked on lines of their own (the table's prompt asks every decision)
    return ("The Negotiation Step: offer barters, binding Trade Agreements or an Alliance to the other players, "
            "answer what they offer you, or say you are done.")


def ask_offer(state: GameState, decision: Decision, seat: str, aud: Audience) -> str:
    o = find_offer(state.data, decision.info.get("offer"))
    if o is None:
        return "An offer waits on your answer."
    return f"{offer_whole(state, o, aud)} Accept or decline?"


def ask_occupy(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any]) -> str:
    kid = step.get("card")
    what = kingdom_name(state, str(kid)) if kid else "the Kingdom card"
    return f"Which card from your hand Occupies {what}, received in the barter?"


def label_offer(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    give, take = list(action.get("give") or []), list(action.get("take") or [])
    to = whom(state, str(action.get("to")), aud)
    if not take:
        return f"Give {side_words(state, give)} to {to}"
    return f"Offer {to} {side_words(state, give)} for {side_words(state, take)}"


def label_accept(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    o = offer_of(state, action)
    return fit(f"Accept {offer_short(state, o, aud.to(seat))}") if o is not None else "Accept the offer"


def label_decline(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    o = offer_of(state, action)
    if o is None:
        return "Decline the offer"
    verb = "Withdraw" if o["by"] == seat else "Decline"
    return fit(f"{verb} {offer_short(state, o, aud.to(seat))}")


def label_done(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    return "Done negotiating"


def option_name(state: GameState, kind: str, value: str) -> str | None:
    if kind in ("give", "take"):
        return component(state, value)
    if kind == "terms":
        return term_token(state, value)
    return None


def term_token(state: GameState, token: str) -> str | None:
    """A checkable term typed as a token, in words for the menus ("the Clans reveal no card with Deadly...")."""

    parts = token.split(":")
    if len(parts) < 4 or not parts[-1].isdigit():
        return None
    party = seat_of(state.data, parts[0])
    if party is None:
        return None
    term: dict[str, Any] = {"party": party, "kind": parts[1], "round": int(parts[-1])}
    args = parts[2:-1]
    keys = {"no_command": ("command", "region"), "no_claim": ("location",), "no_tactic": ("tactic",)}
    if parts[1] == "give":
        term["component"] = ":".join(args)
    elif parts[1] in keys and len(args) == len(keys[parts[1]]):
        term.update(zip(keys[parts[1]], args, strict=True))
    else:
        return None
    return cap(term_words(state, term, Audience()))   # a label: its own sentence


REASON_WORDS = {
    "helps": "it leaves them better placed",
    "costs": "it would cost them more than it brings",
    "binds": "its terms would bind them against their own interest",
    "cannot": "they could not carry it out now",
    "unweighed": "they take no offers",
}


def reason(state: GameState, e: Event, aud: Audience) -> str:
    """Why an offer was accepted or declined, for the proposer (and the one who answered)."""
    by, to = str(e.data["by"]), str(e.data["to"])
    what = {"agreement": "agreement", "alliance": "Alliance"}.get(str(e.data.get("deal")), "barter")
    verb = "accept" if e.data.get("accepted") else "decline"
    why = REASON_WORDS.get(str(e.data.get("reason")), "they had their reasons")
    if aud.is_you(to):
        why = why.replace("them", "you").replace("they", "you").replace("their own", "your own")
    return f"{who(state, to, aud)} {verb} {possessive(state, by, aud)} {what}: {why}."


def reputation_part(state: GameState, seat: str, change: int, aud: Audience) -> str:
    """A seat's reputation swing at the end, for the final tally: "3 lost for 4 Trade Agreements"."""
    n = len(table(okc(state))["cards"].get(seat, []))
    held = f"{plural(n, 'Trade Agreement')} held"
    if change > 0:
        return f"{change} gained for {held}"
    if change < 0:
        return f"{-change} lost for {held}"
    return f"no change for {held}"


def register(w: Any) -> None:
    for kind, fn in (("okc.negotiation_opened", opened), ("okc.negotiation_closed", closed),
                     ("okc.negotiation_done", done), ("okc.offer_made", made), ("okc.offer_opened", opened_offer),
                     ("okc.bartered", bartered), ("okc.barter_cards", cards_moved),
                     ("okc.offer_declined", declined), ("okc.offer_withdrawn", withdrawn),
                     ("okc.alliance_formed", formed), ("okc.alliance_ended", ended), ("okc.hand_shown", shown),
                     ("okc.hand_shown.cards", shown_cards), ("okc.allied_tally", tallied),
                     ("okc.alliance_vote", vote_opened), ("okc.alliance_voted", voted),
                     ("okc.alliance_votes", votes), ("okc.ally_spared", spared),
                     ("okc.agreement_made", made_agreement), ("okc.agreement_fulfilled", agreement_done),
                     ("okc.agreement_cancelled", agreement_cancelled), ("okc.agreement_consent", agreement_consent),
                     ("okc.agreement_paid", agreement_paid), ("okc.promise_unpayable", promise_unpayable),
                     ("okc.outrage", outraged),
                     ("okc.breach_claimed", claimed), ("okc.breach_judged", judged),
                     ("okc.breach_verdict", verdict), ("okc.reputation", reputation),
                     ("okc.offer_reason", reason)):
        w.on(kind)(fn)
    w.end_parts["negotiating_table"] = reputation_part
    w.questions["okc.negotiation"] = ask_negotiation
    w.questions["okc.offer"] = ask_offer
    w.questions["okc.alliance_winner"] = ask_vote
    w.questions["okc.breach"] = ask_judge
    w.choice_questions["barter_occupy"] = ask_occupy
    for prompt in ("okc.negotiation", "okc.offer", "okc.breach"):
        w.makers[prompt] = choices
    for kind in AFTER:
        w.after[kind] = confirm_deal
    w.flows["offer"] = flow
    w.value_names["offer"] = offer_value
    w.value_names["agreement"] = deal_value
    w.flows["agreement"] = flow
    w.option_names.append(option_name)
    w.summary_kinds.update({"okc.bartered", "okc.alliance_formed", "okc.alliance_votes", "okc.agreement_made",
                            "okc.outrage", "okc.breach_verdict"})
    for kind, label in (("offer", label_offer), ("accept_offer", label_accept), ("decline_offer", label_decline),
                        ("done_negotiating", label_done), ("alliance", label_alliance), ("show_hand", label_show),
                        ("name_winner", label_vote), ("agreement", label_agreement), ("pay", label_pay),
                        ("fulfil_agreement", label_fulfil), ("cancel_agreement", label_cancel),
                        ("breach", label_breach), ("judge", label_judge)):
        w.labels[kind] = label


# -- offers and agreements named by what they are -------------------------------------------------------


def possessive(state: GameState, seat: str, aud: Audience) -> str:
    """"your" for the reader, else "the Nobility's"."""

    if aud.is_you(seat):
        return "your"
    name = faction_short(state, seat)
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def owned_words(state: GameState, tokens: list[str], owner: str, aud: Audience) -> str:
    """A side named from the reader's place: what the reader owns is "your ..." ("your Tactic Pilgrimage")."""
    if not aud.is_you(owner):
        return side_words(state, tokens)
    parts = []
    for t in tokens:
        words = component(state, t)
        if words.startswith(("the ", "The ")):   # "your Pretender", never "your The Pretender"
            words = "your " + words[4:]
        elif t.partition(":")[0] not in AMOUNT_NAMES:
            words = "your " + words
        parts.append(words)
    return join_words(parts) or "nothing"


def deal_kind(o: dict[str, Any]) -> str:
    return {"agreement": "agreement", "alliance": "Alliance"}.get(str(o.get("kind")), "barter")


def offer_short(state: GameState, o: dict[str, Any], aud: Audience) -> str:
    """An offer in a few words, for a button: "the Nobility's barter: 1 Influence for your Tactic Pilgrimage"."""

    by, to = str(o["by"]), str(o["to"])
    if aud.is_you(by):
        head = f"your {deal_kind(o)} to {faction_short(state, to)}"
    else:
        head = f"{possessive(state, by, aud)} {deal_kind(o)}"
    if o.get("kind") == "alliance":
        return head
    give, take = owned_words(state, o["give"], by, aud), owned_words(state, o["take"], to, aud)
    if o.get("kind") == "agreement":
        n = len(o.get("terms") or [])
        parts = [plural(n, "term")] if n else []
        parts += ["terms in words"] if o.get("text") else []
        now = f", {give} for {take} now" if o["give"] or o["take"] else ""
        return f"{head} ({join_words(parts)}{now})"
    return f"{head}: {give} for {take}"


def offer_whole(state: GameState, o: dict[str, Any], aud: Audience) -> str:
    """Everything an offer holds, in words, for its two parties (the question before Accept/Decline)."""
    by, to = str(o["by"]), str(o["to"])
    mine = aud.is_you(by)
    if mine:
        head = f"You offer {whom(state, to, aud)}"
    else:
        head = f"{who(state, by, aud)} offer you"
    if o.get("kind") == "alliance":
        return f"{head} an Alliance until the next Negotiation Step (each flips a Trade Agreement card)."
    give, take = owned_words(state, o["give"], by, aud), owned_words(state, o["take"], to, aud)
    if o.get("kind") != "agreement":
        gives = "you hand over" if mine else "they hand over"
        asks = "ask for" if mine else "ask you for"
        return f"{head} a barter: {gives} {give}, and {asks} {take}."
    terms = terms_words(state, parsed(state, by, to, list(o.get("terms") or [])), str(o.get("text") or ""), aud,
                        by=(by,))
    now = (f"{'you' if mine else 'they'} hand over {give} now, and {'they' if mine else 'you'} hand over {take} now"
           if o["give"] or o["take"] else "nothing changes hands now")
    said = stop(f"Terms: {terms}")     # the players' own words, quoted last, may end the sentence already
    return (f"{head} a binding Trade Agreement: {now}. {said} It holds a Trade Agreement card of each "
            f"of you until it is fulfilled or cancelled; breaking it causes Outrage.")


def deal_short(state: GameState, deal: dict[str, Any], seat: str, aud: Audience) -> str:
    """An agreement of ``seat`` named by the other party and its first term: "your agreement with the Clans
    (no Deadly in the Highlands)"."""

    other = next((s for s in deal["parties"] if s != seat), seat)
    return f"your agreement with {faction_short(state, other)}{deal_first(state, deal)}"


def deal_first(state: GameState, deal: dict[str, Any]) -> str:
    """An agreement's first term or the start of its words, in brackets after a space ("" for neither)."""
    first = ""
    if deal["terms"]:
        first = short_term(state, deal["terms"][0])
    elif deal["text"]:
        text = str(deal["text"])
        first = f"\u201c{text[:30]}{'…' if len(text) > 30 else ''}\u201d"
    return f" ({first})" if first else ""


def short_term(state: GameState, term: dict[str, Any]) -> str:
    kind = term["kind"]
    party = faction_short(state, str(term["party"]))
    if kind == "no_command":
        return f"{party}: no {str(term['command']).title()} in the {region_name(state, str(term['region']))}"
    if kind == "no_claim":
        return f"{party}: no claim of the {location_name(state, str(term['location']))}"
    if kind == "no_tactic":
        return f"{party}: no {tactic_name(state, str(term['tactic']))}"
    return f"{party} hand over {component(state, str(term['component']))}"


def offer_of(state: GameState, action: Action) -> dict[str, Any] | None:
    return find_offer(state.data, action.get("offer"))


def deal_of(state: GameState, action: Action) -> dict[str, Any] | None:
    return find(state.data, action.get("agreement"))


# -- the prompt's choices ---------------------------------------------------------------------------------

KINDS = frozenset({"offer", "accept_offer", "decline_offer", "done_negotiating", "alliance", "show_hand", "agreement",
                   "pay", "fulfil_agreement", "cancel_agreement", "breach", "judge", "name_winner"})
# Shown after a step's own choices, as secondary buttons, each confirmed first.
AFTER = ("pay", "fulfil_agreement", "cancel_agreement", "breach", "show_hand")


def choices(state: GameState, decision: Decision, seat: str, legal: list[Action], aud: Audience,
            rest: Any) -> list[Choice]:
    """The Negotiation Step's prompt (and a judge's, and an offer's): verdicts first, then each offer made to
    the seat (Accept, Decline, named by what they hold), composing a barter or an agreement (flows), Alliances,
    withdrawing one's own offers, the agreements' own actions, and Done last. Other legal actions are worded
    by the base game (``rest``)."""

    g = state.data
    me = aud.to(seat)
    base: list[Choice] = list(rest([a for a in legal if a.kind not in KINDS]))
    out = [c for c in base if c.style != "pass"]
    ours = [a for a in legal if a.kind in KINDS]

    def add(a: Action, label: str, style: str = "secondary", confirm: str | None = None) -> None:
        out.append(Choice(label, a, style="primary" if style == "secondary" and not out else style, confirm=confirm))

    for a in ours:
        if a.kind == "judge":
            add(a, label_judge(state, seat, a, me), "primary" if a.get("verdict") == "kept" else "secondary")
    for a in ours:
        if a.kind == "name_winner":
            add(a, label_vote(state, seat, a, me))
    by_offer = {(a.kind, str(a.get("offer"))): a for a in ours if a.kind in ("accept_offer", "decline_offer")}
    for o in open_offers(g):
        if o["to"] != seat:
            continue
        acc, dec = by_offer.get(("accept_offer", str(o["id"]))), by_offer.get(("decline_offer", str(o["id"])))
        if acc is not None:
            add(acc, label_accept(state, seat, acc, me), "primary")
        if dec is not None:
            add(dec, label_decline(state, seat, dec, me))
    if any(a.kind == "offer" for a in ours) or (any(a.kind == "done_negotiating" for a in ours)
                                                 and compose.can_offer(g, seat)):
        out.append(Choice("Offer a barter", None, flow="offer", style="primary" if not out else "secondary",
                          hint="Pick whom, then what you hand over and what you ask for, part by part"))
    if any(a.kind == "agreement" for a in ours) or (any(a.kind == "done_negotiating" for a in ours)
                                                     and compose.agreement_partners(g, seat)):
        out.append(Choice("Propose a binding Trade Agreement", None, flow="agreement", style="secondary",
                          hint="A barter now if you like, terms the bot checks, your own words, or all three"))
    for a in ours:
        if a.kind == "alliance":
            add(a, label_alliance(state, seat, a, me))
    for o in open_offers(g):
        dec = by_offer.get(("decline_offer", str(o["id"])))
        if o["by"] == seat and dec is not None:
            add(dec, label_decline(state, seat, dec, me))
    for kind in AFTER:
        for a in ours:
            if a.kind == kind:
                label = {"pay": label_pay, "fulfil_agreement": label_fulfil, "cancel_agreement": label_cancel,
                         "breach": label_breach, "show_hand": label_show}[kind](state, seat, a, me)
                out.append(Choice(label, a, style="primary" if kind == "pay" and not out else "secondary",
                                  confirm=confirm_deal(state, seat, a, me)))
    out += [c for c in base if c.style == "pass"]
    for a in ours:
        if a.kind == "done_negotiating":
            out.append(Choice(label_done(state, seat, a, me), a, style="pass"))
    return out


def offer_value(state: GameState, seat: str | None, value: str) -> str | None:
    """An offer's number as its parties see it (autocomplete of ``/okc accept_offer offer:``)."""

    o = find_offer(state.data, value)
    return cap(offer_short(state, o, Audience(seat))) if o is not None else None


def deal_value(state: GameState, seat: str | None, value: str) -> str | None:
    deal = find(state.data, value)
    if deal is None:
        return None
    if seat in deal["parties"]:
        return cap(deal_short(state, deal, str(seat), Audience(seat)))

    a, b = deal["parties"]
    return f"The agreement of {faction_short(state, a)} and {faction_short(state, b)}"


def flow(state: GameState, seat: str, kind: str, chosen: Any, aud: Audience) -> Any:
    return compose.flow(state, seat, kind, chosen, aud)
