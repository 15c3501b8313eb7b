"""What a Wild Kingdom module may use of the base game: the one module a module's package imports from
engine/okc (besides engine.core and its own package; ``tests/okc/test_module_layout.py`` holds it).

Two halves, both named in ``__all__``:

- the hooks the game calls on a module: :class:`Module` (engine/okc/hooks.py lists each hook and when
  the base rules call it) and the handler types of its ``effects`` table;
- what a module calls of the game: the state's types, the refusal codes, the base rules' steps a
  module takes part in (asking a player, resuming the year, claiming a Location, moving pieces,
  gaining Kingdom cards and Lore, a clash's participants and winner), the board and card lookups, the
  content packs, and the names the wording uses for what is on the board.

Nothing here imports a module: the base rules find a game's modules on ``Okc.playing``, which
engine/okc/modules/shipped.py fills at setup and load, so the import graph has no cycle.
"""

from __future__ import annotations

from engine.okc.actions import act, awaited_turn, occupy_space, one, waits_on
from engine.okc.allies import is_ally
from engine.okc.board import all_locations, region_of
from engine.okc.cards import card, commands, kcard, module_kingdom, pack_of
from engine.okc.clash import declare_winner, no_winner, participants
from engine.okc.content.loader import load_pack
from engine.okc.content.modules import Boon, ModulePack, load_module_pack
from engine.okc.content.vocabulary import KEYWORDS
from engine.okc.effects import ask, claim_location, opponents, region
from engine.okc.hidden import HAND_CHOICES, safe_regions
from engine.okc.hooks import EffectHandler, Module
from engine.okc.kingdom import gain_kingdom, road_cards, stealable, take_from_road
from engine.okc.lore import gain_lore
from engine.okc.pieces import herald_spots, move_piece, move_targets, starting_location, travel_piece
from engine.okc.refusals import OkcRefusal
from engine.okc.state import Job, Okc, Placed
from engine.okc.views import kingdom_view
from engine.okc.words.names import (
    cap,
    card_dot,
    card_name,
    card_power,
    faction_short,
    kingdom_name,
    location_name,
    location_where,
    okc,
    owned,
    region_name,
    tactic_name,
    the_region,
    their,
    who,
    whom,
)
from engine.okc.words.prompts import GLOSSES, effect_line
from engine.okc.year import resume, set_step

__all__ = [
    # the hooks the game calls
    "EffectHandler", "Module",
    # the state and refusals
    "Job", "Okc", "OkcRefusal", "Placed",
    # the year, turns and effects
    "act", "ask", "awaited_turn", "claim_location", "declare_winner", "no_winner", "occupy_space", "one",
    "opponents", "participants", "region", "resume", "set_step", "waits_on",
    # pieces, Kingdom cards, Lore, Allies
    "gain_kingdom", "gain_lore", "herald_spots", "is_ally", "move_piece", "move_targets", "road_cards",
    "stealable", "starting_location", "take_from_road", "travel_piece",
    # the board, the cards, the content packs, hidden information
    "HAND_CHOICES", "KEYWORDS", "Boon", "ModulePack", "all_locations", "card", "commands", "kcard",
    "kingdom_view", "load_module_pack", "load_pack", "module_kingdom", "pack_of", "region_of", "safe_regions",
    # names for the wording
    "GLOSSES", "cap", "card_dot", "card_name", "card_power", "effect_line", "faction_short", "kingdom_name",
    "location_name",
    "location_where", "okc", "owned", "region_name", "tactic_name", "the_region", "their", "who", "whom",
]
