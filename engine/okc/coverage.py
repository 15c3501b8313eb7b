"""What random OKC playouts with the Wild Kingdom modules must reach (issue 15): the coverage goals
``engine.simulate okc --coverage`` counts, one line each, 0 included.

Each goal is read from the public events of a playout; :func:`marks` names the goals an event reaches.
A Wild Kingdom card counts as played when it takes effect: when gained for the cards that act at once,
Occupy or last while held, when its Kingdom action is used for the two that carry one (Horn of the Long
Road, Sky-Fire). Nothing here is a rule: it is the checklist the simulator prints, so that a goal the
random players stop reaching shows as 0. Base-game runs reach none of them.
"""

from __future__ import annotations

from engine.core import Event
from engine.okc.modules.wild_kingdom_cards import content as wild_content

_WILD = wild_content().kingdom
_WILD_ACTIONS = frozenset(k for k, card in _WILD.items() if card.action is not None)


def _wild_goal(kid: str) -> str:
    return f"Wild Kingdom card played: {_WILD[kid].name}"


_SIMPLE = {
    "okc.aeronauts_visited": "Aeronauts: Visit",
    "okc.aeronaut_taken": "Aeronauts: an Aeronaut taken as an Ally",
    "okc.ship_claimed": "Aeronauts: the Near & Far claimed as a Supporter",
    "okc.ship_placed": "Aeronauts: the Near & Far placed in a Region",
    "okc.creature_placed": "Legendary Creatures: a creature placed as a second Herald",
    "okc.creature_claimed": "Legendary Creatures: a creature card claimed after a lost Clash",
    "okc.creature_moved": "Legendary Creatures: a creature moved by an opponent's ability",
    "okc.bartered": "Negotiating Table: barter accepted",
    "okc.agreement_made": "Negotiating Table: binding Trade Agreement made",
    "okc.agreement_paid": "Negotiating Table: agreement's promised resource handed over",
    "okc.agreement_cancelled": "Negotiating Table: agreement cancelled by both parties",
    "okc.breach_claimed": "Negotiating Table: breach of free-text terms claimed",
    "okc.alliance_formed": "Negotiating Table: Alliance formed",
    "okc.hand_shown": "Negotiating Table: hand shown to an ally",
}
_FULFILLED = {"terms": "Negotiating Table: agreement fulfilled (its terms kept)",
              "consent": "Negotiating Table: agreement fulfilled (both parties said so)"}
_OUTRAGE = "Negotiating Table: agreement broken (Outrage)"
_OUTRAGE_BY = {"verdict": "Negotiating Table: Outrage by the arbiters' verdict"}
_VOTES = {True: "Negotiating Table: allies agreed on a Clash winner",
          False: "Negotiating Table: allies disagreed (the Region ties)"}

GOALS: tuple[str, ...] = (
    *_SIMPLE.values(),
    *_FULFILLED.values(), _OUTRAGE, *_OUTRAGE_BY.values(), *_VOTES.values(),
    *(_wild_goal(k) for k in sorted(_WILD, key=lambda k: _WILD[k].name)),
)


# Every kind of event that can reach a goal (the others reach none: asked of every event of a playout).
MARKING = frozenset({*_SIMPLE, "okc.agreement_fulfilled", "okc.outrage", "okc.alliance_votes", "okc.wild_gained",
                     "okc.kingdom_action"})


def marks(e: Event) -> tuple[str, ...]:
    """The goals the event reaches."""
    kind, data = e.kind, e.data
    simple = _SIMPLE.get(kind)
    if simple is not None:
        return (simple,)
    if kind == "okc.agreement_fulfilled":
        return (_FULFILLED[data["how"]],)
    if kind == "okc.outrage":
        by = _OUTRAGE_BY.get(data["why"])
        return (_OUTRAGE, by) if by else (_OUTRAGE,)
    if kind == "okc.alliance_votes":
        return (_VOTES[bool(data["agreed"])],)
    if kind == "okc.wild_gained" and data["card"] not in _WILD_ACTIONS:
        return (_wild_goal(data["card"]),)
    if kind == "okc.kingdom_action" and data["card"] in _WILD_ACTIONS:
        return (_wild_goal(data["card"]),)
    return ()
