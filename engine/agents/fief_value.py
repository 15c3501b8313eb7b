"""How well each seat stands in Fief: England, for the steady and schemer agents (docs/agents.md).

One number per seat, in rough "tenths of a Victory Point": the VPs themselves (8.1), the Fiefdom
titles in reach (the share of a region's cities the family controls, 4.9, whether a Stronghold
of its stands there, the shillings saved towards the nearest title, whether it could buy the
title now, 4.3, and how far its free nobles stand from the cities it still needs there, 5.0),
whether it holds and garrisons the Fortified City of each region it is titled to (4.7: a rival
who takes that city takes the title), the income it draws (3.0), its shillings, its troops by
strength (4.1), its free nobles and bishoprics, the Crown (during an election, 9.1, the crown the
markers would give if every family yet to vote backed its own candidate), the Order of the Garter
(first in the tie-break, 8.5), the threats on its cities (a rival family's troops in a city it controls), and
an alliance by marriage with another player (8.3), which at best shares the victory. The economy
counts only while it can still become titles before the game ends with Round 7 (8.5): income by
the collections left, shillings and the regions in reach until the last Purchase phase. Read on
a sampled game (``Rules.determinize``), never on the true one.
"""

from __future__ import annotations

from collections import deque

from engine.fief.components import C
from engine.fief.crown.crowning import family_votes
from engine.fief.estates.income import compute
from engine.fief.estates.titles import title_cost
from engine.fief.map import REGION_IDS
from engine.fief.state import MAP, Fief, ally_of, fief_cities, fortified_city
from engine.fief.victory import family_vp

VP = 10.0
REACH = 3.0            # a region fully controlled but not yet titled
READY = 1.5            # ... and the title could be bought now
FORT = 1.5             # a Stronghold in a region the family is claiming (4.9: the title needs one)
SAVE = 0.4             # per shilling saved towards the title nearest at hand (4.3)
HALF = 0.5             # the share of a region's cities from which saving for its title pays
CITY = 1.0
INCOME = 0.5           # per shilling of income per round
SHILLING = 0.1
STRENGTH = 0.1         # per strength point of troops (7.5)
STRONGHOLD = 0.6
NOBLE = 1.5
CAPTIVE = -0.8
CLERGY = 1.5
CROWN = 3.0
GARTER = 2.0           # the Order of the Garter on a noble with another title: first in the tie-break (8.5, 13.3)
THREAT = 0.4           # per rival troop standing in a city the family controls
ALLIANCE = -3.0        # married into another player's family: a win would be shared (8.3)
ROAD = 0.15            # per road between a free noble and the nearest city its best region still needs
EXPOSED = -4.0         # the Fortified City of a region the family is titled to is not its own (4.7, 5.1)
BARE = -1.0            # ... is its own but holds none of its troops (a lone noble may leave or die)
INCOMES = 3            # income counts in full while this many collections (3.0) remain
SPENT = 0.25           # a shilling's worth from the last Purchase phase on (crossbowmen, ransoms are left)


def scores(g: Fief) -> dict[str, float]:
    income = compute(g)
    board = _Board(g)
    econ, money = horizon(g)
    fam_score = {fid: _family(g, board, fid, econ * sum(v for _, v in income[fid]), money) for fid in g.families}
    elected = electing(g)
    if elected is not None:
        fam_score[elected] += CROWN
    out = {}
    for seat, p in g.players.items():
        out[seat] = sum(fam_score[f] for f in p.families) + money * SHILLING * p.shillings
    return out


def electing(g: Fief) -> str | None:
    """During an election (9.1), the family whose candidate the markers would crown if every family
    yet to place them backed its own candidate (and one without a candidate abstained). The markers
    count only once the last is placed, a step beyond a one-step look-ahead: without this, steady
    families declared and backed candidates at random and the last to vote chose the King."""
    p = g.politics
    if g.flow.step not in ("election", "ballot") or not p.candidates:
        return None
    to_vote = g.families if g.flow.step == "election" else g.flow.queue[g.flow.turn:]
    totals = dict.fromkeys(p.candidates, 0)
    for fid, fam in g.families.items():
        ballot = p.ballots.get(fid)
        if ballot is not None:
            backed = ballot[0]
        else:   # a family whose turn has passed without markers abstained
            backed = next((c for c in p.candidates if c in fam.nobles), "") if fid in to_vote else ""
        if backed in totals:
            totals[backed] += family_votes(g, fid)
    top = max(totals.values())
    leaders = [c for c, v in totals.items() if v == top]
    return g.nobles[leaders[0]].family if top > 0 and len(leaders) == 1 and leaders[0] in g.nobles else None


def horizon(g: Fief) -> tuple[float, float]:
    """How much the economy still counts (8.5: the game ends with Round 7): income in full while
    INCOMES collections remain (3.0, each followed by a Purchase phase) and less with each one
    fewer, none after the last; shillings, savings and the regions in reach in full while a
    Purchase phase (4.x) is still to come, and SPENT from the start of the last one, so that the
    family spends there what it would otherwise keep for nothing. Arena schemers built Mills in
    Round 7, when no collection follows."""
    left = C.victory["last_round"] - g.flow.round
    incomes = left + (1 if g.flow.phase <= 3 else 0)
    return min(incomes, INCOMES) / INCOMES, (1.0 if left > 0 or g.flow.phase < 4 else SPENT)


