"""The Travelling Town in words: Visits, the Kingdom card kept there, Trades & Travels."""

from __future__ import annotations

from typing import Any

from engine.core import Event, GameState
from engine.core.words import Audience
from engine.okc.modules.api import kingdom_name, location_where, who, whom
from engine.okc.modules.travelling_town.state import town


def visited(state: GameState, e: Event, aud: Audience) -> str:
    n = int(e.data.get("influence") or 0)
    took = f" and take the {n} Influence waiting on its card" if n else ""
    return f"{who(state, e.data['seat'], aud)} Visit the Travelling Town{took}."


def card(state: GameState, e: Event, aud: Audience) -> str:
    kid = e.data.get("card")
    if not kid:
        return "The Great Road is empty: the Town has no Kingdom card to offer."
    if e.data.get("instant"):
        return (f"{who(state, e.data['seat'], aud)} take {kingdom_name(state, str(kid))} from the Great Road "
                "through the Town and carry out its instructions.")
    return f"{who(state, e.data['seat'], aud)} take {kingdom_name(state, str(kid))} from the Great Road through the Town."


def kept(state: GameState, e: Event, aud: Audience) -> str:
    return (f"{kingdom_name(state, str(e.data['card']))} is kept at the Travelling Town for "
            f"{whom(state, e.data['seat'], aud)}: the Custodians hold it, and nobody can steal it.")


def displaced(state: GameState, e: Event, aud: Audience) -> str:
    return (f"{who(state, e.data['seat'], aud)} discard {kingdom_name(state, str(e.data['card']))}, kept at the "
            f"Town for {whom(state, e.data['owner'], aud)}, to make room.")


def trade(state: GameState, e: Event, aud: Audience) -> str:
    added = int(e.data["added"])
    unvisited = " (nobody Visited it this round)" if added > 1 else ""
    return (f"The Travelling Town trades: {added} Influence on its card{unvisited}, now "
            f"{e.data['influence']} Influence, and 1 more left at "
            f"{location_where(state, str(e.data.get('location')))} for whoever claims it.")


def claimed(state: GameState, e: Event, aud: Audience) -> str:
    return (f"{who(state, e.data['seat'], aud)} also take the {e.data['influence']} Influence the Town left at "
            f"{location_where(state, str(e.data.get('location')))}.")


def ask_card(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any]) -> str:
    return ("The Travelling Town: which Kingdom card do you gain from the Great Road? An instant one is carried out "
            "at once; any other is kept at the Town for you.")


def ask_displace(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any]) -> str:
    new = f" for {kingdom_name(state, str(step['card']))}" if step.get("card") else ""
    return f"Both spaces of the Town are taken: which card kept there is discarded to make room{new}?"


def option_hint(state: GameState, kind: str, value: str) -> str | None:
    """What Visiting the Town offers."""
    if kind == "visit" and value == "travelling_town":

        n = int(town(state.data)["influence"])
        took = f"Take the {n} Influence on its card and a" if n else "Take a"
        return f"{took} Kingdom card from the Great Road, kept at the Town (an instant one acts at once)"
    return None


def register(w: Any) -> None:
    for kind, fn in (("okc.town_visited", visited), ("okc.town_card", card), ("okc.town_kept", kept),
                     ("okc.town_displaced", displaced), ("okc.town_trade", trade),
                     ("okc.town_influence_claimed", claimed)):
        w.on(kind)(fn)
    w.summary_kinds.update({"okc.town_kept", "okc.town_trade"})   # in the phase's one post
    w.choice_questions["town_card"] = ask_card
    w.choice_questions["town_displace"] = ask_displace
    w.option_hints.append(option_hint)
