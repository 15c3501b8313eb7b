"""Alliances (Wild Kingdom, Negotiating Table: Alliances, Renewing Alliances).

Two players form an Alliance in the Negotiation Step: one proposes, the other accepts, and each flips an
available Trade Agreement card to its Alliance side with the other's marker on it. A player is in at most
one Alliance at a time (ruling NT6). Every Alliance ends when the next Negotiation Step opens; renewing it
is forming it again. While allied:

- either may send their hand to the other by DM (``show_hand``, at any point of the round);
- abilities that target an opponent skip the ally, and eliminations caused only by the ally spare a
  player's cards (``engine.okc.effects.opponents`` and ``eliminate`` ask :meth:`Module.allied`);
- in a clash both tallies add up (``engine.okc.clash.combined``); when the allies top it together, each
  names the winner secretly, the votes are shown together, and if they differ nobody wins the Region and
  no rewards are claimed.
"""

from __future__ import annotations

from typing import Any

from engine.core import Action, Decision, DecisionKind, Event, GameState, RuleError, decision
from engine.okc.modules.api import Okc, OkcRefusal, act, declare_winner, no_winner, one
from engine.okc.modules.negotiating_table.book import table

SECTION = "Wild Kingdom: Negotiating Table, Alliances"
VOTE_STEP = "alliance_winner"


def cards(g: Okc, seat: str) -> list[dict[str, Any]]:
    """``seat``'s Trade Agreement cards: ``with`` the marker on it (None while available), ``alliance`` its side."""
    return list(table(g)["cards"][seat])


def free_card(g: Okc, seat: str) -> dict[str, Any] | None:
    return next((c for c in table(g)["cards"][seat] if c["with"] is None), None)


def ally_of(g: Okc, seat: str) -> str | None:
    for pair in table(g)["alliances"]:
        if seat in pair:
            return str(pair[1] if pair[0] == seat else pair[0])
    return None


def can_ally(g: Okc, seat: str, other: str) -> str:
    """Why ``seat`` and ``other`` cannot form an Alliance now ("" when they can)."""
    if other == seat or other not in g.players:
        return "an Alliance is formed with another player"
    for who in (seat, other):
        if ally_of(g, who) is not None:
            return f"{'you are' if who == seat else 'that player is'} already in an Alliance this round"
        if free_card(g, who) is None:
            return f"{'you have' if who == seat else 'that player has'} no available Trade Agreement card"
    return ""


def check_ally(g: Okc, seat: str, other: str) -> None:
    why = can_ally(g, seat, other)
    if why:
        raise RuleError(SECTION, why, code=OkcRefusal.NO_ALLIANCE,
                        legal=[s for s in g.order if s != seat and not can_ally(g, seat, s)] or "no Alliance now")


def form(state: GameState, a: str, b: str) -> None:
    """Both flip an available card to its Alliance side, each with the other's marker on it."""
    g: Okc = state.data
    for me, other in ((a, b), (b, a)):
        c = free_card(g, me)
        assert c is not None
        c["with"], c["alliance"] = other, True
    table(g)["alliances"].append(sorted((a, b), key=g.order.index))
    state.emit(Event.public("okc.alliance_formed", seats=sorted((a, b), key=g.order.index)))


def end_all(state: GameState) -> None:
    """Every Alliance ends when a new Negotiation Step opens (Renewing Alliances)."""
    g: Okc = state.data
    t = table(g)
    for pair in t["alliances"]:
        for seat in pair:
            for c in t["cards"][seat]:
                if c["alliance"]:
                    c["with"], c["alliance"] = None, False
        state.emit(Event.public("okc.alliance_ended", seats=list(pair)))
    t["alliances"] = []