class _Board:
    """What every family's score reads from the map, gathered in one pass (the search scores
    thousands of sampled games a decision)."""

    def __init__(self, g: Fief) -> None:
        titled = {t for n in g.nobles.values() if n.titles for t in n.titles if t.startswith("lord:")}
        cities = g.cities
        # Untitled regions with their Fiefdom cities (4.9) and who controls each, in region order.
        self.regions = [(r, names, [cities[c].controller for c in names],
                         [cities[c].building in ("stronghold", "fortified") for c in names]) for r in REGION_IDS
                        if f"lord:{r}" not in titled and (names := fief_cities(g, r))]
        self.strength: dict[str, list[float]] = {}   # family -> troop strength per city, in city order
        self.held: dict[str, list[tuple[bool, int]]] = {}   # family -> (stronghold, rival troops) per city held
        sp = C.unit_sp.__getitem__
        for city in cities.values():
            holder = city.controller
            rivals = 0
            for fid, st in city.stacks.items():
                troops = st.troops
                strength = self.strength.get(fid)
                if strength is None:
                    strength = self.strength[fid] = []
                strength.append(STRENGTH * sum(map(sp, troops)))
                if fid != holder and not st.outskirts:
                    rivals += len(troops)
            if holder is not None:
                held = self.held.get(holder)
                if held is None:
                    held = self.held[holder] = []
                held.append((city.building in ("stronghold", "fortified"), rivals))


def _family(g: Fief, board: _Board, fid: str, income: float, money: float) -> float:
    value = VP * family_vp(g, fid) + INCOME * income
    seat = g.families[fid].seat
    ally = ally_of(g, fid)
    if ally is not None and g.families[ally].seat != seat:
        value += ALLIANCE
    best_share, needed = -1.0, []
    purse = g.players[seat].shillings
    nearest, saving = (0.0, False), 0   # the title nearest at hand (share held, a Stronghold) and its price
    for region, cities, holders, forts in board.regions:
        mine = holders.count(fid)
        share = mine / len(cities)
        fort = any(f and h == fid for f, h in zip(forts, holders, strict=True))
        value += money * (REACH + (FORT if fort else 0.0)) * share * share
        if share >= HALF and (share, fort) > nearest:
            nearest, saving = (share, fort), title_cost(g, region)
        if mine == len(cities) and fort and purse >= title_cost(g, region):
            value += money * READY
        if mine < len(cities) and share > best_share:
            best_share, needed = share, [c for c, h in zip(cities, holders, strict=True) if h != fid]
    value += money * SAVE * min(purse, saving)
    for strength in board.strength.get(fid, ()):
        value += strength
    for stronghold, rivals in board.held.get(fid, ()):
        value += CITY + (STRONGHOLD if stronghold else 0.0)
        value -= THREAT * rivals
    nobles = g.nobles
    for nid in g.families[fid].nobles:
        n = nobles[nid]
        value += CAPTIVE if n.captor is not None else NOBLE
        if n.captor is None and n.city is not None and needed:
            value -= ROAD * min(map(_ROADS[n.city].__getitem__, needed))
        for t in n.titles:
            if t.startswith(("bishop:", "archbishop:")):
                value += CLERGY
            elif t in ("king", "sovereign_queen"):
                value += CROWN
            elif t == "garter" and len(n.titles) > 1:
                value += GARTER
            elif t.startswith("lord:"):
                value += _guard(g, fid, t[5:])
    return value


def _guard(g: Fief, fid: str, region: str) -> float:
    """4.7: a family that takes a region's Fortified City takes its title, and 5.1: a city its
    controller leaves empty stands open to the first noble who walks in. Arena schemers lost
    titles, and with them outright wins, to rival nobles walking into such a city."""
    city = fortified_city(g, region)
    if city is None:
        return 0.0
    c = g.cities[city]
    if c.controller != fid:
        return EXPOSED
    st = c.stacks.get(fid)
    return 0.0 if st is not None and st.troops else BARE


def _roads_from(start: str) -> dict[str, int]:
    """The fewest roads from ``start`` to every city (5.0), ignoring who holds the cities between
    (the map is connected: every city reaches every other)."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        city = queue.popleft()
        for n in MAP.neighbours(city):
            if n not in seen:
                seen[n] = seen[city] + 1
                queue.append(n)
    return seen


_ROADS = {c: _roads_from(c) for c in MAP.cities}


def partners(g: Fief, seat: str) -> set[str]:
    """The other seats ``seat`` is allied with by marriage (8.3): not rivals to measure against."""
    out = set()
    for fid in g.players[seat].families:
        ally = ally_of(g, fid)
        if ally is not None and g.families[ally].seat != seat:
            out.add(g.families[ally].seat)
    return out
