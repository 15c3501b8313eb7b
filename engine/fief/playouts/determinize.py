"""Sampling what one seat cannot see (for the searching agents, docs/agents.md).

The seat keeps everything its view shows: its own hand and shillings, its own troop types, every
face-up card and the public counts. Everything else is drawn afresh from the agent's generator:
the other seats' Character and Fortune cards (with the deck and the unseen nobles, 1.0), the order
of every deck, the face-down disasters (2.3, keeping the pattern of backs the table sees), the
other families' face-down troop types (4.1), the face-down relics (12.0), which of another
family's vote markers is its FOR (9.1) and how it voted on the Royal Tax (9.2), and the other seats'
shillings, which no view shows: we guess them near the seat's own purse.
Every pool is sorted before it is shuffled, so the sample depends only on what the seat knows.
"""

from __future__ import annotations

import random

from engine.fief.components import DISASTERS, C
from engine.fief.state import Fief, sort_troops

PURSE_SPREAD = 6   # the guessed purse of another seat lies within this many shillings of one's own


def determinize(g: Fief, seat: str, rnd: random.Random) -> None:
    """Redraw, in place on a copy, the facts hidden from ``seat``."""
    others = [p for s, p in sorted(g.players.items()) if s != seat]
    own_families = set(g.players[seat].families)

    def is_char(c: str) -> bool:
        return C.card(c).deck == "character"

    def is_fortune(c: str) -> bool:
        return C.card(c).deck == "fortune"

    # Character cards: the other hands, the face-down deck and the unseen nobles are one pool.
    pool = sorted([c for p in others for c in p.hand if is_char(c)] + g.character_deck + g.unseen)
    rnd.shuffle(pool)
    for p in others:
        p.hand = [pool.pop() if is_char(c) else c for c in p.hand]
    g.character_deck = [pool.pop() for _ in g.character_deck]
    g.unseen = [pool.pop() for _ in g.unseen]
    # Fortune cards and disasters: the backs the table sees stay where they are.
    fortune = sorted([c for p in others for c in p.hand if is_fortune(c)]
                     + [c for c in g.fortune_deck if C.card(c).kind not in DISASTERS])
    bad = sorted([c for c in g.fortune_deck if C.card(c).kind in DISASTERS] + g.track)
    rnd.shuffle(fortune)
    rnd.shuffle(bad)
    g.track = [bad.pop() for _ in g.track]
    for p in others:
        p.hand = [fortune.pop() if is_fortune(c) else c for c in p.hand]
    g.fortune_deck = [bad.pop() if C.card(c).kind in DISASTERS else fortune.pop() for c in g.fortune_deck]
    retainers = sorted(g.retainer_deck)
    rnd.shuffle(retainers)
    g.retainer_deck = retainers
    # Money: no view shows another seat's purse.
    mine = g.players[seat].shillings
    for p in others:
        p.shillings = rnd.randint(max(0, mine - PURSE_SPREAD), mine + PURSE_SPREAD)
    # Face-down troops of the other families (4.1), each family's types redealt over its stacks.
    for fid in sorted(g.families):
        if fid in own_families:
            continue
        stacks = [c.stacks[fid] for _, c in sorted(g.cities.items()) if fid in c.stacks and not c.stacks[fid].revealed]
        troops = sorted(t for st in stacks for t in st.troops)
        rnd.shuffle(troops)
        for st in stacks:
            st.troops = sort_troops([troops.pop() for _ in st.troops])
    # Face-down relics (12.0): nobody has seen them.
    hidden = [c for _, c in sorted(g.cities.items()) if c.hidden_relic]
    relics = sorted(c.hidden_relic for c in hidden if c.hidden_relic)
    rnd.shuffle(relics)
    for c, r in zip(hidden, relics, strict=True):
        c.hidden_relic = r
    # Vote markers lie face down (9.1, 9.2): the table sees where another family's two markers lie, not
    # which is FOR, nor how it voted on the Royal Tax. A steady last voter read the others' FOR markers
    # and chose the King (engine.fief.balance --players 3: the last in turn order won 29 of 56 elections).
    pol = g.politics
    for fid in sorted(pol.ballots):
        if fid not in own_families:
            placed = sorted(pol.ballots[fid])
            pol.ballots[fid] = placed if rnd.random() < 0.5 else placed[::-1]
    for fid in sorted(pol.votes):
        if fid not in own_families:
            pol.votes[fid] = rnd.random() < 0.5
