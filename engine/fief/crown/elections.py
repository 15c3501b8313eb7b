"""Elections (9.1): when the throne is empty and at least three titles are in play, one of them a
Bishop's or an Archbishop's, the families declare candidates in turn order, then place their two
vote markers (FOR and DECOY) face down on candidates, and the markers are turned over together.

A FOR marker gives its candidate all of its family's votes (crown.family_votes); a DECOY gives
nothing. The candidate with more votes than every other is crowned (crown.crown); a tie, or no vote
at all, crowns nobody this round. Which marker is which stays secret until the tally (views.py,
``permute_hidden``); where a family placed its markers is seen by all."""

from __future__ import annotations

from engine.core import Event, GameState, RuleError
from engine.fief.crown.crowning import crown, family_votes, may_stand
from engine.fief.refusals import FiefRefusal
from engine.fief.state import Fief, sovereign

MIN_TITLES = 3


COUNTED = ("lord", "bishop", "archbishop", "abbess", "queen", "prince_of_wales")   # ruling P1-4
CLERICAL = ("bishop", "archbishop")   # 9.1: "one of which is a Bishop or Archbishop Title"


def titles_in_play(g: Fief) -> tuple[int, int]:
    """(titles that count for 9.1, of which a Bishop's or an Archbishop's): every title card held by a
    noble, Fiefdom, Ecclesiastic (an Abbess too: Definitions) or Royal (a widowed Queen, a Prince of
    Wales), one per card (ruling P1-4)."""
    titles = [t.split(":")[0] for n in g.nobles.values() for t in n.titles]
    counted = [t for t in titles if t in COUNTED]
    return len(counted), sum(1 for t in counted if t in CLERICAL)


def possible(g: Fief) -> bool:
    """9.1: the crown is free, three titles are in play with a Bishop or Archbishop, and a Lord may stand."""
    count, clerical = titles_in_play(g)
    return sovereign(g) is None and count >= MIN_TITLES and clerical >= 1 and bool(standing(g))


def standing(g: Fief) -> list[str]:
    """Lords who may still be declared candidates."""
    return sorted(n.id for n in g.nobles.values() if may_stand(g, n) and n.id not in g.politics.candidates)


def check_nominate(g: Fief, noble: str) -> None:
    if noble not in standing(g):
        raise RuleError("9.1", "a candidate is a Lord outside the clergy, neither captive nor besieged, not yet "
                        "declared", code=FiefRefusal.CANDIDATE, legal=standing(g) or "done")


def nominate(state: GameState, g: Fief, family: str, noble: str) -> None:
    g.politics.candidates.append(noble)
    state.emit(Event.public("election.candidate", family=family, noble=noble))


def check_ballot(g: Fief, support: str | None, decoy: str | None) -> None:
    if support is None and decoy is None:
        raise RuleError("9.1", "place at least one marker, or pass with done",
                        code=FiefRefusal.NO_MARKER, legal="done")
    for target in (support, decoy):
        if target is not None and target not in g.politics.candidates:
            raise RuleError("9.1", "vote markers go on the declared candidates",
                            code=FiefRefusal.NOT_CANDIDATE,
                            legal=list(g.politics.candidates))


def cast(state: GameState, g: Fief, family: str, support: str | None, decoy: str | None) -> None:
    """9.1: the markers lie face down: the table sees on whom, only the family which is which."""
    g.politics.ballots[family] = [support or "", decoy or ""]
    placed = sorted(t for t in (support, decoy) if t)
    state.emit(Event.public("election.markers", family=family, on=placed))
    state.emit(Event.private(g.families[family].seat, "election.ballot", family=family, support=support,
                             decoy=decoy))


def tally(state: GameState, g: Fief) -> None:
    """9.1: the markers are turned over; the strict highest total is crowned, a tie crowns nobody."""
    p = g.politics
    totals = {c: 0 for c in p.candidates}
    weights = {f: family_votes(g, f) for f in p.ballots}
    for fam, (support, _) in p.ballots.items():
        if support in totals:
            totals[support] += weights[fam]
    state.emit(Event.public("election.revealed", ballots={f: {"for": b[0] or None, "decoy": b[1] or None}
                                                           for f, b in sorted(p.ballots.items())},
                            weights=weights, totals=totals))
    top = max(totals.values())   # the ballot step is held only with a candidate declared
    leaders = [c for c, v in totals.items() if v == top]
    p.candidates, p.ballots = [], {}
    p.pledges = {s: v for s, v in p.pledges.items() if v in ("tax_for", "tax_against")}
    if top > 0 and len(leaders) == 1 and leaders[0] in g.nobles:
        crown(state, g, leaders[0], "election")
    else:
        state.emit(Event.public("election.failed", tied=sorted(leaders) if top > 0 else [], votes=top))


def no_candidates(state: GameState, g: Fief) -> None:
    state.emit(Event.public("election.failed", tied=[], votes=0))
