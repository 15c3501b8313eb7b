"""Loading a content pack: JSON files -> checked :class:`Pack` definitions.

A pack is a folder holding ``pack.json`` (names the other files), ``board.json`` (Regions and
Locations), ``kingdom.json`` (the Kingdom card pool) and one file per faction. Packs are read
once and cached; loading happens outside the game state, so a state only stores the pack id.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from engine.okc.content.schema import (
    Ability,
    Bonus,
    ContentError,
    Council,
    Faction,
    FactionCard,
    Favour,
    KingdomCard,
    Location,
    Pack,
    Reader,
    Region,
    Tier,
    read_ability,
    read_command,
    read_steps,
    read_tactic,
)
from engine.okc.content.vocabulary import SUITS, TRAITS, describe

PACKS = Path(__file__).resolve().parent.parent / "packs"
FACTION_IDS = ("nobility", "clans", "uprising", "gathering")
CARD_KINDS = ("basic", "heir", "advanced", "hq")


def _read_json(folder: Path, name: str) -> Any:
    path = folder / name
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ContentError(name, "(file)", f"missing file in pack folder {folder.name}") from None
    except json.JSONDecodeError as err:
        raise ContentError(name, f"line {err.lineno}", f"not valid JSON: {err.msg}") from None


def read_card(r: Reader, faction: str) -> FactionCard:
    r.known("id", "name", "kind", "strength", "votes", "lore", "cost", "traits", "commands", "bonuses", "text")
    kind = r.get("kind", str, choices=CARD_KINDS)
    cost = r.get("cost", int, None, lo=0, hi=20)
    if kind in ("advanced", "hq") and cost is None:
        r.fail("cost", f"an {kind} card needs a Lore cost")
    if kind in ("basic", "heir") and cost is not None:
        r.fail("cost", f"a {kind} card has no Lore cost")
    commands = tuple(read_command(c) for c in r.items("commands", ()))
    bonuses = []
    for b in r.items("bonuses", ()):
        b.known("when", "amount", "suit")
        when = b.get("when", str, choices=("alone", "per_supporter", "per_suit"))
        suit = b.get("suit", str, None, choices=SUITS)
        if when == "per_suit" and suit is None:
            b.fail("suit", "a per_suit bonus names its suit")
        bonuses.append(Bonus(when, b.get("amount", int, lo=-10, hi=10), suit))
    card = FactionCard(
        id=r.get("id", str), name=r.get("name", str), faction=faction, kind=kind,
        strength=r.get("strength", int, lo=0, hi=20), votes=r.get("votes", int, 0, lo=0, hi=5),
        lore=r.get("lore", int, 0, lo=0, hi=5), cost=cost, traits=r.strings("traits", TRAITS),
        commands=commands, bonuses=tuple(bonuses), text=r.get("text", str, ""),
    )
    return card


def read_faction(file: str, data: Any) -> Faction:
    r = Reader(file, data)
    r.known("id", "name", "blurb", "hand_size", "cards", "tactics")
    fid = r.get("id", str, choices=FACTION_IDS)
    cards = tuple(read_card(c, fid) for c in r.items("cards"))
    ids = [c.id for c in cards]
    for i, cid in enumerate(ids):
        if ids.index(cid) != i:
            r.fail(f"cards[{i}].id", f"duplicate card id {cid!r}")
    heirs = [c for c in cards if c.kind == "heir"]
    if len(heirs) != 1:
        r.fail("cards", f"a faction deck has exactly one Heir, found {len(heirs)}")
    if not any(c.kind in ("advanced", "hq") for c in cards):
        r.fail("cards", "a faction needs Site of Power cards (advanced or hq)")
    tactics = tuple(read_tactic(t) for t in r.items("tactics"))
    if len(tactics) != 4:
        r.fail("tactics", f"a faction has four Tactics, found {len(tactics)}")
    return Faction(fid, r.get("name", str), r.get("blurb", str, ""), r.get("hand_size", int, lo=3, hi=10),
                   cards, tactics)


def read_board(file: str, data: Any) -> tuple[tuple[Region, ...], dict[str, Location]]:
    r = Reader(file, data)
    r.known("regions")
    regions, locations = [], {}
    items = r.items("regions")
    if len(items) != 3:
        r.fail("regions", f"the board has three Regions, found {len(items)}")
    for reg in items:
        reg.known("id", "name", "locations")
        rid = reg.get("id", str)
        locs = reg.items("locations")
        if len(locs) != 2:
            reg.fail("locations", "each Region has two Locations")
        sides = []
        for loc in locs:
            loc.known("id", "name", "side", "reward", "text")
            side = loc.get("side", str, choices=("left", "right"))
            sides.append(side)
            reward = read_steps(loc, "reward")
            location = Location(loc.get("id", str), loc.get("name", str), rid, side, reward,
                                loc.get("text", str, "") or describe(list(reward)))
            if location.id in locations:
                loc.fail("id", f"duplicate Location {location.id!r}")
            locations[location.id] = location
        if sorted(sides) != ["left", "right"]:
            reg.fail("locations", "a Region has one left and one right Location")
        regions.append(Region(rid, reg.get("name", str), tuple(loc.data["id"] for loc in locs)))
    return tuple(regions), locations


def read_kingdom(file: str, data: Any, extra: dict[str, dict[str, Any]] | None = None) -> dict[str, KingdomCard]:
    """A Kingdom card pool; ``extra`` adds a module's own step kinds (Wild Kingdom cards)."""
    r = Reader(file, data)
    r.known("cards")
    out: dict[str, KingdomCard] = {}
    for k in r.items("cards"):
        k.known("id", "name", "suit", "kind", "on_gain", "action", "winter", "strength", "votes", "herald", "text")
        kind = k.get("kind", str, choices=("instant", "keep", "occupy"))
        on_gain = read_steps(k, "on_gain", extra=extra)
        action: Ability | None = None
        if "action" in k.data:
            action = read_ability(k.child("action", k.data["action"]), extra_steps=extra)
        winter = read_steps(k, "winter", extra=extra)
        card = KingdomCard(
            id=k.get("id", str), name=k.get("name", str), suit=k.get("suit", str, choices=SUITS), kind=kind,
            on_gain=on_gain, action=action, winter=winter, strength=k.get("strength", int, 0, lo=0, hi=5),
            votes=k.get("votes", int, 0, lo=0, hi=5), herald=k.get("herald", int, 0, lo=0, hi=5),
            text=k.get("text", str, ""),
        )
        if kind == "instant" and not on_gain:
            k.fail("on_gain", "an instant Kingdom card needs on_gain steps")
        if kind != "instant" and not (action or winter or card.strength or card.votes or card.herald or on_gain):
            k.fail("kind", "a kept Kingdom card needs an action, a winter effect or a passive bonus")
        if card.id in out:
            k.fail("id", f"duplicate Kingdom card {card.id!r}")
        out[card.id] = card
    return out


