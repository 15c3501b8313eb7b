"""The Negotiating Table's state under ``Okc.extra["negotiating_table"]``: who is done this step, the open
offers (barters and Alliances proposed), how many offers each player made this step, each player's Trade
Agreement cards, the Alliances and the allies' secret votes on a clash's winner."""

from __future__ import annotations

from typing import Any, cast

from engine.okc.modules.api import Okc

NAME = "negotiating_table"
STEP = "negotiation"
SECTION = "Wild Kingdom: Negotiating Table, The Negotiation Step"
def table(g: Okc) -> dict[str, Any]:
    """The module's state (see the module docstring)."""
    return g.extra[NAME]  # type: ignore[return-value]  # the module's own table


def in_step(g: Okc) -> bool:
    return g.step == STEP and g.choice is None and not g.jobs


def open_offers(g: Okc) -> list[dict[str, Any]]:
    return cast("list[dict[str, Any]]", table(g)["offers"])


def find_offer(g: Okc, number: Any) -> dict[str, Any] | None:
    return next((o for o in open_offers(g) if str(o["id"]) == str(number)), None)


def made(g: Okc, seat: str) -> int:
    """How many offers ``seat`` has made this Negotiation Step (barters, agreements and Alliances; public:
    every offer is announced to the table)."""
    return int(table(g).get("made", {}).get(seat, 0))


def talking(g: Okc) -> list[str]:
    """Seats that have not yet said they are done, in turn order."""
    done = table(g)["done"]
    return [s for s in g.order if s not in done]
