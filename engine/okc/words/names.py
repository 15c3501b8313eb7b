"""Names people see for the things of The Old King's Crown: cards, Locations, Regions, factions.

Every id the engine uses (``nobility.c7``, ``harvest_field``, a seat) has a name printed on the
board or the private mat ("Knight Banneret", "Harvest Field", "The Nobility (Alice)"). Sentences
follow the reader: "you" in a DM, "The Clans (Alice)" in the thread. Faction names are plural
("The Clans reveal", "The Nobility win"), and so is "you", so every verb takes one form.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from engine.core import GameState
from engine.core.words import Audience, humanize, join_words, plural
from engine.okc.cards import card, kcard, module_kingdom, pack_of
from engine.okc.content.schema import Pack
from engine.okc.state import Okc

_PLURAL = re.compile(r"\b(\d+) (\w+)\(s\)")
TERMS = frozenset({"Govern", "Journey"})     # game terms that keep their capital inside a sentence
ROMAN = {1: "I", 2: "II", 3: "III"}
SEASONS = {"start": "Start of the Year", "spring": "Spring", "summer": "Summer", "autumn": "Autumn",
           "winter": "Winter", "over": "Game over"}


def okc(state: GameState) -> Okc:
    g: Okc = state.data
    return g


def pack(state: GameState) -> Pack:
    return pack_of(okc(state))


# -- things on the board ---------------------------------------------------------------------

def card_name(state: GameState, cid: str) -> str:
    """A Faction card as printed ("Knight Banneret"); a Kingdom card or Tactic by its name too."""
    p = pack(state)
    if cid in p.cards:
        return p.cards[cid].name
    if cid in p.kingdom:
        return p.kingdom[cid].name
    if cid in p.tactics:
        return p.tactics[cid].name
    extra = module_kingdom(okc(state).playing)
    if cid in extra:
        return extra[cid].name
    return humanize(cid).title()


def card_power(state: GameState, cid: str) -> str:
    """A Faction card with its printed Strength: "Knight Banneret (7)"."""
    p = pack(state)
    if cid in p.cards:
        return f"{p.cards[cid].name} ({p.cards[cid].strength})"
    return card_name(state, cid)


def card_dot(state: GameState, cid: str) -> str:
    """The button form: "Knight Banneret · 7"."""
    p = pack(state)
    if cid in p.cards:
        return f"{p.cards[cid].name} · {p.cards[cid].strength}"
    return card_name(state, cid)


def strength(state: GameState, cid: str) -> int:
    return card(okc(state), cid).strength if cid in pack(state).cards else 0


def cards_list(state: GameState, cids: list[str], power: bool = True) -> str:
    return join_words(card_power(state, c) if power else card_name(state, c) for c in cids)


def kingdom_name(state: GameState, kid: str) -> str:
    g = okc(state)
    known = kid in pack(state).kingdom or kid in module_kingdom(g.playing)
    return kcard(g, kid).name if known else humanize(kid).title()


def location_name(state: GameState, loc: str) -> str:
    p = pack(state)
    return p.locations[loc].name if loc in p.locations else humanize(loc).title()


def piece_name(state: GameState, piece: str) -> str:
    """A Wild Kingdom piece by the name its module gives it ("Travelling Town")."""
    for m in okc(state).playing:
        if piece in m.pieces:
            return m.pieces[piece]
    return humanize(piece).title()


def region_name(state: GameState, rid: str) -> str:
    for r in pack(state).regions:
        if r.id == rid:
            return r.name
    return humanize(rid).title()


def the_region(state: GameState, rid: str) -> str:
    return f"the {region_name(state, rid)}"


def region_of(state: GameState, loc: str) -> str | None:
    for rid, locs in okc(state).layout.items():
        if loc in locs:
            return rid
    return None


def location_where(state: GameState, loc: str) -> str:
    """"the Castle (Highlands)": a Location with the Region it lies in on this game's board."""
    rid = region_of(state, loc)
    where = f" ({region_name(state, rid)})" if rid else ""
    return f"the {location_name(state, loc)}{where}"


def council_name(state: GameState, council: str) -> str:
    p = pack(state)
    return p.councils[council].name if council in p.councils else humanize(council).title()


