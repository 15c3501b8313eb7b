"""Deals between players, mediated by the game master (9.1's note on buying votes, 2.15, 5.1, 7.7).

A player offers another a bundle in exchange for a bundle, as a private request (only the two see
what is offered; the table sees that a deal is on offer and whether it was struck). A bundle may
hold shillings and cards, carried as 2.15 and 9.0 carry them (ruling P1-9): in one city (a free
noble of the giver with a noble of the receiver) one Carrier Pigeon carries the whole exchange, and
allies need none there; between different cities a free noble inside a Stronghold, Fortified City
or Abbey sends one card and shillings to a noble inside another, each side by its own pigeon, and
the d6 decides (6: astray, the card is discarded and the shillings stay home). A bundle may also hold
captives the giver's families hold (set free, 7.6), cities the giver's
family controls (handed over as in 5.1, to a family of the other player present there) and a vote:
the FOR marker on a declared candidate (9.1) or the vote on the Royal Tax (9.2), pledged and then
binding. The offering player's shillings are set aside until the answer (as with pigeon offers); its
cards stay in hand (hand sizes are public) and must still be there when the deal is accepted; accepting is refused when either side can no longer
deliver, and a deal struck is carried out at once, both sides together."""

from __future__ import annotations

from typing import Any

from engine.core import Event, GameState, RuleError
from engine.fief.cards.pigeons import safe
from engine.fief.components import C
from engine.fief.estates.succession import release
from engine.fief.refusals import FiefRefusal
from engine.fief.state import Fief, allied, hand_limit
from engine.fief.war import movement

Bundle = dict[str, Any]
KEYS = ("shillings", "cards", "captives", "cities", "vote")
TAX_VOTES = ("tax_for", "tax_against")


def bundle_of(a: Any, side: str) -> Bundle:
    """The ``give_*`` or ``take_*`` arguments of a deal command as a bundle."""
    out: Bundle = {}
    if a.get(f"{side}_shillings"):
        out["shillings"] = int(a.get(f"{side}_shillings"))
    for key in ("cards", "captives", "cities"):
        value = a.get(f"{side}_{key}")
        if value:
            out[key] = [str(v) for v in ([value] if isinstance(value, str) else value)]
    if a.get(f"{side}_vote"):
        out["vote"] = str(a.get(f"{side}_vote"))
    return out


def _carried(b: Bundle) -> bool:
    return bool(b.get("shillings") or b.get("cards"))


def route(g: Fief, giver: str, receiver: str) -> tuple[str, str, str] | None:
    """2.15: the way a pigeon of ``giver`` reaches ``receiver``: ``("same", sender, to)`` for a free noble of
    the giver in one city with a noble of the receiver (allied families preferred, 9.0), else
    ``("far", sender, to)`` from a free noble inside a Stronghold, Fortified City or Abbey to a noble
    inside another such city; None when neither exists. Positions are public: both players may ask."""
    mine = sorted((n for f in g.players[giver].families for nid in g.families[f].nobles
                   if (n := g.nobles[nid]).captor is None and n.city), key=lambda n: n.id)
    theirs = sorted((n for f in g.players[receiver].families for nid in g.families[f].nobles
                     if (n := g.nobles[nid]).city), key=lambda n: n.id)
    same = [(a, b) for a in mine for b in theirs if a.city == b.city]
    if same:
        a, b = next(((a, b) for a, b in same if allied(g, a.family, b.family)), same[0])
        return "same", a.id, b.id
    far = next(((a, b) for a in mine if safe(g, a) for b in theirs if safe(g, b) and b.city != a.city), None)
    return ("far", far[0].id, far[1].id) if far else None


def free_exchange(g: Fief, r: tuple[str, str, str]) -> bool:
    """9.0: allies exchange without a pigeon when their nobles are in one city."""
    return r[0] == "same" and allied(g, g.nobles[r[1]].family, g.nobles[r[2]].family)


def needs_pigeon(g: Fief, giver: str, receiver: str) -> bool:
    """Shillings or cards go by pigeon, except between allies' nobles in one city (9.0)."""
    r = route(g, giver, receiver)
    return r is None or not free_exchange(g, r)


