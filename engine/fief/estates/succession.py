"""Death of a noble and title succession (4.8), captives set free (7.6), titles passing to a
family (4.7) and title recovery on a birth (4.8, 2.11).

These functions are shared with the next phases: battles, rebellions and assassinations call
:func:`kill_noble`; a change of control calls :func:`titles.control_changed`.
"""

from __future__ import annotations

from engine.core import Event, GameState
from engine.fief.board import excalibur, relics
from engine.fief.cards.retainers import discard_retainer
from engine.fief.components import TROOP_TYPES, C
from engine.fief.crown import crowning
from engine.fief.state import (
    MAP,
    Fief,
    Task,
    controlled,
    fief_holder,
    fortified_city,
    sort_troops,
    stack,
    update_control,
)

CLERGY = ("bishop", "archbishop", "abbess")


def kill_noble(state: GameState, g: Fief, nid: str, cause: str) -> None:
    """4.8: a noble dies (:func:`die`), unless he falls where the Skull's player may raise him (12.3):
    then :func:`die` waits for that player's answer."""
    if not relics.awaits_skull(state, g, nid, cause):
        die(state, g, nid, cause)


def die(state: GameState, g: Fief, nid: str, cause: str) -> None:
    """4.8: the noble's card, standee and retainer leave the game; titles pass on or return.
    Excalibur falls where its bearer died (13.2)."""
    n = g.nobles[nid]
    city = n.city
    excalibur.fall(state, g, nid)
    state.emit(Event.public("noble.died", noble=nid, name=n.name, family=n.family, city=city, cause=cause))
    for c in [c for c in g.nobles.values() if c.held_by == nid]:
        release(state, g, c.id, why="captor died")
    if n.relics and city:
        g.cities[city].relics += n.relics
        state.emit(Event.public("relic.dropped", noble=nid, city=city, relics=list(n.relics)))
        n.relics = []
    discard_retainer(state, g, nid, why="noble died")
    spouse = g.nobles.get(n.spouse) if n.spouse else None
    if spouse:
        spouse.spouse = None
        g.families[n.family].ring = True
        g.families[spouse.family].ring = True
        state.emit(Event.public("marriage.ended", noble=nid, spouse=spouse.id))
    fiefs = [t.split(":")[1] for t in n.titles if t.startswith("lord:")]
    reigned = bool({"king", "sovereign_queen"} & set(n.titles))
    for t in n.titles:
        kind, _, what = t.partition(":")
        if kind in CLERGY:
            _clergy_card_returns(state, g, kind, what)
        elif kind in ("king", "sovereign_queen", "queen", "prince_of_wales", "garter"):
            state.emit(Event.public("title.lost", noble=nid, title=t))
    n.titles = []
    g.families[n.family].nobles.remove(nid)
    del g.nobles[nid]
    g.out_of_game.append(n.card)
    if city:
        update_control(g, city)
    for region in fiefs:
        succeed(state, g, region, n.family, spouse.id if spouse else None)
    if reigned:
        crowning.throne_empty(state, g)


def _clergy_card_returns(state: GameState, g: Fief, kind: str, what: str) -> None:
    """4.8: the card goes back to the Character deck, which is then reshuffled whole."""
    card = f"abbess-{what}" if kind == "abbess" else f"{kind}-{what}"
    if kind == "abbess":
        g.abbesses.pop(what, None)
    g.character_deck += g.character_under + [card]
    g.character_under = []
    state.rng.shuffle(g.character_deck, why="character deck (4.8)")
    state.emit(Event.public("title.returned", card=card, deck="character"))


def succeed(state: GameState, g: Fief, region: str, family: str, spouse: str | None) -> None:
    """4.8: another noble of the family, else the spouse of another family, else the Titles deck."""
    heirs = list(g.families[family].nobles)
    if len(heirs) == 1:
        give_title(state, g, region, heirs[0])
    elif heirs:
        g.tasks.append(Task("bestow", family, region=region, options=heirs))
    elif spouse and spouse in g.nobles:
        give_title(state, g, region, spouse)
        _exchange_fortified_troops(state, g, region, family, g.nobles[spouse].family)
    else:
        state.emit(Event.public("title.to_deck", title=f"lord:{region}"))


