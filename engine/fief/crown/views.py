"""What the table sees of Phase 1's politics (docs/fief-view.md "politics"): the candidates, where
each family's vote markers lie (not which is FOR), who has voted in Parliament, the Burghers
activated, the Parliament card's side and the Lords the Sovereign may make Knights of the Garter.
A seat's own view adds its markers, its Parliament votes and, for the Sovereign, the Royal Tax
still to share out."""

from __future__ import annotations

from typing import Any

from engine.fief.crown import garter
from engine.fief.state import Fief, sovereign


def public(g: Fief) -> dict[str, Any]:
    p = g.politics
    return {
        "candidates": list(p.candidates),
        "markers": {f: sorted(t for t in b if t) for f, b in sorted(p.ballots.items())},
        "parliament_convened": p.parliament_round == g.flow.round and g.flow.round > 1,
        "voted": sorted(p.votes),
        "burghers": dict(sorted(p.burghers.items())),
        "royal_tax": g.royal_tax,
        "garter_awarded_this_round": p.garter_round == g.flow.round,
        "garter_eligible": garter.eligible(g),
    }


def private(g: Fief, seat: str) -> dict[str, Any]:
    p = g.politics
    mine = g.players[seat].families
    king = sovereign(g)
    out: dict[str, Any] = {
        "markers": {f: {"for": b[0] or None, "decoy": b[1] or None} for f, b in sorted(p.ballots.items())
                    if f in mine},
        "tax_votes": {f: ("for" if v else "against") for f, v in sorted(p.votes.items()) if f in mine},
    }
    if seat in p.pledges:
        out["pledged"] = p.pledges[seat]
    if king is not None and king.family in mine:
        out["tax_left"] = p.tax_left
    return out
