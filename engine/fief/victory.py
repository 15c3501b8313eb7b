"""Victory (8.1-8.3, 8.5, 13.7, 13.8).

VPs: one per Fiefdom title held by the family's nobles, one for the Relic VP marker. From the
end of Round 5 a lone player wins with 3 VPs, two players allied by marriage with 4 together; a
solo victory beats an alliance. After Round 7 the most VPs wins; ties go to the highest title
(Order of the Garter with a title, then the Sovereign, then Duke, Count, Baron).
With two players (13.7) a player's two families count together, win from Round 5 with 4 VPs only
when married to each other, and after Round 7 the most VPs wins married or not (our ruling).
"""

from __future__ import annotations

from engine.fief.components import C
from engine.fief.state import MAP, Fief, ally_of
from engine.fief.titles import RANK_ORDER, vp_titles

Side = tuple[str, ...]


def family_vp(g: Fief, family: str) -> int:
    return len(vp_titles(g, family)) + (1 if g.relic_vp == family else 0)


def seat_vp(g: Fief, seat: str) -> int:
    return sum(family_vp(g, f) for f in g.players[seat].families)


def sides(g: Fief) -> list[tuple[Side, bool]]:
    """(seats, allied) for every side: alliances of two players by marriage, or lone players."""
    out: list[tuple[Side, bool]] = []
    seen: set[str] = set()
    for seat in g.players:
        if seat in seen:
            continue
        partner = None
        for f in g.players[seat].families:
            ally = ally_of(g, f)
            if ally and g.families[ally].seat != seat:
                partner = g.families[ally].seat
        if g.two_player:
            a, b = g.players[seat].families
            married = ally_of(g, a) == b
            out.append(((seat,), married))
        elif partner:
            out.append(((seat, partner), True))
            seen.add(partner)
        else:
            out.append(((seat,), False))
        seen.add(seat)
    return out


def side_vp(g: Fief, side: Side) -> int:
    return sum(seat_vp(g, s) for s in side)


def tiebreak(g: Fief, side: Side) -> tuple[int, int, tuple[int, ...]]:
    """8.5: the Order of the Garter on a noble with any other title, then the crown, then the Fiefdoms
    from the highest down (Duke, Count, Baron)."""
    families = {f for s in side for f in g.players[s].families}
    nobles = [n for n in g.nobles.values() if n.family in families]
    titles = [t for n in nobles for t in n.titles]
    ranks = tuple(sorted((RANK_ORDER[MAP.regions[t.split(":")[1]].rank] for t in titles if t.startswith("lord:")),
                         reverse=True))
    garter = 1 if any("garter" in n.titles and len(n.titles) > 1 for n in nobles) else 0
    royal = 1 if {"king", "sovereign_queen"} & set(titles) else 0
    return (garter, royal, ranks)


def _best(g: Fief, candidates: list[Side]) -> list[Side]:
    top = max(side_vp(g, s) for s in candidates)
    best = [s for s in candidates if side_vp(g, s) == top]
    key = max(tiebreak(g, s) for s in best)
    return [s for s in best if tiebreak(g, s) == key]


def check(g: Fief) -> tuple[list[str], str] | None:
    """Winners and reason at the end of this round, or None when the game goes on."""
    r = g.flow.round
    v = C.victory
    if r < v["first_check"]:
        return None
    all_sides = sides(g)
    if g.two_player:
        early = [s for s, married in all_sides if married and side_vp(g, s) >= v["alliance"]]
        if early:
            return _winners(_best(g, early)), "two-player victory (13.7)"
    else:
        solo = [s for s, allied in all_sides if not allied and side_vp(g, s) >= v["solo"]]
        if solo:
            return _winners(_best(g, solo)), "solo victory (8.2)"
        duo = [s for s, allied in all_sides if allied and side_vp(g, s) >= v["alliance"]]
        if duo:
            return _winners(_best(g, duo)), "alliance victory (8.3)"
    if r >= v["last_round"]:
        return _winners(_best(g, [s for s, _ in all_sides])), "end of round 7 (8.5)"
    return None


def _winners(best: list[Side]) -> list[str]:
    return sorted({seat for side in best for seat in side})
