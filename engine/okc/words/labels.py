"""The label of each base-game action kind (a button's or a menu line's words), one function a kind, in a
table: :data:`ACTION_LABELS`. ``choose`` and ``pass`` are worded with the choices in
:mod:`engine.okc.words.prompts`; a module's action kinds have their own labels (``OkcWords.labels``)."""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Action, GameState
from engine.core.words import Audience, plural
from engine.okc.cards import card, pack_of
from engine.okc.words.names import (
    card_dot,
    card_name,
    council_name,
    faction_short,
    favour_ability,
    kingdom_name,
    location_name,
    location_where,
    okc,
    region_name,
    tactic_name,
    the_region,
)

Label = Callable[[GameState, str, Action, Audience], str]


def _card(action: Action) -> str:
    """The card an action names ("" when none)."""
    arg = action.get("card")
    return str(arg) if arg is not None else ""


def _bid(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    cid = _card(action)
    return f"Bid {card_dot(state, cid)}"


def _road(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    g = okc(state)
    cid = _card(action)
    top = g.kingdom_deck[0] if g.kingdom_deck else None
    where = "the Kingdom deck" if cid == top and cid not in g.great_road else "the Great Road"
    return f"Take {kingdom_name(state, cid)} from {where}"


def _steal(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    g = okc(state)
    cid = _card(action)
    owner = next((s for s in g.order if cid in g.players[s].kingdom), None)
    rival = f" from {faction_short(state, owner)}" if owner else ""
    return f"Take {kingdom_name(state, cid)}{rival}"


def _keep(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    g = okc(state)
    bid = g.revealed_bids.get(seat)
    return f"Keep {card_name(state, bid)} in hand" if bid else "Keep my bid card"


def _herald(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    return f"Herald to {location_where(state, str(action.get('location')))}"


def _claim(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    loc = str(action.get("location"))
    return f"Claim the {location_name(state, loc)}"


def _place(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    g = okc(state)
    parts = [f"{region_name(state, r.id)}: {card_name(state, str(action.get(r.id)))}" for r in g.regions
             if action.get(r.id)]
    return " · ".join(parts) or "Place no cards"


def _order(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    names = [region_name(state, str(r)) for r in action.get("regions") or ()]
    return ", then ".join(names)


def _deploy(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    n = int(action.get("count") or 0)
    return f"Send {plural(n, 'Supporter')} to {the_region(state, str(action.get('region')))}"


def _tactic(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    tid = str(action.get("id"))
    return f"Tactic: {tactic_name(state, tid)}"


def _kingdom(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    cid = _card(action)
    return f"Use {kingdom_name(state, cid)}"


def _favour(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    return f"Favour: {favour_ability(state, str(action.get('ability')))}"


def _command(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    g = okc(state)
    cid = _card(action)
    keyword = next((c.keyword for c in card(g, cid).commands if c.keyword), None) if cid in pack_of(g).cards \
        else None
    how = {"ambush": "Ambush", "flank": "Flank"}.get(str(keyword), "")
    if g.step == "autumn":
        return f"Autumn command: {card_dot(state, cid)}"
    return f"{how or 'Command'}: {card_dot(state, cid)}"


def _govern(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    cid = _card(action)
    return f"Govern: {card_dot(state, cid)} into the {council_name(state, str(action.get('council')))}"


def _journey(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    g = okc(state)
    cid = _card(action)
    lore = card(g, cid).lore if cid in pack_of(g).cards else 0
    return f"Journey with {card_dot(state, cid)} (+{lore} Lore)"


def _tie(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    cid = _card(action)
    return f"Play {card_dot(state, cid)} face down" if cid else "Pass"


def _ally(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    cid = _card(action)
    return f"Bid with the Ally {card_dot(state, cid)}" if cid else "No Ally bid"


def _ally_place(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    g = okc(state)
    parts = [f"{region_name(state, r.id)}: {card_name(state, str(action.get(r.id)))}" for r in g.regions
             if action.get(r.id)]
    return "Allies · " + " · ".join(parts) if parts else "Place no Ally"


ACTION_LABELS: dict[str, Label] = {
    "bid": _bid,
    "road": _road,
    "steal": _steal,
    "keep": _keep,
    "herald": _herald,
    "claim": _claim,
    "place": _place,
    "order": _order,
    "deploy": _deploy,
    "tactic": _tactic,
    "kingdom": _kingdom,
    "favour": _favour,
    "command": _command,
    "govern": _govern,
    "journey": _journey,
    "tie": _tie,
    "ally": _ally,
    "ally_place": _ally_place,
}