def show_hand(state: GameState, seat: str) -> None:
    g: Okc = state.data
    ally = ally_of(g, seat)
    if ally is None:
        raise RuleError(SECTION, "you can show your hand only to the player you are allied with", code=OkcRefusal.NO_ALLY,
                        legal="form an Alliance in the Negotiation Step")
    state.emit(Event.public("okc.hand_shown", seat=seat, to=ally))
    state.emit(Event.private(ally, "okc.hand_shown.cards", seat=seat, to=ally, cards=list(g.players[seat].hand)))


# -- a clash the allies top together -----------------------------------------------------------------

def allied_win(state: GameState, rid: str, seats: list[str], best: int) -> bool:
    """Exactly the two allies top the tally: each names the winner, secretly."""
    g: Okc = state.data
    if len(seats) != 2 or ally_of(g, seats[0]) != seats[1]:
        return False
    t = table(g)
    t["vote"] = {"region": rid, "seats": list(seats), "best": best}
    t["votes"] = {}
    state.emit(Event.public("okc.alliance_vote", region=rid, seats=list(seats)))
    g.step = VOTE_STEP
    return True


def voters(g: Okc) -> list[str]:
    t = table(g)
    vote = t.get("vote")
    if g.step != VOTE_STEP or not vote or g.choice is not None:
        return []
    return [s for s in vote["seats"] if s not in t["votes"]]


def default_vote(g: Okc) -> str:
    """At the deadline both name the ally with the greater Strength of their own (Order Track on a tie)."""
    seats = table(g)["vote"]["seats"]
    tally = g.clash.tally if g.clash is not None else {}
    return str(max(seats, key=lambda s: (tally.get(s, 0), -g.order.index(s))))


def vote(state: GameState, seat: str, action: Action) -> None:
    g: Okc = state.data
    if seat not in voters(g):
        raise RuleError(SECTION, "only the allies who top a clash together name its winner, once each",
                        code=OkcRefusal.NO_VOTE, legal="wait")
    named = str(action.get("seat") or "")
    seats = table(g)["vote"]["seats"]
    if named not in seats:
        raise RuleError(SECTION, "name one of the two allies as the winner", code=OkcRefusal.BAD_VOTE, legal=list(seats))
    table(g)["votes"][seat] = named
    state.emit(Event.public("okc.alliance_voted", seat=seat))


def wait_votes(state: GameState) -> bool:
    """Once both allies have named a winner: the same name wins, different names leave a tie, no rewards."""

    g: Okc = state.data
    if voters(g):
        return False
    t = table(g)
    chosen, info = dict(t["votes"]), t["vote"]
    t["vote"], t["votes"] = None, {}
    agreed = len(set(chosen.values())) == 1
    state.emit(Event.public("okc.alliance_votes", region=info["region"], votes=chosen, agreed=agreed))
    if agreed:
        declare_winner(state, next(iter(chosen.values())), int(info["best"]))
    else:
        no_winner(state, "the allies named different winners")
    return True


def pending(g: Okc) -> list[Decision]:
    seats = voters(g)
    if not seats:
        return []
    default = act("name_winner", seat=default_vote(g))
    return [decision(f"alliance-vote-{g.round}-{table(g)['vote']['region']}", DecisionKind.SIMULTANEOUS, seats,
                     "okc.alliance_winner", default, secret=True)]


def legal(g: Okc, seat: str) -> list[Action]:
    if seat not in voters(g):
        return []
    return [one("name_winner", "seat", s) for s in table(g)["vote"]["seats"]]


def view(g: Okc, seat: str | None) -> dict[str, Any]:
    t = table(g)
    out: dict[str, Any] = {
        "alliances": [list(p) for p in t["alliances"]],
        "cards": {s: [{"with": c["with"], "side": "alliance" if c["alliance"] else "agreement"} for c in t["cards"][s]]
                  for s in g.order},
    }
    if t.get("vote"):
        out["vote"] = {"region": t["vote"]["region"], "seats": list(t["vote"]["seats"]),
                       "voted": sorted(t["votes"], key=g.order.index)}
        if seat in t["votes"]:
            out["vote"]["mine"] = t["votes"][seat]
    return out
