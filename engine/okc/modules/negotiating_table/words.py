"""The Negotiating Table in words: the step opening and closing, offers made, answered and carried out.
What an offer holds is told to its two parties only; the thread learns what changed hands, with cards
from hand counted, never named."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Decision, Event, GameState
from engine.core.words import Audience, join_words, plural
from engine.okc.words.names import card_name, kingdom_name, tactic_name, who, whom

AMOUNT_NAMES = {"influence": ("Influence", "Influence"), "lore": ("Lore", "Lore"),
                "supporters": ("Supporter", "Supporters")}


def component(state: GameState, token: str) -> str:
    """One component of an offer, as people read it ("3 Influence", "the Kingdom's Favour", "Crown Heir")."""
    from engine.okc.cards import pack_of

    what, _, n = token.partition(":")
    if what in AMOUNT_NAMES and n.isdigit():
        one, many = AMOUNT_NAMES[what]
        return plural(int(n), one, many)
    if token == "favour":
        return "the Kingdom's Favour (reset to III)"
    p = pack_of(state.data)
    if token in p.cards:
        return card_name(state, token)
    if token in p.kingdom:
        return kingdom_name(state, token)
    if token in p.tactics:
        return f"the Tactic {tactic_name(state, token)}"
    return "something"


def side_words(state: GameState, tokens: list[str]) -> str:
    return join_words([component(state, t) for t in tokens]) or "nothing"


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
    if e.data.get("deal") == "alliance":
        if aud.is_you(by):
            return f"Offer {e.data['offer']} to {whom(state, to, aud)}: an Alliance until the next Negotiation Step."
        return (f"Offer {e.data['offer']} from {whom(state, by, aud)}: an Alliance until the next Negotiation "
                f"Step. Accept or decline it.")
    give, take = side_words(state, e.data.get("give") or []), side_words(state, e.data.get("take") or [])
    if aud.is_you(by):
        return f"Offer {e.data['offer']} to {whom(state, to, aud)}: you give {give}, and ask for {take}."
    return (f"Offer {e.data['offer']} from {whom(state, by, aud)}: they give {give}, and ask you for {take}. "
            f"Accept or decline it.")


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
    from engine.okc.words.names import region_name

    tally = e.data.get("tally") or {}
    parts = [f"{whom(state, s, aud)} {v}" for s, v in tally.items()]
    return f"With allies' Strength added together in the {region_name(state, str(e.data['region']))}: " \
           f"{join_words(parts)}."


def vote_opened(state: GameState, e: Event, aud: Audience) -> str:
    from engine.okc.words.names import region_name

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


def ask_negotiation(state: GameState, decision: Decision, seat: str, aud: Audience) -> str:
    return ("The Negotiation Step: offer barters to the other players with /okc offer, or say you are done. "
            "Done is the default when the deadline passes.")


def ask_offer(state: GameState, decision: Decision, seat: str, aud: Audience) -> str:
    from engine.okc.modules.negotiating_table import find_offer

    o = find_offer(state.data, decision.info.get("offer"))
    if o is None:
        return "An offer waits on your answer."
    if o.get("kind") == "alliance":
        return (f"{who(state, o['by'], aud)} propose an Alliance until the next Negotiation Step. Accept or "
                f"decline? Unanswered at the deadline, it is declined.")
    return (f"{who(state, o['by'], aud)} offer {side_words(state, o['give'])} for "
            f"{side_words(state, o['take'])}. Accept or decline? Unanswered at the deadline, it is declined.")


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
    return f"Accept offer {action.get('offer')}"


def label_decline(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    from engine.okc.modules.negotiating_table import find_offer

    o = find_offer(state.data, action.get("offer"))
    verb = "Withdraw" if o is not None and o["by"] == seat else "Decline"
    return f"{verb} offer {action.get('offer')}"


def label_done(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    return "Done negotiating"


def option_name(state: GameState, kind: str, value: str) -> str | None:
    if kind in ("give", "take"):
        return component(state, value)
    return None


def register(w: Any) -> None:
    for kind, fn in (("okc.negotiation_opened", opened), ("okc.negotiation_closed", closed),
                     ("okc.negotiation_done", done), ("okc.offer_made", made), ("okc.offer_opened", opened_offer),
                     ("okc.bartered", bartered), ("okc.barter_cards", cards_moved),
                     ("okc.offer_declined", declined), ("okc.offer_withdrawn", withdrawn),
                     ("okc.alliance_formed", formed), ("okc.alliance_ended", ended), ("okc.hand_shown", shown),
                     ("okc.hand_shown.cards", shown_cards), ("okc.allied_tally", tallied),
                     ("okc.alliance_vote", vote_opened), ("okc.alliance_voted", voted),
                     ("okc.alliance_votes", votes), ("okc.ally_spared", spared)):
        w.on(kind)(fn)
    w.questions["okc.negotiation"] = ask_negotiation
    w.questions["okc.offer"] = ask_offer
    w.questions["okc.alliance_winner"] = ask_vote
    w.choice_questions["barter_occupy"] = ask_occupy
    w.option_names.append(option_name)
    w.summary_kinds.update({"okc.bartered", "okc.alliance_formed", "okc.alliance_votes"})
    for kind, label in (("offer", label_offer), ("accept_offer", label_accept), ("decline_offer", label_decline),
                        ("done_negotiating", label_done), ("alliance", label_alliance), ("show_hand", label_show),
                        ("name_winner", label_vote)):
        w.labels[kind] = label
