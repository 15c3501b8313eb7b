"""Names people see for Fief's ids: families and players, nobles, cards, retainers, places,
troop types, titles and relics (Components, Definitions). Every teller and prompt names things
through here, so ``noble-estrid`` never reaches a person: it is "Lady Estrid"."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from engine.core.words import Audience, humanize, join_words, plural
from engine.fief.components import C
from engine.fief.state import MAP, Fief

UNIT_NAMES: dict[str, tuple[str, str]] = {
    "knight": ("Knight", "Knights"),
    "men": ("Man-at-Arms", "Men-at-Arms"),
    "archer": ("Archer", "Archers"),
    "crossbow": ("Crossbowman", "Crossbowmen"),
    "bombard": ("Bombard", "Bombards"),
    "trebuchet": ("Trebuchet", "Trebuchets"),
    "foot": ("foot soldier", "foot soldiers"),
}
UNIT_ORDER = ("knight", "men", "archer", "crossbow", "bombard", "trebuchet", "foot")
BUILDINGS = {"stronghold": "a Stronghold", "mill": "a Mill", "royal_stronghold": "the Royal Stronghold",
             "fortified": "fortified walls", "abbey": "an Abbey", "royal_abbey": "the Royal Abbey"}
TITLES = {"king": "King", "queen": "Queen", "sovereign_queen": "Sovereign Queen",
          "prince_of_wales": "Prince of Wales", "garter": "Knight of the Garter"}
RANK_TITLES = {"barony": "Baron", "county": "Count", "duchy": "Duke"}
RANK_TITLES_F = {"barony": "Baroness", "county": "Countess", "duchy": "Duchess"}
INVADERS = "invaders"


# -- families and people ------------------------------------------------------------------------
def family(fid: str | None) -> str:
    """"Red"; the invaders and the bandits by their own names."""
    if fid is None:
        return "nobody"
    if fid == INVADERS or fid.startswith("invaders:"):
        return "the invaders"
    if fid == "bandits":
        return "the Bandits"
    return next((f.name for f in C.families if f.id == fid), humanize(fid).title())


def seat_of(g: Fief, fid: str) -> str | None:
    f = g.families.get(fid)
    return f.seat if f else None


def is_you(g: Fief, fid: str | None, aud: Audience) -> bool:
    return fid is not None and fid in g.families and aud.is_you(g.families[fid].seat)


def family_player(g: Fief, fid: str | None, aud: Audience) -> str:
    """"Red (Alice)" in the thread; "the invaders" for the invaders."""
    if fid is None or fid not in g.families:
        return family(fid)
    return f"{family(fid)} ({aud.player(g.families[fid].seat)})"


def who(g: Fief, fid: str | None, aud: Audience, *, cap: bool = True) -> str:
    """The subject of a sentence about a family: "You" to its seat ("You (Red)" when the seat
    plays two families, 13.7), "Red (Alice)" to others."""
    if is_you(g, fid, aud):
        you = "You" if cap else "you"
        return f"{you} ({family(fid)})" if len(seat_families(g, aud.viewer or "")) > 1 else you
    name = family_player(g, fid, aud)
    return name[0].upper() + name[1:] if cap else name


def does(g: Fief, fid: str | None, aud: Audience, you_verb: str, verb: str) -> str:
    """"You lose" / "Red (Alice) loses"."""
    return f"{who(g, fid, aud)} {you_verb if is_you(g, fid, aud) else verb}"


def whose(g: Fief, fid: str | None, aud: Audience) -> str:
    """"your" / "Red's" (and "Red's" to a seat playing two families)."""
    if is_you(g, fid, aud) and len(seat_families(g, aud.viewer or "")) == 1:
        return "your"
    return f"{family(fid)}'s"


def seat_families(g: Fief, seat: str) -> list[str]:
    p = g.players.get(seat)
    return list(p.families) if p else []


def seat_player(g: Fief, seat: str, aud: Audience) -> str:
    """A player by seat: "Red (Alice)", "Red and Blue (Alice)" when one player holds two families."""
    fams = seat_families(g, seat)
    return f"{join_words(family(f) for f in fams)} ({aud.player(seat)})" if fams else aud.player(seat)


def seat_who(g: Fief, seat: str | None, aud: Audience, *, cap: bool = True) -> str:
    if seat is not None and aud.is_you(seat):
        return "You" if cap else "you"
    return seat_player(g, seat, aud) if seat is not None else "someone"


def seat_does(g: Fief, seat: str | None, aud: Audience, you_verb: str, verb: str) -> str:
    return f"{seat_who(g, seat, aud)} {you_verb if seat is not None and aud.is_you(seat) else verb}"


def noble(g: Fief, nid: str | None) -> str:
    """"Lady Estrid", "Lord Godfrey"; invader leaders; nobles already dead by their card."""
    if not nid:
        return "a noble"
    nid = str(nid)
    if nid.startswith("leader:") or nid.startswith("invaders:"):
        return "the invader leader"
    n = g.nobles.get(nid)
    if n is not None:
        name, sex = n.name, n.sex
    else:
        card = C.cards.get(f"noble-{nid}")
        if card is None:
            return humanize(nid).title()
        name, sex = card.name, card.sex
    return f"{'Lady' if sex == 'f' else 'Lord'} {name}"


def noble_of(g: Fief, nid: str | None) -> str:
    """"Lord Geoffrey (Green)": a noble with the family, where nobles of several families are listed
    (a noble's family is public). Invader leaders and the dead keep their plain name."""
    n = g.nobles.get(str(nid)) if nid else None
    return f"{noble(g, nid)} ({family(n.family)})" if n is not None and n.family else noble(g, nid)


def sex(g: Fief, nid: str | None) -> str:
    n = g.nobles.get(str(nid)) if nid else None
    card = C.cards.get(f"noble-{nid}")
    return n.sex if n else card.sex if card else "m"


def noble_title(g: Fief, nid: str | None, t: str) -> str:
    return title(t, sex(g, nid))


def nobles(g: Fief, ids: Iterable[str]) -> str:
    return join_words(noble(g, n) for n in ids)


def noble_family(g: Fief, nid: str | None) -> str | None:
    n = g.nobles.get(str(nid)) if nid else None
    return n.family if n else None


# -- cards, retainers, relics, titles -----------------------------------------------------------
def card(cid: str | None) -> str:
    if not cid:
        return "a card"
    c = C.cards.get(str(cid))
    if c is None:
        return humanize(cid).title()
    if c.kind == "noble":
        return f"{'Lady' if c.sex == 'f' else 'Lord'} {c.name}"
    return c.name


def cards(ids: Iterable[str]) -> str:
    return join_words(card(c) for c in ids)


def retainer(rid: str | None) -> str:
    r = C.retainers.get(str(rid)) if rid else None
    return r.name if r else humanize(rid or "a retainer").title()


def relic(rid: str | None) -> str:
    """"the Holy Grail" (lower-case article: use :func:`cap` at a sentence's start)."""
    name = C.relics.get(str(rid), humanize(rid or "a relic").title()) if rid else "a relic"
    return "the " + name[4:] if name.startswith("The ") else name


def abbey(aid: str | None) -> str:
    return f"the Abbey of the {str(aid).title()}" if aid else "an Abbey"


BARE_REGIONS = frozenset({"Wales"})


def region(rid: str | None) -> str:
    """A region by its map name, as said in a sentence: "Wales", "the North"."""
    r = MAP.regions.get(str(rid)) if rid else None
    if r is None:
        return humanize(rid or "a region")
    return r.name if r.name in BARE_REGIONS else f"the {r.name}"


def district(did: str | None) -> str:
    """"the Archbishopric of York"."""
    d = MAP.districts.get(str(did)) if did else None
    if d is None:
        return humanize(did or "a district")
    return f"the {d.rank.title()} of {d.name}"


def sea(sid: str | None) -> str:
    r = MAP.regions.get(str(sid)) if sid else None
    return f"the sea off {region(sid)}" if r else "the sea"


def city(name: str | None) -> str:
    return str(name) if name else "nowhere"


def title(t: str, sex: str = "m") -> str:
    """"Baron of Wales" ("Baroness" for a lady), "Bishop of Norwich", "Abbess of the Autumn", "King"."""
    kind, _, what = t.partition(":")
    if kind == "lord":
        r = MAP.regions.get(what)
        if r is None:
            return "a Fiefdom Lord"
        ranks = RANK_TITLES_F if sex == "f" else RANK_TITLES
        return f"{ranks.get(r.rank, 'Lord')} of {region(what)}"
    if kind in ("bishop", "archbishop"):
        d = MAP.districts.get(what)
        return f"{kind.title()} of {d.name if d else humanize(what).title()}"
    if kind == "abbess":
        return f"Abbess of the {what.title()}"
    return TITLES.get(kind, humanize(t).title())


def fiefdom(rid: str | None) -> str:
    """"the Barony of Wales"."""
    r = MAP.regions.get(str(rid)) if rid else None
    return f"the {r.rank.title()} of {region(rid)}" if r else "a Fiefdom"


# -- troops -------------------------------------------------------------------------------------
def unit(kind: str, n: int = 1) -> str:
    one, many = UNIT_NAMES.get(kind, (humanize(kind).title(), humanize(kind).title() + "s"))
    return plural(n, one, many)


def unit_word(kind: str) -> str:
    return UNIT_NAMES.get(kind, (humanize(kind).title(), ""))[0]


def troops(counts: Mapping[str, int] | Iterable[str], *, none: str = "no troops") -> str:
    """"2 Knights, 1 Archer and 3 Men-at-Arms" from counts or a list of unit types ("red:knight" too)."""
    if isinstance(counts, Mapping):
        c: Counter[str] = Counter({k: int(v) for k, v in counts.items()})
    else:
        c = Counter(str(u).rpartition(":")[2] for u in counts)
    parts = [unit(k, c[k]) for k in UNIT_ORDER if c.get(k)]
    parts += [unit(k, v) for k, v in sorted(c.items()) if k not in UNIT_ORDER and v]
    return join_words(parts) if parts else none


def building(what: str | None) -> str:
    return BUILDINGS.get(str(what), humanize(what or "a building"))


def shillings(n: int) -> str:
    return plural(int(n), "shilling")


def cap(text: str) -> str:
    """The first letter upper-cased, the rest kept ("red (Alice)" -> "Red (Alice)")."""
    return text[:1].upper() + text[1:]
