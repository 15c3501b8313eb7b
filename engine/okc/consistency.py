"""An OKC state set up by hand (a scenario's ``setup`` overrides), checked whole: ``validate``
lists what does not fit, one "path: why" a line (docs/scenarios.md)."""

from __future__ import annotations

from engine.okc.state import Okc


def validate(g: Okc, seats: list[str]) -> list[str]:
    out: list[str] = []
    if sorted(g.players) != sorted(seats):
        out.append(f"players: the seats are {sorted(seats)}, not {sorted(g.players)}")
    if g.order and sorted(g.order) != sorted(seats):
        out.append(f"order: the order track holds every seat once, not {g.order}")
    for seat, p in sorted(g.players.items()):
        for name in ("influence", "lore", "supporters", "hand_size"):
            if getattr(p, name) < 0:
                out.append(f"players.{seat}.{name}: {getattr(p, name)} is below zero")
    for i, r in enumerate(g.regions):
        for j, placed in enumerate(r.cards):
            if placed.owner not in g.players:
                out.append(f"regions.{i}.cards.{j}.owner: no seat {placed.owner!r}")
        for seat, n in sorted(r.supporters.items()):
            if seat not in g.players or n < 0:
                out.append(f"regions.{i}.supporters.{seat}: {n} supporters of no seat or below zero")
    for council, seated in sorted(g.councils.items()):
        for j, s in enumerate(seated):
            if s.owner not in g.players:
                out.append(f"councils.{council}.{j}.owner: no seat {s.owner!r}")
    if g.favour_holder is not None and g.favour_holder not in g.players:
        out.append(f"favour_holder: no seat {g.favour_holder!r}")
    return out
