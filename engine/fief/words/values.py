"""The name people see (and may type) for a command's parameter value: a word table.

``BY_KIND`` names a value by the command and the parameter (a ``to`` is a noble for a pigeon, a family
for a city handed over); ``BY_PARAM`` by the parameter alone. A list is named item by item; shillings,
yes and no by the value's type; anything else is written as it is."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.words import Audience, join_words
from engine.fief.state import MAP, Fief
from engine.fief.words import names as N
from engine.fief.words.events_table import WHAT
from engine.fief.words.labels import NEXT, PASSAGE_USES, PILLAGE, escorts_text, units_label

Namer = Callable[[Fief, str, Any], str]   # (the game, the command's kind, the value) -> words

SHILLINGS = ("price", "amount", "shillings", "give_shillings", "take_shillings")


def _noble(g: Fief, kind: str, v: Any) -> str:
    return N.noble(g, str(v))


def _noble_of(g: Fief, kind: str, v: Any) -> str:
    """A noble with its family, where the player picks among other families' nobles."""
    return N.noble_of(g, str(v))


def _player(g: Fief, kind: str, v: Any) -> str:
    return N.seat_player(g, str(v), Audience())


def _family(g: Fief, kind: str, v: Any) -> str:
    return N.family(str(v))


def _marker(g: Fief, kind: str, v: Any) -> str:
    """9.1: a vote marker laid on a candidate, or on nobody."""
    if v == "none":
        return "no marker"
    return N.noble_of(g, str(v)) if kind == "vote_election" else N.noble(g, str(v))


def _units(g: Fief, kind: str, v: Any) -> str:
    return units_label(v) if "@" in str(v) else N.troops([str(v)])


def _army(g: Fief, kind: str, v: Any) -> str:
    a = g.armies.get(str(v))
    return f"the invaders at {a.city}" if a and a.city else "the invaders"


def _request(g: Fief, kind: str, v: Any) -> str:
    r = next((r for r in g.requests.open if r.id == v), None)
    return f"request about {WHAT.get(r.kind, 'something')}" if r else f"request {v}"


def _offer(g: Fief, kind: str, v: Any) -> str:
    o = next((o for o in g.offers.open if o.id == v), None)
    return f"offer from {N.seat_player(g, o.by, Audience())}" if o else f"offer {v}"


def _place(g: Fief, kind: str, v: Any) -> str:
    return str(v) if str(v) in MAP.cities else N.cap(str(v))


def _pillage(g: Fief, kind: str, v: Any) -> str:
    return PILLAGE.get(str(v), "{city}").format(city="a city").replace(" at a city", "")


BY_KIND: dict[tuple[str, str], Namer] = {
    ("battle_next", "destroy"): lambda g, k, v: "Destroy your own engines here first" if v else "Keep your engines",
    ("pigeon", "to"): _noble_of, ("pigeon_offer", "to"): _noble_of, ("give_relic", "to"): _noble_of,
    ("nominate", "noble"): _noble_of,
    ("assassinate", "target"): _noble_of, ("justice", "target"): _noble_of, ("ambush", "target"): _noble_of,
    ("battle", "target"): _noble, ("battle_next", "target"): _noble,
    ("battle", "sponsor"): _noble, ("battle_next", "sponsor"): _noble, ("assassinate", "sponsor"): _noble,
    ("justice", "sponsor"): _noble, ("ambush", "sponsor"): _noble,
    ("transfer_title", "to"): _noble,
    ("mata", "target"): _player, ("give_tax", "to"): _player, ("deal", "to"): _player,
    ("transfer_control", "to"): _family,
    ("pillage", "what"): _pillage,
}

BY_PARAM: dict[str, Namer] = {
    **dict.fromkeys(("noble", "giver", "receiver", "sender", "captive", "holder"), _noble),
    "support": _marker, "decoy": _marker,
    "give_vote": lambda g, k, v: {"tax_for": "for the Royal Tax", "tax_against": "against the Royal Tax"}.get(
        str(v), N.noble(g, str(v))),
    "take_vote": lambda g, k, v: {"tax_for": "for the Royal Tax", "tax_against": "against the Royal Tax"}.get(
        str(v), N.noble(g, str(v))),
    "give_captives": _noble, "take_captives": _noble,
    "give_cities": lambda g, k, v: str(v), "take_cities": lambda g, k, v: str(v),
    "vote": lambda g, k, v: "for the tax" if v == "for" else "against the tax",
    **dict.fromkeys(("card", "give_cards", "take_cards"), lambda g, k, v: N.card(str(v))),
    "region": lambda g, k, v: N.region(str(v)), "tallage": lambda g, k, v: N.region(str(v)),
    "tithe": lambda g, k, v: N.district(str(v)),
    "abbey": lambda g, k, v: N.abbey(str(v)).removeprefix("the "),
    **dict.fromkeys(("against", "family", "side"), _family),
    "deck": lambda g, k, v: "Character deck" if v == "character" else "Fortune deck",
    "use": lambda g, k, v: PASSAGE_USES.get(str(v), str(v)).format(noble="a noble", city="a city",
                                                                  to="a neighbouring city"),
    "how": lambda g, k, v: "pay them off" if v == "pay" else "plead with them",
    "units": _units, "troops": _units,
    "what": lambda g, k, v: N.building(str(v)).removeprefix("a ").removeprefix("the "),
    "choice": lambda g, k, v: NEXT.get(str(v), str(v)),
    "via": lambda g, k, v: {"road": "by road", "sea": "by sea", "sherwood": "via Sherwood",
                            "royal": "by the royal road"}.get(str(v), str(v)),
    "army": _army,
    "request": _request,
    "offer": _offer,
    "city": _place, "to": _place,
}


def value_label(g: Fief, seat: str | None, kind: str, param: str, value: Any) -> str:
    """The name people see (and may type) for a parameter value."""
    if isinstance(value, (list, tuple)):
        if param == "escorts":
            return escorts_text(g, value)
        if param in ("units", "troops"):
            return units_label(value) if any("@" in str(x) for x in value) else N.troops(value, none="no troops")
        return join_words(value_label(g, seat, kind, param, x) for x in value) or "none"
    if param in SHILLINGS and isinstance(value, int):
        return N.shillings(value)
    namer = BY_KIND.get((kind, param))
    if namer is None and isinstance(value, bool):
        return "yes" if value else "no"
    namer = namer or BY_PARAM.get(param)
    return namer(g, kind, value) if namer else str(value)
