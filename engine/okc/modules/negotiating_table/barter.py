"""Bartering (Wild Kingdom, Negotiating Table: What can be Bartered?): the resources one side hands over.

A side of a barter is a list of components, each a short token:

- ``influence:N``, ``lore:N``, ``supporters:N``: that much from the Supply (Supporters from the Player Board);
- ``favour``: the Kingdom's Favour, which the receiver takes reset to its full uses (III);
- a card or tile id: a Faction card from hand (an Ally for the receiver), an Advanced or HQ card from the Site
  of Power (it goes to the receiver's Site of Power, who pays its cost to acquire it), a Kingdom card held
  (the receiver must Occupy one that needs it at once, with a card from hand; its old Occupant goes back to
  the giver's hand) or a Tactic, exhausted or not (it keeps its side).

:func:`check` refuses what the giver does not have now (``section`` and what would be legal);
:func:`transfer` moves a checked side. Cards from hand are the only secret part: :func:`public_side`
counts them instead of naming them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core import Event, GameState, RuleError
from engine.okc.modules.api import Job, Okc, OkcRefusal, ask, kcard, module_kingdom, pack_of

SECTION = "Wild Kingdom: Negotiating Table, Bartering"
AMOUNTS = ("influence", "lore", "supporters")


@dataclass
class Side:
    """One side of a barter, parsed: amounts, the Favour, and the cards and tiles by where they are."""

    amounts: dict[str, int] = field(default_factory=dict)
    favour: bool = False
    hand: list[str] = field(default_factory=list)
    site: list[str] = field(default_factory=list)
    kingdom: list[str] = field(default_factory=list)
    tactics: list[str] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (any(self.amounts.values()) or self.favour or self.hand or self.site or self.kingdom
                    or self.tactics)


def parse(g: Okc, seat: str, tokens: list[str] | tuple[str, ...]) -> Side:
    """Read ``seat``'s side from its tokens; refuses a token that names nothing barterable."""
    pack = pack_of(g)
    side = Side()
    for raw in tokens:
        token = str(raw).strip()
        what, _, n = token.partition(":")
        if what in AMOUNTS and n:
            if not n.isdigit() or int(n) < 1:
                raise RuleError(SECTION, f"give a whole number of {what.title()}, at least 1", code=OkcRefusal.BAD_AMOUNT,
                                legal=[f"{what}:1", f"{what}:2"])
            side.amounts[what] = side.amounts.get(what, 0) + int(n)
        elif token == "favour":
            side.favour = True
        elif token in pack.cards:
            (side.site if token in g.players[seat].site else side.hand).append(token)
        elif token in pack.kingdom or token in module_kingdom(g.playing):   # Wild Kingdom cards too
            side.kingdom.append(token)
        elif token in pack.tactics:
            side.tactics.append(token)
        else:
            raise RuleError(SECTION, f"{token!r} is nothing that can be bartered", code=OkcRefusal.BAD_COMPONENT,
                            legal=["influence:N", "lore:N", "supporters:N", "favour", "a card or Tactic by name"])
    return side


def named(g: Okc, thing: str) -> str:
    """A card, Kingdom card or Tactic by the name players see (refusals speak in names, not ids)."""
    pack = pack_of(g)
    for table in (pack.cards, pack.kingdom, module_kingdom(g.playing), pack.tactics):
        if thing in table:
            return str(table[thing].name)
    return thing


def have(g: Okc, seat: str, side: Side) -> list[str]:
    """What ``seat`` lacks to hand over ``side`` now, in words for the refusal ([] when it has it all)."""
    p = g.players[seat]
    missing = []
    stock = {"influence": p.influence, "lore": p.lore, "supporters": p.supporters}
    for what, n in side.amounts.items():
        if n > stock[what]:
            missing.append(f"{n} {what.title()} ({stock[what]} held)")
    if side.favour and g.favour_holder != seat:
        missing.append("the Kingdom's Favour")
    hand = list(p.hand)
    for c in side.hand:
        if c in hand:
            hand.remove(c)
        else:
            missing.append(f"{named(g, c)} in hand")
    missing += [f"{named(g, c)} on the Site of Power" for c in side.site if c not in p.site]
    # A card the Travelling Town's Custodians keep is the holder's to barter: the Town guards it from
    # stealing only (ruling NT5).
    missing += [f"{named(g, k)} among the Kingdom cards held" for k in side.kingdom if k not in p.kingdom]
    missing += [f"the Tactic {named(g, t)}" for t in side.tactics if t not in p.tactics]
    if len(set(side.kingdom)) != len(side.kingdom) or len(set(side.site)) != len(side.site) or \
            len(set(side.tactics)) != len(side.tactics):
        missing.append("each Kingdom card, Site of Power card and Tactic once")
    return missing


