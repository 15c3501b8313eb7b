"""The phase line shown with a game ("Round 2, Summer: clash (plateau)"): seasons and steps by name."""

from __future__ import annotations

from engine.okc.state import Okc

SEASON_NAMES = {"start": "Start of the Year", "spring": "Spring", "summer": "Summer", "autumn": "Autumn",
                "winter": "Winter", "over": "Game over"}
STEP_NAMES = {
    "bid": "bids", "negotiation": "Negotiation Step", "alliance_winner": "clash", "resolve_bids": "resolving bids",
    "heralds": "Heralds", "creatures": "Legendary Creatures", "region_cards": "cards to Regions",
    "spring_actions": "Action Step", "clash_order": "Clash markers", "day": "clash", "tally": "clash",
    "tie": "clash", "claim": "clash", "after_claim": "clash", "next_region": "clash", "autumn": "Action Step",
    "winter": "Effects Step", "cleanup": "cleanup", "start": "draw", "over": "final tally",
}


def phase_label(g: Okc) -> str:
    if g.over:
        return "Game over"
    label = f"Round {g.round}, {SEASON_NAMES[g.season]}: {STEP_NAMES.get(g.step, g.step)}"
    if g.clash is not None:
        label += f" ({g.clash.region})"
    return label
