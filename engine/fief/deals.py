"""Deals between players, mediated by the game master (9.1's note on buying votes, 2.15, 5.1, 7.7).

A player offers another a bundle in exchange for a bundle, as a private request (only the two see
what is offered; the table sees that a deal is on offer and whether it was struck). A bundle may
hold shillings and cards (carried by a Carrier Pigeon of the giver's families, none between allies:
2.15, 9.0; our ruling P1-9), captives the giver's families hold (set free, 7.6), cities the giver's
family controls (handed over as in 5.1, to a family of the other player present there) and a vote:
the FOR marker on a declared candidate (9.1) or the vote on the Royal Tax (9.2), pledged and then
binding. The offering player's shillings are set aside until the answer (as with pigeon offers); its
cards stay in hand (hand sizes are public) and must still be there when the deal is accepted; accepting is refused when either side can no longer
deliver, and a deal struck is carried out at once, both sides together."""

from __future__ import annotations

from typing import Any

from engine.core import Event, GameState, RuleError
from engine.fief import movement
from engine.fief.state import Fief, allied, hand_limit
from engine.fief.succession import release

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


def needs_pigeon(g: Fief, giver: str, receiver: str, b: Bundle) -> bool:
    if not (b.get("shillings") or b.get("cards")):
        return False
    return not any(allied(g, f, h) for f in g.players[giver].families for h in g.players[receiver].families
                   if f != h)


def _pigeon_family(g: Fief, seat: str) -> str | None:
    return next((f for f in g.players[seat].families if g.families[f].pigeons > 0), None)


PLEDGE_STEPS = ("election", "ballot", "parliament", "tax_vote")   # the only steps with a vote to pledge


def vote_pledges(g: Fief, seat: str) -> list[str]:
    """What a seat may pledge now: a candidate of the election under way (a family of the seat still to lay
    its markers), or its vote on the Royal Tax (a family still to vote)."""
    fams = g.players[seat].families
    if g.flow.step in ("election", "ballot") and any(f not in g.politics.ballots for f in fams):
        return list(g.politics.candidates)
    if g.flow.step in ("parliament", "tax_vote") and g.politics.parliament_round == g.flow.round \
            and any(f not in g.politics.votes for f in fams):
        return list(TAX_VOTES)
    return []


def check_side(g: Fief, giver: str, receiver: str, b: Bundle, *, purse: bool = True, hand: bool = True) -> None:
    """Refuse unless ``giver`` can deliver ``b`` to ``receiver`` now. ``purse`` and ``hand`` say whether to
    look at the giver's shillings and cards: not when set aside already, nor, asked of the other player,
    before the answer (the asking player cannot see them)."""
    unknown = set(b) - set(KEYS)
    if unknown:
        raise RuleError("9.1", "a deal offers shillings, cards, captives, cities or a vote", code="deal_goods",
                        legal=list(KEYS))
    p = g.players[giver]
    if purse and (int(b.get("shillings", 0)) < 0 or int(b.get("shillings", 0)) > p.shillings):
        raise RuleError("2.15", "you cannot give more shillings than you have", code="funds",
                        legal=f"0-{p.shillings}")
    if hand:
        missing = [c for c in b.get("cards", []) if c not in p.hand]
        if missing or len(set(b.get("cards", []))) != len(b.get("cards", [])):
            raise RuleError("2.15", "you can give only cards in your hand", code="not_in_hand",
                            legal=list(p.hand) or "no cards")
    if needs_pigeon(g, giver, receiver, b) and _pigeon_family(g, giver) is None:
        raise RuleError("2.15", "shillings and cards go by Carrier Pigeon, and none is left", code="no_pigeon",
                        legal="captives, cities or a vote")
    fams = g.players[giver].families
    for nid in b.get("captives", []):
        n = g.nobles.get(nid)
        if n is None or n.captor not in fams:
            raise RuleError("7.7", f"your families do not hold {nid!r} captive", code="not_captive",
                            legal=sorted(x.id for x in g.nobles.values() if x.captor in fams) or "no captives")
    for city in b.get("cities", []):
        if city not in g.cities or g.cities[city].controller not in fams or _new_holder(g, city, receiver) is None:
            raise RuleError("5.1", f"you may hand over only a city you control where {receiver} is present",
                            code="deal_city", legal=deal_cities(g, giver, receiver) or "none")
    if b.get("vote") and b["vote"] not in vote_pledges(g, giver):
        raise RuleError("9.1", "a vote is pledged on a declared candidate before your markers are laid, or on "
                        "the Royal Tax before you vote", code="deal_vote", legal=vote_pledges(g, giver) or "none now")


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
        raise RuleError("2.15", f"both hands must stay within {limit} cards", code="hand_limit", legal="fewer cards")


