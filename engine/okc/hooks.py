"""Hook points for the Wild Kingdom modules (engine/okc/modules/).

A module is a subclass of :class:`Module` with ClassVar metadata, listed by name in
engine/okc/modules/shipped.py; a game's own modules, in acting order, are on ``Okc.playing``, and the
functions below pick from them the ones a hook concerns. The base rules call the hooks below at the named
moments; every hook
has a do-nothing default, so a module overrides only what it changes. Modules keep their own
state under ``Okc.extra[module.name]``; their pieces stand on Locations in ``Okc.pieces`` (a
board fact the views and the renderer show).

Tables are built, not patched: a module declares ``actions`` (its `/okc` commands), ``steps``
(step name -> function returning True when it moved on) and ``effects`` (effect-step kind ->
handler). Each game's action, step and effect tables are merged from its active modules
(``engine.okc.actions.actions_for``, ``engine.okc.year.steps_for``, ``engine.okc.effects.execute``);
nothing here or in a module changes the base tables. This file imports nothing of engine/okc: the base
rules and the modules (through engine/okc/modules/api.py) import it.

Several modules acting at the same step act in their ``order`` (the Night Map first, then the
Starting Location modules in the order of the Wild Kingdom rulebook: Aeronauts, Travelling Town,
Whispering Tower).

Hook points (where the base rules call them):

- ``check_options(seats, options)``: refuse bad module options (RuleError) when a game is created.
- ``content()``: the module's content pack (Boons, neutral cards), checked like the base pack.
- ``setup(state)``: after base setup (Starting Locations, decks of module cards).
- ``kingdom_deck(state, deck) -> deck``: the 30-card Kingdom Deck drawn from the pack's pool, before the Great
  Road is filled; a module returns the deck it plays with (Wild Kingdom cards mixed in).
- ``gained(state, seat, kid)``: ``seat`` just gained Kingdom card ``kid`` (by a bid, a steal or an effect).
- ``rating(options)`` and ``lobby_title(options)``: the Complexity Rating and the name the lobby shows, when
  they depend on the module's options (default: ``complexity`` and ``title``).
- Visit: a module with ``pieces`` that can be Visited lists them in ``visitable`` (piece -> True when it
  must be Visited); the base rules (``engine.okc.clash.claim_location``) rank must-Visit over may-Visit,
  ask the winner to choose, then call ``visit(state, seat, piece)``. ``rewarded(state, seat, location)``
  runs when a Location reward is claimed (Influence the Travelling Town left there).
- ``winter(state)``: in the Winter Effects Step, after every other Winter effect has resolved (Travel of
  moving pieces; ruling W11).
- ``after_bids(state) -> bool``: after the Great Road is repopulated, before Heralds. Return True to run a
  step of the module's own; it then calls ``engine.okc.year.resume(state, "after_bids", self.name)``.
- ``before_secret(state, key) -> bool``: once every Herald stands (``"heralds"``), before bids (``"bid"``) or
  Region cards (``"regions"``) are
  placed. Return True to run a step of the module's own first; it then calls
  ``engine.okc.year.resume(state, key, self.name)``, which lets the next module act, then opens the step.
- ``reveal(state, region, cards)``: face-down cards (a list of ``Placed``) were just revealed in a Region.
- ``clash_resolved(state, region, winner)``: after the tally decided a clash (``winner`` None when
  nobody won), before any reward.
- ``inactive(state, placed, region, why)``: a card stopped being Active (eliminated or burned) during the
  round. A card moved by Flank, blanked, or swapped while face down stays what it was (ruling W4): no call.
- ``cleanup(state)``: at Winter cleanup, before Active cards are discarded (the cards leaving play there
  get no ``inactive`` call: this hook covers them all).
- ``legal(state, seat)``, ``pending(state)``, ``play(state, seat, action)``: the module's own actions.
- ``strength(state, seat, region) -> int``: extra Strength in a clash.
- ``heralds(state, seat) -> dict``: the seat's pieces that count as Heralds besides its own (piece key ->
  Location; Legendary Creatures). Herald rewards, stealing and "move a Herald" read them
  (``engine.okc.pieces.herald_spots``); ``move_herald(state, by, seat, piece, to)`` moves one.
- ``acted(state, seat, action)``: after any action is carried out (a Tactic used, say).
- ``allied(g, seat)``: the seat's allies (abilities skip them, eliminations spare them, Strength adds up);
  ``allied_win(state, region, seats, best)``: allies top a tally together and the module settles the winner.
- ``view(state, seat, out)``: add the module's public or private parts to a view.
- ``suggest(state, seat, kind, param)``: autocomplete values the module lists itself (the Negotiating
  Table's barter components), or None.
- ``permute(state, rnd)``: scramble the module's hidden facts.
- ``end(state)``: before the final tally.
- ``words(w)``: the module's wording on ``w`` (an ``engine.okc.words.OkcWords``): ``w.on(kind)`` for each
  event kind it emits, ``w.questions[prompt]``, ``w.labels[kind]`` and ``w.mat_parts``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from engine.core import Action, ActionSpec, Decision, GameState

EffectHandler = Callable[[GameState, str, dict[str, Any], dict[str, Any], Any], None]

# Complexity bands (Wild Kingdom, Introduction): total rating -> the band's name.
BANDS = ((1, 4, "First Comets in the Sky"), (5, 8, "Welcome to the Wild Kingdom"), (9, 99, "All is Altered"))


@mypyc_attr(allow_interpreted_subclasses=True)   # each module's class lives in its package's __init__
class Module:
    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    complexity: ClassVar[int] = 0
    actions: ClassVar[dict[str, ActionSpec]] = {}
    steps: ClassVar[dict[str, Callable[[GameState], bool]]] = {}
    effects: ClassVar[dict[str, EffectHandler]] = {}
    # Piece id -> the name players see; True in ``must_visit`` when the piece must be Visited.
    pieces: ClassVar[dict[str, str]] = {}
    must_visit: ClassVar[bool] = False
    # Modules set up and act in this order (the Night Map first: Starting Locations need its layout).
    order: ClassVar[int] = 90
    # The fewest players the module is played with (``modules=all`` leaves it out below that).
    min_seats: ClassVar[int] = 2
    # Random agents' weights while the module is active, for its own actions or base ones (kind ->
    # weight(state, seat, action); ``OkcRules.agent_weights``); never rules.
    weights: ClassVar[dict[str, Callable[[GameState, str, Action], float]]] = {}
    # The kinds of ``weights`` whose weight reads the state and the seat but not the action: weighed once
    # for a whole list (the Negotiating Table's hundreds of suggested offers).
    flat_weights: ClassVar[frozenset[str]] = frozenset()
    # A game's data names its modules (``Okc.playing``): a copy of the game shares them, never saved.
    shared_by_copies: ClassVar[bool] = True

    def check_options(self, seats: int, options: dict[str, Any]) -> None:
        return None

    def content(self) -> Any:
        """The module's content pack (``engine.okc.content.modules.load_module_pack``), or None."""
        return None

    def setup(self, state: GameState) -> None:
        return None

    def kingdom_deck(self, state: GameState, deck: list[str]) -> list[str]:
        return deck

    def gained(self, state: GameState, seat: str, kid: str) -> None:
        return None

    def rating(self, options: dict[str, Any]) -> int:
        return self.complexity

    def lobby_title(self, options: dict[str, Any]) -> str:
        return self.title

    def visitable(self, state: GameState, location: str) -> dict[str, bool]:
        """The module's pieces on ``location`` that can be Visited (piece -> must Visit)."""
        here = state.data.pieces
        return {p: self.must_visit for p in self.pieces if here.get(p) == location}

    def visit(self, state: GameState, seat: str, piece: str) -> None:
        return None

    def rewarded(self, state: GameState, seat: str, location: str) -> None:
        return None

    def winter(self, state: GameState) -> None:
        return None

    def after_bids(self, state: GameState) -> bool:
        return False

    def reveal(self, state: GameState, region: str, cards: list[Any]) -> None:
        return None

    def clash_resolved(self, state: GameState, region: str, winner: str | None) -> None:
        return None

    def inactive(self, state: GameState, placed: Any, region: str, why: str) -> None:
        return None

    def cleanup(self, state: GameState) -> None:
        return None

    def before_secret(self, state: GameState, key: str) -> bool:
        return False

    def legal(self, state: GameState, seat: str) -> list[Action]:
        return []

    def pending(self, state: GameState) -> list[Decision]:
        return []

    def play(self, state: GameState, seat: str, action: Action) -> None:
        """Asked only of a module whose ``actions`` list the kind (``engine.okc.play.play``): such a module
        overrides this, so reaching it is a module's mistake, not a player's."""
        raise NotImplementedError(f"the {self.title} module lists {action.kind!r} among its actions but cannot play it")

    def strength(self, state: GameState, seat: str, region: str) -> int:
        return 0

    def heralds(self, state: GameState, seat: str) -> dict[str, str]:
        return {}

    def move_herald(self, state: GameState, by: str, seat: str, piece: str, to: str) -> None:
        return None

    def acted(self, state: GameState, seat: str, action: Action) -> None:
        """``seat``'s ``action`` was just carried out (before the year runs on)."""
        return None

    def allied(self, g: Any, seat: str) -> frozenset[str]:
        """Players allied with ``seat``: its abilities skip them, their eliminations spare its cards, and
        in a clash their Strength adds up (Negotiating Table, Alliances)."""
        return frozenset()

    def allied_win(self, state: GameState, region: str, seats: list[str], best: int) -> bool:
        """The allied ``seats`` top a clash's tally together: return True to settle who wins."""
        return False

    def view(self, state: GameState, seat: str | None, out: dict[str, Any]) -> None:
        return None

    def suggest(self, state: GameState, seat: str, kind: str, param: str) -> list[Any] | None:
        """Autocomplete values for ``param`` of the action ``kind`` (a parameter the base rules cannot list),
        or None to leave it to them."""
        return None

    def permute(self, state: GameState, rnd: random.Random) -> None:
        return None

    def end(self, state: GameState) -> None:
        return None

    def words(self, w: Any) -> None:
        """Register the module's wording on ``w`` (an ``engine.okc.words.OkcWords``)."""
        return None


