"""How well each seat stands in The Old King's Crown, for the steady and schemer agents (docs/agents.md).

One number per seat, in Influence: Influence itself (the score, p.33), Lore at its end-of-game
rate (2 Lore for 1 Influence without a Site of Power, p.45), the Site of Power cards already acquired
(p.45: each worth the Lore paid for it and a card more in the deck, so that Lore, which is only ever spent
there, is spent rather than left over at the end), the Kingdom's Favour (it breaks ties and has uses
left), cards in hand and Supporters on the board (what the seat can still commit), Kingdom cards held,
and the Regions still to clash: the seat with the greatest Strength there
(cards, Supporters, Kingdom cards and what modules add there, p.28: a Boon's Strength, counted from its
placing, stones set on the Map, an Aeronaut) is counted as likely to take the Region's reward. With Legendary
Creatures (Wild Kingdom), a creature card in hand counts as the strong card it is, and one still in the Supply counts
where its owner's creature stands in a Region they contest without leading (losing there brings the card to
hand, before rewards). Read on a sampled game (``Rules.determinize``), never on the true one.
"""

from __future__ import annotations

from functools import cache

from engine.core import GameState
from engine.okc.board import region_of
from engine.okc.cards import kcard, strength
from engine.okc.content.modules import game_pack
from engine.okc.hooks import hooked
from engine.okc.modules.legendary_creatures.state import NAME as CREATURES
from engine.okc.modules.legendary_creatures.state import content as creature_content
from engine.okc.modules.legendary_creatures.state import lc
from engine.okc.modules.whispering_tower.state import boon
from engine.okc.state import Okc

LORE = 0.5
LORE_WITH_SITE = 0.3
FAVOUR = 0.8
CARD = 0.3
SUPPORTER = 0.15
KINGDOM = 0.4
REGION = 1.5           # expected worth of leading a Region still to be resolved
CREATURE = 0.9         # a creature card (Strength 7 to 9): in hand, or in reach from the Supply
CREATURE_CARDS = frozenset(creature_content().cards)


@cache
def site_worth(pack: str, faction: str) -> dict[str, float]:
    """Each Site of Power card of ``faction`` (the cards with a Lore cost: its advanced and HQ cards, as the
    content loader checks): what it is worth once acquired (its Lore cost at the Lore rate with a Site,
    and a card more in the deck)."""
    return {c.id: LORE_WITH_SITE * c.cost + CARD for c in game_pack(pack).factions[faction].cards if c.cost is not None}


def scores(state: GameState) -> dict[str, float]:
    g: Okc = state.data
    boosting = hooked(g.playing, "strength") if g.modules else ()
    out: dict[str, float] = {}
    for seat, p in g.players.items():
        out[seat] = (p.influence + (LORE_WITH_SITE if p.site else LORE) * p.lore + CARD * len(p.hand)
                     + SUPPORTER * p.supporters + KINGDOM * len(p.kingdom)
                     + (FAVOUR if g.favour_holder == seat else 0.0)
                     + (CREATURE - CARD) * sum(1 for c in p.hand if c in CREATURE_CARDS)
                     + sum(w for c, w in site_worth(g.pack, p.faction).items() if c not in p.site))
    creatures = lc(g) if CREATURES in g.extra else None
    for reg in g.regions:
        if reg.resolved:
            continue
        might = {s: reg.supporters.get(s, 0) + sum(kcard(g, k).strength for k in g.players[s].kingdom)
                 + sum(m.strength(state, s, reg.id) for m in boosting) for s in g.players}
        present = {s for s in g.players if reg.supporters.get(s, 0) > 0}
        for q in reg.cards:
            might[q.owner] += strength(g, q, reg)
            if q.boons and not q.face_up:       # a Boon's Strength waits under the card until it is revealed
                might[q.owner] += sum(boon(b).strength for b in q.boons)
            present.add(q.owner)
        contenders = {s: v for s, v in might.items() if s in present}
        if not contenders:
            continue
        best = max(contenders.values())
        if best <= 0:
            continue
        top = [s for s, v in contenders.items() if v == best]
        for s in top:
            out[s] += REGION / len(top)
        if creatures:
            for s in present.difference(top):
                where = creatures["pieces"].get(s)
                if creatures["supply"].get(s) and where and region_of(g, where) == reg.id:
                    out[s] += CREATURE
    return out
