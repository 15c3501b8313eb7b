"""The Character Opportunity space of the Family Board (11.0), Mercenary Crossbowmen (11.1) and the
Burgher's titled-Lord condition (11.2).

A Mercenary or Burgher card from the hand is laid on the family board's right-hand space at any time
but a Draw action (11.0); a card already there is discarded (with the Crossbowmen still on it) to make
room. A Mercenary card brings three Crossbowmen, hired at any time for 2 shillings each into cities
(:func:`hire`, also mid-battle or against a Rebellion), or lent and rented to other players (a
``mercenaries`` request). Beaten ones go to the common stock (``state.return_troop``); when all three
are beaten the card is discarded; at the end of the round the others go back to their card. A Burgher
stays only while its family has a titled Lord (checked after every action, ruling M2). Rulings M1-M6
in docs/rulings/fief.md.
"""

from __future__ import annotations

from engine.core import Event, GameState, RuleError
from engine.fief.board.state import Mercenary
from engine.fief.components import C
from engine.fief.refusals import FiefRefusal
from engine.fief.state import Fief, player_of, sort_troops, stack, update_control
from engine.fief.war import movement

PER_CARD = 3                      # 11.1: three Crossbowmen on each Mercenary card
BOARD_KINDS = ("mercenary", "burgher")


def hire_cost(count: int) -> int:
    return C.costs["crossbow"] * count


def has_titled_lord(g: Fief, family: str) -> bool:
    """11.2: a Lord (a Fiefdom title, 4.3) among the family's nobles, captives included."""
    nobles = g.nobles   # is_lord for each noble, without a generator (asked after every action for a Burgher)
    for nid in g.families[family].nobles:
        titles = nobles[nid].titles
        if titles:
            for t in titles:
                if t.startswith("lord:"):
                    return True
    return False


# -- the Character Opportunity space (11.0) ------------------------------------------------------
def check_place(g: Fief, seat: str, family: str, card: str) -> None:
    """11.0-11.2: a Mercenary or Burgher card from your hand onto one of your families' boards."""
    if family not in g.players[seat].families:
        raise RuleError("11.0", "the card goes on one of your own family boards",
                        code=FiefRefusal.NOT_YOUR_FAMILY,
                        legal=g.players[seat].families)
    if card not in g.players[seat].hand or C.card(card).kind not in BOARD_KINDS:
        cards = [c for c in g.players[seat].hand if C.card(c).kind in BOARD_KINDS]
        raise RuleError("11.0", "only a Mercenary or Burgher card from your hand goes on the family board",
                        code=FiefRefusal.NOT_BOARD_CARD, legal=cards or "none in your hand")
    if C.card(card).kind == "burgher" and not has_titled_lord(g, family):
        raise RuleError("11.2", "a Burgher serves only a family with a titled Lord",
                        code=FiefRefusal.BURGHER_NEEDS_LORD,
                        legal="buy or win a Fiefdom title first")


def place(state: GameState, g: Fief, seat: str, family: str, card: str) -> None:
    """Lay ``card`` on the family's right-hand space; the card there before is discarded (11.1). A
    Mercenary card brings its three Crossbowmen, less those still hired out on the map since it was
    last discarded this round: they return to it at the end of the round (ruling M1)."""
    fam = g.families[family]
    if fam.board_card:
        discard(state, g, family, "replaced")
    g.players[seat].hand.remove(card)
    fam.board_card = card
    if C.card(card).kind == "mercenary":
        out = dict(g.mercenaries[card].hired) if card in g.mercenaries else {}
        g.mercenaries[card] = Mercenary(card, PER_CARD - sum(out.values()), 0, out)
    state.emit(Event.public("board.card_placed", family=family, card=card, seat=seat))


def discard(state: GameState, g: Fief, family: str, why: str) -> None:
    """The board card is discarded under the Character deck; a Mercenary's Crossbowmen still on it go
    with it, those already hired stay until the end of the round (ruling M1)."""
    fam = g.families[family]
    card = fam.board_card
    if card is None:
        return
    fam.board_card = None
    g.character_under.append(card)
    left = 0
    m = g.mercenaries.get(card)
    if m is not None:
        left, m.on_card = m.on_card, 0
        if not m.hired:
            del g.mercenaries[card]
    state.emit(Event.public("board.card_discarded", family=family, card=card, why=why, crossbows=left))