def tactic_name(state: GameState, tid: str) -> str:
    p = pack(state)
    return p.tactics[tid].name if tid in p.tactics else humanize(tid).title()


def favour_ability(state: GameState, aid: str) -> str:
    for a in pack(state).favour.abilities:
        if a.id == aid:
            return a.name
    return humanize(aid).title()


def marker(n: int) -> str:
    return ROMAN.get(n, str(n))


# -- people ------------------------------------------------------------------------------------

def faction_of(state: GameState, seat: str) -> str:
    """The faction's name ("The Clans"), or the seat itself when the game has no such seat."""
    g = okc(state)
    p = g.players.get(seat)
    if p is None:
        return humanize(seat)
    faction = pack(state).factions.get(p.faction)
    return faction.name if faction is not None else humanize(p.faction).title()


def faction_short(state: GameState, seat: str) -> str:
    """"the Clans": the faction's name inside a sentence, without the player."""
    name = faction_of(state, seat)
    return "the" + name[3:] if name.startswith("The ") else name


def who(state: GameState, seat: str, aud: Audience, *, start: bool = True) -> str:
    """The subject: "You" for the reader, else "The Clans (Alice)"; inside a sentence (``start`` false)
    "you" and "the Clans (Alice)". Verbs agree in the plural."""
    if aud.is_you(seat):
        return "You" if start else "you"
    if seat not in okc(state).players:
        return humanize(seat)
    name = faction_of(state, seat) if start else faction_short(state, seat)
    return f"{name} ({aud.player(seat)})"


def whom(state: GameState, seat: str, aud: Audience) -> str:
    return who(state, seat, aud, start=False)


def their(seat: str, aud: Audience) -> str:
    return "your" if aud.is_you(seat) else "their"


def owned(state: GameState, seat: str, aud: Audience, thing: str) -> str:
    """"your Herald" or "the Herald of the Clans (Alice)"; a name with its article loses it after
    "your" ("your Pretender", never "your The Pretender")."""
    if aud.is_you(seat):
        return f"your {thing.removeprefix('The ').removeprefix('the ')}"
    return f"the {thing} of {whom(state, seat, aud)}"


def card_of(state: GameState, seat: str, cid: str, aud: Audience) -> str:
    """"your Thane (6)" or "Thane (6) of the Clans (Alice)"."""
    if aud.is_you(seat):
        return f"your {card_power(state, cid).removeprefix('The ')}"
    return f"{card_power(state, cid)} of {whom(state, seat, aud)}"


def phrase(text: str) -> str:
    """Pack text inside a sentence: counts agreeing ("1 Supporter(s)" -> "1 Supporter"), no capital
    first letter, no full stop."""
    tidy = _PLURAL.sub(lambda m: plural(int(m.group(1)), m.group(2)), text.strip().rstrip("."))
    if tidy.split(" ", 1)[0].rstrip(",") in TERMS:
        return tidy
    return tidy[:1].lower() + tidy[1:]


def seats_list(state: GameState, seats: list[str], aud: Audience) -> str:
    return join_words(whom(state, s, aud) for s in seats)


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# Sources of a gain named by their kind alone, and those named after what they name (``kind:id``).
SOURCE_WORDS = {"herald": "their Herald", "journey": "a Journey", "steal": "a theft"}
SOURCE_NAMES: dict[str, Callable[[GameState, str], str]] = {
    "location": lambda state, ident: f"the {location_name(state, ident)}",
    "council": lambda state, ident: f"the {council_name(state, ident)}",
    "kingdom": kingdom_name,
    "tactic": tactic_name,
    "favour": lambda state, ident: f"the Kingdom's Favour ({favour_ability(state, ident)})",
    **dict.fromkeys(("autumn", "winter", "day", "night"), card_name),   # a card's command, by timing
}


def source(state: GameState, why: Any) -> str:
    """Where a gain came from, in words: "the Herald", "the Council of Relics", "War Horns"."""
    kind, _, ident = str(why or "").partition(":")
    if kind in SOURCE_WORDS:
        return SOURCE_WORDS[kind]
    namer = SOURCE_NAMES.get(kind)
    return namer(state, ident) if namer is not None and ident else "an effect"
