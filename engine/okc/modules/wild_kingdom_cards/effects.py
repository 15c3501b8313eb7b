"""The Wild Kingdom cards' own effect steps (Wild Kingdom: Wild Kingdom Cards; rulings WK1-WK5).

- ``steal_kingdom``: take a Kingdom card an opponent holds (not one the Travelling Town's Custodians keep);
  a card Occupying it goes back to its owner's hand (as a stolen bid, p.19 and ruling R9).
- ``claim_reward``: claim a Location's reward (``where``: any Location, or one where a Herald piece of yours
  stands: your Herald or your Legendary Creature, a second Herald), as the winner of a clash would, Visits
  included (Wild Kingdom: Visit).
- ``road_gain``: take a card from the Great Road (its three slots or the face-up top of the deck) without a
  Bidding card; an instant card is carried out.
- ``place_on_map``: set the card whose effect this is on a Location; it stays there for the game and helps
  whoever holds the card (``effect``: ``strength`` in that Region's clashes, ``reward`` Influence whenever
  that Location's reward is claimed).

Without a Bidding card an Occupy card taken by these steps is Occupied by nothing (ruling WK2): it still
takes one of the two Occupy spaces, so a seat with both full is not offered one. A step with nothing to
take says so and changes nothing.
"""

from __future__ import annotations

from typing import Any, cast

from engine.core import Event, GameState
from engine.okc.modules.api import (
    Okc,
    all_locations,
    ask,
    claim_location,
    gain_kingdom,
    herald_spots,
    kcard,
    occupy_space,
    opponents,
    road_cards,
    stealable,
    take_from_road,
)

NAME = "wild_kingdom_cards"


def wild(g: Okc) -> dict[str, Any]:
    """The module's state, read only: how many cards are mixed in, cards on the Map, who gained which."""
    return cast("dict[str, Any]", g.extra.get(NAME) or {})


def wild_for_change(g: Okc) -> dict[str, Any]:
    """The module's state to change (made when missing, as in a save from before it existed)."""
    return cast("dict[str, Any]", g.extra.setdefault(NAME, {"count": 0, "map": {}}))


def source_card(ctx: dict[str, Any]) -> str:
    """The Kingdom card whose effect is resolving ("" when the step has another source)."""
    source = str(ctx.get("source", ""))
    return source.removeprefix("kingdom:") if source.startswith("kingdom:") else ""


def fits(g: Okc, seat: str, kid: str) -> bool:
    """An Occupy card needs a free Occupy space (p.19); other cards always fit."""
    return kcard(g, kid).kind != "occupy" or occupy_space(g, seat)


def nothing(state: GameState, seat: str, ctx: dict[str, Any], why: str) -> None:
    state.emit(Event.public("okc.wild_nothing", seat=seat, card=source_card(ctx), why=why))


def settle(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any], answer: Any,
           options: list[str], choice: str, question: str, why: str) -> str | None:
    """The step's answer: the one given, the only option, or None when it asked the player (several
    options) or told the table there was nothing to do (none)."""
    if answer is not None:
        return str(answer)
    if not options:
        nothing(state, seat, ctx, why)
        return None
    if len(options) > 1:
        ask(state.data, seat, choice, question, options, step, ctx)
        return None
    return options[0]


def stealable_by(g: Okc, seat: str) -> list[str]:
    return [k for s in opponents(g, seat) for k in stealable(g, s) if fits(g, seat, k)]


def s_steal_kingdom(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any], answer: Any) -> None:
    """Take an opponent's Kingdom card; its Occupying card goes back to that opponent's hand."""
    g: Okc = state.data
    options = stealable_by(g, seat)
    picked = settle(state, seat, step, ctx, answer, options, "steal_kingdom", "steal which Kingdom card", "steal")
    if picked is None:
        return
    kid = picked
    victim = next(s for s in g.order if kid in g.players[s].kingdom)
    vp = g.players[victim]
    vp.kingdom.remove(kid)
    occupant = vp.occupants.pop(kid, None)
    if occupant:
        vp.hand.append(occupant)
    state.emit(Event.public("okc.wild_stolen", seat=seat, victim=victim, card=kid, occupant_to_hand=occupant,
                            by=source_card(ctx)))
    gain_kingdom(state, seat, kid)


def s_claim_reward(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any], answer: Any) -> None:
    """Claim a Location's reward as a clash's winner would (a piece standing there may be Visited instead)."""
    g: Okc = state.data
    if step.get("where") == "herald":
        # Every Herald instruction applies to a Legendary Creature too (Wild Kingdom; ruling WK4): either piece.
        spots = set(herald_spots(state, seat).values())
        options = [loc for loc in all_locations(g) if loc in spots]
    else:
        options = all_locations(g)
    picked = settle(state, seat, step, ctx, answer, options, "claim_reward", "claim the reward of which Location", "herald")
    if picked is None:
        return
    location = picked
    state.emit(Event.public("okc.wild_reward", seat=seat, location=location, card=source_card(ctx)))
    claim_location(state, seat, location)


def s_road_gain(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any], answer: Any) -> None:
    """Take a card from the Great Road without a Bidding card."""
    g: Okc = state.data
    options = [k for k in road_cards(g) if fits(g, seat, k)]
    picked = settle(state, seat, step, ctx, answer, options, "road_gain", "gain which Kingdom card from the Great Road", "road")
    if picked is None:
        return
    kid = picked
    take_from_road(g, kid)
    state.emit(Event.public("okc.wild_road", seat=seat, card=kid, by=source_card(ctx),
                            top=g.kingdom_deck[0] if g.kingdom_deck else None))
    gain_kingdom(state, seat, kid)


def s_place_on_map(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any], answer: Any) -> None:
    """Set the card on a Location of its holder's choice (again when it changes hands)."""
    g: Okc = state.data
    kid = source_card(ctx)
    if not kid:
        return
    if answer is None:
        ask(g, seat, "place_on_map", "set the card on which Location", all_locations(g), step, ctx)
        return
    location = str(answer)
    placed: dict[str, Any] = wild_for_change(g).setdefault("map", {})
    frm = placed.get(kid, {}).get("location")
    placed[kid] = {"location": location, "effect": step["effect"], "amount": int(step["amount"])}
    state.emit(Event.public("okc.wild_placed", seat=seat, card=kid, location=location, frm=frm))