# Hooks whose default does nothing (returns nothing, False, 0, empty): a module that keeps the default
# need not be asked. ``visitable`` is not one of them (its default lists the module's pieces).
QUIET_HOOKS = frozenset({"gained", "rewarded", "winter", "after_bids", "reveal", "clash_resolved", "inactive",
                         "cleanup", "before_secret", "legal", "pending", "strength", "heralds", "acted",
                         "allied", "allied_win", "end"})
Playing = tuple[Module, ...]   # a game's modules in acting order (``Okc.playing``)
_HOOKED: dict[tuple[Playing, str], Playing] = {}


def hooked(playing: Playing, hook: str) -> Playing:
    """The game's modules, in acting order, that define their own ``hook`` (one of :data:`QUIET_HOOKS`):
    the others would do nothing there (asked after every action and in every clash). Kept per set of
    modules and hook (one lookup: asked several times a decision)."""
    if not playing:
        return ()
    key = (playing, hook)
    found = _HOOKED.get(key)
    if found is None:
        assert hook in QUIET_HOOKS, hook
        default = getattr(Module, hook)
        found = _HOOKED[key] = tuple(m for m in playing if hook in vars(m) or getattr(type(m), hook) is not default)
    return found


_WEIGHTS: dict[Playing, tuple[dict[str, Any], frozenset[str]]] = {}


