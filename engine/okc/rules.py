"""The Old King's Crown on the engine contract: ``RULES``."""

from __future__ import annotations

import random
from collections.abc import Callable
from operator import attrgetter
from typing import Any

from mypy_extensions import mypyc_attr

from engine.core import Action, Decision, Event, GameState, OptionHelp, Result, Rules, View
from engine.core.rules import clone, reseed
from engine.core.words import Words
from engine.okc import actions, consistency, coverage, endgame, play, setup, views
from engine.okc.allies import is_ally
from engine.okc.hooks import active, weight_tables
from engine.okc.phase import phase_label
from engine.okc.state import Okc


@mypyc_attr(allow_interpreted_subclasses=True)   # tests extend it in Python
class OkcRules(Rules):
    name = "okc"
    title = "The Old King's Crown"
    min_seats = 2
    max_seats = 4
    state_type = Okc
    schema_version = 1
    command_groups = actions.GROUPS   # (before ``actions`` names the specs in this class)
    actions = actions.catalogue()
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
        table, flat = weight_tables(state.data.modules)
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
        from engine.okc.words import WORDS

        return WORDS

    def suggest(self, state: GameState, seat: str, kind: str, param: str) -> list[Any]:
        if kind in ("offer", "agreement") and param in ("give", "take") and "negotiating_table" in state.data.modules:
            from engine.okc.modules.negotiating_table.compose import suggest_components

            return suggest_components(state.data, seat, param)
        values = super().suggest(state, seat, kind, param)
        if kind == "order" and param == "regions":
            return [",".join(v) for v in values]
        if param in ("give", "take", "terms"):          # lists of components (Negotiating Table), typed a,b
            return list(dict.fromkeys(",".join(v) for v in values))
        return values

    def permute_hidden(self, state: GameState, rnd: random.Random) -> None:
        permute(state, rnd)
        for m in active(state.data.modules):
            m.permute(state, rnd)

    def determinize(self, state: GameState, seat: str, rnd: random.Random) -> GameState:
        from engine.okc.determinize import determinize

        twin = clone(state)
        determinize(twin.data, seat, rnd)
        for m in active(twin.data.modules):
            m.permute(twin, rnd)
        reseed(twin, rnd)
        return twin


_KIND = attrgetter("kind")


def safe_regions(g: Okc) -> set[str]:
    """Regions whose face-down cards no single next action can reveal: all of them in the Spring
    Action Step; in Summer, all but the Region being resolved and the next one to clash."""
    if g.step == "spring_actions":
        return {r.id for r in g.regions}
    if g.season != "summer" or g.clash is None:
        return set()
    rest = sorted((r for r in g.regions if not r.resolved and r.id != g.clash.region), key=lambda r: r.marker)
    return {r.id for r in rest[1:]}


HAND_CHOICES = frozenset({"discard", "bottom", "burn", "govern", "journey", "swap", "ambush",
                          "barter_occupy"})


def by_kind(cards: list[str], kind: Callable[[str], bool], rnd: random.Random) -> list[str]:
    """``cards`` shuffled, each place keeping a card of its kind: an Ally's back shows (Wild Kingdom,
    Allies), so Allies trade places only with Allies and the other cards with the other cards."""
    groups: dict[bool, list[str]] = {}
    for c in cards:
        groups.setdefault(kind(c), []).append(c)
    for group in groups.values():
        rnd.shuffle(group)
    return [groups[kind(c)].pop() for c in cards]


def ally_bid_hidden(g: Okc, secret_safe: bool) -> bool:
    """Whether no single next action can reveal the face-down Ally bids (they show with the other bids)."""
    return (g.step == "ally_bids" and len(g.turn_queue) >= 2) or (g.step == "bid" and secret_safe)


def permute(state: GameState, rnd: random.Random) -> None:
    """Scramble hidden facts: hands, deck order, and, while the next action cannot reveal them,
    face-down bids (Ally bids too), tie-break cards and face-down Region cards (see :func:`safe_regions`).
    With modules, Allies only ever trade places with Allies (their backs show)."""
    g: Okc = state.data
    secret = g.secret
    secret_safe = secret is not None and len(secret.missing()) >= 2
    safe = safe_regions(g)
    bids_hidden = ally_bid_hidden(g, secret_safe)
    for seat in g.order:
        p = g.players[seat]

        def kind(c: str, seat: str = seat) -> bool:
            return bool(g.modules) and is_ally(g, seat, c)

        if g.choice is not None and g.choice.seat == seat and g.choice.kind in HAND_CHOICES:
            p.deck = by_kind(p.deck, kind, rnd)
            continue
        chosen = secret.own(seat) if secret is not None else None
        fixed: list[str] = []          # hand cards promised to an unrevealed secret that must stay put
        if chosen and not secret_safe:
            fixed = [c for c in (chosen.values() if isinstance(chosen, dict) else [chosen]) if c]
        loose = list(p.hand)
        for c in fixed:
            loose.remove(c)
        fd = [q for r in g.regions if r.id in safe for q in r.cards if q.owner == seat and not q.face_up]
        bid = [g.ally_bids[seat]] if bids_hidden and seat in g.ally_bids else []
        pool = loose + p.deck + [q.card for q in fd] + bid
        if g.modules:
            pool = by_kind(pool, kind, rnd)
        else:
            rnd.shuffle(pool)
        hand, pool = pool[:len(loose)], pool[len(loose):]
        deck, pool = pool[:len(p.deck)], pool[len(p.deck):]
        for q in fd:
            q.card = pool.pop(0)
        if bid:
            g.ally_bids[seat] = pool.pop(0)
        p.hand = fixed + hand
        p.deck = deck
        if chosen and secret_safe and secret is not None:
            rest = list(p.hand)
            rnd.shuffle(rest)

            def same(c: str, rest: list[str] = rest, kind: Callable[[str], bool] = kind) -> str:
                took = next(x for x in rest if kind(x) == kind(c))
                rest.remove(took)
                return took

            if isinstance(chosen, dict):
                secret.chosen[seat] = {k: same(v) if v else v for k, v in chosen.items()}
            elif chosen:
                secret.chosen[seat] = same(chosen)
