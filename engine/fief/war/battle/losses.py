"""Taking losses (7.5): which allotments of hits a side may choose.

Hits are taken as troops: each troop type needs its number of hits (Men-at-Arms and Archers 1,
Crossbowmen 2, Knights 3). A side must remove troops worth as many hits as possible without going
over the hits taken; among the allotments that reach that best sum the owner chooses. Nobles are
touched only once every troop is gone: each hit left over then slays one noble (owner's choice), and
the nobles not slain are taken captive (7.5, Ex 7-4).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine.core import RuleError
from engine.fief.components import C
from engine.fief.refusals import FiefRefusal

COST = {"men": 1, "archer": 1, "crossbow": 2, "knight": 3, "royal_knight": 3, "royal_men": 1, "foot": 2}


def cost(unit: str) -> int:
    """Hits a unit needs; allied sides name units ``family:type`` (7.0)."""
    kind = unit.rpartition(":")[2]
    return COST.get(kind, C.unit_hits.get(kind, 1))


def best_sum(troops: list[str], hits: int) -> int:
    """The largest total of hit costs of a sub-multiset of ``troops`` not above ``hits``."""
    reach = 1  # bit i set: a total of i can be removed
    limit = (1 << (hits + 1)) - 1
    for t in troops:
        reach = (reach | (reach << cost(t))) & limit
    return reach.bit_length() - 1


@dataclass(frozen=True)
class Allotment:
    troops: tuple[str, ...]      # troop types removed
    slain: tuple[str, ...]       # nobles slain
    captured: tuple[str, ...]    # nobles taken captive (or slain when no captor is left, 7.6)


def check(troops: list[str], nobles: list[str], hits: int, units: list[str], slay: list[str]) -> Allotment:
    """Refuse any allotment that does not remove as many hits' worth as possible (7.5)."""
    best = best_sum(troops, hits)
    chosen = Counter(units)
    if chosen - Counter(troops):
        raise RuleError("7.5", "you can only remove troops you have in this battle",
                        code=FiefRefusal.LOSSES_UNITS,
                        legal=example(troops, nobles, hits).troops or "no troops")
    total = sum(cost(u) * k for u, k in chosen.items())
    if total != best:
        raise RuleError("7.5", f"remove troops worth exactly {best} hit(s) of the {hits} taken (as many as "
                        f"possible), not {total}",
                        code=FiefRefusal.LOSSES_SUM, legal=list(example(troops, nobles, hits).troops))
    all_gone = not (Counter(troops) - chosen)
    left = hits - best if all_gone else 0
    slain_n = min(left, len(nobles))
    if len(slay) != slain_n or len(set(slay)) != len(slay) or any(s not in nobles for s in slay):
        raise RuleError("7.5", f"{slain_n} noble(s) are slain by the hits left over" if slain_n else
                        "no noble is slain while troops absorb the hits", code=FiefRefusal.LOSSES_NOBLES,
                        legal=nobles[:slain_n] or "slay nobody")
    captured = tuple(n for n in nobles if n not in slay) if all_gone else ()
    return Allotment(tuple(sorted(units)), tuple(slay), captured)


def example(troops: list[str], nobles: list[str], hits: int) -> Allotment:
    """One legal allotment: the cheapest troops that reach the best sum (used as the default)."""
    best = best_sum(troops, hits)
    order = sorted(troops, key=lambda t: (cost(t), t))
    # dynamic programming over the sorted troops to rebuild a subset reaching ``best``
    ways: dict[int, list[str]] = {0: []}
    for t in order:
        for s, picked in list(ways.items()):
            nxt = s + cost(t)
            if nxt <= best and nxt not in ways:
                ways[nxt] = picked + [t]
    units = sorted(ways[best])
    all_gone = not (Counter(troops) - Counter(units))
    left = hits - best if all_gone else 0
    slay = nobles[: min(left, len(nobles))]
    captured = tuple(n for n in nobles if n not in slay) if all_gone else ()
    return Allotment(tuple(units), tuple(slay), captured)


def choices(troops: list[str], nobles: list[str], hits: int, cap: int = 6) -> list[Allotment]:
    """Distinct legal allotments (up to ``cap``): different troop mixes, and which nobles die."""
    best = best_sum(troops, hits)
    kinds = sorted(set(troops))
    have = Counter(troops)
    mixes: list[Counter[str]] = []

    def walk(i: int, acc: Counter[str], total: int) -> None:
        if len(mixes) >= cap:
            return
        if i == len(kinds):
            if total == best:
                mixes.append(Counter(acc))
            return
        k = kinds[i]
        for n in range(min(have[k], (best - total) // cost(k)), -1, -1):
            acc[k] = n
            walk(i + 1, acc, total + n * cost(k))
        acc[k] = 0

    walk(0, Counter(), 0)
    out: list[Allotment] = []
    for mix in mixes:
        units = sorted(mix.elements())
        all_gone = not (have - mix)
        left = hits - best if all_gone else 0
        k = min(left, len(nobles))
        slays = [tuple(nobles[:k])]
        if 0 < k < len(nobles):
            slays.append(tuple(nobles[-k:]))
        for slay in slays:
            captured = tuple(n for n in nobles if n not in slay) if all_gone else ()
            out.append(Allotment(tuple(units), slay, captured))
    return out