def weight_tables(playing: Playing) -> tuple[dict[str, Any], frozenset[str]]:
    """The game's modules' ``weights`` merged, and the kinds they weigh without reading the action (their
    ``flat_weights``): built once per set of modules."""
    if not playing:
        return {}, frozenset()
    found = _WEIGHTS.get(playing)
    if found is None:
        table: dict[str, Any] = {}
        for m in playing:
            table.update(m.weights)
        found = _WEIGHTS[playing] = (table, frozenset().union(*(m.flat_weights for m in playing)))
    return found


def after(playing: Playing, done: str | None) -> Playing:
    """The game's modules that come after ``done`` in acting order (all of them when ``done`` is None)."""
    if done is None:
        return playing
    index = next((i for i, m in enumerate(playing) if m.name == done), -1)
    return playing[index + 1:]


def merged(base: dict[str, Any], playing: Playing, attr: str, cache: dict[Any, dict[str, Any]]) -> dict[str, Any]:
    """``base`` with the ``attr`` table of each of the game's modules added (built once per set of modules:
    the modules themselves are the key)."""
    if not playing:
        return base
    table = cache.get(playing)
    if table is None:
        table = dict(base)
        for m in playing:
            table.update(getattr(m, attr))
        cache[playing] = table
    return table


def in_acting_order(modules: list[Module] | tuple[Module, ...]) -> Playing:
    """``modules`` in the order they set up and act (:attr:`Module.order`; ties keep the given order)."""
    return tuple(sorted(modules, key=lambda m: m.order))


def band(total: int) -> str:
    """The Complexity band of a total rating (Wild Kingdom, Introduction); "" for the base game."""
    return next((name for lo, hi, name in BANDS if lo <= total <= hi), "")
