"""The effect vocabulary: every step a card, tile, Location, Council or the Favour may say.

A content pack writes effects as lists of steps, each a JSON object ``{"do": KIND, ...fields}``.
This module is the single list of kinds and their fields; the loader checks packs against it and
:mod:`engine.okc.effects` carries the steps out. ``describe`` turns steps back into short text
for views, so packs need no rules wording of their own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SUITS = ("coins", "books", "swords")
TRAITS = ("invulnerable", "resilient", "pathfinder")
KEYWORDS = ("ambush", "flank", "deadly")


@dataclass(frozen=True)
class Field:
    """One field of a step: its kind of value and whether it may be left out."""

    kind: str  # "int", "bool", "amount" (int or "per_suit:<suit>"), or "enum:a|b|c"
    required: bool = False
    default: Any = None


STEPS: dict[str, dict[str, Field]] = {
    "gain": {"what": Field("enum:influence|lore", True), "amount": Field("amount", True)},
    "steal": {"what": Field("enum:influence|lore", True), "amount": Field("int", True),
              "from": Field("enum:each_opponent|one_opponent|region_opponents", False, "one_opponent")},
    "draw": {"amount": Field("int", True), "optional": Field("bool", False, False)},
    "discard": {"amount": Field("int", True)},
    "eliminate": {"target": Field("enum:one_opponent|all_opponents", False, "one_opponent"),
                  "max_strength": Field("int", False, 99)},
    "burn": {"target": Field("enum:self|hand|lost", True)},
    "move_herald": {"whose": Field("enum:opponent|own|any", False, "opponent")},
    "swap": {},
    "peek": {},
    "govern": {},
    "journey": {},
    "strength": {"amount": Field("int", True)},
    "bonus": {"amount": Field("amount", True)},
    "blank": {},
    "grant": {"keyword": Field("enum:" + "|".join(TRAITS + KEYWORDS), True)},
    "recruit": {"amount": Field("int", True)},
    "unexhaust": {"amount": Field("int", False, 1)},
    "favour": {},
    "bottom": {"amount": Field("int", True)},
    "recycle": {},
    "recover": {"amount": Field("int", False, 1), "to": Field("enum:hand|discard", False, "hand")},
    "retain": {},
    "clash_again": {},
    "hand_size": {"amount": Field("int", True)},
}

# Steps that only make sense while a Region's clash is being resolved and a card is their source.
CLASH_STEPS = frozenset({"eliminate", "strength", "bonus", "blank", "grant", "retain", "clash_again"})
# Steps that need a source card (the card whose command or effect is resolving).
SOURCE_STEPS = frozenset({"strength", "grant", "retain"})


def _count(n: Any, noun: str) -> str:
    """``1 card``, ``2 cards``: a count agreeing with its noun (no "card(s)")."""
    return f"{n} {noun if n == 1 else noun + 's'}"


def describe_step(step: dict[str, Any]) -> str:
    """Short text for one step (our own wording)."""
    kind = step["do"]
    n = step.get("amount", 1)
    match kind:
        case "gain":
            if isinstance(n, str):
                return f"gain 1 {step['what'].title()} per {n.removeprefix('per_suit:')} Kingdom card you hold"
            return f"gain {n} {step['what'].title()}"
        case "steal":
            who = {"each_opponent": "each opponent", "one_opponent": "an opponent",
                   "region_opponents": "each opponent in this Region"}[step.get("from", "one_opponent")]
            return f"steal {n} {step['what'].title()} from {who}"
        case "draw":
            return f"draw {'up to ' if step.get('optional') else ''}{_count(n, 'card')}"
        case "discard":
            return f"discard {_count(n, 'card')} from your hand"
        case "eliminate":
            cap = step.get("max_strength", 99)
            limit = f" of printed Strength {cap} or less" if cap < 99 else ""
            if step.get("target") == "all_opponents":
                return f"eliminate every opponent's Active card{limit} here"
            return f"eliminate an opponent's Active card{limit} here"
        case "burn":
            return {"self": "burn this card", "hand": "burn a card from your hand",
                    "lost": "burn a card from your Lost Pile"}[step["target"]]
        case "move_herald":
            return {"opponent": "move an opponent's Herald", "own": "move your Herald",
                    "any": "move any Herald"}[step.get("whose", "opponent")]
        case "swap":
            return "swap one of your face-down cards with a card from your hand"
        case "peek":
            return "look at an opponent's face-down card"
        case "govern":
            return "Govern"
        case "journey":
            return "Journey"
        case "strength":
            return f"this card gains {n:+d} Strength"
        case "bonus":
            if isinstance(n, str):
                return f"+1 to your Strength in this clash per {n.removeprefix('per_suit:')} Kingdom card you hold"
            return f"+{n} to your Strength in this clash"
        case "blank":
            return "blank an opponent's Active card here"
        case "grant":
            return f"this card gains {step['keyword'].title()}"
        case "recruit":
            return f"return {_count(n, 'Supporter')} from your Lost Pile"
        case "unexhaust":
            return f"unexhaust {_count(n, 'Tactic')}"
        case "favour":
            return "take the Kingdom's Favour"
        case "bottom":
            return f"put up to {_count(n, 'card')} from your hand on the bottom of your deck"
        case "recycle":
            return "shuffle your discard pile into your deck"
        case "recover":
            return f"return {_count(n, 'card')} from your Lost Pile to your {step.get('to', 'hand')}"
        case "retain":
            return "this card stays Active through Winter"
        case "clash_again":
            return "this Region clashes again"
        case "hand_size":
            return f"your Hand Size {'rises' if n >= 0 else 'falls'} by {abs(n)}"
        case "visit_tower":
            return "you may Visit the Whispering Tower"
        case "steal_kingdom":
            return "steal a Kingdom card from an opponent"
        case "claim_reward":
            where = "where your Herald stands" if step.get("where") == "herald" else "of your choice"
            # (a Legendary Creature is a second Herald: the rule applies to it without saying so, ruling WK4)
            return f"claim the reward of a Location {where}"
        case "road_gain":
            return "gain a Kingdom card from the Great Road without a Bidding card"
        case "place_on_map":
            if step.get("effect") == "strength":
                return f"place this card on a Location: +{n} Strength to its holder in clashes in that Region"
            return f"place this card on a Location: its holder gains {n} Influence whenever that reward is claimed"
    return str(kind)


def describe(steps: list[dict[str, Any]]) -> str:
    text = ", then ".join(describe_step(s) for s in steps)
    return text[:1].upper() + text[1:]
