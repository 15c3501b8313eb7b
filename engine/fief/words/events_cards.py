"""Sentences for Phase 2 and setup: cards drawn and played, disasters, Fortune cards, nobles and
clergy entering play, retainers and Carrier Pigeons (Setup, 2.0-2.15). A card drawn face down is
news to its holder only: the thread hears "Blue draws a Fortune card", never which."""

from __future__ import annotations

from engine.core.events import Event
from engine.core.state import GameState
from engine.core.words import Audience, join_words, plural
from engine.fief.words import names as N
from engine.fief.words.tell import tells

DECKS = {"character": "a Character card", "fortune": "a Fortune card"}


@tells("setup.done")
def _setup_done(state: GameState, e: Event, aud: Audience) -> str:
    g = state.data
    who = [f"{aud.player(seat)} plays {join_words(N.family(f) for f in fams)}"
           for seat, fams in e.data.get("families", {}).items()]
    first = e.data.get("first")
    return f"The game begins: {join_words(who)}. {N.seat_who(g, first, aud)} {'go' if aud.is_you(first) else 'goes'} first."


@tells("setup.placed")
def _setup_placed(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    held = N.nobles(g, d.get("nobles", []))
    extra = f", {plural(int(d.get('troops', 0)), 'troop')}" + (" and a Stronghold" if d.get("stronghold") else "")
    return f"{N.does(g, d['family'], aud, 'start', 'starts')} at {d['city']} with {held}{extra}."


@tells("card.discarded")
def _discarded(state: GameState, e: Event, aud: Audience) -> str:
    return f"{N.seat_does(state.data, e.data.get('seat'), aud, 'discard', 'discards')} {N.card(e.data.get('card'))}."


@tells("card.drawn")
def _drawn(state: GameState, e: Event, aud: Audience) -> str | None:
    seat = e.data.get("seat")
    if aud.is_you(seat):
        return None   # the drawer reads which card it was (card.received)
    deck = DECKS.get(str(e.data.get("deck")), "a card")
    return f"{N.seat_does(state.data, seat, aud, 'draw', 'draws')} {deck}."


@tells("card.received")
def _received(state: GameState, e: Event, aud: Audience) -> str:
    return f"You draw {N.card(e.data.get('card'))}."


@tells("card.swapped")
def _swapped(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    gave, took = N.card(d.get("gave")), N.card(d.get("took"))
    if not d.get("other"):   # an event recorded before the other player was named
        return f"Mata's exchange: you give up {gave} and receive {took}."
    if d.get("by") and not aud.is_you(str(d.get("by"))):   # 2.12: the player whose card Mata took
        return (f"{N.seat_player(g, str(d.get('by')), aud)}'s Mata takes {gave} from your hand at random and "
                f"leaves you {took}.")
    return f"Mata's exchange with {N.seat_player(g, str(d.get('other')), aud)}: you give up {gave} and receive {took}."


@tells("disaster.drawn")
def _disaster_drawn(state: GameState, e: Event, aud: Audience) -> str:
    who = N.seat_does(state.data, e.data.get("seat"), aud, "draw", "draws")
    return f"{who} a Disaster card; it goes face down on the Disaster track."


@tells("disaster.discarded")
def _disaster_discarded(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    if d.get("why") == "same kind":
        return f"A second {N.card(d.get('card'))} off {N.region(d.get('region'))} is set aside: one is enough."
    who = N.seat_who(state.data, d.get("seat"), aud, cap=False)
    return f"The Disaster track is full: the {N.card(d.get('card'))} drawn by {who} is discarded."


@tells("disaster.revealed")
def _disaster_revealed(state: GameState, e: Event, aud: Audience) -> str:
    return f"The Disaster track turns up {N.card(e.data.get('card'))}."


@tells("disaster.placed")
def _disaster_placed(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    when = " It takes effect next round." if d.get("delayed") else ""
    verb = "strike" if d.get("disaster") == "storms" else "strikes"
    return f"{N.card(d.get('card'))} {verb} {N.region(d.get('region'))}.{when}"


@tells("disaster.activated")
def _disaster_activated(state: GameState, e: Event, aud: Audience) -> str:
    return f"The {N.card(e.data.get('card'))} over {N.region(e.data.get('region'))} now takes effect."


@tells("fortune.played")
def _fortune_played(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    return f"{N.does(state.data, d.get('family'), aud, 'play', 'plays')} {N.card(d.get('card'))} on {N.region(d.get('region'))}."


@tells("fortune.cancelled")
def _fortune_cancelled(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    return (f"{N.cap(N.whose(state.data, d.get('family'), aud))} {N.card(d.get('card'))} cancels the "
            f"{N.card(d.get('cancelled'))} over {N.region(d.get('region'))}.")


@tells("tax.played")
def _tax(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    what = []
    if d.get("tallage"):
        what.append(f"a Tallage on {N.region(d['tallage'])}")
    if d.get("tithe"):
        what.append(f"a Tithe on {N.district(d['tithe'])}")
    return f"{N.does(state.data, d.get('family'), aud, 'play', 'plays')} a Tax card: {join_words(what) or 'no levy'}."


@tells("noble.placed")
def _noble_placed(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    return f"{N.does(state.data, d.get('family'), aud, 'bring', 'brings')} {N.noble(state.data, d.get('noble'))} into play at {d.get('city')}."


@tells("abbey.founded")
def _abbey_founded(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    g = state.data
    royal = " (the Royal Abbey)" if d.get("royal") else ""
    return (f"{N.noble(g, d.get('abbess'))} becomes Abbess of the {str(d.get('abbey')).title()} and founds "
            f"her Abbey at {d.get('city')}{royal}.")


@tells("title.given")
def _title_given(state: GameState, e: Event, aud: Audience) -> str:
    g = state.data
    nid = e.data.get("noble")
    return f"{N.noble_of(g, nid)} becomes {N.noble_title(g, nid, str(e.data.get('title')))}."


@tells("title.replaced")
def _title_replaced(state: GameState, e: Event, aud: Audience) -> str:
    return f"{N.noble(state.data, e.data.get('noble'))} is no longer {N.noble_title(state.data, e.data.get('noble'), str(e.data.get('title')))}."


@tells("title.returned")
def _title_returned(state: GameState, e: Event, aud: Audience) -> str:
    return f"The {N.card(e.data.get('card'))} card goes back under the Character deck."


@tells("retainer.drawn")
def _retainer_drawn(state: GameState, e: Event, aud: Audience) -> str:
    return f"{N.noble(state.data, e.data.get('noble'))} takes {N.retainer(e.data.get('retainer'))} into service."


@tells("retainer.given")
def _retainer_given(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    back = f", and gets {N.retainer(d['back'])} in return" if d.get("back") else ""
    return f"{N.noble(g, d.get('giver'))} hands {N.retainer(d.get('retainer'))} to {N.noble(g, d.get('receiver'))}{back}."


RETAINER_GONE = {"falconer used": "has carried a pigeon and leaves the game",
                 "physician used": "has cured the Plague and leaves the game",
                 "noble died": "leaves the game with its master"}


@tells("retainer.removed")
def _retainer_removed(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    why = RETAINER_GONE.get(str(d.get("why")), "leaves the game")
    return f"{N.retainer(d.get('retainer'))}, retainer of {N.noble(state.data, d.get('noble'))}, {why}."


@tells("retainer.spent")
def _retainer_spent(state: GameState, e: Event, aud: Audience) -> str:
    return f"{N.noble(state.data, e.data.get('noble'))} calls on {N.retainer(e.data.get('retainer'))}."


@tells("retainer.mata")
def _mata(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    target = N.seat_who(g, d.get("target"), aud, cap=False)
    return f"{N.seat_does(g, d.get('seat'), aud, 'use', 'uses')} Mata to swap a card with {target}."


@tells("pigeon.sent")
def _pigeon_sent(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    sure = " (a Falconer guides it)" if d.get("falconer") else ""
    return (f"{N.does(g, d.get('family'), aud, 'send', 'sends')} a Carrier Pigeon from "
            f"{N.noble(g, d.get('frm'))} to {N.noble(g, d.get('to'))}{sure}.")


@tells("pigeon.arrived", "pigeon.lost")
def _pigeon_end(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    if e.kind == "pigeon.lost":
        return f"The pigeon from {N.noble(g, d.get('frm'))} never reaches {N.noble(g, d.get('to'))}."
    return f"The pigeon from {N.noble(g, d.get('frm'))} reaches {N.noble(g, d.get('to'))}."


@tells("pigeon.delivered")
def _pigeon_delivered(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    what = [N.shillings(int(d["shillings"]))] if d.get("shillings") else []
    if d.get("card"):
        what.append(N.card(d["card"]))
    g = state.data
    frm, to = d.get("frm"), d.get("to")
    if frm and to and N.noble_family(g, str(to)) in N.seat_families(g, aud.viewer or ""):   # the receiver
        return f"A pigeon from {N.noble_of(g, str(frm))} brings {N.noble(g, str(to))} {join_words(what) or 'a message'}."
    return f"The pigeon carries {join_words(what) or 'nothing'}."
