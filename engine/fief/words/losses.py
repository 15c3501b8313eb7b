"""The troops a seat may give up, as the menus count them: the Plague (2.5), a battle's hits (7.5) and the
rebels' hits (10.1). ``loss_mixes`` lists every allotment the rules accept; the prompt (prompts.py) and the
losses menu (flows.py) both read them from here."""

from __future__ import annotations

from collections import Counter

from engine.fief.state import Fief
from engine.fief.war.battle import losses as battle_losses
from engine.fief.war.battle import sides
from engine.fief.words import names as N

LOSS_KINDS = ("losses", "plague_losses", "rebel_losses")
#: Mixes of troops counted at most: beyond, the menu asks a count per type (each checked the same way).
MIX_CAP = 5000


def loss_setup(g: Fief, seat: str, kind: str) -> tuple[list[str], list[str], int | None, int] | None:
    """The troops that may be lost, the nobles who may die, the hits (7.5's best sum) or None, and the
    exact number of troops the Plague takes (else 0)."""
    if not g.tasks:
        return None
    t = g.tasks[0]
    if g.families[t.family].seat != seat:
        return None
    if kind == "plague_losses" and t.kind == "plague" and t.city and t.family in g.cities[t.city].stacks:
        return list(g.cities[t.city].stacks[t.family].troops), [], None, t.count
    u = g.opp.uprising
    if kind == "rebel_losses" and t.kind == "rebellion" and u is not None and u.stage == "losses":
        st = g.cities[u.city].stacks.get(t.family)
        return (list(st.troops) if st else []), [], u.hits, 0
    b = g.war.battle
    if kind == "losses" and t.kind == "losses" and b is not None:
        side = t.region or t.family
        return list(sides.side_troops(g, b, side)), list(sides.side_nobles(g, b, side)), t.count, 0
    return None


def unit_order(u: str) -> tuple[str, int, str]:
    fam, _, kind = u.rpartition(":")
    return fam, N.UNIT_ORDER.index(kind) if kind in N.UNIT_ORDER else len(N.UNIT_ORDER), kind


def loss_mixes(troops: list[str], hits: int | None, count: int) -> list[Counter[str]]:
    """Every mix of troops the rules accept: worth 7.5's best sum of hits, or ``count`` troops (2.5)."""
    have = Counter(troops)
    kinds = sorted(have, key=unit_order)
    want = battle_losses.best_sum(troops, hits) if hits is not None else count
    weigh = battle_losses.cost if hits is not None else (lambda u: 1)
    out: list[Counter[str]] = []

    def walk(i: int, acc: Counter[str], total: int) -> None:
        if len(out) >= MIX_CAP:
            return
        if i == len(kinds):
            if total == want:
                out.append(Counter({k: n for k, n in acc.items() if n}))
            return
        k = kinds[i]
        for n in range(min(have[k], (want - total) // max(1, weigh(k))), -1, -1):
            acc[k] = n
            walk(i + 1, acc, total + n * weigh(k))
        acc[k] = 0

    walk(0, Counter(), 0)
    return out


def loss_count(g: Fief, seat: str, kind: str) -> int:
    """How many allotments of troops the menu offers (the prompt lists a few and opens this menu for the rest)."""
    setup = loss_setup(g, seat, kind)
    return len(loss_mixes(setup[0], setup[2], setup[3])) if setup else 0
