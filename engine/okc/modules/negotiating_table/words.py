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


def ask_negotiation(state: GameState, decision: Decision, seat: str, aud: Audience) -> str:
    return ("The Negotiation Step: offer barters to the other players with /okc offer, or say you are done. "
            "Done is the default when the deadline passes.")


def ask_offer(state: GameState, decision: Decision, seat: str, aud: Audience) -> str:
    from engine.okc.modules.negotiating_table import find_offer

    o = find_offer(state.data, decision.info.get("offer"))
    if o is None:
        return "An offer waits on your answer."
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
                     ("okc.offer_declined", declined), ("okc.offer_withdrawn", withdrawn)):
        w.on(kind)(fn)
    w.questions["okc.negotiation"] = ask_negotiation
    w.questions["okc.offer"] = ask_offer
    w.choice_questions["barter_occupy"] = ask_occupy
    w.option_names.append(option_name)
    w.summary_kinds.update({"okc.bartered"})
    for kind, label in (("offer", label_offer), ("accept_offer", label_accept), ("decline_offer", label_decline),
                        ("done_negotiating", label_done)):
        w.labels[kind] = label
