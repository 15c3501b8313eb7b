"""The Old King's Crown on the engine contract: ``RULES``."""

from __future__ import annotations

import random
from operator import attrgetter
from typing import Any

from mypy_extensions import mypyc_attr

from engine.core import Action, Decision, Event, GameState, OptionHelp, Result, Rules, View
from engine.core.rules import clone, reseed
from engine.core.words import Words
from engine.okc import actions, consistency, coverage, determinize, endgame, play, setup, views
from engine.okc.hidden import permute
from engine.okc.hooks import weight_tables
from engine.okc.modules import shipped
from engine.okc.phase import phase_label
from engine.okc.state import Okc
from engine.okc.words.wording import WORDS


@mypyc_attr(allow_interpreted_subclasses=True)   # tests extend it in Python
class OkcRules(Rules):
    name = "okc"
    title = "The Old King's Crown"
    min_seats = 2
    max_seats = 4
    state_type = Okc
    schema_version = 1
    command_groups = actions.GROUPS   # (before ``actions`` names the specs in this class)
    actions = shipped.catalogue()
    coverage_detail = {"okc.visit": "piece", "okc.tower_level": "level", "okc.boons_gained": "why",
                       "okc.boon_resolved": "boon", "okc.boons_discarded": "why", "okc.ally_bid": "bid",
                       "okc.wild_gained": "card", "okc.outrage": "why", "okc.agreement_fulfilled": "how",
                       "okc.alliance_votes": "agreed"}
    # Issue 15: what playouts with the Wild Kingdom modules must reach, one count each (--coverage).
    coverage_goals = coverage.GOALS

    def coverage_marks(self, state: GameState, event: Event) -> tuple[str, ...]:
        """The module goals ``event`` reaches (a base game reaches none: no call for its events)."""
        return coverage.marks(event) if event.kind in coverage.MARKING and state.data.modules else ()

    def default_options(self, seats: int) -> dict[str, Any]:
        return setup.default_options(seats)

    def check_options(self, seats: int, options: dict[str, Any]) -> None:
        setup.check_options(seats, options)

    def options_help(self, seats: int) -> list[OptionHelp]:
        return setup.options_help(seats)

    def roles(self, seats: int, options: dict[str, Any]) -> list[str]:
        """Lobby choice of factions (p.7 Setup H), unless the ``factions`` option fixes them."""
        return setup.faction_roles(options)

    def role_label(self, role: str, options: dict[str, Any]) -> str:
        return setup.faction_name(role, options)

    def lobby_notes(self, options: dict[str, Any], seats: int | None = None) -> list[str]:
        """The Wild Kingdom modules chosen, each with its Complexity Rating, the total and the three bands."""
        return setup.lobby_notes(options, seats)

    def seat_roles(self, state: GameState) -> dict[str, str]:
        g: Okc = state.data
        return {s: p.faction for s, p in g.players.items()}

    def load(self, blob: dict[str, Any]) -> GameState:
        """A saved game, its modules (``Okc.playing``) found again by name: a save keeps only the names."""
        state = super().load(blob)
        state.data.playing = shipped.playing(state.data.modules)
        return state

    def setup(self, state: GameState) -> None:
        setup.setup(state)

    def validate(self, state: GameState) -> list[str]:
        return consistency.validate(state.data, state.seats)

    def pending(self, state: GameState) -> list[Decision]:
        g: Okc = state.data
        return actions.base_pending(state) if not g.modules and not g.over else actions.pending(state)

    def waits_on(self, state: GameState, seat: str) -> bool:
        return actions.waits_on(state, seat)

    def legal(self, state: GameState, seat: str) -> list[Action]:
        g: Okc = state.data
        return actions.base_legal(state, seat) if not g.modules and not g.over else actions.legal(state, seat)

    def play(self, state: GameState, seat: str, action: Action) -> None:
        play.play(state, seat, action)

    def view(self, state: GameState, seat: str | None) -> View:
        return views.view(state, seat)

    def result(self, state: GameState) -> Result | None:
        g: Okc = state.data
        return endgame.result(g) if g.over else None   # asked twice a decision: no call while play goes on

    def phase(self, state: GameState) -> str:
        return phase_label(state.data)

    def agent_weights(self, state: GameState, seat: str, legal: list[Action]) -> list[float] | None:
        """The active modules weigh actions for random agents (the Negotiating Table's offers, the Aeronauts'
        Visit); uniform (None) where none of theirs is legal or all weigh 1: base-game playouts are unchanged."""
        if not state.data.modules:
            return None
        table, flat = weight_tables(state.data.playing)
        if not table:
            return None
        kinds = list(map(_KIND, legal))
        known: dict[str, float] = {}   # the weight of each kind weighed once for the whole list
        each = False                   # a kind weighed action by action
        for kind in set(kinds):        # (weights only read the state: the order they are asked in is free)
            weigh = table.get(kind)
            if weigh is None:
                known[kind] = 1.0
            elif kind in flat:
                known[kind] = weigh(state, seat, legal[kinds.index(kind)])
            else:
                each = True
        if not each:
            return None if all(w == 1.0 for w in known.values()) else list(map(known.__getitem__, kinds))
        weights = [known[k] if k in known else table[k](state, seat, a) for k, a in zip(kinds, legal, strict=True)]
        return None if all(w == 1.0 for w in weights) else weights

    def words(self) -> Words:
        """OKC's wording (engine/okc/words/): one instance, shared by every game."""
        return WORDS

    def suggest(self, state: GameState, seat: str, kind: str, param: str) -> list[Any]:
        g: Okc = state.data
        for m in g.playing:
            offered = m.suggest(state, seat, kind, param)
            if offered is not None:
                return offered
        values = super().suggest(state, seat, kind, param)
        if kind == "order" and param == "regions":
            return [",".join(v) for v in values]
        if param in ("give", "take", "terms"):          # lists of components (Negotiating Table), typed a,b
            return list(dict.fromkeys(",".join(v) for v in values))
        return values

    def permute_hidden(self, state: GameState, rnd: random.Random) -> None:
        permute(state, rnd)
        for m in state.data.playing:
            m.permute(state, rnd)

    def determinize(self, state: GameState, seat: str, rnd: random.Random) -> GameState:
        twin = clone(state)
        determinize.determinize(twin.data, seat, rnd)
        for m in twin.data.playing:
            m.permute(twin, rnd)
        reseed(twin, rnd)
        return twin


_KIND = attrgetter("kind")
