"""The Wild Kingdom cards in words: the mixed Kingdom Deck, each card as it arrives, its steps and the Map."""

from __future__ import annotations

from typing import Any

from engine.core import Event, GameState
from engine.core.words import Audience, plural
from engine.okc.modules.api import (
    faction_short,
    kcard,
    kingdom_name,
    location_name,
    location_where,
    okc,
    who,
    whom,
)

KINDS = ("steal_kingdom", "claim_reward", "road_gain", "place_on_map")


def by(state: GameState, e: Event, key: str = "by") -> str:
    """The Wild Kingdom card at work, leading the sentence ("Moonlit Thieves: ...")."""
    kid = e.data.get(key)
    return f"{kingdom_name(state, str(kid))}: " if kid else ""


def deck(state: GameState, e: Event, aud: Audience) -> str:
    n = int(e.data.get("count") or 0)
    return (f"Wild Kingdom: {plural(n, 'Wild Kingdom card')} {'is' if n == 1 else 'are'} shuffled into the "
            f"Kingdom Deck of {int(e.data.get('deck') or 0)} (Complexity {int(e.data.get('rating') or 0)}). "
            "Nobody knows which until they turn up on the Great Road.")


def gained(state: GameState, e: Event, aud: Audience) -> str:
    kid = str(e.data["card"])
    return f"{kingdom_name(state, kid)} is a Wild Kingdom card. {kcard(okc(state), kid).text}"


def nothing(state: GameState, e: Event, aud: Audience) -> str:
    creatures = "legendary_creatures" in okc(state).modules
    why = {"steal": "no opponent holds a Kingdom card that can be taken",
           "herald": ("neither their Herald nor their Legendary Creature is on the board" if creatures
                      else "there is no Herald of theirs on the board"),
           "road": "the Great Road holds no card they can take"}.get(str(e.data.get("why")), "there is nothing to do")
    return f"{kingdom_name(state, str(e.data.get('card') or ''))} does nothing for {whom(state, e.data['seat'], aud)}: {why}."


def stolen(state: GameState, e: Event, aud: Audience) -> str:
    back = e.data.get("occupant_to_hand")
    tail = " The card Occupying it goes back to its owner's hand." if back else ""
    return (f"{by(state, e)}{who(state, e.data['seat'], aud)} take {kingdom_name(state, str(e.data['card']))} from "
            f"{whom(state, e.data['victim'], aud)}.{tail}")


def reward(state: GameState, e: Event, aud: Audience) -> str:
    return (f"{by(state, e, 'card')}{who(state, e.data['seat'], aud)} claim the reward of "
            f"{location_where(state, str(e.data['location']))}.")


def road(state: GameState, e: Event, aud: Audience) -> str:
    return (f"{by(state, e)}{who(state, e.data['seat'], aud)} take {kingdom_name(state, str(e.data['card']))} "
            "from the Great Road without a Bidding card.")


def placed(state: GameState, e: Event, aud: Audience) -> str:
    frm = e.data.get("frm")
    moved = f", moved from the {location_name(state, str(frm))}" if frm else ""
    return (f"{who(state, e.data['seat'], aud)} set {kingdom_name(state, str(e.data['card']))} on "
            f"{location_where(state, str(e.data['location']))}{moved}.")


def paid(state: GameState, e: Event, aud: Audience) -> str:
    n = int(e.data.get("influence") or 0)
    return (f"{who(state, e.data['seat'], aud)} gain {n} Influence from "
            f"{kingdom_name(state, str(e.data['card']))}: {whom(state, e.data['claimant'], aud)} claimed "
            f"{location_where(state, str(e.data['location']))}.")


def ask_steal(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any]) -> str:
    return "Which Kingdom card do you take from an opponent? A card Occupying it goes back to their hand."


def ask_reward(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any]) -> str:
    if step.get("where") == "herald":      # asked only when both pieces stand on the board (ruling WK4)
        return ("Which reward do you claim: where your Herald stands, or where your Legendary Creature stands? "
                "A piece standing there may be Visited instead.")
    return "Which Location's reward do you claim? A piece standing there may be Visited instead."


def ask_road(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any]) -> str:
    return "Which Kingdom card do you take from the Great Road, without a Bidding card?"


def ask_place(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any]) -> str:
    kid = str(ctx.get("source", "")).removeprefix("kingdom:")
    what = ("it gives its holder Strength in that Region's clashes" if step.get("effect") == "strength"
            else "its holder gains Influence whenever that Location's reward is claimed")
    return f"On which Location do you set {kingdom_name(state, kid)}? There {what}."


def option_name(state: GameState, kind: str, value: str) -> str | None:
    """Options of the Wild Kingdom cards' choices: Kingdom cards (with their holder) and Locations."""
    if kind not in KINDS:
        return None
    g = okc(state)
    if kind in ("claim_reward", "place_on_map"):
        verb = "Claim the reward of" if kind == "claim_reward" else "Set it on"
        return f"{verb} {location_where(state, value)}"
    owner = next((s for s in g.order if value in g.players[s].kingdom), None)
    if owner is not None:
        return f"Take {kingdom_name(state, value)} from {faction_short(state, owner)}"
    return f"Take {kingdom_name(state, value)}"


def register(w: Any) -> None:
    for kind, fn in (("okc.wild_deck", deck), ("okc.wild_gained", gained), ("okc.wild_nothing", nothing),
                     ("okc.wild_stolen", stolen), ("okc.wild_reward", reward), ("okc.wild_road", road),
                     ("okc.wild_placed", placed), ("okc.wild_map_paid", paid)):
        w.on(kind)(fn)
    for kind, ask in (("steal_kingdom", ask_steal), ("claim_reward", ask_reward), ("road_gain", ask_road),
                      ("place_on_map", ask_place)):
        w.choice_questions[kind] = ask
    w.option_names.insert(0, option_name)
    w.summary_kinds.update({"okc.wild_placed", "okc.wild_map_paid"})
