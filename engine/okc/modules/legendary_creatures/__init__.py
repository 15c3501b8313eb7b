"""Legendary Creatures (Wild Kingdom, complexity 2): each faction's creature piece is a second Herald, and its
creature card waits in the Supply until its owner loses a clash where the piece stands.

Every rule that names Heralds reads the creature too (``engine.okc.pieces.herald_spots``): it claims the
Herald reward of the Location it stands on, steals from and is stolen from like a Herald, and an ability that
moves a Herald may move it instead. A player's Herald and creature never share a Location, whatever moves them.
The creature is placed each Spring in turn order once every Herald stands, before any Ally declarations and the
Region cards (docs/rulings/okc-aeronauts-creatures.md C1), and goes home with the Heralds at cleanup.
When a Region's clash is decided, before any reward, each player who took part and lost (every participant when
nobody wins, C3) with their creature in that Region takes their creature card from the Supply into hand.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core import (
    Action,
    ActionSpec,
    Decision,
    DecisionKind,
    Event,
    GameState,
    Param,
    RuleError,
    decision,
)
from engine.okc.modules.api import (
    Module,
    ModulePack,
    Okc,
    OkcRefusal,
    act,
    all_locations,
    awaited_turn,
    card,
    participants,
    region,
    region_of,
    resume,
    set_step,
)
from engine.okc.modules.legendary_creatures import words
from engine.okc.modules.legendary_creatures.state import NAME, content, creature_of, lc

SECTION = "Wild Kingdom: Legendary Creatures"
STEP = "creatures"


def free_spots(g: Okc, seat: str) -> list[str]:
    """Where the seat's creature may stand: anywhere but on its own Herald (the rule that is never overridden)."""
    herald = g.players[seat].herald
    return [loc for loc in all_locations(g) if loc != herald]


def wait_creatures(state: GameState) -> bool:
    if state.data.turn_queue:
        return False

    resume(state, "heralds", NAME)
    return True


class LegendaryCreatures(Module):
    name = NAME
    title = "Legendary Creatures"
    complexity = 2
    order: ClassVar[int] = 35
    pieces: ClassVar[dict[str, str]] = {NAME: "Legendary Creature"}
    actions: ClassVar[dict[str, ActionSpec]] = {
        "creature": ActionSpec("creature", "Place your Legendary Creature on a Location (a second Herald; never "
                               "where your Herald stands)", (Param("location"),), SECTION)}
    steps: ClassVar[dict[str, Any]] = {STEP: wait_creatures}

    def content(self) -> ModulePack:
        return content()

    def setup(self, state: GameState) -> None:
        """I: each creature piece beside its Herald; II: each creature card in its owner's Supply."""
        g: Okc = state.data
        g.extra[NAME] = {"pieces": {s: None for s in g.order},
                         "supply": {s: creature_of(g.players[s].faction) for s in g.order}}

    def visitable(self, state: GameState, location: str) -> dict[str, bool]:
        return {}

    # -- placing, in turn order, after the Heralds -----------------------------------------------
    def before_secret(self, state: GameState, key: str) -> bool:
        g: Okc = state.data
        if key != "heralds":
            return False
        g.turn_queue = list(g.order)
        set_step(g, STEP)
        return True

    def pending(self, state: GameState) -> list[Decision]:
        g: Okc = state.data
        if g.step != STEP or g.choice is not None or not g.turn_queue:
            return []
        seat = g.turn_queue[0]
        return [decision(f"creature-{g.round}-{len(g.turn_queue)}", DecisionKind.SEQUENTIAL, [seat], "okc.creature",
                         Action.of("creature", location=free_spots(g, seat)[0]))]

    def legal(self, state: GameState, seat: str) -> list[Action]:
        g: Okc = state.data
        if g.step != STEP or g.choice is not None or awaited_turn(g) != seat:
            return []
        return [act("creature", location=loc) for loc in free_spots(g, seat)]

    def play(self, state: GameState, seat: str, action: Action) -> None:
        g: Okc = state.data
        if g.step != STEP:
            raise RuleError(SECTION, "creatures are placed in Spring, once every Herald stands", code=OkcRefusal.PHASE)
        if awaited_turn(g) != seat:
            raise RuleError(SECTION, "creatures are placed in turn order", code=OkcRefusal.ORDER,
                            legal=f"waiting on {awaited_turn(g)}")
        loc = action.get("location")
        if loc not in free_spots(g, seat):
            raise RuleError(SECTION, "your Herald and your Legendary Creature never share a Location",
                            code=OkcRefusal.SAME_LOCATION, legal=free_spots(g, seat))
        lc(g)["pieces"][seat] = loc
        g.turn_queue.pop(0)
        state.emit(Event.public("okc.creature_placed", seat=seat, location=loc))

    # -- a second Herald ---------------------------------------------------------------------------
    def heralds(self, state: GameState, seat: str) -> dict[str, str]:
        where = lc(state.data)["pieces"].get(seat)
        return {NAME: where} if where else {}

    def move_herald(self, state: GameState, by: str, seat: str, piece: str, to: str) -> None:
        g: Okc = state.data
        pieces = lc(g)["pieces"]
        frm, pieces[seat] = pieces[seat], to
        state.emit(Event.public("okc.creature_moved", seat=seat, by=by, frm=frm, to=to))

    # -- the creature card ---------------------------------------------------------------------------
    def clash_resolved(self, state: GameState, rid: str, winner: str | None) -> None:
        """Before rewards: the losers whose creature stands in this Region take their creature card."""

        g: Okc = state.data
        assert g.clash is not None
        m = lc(g)
        for seat in participants(g, region(g, rid), g.clash.first):
            where, cid = m["pieces"].get(seat), m["supply"].get(seat)
            if seat == winner or not cid or not where or region_of(g, where) != rid:
                continue
            m["supply"][seat] = None
            g.players[seat].hand.append(cid)
            state.emit(Event.public("okc.creature_claimed", seat=seat, card=cid, region=rid))

    def cleanup(self, state: GameState) -> None:
        """The creatures go home with the Heralds."""
        pieces = lc(state.data)["pieces"]
        for seat in pieces:
            pieces[seat] = None

    def view(self, state: GameState, seat: str | None, out: dict[str, Any]) -> None:
        g: Okc = state.data
        m = lc(g)
        out[NAME] = {
            "creatures": {s: {"name": card(g, creature_of(g.players[s].faction)).name, "location": m["pieces"][s],
                              "card": creature_of(g.players[s].faction), "in_supply": bool(m["supply"][s])}
                          for s in g.order}}

    def words(self, w: Any) -> None:
        words.register(w)