def check(g: Okc, seat: str, side: Side, who: str = "you") -> None:
    """Refuse unless ``seat`` can hand over ``side`` now: nobody barters what they do not hold."""
    missing = have(g, seat, side)
    if missing:
        raise RuleError(SECTION, f"{who} no longer {'have' if who == 'you' else 'has'} " + ", ".join(missing),
                        code=OkcRefusal.NOT_HELD, legal="an offer of what is held now, or decline")


def occupy_needed(g: Okc, side: Side) -> int:
    """How many of ``side``'s Kingdom cards must be Occupied at once by their receiver: not those at the
    Travelling Town, which the Custodians go on Occupying for whoever holds them (ruling NT5)."""
    kept = {k for q in g.players.values() for k in q.custodians}
    return sum(1 for k in side.kingdom if kcard(g, k).kind == "occupy" and k not in kept)


def check_receiver(g: Okc, seat: str, gets: Side, gives: Side) -> None:
    """The receiver of Kingdom cards that need Occupying must have room and a card from hand for each."""
    need = occupy_needed(g, gets)
    if not need:
        return
    p = g.players[seat]
    held = sum(1 for k in p.kingdom if kcard(g, k).kind == "occupy" and k not in p.custodians
               and k not in gives.kingdom)
    if held + need > 2:
        raise RuleError("p.19 Occupying Kingdom Cards", "a Kingdom card received must be Occupied at once, and "
                        "both Occupy spaces of that board would be full", code=OkcRefusal.NO_SPACE,
                        legal="an offer without that Kingdom card")
    cards = len(p.hand) - len(gives.hand) + len(set(gets.hand))
    if cards < need:
        raise RuleError(SECTION, "a Kingdom card received must be Occupied at once with a card from hand, and "
                        "that hand would be empty", code=OkcRefusal.NO_OCCUPANT, legal="an offer without that Kingdom card")


def transfer(state: GameState, giver: str, receiver: str, side: Side) -> None:
    """Move a checked side from ``giver`` to ``receiver``."""
    g: Okc = state.data
    p, q = g.players[giver], g.players[receiver]
    for what, n in side.amounts.items():
        setattr(p, what, getattr(p, what) - n)
        setattr(q, what, getattr(q, what) + n)
    if side.favour:
        g.favour_holder = receiver
        g.favour_uses = pack_of(g).favour.uses
    for c in side.hand:
        p.hand.remove(c)
        q.hand.append(c)
    for c in side.site:
        p.site.remove(c)
        q.site.append(c)
    for t in side.tactics:
        q.tactics[t] = p.tactics.pop(t)
    for k in side.kingdom:
        p.kingdom.remove(k)
        q.kingdom.append(k)
        if k in p.custodians:               # stays at the Town under the receiver's marker (ruling NT5)
            p.custodians.remove(k)
            q.custodians.append(k)
            continue
        occupant = p.occupants.pop(k, None)
        if occupant:
            p.hand.append(occupant)
        if kcard(g, k).kind == "occupy":
            g.jobs.append(Job(receiver, [{"do": "barter_occupy", "card": k}], {"source": "negotiating_table"}))


def public_side(side: Side) -> dict[str, object]:
    """The side as the table sees it: everything but which cards from hand (only how many)."""
    return {**{k: v for k, v in side.amounts.items() if v}, "favour": side.favour, "hand": len(side.hand),
            "site": list(side.site), "kingdom": list(side.kingdom), "tactics": list(side.tactics)}


def s_occupy(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any], answer: Any) -> None:
    """Occupy a Kingdom card received in a barter with a card from hand, at once (effect step)."""

    g: Okc = state.data
    p = g.players[seat]
    kid = str(step["card"])
    if not p.hand or kid not in p.kingdom:
        return
    if answer is None and len(set(p.hand)) > 1:
        ask(g, seat, "barter_occupy", "occupy the Kingdom card received with which card", sorted(set(p.hand)),
            dict(step), dict(ctx))
        return
    cid = str(answer) if answer is not None else p.hand[0]
    p.hand.remove(cid)
    p.occupants[kid] = cid
    state.emit(Event.public("okc.occupied", seat=seat, card=kid))
