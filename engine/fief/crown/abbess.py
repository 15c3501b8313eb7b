"""An Abbess giving up her title (2.13, with 9.0 and 9.1; ruling R15b in docs/rulings/fief.md).

To marry (9.0) or stand for election (9.1) an Abbess must be let go by the Bishop or Archbishop of
the district where her Abbey stands. Her player asks in Phase 1, while marriages are proposed or
candidates declared (``relinquish``: a request to the cleric's player; granted at once when the
cleric is her player's own). Granted, she loses the title; the Abbey stays where it is. The Sovereign
(the King or the Sovereign Queen: 2.13's "King or Queen", as 9.2 uses the words) may at once give
the title to an unmarried noblewoman of any family (a ``gift_abbess`` decision, by clicks);
otherwise the card goes back to the Character deck, which is reshuffled (as at a death, 4.8).
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, GameState, RuleError
from engine.fief.refusals import FiefRefusal
from engine.fief.state import MAP, Fief, Task, named, sovereign

STEPS = ("marriage", "election")   # 2.13: to marry (9.0) or stand for election (9.1)


def abbeys_of(g: Fief, nid: str) -> list[str]:
    n = g.nobles.get(nid)
    return [t.split(":", 1)[1] for t in n.titles if t.startswith("abbess:")] if n is not None else []


def cleric(g: Fief, abbey: str) -> str | None:
    """The Bishop or Archbishop of the district where the Abbey stands (2.13, 2.14), or None."""
    city = g.abbeys.get(abbey)
    if city is None or g.cities[city].abbey != abbey:
        return None
    district = MAP.district_of_region(MAP.cities[city].region).id
    titles = (f"bishop:{district}", f"archbishop:{district}")
    return next((n.id for n in sorted(g.nobles.values(), key=lambda x: x.id) if set(titles) & set(n.titles)), None)


def asking(g: Fief, seat: str) -> list[tuple[str, str]]:
    """(abbess, abbey) pairs the seat may ask leave for now."""
    if g.flow.step not in STEPS or g.tasks:
        return []
    out = []
    for f in g.players[seat].families:
        for nid in g.families[f].nobles:
            for abbey in abbeys_of(g, nid):
                if cleric(g, abbey) is not None and not any(
                        r.kind == "relinquish" and r.payload.get("abbey") == abbey for r in g.requests.open):
                    out.append((nid, abbey))
    return out


def check_relinquish(g: Fief, seat: str, nid: str, abbey: str) -> str:
    """Refuse unless the seat's Abbess may ask leave to give up that Abbey's title now; the cleric asked."""
    if g.flow.step not in STEPS or g.tasks:
        raise RuleError("2.13", "an Abbess asks leave to give up her title in Phase 1, while marriages are proposed "
                        "or candidates declared",
                        code=FiefRefusal.RELINQUISH_TIME, legal="the marriage or election step")
    mine = [n for f in g.players[seat].families for n in g.families[f].nobles if abbeys_of(g, n)]
    if nid not in mine:
        raise RuleError("2.13", f"{named(g, nid)} is not an Abbess of yours" if nid else "name one of your Abbesses",
                        code=FiefRefusal.RELINQUISH_NOBLE, legal=mine or "none")
    if abbey not in abbeys_of(g, nid):
        raise RuleError("2.13", f"{g.nobles[nid].name} is not the Abbess of that Abbey",
                        code=FiefRefusal.RELINQUISH_ABBEY,
                        legal=abbeys_of(g, nid))
    if any(r.kind == "relinquish" and r.payload.get("abbey") == abbey for r in g.requests.open):
        raise RuleError("2.13", "leave for this Abbey is already asked", code=FiefRefusal.RELINQUISH_OPEN,
                        legal="wait for the answer")
    who = cleric(g, abbey)
    if who is None:
        where = "her Abbey stands nowhere now (rebuild it first)" if g.abbeys.get(abbey) is None else \
            "no Bishop or Archbishop holds her Abbey's district"
        raise RuleError("2.13", f"only the Bishop or Archbishop of her Abbey's district can let her go: {where}",
                        code=FiefRefusal.RELINQUISH_CLERIC, legal="wait for a cleric of that district")
    return who


def payload(g: Fief, nid: str, abbey: str, who: str) -> dict[str, Any]:
    return {"noble": nid, "abbey": abbey, "cleric": who, "family": g.nobles[nid].family,
            "city": g.abbeys.get(abbey)}


def still_holds(g: Fief, p: dict[str, Any]) -> bool:
    """The Abbess still holds the title and the cleric still governs the district."""
    return p["abbey"] in abbeys_of(g, p["noble"]) and cleric(g, p["abbey"]) == p["cleric"]


def granted(state: GameState, g: Fief, p: dict[str, Any]) -> bool:
    """2.13: the cleric agrees: she loses the title; the Sovereign may give it at once, else the card returns."""
    nid, abbey = p["noble"], p["abbey"]
    n = g.nobles[nid]
    n.titles.remove(f"abbess:{abbey}")
    del g.abbesses[abbey]   # kept with the title: set wherever "abbess:" is given
    state.emit(Event.public("abbess.relinquished", noble=nid, family=n.family, abbey=abbey, cleric=p["cleric"]))
    king = sovereign(g)
    options = gift_candidates(g, nid)
    if king is not None and options:
        g.tasks.append(Task("abbess_gift", king.family, city=g.abbeys.get(abbey), region=abbey, options=options))
        return True
    card_returns(state, g, abbey)
    return False


def gift_candidates(g: Fief, former: str) -> list[str]:
    """2.13: "any non-married Noblewoman" other than the Abbess who gave the title up (captives too, R15)."""
    return sorted(n.id for n in g.nobles.values() if n.sex == "f" and n.spouse is None and n.id != former)


def card_returns(state: GameState, g: Fief, abbey: str) -> None:
    """The card goes back to the Character deck, reshuffled whole (4.8's way with a clergy card)."""
    card = f"abbess-{abbey}"
    g.character_deck += g.character_under + [card]
    g.character_under = []
    state.rng.shuffle(g.character_deck, why="character deck (2.13)")
    state.emit(Event.public("title.returned", card=card, deck="character"))


def check_gift(t: Task, noble: str | None) -> None:
    if noble is not None and noble not in t.options:
        raise RuleError("2.13", "the title goes to an unmarried noblewoman, or back to the deck",
                        code=FiefRefusal.GIFT_NOBLE, legal=[*t.options, "none"])


def give(state: GameState, g: Fief, t: Task, noble: str | None) -> None:
    abbey = t.region or ""
    if noble is None:
        card_returns(state, g, abbey)
        return
    n = g.nobles[noble]
    n.titles.append(f"abbess:{abbey}")
    g.abbesses[abbey] = noble
    state.emit(Event.public("abbess.gifted", noble=noble, family=n.family, abbey=abbey, by=t.family))
