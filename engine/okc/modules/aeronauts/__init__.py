"""Aeronauts (Wild Kingdom, complexity 2): the Near & Far, the Aeronaut Deck and the ship as a Supporter.

Setup: the Near & Far takes a Starting Location; the four Aeronaut cards (this module's content pack) are
shuffled and one is removed unseen; the other three form the Aeronaut Deck. Whoever claims the reward of the
Location the ship stands on may Visit the Aeronauts instead: gain 1 Influence or 1 Lore, then look at the
deck and take one card into hand as an Ally (only the visitor learns which). With the deck empty and the
ship unclaimed, the visitor may unexhaust a Tactic and claims the Near & Far: from then on it is one of
their Supporters, worth 3 Strength, kept beside the Supporter slots (one more Supporter than the board
holds), placed as an Action like the others and home again at the Winter Travel unless Burned (no shipped
ability burns a Supporter: docs/rulings/okc-aeronauts-creatures.md A4). Nobody Visits the Aeronauts after
the ship is claimed. While unclaimed it Travels each Winter.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

from engine.core import Action, ActionSpec, Event, GameState, Param, ParamType, RuleError
from engine.okc.modules.aeronauts import words
from engine.okc.modules.aeronauts.playoutweights import WEIGHTS
from engine.okc.modules.aeronauts.state import NAME, PIECE, aero, content
from engine.okc.modules.api import (
    HAND_CHOICES,
    EffectHandler,
    Job,
    Module,
    ModulePack,
    Okc,
    OkcRefusal,
    act,
    ask,
    awaited_turn,
    gain_lore,
    region,
    starting_location,
    travel_piece,
)

SECTION = "Wild Kingdom: Aeronauts"
SHIP_STRENGTH = 3
CHOICES = frozenset({"aero_gain", "aero_take", "aero_unexhaust"})


def is_aeronaut(cid: str) -> bool:
    return cid in content().cards


# -- the Visit (effect steps) -----------------------------------------------------------------

def s_gain(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any], answer: Any) -> None:
    """Visiting I: gain 1 Influence or 1 Lore."""
    g: Okc = state.data
    if answer is None:
        ask(g, seat, "aero_gain", "gain 1 Influence or 1 Lore", ["influence", "lore"], step, ctx)
        return
    if answer == "lore":
        gain_lore(state, seat, 1, "aeronauts")
    else:
        g.players[seat].influence += 1
        state.emit(Event.public("okc.influence", seat=seat, amount=1, total=g.players[seat].influence,
                                why="aeronauts"))


def s_take(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any], answer: Any) -> None:
    """Visiting II: look at the deck and take one card as an Ally; with the deck empty, claim the ship."""
    g: Okc = state.data
    a = aero(g)
    deck: list[str] = a["deck"]
    if not deck:
        g.jobs.insert(0, Job(seat, [{"do": "aero_unexhaust"}, {"do": "aero_claim"}], dict(ctx)))
        return
    if answer is None:
        state.emit(Event.private(seat, "okc.aeronauts_seen", seat=seat, cards=sorted(deck)))
        if len(deck) > 1:
            ask(g, seat, "aero_take", "take which Aeronaut as an Ally", sorted(deck), step, ctx)
            return
        answer = deck[0]
    cid = str(answer)
    deck.remove(cid)
    state.rng.shuffle(deck, why="aeronaut deck")       # the rest go back face down
    g.players[seat].hand.append(cid)
    state.emit(Event.public("okc.aeronaut_taken", seat=seat, left=len(deck)))
    state.emit(Event.private(seat, "okc.aeronaut_taken.card", seat=seat, card=cid))


def s_unexhaust(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any], answer: Any) -> None:
    """Visiting II, empty deck, I: you may flip one of your exhausted Tactics."""
    g: Okc = state.data
    p = g.players[seat]
    tired = [t for t, ex in p.tactics.items() if ex]
    if answer is None:
        if tired:
            ask(g, seat, "aero_unexhaust", "unexhaust a Tactic", tired, step, ctx, optional=True)
        return
    if answer in tired:
        p.tactics[str(answer)] = False
        state.emit(Event.public("okc.unexhausted", seat=seat, tactic=answer))


def s_claim(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any], answer: Any) -> None:
    """Visiting II, empty deck, II: the visitor claims the Near & Far (beside their Supporter slots)."""
    g: Okc = state.data
    a = aero(g)
    a["owner"], a["ship"] = seat, "board"
    frm = g.pieces.pop(PIECE, None)
    state.emit(Event.public("okc.ship_claimed", seat=seat, location=frm))


# -- the ship as a Supporter ---------------------------------------------------------------------

def ship_targets(g: Okc) -> list[str]:
    """Where Supporters may go now (p.28): an unresolved Region; in the Day step, the Region clashing."""
    if g.step == "day" and g.clash is not None:
        return [g.clash.region]
    return [r.id for r in g.regions if not r.resolved]


def can_fly(g: Okc, seat: str) -> bool:
    a = aero(g)
    return (a["owner"] == seat and a["ship"] == "board" and g.choice is None
            and g.step in ("spring_actions", "day") and awaited_turn(g) == seat)


def ship_strength(g: Okc, seat: str, rid: str) -> int:
    """Armed & Airborne: the ship counts 3 where a Supporter counts 1 (the base tally adds the 1)."""
    a = aero(g)
    first = g.clash is not None and g.clash.first
    return SHIP_STRENGTH - 1 if first and a["owner"] == seat and a["ship"] == rid else 0


def return_ship(state: GameState) -> None:
    """Return to Base: the ship leaves its Region (and the Region's Supporter count) for its owner's board."""
    g: Okc = state.data
    a = aero(g)
    rid = a["ship"]
    if rid in ("", "board"):
        return
    reg = region(g, rid)
    owner = a["owner"]
    reg.supporters[owner] -= 1
    if not reg.supporters[owner]:
        del reg.supporters[owner]
    a["ship"] = "board"
    state.emit(Event.public("okc.ship_returned", seat=owner, region=rid))


class Aeronauts(Module):
    name = NAME
    title = "Aeronauts"
    complexity = 2
    order: ClassVar[int] = 30
    pieces: ClassVar[dict[str, str]] = {PIECE: "Near & Far"}
    must_visit: ClassVar[bool] = False
    actions: ClassVar[dict[str, ActionSpec]] = {
        "ship": ActionSpec("ship", "Place the Near & Far in a Region with any number of your Supporters (Action; "
                           "the ship counts 3 Strength)", (Param("region"), Param("count", ParamType.INT)),
                           "Wild Kingdom: Claiming the Near & Far")}
    effects: ClassVar[dict[str, EffectHandler]] = {
        "aero_gain": s_gain, "aero_take": s_take, "aero_unexhaust": s_unexhaust, "aero_claim": s_claim}

    def content(self) -> ModulePack:
        return content()

    weights: ClassVar[dict[str, Callable[[GameState, str, Action], float]]] = WEIGHTS
    flat_weights: ClassVar[frozenset[str]] = frozenset({"ship"})   # the ship's weight reads no action

    def setup(self, state: GameState) -> None:
        """I: the Starting Location; II: shuffle the four cards and remove one unseen; III: the deck."""
        g: Okc = state.data
        starting_location(state, PIECE)
        cards = sorted(content().cards)
        state.rng.shuffle(cards, why="aeronaut deck")
        g.extra[NAME] = {"deck": cards[1:], "removed": cards[0], "owner": None, "ship": ""}

    def visit(self, state: GameState, seat: str, piece: str) -> None:
        state.emit(Event.public("okc.aeronauts_visited", seat=seat, deck=len(aero(state.data)["deck"])))
        state.data.jobs.insert(0, Job(seat, [{"do": "aero_gain"}, {"do": "aero_take"}], {"source": NAME}))

    def winter(self, state: GameState) -> None:
        """The Travel icon: an owned ship comes home; an unclaimed one Travels."""
        g: Okc = state.data
        if aero(g)["owner"] is not None:
            return_ship(state)
        elif PIECE in g.pieces:
            travel_piece(state, PIECE)

    # -- the ship Action --------------------------------------------------------------------------
    def legal(self, state: GameState, seat: str) -> list[Action]:
        g: Okc = state.data
        if not can_fly(g, seat):
            return []
        n = g.players[seat].supporters
        return [act("ship", region=rid, count=k) for rid in ship_targets(g) for k in range(n + 1)]

    def play(self, state: GameState, seat: str, action: Action) -> None:
        g: Okc = state.data
        section = "Wild Kingdom: Claiming the Near & Far"
        a = aero(g)
        if a["owner"] != seat:
            raise RuleError(section, "only the player who claimed the Near & Far places it", code=OkcRefusal.NOT_YOURS,
                            legal="deploy (your own Supporters)")
        if a["ship"] != "board":
            raise RuleError(section, "the Near & Far is already in a Region this round; it comes home in Winter",
                            code=OkcRefusal.PLACED, legal="deploy (your other Supporters)")
        if not can_fly(g, seat):
            raise RuleError(section, "the ship is placed as an Action, on your turn in the Spring or Day Action Step",
                            code=OkcRefusal.PHASE, legal="pass")
        rid, n = action.get("region"), action.get("count")
        if rid not in ship_targets(g):
            raise RuleError(section, "Supporters go to an unresolved Region (in the Day step: the one clashing)",
                            code=OkcRefusal.REGION, legal=ship_targets(g))
        p = g.players[seat]
        if not isinstance(n, int) or not 0 <= n <= p.supporters:
            raise RuleError(section, f"you can send 0 to {p.supporters} Supporters with the ship", code=OkcRefusal.COUNT,
                            legal=list(range(p.supporters + 1)))
        p.supporters -= n
        reg = region(g, rid)
        reg.supporters[seat] = reg.supporters.get(seat, 0) + n + 1
        a["ship"] = rid
        state.emit(Event.public("okc.ship_placed", seat=seat, region=rid, count=n))

    def strength(self, state: GameState, seat: str, rid: str) -> int:
        return ship_strength(state.data, seat, rid)

    # -- what people see ------------------------------------------------------------------------------
    def view(self, state: GameState, seat: str | None, out: dict[str, Any]) -> None:
        g: Okc = state.data
        a = aero(g)
        out[NAME] = {"name": "Near & Far", "location": g.pieces.get(PIECE), "deck": len(a["deck"]),
                     "owner": a["owner"], "ship": a["ship"] or None}

    def permute(self, state: GameState, rnd: random.Random) -> None:
        """The deck, the removed card and the Aeronauts hidden in hands and draw piles trade places (an Ally's
        back shows, so an Aeronaut only ever trades places with another Aeronaut)."""

        g: Okc = state.data
        if g.choice is not None and (g.choice.kind in CHOICES or g.choice.kind in HAND_CHOICES):
            return
        a = aero(g)
        promised = secret_cards(g)
        slots: list[tuple[list[str], int]] = [(a["deck"], i) for i in range(len(a["deck"]))]
        for s in g.order:
            p = g.players[s]
            slots += [(pile, i) for pile in (p.hand, p.deck) for i, c in enumerate(pile)
                      if is_aeronaut(c) and c not in promised]
        pool = sorted([pile[i] for pile, i in slots] + [a["removed"]])   # sorted: what the places held stays unread
        rnd.shuffle(pool)
        for (pile, i), cid in zip(slots, pool, strict=False):
            pile[i] = cid
        a["removed"] = pool[-1]

    def words(self, w: Any) -> None:
        words.register(w)


def secret_cards(g: Okc) -> set[str]:
    """Cards named in a face-down choice still open (bids, Region cards, tie-breaks): they keep their place."""
    out: set[str] = set()
    if g.secret is None:
        return out
    for s in g.order:
        chosen = g.secret.own(s)
        out |= set(chosen.values()) if isinstance(chosen, dict) else {chosen} if chosen else set()
    return out


