"""What a choice does, in one short line of our own: the ``hint`` shown under a button or beside a
menu option wherever a card, a title, a relic or a retainer is offered (issue 33: no player decides
blind). The lines for cards and retainers are the mat's reminders (mat.py), so a card reads the same
in ``/game hand`` and at the choice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.actions import Action
from engine.fief.components import C
from engine.fief.state import Fief
from engine.fief.words.mat import REMINDERS, RETAINER_REMINDERS

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
    c = C.cards.get(str(cid))
    if c is None:
        return ""
    return REMINDERS.get(c.kind) or DISASTER_REMINDERS.get(c.kind, "")


def card_kind(kind: str) -> str:
    return REMINDERS.get(kind) or DISASTER_REMINDERS.get(kind, "")


def title(t: str) -> str:
    """``lord:I`` / ``bishop:york`` / ``garter``: what the title brings."""
    return TITLE_REMINDERS.get(t.partition(":")[0], "")


def relic(rid: Any) -> str:
    return RELIC_REMINDERS.get(str(rid), "")


def retainer(rid: Any) -> str:
    """What a retainer does for the noble who keeps it."""
    r = C.retainers.get(str(rid))
    return RETAINER_REMINDERS.get(r.ability, "") if r is not None else ""


def _card_played(g: Fief, a: Action) -> str:
    """The card named, else what its kind of card does (a menu of the kind before a card is chosen)."""
    return card(a.get("card")) if a.get("card") else card_kind(KIND_CARD.get(a.kind, ""))


def _retainer_given(g: Fief, a: Action) -> str:
    n = g.nobles.get(str(a.get("giver")))
    return retainer(n.retainer) if n is not None and n.retainer else ""


#: The effect line of a whole action, by its kind; a kind not listed needs none (the label says all).
HINTS: dict[str, Callable[[Fief, Action], str]] = {
    "draw": lambda g, a: "a noble, a cleric, a Burgher or a Mercenary card" if a.get("deck") == "character"
    else "may turn up a Disaster instead, which goes face down on the track",
    **dict.fromkeys(TITLE_KINDS, lambda g, a: title("lord:")),
    "award_garter": lambda g, a: title("garter") if a.get("noble") else "",
    "gift_abbess": lambda g, a: title("abbess:") if a.get("noble") else "",
    "skull": lambda g, a: relic("skull") if a.get("noble") else
    "the death goes ahead (titles pass on, 4.8); the Skull keeps its power for another death",
    **dict.fromkeys((k for k in RELIC_KINDS if k != "skull"), lambda g, a: relic(a.get("relic")) or relic(a.kind)),
    "give_retainer": _retainer_given,
    **dict.fromkeys(RETAINER_KINDS, lambda g, a: RETAINER_REMINDERS.get(RETAINER_KINDS[a.kind], "")),
    **dict.fromkeys(CARD_KINDS, _card_played),
}


def hint(g: Fief, a: Action) -> str:
    """The effect line of a whole action, or "" when the label says all there is."""
    words = HINTS.get(a.kind)
    return words(g, a) if words else ""


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
