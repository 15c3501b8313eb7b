"""What every agent shares: the seat's choices in an order that depends on nothing hidden, who acts
next in a sampled game, and the random playout move."""

from __future__ import annotations

import random

from engine.core import Action, GameState, Rules

# Actions the rules let a seat repeat without limit, each undone by another free action of the same
# seat (Fief: handing a retainer back and forth, 2.12; leaving a relic in a city and taking it up
# again, 12.0). A one-step look-ahead would rather go round such a loop for ever than end a turn
# that brings a rival its income; the thinking agents leave one side of each loop out (taking a
# relic up stays: it cannot be undone once leaving is out).
STALLING = {"fief": frozenset({"give_retainer", "leave_relic"})}


def _marries_a_rival(rules: Rules, state: GameState, seat: str, action: Action) -> bool:
    """A Fief proposal to another player's noble (9.0): its worth shows only once accepted, a step
    beyond the look-ahead, and an alliance at best shares the win (8.3)."""
    if rules.name != "fief" or action.kind != "propose_marriage":
        return False
    g = state.data
    spouse = g.nobles.get(action.get("spouse"))
    return spouse is not None and g.families[spouse.family].seat != seat


def choices(rules: Rules, state: GameState, seat: str) -> list[Action]:
    """``seat``'s legal actions in a canonical order (so an agent's seed means the same thing in
    every game that looks the same to the seat)."""
    return sorted(rules.legal(state, seat), key=Action.dumps)


def _weds_a_rival(rules: Rules, state: GameState, seat: str, action: Action) -> bool:
    """Accepting another player's Fief proposal of marriage (9.0): the alliance at best shares the
    victory (8.3), and steady accepted because it measures itself against its rivals only (an
    arena steady on 2 VP shared the end of round 7 with the random family that had proposed)."""
    if rules.name != "fief" or action.kind != "respond" or not action.get("accept"):
        return False
    return any(r.id == action.get("request") and r.kind == "marriage" and r.by != seat
               for r in state.data.requests.open)


def _hands_to_itself(rules: Rules, state: GameState, seat: str, action: Action) -> bool:
    """A Fief relic (12.0) or title (4.6) handed to one of the seat's own nobles, or control of a city
    (5.1) handed to the seat's other family (two players, 13.7): the next hand-over can give it
    straight back, the same loop as a retainer's (arena schemers passed the Shinbone, and a title,
    between two of their nobles until the decision guard; a steady two-player family handed Winchester
    to its other family and back in Phase 7 without end); a gift, sale or transfer to another player
    stays."""
    if rules.name != "fief" or action.kind not in ("give_relic", "transfer_title", "transfer_control"):
        return False
    g = state.data
    if action.kind == "transfer_control":
        family = g.families.get(action.get("to"))
        return family is not None and family.seat == seat
    receiver = g.nobles.get(action.get("to"))
    return receiver is not None and receiver.family in g.players[seat].families


def _switches_sides(rules: Rules, state: GameState, seat: str, action: Action) -> bool:
    """A Fief family already fighting on one side of the battle joining the other (7.0: allies may
    switch sides at any time of the battle): the next switch can take it straight back, the same loop
    as a retainer's (a steady two-player family switched between its other family's side and the
    rival's, one decision after another, while its other family owed its losses, until the
    20,000-decision guard of ``engine.fief.balance --players 2``); joining a side the first time stays."""
    if rules.name != "fief" or action.kind != "join":
        return False
    b = state.data.war.battle
    family = action.get("family")
    return b is not None and (family in b.with_attacker or family in b.with_defender)


def worth_weighing(rules: Rules, state: GameState, seat: str, legal: list[Action]) -> list[Action]:
    """The actions steady and schemer weigh: ``legal`` without the stalling kinds, the Fief relics,
    titles and cities handed to the seat's own nobles or families, a Fief family's switch of sides in a
    battle, and the Fief proposals to rivals or acceptances of theirs (all of it when nothing else is
    left)."""
    stalling = STALLING.get(rules.name, frozenset())
    kept = [a for a in legal if a.kind not in stalling and not _marries_a_rival(rules, state, seat, a)
            and not _weds_a_rival(rules, state, seat, a)
            and not _hands_to_itself(rules, state, seat, a)
            and not _switches_sides(rules, state, seat, a)]
    return kept or legal


def actor(rules: Rules, state: GameState) -> str | None:
    """Who the search lets act next: the first seat of the first blocking decision (None when the
    game waits on nobody)."""
    for d in rules.pending(state):
        if d.blocking and d.seats:
            return d.seats[0]
    return None


def playout_move(rules: Rules, state: GameState, seat: str, legal: list[Action], rnd: random.Random) -> Action:
    """A random legal action, weighted by the game's ``agent_weight`` like the simulator's."""
    weights = rules.agent_weights(state, seat, legal)
    return rnd.choice(legal) if weights is None else rnd.choices(legal, weights)[0]
