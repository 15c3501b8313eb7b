"""Fortune cards (2.7-2.9): Bountiful Harvest, Good Weather and Tax (Tallage, Tithe) with
Treasure markers (11.3).

Harvest and Weather lie on a region's sea for +1 shilling per Mill and Abbey there in Phase 3,
or cancel a Famine (Harvest) or Storms (Weather), both cards then discarded. Each kind lies at
most once on a region per round (2.9). A Tax card puts one Treasure marker on each icon used:
Tallage on the player's own Fiefdom (or the Sovereign on an ungoverned region), Tithe on the
district of the family's Bishop or Archbishop.
"""

from __future__ import annotations

from engine.core import Event, GameState, RuleError
from engine.fief.components import C
from engine.fief.map import REGION_IDS
from engine.fief.refusals import FiefRefusal
from engine.fief.state import (
    MAP,
    Fief,
    SeaCard,
    clergy_holder,
    fief_holder,
    player_of,
    region_cards,
    sovereign,
)


def _check_card(g: Fief, family: str, card: str, kind: str, section: str) -> None:
    hand = player_of(g, family).hand
    if card not in hand or C.card(card).kind != kind:
        mine = [c for c in hand if C.card(c).kind == kind]
        raise RuleError(section, f"you hold no {kind} card {card!r}",
                        code=FiefRefusal.NOT_IN_HAND, legal=mine or f"no {kind}")


def _check_region(region: str, section: str) -> None:
    if region not in REGION_IDS:
        raise RuleError(section, f"no region {region!r}", code=FiefRefusal.REGION, legal=list(REGION_IDS))


def _placed(g: Fief, region: str, kind: str) -> bool:
    return any(c.round == g.flow.round for c in region_cards(g, region, kind))


def harvest_targets(g: Fief) -> list[str]:
    return [r for r in REGION_IDS if not region_cards(g, r, "storms")
            and (region_cards(g, r, "famine") or not _placed(g, r, "harvest"))]


def weather_targets(g: Fief) -> list[str]:
    return [r for r in REGION_IDS if region_cards(g, r, "storms")
            or (not region_cards(g, r, "famine") and not _placed(g, r, "weather"))]


def check_harvest(g: Fief, family: str, card: str, region: str) -> None:
    _check_card(g, family, card, "harvest", "2.7")
    _check_region(region, "2.7")
    if region not in harvest_targets(g):
        why = "STORMS lie there" if region_cards(g, region, "storms") else "a Harvest already lies there this round"
        raise RuleError("2.7" if "STORMS" in why else "2.9", f"no Bountiful Harvest on region {region}: {why}",
                        code=FiefRefusal.HARVEST_REGION, legal=harvest_targets(g))


def check_weather(g: Fief, family: str, card: str, region: str) -> None:
    _check_card(g, family, card, "weather", "2.7")
    _check_region(region, "2.7")
    if region not in weather_targets(g):
        why = "FAMINE lies there" if region_cards(g, region, "famine") else "Good Weather already lies there"
        raise RuleError("2.7" if "FAMINE" in why else "2.9", f"no Good Weather on region {region}: {why}",
                        code=FiefRefusal.WEATHER_REGION, legal=weather_targets(g))


def play_bonus(state: GameState, g: Fief, family: str, card: str, region: str) -> None:
    """Harvest cancels Famine, Weather cancels Storms; otherwise the card lies on the sea."""
    kind = C.card(card).kind
    foe = "famine" if kind == "harvest" else "storms"
    player_of(g, family).hand.remove(card)
    sea = MAP.regions[region].sea
    enemies = region_cards(g, region, foe)
    if enemies:
        g.seas[sea].remove(enemies[0])
        g.fortune_discard += [enemies[0].card, card]
        state.emit(Event.public("fortune.cancelled", family=family, card=card, fortune=kind, region=region,
                                cancelled=enemies[0].card))
        return
    g.seas[sea].append(SeaCard(card, kind, by=family, round=g.flow.round))
    state.emit(Event.public("fortune.played", family=family, card=card, fortune=kind, region=region))


# -- Tax (2.8) -------------------------------------------------------------------------
def taxed_regions(g: Fief) -> set[str]:
    """2.9: Tallage and Tithe are both Tax cards, and a Tax card applies once per region per round:
    a region is taxed by a Tallage on it or by a Tithe on its district (a Tithe covers every region
    of the district)."""
    out: set[str] = set()
    for lying in g.seas.values():
        for c in lying:
            if c.kind != "tax":
                continue
            if c.tallage:
                out.add(c.tallage)
            if c.tithe:
                out.update(MAP.districts[c.tithe].regions)
    return out


