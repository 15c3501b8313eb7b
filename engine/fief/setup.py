"""Game Setup, 1.0, 13.6-13.8: families, stockpiles, shillings, starting nobles, retainers, decks,
relics and the starting placement.

Standard start (our ruling, docs/rulings/fief.md): in turn order each family chooses a region no
other family holds and a city in it; it takes control of that city with a Stronghold, both nobles
and the starting troops listed in components.json. With the option ``random_start`` (13.6) the
region is rolled on the d6 instead (re-rolled while taken).
"""

from __future__ import annotations

from engine.core import Event, GameState, RuleError
from engine.core.rules import RANDOM_ROLE, split_roles
from engine.core.turns import rotate
from engine.fief.components import C
from engine.fief.map import REGION_IDS
from engine.fief.refusals import FiefRefusal
from engine.fief.state import (
    MAP,
    Army,
    CityState,
    Family,
    Fief,
    Noble,
    Player,
    controlled,
    sort_troops,
    stack,
)

OPTIONS = {"random_start": False, "roles": ""}


def families_for(seats: list[str]) -> dict[str, list[str]]:
    """13.7: two families per player with two players; one each otherwise (in seat order, when
    nobody chose a colour)."""
    per = 2 if len(seats) == 2 else 1
    ids = [f.id for f in C.families]
    return {s: ids[i * per:(i + 1) * per] for i, s in enumerate(seats)}


def deal_families(state: GameState) -> dict[str, list[str]]:
    """Game Setup: players pick a colour. ``roles`` (checked by ``check_options``) gives each seat's
    family or ``random``; the random ones are dealt from the colours nobody picked. With two players
    (13.7, our ruling in docs/rulings/fief.md) the picked family is the seat's first board and the
    second family is dealt at random from those left. No ``roles``: seat order, as before."""
    seats = state.seats
    chosen = split_roles(state.options.get("roles"))
    if not chosen:
        return families_for(seats)
    two = len(seats) == 2
    free = [f.id for f in C.families if f.id not in chosen]
    if two or RANDOM_ROLE in chosen:
        state.rng.shuffle(free, why="families")
    first = [c if c != RANDOM_ROLE else free.pop(0) for c in chosen]
    return {s: [first[i], *([free.pop(0)] if two else [])] for i, s in enumerate(seats)}


def new_game(state: GameState) -> Fief:
    seats = state.seats
    rng = state.rng
    owned = deal_families(state)
    two = len(seats) == 2
    players = {s: Player(s, owned[s], shillings=C.start_shillings * len(owned[s])) for s in seats}
    families = {f: Family(f, s, dict(C.stockpile), C.markers["pigeons"], C.markers["treasures"], C.markers["votes"])
                for s, fs in owned.items() for f in fs}
    g = Fief(players=players, families=families, nobles={}, cities={c: CityState() for c in MAP.cities},
             armies={f"army-{i}": Army(f"army-{i}") for i in range(1, C.invader_armies + 1)},
             seas={s: [] for s in MAP.seas}, two_player=two, random_start=bool(state.options.get("random_start")))
    # 1.0: nobles by sex, three of each removed unseen, one of each dealt to every family.
    for sex in ("m", "f"):
        pile = C.nobles(sex)
        rng.shuffle(pile, why=f"{'male' if sex == 'm' else 'female'} nobles")
        g.unseen += pile[:C.removed_per_sex]
        pile = pile[C.removed_per_sex:]
        for fam in families.values():
            card = pile.pop(0)
            _add_noble(g, fam.id, card)
        g.character_deck += pile
    # Ruling (rough spot 9): the nobles left over join the other character cards in one shuffled deck.
    g.character_deck += C.of_kind("abbess", "bishop", "archbishop", "mercenary", "burgher")
    rng.shuffle(g.character_deck, why="character deck")
    g.fortune_deck = [c.id for c in C.cards.values() if c.deck == "fortune"]
    rng.shuffle(g.fortune_deck, why="fortune and disaster deck")
    g.retainer_deck = sorted(C.retainers)
    for fam in families.values():
        for n in fam.nobles:
            draw_retainer(state, g, n)
    # Relics lie face-down on the cathedral cities.
    relics = list(C.relics)
    rng.shuffle(relics, why="relics")
    for city, relic in zip(sorted(c.name for c in MAP.cities.values() if c.cathedral), relics, strict=True):
        g.cities[city].hidden_relic = relic
    first = rng.pick(list(seats), why="first player")
    g.flow.first = first
    g.flow.order = turn_order(g, first)
    g.flow.queue = list(g.flow.order)
    state.emit(Event.public("setup.done", first=first, families={s: owned[s] for s in seats},
                            two_player=two, random_start=g.random_start))
    return g