def _pigeon_family(g: Fief, seat: str) -> str | None:
    return next((f for f in g.players[seat].families if g.families[f].pigeons > 0), None)


def _check_route(g: Fief, giver: str, receiver: str, b: Bundle) -> None:
    """2.15: a way for the giver's shillings and cards, one card only between different cities, and the giver's
    own pigeon for a flight between cities (the one-city exchange's pigeon is the offer's: ``exchange_pigeon``)."""
    if not _carried(b):
        return
    r = route(g, giver, receiver)
    if r is None:
        raise RuleError("2.15", "shillings and cards go by Carrier Pigeon: between nobles of both players in one "
                        "city, or from a free noble inside a Stronghold, Fortified City or Abbey to a noble inside "
                        "another one",
                        code=FiefRefusal.PIGEON_ROUTE, legal="captives, cities or a vote; or meet first")
    if r[0] == "far" and len(b.get("cards", [])) > 1:
        raise RuleError("2.15", "a pigeon between different cities carries one card (and shillings)",
                        code=FiefRefusal.PIGEON_CARDS, legal="one card")
    if r[0] == "far" and _pigeon_family(g, giver) is None:
        raise RuleError("2.15", "shillings and cards go by Carrier Pigeon, and none is left",
                        code=FiefRefusal.NO_PIGEON,
                        legal="captives, cities or a vote")


def exchange_pigeon(g: Fief, by: str, to: str, give: Bundle, take: Bundle) -> str | None:
    """2.15: the family whose pigeon carries the one-city exchange (the proposer's, else the partner's),
    or None when no side sends goods within one city or only allies do (9.0). Refuses when none is left."""
    needed = any(_carried(b) and (r := route(g, x, y)) is not None and r[0] == "same" and not free_exchange(g, r)
                 for x, y, b in ((by, to, give), (to, by, take)))
    if not needed:
        return None
    fam = _pigeon_family(g, by) or _pigeon_family(g, to)
    if fam is None:
        raise RuleError("2.15", "an exchange in one city takes a Carrier Pigeon, and neither player has one left",
                        code=FiefRefusal.NO_PIGEON, legal="captives, cities or a vote")
    return fam


PLEDGE_STEPS = ("election", "ballot", "parliament", "tax_vote")   # the only steps with a vote to pledge


def vote_pledges(g: Fief, seat: str) -> list[str]:
    """What a seat may pledge now: a candidate of the election under way (a family of the seat still to lay
    its markers), or its vote on the Royal Tax once Parliament is convened (a family still to vote): convening
    ends the one-family "parliament" step at once, so only "tax_vote" has a tax vote to pledge."""
    fams = g.players[seat].families
    if g.flow.step in ("election", "ballot") and any(f not in g.politics.ballots for f in fams):
        return list(g.politics.candidates)
    if g.flow.step == "tax_vote" and g.politics.parliament_round == g.flow.round \
            and any(f not in g.politics.votes for f in fams):
        return list(TAX_VOTES)
    return []


