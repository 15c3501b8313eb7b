"""Travelling Town (Wild Kingdom, complexity 2): a piece that may be Visited, Trades and Travels each Winter.

Visiting it (instead of the Location's reward): take the Influence on the Town card, gain a Kingdom card
from the Great Road without a Bidding card; an instant card's instructions are carried out, any other card
is kept at one of the Town's two spaces (a full Town discards one card first), Occupied by the Custodians
for the visitor: beyond the two Occupy spaces, never stolen. Each Winter the Town puts 1 Influence on its
card (2 when nobody Visited it this round) and 1 on its Location, then Travels. Whoever takes that
Location's reward later also takes the Influence left there.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core import Event, GameState
from engine.okc.modules.api import (
    EffectHandler,
    Job,
    Module,
    Okc,
    ask,
    gain_kingdom,
    kcard,
    kingdom_view,
    road_cards,
    starting_location,
    take_from_road,
    travel_piece,
)
from engine.okc.modules.travelling_town import words
from engine.okc.modules.travelling_town.state import NAME, PIECE, town

SECTION = "Wild Kingdom: Travelling Town"
SPACES = 2


def s_town_card(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any], answer: Any) -> None:
    """II-V: choose a Kingdom card on the Great Road; an instant one is carried out, another kept at the Town."""

    g: Okc = state.data
    options = road_cards(g)
    if answer is None:
        if len(options) > 1:
            ask(g, seat, "town_card", "gain which Kingdom card from the Great Road", options, step, ctx)
            return
        if not options:
            state.emit(Event.public("okc.town_card", seat=seat, card=None))
            return
        answer = options[0]
    kid = str(answer)
    take_from_road(g, kid)
    instant = kcard(g, kid).kind == "instant"
    state.emit(Event.public("okc.town_card", seat=seat, card=kid, instant=instant))
    if instant:
        gain_kingdom(state, seat, kid)
        return
    g.jobs.insert(0, Job(seat, [{"do": "town_space", "card": kid}], dict(ctx)))


def s_town_space(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any], answer: Any) -> None:
    """IV-V: the card takes an empty space; with none, a card kept there is discarded (its owner loses it)."""
    g: Okc = state.data
    t = town(g)
    spaces: list[str] = t["spaces"]
    if "" not in spaces:
        if answer is None:
            ask(g, seat, "town_displace", "discard which card kept at the Town", list(spaces), step, ctx)
            return
        gone = str(answer)
        owner = next(s for s in g.order if gone in g.players[s].custodians)
        g.players[owner].custodians.remove(gone)
        g.players[owner].kingdom.remove(gone)
        g.kingdom_discard.append(gone)
        spaces[spaces.index(gone)] = ""
        state.emit(Event.public("okc.town_displaced", seat=seat, owner=owner, card=gone))
    kid = step["card"]
    spaces[spaces.index("")] = kid
    gain_kingdom(state, seat, kid, custodians=True)
    state.emit(Event.public("okc.town_kept", seat=seat, card=kid))


class TravellingTown(Module):
    name = NAME
    title = "Travelling Town"
    complexity = 2
    order: ClassVar[int] = 40
    pieces: ClassVar[dict[str, str]] = {PIECE: "Travelling Town"}
    must_visit: ClassVar[bool] = False
    effects: ClassVar[dict[str, EffectHandler]] = {"town_card": s_town_card, "town_space": s_town_space}

    def setup(self, state: GameState) -> None:
        g: Okc = state.data
        g.extra[NAME] = {"influence": 0, "spaces": [""] * SPACES, "left": {}, "visited": False}
        starting_location(state, PIECE)

    def visit(self, state: GameState, seat: str, piece: str) -> None:
        """I: the Influence on the Town card; then the Kingdom card (the steps above)."""
        g: Okc = state.data
        t = town(g)
        t["visited"] = True
        taken, t["influence"] = t["influence"], 0
        g.players[seat].influence += taken
        state.emit(Event.public("okc.town_visited", seat=seat, influence=taken))
        g.jobs.insert(0, Job(seat, [{"do": "town_card"}], {"source": "travelling_town"}))

    def rewarded(self, state: GameState, seat: str, location: str) -> None:
        """Influence the Town left on a Location goes to whoever takes that Location's reward."""
        g: Okc = state.data
        left = town(g)["left"].pop(location, 0)
        if left:
            g.players[seat].influence += left
            state.emit(Event.public("okc.town_influence_claimed", seat=seat, location=location, influence=left))

    def winter(self, state: GameState) -> None:
        """Trades & Travels: 1 Influence on the card (1 more if unvisited), 1 on its Location, then Travel."""
        g: Okc = state.data
        t = town(g)
        added = 1 if t["visited"] else 2
        t["influence"] += added
        here = g.pieces[PIECE]
        t["left"][here] = t["left"].get(here, 0) + 1
        state.emit(Event.public("okc.town_trade", added=added, influence=t["influence"], location=here,
                                left=t["left"][here]))
        t["visited"] = False
        travel_piece(state, PIECE)

    def view(self, state: GameState, seat: str | None, out: dict[str, Any]) -> None:
        g: Okc = state.data
        t = town(g)
        out[NAME] = {
            "name": "Travelling Town", "location": g.pieces[PIECE], "influence": t["influence"], "left": dict(t["left"]),
            "spaces": [None if not k else {**kingdom_view(g, k),
                                           "owner": next(s for s in g.order if k in g.players[s].custodians)}
                       for k in t["spaces"]],
        }

    def words(self, w: Any) -> None:
        words.register(w)


