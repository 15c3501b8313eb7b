"""Hook points for the Wild Kingdom modules (engine/okc/modules/).

A module is a subclass of :class:`Module` with ClassVar metadata, registered by name (like
python-chess variants). The base rules call the hooks below at the named moments; every hook
has a do-nothing default, so a module overrides only what it changes. Modules keep their own
state under ``Okc.extra[module.name]`` and may add effect steps to :data:`EXTRA_STEPS` and
actions to :attr:`Module.actions`.

Helpers modules share: ``engine.okc.board.travel`` (Travel), ``engine.okc.setup.starting_location``
(Starting Locations from the bag), ``engine.okc.clash.claim`` (claiming a Location's rewards), the
effect queue (``engine.okc.effects.queue``) and ``Okc.layout`` (the Night Map rearranges it).

Hook points (where the base rules call them):

- ``check_options(seats, options)``: refuse bad module options (RuleError) when a game is created.
- ``setup(state)``: after base setup (Starting Locations, decks of module cards).
- ``claim(state, seat, location) -> bool``: before a Location reward is claimed; return True when
  the module replaced the reward (Visit: Aeronauts, Travelling Town, Whispering Tower).
- ``winter(state)``: in the Winter Effects Step (Travel of moving pieces).
- ``after_bids(state) -> bool``: after the Great Road is repopulated, before Heralds. Return True to run a
  step of the module's own (the Negotiation Step); it then calls ``engine.okc.year.begin_heralds``.
- ``reveal(state, region, cards)``: face-down cards (a list of ``Placed``) were just revealed in a
  Region (Boons on them are revealed too).
- ``clash_resolved(state, region, winner)``: after the tally decided a clash (``winner`` None when
  nobody won), before any reward (If-you-win Boons, After-Clash effects, Legendary Creature cards).
- ``cleanup(state)``: at Winter cleanup, before Active cards are discarded (Boons to their discard).
- ``before_secret(state, key) -> bool``: before bids (``"bid"``) or Region cards (``"regions"``) are
  placed. Return True to run a step of the module's own first (Allies are declared in turn order);
  the module then calls ``engine.okc.year.open_bids`` / ``open_region_cards`` itself.
- ``legal(state, seat)``, ``pending(state)``, ``play(state, seat, action)``: the module's own actions
  (declared in ``actions``; :func:`register` adds them to the `/okc` commands). Its own steps go in
  ``steps`` (step name -> function returning True when it moved on), merged into the step machine.
- ``strength(state, seat, region) -> int``: extra Strength in a clash (the Near & Far adds 3).
- ``view(state, seat, out)``: add the module's public or private parts to a view.
- ``permute(state, rnd)``: scramble the module's hidden facts (Boons, the Aeronaut deck).
- ``end(state)``: before the final tally (Trade Agreement modifiers).
- ``words(w)``: the module's wording, installed once on the game's ``OkcWords`` when it registers:
  ``w.on(kind)`` for a teller of each event kind it emits (a test fails for a kind without one),
  ``w.questions[prompt]`` for its decisions, ``w.labels[kind]`` for its actions and
  ``w.mat_parts`` for its part of a player's private mat (Boons).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

from engine.core import Action, ActionSpec, Decision, GameState, RuleError

# Extra effect-step kinds: name -> handler(state, seat, step, ctx, answer). Filled by modules.
EXTRA_STEPS: dict[str, Callable[..., None]] = {}


class Module:
    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    complexity: ClassVar[int] = 0
    actions: ClassVar[dict[str, ActionSpec]] = {}
    steps: ClassVar[dict[str, Callable[[GameState], bool]]] = {}
    # Modules set up in this order (the Night Map first: Starting Locations need its layout).
    order: ClassVar[int] = 50

    def check_options(self, seats: int, options: dict[str, Any]) -> None:
        return None

    def setup(self, state: GameState) -> None:
        return None

    def claim(self, state: GameState, seat: str, location: str) -> bool:
        return False

    def winter(self, state: GameState) -> None:
        return None

    def after_bids(self, state: GameState) -> bool:
        return False

    def reveal(self, state: GameState, region: str, cards: list[Any]) -> None:
        return None

    def clash_resolved(self, state: GameState, region: str, winner: str | None) -> None:
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
        raise RuleError("modules", f"{self.name} has no action {action.kind!r}", code="unknown_action")

    def strength(self, state: GameState, seat: str, region: str) -> int:
        return 0

    def view(self, state: GameState, seat: str | None, out: dict[str, Any]) -> None:
        return None

    def permute(self, state: GameState, rnd: random.Random) -> None:
        return None

    def end(self, state: GameState) -> None:
        return None

    def words(self, w: Any) -> None:
        """Register the module's wording on ``w`` (an ``engine.okc.words.OkcWords``)."""
        return None


MODULES: dict[str, Module] = {}


def register(module: Module) -> Module:
    """Install a module: its actions join the `/okc` commands, its steps the step machine, its
    wording the game's words."""
    from engine.okc.actions import ACTIONS
    from engine.okc.words import WORDS
    from engine.okc.year import AUTO

    MODULES[module.name] = module
    ACTIONS.update(module.actions)
    AUTO.update(module.steps)
    WORDS.install(module)
    return module


def active(names: list[str]) -> list[Module]:
    return sorted((MODULES[n] for n in names if n in MODULES), key=lambda m: m.order)