def check_side(g: Fief, giver: str, receiver: str, b: Bundle, *, purse: bool = True, hand: bool = True) -> None:
    """Refuse unless ``giver`` can deliver ``b`` to ``receiver`` now. ``purse`` and ``hand`` say whether to
    look at the giver's shillings and cards: not when set aside already, nor, asked of the other player,
    before the answer (the asking player cannot see them)."""
    unknown = set(b) - set(KEYS)
    if unknown:
        raise RuleError("9.1", "a deal offers shillings, cards, captives, cities or a vote",
                        code=FiefRefusal.DEAL_GOODS,
                        legal=list(KEYS))
    p = g.players[giver]
    if purse and int(b.get("shillings", 0)) > p.shillings:   # a negative amount: refused by check_offer
        raise RuleError("2.15", "you cannot give more shillings than you have", code=FiefRefusal.FUNDS,
                        legal=f"0-{p.shillings}")
    if hand:
        missing = [c for c in b.get("cards", []) if c not in p.hand]
        if missing or len(set(b.get("cards", []))) != len(b.get("cards", [])):
            raise RuleError("2.15", "you can give only cards in your hand", code=FiefRefusal.NOT_IN_HAND,
                            legal=list(p.hand) or "no cards")
    _check_route(g, giver, receiver, b)
    fams = g.players[giver].families
    for nid in b.get("captives", []):
        n = g.nobles.get(nid)
        if n is None or n.captor not in fams:
            raise RuleError("7.7", "that noble is not held captive by your families", code=FiefRefusal.NOT_CAPTIVE,
                            legal=sorted(x.id for x in g.nobles.values() if x.captor in fams) or "no captives")
    if b.get("cities") and g.war.battle is not None:   # as for a hand-over by transfer_control
        raise RuleError("5.1", "control cannot change hands while a battle is fought", code=FiefRefusal.IN_BATTLE,
                        legal="after the battle")
    for city in b.get("cities", []):
        if city not in g.cities or g.cities[city].controller not in fams or _new_holder(g, city, receiver) is None:
            raise RuleError("5.1", "you may hand over only a city you control where the other player's family is present",
                            code=FiefRefusal.DEAL_CITY, legal=deal_cities(g, giver, receiver) or "none")
    if b.get("vote") and b["vote"] not in vote_pledges(g, giver):
        raise RuleError("9.1", "a vote is pledged on a declared candidate before your markers are laid, or on "
                        "the Royal Tax before you vote",
                        code=FiefRefusal.DEAL_VOTE, legal=vote_pledges(g, giver) or "none now")


def _new_holder(g: Fief, city: str, receiver: str) -> str | None:
    return next((f for f in movement.occupiers(g, city) if f in g.players[receiver].families), None)


def deal_cities(g: Fief, giver: str, receiver: str) -> list[str]:
    fams = g.players[giver].families
    if g.war.battle is not None:
        return []
    return sorted(c for c, x in g.cities.items() if x.controller in fams and _new_holder(g, c, receiver))


def check_hands(g: Fief, by: str, to: str, give: Bundle, take: Bundle) -> None:
    limit = hand_limit(g)
    gv, tk = len(give.get("cards", [])), len(take.get("cards", []))
    mine = len(g.players[by].hand) - gv + tk
    theirs = len(g.players[to].hand) - tk + gv
    if mine > limit or theirs > limit:
        raise RuleError("2.15", f"both hands must stay within {limit} cards",
                        code=FiefRefusal.HAND_LIMIT, legal="fewer cards")


def check_offer(g: Fief, by: str, to: str, give: Bundle, take: Bundle) -> None:
    if to not in g.players or to == by:
        raise RuleError("9.1", "a deal is offered to another player", code=FiefRefusal.DEAL_TO,
                        legal=[s for s in g.players if s != by])
    if not give and not take:
        raise RuleError("9.1", "a deal gives or asks for something",
                        code=FiefRefusal.EMPTY_DEAL, legal="give_... or take_...")
    if int(give.get("shillings", 0)) < 0 or int(take.get("shillings", 0)) < 0:
        raise RuleError("9.1", "shillings in a deal are counted from 1 up",
                        code=FiefRefusal.FUNDS, legal="a positive amount")
    check_side(g, by, to, give)
    check_side(g, to, by, take, purse=False, hand=False)     # the other player's purse and hand stay unknown
    check_hands(g, by, to, give, take)
    exchange_pigeon(g, by, to, give, take)


def set_aside(g: Fief, seat: str, give: Bundle) -> None:
    """The offered shillings leave the purse until the answer (cards stay in hand: hand sizes are public)."""
    g.players[seat].shillings -= int(give.get("shillings", 0))


def give_back(state: GameState, g: Fief, payload: dict[str, Any]) -> None:
    """A deal declined or lapsed: the set-aside shillings return to the offering player."""
    g.players[payload["proposer"]].shillings += int(payload["give"].get("shillings", 0))


def check_accept(g: Fief, payload: dict[str, Any]) -> None:
    by, to, give, take = payload["proposer"], payload["partner"], payload["give"], payload["take"]
    check_side(g, by, to, give, purse=False)
    check_side(g, to, by, take)
    check_hands(g, by, to, give, take)
    exchange_pigeon(g, by, to, give, take)