def _may_tallage(g: Fief, family: str, region: str) -> bool:
    """2.8: a Lord on its own Fiefdom; the Sovereign on an ungoverned region."""
    holder = fief_holder(g, region)
    king = sovereign(g)
    if holder is not None:
        return holder.family == family
    return king is not None and king.family == family


def _may_tithe(g: Fief, family: str, district: str) -> bool:
    holder = clergy_holder(g, district)
    return holder is not None and holder.family == family


def tallage_regions(g: Fief, family: str) -> list[str]:
    """A Lord's own Fiefdoms; the Sovereign's family also any ungoverned region; none already taxed
    (:func:`_may_tallage` for every region, the titles read in one pass)."""
    taxed = taxed_regions(g)
    lords: dict[str, str] = {}   # region -> family of its Lord (the first holder, as fief_holder finds it)
    for n in g.nobles.values():
        for t in n.titles:
            if t.startswith("lord:"):
                lords.setdefault(t[5:], n.family)
    king = sovereign(g)
    ruler = king is not None and king.family == family
    return [r for r in REGION_IDS if (lords[r] == family if r in lords else ruler) and r not in taxed]


def tithe_districts(g: Fief, family: str) -> list[str]:
    """The districts of the family's Bishop or Archbishop with no region already taxed
    (:func:`_may_tithe` for every district, the titles read in one pass)."""
    taxed = taxed_regions(g)
    clergy: dict[str, str] = {}   # district -> family of its holder (the first, as clergy_holder finds it)
    for n in g.nobles.values():
        for t in n.titles:
            kind, _, district = t.partition(":")
            if kind == "bishop" or kind == "archbishop":
                clergy.setdefault(district, n.family)
    return [d for d in MAP.districts if clergy.get(d) == family and not taxed & set(MAP.districts[d].regions)]


def check_tax(g: Fief, family: str, card: str, tallage: str | None, tithe: str | None) -> None:
    _check_card(g, family, card, "tax", "2.8")
    if not tallage and not tithe:
        raise RuleError("2.8", "name a Tallage region and/or a Tithe district", code=FiefRefusal.TAX_TARGET,
                        legal={"tallage": tallage_regions(g, family), "tithe": tithe_districts(g, family)})
    if tallage and (tallage not in REGION_IDS or not _may_tallage(g, family, tallage)):
        raise RuleError("2.8", f"your family cannot Tallage region {tallage} (own Fiefdom, or the Sovereign on an "
                        "ungoverned region)",
                        code=FiefRefusal.TALLAGE, legal=tallage_regions(g, family) or "none")
    if tithe and (tithe not in MAP.districts or not _may_tithe(g, family, tithe)):
        raise RuleError("2.8", f"your family cannot Tithe {tithe} (only its own Bishop or Archbishop's district)",
                        code=FiefRefusal.TITHE, legal=tithe_districts(g, family) or "none")
    if tallage and tallage not in tallage_regions(g, family):
        raise RuleError("2.9", f"a Tax card already lies on region {tallage} this round (a Tallage, or a Tithe on "
                        "its district)", code=FiefRefusal.TAXED, legal=tallage_regions(g, family) or "none")
    if tithe and tithe not in tithe_districts(g, family):
        raise RuleError("2.9", "a Tax card already lies on a region of that district this round",
                        code=FiefRefusal.TAXED,
                        legal=tithe_districts(g, family) or "none")
    if tallage and tithe and MAP.regions[tallage].district != tithe:
        raise RuleError("2.8", "one Tax card covers a Tallage and a Tithe only within one district",
                        code=FiefRefusal.TAX_SPLIT,
                        legal=f"tithe:{MAP.regions[tallage].district}")
    need = (1 if tallage else 0) + (1 if tithe else 0)
    if g.families[family].treasures < need:
        raise RuleError("11.3", f"each Tax icon takes a Treasure marker; you have {g.families[family].treasures}",
                        code=FiefRefusal.TREASURES,
                        legal="one icon only" if g.families[family].treasures else "none")


def play_tax(state: GameState, g: Fief, family: str, card: str, tallage: str | None, tithe: str | None) -> None:
    player_of(g, family).hand.remove(card)
    g.families[family].treasures -= (1 if tallage else 0) + (1 if tithe else 0)
    region = tallage or MAP.districts[tithe or ""].regions[0]
    crown = tallage is not None and fief_holder(g, tallage) is None   # the Sovereign's own Tallage (2.8)
    g.seas[MAP.regions[region].sea].append(SeaCard(card, "tax", by=family, tallage=tallage, tithe=tithe,
                                                   round=g.flow.round, crown=crown))
    state.emit(Event.public("tax.played", family=family, card=card, tallage=tallage, tithe=tithe, region=region))
