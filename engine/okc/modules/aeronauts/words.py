"""The Aeronauts in words: Visits, the card taken (named only to its taker), the Near & Far claimed, placed
and home again."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Event, GameState
from engine.core.words import Audience, Section, join_words, plural
from engine.okc.modules.aeronauts.state import NAME, PIECE, aero
from engine.okc.modules.api import card_power, the_region, who, whom


def visited(state: GameState, e: Event, aud: Audience) -> str:
    n = int(e.data.get("deck") or 0)
    left = f"{plural(n, 'card')} left in the Aeronaut Deck" if n else "the Aeronaut Deck is empty"
    return f"{who(state, e.data['seat'], aud)} climb aboard the Near & Far ({left})."


def seen(state: GameState, e: Event, aud: Audience) -> str:
    return f"The Aeronaut Deck holds {join_words([card_power(state, c) for c in e.data.get('cards') or []])}."


def taken(state: GameState, e: Event, aud: Audience) -> str:
    n = int(e.data.get("left") or 0)
    return (f"{who(state, e.data['seat'], aud)} take an Aeronaut into hand as an Ally, face down; "
            f"{plural(n, 'card')} left in the Aeronaut Deck.")


def taken_card(state: GameState, e: Event, aud: Audience) -> str:
    return f"{card_power(state, str(e.data.get('card')))} joins your hand as an Ally."


def claimed(state: GameState, e: Event, aud: Audience) -> str:
    return (f"{who(state, e.data['seat'], aud)} claim the Near & Far: from now on it is one of "
            f"{'your' if aud.viewer == e.data['seat'] else 'their'} Supporters, worth 3 Strength, "
            "and nobody Visits the Aeronauts again.")


def placed(state: GameState, e: Event, aud: Audience) -> str:
    n = int(e.data.get("count") or 0)
    more = f" with {plural(n, 'Supporter')}" if n else ""
    return (f"{who(state, e.data['seat'], aud)} fly the Near & Far into {the_region(state, str(e.data['region']))}"
            f"{more}: +{3 + n} Strength in its first clash there.")


def returned(state: GameState, e: Event, aud: Audience) -> str:
    return f"The Near & Far flies home from {the_region(state, str(e.data['region']))} to {whom(state, e.data['seat'], aud)}."


def ask_gain(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any]) -> str:
    return "The Aeronauts: do you take 1 Influence or 1 Lore?"


def ask_take(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any]) -> str:
    return "The Aeronaut Deck: which card joins your hand as an Ally? Only you will know."


def ask_unexhaust(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any]) -> str:
    return "The Aeronaut Deck is empty and the Near & Far is yours: turn one exhausted Tactic back up first?"


def option_name(state: GameState, kind: str, value: str) -> str | None:
    if kind == "aero_gain":
        return {"influence": "1 Influence", "lore": "1 Lore"}.get(value)
    return None


def option_hint(state: GameState, kind: str, value: str) -> str | None:
    """What Visiting the Aeronauts offers."""

    if kind == "visit" and value == PIECE:
        if NAME in state.data.extra and not aero(state.data)["deck"]:
            return "Gain 1 Influence or 1 Lore, ready a Tactic and claim the Near & Far, a Supporter worth 3"
        return "Gain 1 Influence or 1 Lore, then take an Aeronaut into hand as an Ally"
    if kind == "aero_gain":
        return ""
    return None


def label_ship(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    n = int(action.get("count") or 0)
    more = f" with {plural(n, 'Supporter')}" if n else " alone"
    return f"Fly the Near & Far to {the_region(state, str(action.get('region')))}{more}"


def mat(state: GameState, seat: str, aud: Audience) -> list[Section]:
    g = state.data
    if NAME not in g.modules or NAME not in g.extra or aero(g)["owner"] != seat:
        return []
    where = aero(g)["ship"]
    line = "Beside your Supporter slots, ready to fly (3 Strength)." if where == "board" else \
        f"In {the_region(state, where)} this round; home in Winter."
    return [Section("The Near & Far", (line,))]


def register(w: Any) -> None:
    for kind, fn in (("okc.aeronauts_visited", visited), ("okc.aeronauts_seen", seen),
                     ("okc.aeronaut_taken", taken), ("okc.aeronaut_taken.card", taken_card),
                     ("okc.ship_claimed", claimed), ("okc.ship_placed", placed), ("okc.ship_returned", returned)):
        w.on(kind)(fn)
    for kind, ask in (("aero_gain", ask_gain), ("aero_take", ask_take), ("aero_unexhaust", ask_unexhaust)):
        w.choice_questions[kind] = ask
    w.option_names.append(option_name)
    w.option_hints.append(option_hint)
    w.summary_kinds.update({"okc.aeronaut_taken", "okc.ship_claimed", "okc.ship_returned"})
    w.labels["ship"] = label_ship
    w.mat_parts.append(mat)
