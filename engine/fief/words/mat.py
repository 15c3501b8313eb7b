"""``/game hand``: a player's private mat in words: the cards held with what each does, the
purse, troops by type and place, nobles with their retainers and titles, family markers and the
captives the family holds (2.0-2.15, 4.1, 7.6). Every reminder is a short line of our own."""

from __future__ import annotations

from collections import Counter

from engine.core.words import Audience, Section, plural
from engine.fief.cards.deck import draw_limits
from engine.fief.components import C
from engine.fief.state import Fief
from engine.fief.words import names as N
from engine.fief.words.events_table import bundle, request_line

REMINDERS = {
    "noble": "a new noble for your family, placed in a city you hold (Phase 2)",
    "abbess": "make one of your ladies an Abbess and found her Abbey (Phase 2)",
    "bishop": "make one of your lords the Bishop of this district; he collects its tithes",
    "archbishop": "make one of your lords the Archbishop of this district; he collects its tithes",
    "mercenary": "lay it on your family board, then hire its 3 Crossbowmen for 2 shillings each at any time",
    "burgher": "votes in Parliament, and a voice to add to a Rebellion",
    "harvest": "a rich harvest in a region: more income there this round (Phase 2)",
    "weather": "fair weather over a region; an Opportunity card, played outside your turn too",
    "tax": "levy a Tallage on a region or a Tithe on a district (uses a Treasure)",
    "rebellion": "the people of a taxed or starving city rise against the troops there",
    "passage": "a secret way: escape a siege, cross Storms, avoid or leave a battle, or free a captive",
    "assassination": "eliminate a noble of your choice; your sponsor is marked a heretic",
    "justice": "eliminate a noble marked as a heretic",
    "ambush": "one of your nobles captures another noble in the same city, outside any walls",
}

RETAINER_REMINDERS = {
    "mata": "once a round, swap one of your cards for a random card of another player",
    "steward": "one more shilling at Income while the noble is free",
    "reeve": "one more shilling per Mill your family holds in the noble's region",
    "almoner": "two more shillings while the noble is free in a city with an Abbey",
    "bailiff": "two more shillings when your family collects a Tallage or a Tithe",
    "sergeant": "once a round at Purchase, a free Man-at-Arms joins the noble",
    "mason": "your first Stronghold or Mill of the round costs 2 shillings less",
    "chancellor": "a Fiefdom title bought for this noble costs 2 shillings less",
    "herald": "one more Fortune card may be drawn each round",
    "physician": "saves the noble from the Plague once",
    "falconer": "the noble's next pigeon cannot be lost",
}


def hand(g: Fief, seat: str, aud: Audience) -> list[Section]:
    p = g.players.get(seat)
    if p is None:
        return []
    out = [Section("Cards in hand", tuple(_card_line(c) for c in p.hand) or ("No cards.",))]
    total, chars = draw_limits(g, p)
    out.append(Section("Purse", (f"{N.shillings(p.shillings)}.",
                                 f"Cards drawn this round: {p.drawn} of {total} ({p.drawn_characters} of {chars} "
                                 "Character cards).")))
    troop_lines = []
    for fam in p.families:
        for name, c in sorted(g.cities.items()):
            st = c.stacks.get(fam)
            if st is None or st.empty():
                continue
            what = N.troops(Counter(st.troops) + Counter({"bombard": st.bombards, "trebuchet": st.trebuchets}),
                            none="no troops")
            extra = " (outside the walls)" if st.outskirts else ""
            building = f", {plural(st.building, 'siege Trebuchet')} being built" if st.building else ""
            troop_lines.append(f"{name}{extra}: {what}{building}" + (f" · {N.family(fam)}" if len(p.families) > 1 else ""))
    out.append(Section("Troops", tuple(troop_lines) or ("No troops on the map.",)))
    noble_lines = []
    held = []
    for fam in p.families:
        for nid in g.families[fam].nobles:
            noble_lines.append(_noble_line(g, nid))
        for n in g.nobles.values():
            if n.captor == fam:
                where = f" at {n.city}" if n.city else ""
                held.append(f"{N.noble(g, n.id)} of {N.family(n.family)}{where}")
    out.append(Section("Nobles", tuple(noble_lines) or ("No nobles.",)))
    markers = []
    for fam in p.families:
        f = g.families[fam]
        ring = ", the wedding ring" if f.ring else ""
        board = f"; on the board, {N.card(f.board_card)}" if f.board_card else ""
        m = g.mercenaries.get(f.board_card or "")
        board += f" with {plural(m.on_card, 'Crossbowman', 'Crossbowmen')} left to hire" if m else ""
        markers.append(f"{N.family(fam)}: {plural(f.pigeons, 'Carrier Pigeon')}, {plural(f.treasures, 'Treasure')}, "
                       f"{plural(f.votes, 'vote')}{ring}{board}.")
    out.append(Section("Family", tuple(markers)))
    if held:
        out.append(Section("Captives you hold", tuple(held)))
    waiting = _waiting(g, seat, aud)
    if waiting:
        out.append(Section("Waiting for your answer", tuple(waiting)))
    return out


def _waiting(g: Fief, seat: str, aud: Audience) -> list[str]:
    """Requests and pigeon offers addressed to the seat (2.15, 5.0, 7.7)."""
    out = [request_line(g, r.kind, r.by, r.to, r.payload, aud) for r in g.requests.open if r.to == seat]
    for o in g.offers.open:
        if o.to == seat:
            out.append(f"{N.seat_player(g, o.by, aud)} offers {bundle(g, o.give)} for {bundle(g, o.take)}.")
    return out


def _card_line(cid: str) -> str:
    card = C.cards.get(cid)
    kind = card.kind if card else ""
    return f"{N.card(cid)}: {REMINDERS.get(kind, 'a card of the Fortune deck')}."


def _noble_line(g: Fief, nid: str) -> str:
    n = g.nobles[nid]
    if n.captor == "bandits":
        where = "captive of the Bandits in Sherwood"
    elif n.captor:
        where = f"captive of {N.family(n.captor)}" + (f" at {n.city}" if n.city else "")
    else:
        where = f"at {n.city}" if n.city else "off the map"
    parts = [f"{N.noble(g, nid)}, {where}"]
    if n.titles:
        parts.append(", ".join(N.title(t, n.sex) for t in n.titles))
    if n.retainer:
        r = C.retainers.get(n.retainer)
        used = " (used this round)" if n.spent else ""
        parts.append(f"{N.retainer(n.retainer)}: {RETAINER_REMINDERS.get(r.ability if r else '', 'a retainer')}{used}")
    if n.relics:
        parts.append(", ".join(N.relic(r) for r in n.relics))
    if g.excalibur.holder == nid:
        parts.append("Excalibur")
    return " · ".join(parts)