def _add_noble(g: Fief, family: str, card: str) -> Noble:
    c = C.card(card)
    nid = card.removeprefix("noble-")
    n = Noble(nid, c.name, c.sex, family, card)
    g.nobles[nid] = n
    g.families[family].nobles.append(nid)
    return n


def draw_retainer(state: GameState, g: Fief, noble: str) -> None:
    """2.12: a newly placed noble draws a retainer, if any is left. The deck is shuffled, so the
    card drawn is a random one of those left (drawn at the moment it is needed). A scenario may
    play without Retainers (``retainers`` false)."""
    if g.retainer_deck and g.retainers:
        r = state.rng.pick(g.retainer_deck, why="retainer drawn")
        g.retainer_deck.remove(r)
        g.nobles[noble].retainer = r
        g.nobles[noble].spent = False
        state.emit(Event.public("retainer.drawn", noble=noble, retainer=r, name=C.retainers[r].name))


def turn_order(g: Fief, first: str) -> list[str]:
    """Families in turn order: the first player's families, then clockwise (13.7: both of a player's)."""
    return [f for s in rotate(list(g.players), first) for f in g.players[s].families]


def free_regions(g: Fief) -> list[str]:
    """13.6: one family per region."""
    taken = {MAP.cities[c].region for f in g.families for c in controlled(g, f)}
    return [r for r in REGION_IDS if r not in taken]


def roll_start_region(state: GameState, g: Fief) -> None:
    """13.6: roll the d6 for the starting region, again while the region is taken."""
    free = free_regions(g)
    while True:
        r = REGION_IDS[state.rng.roll(6, why="starting region") - 1]
        if r in free:
            g.flow.start_region = r
            return


def start_choices(g: Fief) -> list[str]:
    if g.random_start and g.flow.start_region:
        return list(MAP.regions[g.flow.start_region].cities)
    return [c for r in free_regions(g) for c in MAP.regions[r].cities]


def check_start(g: Fief, city: str | None) -> str:
    choices = start_choices(g)
    if city not in choices:
        why = (f"the d6 gave region {g.flow.start_region}" if g.random_start
               else "one family per region; a city of a region nobody holds")
        raise RuleError("13.6", f"{city!r} is not a starting city ({why})",
                        code=FiefRefusal.START_CITY, legal=choices)
    return city


def place_start(state: GameState, g: Fief, family: str, city: str) -> None:
    c = g.cities[city]
    c.controller = family
    if C.start_stronghold:
        c.building = "stronghold"
    fam = g.families[family]
    st = stack(g, city, family)
    for kind, n in C.start_troops.items():
        take = min(n, fam.stockpile.get(kind, 0))
        fam.stockpile[kind] -= take
        st.troops += [kind] * take
    st.troops = sort_troops(st.troops)
    for nid in fam.nobles:
        g.nobles[nid].city = city
    g.flow.start_region = None
    state.emit(Event.public("setup.placed", family=family, city=city, nobles=list(fam.nobles),
                            troops=len(st.troops), stronghold=C.start_stronghold))