def settle(state: GameState, g: Fief) -> None:
    """After every action: a Mercenary card whose three Crossbowmen are beaten is discarded (11.1);
    a Burgher whose family no longer has a titled Lord is discarded (11.2, ruling M2)."""
    for fid, fam in g.families.items():
        card = fam.board_card
        if card is None:
            continue
        kind = C.cards[card].kind
        if kind == "mercenary" and g.mercenaries[card].beaten >= PER_CARD:
            discard(state, g, fid, "all beaten")
        elif kind == "burgher" and not has_titled_lord(g, fid):
            discard(state, g, fid, "no lord")


# -- hiring (11.1) ---------------------------------------------------------------------------------
def card_of(g: Fief, seat: str) -> str | None:
    """The Mercenary card on one of the seat's boards that still has Crossbowmen."""
    for f in g.players[seat].families:
        card = g.families[f].board_card
        if card in g.mercenaries and g.mercenaries[card].on_card:
            return card
    return None


def hire_cities(g: Fief, family: str) -> list[str]:
    """11.1: "place each in any City of choice" (ruling M4): every city, those where the family stands
    (troops or a free noble) or that it controls first. During a battle, the battle's city only for a
    family of a side that still stands there (a battle is joined by those present, P2-21)."""
    own = {n.city for n in g.nobles.values() if n.family == family and n.captor is None and n.city}
    for c, cs in g.cities.items():
        if cs.controller == family or ((st := cs.stacks.get(family)) is not None and not st.empty()):
            own.add(c)
    b = g.war.battle
    rest = [c for c in sorted(g.cities) if c not in own and (b is None or c != b.city)]
    return sorted(own) + rest


def check_hire(g: Fief, seat: str, card: str | None, family: str, city: str, count: int, price: int = 0) -> str:
    """The card whose Crossbowmen are hired by ``seat`` for ``family`` into ``city``."""
    card = card or card_of(g, seat)
    owner = next((f for f in g.players[seat].families if g.families[f].board_card == card), None)
    if card is None or owner is None or card not in g.mercenaries:
        raise RuleError("11.1", "you have no Mercenary card on your family board",
                        code=FiefRefusal.NO_MERCENARIES,
                        legal="play a Mercenary card first")
    m = g.mercenaries[card]
    if count < 1 or count > m.on_card:
        raise RuleError("11.1", f"{m.on_card} Crossbowmen wait on the card", code=FiefRefusal.CROSSBOWS_LEFT,
                        legal=list(range(1, m.on_card + 1)) or "none")
    cities = hire_cities(g, family)
    if city not in cities:
        why = "no city of that name" if city not in g.cities else \
            f"a battle is being fought in {city}: only a family of a side still standing there hires into it"
        raise RuleError("11.1", f"Crossbowmen go to any city (11.1), but {why}", code=FiefRefusal.HIRE_CITY,
                        legal=cities[:8])   # never empty: only a battle's city is ever left out
    if player_of(g, owner).shillings < hire_cost(count):
        raise RuleError("11.1", f"hiring costs {hire_cost(count)} shillings", code=FiefRefusal.SHILLINGS,
                        legal="fewer Crossbowmen")
    if price < 0:
        raise RuleError("11.1", "a price is a number of shillings", code=FiefRefusal.PRICE, legal="0 or more")
    return card


