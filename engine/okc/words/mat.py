"""The private mat in words (``/game hand``): what only this seat knows, and the reminders it needs.

Hand cards with Strength and a one-line reminder of what each does; the cards it has placed face
down or bid; Lore and the Site of Power; Tactics and their side; Kingdom cards with their occupants.
"""

from __future__ import annotations

from typing import Any

from engine.core import GameState
from engine.core.words import Audience, Section, plural
from engine.okc.cards import card, kcard, pack_of
from engine.okc.content.schema import FactionCard
from engine.okc.content.vocabulary import describe
from engine.okc.words.names import (
    card_dot,
    card_name,
    faction_short,
    okc,
    phrase,
    region_name,
    tactic_name,
)

KEYWORDS = {"ambush": "Ambush", "flank": "Flank", "deadly": "Deadly"}
BONUS = {"alone": "if it is your only card in the Region", "per_supporter": "for each of your Supporters there"}


def effect(steps: Any) -> str:
    return phrase(describe(list(steps))) if steps else ""


def ability_parts(c: FactionCard, glosses: dict[str, str] | None = None) -> list[str]:
    """What a Faction card does, part by part: traits, commands, bonuses and Votes (Lore is worded by
    the caller); ``glosses`` explains keywords and traits in words where given."""
    gloss = glosses or {}
    parts = [gloss.get(t, t.title()) for t in c.traits]
    for m in c.commands:
        if m.keyword and not m.steps and m.keyword in gloss:
            parts.append(gloss[m.keyword])
            continue
        head = KEYWORDS.get(m.keyword or "", m.timing.title())
        parts.append(f"{head}: {effect(m.steps)}" if m.steps else head)
    for b in c.bonuses:
        what = BONUS.get(b.when, f"for each {b.suit} Kingdom card you hold")
        parts.append(f"+{b.amount} Strength {what}")
    if c.votes:
        parts.append(plural(c.votes, "Vote"))
    return parts


def reminder(c: FactionCard) -> str:
    """What a Faction card does, in one line: traits, commands, bonuses, Votes and Lore."""
    return ", ".join(ability_parts(c) + ([f"Journey for {c.lore} Lore"] if c.lore else []))


def card_line(state: GameState, cid: str) -> str:
    c = card(okc(state), cid)
    more = reminder(c)
    return f"{card_dot(state, cid)}" + (f": {more}" if more else "")


def kingdom_line(state: GameState, kid: str) -> str:
    k = kcard(okc(state), kid)
    bits = []
    if k.action is not None:
        bits.append(f"{' or '.join(t.title() for t in k.action.timing)} action: {phrase(k.action.text)}")
    if k.winter:
        bits.append(f"Winter: {effect(k.winter)}")
    for name, one, what in (("strength", "Strength", "in every clash"), ("votes", "Vote", "in each Council"),
                            ("herald", "Influence", "from your Herald")):
        n = getattr(k, name)
        if n:
            bits.append(f"+{plural(n, one, one if one != 'Vote' else None)} {what}")
    return f"{k.name}" + (f": {'; '.join(bits)}" if bits else "")


def hand(state: GameState, seat: str, aud: Audience) -> list[Section]:
    g = okc(state)
    p = g.players[seat]
    sections: list[Section] = []
    cards = sorted(p.hand, key=lambda c: (-card(g, c).strength, card_name(state, c)))
    sections.append(Section(f"Your hand ({len(p.hand)} of {p.hand_size})",
                            tuple(card_line(state, c) for c in cards) or ("No cards in hand.",)))
    hidden = []
    if g.step == "bid" and g.secret is not None and g.secret.own(seat):
        hidden.append(f"Your bid: {card_dot(state, str(g.secret.own(seat)))}")
    if g.step == "region_cards" and g.secret is not None and isinstance(g.secret.own(seat), dict):
        mine: dict[str, str] = g.secret.own(seat)
        hidden += [f"To go next to the {region_name(state, r)}: {card_dot(state, c)}" for r, c in mine.items()]
    if g.step == "tie" and g.secret is not None and g.secret.own(seat):
        hidden.append(f"Your tie-break card: {card_dot(state, str(g.secret.own(seat)))}")
    for r in g.regions:
        down = [q.card for q in r.cards if q.owner == seat and not q.face_up]
        if down:
            hidden.append(f"Face down in the {region_name(state, r.id)}: "
                          f"{', '.join(card_dot(state, c) for c in down)}")
    for seen in p.peeked:
        who, rid, cid = seen.split("|")
        hidden.append(f"Seen face down for {faction_short(state, who)} in the {region_name(state, rid)}: "
                      f"{card_dot(state, cid)}")
    if hidden:
        sections.append(Section("Face down and secret", tuple(hidden)))
    placed = sum(r.supporters.get(seat, 0) for r in g.regions)
    sections.append(Section("Your board", (
        f"{p.influence} Influence, {p.lore} Lore",
        f"Supporters: {p.supporters} on your board, {placed} placed, {p.supporters_lost} lost",
        f"Deck {plural(len(p.deck), 'card')}, discard pile {len(p.discard)}, Lost Pile {len(p.lost)}",
    )))
    pack = pack_of(g)
    tactics = [f"{tactic_name(state, t)} ({'exhausted' if ex else 'ready'}, "
               f"{' or '.join(x.title() for x in pack.tactics[t].timing)}): {phrase(pack.tactics[t].text)}"
               for t, ex in p.tactics.items() if t in pack.tactics]
    if tactics:
        sections.append(Section("Tactics", tuple(tactics)))
    if p.site:
        site = [f"{card_line(state, c)} (costs {card(g, c).cost} Lore)" for c in p.site]
        sections.append(Section(f"Site of Power ({p.lore} Lore to spend)", tuple(site)))
    if p.kingdom:
        lines = []
        for k in p.kingdom:
            line = kingdom_line(state, k)
            if k in p.occupants:
                line += f" (Occupied by {card_name(state, p.occupants[k])})"
            lines.append(line)
        sections.append(Section("Kingdom cards", tuple(lines)))
    if g.favour_holder == seat:
        sections.append(Section("The Kingdom's Favour", (f"Yours, with {plural(g.favour_uses, 'use')} left",) + tuple(
            f"{a.name} ({' or '.join(t.title() for t in a.timing)}): {phrase(a.text)}"
            for a in pack.favour.abilities)))
    return sections

