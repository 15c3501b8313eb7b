"""Sentences for the round itself and the talk between players: rounds, turns, requests
(permission to pass or enter, a Royal Stronghold, a retainer sale, a ransom offer), pigeon offers,
the end of the game (1.0, 2.15, 4.9, 5.0, 7.7, 8.5)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.core.events import Event
from engine.core.state import GameState
from engine.core.words import Audience, join_words
from engine.fief.state import Fief
from engine.fief.words import events_board
from engine.fief.words import names as N
from engine.fief.words.tell import tells


@tells("round.begun")
def _round_begun(state: GameState, e: Event, aud: Audience) -> str:
    g = state.data
    first = e.data.get("first")
    return f"Round {e.data.get('round')} begins; {N.seat_who(g, first, aud, cap=False)} {'play' if aud.is_you(first) else 'plays'} first."


@tells("round.ended")
def _round_ended(state: GameState, e: Event, aud: Audience) -> str:
    return f"Round {e.data.get('round')} ends."


DONE_WITH = {"start": "setting up", "marriage": "marriages", "draw": "drawing cards", "play": "playing cards", "scorch": "scorched earth",
             "ransom": "ransoms", "purchase": "purchases", "move": "moving", "parley": "the invaders",
             "battle": "battles", "pillage": "pillaging"}


@tells("turn.done")
def _turn_done(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    step = DONE_WITH.get(str(d.get("step")), "this step")
    who = N.who(g, d.get("family"), aud) if d.get("family") else N.seat_who(g, d.get("seat"), aud)
    verb = "are" if who.startswith("You") else "is"
    return f"{who} {verb} done with {step}."


@tells("game.over")
def _game_over(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    winners = [N.seat_player(g, s, aud) if not aud.is_you(s) else "you" for s in d.get("winners", [])]
    reason = re.sub(r"\s*\([0-9.]+\)", "", str(d.get("reason", "")))
    why = f" ({reason})" if reason else ""
    return f"The game is over{why}. {N.cap(join_words(winners) or 'nobody')} {'wins' if len(winners) == 1 and winners != ['you'] else 'win'}."


# -- requests ----------------------------------------------------------------------------------
def request_text(g: Fief, what: str, d: Mapping[str, Any], aud: Audience) -> str:
    """What a request asks, after "asks X ...": "to let Lady Philippa into Whitby"."""
    noble = N.noble(g, d.get("noble")) if d.get("noble") else "a noble"
    if what == "enter":
        return f"to let {noble} into {d.get('city')}"
    if what == "pass":
        return f"to let {noble} leave {d.get('city')} for {d.get('dest')}"
    if what == "cavalcade":
        return f"to open {d.get('city')} to {noble}'s Cavalcade"
    if what == "retainer":
        price = int(d.get("price") or 0)
        return (f"to take {N.noble(g, d.get('giver'))}'s retainer for {N.noble(g, d.get('receiver'))}"
                + (f" at {N.shillings(price)}" if price else " as a gift"))
    if what == "ransom":
        return f"to free {N.noble(g, d.get('captive'))} for {N.shillings(int(d.get('amount') or 0))}"
    if what == "royal_stronghold":
        return f"to allow the Royal Stronghold at {d.get('city')}"
    if what == "marriage":
        return f"to agree to the marriage of {noble} and {N.noble(g, d.get('spouse'))}"
    if what == "relinquish":
        return f"to let {noble} give up her title of {N.title('abbess:' + str(d.get('abbey')))}"
    if what == "deal":
        if "give" not in d:
            return "to strike a deal"
        return f"to strike a deal: {deal_bundle(g, d.get('give'))} for {deal_bundle(g, d.get('take'))}"
    return events_board.request_text(g, what, d) or "for an answer"


def deal_bundle(g: Fief, b: Mapping[str, Any] | None) -> str:
    """A deal's side in words: "2 shillings, Lady Edith set free and a FOR vote for Lord Walter"."""
    b = b or {}
    parts = [bundle(g, b)] if b.get("shillings") or b.get("cards") else []
    parts += [f"{N.noble(g, n)} set free" for n in b.get("captives", [])]
    parts += [f"{c} handed over" for c in b.get("cities", [])]
    vote = b.get("vote")
    if vote:
        parts.append("a vote for the Royal Tax" if vote == "tax_for" else "a vote against the Royal Tax"
                     if vote == "tax_against" else f"a FOR marker for {N.noble(g, vote)}")
    return join_words(parts) or "nothing"