def check_offer(g: Fief, by: str, to: str, give: Bundle, take: Bundle) -> None:
    if to not in g.players or to == by:
        raise RuleError("9.1", "a deal is offered to another player", code="deal_to",
                        legal=[s for s in g.players if s != by])
    if not give and not take:
        raise RuleError("9.1", "a deal gives or asks for something", code="empty_deal", legal="give_... or take_...")
    if int(give.get("shillings", 0)) < 0 or int(take.get("shillings", 0)) < 0:
        raise RuleError("9.1", "shillings in a deal are counted from 1 up", code="funds", legal="a positive amount")
    check_side(g, by, to, give)
    check_side(g, to, by, take, purse=False, hand=False)     # the other player's purse and hand stay unknown
    check_hands(g, by, to, give, take)


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


def acceptable(g: Fief, payload: dict[str, Any]) -> bool:
    try:
        check_accept(g, payload)
    except RuleError:
        return False
    return True


def carry_out(state: GameState, g: Fief, payload: dict[str, Any]) -> bool:
    """Both sides delivered together; True when a freed captive's family must choose a city."""
    by, to = payload["proposer"], payload["partner"]
    g.players[to].shillings += int(payload["give"].get("shillings", 0))
    _hand_over(g, by, to, payload["give"])
    if needs_pigeon(g, by, to, payload["give"]):
        g.families[_pigeon_family(g, by) or ""].pigeons -= 1
    if needs_pigeon(g, to, by, payload["take"]):
        g.families[_pigeon_family(g, to) or ""].pigeons -= 1
    set_aside(g, to, payload["take"])
    g.players[by].shillings += int(payload["take"].get("shillings", 0))
    _hand_over(g, to, by, payload["take"])
    tasks = len(g.tasks)
    for giver, receiver, b in ((by, to, payload["give"]), (to, by, payload["take"])):
        for nid in b.get("captives", []):
            release(state, g, nid, why="deal")
        for city in b.get("cities", []):
            old = g.cities[city].controller or ""
            movement.transfer(state, g, city, old, _new_holder(g, city, receiver) or "")
        if b.get("vote"):
            g.politics.pledges[giver] = b["vote"]
            state.emit(Event.private((giver, receiver), "deal.pledged", seat=giver, vote=b["vote"]))
    state.emit(Event.private((by, to), "deal.struck", by=by, to=to, give=payload["give"], take=payload["take"]))
    return len(g.tasks) > tasks


def _hand_over(g: Fief, giver: str, receiver: str, b: Bundle) -> None:
    for c in b.get("cards", []):
        g.players[giver].hand.remove(c)
        g.players[receiver].hand.append(c)


# -- pledges kept (9.1, 9.2) -------------------------------------------------------------------------
def pledged(g: Fief, family: str) -> str | None:
    return g.politics.pledges.get(g.families[family].seat)


def check_ballot_pledge(g: Fief, family: str, support: str | None) -> None:
    vow = pledged(g, family)
    if vow in g.politics.candidates and support != vow:
        raise RuleError("9.1", "your FOR marker is pledged by a deal", code="pledged", legal=f"support:{vow}")


def check_tax_pledge(g: Fief, family: str, vote: str) -> None:
    vow = pledged(g, family)
    if vow in TAX_VOTES and vote != vow.removeprefix("tax_"):
        raise RuleError("9.2", "your vote on the Royal Tax is pledged by a deal", code="pledged",
                        legal=f"vote:{vow.removeprefix('tax_')}")
