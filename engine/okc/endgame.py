"""End of the game (p.33-34, p.45): Lore conversion, then most Influence; ties go to the holder of
the Kingdom's Favour, then to the higher place on the Order Track."""

from __future__ import annotations

from engine.core import Event, GameState, Result
from engine.okc.hooks import hooked
from engine.okc.lore import convert_lore
from engine.okc.state import Okc


def finish(state: GameState) -> None:
    g: Okc = state.data
    g.ending = {s: {"year": g.players[s].influence} for s in g.order}
    for m in hooked(g.playing, "end"):
        m.end(state)
        _changes(g, m.name)
    convert_lore(state)
    _changes(g, "lore")
    g.over = True
    g.season = "over"
    r = result(g)
    assert r is not None
    state.emit(Event.public("okc.game_over", winners=list(r.winners), reason=r.reason, scores=r.scores))


def _changes(g: Okc, part: str) -> None:
    """Record what ``part`` of the end changed in each seat's Influence (0 included: the tally says so)."""
    for s in g.order:
        parts = g.ending[s]
        parts[part] = g.players[s].influence - sum(parts.values())


def ranking(g: Okc) -> list[str]:
    """Seats from first to last: Influence, then the Favour, then the Order Track."""
    rank = {s: i for i, s in enumerate(g.order)}
    return sorted(g.order, key=lambda s: (-g.players[s].influence, s != g.favour_holder, rank[s]))


def result(g: Okc) -> Result | None:
    if not g.over:
        return None
    ranked = ranking(g)
    best = ranked[0]
    tied = [s for s in g.order if g.players[s].influence == g.players[best].influence]
    if len(tied) == 1:
        reason = "most Influence"
    elif best == g.favour_holder:
        reason = "tie on Influence broken by the Kingdom's Favour"
    else:
        reason = "tie on Influence broken by the Order Track"
    return Result((best,), reason, {s: g.players[s].influence for s in g.order})
