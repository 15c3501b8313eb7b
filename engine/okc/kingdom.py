"""Gaining Kingdom cards (p.18-19), with or without a Bidding card (Wild Kingdom: the Travelling Town)."""

from __future__ import annotations

from engine.core import Event, GameState
from engine.okc.cards import kcard
from engine.okc.effects import queue
from engine.okc.hooks import hooked
from engine.okc.state import Okc


def gain_kingdom(state: GameState, seat: str, kid: str, bid: str | None = None, *, custodians: bool = False) -> None:
    """``seat`` gains Kingdom card ``kid``. A Bidding card Occupies a card that needs it, else goes to the
    discard pile (rulings). Without a Bidding card, a card held by the Travelling Town's Custodians
    (``custodians``) is Occupied by them: it needs no Occupy space and can never be stolen. An instant
    card's steps are carried out and it goes to the Kingdom discard."""
    g: Okc = state.data
    me = g.players[seat]
    k = kcard(g, kid)
    if bid is not None:
        if k.kind == "occupy":
            me.occupants[kid] = bid
            state.emit(Event.public("okc.occupied", seat=seat, card=kid))
        else:
            me.discard.append(bid)
    if k.kind == "instant":
        g.kingdom_discard.append(kid)
    else:
        me.kingdom.append(kid)
        if custodians:
            me.custodians.append(kid)
    for m in hooked(g.playing, "gained"):
        m.gained(state, seat, kid)
    queue(g, seat, k.on_gain, source=f"kingdom:{kid}")


def stealable(g: Okc, seat: str) -> list[str]:
    """Kingdom cards an opponent of ``seat`` may steal from them: not those kept by the Custodians."""
    p = g.players[seat]
    return [k for k in p.kingdom if k not in p.custodians]


def road_cards(g: Okc) -> list[str]:
    """The Great Road's face-up cards: its three slots and the top of the Kingdom Deck (p.17)."""
    return [k for k in g.great_road if k] + g.kingdom_deck[:1]


def take_from_road(g: Okc, kid: str) -> None:
    """Take ``kid`` off the Great Road; its slot stays empty until the road is next repopulated."""
    if kid in g.great_road:
        g.great_road[g.great_road.index(kid)] = ""
    else:
        g.kingdom_deck.pop(0)
