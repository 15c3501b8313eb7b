"""Components as data: families, stockpiles, tiles, costs, unit strengths, the card decks and
the Retainer deck. Loaded from ``data/components.json``, ``data/cards.json`` and
``data/retainers.json`` and validated at load (errors name the file and the field).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.fief.map import load_map
from engine.fief.schema import Field, read, unique

UNIT_TYPES = ("knight", "men", "archer", "crossbow", "bombard", "trebuchet")
TROOP_TYPES = ("knight", "men", "archer", "crossbow")  # hidden on the map (4.1)
BUYABLE = ("men", "archer", "knight", "bombard", "trebuchet")
ABILITIES = ("mata", "steward", "reeve", "almoner", "bailiff", "sergeant", "mason", "chancellor", "herald",
             "physician", "falconer")
DISASTERS = ("plague", "storms", "famine", "invasion")


@dataclass(frozen=True)
class FamilyDef:
    id: str
    name: str
    colour: str
    letter: str


@dataclass(frozen=True)
class Card:
    id: str
    kind: str   # noble | abbess | bishop | archbishop | mercenary | burgher | fortune kinds | disaster kinds
    name: str
    deck: str   # character | fortune
    sex: str = ""
    district: str = ""
    abbey: str = ""
    opportunity: bool = False


@dataclass(frozen=True)
class Retainer:
    id: str
    name: str
    ability: str
    text: str


@dataclass(frozen=True, eq=False)
class Components:
    families: tuple[FamilyDef, ...]
    stockpile: dict[str, int]
    markers: dict[str, int]
    start_shillings: int
    tiles: dict[str, int]
    invader_armies: int
    invader_foot: int
    costs: dict[str, int]
    unit_sp: dict[str, int]
    unit_hits: dict[str, int]
    new_units_per_city: int
    hand_limit: int
    draws: int
    character_draws: int
    disaster_slots: int
    two_player: dict[str, int]
    income: dict[str, int]
    ransom: dict[str, int]
    bandit_ransom: dict[str, int]
    victory: dict[str, int]
    start_stronghold: bool
    start_troops: dict[str, int]
    cards: dict[str, Card]
    removed_per_sex: int
    relics: dict[str, str]
    retainers: dict[str, Retainer]

    def card(self, card_id: str) -> Card:
        return self.cards[card_id]

    def nobles(self, sex: str) -> list[str]:
        return [c.id for c in self.cards.values() if c.kind == "noble" and c.sex == sex]

    def of_kind(self, *kinds: str) -> list[str]:
        return [c.id for c in self.cards.values() if c.kind in kinds]


def _counts(f: Field, names: tuple[str, ...] | list[str]) -> dict[str, int]:
    out = {k: f[k].int(low=0) for k in f.keys()}
    for k in out:
        if k not in names:
            raise f.fail(f"unknown entry {k!r}; expected {list(names)}")
    return out


def _ints(f: Field) -> dict[str, int]:
    return {k: f[k].int(low=0) for k in f.keys()}


def parse_components(comp: Field, cards: Field, ret: Field) -> Components:
    fams = tuple(FamilyDef(f["id"].str(), f["name"].str(), f["colour"].str(), f["letter"].str())
                 for f in comp["families"].items())
    unique(comp["families"], [f.id for f in fams], "family")
    if len(fams) < 4:
        raise comp["families"].fail("four families are needed (13.7 deals two per player)")
    units = comp["units"]
    for u in UNIT_TYPES:
        units[u]["sp"].int(low=0)
    costs = _ints(comp["costs"])
    for key in (*BUYABLE, "stronghold", "mill", "royal_stronghold", "siege_trebuchet", "title_per_city"):
        comp["costs"][key].int(low=0)
    districts = set(load_map().districts)

    deck: dict[str, Card] = {}

    def add(card: Card, where: Field) -> None:
        if card.id in deck:
            raise where.fail(f"card {card.id!r} appears twice")
        deck[card.id] = card

    for f in cards["nobles"].items():
        name = f["name"].str()
        add(Card(f"noble-{name.lower()}", "noble", name, "character", sex=f["sex"].str(choices=("m", "f"))), f)
    for f in cards["clergy"].items():
        kind = f["kind"].str(choices=("abbess", "bishop", "archbishop"))
        district = f["district"].str(choices=districts) if kind != "abbess" else ""
        add(Card(f["id"].str(), kind, f["name"].str(), "character", district=district,
                 abbey=f["abbey"].str() if kind == "abbess" else ""), f)
    for f in cards["opportunity_characters"].items():
        add(Card(f["id"].str(), f["kind"].str(choices=("mercenary", "burgher")), f["name"].str(), "character",
                 opportunity=True), f)
    for f in cards["fortune"].items():
        kind = f["kind"].str()
        for i in range(1, f["count"].int(low=1) + 1):
            add(Card(f"{kind}-{i}", kind, f["name"].str(), "fortune", opportunity=f["opportunity"].bool()), f)
    for f in cards["disasters"].items():
        kind = f["kind"].str(choices=DISASTERS)
        for i in range(1, f["count"].int(low=1) + 1):
            add(Card(f"{kind}-{i}", kind, f["name"].str(), "fortune"), f)
    disasters = [c for c in deck.values() if c.kind in DISASTERS]
    if len(disasters) != 9:
        raise cards["disasters"].fail(f"the Disaster deck holds 9 cards, not {len(disasters)}")
    fortune = [c for c in deck.values() if c.deck == "fortune" and c.kind not in DISASTERS]
    if len(fortune) != 16:
        raise cards["fortune"].fail(f"the Fortune deck holds 16 cards, not {len(fortune)}")
    if len([c for c in deck.values() if c.deck == "character"]) != 31:
        raise cards.fail("the Character deck holds 31 cards")
    if len([c for c in deck.values() if c.kind == "noble" and c.sex == "m"]) != 10:
        raise cards["nobles"].fail("10 noblemen and 10 noblewomen")
    relics = {f["id"].str(): f["name"].str() for f in cards["relics"].items()}
    if len(relics) != 4:
        raise cards["relics"].fail("four relics, one per cathedral city")

    texts = ret["abilities"]
    for a in texts.keys():
        if a not in ABILITIES:
            raise texts.fail(f"ability {a!r} has no rules; known: {list(ABILITIES)}")
    retainers: dict[str, Retainer] = {}
    for f in ret["cards"].items():
        ability = f["ability"].str(choices=ABILITIES)
        r = Retainer(f["id"].str(), f["name"].str(), ability, texts[ability].str())
        if r.id in retainers:
            raise f.fail(f"retainer {r.id!r} appears twice")
        retainers[r.id] = r
    if len(retainers) != 23:
        raise ret["cards"].fail(f"the Retainer deck holds 23 cards, not {len(retainers)}")

    cards_cfg = comp["cards"]
    return Components(
        families=fams,
        stockpile=_counts(comp["stockpile"], BUYABLE),
        markers=_ints(comp["markers"]),
        start_shillings=comp["start_shillings"].int(low=0),
        tiles=_ints(comp["tiles"]),
        invader_armies=comp["invaders"]["armies"].int(low=1),
        invader_foot=comp["invaders"]["foot"].int(low=1),
        costs=costs,
        unit_sp={u: units[u]["sp"].int(low=0) for u in UNIT_TYPES},
        unit_hits={u: units[u]["hits"].int(low=0) for u in UNIT_TYPES},
        new_units_per_city=comp["new_units_per_city"].int(low=1),
        hand_limit=cards_cfg["hand_limit"].int(low=1),
        draws=cards_cfg["draws"].int(low=1),
        character_draws=cards_cfg["character_draws"].int(low=0),
        disaster_slots=cards_cfg["disaster_slots"].int(low=1),
        two_player=_ints(comp["two_player"]),
        income=_ints(comp["income"]),
        ransom=_ints(comp["ransom"]),
        bandit_ransom=_ints(comp["bandit_ransom"]),
        victory=_ints(comp["victory"]),
        start_stronghold=comp["start"]["stronghold"].bool(),
        start_troops=_counts(comp["start"]["troops"], TROOP_TYPES),
        cards=deck,
        removed_per_sex=cards["removed_unseen_per_sex"].int(low=0, high=5),
        relics=relics,
        retainers=retainers,
    )


@cache
def load_components() -> Components:
    return parse_components(read("components.json"), read("cards.json"), read("retainers.json"))


C = load_components()
