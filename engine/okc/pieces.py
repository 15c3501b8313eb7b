"""Wild Kingdom pieces on the map (``Okc.pieces``: piece -> Location): Starting Locations, Travel and moves.

Pieces are board facts: the public view lists them on their Locations and the renderer draws them.
"""

from __future__ import annotations

from typing import cast

from engine.core import Event, GameState
from engine.okc.board import all_locations, region_of, travel
from engine.okc.hooks import hooked
from engine.okc.state import Okc

BAG = "starting_bag"


def starting_location(state: GameState, piece: str) -> str:
    """Wild Kingdom, Starting Locations: draw a Location token from the bag for ``piece`` and set the piece
    there. Tokens drawn for earlier pieces stay out, so each module's piece starts on a different Location;
    the bag is emptied when setup ends."""
    g: Okc = state.data
    bag = cast("list[str]", g.extra.setdefault(BAG, all_locations(g)))
    drawn: str = state.rng.pick(bag, why=f"starting location {piece}")
    bag.remove(drawn)
    g.pieces[piece] = drawn
    state.emit(Event.public("okc.starting_location", piece=piece, location=drawn))
    return drawn


def travel_piece(state: GameState, piece: str) -> str:
    """Wild Kingdom, Travel: one Region down (the Lowlands wrap to the Highlands), to the other side."""
    g: Okc = state.data
    frm = g.pieces[piece]
    g.pieces[piece] = to = travel(g, frm)
    state.emit(Event.public("okc.travelled", piece=piece, frm=frm, to=to))
    return to


def move_targets(g: Okc, piece: str) -> list[str]:
    """Locations in another Region than the piece's own (the Whispering Tower moves there)."""
    here = region_of(g, g.pieces[piece])
    return [loc for loc in all_locations(g) if region_of(g, loc) != here]


def move_piece(state: GameState, seat: str, piece: str, to: str) -> None:
    g: Okc = state.data
    frm = g.pieces[piece]
    g.pieces[piece] = to
    state.emit(Event.public("okc.piece_moved", seat=seat, piece=piece, frm=frm, to=to))


HERALD = ""      # the key of a seat's own Herald among its Herald pieces


def herald_spots(state: GameState, seat: str) -> dict[str, str]:
    """Where the seat's Herald pieces stand: its Herald (key "") and any piece a module treats as a second
    Herald (Wild Kingdom, Legendary Creatures), keyed by that module's name; pieces at home are left out."""
    g: Okc = state.data
    herald = g.players[seat].herald
    spots = {HERALD: herald} if herald else {}
    if g.modules:
        for m in hooked(g.playing, "heralds"):
            spots.update(m.heralds(state, seat))
    return spots
