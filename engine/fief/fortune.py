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
        raise RuleError(section, f"you hold no {kind} card {card!r}", code="not_in_hand", legal=mine or f"no {kind}")


def _check_region(region: str, section: str) -> None:
    if region not in REGION_IDS:
        raise RuleError(section, f"no region {region!r}", code="region", legal=list(REGION_IDS))


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
                        code="harvest_region", legal=harvest_targets(g))


def check_weather(g: Fief, family: str, card: str, region: str) -> None:
    _check_card(g, family, card, "weather", "2.7")
    _check_region(region, "2.7")
    if region not in weather_targets(g):
        why = "FAMINE lies there" if region_cards(g, region, "famine") else "Good Weather already lies there"
        raise RuleError("2.7" if "FAMINE" in why else "2.9", f"no Good Weather on region {region}: {why}",
                        code="weather_region", legal=weather_targets(g))


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
def tallage_regions(g: Fief, family: str) -> list[str]:
    """A Lord's own Fiefdoms; the Sovereign's family also any ungoverned region."""
    king = sovereign(g)
    out = []
    for r in REGION_IDS:
        holder = fief_holder(g, r)
        mine = holder is not None and holder.family == family
        royal = holder is None and king is not None and king.family == family
        if (mine or royal) and not any(c.tallage == r for s in g.seas.values() for c in s):
            out.append(r)
    return out


def tithe_districts(g: Fief, family: str) -> list[str]:
    out = []
    for d in MAP.districts:
        holder = clergy_holder(g, d)
        if holder and holder.family == family and not any(c.tithe == d for s in g.seas.values() for c in s):
            out.append(d)
    return out


def check_tax(g: Fief, family: str, card: str, tallage: str | None, tithe: str | None) -> None:
    _check_card(g, family, card, "tax", "2.8")
    if not tallage and not tithe:
        raise RuleError("2.8", "name a Tallage region and/or a Tithe district", code="tax_target",
                        legal={"tallage": tallage_regions(g, family), "tithe": tithe_districts(g, family)})
    if tallage and tallage not in tallage_regions(g, family):
        raise RuleError("2.8", f"your family cannot Tallage region {tallage} (own Fiefdom, or the Sovereign on an "
                        "ungoverned region; one Tallage per region and round)", code="tallage",
                        legal=tallage_regions(g, family) or "none")
    if tithe and tithe not in tithe_districts(g, family):
        raise RuleError("2.8", f"your family cannot Tithe {tithe} (its own Bishop or Archbishop; one Tithe per "
                        "district and round)", code="tithe", legal=tithe_districts(g, family) or "none")
    if tallage and tithe and MAP.regions[tallage].district != tithe:
        raise RuleError("2.8", "one Tax card covers a Tallage and a Tithe only within one district", code="tax_split",
                        legal=f"tithe:{MAP.regions[tallage].district}")
    need = (1 if tallage else 0) + (1 if tithe else 0)
    if g.families[family].treasures < need:
        raise RuleError("11.3", f"each Tax icon takes a Treasure marker; you have {g.families[family].treasures}",
                        code="treasures", legal="one icon only" if g.families[family].treasures else "none")


def play_tax(state: GameState, g: Fief, family: str, card: str, tallage: str | None, tithe: str | None) -> None:
    player_of(g, family).hand.remove(card)
    g.families[family].treasures -= (1 if tallage else 0) + (1 if tithe else 0)
    region = tallage or MAP.districts[tithe or ""].regions[0]
    g.seas[MAP.regions[region].sea].append(SeaCard(card, "tax", by=family, tallage=tallage, tithe=tithe,
                                                   round=g.flow.round))
    state.emit(Event.public("tax.played", family=family, card=card, tallage=tallage, tithe=tithe, region=region))