def read_manifest(folder: Path) -> Pack:
    file = "pack.json"
    r = Reader(file, _read_json(folder, file))
    r.known("id", "name", "deck_size", "board", "kingdom", "factions", "councils", "favour")
    factions: dict[str, Faction] = {}
    for i, name in enumerate(r.get("factions", list)):
        if not isinstance(name, str):
            r.fail(f"factions[{i}]", "expected a file name")
        faction = read_faction(name, _read_json(folder, name))
        if faction.id in factions:
            r.fail(f"factions[{i}]", f"faction {faction.id!r} appears twice")
        for j, fc in enumerate(faction.cards):
            if any(fc.id in (x.id for x in f.cards) for f in factions.values()):
                raise ContentError(name, f"cards[{j}].id", f"card id {fc.id!r} is used by another faction")
        for j, t in enumerate(faction.tactics):
            if any(t.id in (x.id for x in f.tactics) for f in factions.values()) or \
                    t.id in [x.id for x in faction.tactics[:j]]:
                raise ContentError(name, f"tactics[{j}].id", f"Tactic id {t.id!r} is used twice")
        factions[faction.id] = faction
    regions, locations = read_board(r.get("board", str), _read_json(folder, r.get("board", str)))
    kingdom = read_kingdom(r.get("kingdom", str), _read_json(folder, r.get("kingdom", str)))
    deck_size = r.get("deck_size", int, lo=1, hi=200)
    if len(kingdom) < deck_size:
        r.fail("deck_size", f"the Kingdom pool has {len(kingdom)} cards, fewer than the deck size {deck_size}")
    councils: dict[str, Council] = {}
    for c in r.items("councils"):
        c.known("id", "name", "tiers", "text")
        tiers = []
        for tr in c.items("tiers"):
            tr.known("votes", "steps")
            tiers.append(Tier(tr.get("votes", int, lo=1, hi=30), read_steps(tr, "steps")))
        if [x.votes for x in tiers] != sorted({x.votes for x in tiers}) or not tiers:
            c.fail("tiers", "tiers are listed by strictly rising votes")
        council = Council(c.get("id", str), c.get("name", str), tuple(tiers), c.get("text", str, ""))
        councils[council.id] = council
    if len(councils) != 3:
        r.fail("councils", f"there are three Councils, found {len(councils)}")
    fv = r.child("favour", r.get("favour", dict))
    fv.known("uses", "location", "abilities")
    favour = Favour(fv.get("uses", int, lo=1, hi=9), fv.get("location", str, choices=tuple(locations)),
                    tuple(read_ability(a) for a in fv.items("abilities")))
    return Pack(r.get("id", str), r.get("name", str), deck_size, factions, regions, locations, kingdom,
                councils, favour)


def load_pack_from(folder: Path) -> Pack:
    """Read and check the pack in ``folder`` (no caching: for tests and pack authors)."""
    return read_manifest(folder)


@cache
def load_pack(name: str = "starter") -> Pack:
    """The shipped pack ``name`` (cached)."""
    folder = PACKS / name
    if not folder.is_dir():
        raise ContentError(f"packs/{name}", "(folder)", "no such content pack")
    return read_manifest(folder)
