"""Reading cards in play: printed versus gained versus blanked (p.46), traits and Strength.

A card's *printed* values come from the pack. *Gained* values (Strength, traits, commands) are
added by effects while the card is Active and are lost when it stops being Active. A *blanked*
card keeps its printed Strength but loses its printed traits, commands, bonuses, Votes and Lore;
whatever it gained stays (gained values are not printed information).
"""

from __future__ import annotations

from functools import cache

from engine.okc.content.modules import game_pack
from engine.okc.content.schema import Command, FactionCard, KingdomCard, Pack
from engine.okc.hooks import Playing
from engine.okc.state import Okc, Placed, RegionState


def pack_of(g: Okc) -> Pack:
    """The game's pack, with the Faction cards the Wild Kingdom modules bring (neutral and creature cards)."""
    return game_pack(g.pack)


def card(g: Okc, cid: str) -> FactionCard:
    return game_pack(g.pack).cards[cid]


def kcard(g: Okc, kid: str) -> KingdomCard:
    """A Kingdom card of the pack's pool, or one a module brings (Wild Kingdom cards)."""
    k = game_pack(g.pack).kingdom.get(kid)
    return k if k is not None else module_kingdom(g.playing)[kid]


@cache
def module_kingdom(playing: Playing) -> dict[str, KingdomCard]:
    """The Kingdom cards the game's modules bring in their content packs (built once per set of modules)."""
    out: dict[str, KingdomCard] = {}
    for m in playing:
        content = m.content()
        out.update(getattr(content, "kingdom", None) or {})
    return out


def has_keyword(g: Okc, p: Placed, keyword: str) -> bool:
    """Traits (invulnerable, resilient, pathfinder) and commands (ambush, flank, deadly), printed or gained."""
    if keyword in p.gained_keywords:
        return True
    if p.blanked:
        return False
    c = card(g, p.card)
    return keyword in c.traits or any(cmd.keyword == keyword for cmd in c.commands)


def commands(g: Okc, p: Placed, timing: str) -> list[Command]:
    """The card's commands of ``timing`` that still work (printed ones are lost when blanked)."""
    out = [] if p.blanked else [c for c in game_pack(g.pack).cards[p.card].commands if c.timing == timing]
    for kw in p.gained_keywords:
        if kw in ("ambush", "flank") and timing == "day" or kw == "deadly" and timing == "night":
            if not any(c.keyword == kw for c in out):
                out.append(Command(timing, kw))
    return out


def strength(g: Okc, p: Placed, region: RegionState) -> int:
    """Printed Strength + gained Strength + the card's own bonuses (unless blanked)."""
    c = card(g, p.card)
    total = c.strength + p.gained
    if not p.blanked:
        owner = g.players[p.owner]
        for b in c.bonuses:
            if b.when == "alone":
                mine = [q for q in region.cards if q.owner == p.owner and q.face_up]
                total += b.amount if len(mine) == 1 else 0
            elif b.when == "per_supporter":
                total += b.amount * region.supporters.get(p.owner, 0)
            elif b.when == "per_suit":
                total += b.amount * sum(1 for k in owner.kingdom if kcard(g, k).suit == b.suit)
    return max(0, total)


def is_site_card(c: FactionCard) -> bool:
    return c.kind in ("advanced", "hq")