WHAT: dict[str, str] = {"enter": "entry", "pass": "passage", "cavalcade": "the Cavalcade", "retainer": "the retainer",
        "ransom": "the ransom offer", "royal_stronghold": "the Royal Stronghold", "marriage": "the marriage proposal",
        "deal": "the deal", "relinquish": "the Abbess's leave", **events_board.WHAT}


def request_line(g: Fief, what: str, by: str | None, to: str | None, d: Mapping[str, Any], aud: Audience) -> str:
    """"Green (Carol) asks you to let Lady Philippa into Whitby": named by family where the
    request says which (a seat may play two families, 13.7)."""
    asker = N.who(g, d["family"], aud) if d.get("family") in g.families else N.seat_who(g, by, aud)
    asks = "ask" if asker.startswith("You") else "asks"
    holder = d.get("holder")
    asked = N.who(g, holder, aud, cap=False) if holder in g.families else N.seat_who(g, to, aud, cap=False)
    return f"{asker} {asks} {asked} {request_text(g, what, d, aud)}."


@tells("request.opened")
def _request_opened(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    return request_line(state.data, str(d.get("what")), d.get("by"), d.get("to"), d, aud)


@tells("request.answered")
def _request_answered(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    verb = ("grant", "grants") if d.get("accepted") else ("refuse", "refuses")
    return f"{N.seat_does(g, d.get('to'), aud, *verb)} {WHAT.get(str(d.get('what')), 'the request')}."


@tells("request.expired")
def _request_expired(state: GameState, e: Event, aud: Audience) -> str:
    return f"A request about {WHAT.get(str(e.data.get('what')), 'something')} lapses unanswered."


# -- pigeon offers ---------------------------------------------------------------------------------
def bundle(g: Fief, b: Mapping[str, Any] | None) -> str:
    b = b or {}
    parts = [N.shillings(int(b["shillings"]))] if b.get("shillings") else []
    parts += [N.card(c) for c in b.get("cards", [])]
    return join_words(parts) or "nothing"


@tells("offer.made")
def _offer_made(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    by, to = d.get("by"), d.get("to")
    return (f"{N.seat_does(g, by, aud, 'offer', 'offers')} {N.seat_who(g, to, aud, cap=False)} "
            f"{bundle(g, d.get('give'))} for {bundle(g, d.get('take'))}.")


@tells("offer.opened")
def _offer_opened(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    return f"{N.seat_does(g, d.get('by'), aud, 'send', 'sends')} {N.seat_who(g, d.get('to'), aud, cap=False)} an offer by pigeon."


@tells("offer.accepted", "offer.declined", "offer.withdrawn", "offer.expired")
def _offer_closed(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    how = e.kind.partition(".")[2]
    if how == "accepted":
        return f"{N.seat_does(g, d.get('to'), aud, 'accept', 'accepts')} the offer of {N.seat_who(g, d.get('by'), aud, cap=False)}."
    if how == "expired":
        return f"The offer of {N.seat_who(g, d.get('by'), aud, cap=False)} lapses."
    if how == "withdrawn":
        return f"{N.seat_does(g, d.get('by'), aud, 'withdraw', 'withdraws')} an offer."
    return f"{N.seat_does(g, d.get('to'), aud, 'decline', 'declines')} the offer of {N.seat_who(g, d.get('by'), aud, cap=False)}."


@tells("offer.executed")
def _offer_executed(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    return f"The exchange is made: {bundle(g, d.get('give'))} for {bundle(g, d.get('take'))}."


# -- core kinds Fief may emit ---------------------------------------------------------------------
@tells("secret.submitted")
def _secret_submitted(state: GameState, e: Event, aud: Audience) -> str:
    return f"{N.seat_who(state.data, e.data.get('seat'), aud)} {'have' if aud.is_you(e.data.get('seat')) else 'has'} made a secret choice."


@tells("secret.chosen", "secret.revealed", "reaction.passed")
def _secret_other(state: GameState, e: Event, aud: Audience) -> str | None:
    """Fief has no simultaneous choices or reaction windows yet: nothing to tell."""
    return None