def hire(state: GameState, g: Fief, family: str, city: str, count: int, card: str | None = None,
         paid: bool = False) -> None:
    """11.1: ``count`` Crossbowmen of the card leave it for ``family``'s forces in ``city`` (the card's
    owner pays 2 shillings each unless ``paid``). Callable by other rule areas (a Rebellion's losses,
    a battle) after :func:`check_hire`."""
    if card is None:
        card = next(c for c, m in sorted(g.mercenaries.items()) if m.on_card and any(
            f.board_card == c and f.seat == g.families[family].seat for f in g.families.values()))
    owner = next(f for f, fam in g.families.items() if fam.board_card == card)
    m = g.mercenaries[card]
    if not paid:
        player_of(g, owner).shillings -= hire_cost(count)
    m.on_card -= count
    m.hired[family] = m.hired.get(family, 0) + count
    before = g.cities[city].stacks.get(family)
    new = before is None or before.empty()
    st = stack(g, city, family)
    st.troops = sort_troops(st.troops + ["crossbow"] * count)
    state.emit(Event.public("mercenaries.hired", card=card, owner=owner, family=family, city=city, count=count))
    if new:
        arrive(state, g, city, family)


def arrive(state: GameState, g: Fief, city: str, family: str) -> None:
    """5.1 for hired Crossbowmen placed where the family had nothing (ruling M4): an empty Independent city
    is theirs; a city another family holds, or invaders stand in, sees them on its outskirts (5.0, 6.6)."""

    c = g.cities[city]
    st = c.stacks[family]
    if movement.invaded(g, city) or (c.controller is not None and c.controller != family
                                     and not any(n.city == city and n.family == family and n.captor is None
                                                 and not n.outskirts for n in g.nobles.values())):
        st.outskirts = True
        return
    if c.controller is None:
        movement.settle_control(state, g, city)


# -- lending and renting (11.1) ----------------------------------------------------------------------
def lend_holds(g: Fief, p: dict) -> bool:  # type: ignore[type-arg]
    """The card is still on the lender's board and the renter still stands where they go."""
    return g.families[p["family"]].board_card == p["card"] and p["city"] in hire_cities(g, p["renter"])


def lend_check(g: Fief, p: dict) -> None:  # type: ignore[type-arg]
    if player_of(g, p["renter"]).shillings < p["price"]:
        raise RuleError("11.1", f"you cannot pay the {p['price']} shillings asked",
                        code=FiefRefusal.SHILLINGS,
                        legal="accept:false")


def lent(state: GameState, g: Fief, p: dict) -> bool:  # type: ignore[type-arg]
    """The renter accepts: it pays the price; the Crossbowmen (set aside with the offer) join it."""
    player_of(g, p["renter"]).shillings -= p["price"]
    player_of(g, p["family"]).shillings += p["price"]
    g.mercenaries[p["card"]].on_card += p["count"]
    hire(state, g, p["renter"], p["city"], p["count"], card=p["card"], paid=True)
    return False


def not_lent(state: GameState, g: Fief, p: dict) -> None:  # type: ignore[type-arg]
    """Refused or lapsed: the hire money goes back, and the Crossbowmen set aside to their card
    unless it was discarded meanwhile (they left with it, ruling M1)."""
    player_of(g, p["family"]).shillings += hire_cost(p["count"])
    if g.families[p["family"]].board_card == p["card"]:
        g.mercenaries[p["card"]].on_card += p["count"]


def set_aside(g: Fief, owner: str, card: str, count: int) -> None:
    player_of(g, owner).shillings -= hire_cost(count)
    g.mercenaries[card].on_card -= count


# -- battles and the end of the round (11.1) -------------------------------------------------------
def only_crossbows(troops: list[str]) -> bool:
    """11.1: a side whose troops are Crossbowmen alone takes no captives: it slays the nobles."""
    return bool(troops) and all(t.rpartition(":")[2] == "crossbow" for t in troops)


def end_round(state: GameState, g: Fief) -> None:
    """11.1 (8.0): the Crossbowmen still on the map go back to their cards."""
    for name, c in g.cities.items():
        for fid in list(c.stacks):
            st = c.stacks[fid]
            if "crossbow" not in st.troops:
                continue
            st.troops = [t for t in st.troops if t != "crossbow"]
            if st.empty():
                del c.stacks[fid]
                update_control(g, name)
    for card, m in list(g.mercenaries.items()):
        returned = sum(m.hired.values())
        m.hired = {}
        on_board = any(f.board_card == card for f in g.families.values())
        if on_board:
            m.on_card += returned
        else:
            del g.mercenaries[card]
        if returned:
            state.emit(Event.public("mercenaries.returned", card=card, count=returned, to_card=on_board))
