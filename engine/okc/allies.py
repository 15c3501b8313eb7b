"""Allies (Wild Kingdom, Allies): Faction cards a player owns and controls that are not of their faction.

Whenever cards are placed at the same time, Allies go first, in turn order:

- Bidding with Allies: before the bids, each player with an Ally in hand declares, in turn order, an Ally as
  their bid (face down, their only bid this round) or passes; then everyone else bids at once, never with an
  Ally.
- Placing Allies next to Regions: before the Region cards, each player with an Ally in hand places Allies face
  down, at most one per Region, or passes; then everyone places at once, non-Ally cards only, and a player who
  placed Allies fills only the Regions where no Ally of theirs stands.

Allies can only come from modules (a card gained from an opponent or a neutral deck); a base game never
has any, so nothing here runs without modules.
"""

from __future__ import annotations

from itertools import combinations, permutations

from engine.core import Action, Decision, DecisionKind, Event, GameState, RuleError, decision
from engine.okc.cards import card
from engine.okc.effects import region
from engine.okc.refusals import OkcRefusal
from engine.okc.state import Okc, Placed

BID_SECTION = "Wild Kingdom: Bidding with Allies"
PLACE_SECTION = "Wild Kingdom: Place Allies Next to Regions"


def is_ally(g: Okc, seat: str, cid: str) -> bool:
    return card(g, cid).faction != g.players[seat].faction


def allies_in_hand(g: Okc, seat: str) -> list[str]:
    return sorted({c for c in g.players[seat].hand if is_ally(g, seat, c)})


def own_cards(g: Okc, seat: str) -> list[str]:
    """The seat's cards in hand that are not Allies (what the simultaneous steps may use)."""
    return [c for c in g.players[seat].hand if not is_ally(g, seat, c)]


def declarers(g: Okc) -> list[str]:
    """Seats with an Ally in hand, in turn order ([] in a base game)."""
    if not g.modules:
        return []
    return [s for s in g.order if allies_in_hand(g, s)]


def start(state: GameState, key: str) -> bool:
    """Open the Ally declarations before bids (``"bid"``) or Region cards (``"regions"``); False when
    nobody holds an Ally."""
    g: Okc = state.data
    seats = declarers(g)
    if not seats:
        return False
    g.turn_queue = seats
    g.step = "ally_bids" if key == "bid" else "ally_regions"
    return True


def declare_bid(state: GameState, seat: str, cid: str | None) -> None:
    g: Okc = state.data
    g.turn_queue.pop(0)
    if cid:
        g.players[seat].hand.remove(cid)
        g.ally_bids[seat] = cid
    state.emit(Event.public("okc.ally_bid", seat=seat, bid=bool(cid)))


def place_allies(state: GameState, seat: str, chosen: dict[str, str]) -> None:
    g: Okc = state.data
    g.turn_queue.pop(0)
    for rid, cid in chosen.items():
        g.players[seat].hand.remove(cid)
        region(g, rid).cards.append(Placed(cid, seat))
    g.ally_regions[seat] = sorted(chosen)
    state.emit(Event.public("okc.ally_placed", seat=seat, regions=sorted(chosen)))


def placement(g: Okc, seat: str) -> tuple[list[str], list[str], int]:
    """For the simultaneous Region cards: the seat's usable cards, its free Regions and how many it places."""
    taken = g.ally_regions.get(seat)
    free = [r.id for r in g.regions if r.id not in taken] if taken else [r.id for r in g.regions]
    cards = own_cards(g, seat) if g.modules else list(g.players[seat].hand)
    return cards, free, min(len(free), len(cards))


def pending(state: GameState) -> list[Decision]:
    """The Ally holder whose declaration is awaited (in turn order)."""
    g: Okc = state.data
    if g.choice is not None or g.step not in ("ally_bids", "ally_regions") or not g.turn_queue:
        return []
    seat = g.turn_queue[0]
    if g.step == "ally_bids":
        return [decision(f"ally-bid-{g.round}-{seat}", DecisionKind.SEQUENTIAL, [seat], "okc.ally_bid",
                         Action.of("ally"))]
    return [decision(f"ally-regions-{g.round}-{seat}", DecisionKind.SEQUENTIAL, [seat], "okc.ally_regions",
                     Action.of("ally_place"))]


def legal(state: GameState, seat: str) -> list[Action]:
    g: Okc = state.data
    if g.choice is not None or g.step not in ("ally_bids", "ally_regions") or not g.turn_queue \
            or g.turn_queue[0] != seat:
        return []
    mine = allies_in_hand(g, seat)
    if g.step == "ally_bids":
        return [Action.of("ally")] + [Action.of("ally", card=c) for c in mine]
    ids = [r.id for r in g.regions]
    out = [Action.of("ally_place")]
    for k in range(1, min(len(ids), len(mine)) + 1):
        for where in combinations(ids, k):
            for combo in permutations(mine, k):
                out.append(Action.of("ally_place", **dict(zip(where, combo, strict=True))))
    return out


def play(state: GameState, seat: str, action: Action) -> None:
    """Carry out an Ally declaration (checked: the awaited seat, its own Allies, one per Region)."""
    g: Okc = state.data
    section = BID_SECTION if action.kind == "ally" else PLACE_SECTION
    step = "ally_bids" if action.kind == "ally" else "ally_regions"
    if g.step != step or not g.turn_queue:
        raise RuleError(section, "Allies are declared only just before the bids or the Region cards", code=OkcRefusal.PHASE)
    if g.turn_queue[0] != seat:
        raise RuleError(section, "Allies are declared in turn order", code=OkcRefusal.ORDER, legal=f"waiting on {g.turn_queue[0]}")
    mine = allies_in_hand(g, seat)
    if action.kind == "ally":
        cid = action.get("card")
        if cid is not None and cid not in mine:
            raise RuleError(section, f"{cid!r} is not an Ally in your hand", code=OkcRefusal.NOT_ALLY, legal=mine or "pass")
        declare_bid(state, seat, cid)
        return
    chosen = {r.id: str(action.get(r.id)) for r in g.regions if action.get(r.id)}
    if any(c not in mine for c in chosen.values()) or len(set(chosen.values())) != len(chosen):
        raise RuleError(section, "place different Allies from your hand, at most one per Region", code=OkcRefusal.NOT_ALLY,
                        legal=mine or "pass")
    place_allies(state, seat, chosen)
