"""What a choice does, in one short line of our own: the ``hint`` shown under a button or beside a
menu option wherever a card, a title, a relic or a retainer is offered (issue 33: no player decides
blind). The lines for cards and retainers are the mat's reminders (mat.py), so a card reads the same
in ``/game hand`` and at the choice."""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action
from engine.fief.components import C
from engine.fief.state import Fief

#: Disasters never reach a hand, but the Fortune deck's cards are listed whole (tests walk the data).
DISASTER_REMINDERS = {
    "plague": "a Plague: troops and nobles in its region may die",
    "famine": "a Famine: no income from the region it strikes",
    "storms": "Storms: no crossing of the sea it lies on",
    "invasion": "an Invasion: an invader army lands",
}

TITLE_REMINDERS = {
    "lord": "a Victory Point while your family holds it, and a vote at the royal election",
    "bishop": "collects the tithes of the district, and a vote at the royal election",
    "archbishop": "collects the tithes of the district, and a vote at the royal election",
    "abbess": "her Abbey's income, and a vote at the royal election",
    "garter": "wins a tie at the end of the game; may not attack the Sovereign",
}

RELIC_REMINDERS = {
    "grail": "in a battle against its bearer, an attacker's die showing two hits does nothing",
    "chasuble": "its bearer's player may move a Storms card to a neighbouring sea once a round",
    "skull": "once a game, as any noble dies in a city, its bearer's player may raise him there, titles and all",
    "shinbone": "its bearer lifts a Famine in the district where it stands",
}

#: Action kinds whose ``card`` is the card played or handed over.
CARD_KINDS = ("discard", "play_noble", "play_abbess", "play_clergy", "play_harvest", "play_weather", "play_tax",
              "play_board_card", "rebellion", "passage", "assassinate", "justice", "ambush")
#: Commands a retainer gives, and the retainer's ability.
RETAINER_KINDS = {"muster": "sergeant", "mata": "mata"}
#: Opportunity commands and the kind of card each plays (a menu of the kind before a card is chosen).
KIND_CARD = {"rebellion": "rebellion", "passage": "passage", "assassinate": "assassination", "justice": "justice",
             "ambush": "ambush", "play_weather": "weather", "play_harvest": "harvest", "play_tax": "tax",
             "play_abbess": "abbess"}
TITLE_KINDS = ("buy_title", "grant_title", "transfer_title", "bestow")
RELIC_KINDS = ("give_relic", "leave_relic", "take_relic", "chasuble", "skull", "shinbone")


def card(cid: Any) -> str:
    """The effect of a card by id: "a new noble for your family, ..."."""
    from engine.fief.words.mat import REMINDERS
    c = C.cards.get(str(cid))
    if c is None:
        return ""
    return REMINDERS.get(c.kind) or DISASTER_REMINDERS.get(c.kind, "")


def card_kind(kind: str) -> str:
    from engine.fief.words.mat import REMINDERS
    return REMINDERS.get(kind) or DISASTER_REMINDERS.get(kind, "")


def title(t: str) -> str:
    """``lord:I`` / ``bishop:york`` / ``garter``: what the title brings."""
    return TITLE_REMINDERS.get(t.partition(":")[0], "")


def relic(rid: Any) -> str:
    return RELIC_REMINDERS.get(str(rid), "")


def retainer(rid: Any) -> str:
    """What a retainer does for the noble who keeps it."""
    from engine.fief.words.mat import RETAINER_REMINDERS
    r = C.retainers.get(str(rid))
    return RETAINER_REMINDERS.get(r.ability, "") if r is not None else ""


def hint(g: Fief, a: Action) -> str:
    """The effect line of a whole action, or "" when the label says all there is."""
    k, v = a.kind, a.get
    if k == "draw":
        if v("deck") == "character":
            return "a noble, a cleric, a Burgher or a Mercenary card"
        return "may turn up a Disaster instead, which goes face down on the track"
    if k in TITLE_KINDS:
        return title("lord:")
    if k == "award_garter":
        return title("garter") if v("noble") else ""
    if k == "gift_abbess":
        return title("abbess:") if v("noble") else ""
    if k == "skull" and not v("noble"):
        return "the death goes ahead (titles pass on, 4.8); the Skull keeps its power for another death"
    if k in RELIC_KINDS:
        return relic(v("relic")) or relic(k)
    if k == "give_retainer":
        n = g.nobles.get(str(v("giver")))
        return retainer(n.retainer) if n is not None and n.retainer else ""
    if k in RETAINER_KINDS:
        from engine.fief.words.mat import RETAINER_REMINDERS
        return RETAINER_REMINDERS.get(RETAINER_KINDS[k], "")
    if k in CARD_KINDS and v("card"):
        return card(v("card"))
    if k in KIND_CARD:
        return card_kind(KIND_CARD[k])
    return ""


def group_hint(kind: str, param: str | None, value: Any) -> str:
    """The effect line of a menu that opens on one value (``Play Lady Estrid``: the card's)."""
    if param == "card" and value is not None:
        return card(value)
    if param == "relic":
        return relic(value)
    if kind in KIND_CARD:
        return card_kind(KIND_CARD[kind])
    if kind in TITLE_KINDS:
        return title("lord:")
    return ""
