"""A hand-written OKC view in the documented shape (docs/okc-view.md), mid-Summer of round 2."""

from __future__ import annotations

import copy
from typing import Any


def faction_card(cid: str, name: str, strength: int, votes: int = 0, lore: int = 0, cost: int | None = None,
                 traits: list[str] | None = None) -> dict[str, Any]:
    card: dict[str, Any] = {"id": cid, "name": name, "faction": cid.split(".")[0], "strength": strength,
                            "votes": votes, "lore": lore, "traits": traits or [], "commands": [], "text": ""}
    if cost is not None:
        card["cost"] = cost
    return card


def kingdom(cid: str, name: str, suit: str, occupied: bool = False) -> dict[str, Any]:
    card: dict[str, Any] = {"id": cid, "name": name, "suit": suit, "kind": "keep", "text": ""}
    if occupied:
        card["occupied"] = True
    return card


def placed(card: dict[str, Any] | None) -> dict[str, Any]:
    if card is None:
        return {"face_up": False}
    return {"face_up": True, "card": card, "strength": card["strength"], "gained": 0, "blanked": False,
            "gained_traits": [], "gained_commands": [], "retained": False}


def player(faction: str, influence: int, lore: int, hand: int) -> dict[str, Any]:
    return {
        "faction": faction, "faction_name": faction.title(), "influence": influence, "lore": lore,
        "hand": hand, "deck": 7, "hand_size": 6, "discard": [], "lost": [],
        "supporters": {"board": 3, "placed": 1, "lost": 1}, "herald": "castle",
        "tactics": [{"id": f"{faction}.t{i}", "name": f"Tactic {i}", "text": "", "exhausted": i == 2}
                    for i in range(1, 5)],
        "kingdom": [kingdom("k.bridge", "Toll Bridge", "coins"), kingdom("k.keep", "Old Keep", "swords", True)],
        "site": [faction_card(f"{faction}.champ", "Champion", 11, cost=2),
                 faction_card(f"{faction}.hq", "Headquarters", 0, votes=2, cost=4)],
        "governed": False, "journeyed": False, "passed": False,
    }


def public_view() -> dict[str, Any]:
    return {
        "game": "okc", "pack": "starter", "round": 2, "rounds": 5, "season": "summer", "step": "day",
        "phase": "Round 2, Summer: Plateau clash", "order": ["bea", "al", "cy"], "turn": "al",
        "regions": [
            {"id": "highlands", "name": "Highlands",
             "locations": [{"id": "wilderness", "name": "Wilderness", "side": "left", "reward": "+1 and Journey",
                            "heralds": ["al"]},
                           {"id": "castle", "name": "Castle", "side": "right", "reward": "+1 and Govern",
                            "heralds": ["bea", "cy"]}],
             "clash_marker": 2, "clashes": 0, "resolved": False, "winner": None, "supporters": {"al": 2},
             "cards": {"al": [placed(None)], "bea": [placed(None), placed(None)], "cy": []}},
            {"id": "plateau", "name": "Plateau",
             "locations": [{"id": "battlefield", "name": "Battlefield", "side": "left", "reward": "+2",
                            "heralds": []},
                           {"id": "harvest_field", "name": "Harvest Field", "side": "right",
                            "reward": "+1 and the Favour", "heralds": []}],
             "clash_marker": 1, "clashes": 0, "resolved": False, "winner": None, "supporters": {"bea": 1, "cy": 3},
             "cards": {"al": [placed(faction_card("clans.captain", "Clan Captain", 7))],
                       "bea": [placed(faction_card("nobility.knight", "Knight Errant", 5))],
                       "cy": [placed(None)]}},
            {"id": "lowlands", "name": "Lowlands",
             "locations": [{"id": "necropolis", "name": "Necropolis", "side": "left", "reward": "+1, reshuffle",
                            "heralds": []},
                           {"id": "shrine", "name": "Shrine", "side": "right", "reward": "+1, bury 3",
                            "heralds": []}],
             "clash_marker": 3, "clashes": 0, "resolved": False, "winner": None, "supporters": {},
             "cards": {"al": [], "bea": [], "cy": [placed(None)]}},
        ],
        "clash": {"region": "plateau", "stage": "day", "tally": {}, "tied": [], "first": True},
        "great_road": [kingdom("k.mill", "Water Mill", "coins"), None, kingdom("k.library", "Library", "books")],
        "road_top": kingdom("k.forge", "War Forge", "swords"),
        "kingdom_deck": 23, "kingdom_discard": 2,
        "favour": {"holder": None, "uses": 3, "location": "harvest_field"},
        "councils": [{"id": "relics", "name": "Council of Relics", "text": "", "votes": {"al": 3}, "cards": {}},
                     {"id": "secrets", "name": "Council of Secrets", "text": "", "votes": {}, "cards": {}},
                     {"id": "oaths", "name": "Council of Oaths", "text": "", "votes": {"bea": 1, "cy": 2},
                      "cards": {}}],
        "bids": {"key": "bid-2", "awaiting": [], "submitted": [], "revealed": {}, "queue": []},
        "region_cards": None, "choice": None,
        "players": {"al": player("clans", 7, 1, 4), "bea": player("nobility", 9, 0, 3),
                    "cy": player("uprising", 4, 2, 5)},
        "log_hint": "", "result": None,
    }


def private_view(seat: str = "al") -> dict[str, Any]:
    view = copy.deepcopy(public_view())
    view["private"] = {
        "seat": seat,
        "hand": [faction_card("clans.heir", "The Heir", 10, votes=1),
                 faction_card("clans.scout", "Scout", 1, lore=1),
                 faction_card("clans.ram", "Battering Ram", 5, traits=["resilient"]),
                 faction_card("clans.trader", "Trader", 0, votes=1, lore=1)],
        "bid": None,
        "facedown": {"highlands": [faction_card("clans.wolf", "Wolf Rider", 4)]},
        "occupants": {"k.keep": faction_card("clans.guard", "Gate Guard", 3)},
        "site": view["players"][seat]["site"], "lore": 1,
        "tactics": view["players"][seat]["tactics"], "options": [], "peeked": [],
    }
    return view
