"""The thread in words: phase titles, a phase's summary in a few lines, one report per clash,
personal news by DM and the lines of ``/game log``. Built from public events and public facts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Event, GameState
from engine.core.words import Audience, join_words, plural
from engine.okc.words.names import (
    SEASONS,
    card_name,
    card_power,
    council_name,
    favour_ability,
    kingdom_name,
    location_name,
    location_where,
    marker,
    okc,
    region_name,
    tactic_name,
    their,
    who,
    whom,
)
from engine.okc.words.secrets import revealed as bids_revealed
from engine.okc.words.secrets import secret_kind, submitted_anonymous
from engine.okc.words.spring import road
from engine.okc.words.summer import no_winner

Tell = Callable[[GameState, Event, Audience], "str | None"]
# What the winner's claim brings, told inside the clash report rather than after it.
REWARD_KINDS = frozenset({"okc.influence", "okc.stole", "okc.favour", "okc.lore", "okc.acquired", "okc.journey",
                          "okc.govern", "okc.recycled", "okc.drew", "okc.attrition", "okc.discarded",
                          "okc.bottomed", "random.shuffle"})
DAY_KINDS = ("okc.deployed", "okc.tactic", "okc.kingdom_action", "okc.favour_used", "okc.command", "okc.ambush",
             "okc.flanked", "okc.bonus", "okc.strength", "okc.granted", "okc.blanked", "okc.clash_again",
             "okc.retained")
NIGHT_KINDS = ("okc.deadly", "okc.immune")
# Private events the news leaves out: the seat's own secret choice, already said where it was made.
NEWS_PRIVATE_SKIP = frozenset({"secret.chosen", "okc.offer_made"})   # an offer is shown whole in the prompt
# Public events of the Wild Kingdom's pieces told in a phase's one post (modules add their own kinds).
WILD_KINDS: set[str] = {"okc.visit", "okc.travelled", "okc.piece_moved"}


def phase_title(state: GameState) -> str:
    g = okc(state)
    if g.over:
        return "Game over"
    return f"Year {min(g.round, g.length)} · {SEASONS.get(g.season, g.season.title())}"


# -- clashes -------------------------------------------------------------------------------------

def battle_events(events: list[Event]) -> list[list[Event]]:
    """Each clash whose result is known among the public ``events``: from its start to its result,
    then the claim and the rewards as they come (the table posts the clash as soon as it is won, so
    nobody waits on the winner's claim to learn the result, and edits the post as the claim is made).
    Pass the events since the phase began: a clash whose start is not among them, or whose result is
    not yet known, is not returned."""
    out: list[list[Event]] = []
    current: list[Event] | None = None
    ended = False
    for e in events:
        if e.to is not None:
            continue
        if e.kind == "okc.clash":
            if current is not None and ended:
                out.append(current)
            current, ended = [e], False
            continue
        if current is None:
            continue
        if ended and e.kind not in REWARD_KINDS and e.kind != "okc.claim":
            out.append(current)
            current, ended = None, False
            continue
        current.append(e)
        if e.kind in ("okc.clash_won", "okc.no_winner"):
            ended = True
    if current is not None and ended:
        out.append(current)
    return out


def shown_cards(events: list[Event]) -> dict[str, list[str]]:
    by_seat: dict[str, list[str]] = {}
    for e in events:
        if e.kind == "okc.revealed":
            for c in e.data.get("cards") or []:
                by_seat.setdefault(c["seat"], []).append(c["card"])
    return by_seat


def sides(state: GameState, events: list[Event], aud: Audience) -> list[str]:
    """One line per side: the cards it revealed and the Supporters it brought."""
    start = events[0]
    supporters: dict[str, int] = dict(start.data.get("supporters") or {})
    cards = shown_cards(events)
    seats = [s for s in okc(state).order if s in cards or supporters.get(s)]
    lines = []
    for s in seats:
        with_ = f", with {plural(supporters[s], 'Supporter')}" if supporters.get(s) else ""
        if cards.get(s):
            lines.append(f"{who(state, s, aud)} reveal {join_words(card_power(state, c) for c in cards[s])}{with_}.")
        else:
            lines.append(f"{who(state, s, aud)} bring {plural(supporters[s], 'Supporter')}.")
    return lines


ABILITIES = ("okc.tactic", "okc.kingdom_action", "okc.favour_used", "okc.command")


def ability(state: GameState, e: Event, aud: Audience) -> str:
    """"The Clans (Bob) use War Horns": the start of a deed in the clash report."""
    d = e.data
    if e.kind == "okc.tactic":
        name = tactic_name(state, d["tactic"])
    elif e.kind == "okc.favour_used":
        name = f"the Kingdom's Favour ({favour_ability(state, d['ability'])})"
    elif e.kind == "okc.command":
        how = {"ambush": " to Ambush", "flank": " to Flank"}.get(str(d.get("keyword")), "")
        name = f"{card_name(state, d['card'])}{how}"
    else:
        name = kingdom_name(state, d["card"])
    return f"{who(state, d['seat'], aud)} use {name}"


def result(state: GameState, e: Event, aud: Audience) -> str | None:
    """What an ability did, as a short clause to follow it; None when it needs a sentence of its own."""
    d = e.data
    if e.kind == "okc.bonus":
        return f"+{d.get('amount')} Strength"
    if e.kind == "okc.strength":
        return f"{card_name(state, d['card'])} now has +{d.get('gained')} Strength"
    if e.kind == "okc.granted":
        return f"{card_name(state, d['card'])} gains {str(d.get('keyword')).title()}"
    if e.kind == "okc.blanked":
        return f"{card_power(state, d['card'])} of {whom(state, d['seat'], aud)} is blanked"
    if e.kind == "okc.ambush":
        return "a card goes face down"
    if e.kind == "okc.flanked":
        return f"{card_name(state, d['card'])} rides to the {region_name(state, d['to'])}"
    if e.kind == "okc.clash_again":
        return "this Region will clash again"
    if e.kind == "okc.retained":
        return f"{card_name(state, d['card'])} stays Active through Winter"
    return None


def deeds(state: GameState, events: list[Event], aud: Audience, tell: Tell) -> str | None:
    """The Day step in one line: each ability with what it did, Supporters added, in order."""
    items: list[list[str]] = []          # [seat, sentence head, clause, ...]
    sent: dict[int, int] = {}            # item index -> Supporters added in a row by one seat
    for e in events:
        if e.kind not in DAY_KINDS:
            continue
        seat = str(e.data.get("seat") or e.data.get("by") or "")
        if e.kind in ABILITIES:
            items.append([seat, ability(state, e, aud)])
            continue
        if e.kind == "okc.deployed":
            n = int(e.data.get("count") or 0)
            if items and len(items) - 1 in sent and items[-1][0] == seat:
                n += sent.pop(len(items) - 1)
                items.pop()
            sent[len(items)] = n
            items.append([seat, f"{who(state, seat, aud)} add {plural(n, 'Supporter')}"])
            continue
        clause = result(state, e, aud)
        actor = str(e.data.get("by") or e.data.get("seat") or "")
        if clause and items and items[-1][0] in (seat, actor) and len(items[-1]) > 1:
            items[-1].append(clause)
        else:
            told = tell(state, e, aud)
            if told:
                items.append([seat, told.rstrip(".")])
    if not items:
        return None
    said = [_in_sentence(state, seat, head, aud) + (": " + ", ".join(rest) if rest else "")
            for seat, head, *rest in items]
    return "Day: " + "; ".join(said) + "."   # every deed: the clash report is never cut


def _in_sentence(state: GameState, seat: str, part: str, aud: Audience) -> str:
    """A deed inside the Day line, its faction in lower case ("Day: the Clans (Alice) use War Horns")."""
    head = who(state, seat, aud) if seat else ""
    return whom(state, seat, aud) + part[len(head):] if head and part.startswith(head) else part


def happenings(state: GameState, events: list[Event], kinds: tuple[str, ...], head: str, tell: Tell,
               aud: Audience) -> str | None:
    said = [t for t in (tell(state, e, aud) for e in events if e.kind in kinds) if t]
    if not said:
        return None
    return f"{head}: " + " ".join(said)


def eliminated(state: GameState, events: list[Event], aud: Audience) -> str | None:
    """One line for every card that fell: "Eliminated: Berserker (5) of the Clans (Bob)."."""
    by_seat: dict[str, list[str]] = {}
    for e in events:
        if e.kind == "okc.eliminated":
            by_seat.setdefault(e.data["seat"], []).append(card_power(state, e.data["card"]))
    if not by_seat:
        return None
    parts = [f"{join_words(cards)} of {whom(state, s, aud)}" for s, cards in by_seat.items()]
    return f"Eliminated: {'; '.join(parts)}."


def outcome(state: GameState, events: list[Event], aud: Audience) -> str:
    """Who won and by how much, from the last tally; or why nobody did."""
    tallies = [e for e in events if e.kind == "okc.tally"]
    won = next((e for e in events if e.kind == "okc.clash_won"), None)
    if won is not None:
        seat = won.data["seat"]
        tally: dict[str, int] = dict(tallies[-1].data.get("tally") or {}) if tallies else {}
        others = sorted((v for s, v in tally.items() if s != seat), reverse=True)
        score = f"{won.data.get('strength')} to {others[0]}" if others else f"with {won.data.get('strength')}, unopposed"
        return f"{who(state, seat, aud)} win {score}."
    lost = next((e for e in events if e.kind == "okc.no_winner"), None)
    return no_winner(state, lost, aud) if lost is not None else "Nobody wins."


def tie_break(state: GameState, events: list[Event], level: int, aud: Audience) -> str:
    """A tie-break round: the tied level and the cards each tied side played."""
    played = next((e for e in events if e.kind == "secret.revealed" and secret_kind(e.data.get("key")) == "tie"), None)
    head = f"Tied at {level}." if level else "Tied."
    return f"{head} {bids_revealed(state, played, aud)}" if played is not None else head


def rewards(state: GameState, events: list[Event], aud: Audience) -> str | None:
    """"The Nobility (Bob) claim the Harvest Field: 1 Influence and the Kingdom's Favour (3 uses)."""
    at = next((i for i, e in enumerate(events) if e.kind == "okc.claim"), None)
    if at is None:
        return None
    seat = events[at].data["seat"]
    gains: list[str] = []
    influence = under = 0
    for e in events[at + 1:]:
        d = e.data
        if e.kind == "okc.influence" and d.get("seat") == seat:
            influence += int(d.get("amount") or 0)
        elif e.kind == "okc.stole" and d.get("seat") == seat and d.get("amount"):
            what = "Influence" if d.get("what") == "influence" else "Lore"
            gains.append(f"{d.get('amount')} {what} taken from {whom(state, d['victim'], aud)}")
        elif e.kind == "okc.favour" and d.get("seat") == seat:
            gains.append(f"the Kingdom's Favour ({plural(int(d.get('uses') or 0), 'use')})")
        elif e.kind == "okc.lore" and d.get("seat") == seat:
            gains.append(f"{d.get('amount')} Lore")
        elif e.kind == "okc.govern" and d.get("seat") == seat:
            gains.append(f"Govern with {card_power(state, d['card'])} in the {council_name(state, d['council'])}")
        elif e.kind == "okc.journey" and d.get("seat") == seat:
            gains.append(f"a Journey with {card_power(state, d['card'])}")
        elif e.kind == "okc.drew" and d.get("seat") == seat and d.get("count"):
            gains.append(f"{plural(int(d.get('count') or 0), 'card')} drawn")
        elif e.kind == "okc.bottomed" and d.get("seat") == seat:
            under += 1
    if under:
        gains.append(f"{plural(under, 'card')} put under the deck")
    if influence:
        gains.insert(0, f"{influence} Influence")
    loc = location_where(state, str(events[at].data.get("location")))
    return f"{who(state, seat, aud)} claim {loc}" + (f": {join_words(gains)}." if gains else ".")


def battle_report(state: GameState, events: list[Event], aud: Audience, tell: Tell) -> list[str]:
    pub = [e for e in events if e.to is None]
    if not pub or pub[0].kind != "okc.clash":
        return []
    aud = aud.public()
    start = pub[0]
    rid = str(start.data.get("region"))
    if start.data.get("first", True):
        title = f"The clash in the {region_name(state, rid)} (marker {marker(int(start.data.get('marker') or 0))})."
    else:
        title = f"The {region_name(state, rid)} clashes again."
    # The clash, then each tie-break round, in the order they happened.
    cuts = [i for i, e in enumerate(pub) if e.kind == "okc.tie"]
    rounds = [pub[a:b] for a, b in zip([0, *cuts], [*cuts, len(pub)], strict=True)]
    lines = [title, *sides(state, rounds[0], aud)]
    if len(lines) == 1:
        lines.append("Nobody has a card or a Supporter there.")
    level = 0
    for n, part in enumerate(rounds):
        if n:
            lines.append(tie_break(state, part, level, aud))
        for said in (deeds(state, part, aud, tell), happenings(state, part, NIGHT_KINDS, "Night", tell, aud)):
            if said:
                lines.append(said)
        fallen = eliminated(state, part, aud)
        if fallen:
            lines.append(fallen)
        tallies = [e for e in part if e.kind == "okc.tally"]
        if tallies:
            level = max((tallies[-1].data.get("tally") or {}).values(), default=0)
    lines.append(outcome(state, pub, aud))
    claimed = rewards(state, pub, aud)
    if claimed:
        lines.append(claimed)
    return lines


# -- phase summaries ---------------------------------------------------------------------------------

def standings(state: GameState, aud: Audience) -> str:
    g = okc(state)
    ranked = sorted(g.order, key=lambda s: -g.players[s].influence)
    return "Influence now: " + join_words(f"{whom(state, s, aud)} {g.players[s].influence}" for s in ranked) + "."


def tally_gains(state: GameState, events: list[Event], kind: str, aud: Audience) -> str | None:
    gained: dict[str, int] = {}
    for e in events:
        if e.kind == kind:
            gained[e.data["seat"]] = gained.get(e.data["seat"], 0) + int(e.data.get("amount") or 0)
        elif e.kind == "okc.stole" and kind == "okc.influence" and e.data.get("what") == "influence":
            gained[e.data["seat"]] = gained.get(e.data["seat"], 0) + int(e.data.get("amount") or 0)
            gained[e.data["victim"]] = gained.get(e.data["victim"], 0) - int(e.data.get("amount") or 0)
    shown = [s for s in okc(state).order if gained.get(s)]
    if not shown:
        return None
    what = "Influence" if kind == "okc.influence" else "Lore"
    return f"{what} this phase: " + join_words(f"{whom(state, s, aud)} {gained[s]:+d}" for s in shown) + "."


def council_rewards(state: GameState, events: list[Event], aud: Audience) -> str | None:
    """"From the Councils: the Nobility (Alice) 2 Influence from the Council of Relics; ..."."""
    gains: dict[tuple[str, str], list[str]] = {}
    for e in events:
        why = str(e.data.get("why") or "")
        if not why.startswith("council:") or e.kind not in ("okc.influence", "okc.lore"):
            continue
        what = "Influence" if e.kind == "okc.influence" else "Lore"
        gains.setdefault((e.data["seat"], why.split(":", 1)[1]), []).append(f"{e.data.get('amount')} {what}")
    parts = [f"{whom(state, seat, aud)} {join_words(got)} from the {council_name(state, council)}"
             for (seat, council), got in gains.items()]
    return joined("From the Councils", parts)


def joined(head: str, parts: list[str]) -> str | None:
    return f"{head}: {'; '.join(parts)}." if parts else None


def clash_line(state: GameState, segment: list[Event], aud: Audience) -> str:
    rid = str(segment[0].data.get("region"))
    won = next((e for e in segment if e.kind == "okc.clash_won"), None)
    claim = next((e for e in segment if e.kind == "okc.claim"), None)
    if won is None:
        return f"{region_name(state, rid)}: nobody wins."
    tally: dict[str, int] = {}
    for e in segment:
        if e.kind == "okc.tally":
            tally = dict(e.data.get("tally") or {})
    seat = won.data["seat"]
    others = sorted((v for s, v in tally.items() if s != seat), reverse=True)
    score = f"{won.data.get('strength')} to {others[0]}" if others else f"with {won.data.get('strength')}, unopposed"
    where = f" and claim the {location_name(state, str(claim.data.get('location')))}" if claim is not None else ""
    if where and not others:
        where = "," + where
    return f"{region_name(state, rid)}: {whom(state, seat, aud)} win {score}{where}."


def wild_line(state: GameState, pub: list[Event], aud: Audience, tell: Tell) -> str | None:
    """One line for what the Wild Kingdom's pieces saw this phase: Visits, the tower's levels, Boons
    handed on, pieces travelling or moved (each told as its own event is, folded together)."""
    told = [tell(state, e, aud) for e in pub if e.kind in WILD_KINDS]
    parts = [t.rstrip(".") for t in told if t]
    return joined("In the Wild Kingdom", parts)


def phase_summary(state: GameState, phase: str, events: list[Event], aud: Audience, tell: Tell) -> list[str]:
    aud = aud.public()
    pub = [e for e in events if e.to is None]
    lines: list[str | None] = []
    # The game's end is told by the final post (the winner and every part of the score), not here.
    over = next((e for e in pub if e.kind == "okc.game_over"), None)
    for e in pub:
        if e.kind == "secret.revealed" and secret_kind(e.data.get("key")) == "bid":
            lines.append(bids_revealed(state, e, aud))
    picks = []
    for e in pub:
        d = e.data
        if e.kind == "okc.road_taken":
            picks.append(f"{whom(state, d['seat'], aud)} take {kingdom_name(state, d['card'])}")
        elif e.kind == "okc.kingdom_stolen":
            picks.append(f"{whom(state, d['seat'], aud)} take {kingdom_name(state, d['card'])} from "
                         f"{whom(state, d['victim'], aud)}")
        elif e.kind == "okc.bid_kept":
            picks.append(f"{whom(state, d['seat'], aud)} keep {their(d['seat'], aud)} bid")
    lines.append(joined("Kingdom cards", picks))
    heralds = [f"{whom(state, e.data['seat'], aud)} at the {location_name(state, e.data['location'])}"
               for e in pub if e.kind == "okc.herald"]
    lines.append(joined("Heralds", heralds))
    lines += [tell(state, e, aud) for e in pub if e.kind == "okc.region_cards"]
    lines += [clash_line(state, seg, aud) for seg in battle_events(pub)]
    lines.append(wild_line(state, pub, aud, tell))
    lines.append(joined("Governed", [f"{whom(state, e.data['seat'], aud)} put {card_power(state, e.data['card'])} "
                                     f"into the {council_name(state, e.data['council'])}"
                                     for e in pub if e.kind == "okc.govern"]))
    lines.append(joined("Journeys", [f"{whom(state, e.data['seat'], aud)} with {card_power(state, e.data['card'])}"
                                     for e in pub if e.kind == "okc.journey"]))
    lines.append(joined("Site of Power", [f"{whom(state, e.data['seat'], aud)} acquire "
                                          f"{card_power(state, e.data['card'])}"
                                          for e in pub if e.kind == "okc.acquired"]))
    favour = [e for e in pub if e.kind == "okc.favour"]
    if favour:
        holder = favour[-1].data["seat"]
        lines.append(f"The Kingdom's Favour is with {whom(state, holder, aud)} "
                     f"({plural(int(favour[-1].data.get('uses') or 0), 'use')}).")
    lines.append(council_rewards(state, pub, aud))
    lines.append(tally_gains(state, pub, "okc.influence", aud))
    lines.append(tally_gains(state, pub, "okc.lore", aud))
    lines.append(joined("Lore turned into Influence", [f"{whom(state, e.data['seat'], aud)} +{e.data.get('influence')}"
                                                       for e in pub if e.kind == "okc.lore_converted"]))
    out = [x for x in lines if x]   # never cut: what does not fit one message goes on in the next
    if over is not None:
        return out
    out.append(standings(state, aud))
    if len(out) < 3:
        g = okc(state)
        out.append("Order of play: " + join_words(whom(state, s, aud) for s in g.order) + ".")
    if len(out) < 3:
        g = okc(state)
        out.append(road(state, list(g.great_road), g.kingdom_deck[0] if g.kingdom_deck else None))
    return out


# -- personal news and the log -------------------------------------------------------------------------

def concerns(e: Event, seat: str) -> bool:
    """A public event that hurts or calls on ``seat``: it deserves a line by DM."""
    d: dict[str, Any] = e.data
    k = e.kind
    if k in ("okc.eliminated", "okc.blanked") and d.get("seat") == seat:
        return d.get("by") != seat
    if k in ("okc.stole", "okc.kingdom_stolen", "okc.wild_stolen") and d.get("victim") == seat:
        return True
    if k == "okc.herald_moved" and d.get("seat") == seat and d.get("by") != seat:
        return True
    if k == "okc.peeked" and d.get("target") == seat:
        return True
    if k == "okc.favour" and d.get("previous") == seat and d.get("seat") != seat:
        return True
    if k == "okc.clash_won" and d.get("seat") == seat:
        return True
    return k in ("okc.attrition", "okc.hand_size") and d.get("seat") == seat


def news(state: GameState, events: list[Event], seat: str, aud: Audience, tell: Tell) -> list[str]:
    aud = aud.to(seat)
    out = []
    for e in events:
        if not e.visible_to(seat):
            continue
        private = e.to is not None and e.kind not in NEWS_PRIVATE_SKIP
        if private or e.to is None and concerns(e, seat):
            line = tell(state, e, aud)
            if line and e.kind == "okc.clash_won":
                line += " Claim your reward."
            if line:
                out.append(line)
    return out


def log_line(state: GameState, seat: str | None, events: list[Event], aud: Audience, tell: Tell) -> str:
    aud = aud.public()
    said = []
    for e in events:
        if e.to is not None:
            continue
        if e.kind == "secret.submitted" and seat is None:
            said.append(submitted_anonymous(state, e))
            continue
        line = tell(state, e, aud)
        if line:
            said.append(line)
    if not said and seat is not None and seat in okc(state).players:
        said.append(f"{who(state, seat, aud)} let the effect go no further.")
    return " ".join(said)

