"""Module content packs: the data a Wild Kingdom module brings (Boons, Kingdom cards), read and checked
with the same tooling as the base pack, so every mistake names the file and the field.

A module's pack is ``engine/okc/modules/<module>/content.json``::

    {"id": "whispering_tower", "boons": [boon, ...], "kingdom": [kingdom card, ...],
     "cards": {faction: [Faction card, ...]}}

Faction cards (``cards``, by the faction whose back they show: a starter faction or a neutral one such
as ``aeronauts``) are read like the base pack's; :func:`game_pack` adds them to the pack a game reads, so
a module's card is found wherever it goes (hand, Region, discard).

A Boon (Wild Kingdom, Using Boons) is ``{"id", "name", "kind": "win" | "empower", "text"?}`` and
- for ``win`` (If you win): ``steps``, carried out for the card's owner when that side wins the clash;
- for ``empower``: any of ``strength`` (-5..15), ``keywords`` (traits and commands the card gains) and
  ``after_clash`` steps (mandatory, after the clash and before rewards).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from engine.okc.content.loader import load_pack, read_card, read_kingdom
from engine.okc.content.schema import ContentError, FactionCard, KingdomCard, Pack, Reader, Steps, read_steps
from engine.okc.content.vocabulary import KEYWORDS, TRAITS, Field, describe

MODULES_DIR = Path(__file__).resolve().parent.parent / "modules"
# Step kinds only module content may use: Visit the Whispering Tower (a Boon's reward); the Wild Kingdom
# cards' steal a Kingdom card, claim a Location reward, take from the Great Road, place the card on the Map.
MODULE_STEPS: dict[str, dict[str, Field]] = {"visit_tower": {}}
MODULE_STEPS.update({
    "steal_kingdom": {}, "claim_reward": {"where": Field("enum:any|herald", False, "any")}, "road_gain": {},
    "place_on_map": {"effect": Field("enum:strength|reward", True), "amount": Field("int", True)}})


@dataclass(frozen=True)
class Boon:
    id: str
    name: str
    kind: str                       # win | empower
    steps: Steps = ()               # win: carried out when the card's side wins
    strength: int = 0               # empower: gained Strength
    keywords: tuple[str, ...] = ()  # empower: gained traits and commands
    after_clash: Steps = ()         # empower: mandatory, after the clash, before rewards
    text: str = ""


@dataclass
class ModulePack:
    id: str
    boons: dict[str, Boon] = field(default_factory=dict)
    kingdom: dict[str, KingdomCard] = field(default_factory=dict)
    cards: dict[str, FactionCard] = field(default_factory=dict)


def boon_text(kind: str, strength: int, keywords: tuple[str, ...], steps: Steps, after: Steps) -> str:
    if kind == "win":
        return f"If you win: {describe(list(steps))[:1].lower()}{describe(list(steps))[1:]}"
    parts = [f"{strength:+d} Strength"] if strength else []
    parts += [k.title() for k in keywords]
    if after:
        parts.append(f"After the clash: {describe(list(after))[:1].lower()}{describe(list(after))[1:]}")
    return ". ".join(parts)


def read_boon(r: Reader) -> Boon:
    r.known("id", "name", "kind", "steps", "strength", "keywords", "after_clash", "text")
    kind = r.get("kind", str, choices=("win", "empower"))
    steps = read_steps(r, "steps", clash=True, source=True, extra=MODULE_STEPS)
    strength = r.get("strength", int, 0, lo=-5, hi=15)
    keywords = r.strings("keywords", TRAITS + KEYWORDS)
    after = read_steps(r, "after_clash", clash=True, source=True, extra=MODULE_STEPS)
    if kind == "win" and not steps:
        r.fail("steps", "an If-you-win Boon needs steps")
    if kind == "win" and (strength or keywords or after):
        r.fail("kind", "an If-you-win Boon has only steps")
    if kind == "empower" and steps:
        r.fail("steps", "an Empowering Boon gives strength, keywords or after_clash steps, not steps")
    if kind == "empower" and not (strength or keywords or after):
        r.fail("kind", "an Empowering Boon needs strength, keywords or after_clash steps")
    text = r.get("text", str, "") or boon_text(kind, strength, keywords, steps, after)
    return Boon(r.get("id", str), r.get("name", str), kind, steps, strength, keywords, after, text)


def read_module_pack(file: str, data: Any) -> ModulePack:
    r = Reader(file, data)
    r.known("id", "boons", "kingdom", "cards")
    pack = ModulePack(r.get("id", str))
    for b in r.items("boons", ()):
        boon = read_boon(b)
        if boon.id in pack.boons:
            b.fail("id", f"duplicate Boon {boon.id!r}")
        pack.boons[boon.id] = boon
    if "kingdom" in r.data:
        pack.kingdom = read_kingdom(file, {"cards": r.data["kingdom"]}, extra=MODULE_STEPS)
    by_faction = r.child("cards", r.get("cards", dict, {}))
    for faction in sorted(by_faction.data):
        for c in by_faction.items(faction):
            fc = read_card(c, faction)
            if fc.id in pack.cards:
                c.fail("id", f"duplicate card {fc.id!r}")
            pack.cards[fc.id] = fc
    return pack


def load_module_pack_from(path: Path) -> ModulePack:
    """Read and check a module pack file (no caching: for tests and pack authors)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ContentError(path.name, "(file)", "missing module content file") from None
    except json.JSONDecodeError as err:
        raise ContentError(path.name, f"line {err.lineno}", f"not valid JSON: {err.msg}") from None
    return read_module_pack(f"{path.parent.name}/{path.name}", data)


@cache
def load_module_pack(module: str) -> ModulePack:
    """The shipped content of ``module`` (cached)."""
    return load_module_pack_from(MODULES_DIR / module / "content.json")


@cache
def game_pack(name: str) -> Pack:
    """The pack ``name`` with the Faction cards every shipped module brings (Aeronaut cards, Legendary
    Creatures), so a module's card is found wherever it goes; the base pack when no module brings any."""
    base = load_pack(name)
    extra: dict[str, FactionCard] = {}
    for folder in sorted(p for p in MODULES_DIR.iterdir() if (p / "content.json").is_file()):
        extra.update(load_module_pack(folder.name).cards)
    clash = sorted(set(extra) & set(base.cards))
    if clash:
        raise ContentError("content.json", "cards", f"card ids {clash} are already the pack's")
    return replace(base, cards={**base.cards, **extra}, tactics=dict(base.tactics)) if extra else base
