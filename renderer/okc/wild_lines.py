"""The panel's one line for Wild Kingdom modules drawn only as pieces on the board: the Aeronauts (the Near &
Far and the Aeronaut Deck's size) and the Legendary Creatures (where each stands, which cards still wait in
the Supply). Built from the public view only; Locations and Regions by the names the board shows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def aeronauts(value: Any, places: dict[str, str]) -> list[str]:
    if not isinstance(value, dict):
        return []
    n = int(value.get("deck") or 0)
    deck = f"deck {n}" if n else "deck empty"
    owner = value.get("owner")
    if not owner:
        return [f"ship on the {places.get(str(value.get('location')), '?')}, {deck}"]
    ship = str(value.get("ship") or "board")
    where = "at home" if ship == "board" else f"in the {places.get(ship, ship)}"
    return [f"ship {owner}'s (3 Strength), {where}"]


def creatures(value: Any, places: dict[str, str]) -> list[str]:
    """A line of its own for each player's creature, under the module's name."""
    if not isinstance(value, dict) or not isinstance(value.get("creatures"), dict):
        return []
    parts = [""]
    for seat, c in sorted(value["creatures"].items()):
        if not isinstance(c, dict):
            continue
        where = places.get(str(c.get("location")), "?") if c.get("location") else "home"
        card = "card in the Supply" if c.get("in_supply") else "card claimed"
        parts.append(f"{seat}: {c.get('name', 'creature')}, {where}, {card}")
    return parts


LINES: dict[str, Callable[[Any, dict[str, str]], list[str]]] = {
    "aeronauts": aeronauts, "legendary_creatures": creatures}