def pass_to_family(state: GameState, g: Fief, region: str, family: str) -> None:
    """4.7: a family takes a title; it chooses the noble when it has several."""
    heirs = list(g.families[family].nobles)
    holder = fief_holder(g, region)
    if holder:
        holder.titles.remove(f"lord:{region}")
        state.emit(Event.public("title.lost", noble=holder.id, title=f"lord:{region}"))
    if len(heirs) == 1:
        give_title(state, g, region, heirs[0])
    elif heirs:
        g.tasks.append(Task("bestow", family, region=region, options=heirs))
    else:
        state.emit(Event.public("title.to_deck", title=f"lord:{region}"))


def give_title(state: GameState, g: Fief, region: str, noble: str) -> None:
    g.nobles[noble].titles.append(f"lord:{region}")
    state.emit(Event.public("title.given", noble=noble, family=g.nobles[noble].family, title=f"lord:{region}",
                            rank=MAP.regions[region].rank))


def _exchange_fortified_troops(state: GameState, g: Fief, region: str, old: str, new: str) -> None:
    """4.8: troops in the Fortified City become the spouse's, as far as the spouse's stockpile allows.
    The swapped markers come from and go back to the stockpiles everyone sees, so the exchange shows
    them (ruling R26b: the event is a reveal)."""
    city = fortified_city(g, region)
    if not city or old not in g.cities[city].stacks:
        return
    src = g.cities[city].stacks[old]
    dst = stack(g, city, new)
    kept: list[str] = []
    moved: list[str] = []
    for t in src.troops:
        if g.families[new].stockpile.get(t, 0) > 0:
            g.families[new].stockpile[t] -= 1
            g.families[old].stockpile[t] = g.families[old].stockpile.get(t, 0) + 1
            dst.troops.append(t)
            moved.append(t)
        else:
            kept.append(t)  # no marker of the spouse's colour left: the troop stays as it was
    src.troops = kept
    dst.troops = sort_troops(dst.troops)
    if src.empty():
        del g.cities[city].stacks[old]
    if g.cities[city].controller == old:
        g.cities[city].controller = new
    # Ruling R26b: markers swapped one for one from the public stockpiles show what they were.
    state.emit(Event.public("troops.exchanged", city=city, old=old, new=new, count=len(moved), units=moved))


def recover_titles(state: GameState, g: Fief, family: str, noble: str) -> None:
    """4.8: an unclaimed title returns at no cost when a new noble arrives in the family that
    holds that Fiefdom's Fortified City."""
    for region in MAP.regions:
        city = fortified_city(g, region)
        if city and g.cities[city].controller == family and fief_holder(g, region) is None:
            give_title(state, g, region, noble)


def release_options(g: Fief, family: str, exclude: str = "") -> list[str]:
    """7.6/7.7: the family's Strongholds and Fortified Cities, or a city where another of its nobles stands."""
    out = [c for c in controlled(g, family)
           if g.cities[c].building in ("stronghold", "fortified", "royal_stronghold")]
    for nid in g.families[family].nobles:
        n = g.nobles[nid]
        if nid != exclude and n.captor is None and n.city and n.city not in out:
            out.append(n.city)
    return sorted(out)


def release(state: GameState, g: Fief, nid: str, why: str, to: str | None = None) -> None:
    """Set a captive free; without a chosen city the family picks one (a task) when it has a choice."""
    n = g.nobles[nid]
    held_at = n.city
    n.captor = None
    n.held_by = None
    options = release_options(g, n.family, exclude=nid)
    if to is None:
        if len(options) > 1:
            n.city = held_at
            g.tasks.append(Task("release", n.family, noble=nid, options=options))
        else:
            to = options[0] if options else held_at
    if to is not None:
        n.city = to
        n.outskirts = False
    state.emit(Event.public("captive.released", noble=nid, family=n.family, why=why, city=n.city))


def troop_types_left(g: Fief, family: str) -> dict[str, int]:
    return {t: g.families[family].stockpile.get(t, 0) for t in TROOP_TYPES if t in C.stockpile}