def acceptable(g: Fief, payload: dict[str, Any]) -> bool:
    try:
        check_accept(g, payload)
    except RuleError:
        return False
    return True


def carry_out(state: GameState, g: Fief, payload: dict[str, Any]) -> bool:
    """Both sides delivered together; True when a freed captive's family must choose a city.

    Shillings and cards travel as ``route`` finds (2.15): one pigeon for a one-city exchange (none between
    allies there, 9.0), and between cities each side's own pigeon and d6 (6: astray, the card discarded,
    the shillings back with their owner: the proposer's set-aside ones return)."""
    by, to = payload["proposer"], payload["partner"]
    give, take = payload["give"], payload["take"]
    shared = exchange_pigeon(g, by, to, give, take)
    if shared is not None:
        g.families[shared].pigeons -= 1
    set_aside(g, to, take)   # the partner's shillings leave its purse now, as the proposer's did when offering
    for giver, receiver, b in ((by, to, give), (to, by, take)):
        if _carried(b):
            _fly(state, g, giver, receiver, b)
    tasks = len(g.tasks)
    for giver, receiver, b in ((by, to, give), (to, by, take)):
        for nid in b.get("captives", []):
            release(state, g, nid, why="deal")
        for city in b.get("cities", []):
            old = g.cities[city].controller or ""
            new = _new_holder(g, city, receiver)
            assert new is not None   # check_accept found one, and nothing before this moves a family out
            movement.transfer(state, g, city, old, new)
        if b.get("vote"):
            g.politics.pledges[giver] = b["vote"]
            state.emit(Event.private((giver, receiver), "deal.pledged", seat=giver, vote=b["vote"]))
    state.emit(Event.private((by, to), "deal.struck", by=by, to=to, give=give, take=take))
    return len(g.tasks) > tasks


def _fly(state: GameState, g: Fief, giver: str, receiver: str, b: Bundle) -> None:
    """The giver's shillings (already out of its purse) and cards go to the receiver, by ``route``."""
    r = route(g, giver, receiver)
    assert r is not None   # check_accept found it
    arrived = True
    if r[0] == "far":
        sender = g.nobles[r[1]]
        fam = _pigeon_family(g, giver) or sender.family
        g.families[fam].pigeons -= 1
        state.emit(Event.public("pigeon.sent", family=sender.family, frm=r[1], to=r[2], falconer=False))
        arrived = state.rng.roll(6, why="carrier pigeon") <= 5
    shillings = int(b.get("shillings", 0))
    g.players[receiver if arrived else giver].shillings += shillings
    for c in b.get("cards", []):
        g.players[giver].hand.remove(c)
        if arrived:
            g.players[receiver].hand.append(c)
        else:
            g.character_under.append(c) if C.card(c).deck == "character" else g.fortune_discard.append(c)
    if r[0] == "far":
        lost = b.get("cards", [None])[0] if not arrived else None
        state.emit(Event.public("pigeon.arrived" if arrived else "pigeon.lost", frm=r[1], to=r[2], card_lost=lost))


# -- pledges kept (9.1, 9.2) -------------------------------------------------------------------------
def pledged(g: Fief, family: str) -> str | None:
    return g.politics.pledges.get(g.families[family].seat)


def check_ballot_pledge(g: Fief, family: str, support: str | None) -> None:
    vow = pledged(g, family)
    if vow in g.politics.candidates and support != vow:
        raise RuleError("9.1", "your FOR marker is pledged by a deal",
                        code=FiefRefusal.PLEDGED, legal=f"support:{vow}")


def check_tax_pledge(g: Fief, family: str, vote: str) -> None:
    vow = pledged(g, family)
    if vow in TAX_VOTES and vote != vow.removeprefix("tax_"):
        raise RuleError("9.2", "your vote on the Royal Tax is pledged by a deal", code=FiefRefusal.PLEDGED,
                        legal=f"vote:{vow.removeprefix('tax_')}")
