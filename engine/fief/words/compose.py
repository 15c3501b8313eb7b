"""Menus that compose what the legal enumeration only samples: a deal's two bundles (9.1), a
Carrier Pigeon's shillings and card (2.15), an exchange by pigeon (2.15), and any count asked
as a number (shillings, troops, units). Each part is one short question: a count (0 first, "none"),
or a pick among a few things ("No card", each card, "Several…" then a multi-select), so every bundle
the rules accept is a few clicks and nothing the rules refuse is offered (each part offers only
what its own check accepts; the last step is the whole command, checked by the rules' own checks).

The keys a menu keeps for itself start with ``_``: they are never parameters of the command."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.actions import Action
from engine.core.errors import passes
from engine.core.words import Audience, Choice, FlowStep, plural
from engine.fief.cards import pigeons
from engine.fief.crown import deals
from engine.fief.state import Fief, hand_limit
from engine.fief.words import names as N
from engine.fief.words.labels import label
from engine.fief.words.pages import MAX_OPTIONS, paged
from engine.fief.words.prompts import confirm

A = Action.of
#: The most shillings a menu asks of another player (their purse is hidden): more is typed.
ASK_MAX = 24


@dataclass(frozen=True)
class Part:
    """One question of a composed command: ``count`` (``lo``..``hi``) or a pick among ``items``
    (value, words); ``none`` words the empty answer (None: an answer is required)."""

    param: str
    question: str
    lo: int = 0
    hi: int = 0
    items: tuple[tuple[Any, str], ...] = ()
    pick: bool = False
    most: int = 1
    none: str | None = None
    unit: tuple[str, str] = ("shilling", "shillings")

    def count_words(self, n: int) -> str:
        return plural(n, self.unit[0], self.unit[1])

    def empty(self) -> bool:
        return (not self.items) if self.pick else self.hi < max(self.lo, 1)


def count_options(kind: str, param: str, lo: int, hi: int, words: Callable[[int], str],
                  leaf: Callable[[int], Action | None] | None = None) -> list[Choice]:
    """``lo``..``hi`` as options, the smallest first; ``leaf`` makes each a whole command."""
    out = []
    for n in range(lo, hi + 1):
        a = leaf(n) if leaf else None
        if leaf is not None and a is None:
            continue
        out.append(Choice(words(n), a) if a is not None else Choice(words(n), flow=kind, chosen=((param, n),)))
    return out


def sequence(g: Fief, seat: str, kind: str, parts: Sequence[Part], chosen: dict[str, Any],
             finish: Callable[[dict[str, Any]], Action | None], aud: Audience) -> FlowStep | None:
    """The next unanswered part (parts with nothing to choose are skipped), then the whole command."""
    live = [p for p in parts if not p.empty()]
    for i, part in enumerate(live):
        several = f"_{part.param}_several"
        if chosen.get(several):   # "Several…": the multi-select of the part
            if part.param in chosen:
                continue
            opts = tuple(Choice(words, flow=kind, chosen=((part.param, v),)) for v, words in part.items)
            return FlowStep(kind, part.param, part.question, opts[:MAX_OPTIONS], multi=True, min_values=2,
                            max_values=min(part.most, len(opts), MAX_OPTIONS))
        if part.param in chosen:
            continue
        anything = any(_given(chosen, p.param) for p in live[:i])
        needed = not anything and i == len(live) - 1   # the last part of an empty command needs an answer
        none = [] if part.none is None or needed else [Choice(part.none, flow=kind, chosen=((part.param, _none_value(part)),))]
        if part.pick:
            singles = [Choice(words, flow=kind, chosen=((part.param, (v,) if part.most > 1 or _listy(part) else v),))
                       for v, words in part.items]
            more = [Choice("Several…", flow=kind, chosen=((several, 1),))] if part.most > 1 and len(part.items) > 1 else []
            return paged(kind, part.param, part.question, none + singles + more, chosen)
        counts = count_options(kind, part.param, max(part.lo, 1), part.hi, part.count_words)
        return paged(kind, part.param, part.question, none + counts, chosen)
    a = finish({k: v for k, v in chosen.items() if not k.startswith("_")})
    if a is None:
        return None
    question = confirm(g, seat, a)
    return FlowStep(kind, "confirm", "Send it?", (Choice(label(g, seat, a, aud), a, confirm=question,
                                                         style="danger" if question else "secondary"),))


def _listy(part: Part) -> bool:
    return part.param.endswith(("_cards", "_captives", "_cities"))


def _none_value(part: Part) -> Any:
    return () if part.pick and (part.most > 1 or _listy(part)) else 0 if not part.pick else ""


def _given(chosen: dict[str, Any], param: str) -> bool:
    v = chosen.get(param)
    return bool(v) and v != "none"


def _clean(chosen: dict[str, Any]) -> dict[str, Any]:
    """The parameters worth sending: empty answers left out (the command's own defaults)."""
    out: dict[str, Any] = {}
    for k, v in chosen.items():
        if k.startswith("_") or v in (0, "", (), [], None):
            continue
        out[k] = list(v) if isinstance(v, tuple) else v
    return out


# -- a deal (9.1) ------------------------------------------------------------------------------------
def deal(g: Fief, seat: str, chosen: dict[str, Any], aud: Audience, legal: list[Action]) -> FlowStep | None:
    """To whom, then what you give (shillings, cards, captives, cities, your vote), then what you ask
    (shillings, captives, cities, their vote); their hand is hidden, so their cards are typed."""
    if not legal or seat not in g.players:
        return None
    others = list(dict.fromkeys(str(a.get("to")) for a in legal))
    to = chosen.get("to")
    if to not in others:
        return FlowStep("deal", "to", "Offer a deal to whom?", tuple(
            Choice(N.seat_player(g, o, aud), flow="deal", chosen=(("to", o),)) for o in others))
    to = str(to)
    p, q = g.players[seat], g.players[to]
    limit = hand_limit(g)
    pigeon = not deals.needs_pigeon(g, seat, to) or deals._pigeon_family(g, seat) is not None
    their_pigeon = not deals.needs_pigeon(g, to, seat) or deals._pigeon_family(g, to) is not None
    held = sorted(n.id for n in g.nobles.values() if n.captor in p.families)
    theirs = sorted(n.id for n in g.nobles.values() if n.captor in q.families)
    room = max(0, limit - len(q.hand))
    parts = [
        Part("give_shillings", f"How many shillings do you give? You have {N.shillings(p.shillings)}.",
             hi=p.shillings if pigeon else 0, none="No shillings"),
        Part("give_cards", "Which cards do you give?", pick=True, most=room,
             items=tuple((c, N.card(c)) for c in p.hand) if pigeon and room else (), none="No card"),
        Part("give_captives", "Which captives do you set free?", pick=True, most=len(held),
             items=tuple((c, N.noble(g, c)) for c in held), none="No captive"),
        Part("give_cities", "Which cities do you hand over?", pick=True, most=9,
             items=tuple((c, c) for c in deals.deal_cities(g, seat, to)), none="No city"),
        Part("give_vote", "Do you pledge your vote?", pick=True,
             items=tuple((v, _vote(g, v)) for v in deals.vote_pledges(g, seat)), none="No vote"),
        Part("take_shillings", f"How many shillings do you ask of {N.seat_player(g, to, aud)}?",
             hi=ASK_MAX if their_pigeon else 0, none="No shillings"),
        Part("take_captives", "Which captives do they set free?", pick=True, most=len(theirs),
             items=tuple((c, N.noble(g, c)) for c in theirs), none="No captive"),
        Part("take_cities", "Which cities do they hand over?", pick=True, most=9,
             items=tuple((c, c) for c in deals.deal_cities(g, to, seat)), none="No city"),
        Part("take_vote", "Do you ask for their vote?", pick=True,
             items=tuple((v, _vote(g, v)) for v in deals.vote_pledges(g, to)), none="No vote"),
    ]

    def finish(values: dict[str, Any]) -> Action | None:
        a = A("deal", **_clean(values))
        give, take = deals.bundle_of(a, "give"), deals.bundle_of(a, "take")
        return a if passes(deals.check_offer, g, seat, to, give, take) else None

    return sequence(g, seat, "deal", parts, chosen, finish, aud)


def _vote(g: Fief, v: str) -> str:
    return {"tax_for": "For the Royal Tax", "tax_against": "Against the Royal Tax"}.get(v) or f"FOR {N.noble(g, v)}"


# -- pigeons (2.15) ----------------------------------------------------------------------------------
def pigeon(g: Fief, seat: str, chosen: dict[str, Any], aud: Audience, legal: list[Action]) -> FlowStep | None:
    """From which noble, to which, then shillings and/or one card."""
    step = _route("pigeon", g, chosen, legal, aud)
    if step is not None or not legal:
        return step
    sender, to = str(chosen["sender"]), str(chosen["to"])
    p = g.players[seat]
    receiver = g.nobles[to]
    full = len(g.players[g.families[receiver.family].seat].hand) >= hand_limit(g)
    parts = [Part("shillings", f"How many shillings does the pigeon carry? You have {N.shillings(p.shillings)}.",
                  hi=p.shillings, none="No shillings"),
             Part("card", "Which card does it carry?", pick=True,
                  items=() if full else tuple((c, N.card(c)) for c in p.hand), none="No card")]

    def finish(values: dict[str, Any]) -> Action | None:
        a = A("pigeon", **_clean(values))
        return a if passes(pigeons.check_send, g, seat, sender, to, int(a.get("shillings") or 0), a.get("card")) else None

    return sequence(g, seat, "pigeon", parts, chosen, finish, aud)


def pigeon_offer(g: Fief, seat: str, chosen: dict[str, Any], aud: Audience, legal: list[Action]) -> FlowStep | None:
    """From which noble, to which in the same city, then what you give (shillings, cards) and the
    shillings you ask (their hand is hidden: cards asked for are typed)."""
    step = _route("pigeon_offer", g, chosen, legal, aud)
    if step is not None or not legal:
        return step
    sender, to = str(chosen["sender"]), str(chosen["to"])
    p = g.players[seat]
    other = g.players[g.families[g.nobles[to].family].seat]
    room = max(0, hand_limit(g) - len(other.hand))
    parts = [Part("give_shillings", f"How many shillings do you give? You have {N.shillings(p.shillings)}.",
                  hi=p.shillings, none="No shillings"),
             Part("give_cards", "Which cards do you give?", pick=True, most=room,
                  items=tuple((c, N.card(c)) for c in p.hand) if room else (), none="No card"),
             Part("take_shillings", f"How many shillings do you ask of {N.noble(g, to)}?", hi=ASK_MAX,
                  none="No shillings")]

    def finish(values: dict[str, Any]) -> Action | None:
        a = A("pigeon_offer", **_clean(values))
        give = {"shillings": int(a.get("give_shillings") or 0), "cards": list(a.get("give_cards") or ())}
        take = {"shillings": int(a.get("take_shillings") or 0), "cards": []}
        return a if passes(pigeons.check_offer, g, seat, sender, to, give, take) else None

    return sequence(g, seat, "pigeon_offer", parts, chosen, finish, aud)


def _route(kind: str, g: Fief, chosen: dict[str, Any], legal: list[Action], aud: Audience) -> FlowStep | None:
    """The sender, then the receiver, among the legal routes (None once both are chosen)."""
    senders = list(dict.fromkeys(str(a.get("sender")) for a in legal))
    if chosen.get("sender") not in senders:
        return FlowStep(kind, "sender", "From which noble?", tuple(
            Choice(N.noble(g, s), flow=kind, chosen=(("sender", s),)) for s in senders)[:MAX_OPTIONS])
    receivers = list(dict.fromkeys(str(a.get("to")) for a in legal if a.get("sender") == chosen["sender"]))
    if chosen.get("to") not in receivers:
        return FlowStep(kind, "to", "To which noble?", tuple(
            Choice(_receiver_words(g, r, aud), flow=kind, chosen=(("to", r),)) for r in receivers)[:MAX_OPTIONS])
    return None


def _receiver_words(g: Fief, nid: str, aud: Audience) -> str:
    n = g.nobles[nid]
    return f"{N.noble_of(g, nid)} at {n.city}" if n.city else N.noble_of(g, nid)
