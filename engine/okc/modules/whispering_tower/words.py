"""The Whispering Tower in words: Visits level by level, Boons gained, given, placed, revealed and spent.
Which Boons a player holds is told to that player only."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Event, GameState
from engine.core.words import Audience, Section, join_words, plural
from engine.okc.modules.api import GLOSSES, card_name, location_where, the_region, their, who, whom
from engine.okc.modules.whispering_tower.state import NAME, PIECE, boon, content, tower

LEVEL_NAMES = {"entrance": "the Entrance", "labyrinth": "the Labyrinth", "pinnacle": "the Pinnacle"}
WHY = {"entrance": "at the Entrance", "labyrinth": "in the Labyrinth", "pinnacle": "at the Pinnacle",
       "gift": "as a gift"}


def boon_name(bid: str) -> str:
    b = content().boons.get(bid)
    return b.name if b is not None else "a Boon"


def boon_line(bid: str) -> str:
    b = boon(bid)
    return f"{b.name} ({b.text})"


def visited(state: GameState, e: Event, aud: Audience) -> str:
    return f"{who(state, e.data['seat'], aud)} enter the Whispering Tower."


def level(state: GameState, e: Event, aud: Audience) -> str:
    return f"{who(state, e.data['seat'], aud)} explore {LEVEL_NAMES.get(str(e.data.get('level')), 'a level')}."


def left(state: GameState, e: Event, aud: Audience) -> str:
    return f"{who(state, e.data['seat'], aud)} leave the tower, and fresh Boons fill the levels explored."


def gained(state: GameState, e: Event, aud: Audience) -> str:
    n = int(e.data.get("count") or 0)
    where = WHY.get(str(e.data.get("why")), "")
    return f"{who(state, e.data['seat'], aud)} take {plural(n, 'Boon')} face down {where}.".replace("  ", " ")


def gained_names(state: GameState, e: Event, aud: Audience) -> str:
    names = [boon_line(b) for b in e.data.get("boons") or []]
    if e.data.get("by") and names:
        return f"{who(state, str(e.data['by']), aud)} hand you a Boon face down from the Labyrinth: {join_words(names)}."
    return f"Your new Boons: {join_words(names)}." if names else "No Boon was left to take."


def seen(state: GameState, e: Event, aud: Audience) -> str:
    return f"In the Labyrinth you see {join_words([boon_line(b) for b in e.data.get('boons') or []])}."


def passed(state: GameState, e: Event, aud: Audience) -> str:
    return f"{who(state, e.data['seat'], aud)} hand a Boon face down to {whom(state, e.data['to'], aud)}."


def discarded_one(state: GameState, e: Event, aud: Audience) -> str:
    return f"{who(state, e.data['seat'], aud)} discard a Boon face down."


def placed(state: GameState, e: Event, aud: Audience) -> str:
    seat = e.data["seat"]
    return (f"{who(state, seat, aud)} slip a Boon face down onto one of {their(seat, aud)} cards in "
            f"{the_region(state, str(e.data.get('region')))}.")


def revealed(state: GameState, e: Event, aud: Audience) -> str:
    names = join_words([boon_line(b) for b in e.data.get("boons") or []])
    return f"Revealed with {card_name(state, str(e.data.get('card')))}: {names}."


def resolved(state: GameState, e: Event, aud: Audience) -> str:
    name = boon_name(str(e.data.get("boon")))
    return f"{name[:1].upper()}{name[1:]} takes effect for {whom(state, e.data['seat'], aud)}."


def discarded(state: GameState, e: Event, aud: Audience) -> str:
    n = int(e.data["count"])   # at least 1: a card without Boons discards none and says nothing
    shown = e.data.get("boons") or []
    what = join_words([boon_name(b) for b in shown]) if shown else plural(n, "face-down Boon")
    return f"{what} on {card_name(state, str(e.data.get('card')))} {'go' if n > 1 else 'goes'} to the Boon discard."


def reshuffled(state: GameState, e: Event, aud: Audience) -> str:
    return "The Boon stack ran out: the Boon discard is shuffled into a new stack."


def ask_level(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any]) -> str:
    done = step.get("explored", [])
    following = next((lv for lv in LEVEL_NAMES if lv not in done), "pinnacle")
    cost = " It costs 1 Lore." if following == "pinnacle" else ""
    return f"The Whispering Tower: climb on to {LEVEL_NAMES[following]}, or leave now?{cost}"


def ask_keep(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any]) -> str:
    return "The Labyrinth: which Boon do you keep? The other goes face down to an opponent."


def ask_give(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any]) -> str:
    return f"Which opponent receives {boon_name(str(step.get('boon')))}? Only they will learn what it is."


def ask_discard(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any]) -> str:
    return "The Pinnacle: discard one of your Boons (two in all)."


def ask_move(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any]) -> str:
    return "Where does the Whispering Tower go now? It must stand in another Region."


def ask_visit(state: GameState, seat: str, step: dict[str, Any], ctx: dict[str, Any]) -> str:
    where = location_where(state, state.data.pieces.get(PIECE, ""))
    return f"Your Boon opens the tower's door: Visit the Whispering Tower at {where}?"


def option_name(state: GameState, kind: str, value: str) -> str | None:
    if kind in ("tower_keep", "tower_discard", "boon") and value.startswith("wt."):
        verb = {"tower_keep": "Keep ", "tower_discard": "Discard "}.get(kind, "")
        return f"{verb}{boon_name(value)}"
    if kind == "tower_level":
        return "Leave the tower" if value == "leave" else f"Explore {LEVEL_NAMES.get(value, value)}"
    if kind == "tower_move":
        where = location_where(state, value)   # "the Castle (Plateau)"
        return where[:1].upper() + where[1:]
    if kind == "tower_visit" and value == "visit":
        return "Visit the tower"
    return None


LEVEL_HINTS = {"entrance": "Take the Boon waiting there",
               "labyrinth": "See its two Boons: keep one, the other goes face down to an opponent",
               "pinnacle": "Pay 1 Lore, take its three Boons, then discard two of your Boons"}


def boon_effect(bid: str) -> str:
    b = content().boons.get(bid)
    if b is None:
        return ""
    return GLOSSES.get(b.text.lower(), b.text)   # a keyword alone ("Flank") is explained


def option_hint(state: GameState, kind: str, value: str) -> str | None:
    """What a Boon or a level offered does; what Visiting the tower offers."""
    if kind in ("tower_keep", "tower_discard", "boon") and value.startswith("wt."):
        return boon_effect(value)
    if kind == "tower_level":
        return "Your Visit ends here" if value == "leave" else LEVEL_HINTS.get(value, "")
    if kind == "visit" and value == "whispering_tower":
        return "Climb its levels for Boons: the Entrance, the Labyrinth, the Pinnacle (1 Lore)"
    if kind == "tower_visit" and value == "visit":
        return "Climb its levels for Boons: the Entrance, the Labyrinth, the Pinnacle (1 Lore)"
    return None


def hint_boon(state: GameState, action: Action) -> str:
    return boon_effect(str(action.get("boon")))


def label_boon(state: GameState, seat: str, action: Action, aud: Audience) -> str:
    return f"Put {boon_name(str(action.get('boon')))} on your card in {the_region(state, str(action.get('region')))}"


def mat(state: GameState, seat: str, aud: Audience) -> list[Section]:
    g = state.data
    if NAME not in g.modules or NAME not in g.extra:
        return []
    mine = tower(g)["supply"].get(seat, [])
    lines = [boon_line(b) for b in mine] or ["No Boons yet."]
    return [Section("Your Boons (only you know them)", tuple(lines))]


def register(w: Any) -> None:
    for kind, fn in (("okc.tower_visited", visited), ("okc.tower_level", level), ("okc.tower_left", left),
                     ("okc.boons_gained", gained), ("okc.boons_gained.names", gained_names),
                     ("okc.boons_seen", seen), ("okc.boon_passed", passed), ("okc.boon_discarded", discarded_one),
                     ("okc.boon_placed", placed), ("okc.boons_revealed", revealed),
                     ("okc.boon_resolved", resolved), ("okc.boons_discarded", discarded),
                     ("okc.boons_reshuffled", reshuffled)):
        w.on(kind)(fn)
    for kind, ask in (("tower_level", ask_level), ("tower_keep", ask_keep), ("tower_give", ask_give),
                      ("tower_discard", ask_discard), ("tower_move", ask_move), ("tower_visit", ask_visit)):
        w.choice_questions[kind] = ask
    w.option_names.append(option_name)
    w.option_hints.append(option_hint)
    w.hints["boon"] = hint_boon
    w.giving_kinds.add("tower_give")   # its players' options read "To ..."
    w.summary_kinds.update({"okc.tower_level", "okc.boon_passed"})
    w.labels["boon"] = label_boon
    w.mat_parts.append(mat)
