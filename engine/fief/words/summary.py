"""The thread and the log: phase titles, phase summaries built from public events (aggregated,
news first), one report per battle (sides, dice, hits, losses, captives, who holds the city),
personal news by DM and one prose line per action for ``/game log`` (1.0, 7.0-7.8)."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from engine.core.events import Event
from engine.core.state import GameState
from engine.core.words import Audience, Words, join_words, plural
from engine.fief.components import C
from engine.fief.flow import PHASES
from engine.fief.state import Fief
from engine.fief.war.battle.dice import FACES, dice_for
from engine.fief.words import names as N
from engine.fief.words.events_war import VIA, VOLLEYS, ending

FIRING = ("treb", "bombard", "archer", "melee")   # the volleys of a battle round, in the order they fire (7.2)
LINE_CHARS = 220

# Kinds told in a summary line of their own (news first), and kinds a summary leaves out.
HEADLINES = ("noble.died", "noble.captured", "game.over", "invaders.landed", "disaster.placed",
             "disaster.activated", "siege.begun", "bandits.captive", "plague.losses", "invaders.destroyed")
LEFT_OUT = frozenset({
    "random.roll", "random.pick", "random.shuffle", "turn.done", "step.begun", "round.begun", "round.ended",
    "request.opened", "request.answered", "request.expired", "offer.opened", "offer.accepted", "offer.declined",
    "offer.withdrawn", "offer.expired", "pigeon.sent", "pigeon.arrived", "pigeon.lost", "card.drawn",
    "card.discarded", "troops.bought", "troops.placed", "noble.moved", "noble.entered", "noble.outskirts",
    "noble.may_pass", "disaster.drawn", "disaster.revealed", "deck.reshuffled", "fortune.cleared",
    "title.returned", "retainer.spent", "city.control", "building.built", "sea.journey", "sherwood.journey",
    "royal.journey", "secret.submitted", "reaction.passed",
})


def phase_title(g: Fief) -> str:
    f = g.flow
    if f.over:
        return "Game over"
    if f.phase == 0:
        return "Setup: starting cities"
    return f"Round {f.round} · Phase {f.phase}: {PHASES.get(f.phase, 'Setup')}"


def _is_battle_kind(kind: str) -> bool:
    return kind.startswith("battle.") or kind.startswith("cavalcade.")


def phase_summary(words: Words, state: GameState, events: list[Event], aud: Audience) -> list[str]:
    """A few lines, never cut: news first (deaths, captures, battles won, disasters), then what
    each family did, aggregated (cards drawn, purchases, moves, cities taken), sentences packed
    into lines of about ``LINE_CHARS``."""
    g: Fief = state.data
    pub = [e for e in events if e.to is None]
    head: list[str] = []
    rest: list[str] = []
    for e in pub:
        if e.kind.startswith("battle.end.") or e.kind in HEADLINES:
            line = words.event(state, e, aud)
            if line:
                head.append(line)
    rest += _aggregates(g, pub, aud)
    in_battle = False
    for e in pub:
        if e.kind == "battle.declared":
            in_battle = True
        if e.kind == "battle.ended":
            in_battle = False
            continue
        if in_battle or e.kind in LEFT_OUT or e.kind in HEADLINES or _is_battle_kind(e.kind):
            continue
        line = words.event(state, e, aud)
        if line:
            rest.append(line)
    return _pack(head, rest)


def _pack(head: list[str], rest: list[str]) -> list[str]:
    lines = list(dict.fromkeys(head))
    packed: list[str] = []
    for sentence in dict.fromkeys(rest):
        if packed and len(packed[-1]) + 1 + len(sentence) <= LINE_CHARS:
            packed[-1] += " " + sentence
        else:
            packed.append(sentence)
    lines += packed
    return lines  # never cut: what does not fit one message goes on in the next (the adapter splits)


def _aggregates(g: Fief, pub: list[Event], aud: Audience) -> list[str]:
    out: list[str] = []
    drawn: Counter[str] = Counter(str(e.data.get("seat")) for e in pub if e.kind == "card.drawn")
    if drawn:
        out.append("Cards drawn: " + ", ".join(f"{N.seat_player(g, s, aud)} {n}" for s, n in drawn.items()) + ".")
    bought: dict[str, Counter[str]] = defaultdict(Counter)
    spent: Counter[str] = Counter()
    for e in pub:
        if e.kind == "troops.bought":
            fam = str(e.data.get("family"))
            bought[fam].update({k: int(v) for k, v in e.data.get("units", {}).items()})
            spent[fam] += int(e.data.get("cost", 0))
        if e.kind == "building.built":
            spent[str(e.data.get("family"))] += int(e.data.get("cost", 0))
    if bought:
        out.append("Purchases: " + "; ".join(f"{N.family_player(g, f, aud)} {N.troops(c)}" for f, c in bought.items()) + ".")
    built = [e for e in pub if e.kind == "building.built"]
    if built:
        out.append("Built: " + join_words(f"{N.building(e.data.get('what'))} at {e.data.get('city')} ({N.family(e.data.get('family'))})"
                                          for e in built) + ".")
    out += _moves(g, pub, aud)
    out += _control(g, pub, aud)
    return out


def _control(g: Fief, pub: list[Event], aud: Audience) -> list[str]:
    """Who holds each city that changed hands, as the phase ends (5.1): its last change counts."""
    first: dict[str, Any] = {}
    last: dict[str, Any] = {}
    for e in pub:
        if e.kind == "city.control":
            city = str(e.data.get("city"))
            first.setdefault(city, e.data.get("before"))
            last[city] = e.data.get("family")
    taken: dict[str, list[str]] = defaultdict(list)
    freed: list[str] = []
    for city, fam in last.items():
        if fam == first[city]:
            continue
        if fam:
            taken[str(fam)].append(city)
        else:
            freed.append(city)
    out = [f"{N.cap(N.family_player(g, fam, aud))} takes {join_words(cities)}." for fam, cities in taken.items()]
    if freed:
        out.append(f"{join_words(freed)} {'is' if len(freed) == 1 else 'are'} independent again.")
    return out


def _moves(g: Fief, pub: list[Event], aud: Audience) -> list[str]:
    """Each family's nobles, from where they began the phase to where they ended it."""
    trips: dict[str, dict[str, list[str]]] = defaultdict(dict)
    routes: dict[str, set[str]] = defaultdict(set)
    for e in pub:
        if e.kind != "noble.moved":
            continue
        fam, nid = str(e.data.get("family")), str(e.data.get("noble"))
        trip = trips[fam].setdefault(nid, [str(e.data.get("start"))])
        trip.append(str(e.data.get("to")))
        if e.data.get("via") in ("sea", "sherwood", "royal"):
            routes[nid].add(VIA[str(e.data["via"])].strip())
    out = []
    for fam, nobles in trips.items():
        parts = []
        for nid, trip in nobles.items():
            via = f" ({join_words(sorted(routes[nid]))})" if routes[nid] else ""
            parts.append(f"{N.noble(g, nid)} to {trip[-1]}{via}")
        out.append(f"{N.cap(N.family_player(g, fam, aud))} moves {join_words(parts)}.")
    return out


# -- battles ----------------------------------------------------------------------------------------
AFTERMATH = frozenset({"city.control", "siege.lifted", "siege.begun", "noble.captured", "battle.spoils",
                       "relic.dropped", "captive.released"})


def battle_events(events: list[Event], ongoing: bool = False) -> list[list[Event]]:
    """The public events of each battle that ended, from its declaration to its end, with what
    follows at once in the same city (who takes it, a siege lifted, captives taken); with
    ``ongoing``, the battle still being fought too (last)."""
    out: list[list[Event]] = []
    current: list[Event] | None = None
    ended: list[Event] | None = None
    for e in events:
        if e.to is not None:
            continue
        if ended is not None:
            if e.kind in AFTERMATH and e.data.get("city") in (None, ended[0].data.get("city")):
                ended.append(e)
                continue
            ended = None
        if e.kind == "battle.declared":
            current = [e]
            continue
        if current is None:
            continue
        current.append(e)
        if e.kind == "battle.ended":
            out.append(current)
            ended, current = current, None
    if ongoing and current is not None:
        out.append(current)
    return out


def battle_seats(g: Fief, events: list[Event]) -> list[str]:
    """The seats of the families fighting in one battle (its sides and the families that joined)."""
    fams: list[str] = []
    for e in events:
        if e.kind == "battle.declared":
            fams += [str(e.data.get("attacker")), str(e.data.get("defender"))]
        elif e.kind == "battle.joined":
            fams.append(str(e.data.get("family")))
        elif e.kind == "battle.revealed":
            fams += [str(f) for f in e.data.get("troops", {})]
    seats = [N.seat_of(g, f) for f in dict.fromkeys(fams)]
    return list(dict.fromkeys(s for s in seats if s))


def _volley_of(why: str) -> tuple[str, str] | None:
    head, _, rest = why.partition(": ")
    if head in VOLLEYS:
        return head, rest.partition(" at ")[0]
    return None


def battle_report(g: Fief, events: list[Event], aud: Audience) -> list[str]:
    """One short block: who fought whom, the sides, each round's dice and hits, the losses and
    captives, how it ended and who holds the city (7.0-7.8)."""
    if not events or events[0].kind != "battle.declared":
        return []
    d = events[0].data
    city, att, dfn, kind = d.get("city"), str(d.get("attacker")), str(d.get("defender")), d.get("battle")
    walls = f", behind {N.building(d['walls'])}" if d.get("walls") else ""
    title = {"cavalcade": "Cavalcade", "invasion": "Invaders", "sally": "Sally"}.get(str(kind), "Battle")
    holder = next((e.data.get("before") for e in events if e.kind == "city.control"),
                  g.cities[str(city)].controller if str(city) in g.cities else None)
    holds = f", who {_verb(dfn, 'hold', g, aud)} the city" if holder == dfn and dfn != N.INVADERS else ""
    if holds and walls:
        holds, walls = holds + walls.removeprefix(","), ""
    lines = [f"{title} at {city}: {_party(g, att, aud)} {_verb(att, 'attack', g, aud)} {_party(g, dfn, aud)}"
             f"{holds}{walls}."]
    shown: dict[str, dict[str, int]] = {}
    for e in events:
        if e.kind == "battle.revealed":
            shown.update({str(f): dict(t) for f, t in e.data.get("troops", {}).items()})
    lines.append(" ".join(_side_line(g, fam, troops, events) for fam, troops in shown.items()))
    standing = _Standing(g, shown, events)
    rnd: list[str] = []
    rolls: dict[tuple[str, str], list[int]] = defaultdict(list)

    def flush_volley(volley: str, hits: dict[str, Any]) -> None:
        parts = []
        for side in (att, dfn):
            faces = rolls.pop((volley, side), [])
            if not faces:
                continue
            took = int(hits.get(dfn if side == att else att, 0))
            shown = join_words(str(FACES[v - 1]) if FACES[v - 1] else "a blank" for v in faces)
            rolls_word = "roll" if side == N.INVADERS else "rolls"
            parts.append(f"{N.cap(N.family(side))} {rolls_word} {shown} for {plural(took, 'hit') if took else 'no hit'}")
        if parts:
            rnd.append(f"{N.cap(VOLLEYS[volley])}: {'; '.join(parts)}.")

    def flush_misses(before: str | None = None) -> None:
        """The volleys fired before ``before`` (all, without it) in which nobody hit: they have no
        hits event, so their dice are told here."""
        for volley in FIRING:
            if volley == before:
                return
            if any(v == volley for v, _ in rolls):
                flush_volley(volley, {})

    def close_round() -> None:
        flush_misses()
        if len(rnd) > 1:
            rnd.append(standing.line())

    for e in events[1:]:
        standing.see(e)
        if e.kind not in ("random.roll", "battle.hits"):
            flush_misses()  # dice told before what followed them
        if e.kind == "battle.round":
            close_round()
            if rnd:
                lines.append(" ".join(rnd))
            rnd = [f"Round {e.data.get('round')}."]
        elif e.kind == "random.roll":
            v = _volley_of(str(e.data.get("why", "")))
            if v:
                rolls[v].append(int(e.data.get("value", 1)))
        elif e.kind == "battle.hits":
            flush_misses(str(e.data.get("volley")))
            flush_volley(str(e.data.get("volley")), dict(e.data.get("hits", {})))
        elif e.kind == "battle.losses":
            rnd.append(_loss_line(g, e.data, aud))
        elif e.kind == "battle.explosion":
            n = int(e.data.get("bombards", 0))
            rnd.append(f"{N.unit('bombard', n)} of {N.family(e.data.get('family'))} {'blows' if n == 1 else 'blow'} up.")
        elif e.kind == "noble.captured":
            rnd.append(f"{N.noble(g, e.data.get('noble'))} is taken captive.")
        elif e.kind == "battle.joined":
            rnd.append(f"{N.family(e.data.get('family'))} joins {N.family(e.data.get('side'))}.")
        elif e.kind == "battle.truce_offered":
            rnd.append(f"{N.family(e.data.get('by'))} offers a truce.")
        elif e.kind.startswith("battle.end."):
            close_round()
            if rnd:
                lines.append(" ".join(rnd))
            rnd = []
            lines.append(ending(g, e.data, e.kind.rpartition(".")[2], aud))
        elif e.kind == "city.control":
            fam = e.data.get("family")
            lines.append(f"{N.cap(_party(g, fam, aud))} {_verb(fam, 'take', g, aud)} {city}." if fam else f"{city} is left independent.")
        elif e.kind == "siege.begun":
            lines.append(f"{N.family(e.data.get('by'))} lays siege to {city}.")
        elif e.kind == "siege.lifted":
            lines.append(f"The siege of {city} is over.")
    close_round()
    if rnd and len(rnd) > 1:
        lines.append(" ".join(rnd))
    return [line for line in lines if line]


class _Standing:
    """What is left on each side as a battle goes on: the troops shown when it began (or when a
    family joined) less the losses told since, and the nobles neither slain nor taken (7.5, 7.6).
    Only public events are read: the troops a battle shows are revealed to all (4.1, FAQ)."""

    def __init__(self, g: Fief, shown: dict[str, dict[str, int]], events: list[Event]) -> None:
        self.g = g
        self.troops: dict[str, Counter[str]] = {}
        self.nobles: dict[str, list[str]] = {}
        self.city = events[0].data.get("city")
        self.events = events

    def see(self, e: Event) -> None:
        if e.kind == "battle.revealed":
            for fam, t in e.data.get("troops", {}).items():
                self.troops[str(fam)] = Counter({str(k): int(v) for k, v in dict(t).items()})
                self.nobles[str(fam)] = self._nobles_of(str(fam))
        elif e.kind == "battle.losses":
            side = str(e.data.get("family"))
            for unit in e.data.get("units", []):
                fam, _, u = str(unit).rpartition(":")
                left = self.troops.setdefault(fam or side, Counter())
                if left[u] > 0:
                    left[u] -= 1
            self._gone(list(e.data.get("slain", [])) + list(e.data.get("captured", [])))
        elif e.kind in ("noble.captured", "noble.died"):
            self._gone([str(e.data.get("noble"))])

    def _gone(self, ids: list[Any]) -> None:
        for nobles in self.nobles.values():
            for nid in map(str, ids):
                if nid in nobles:
                    nobles.remove(nid)

    def _nobles_of(self, fam: str) -> list[str]:
        if fam == N.INVADERS:
            return []
        ids = [str(n) for e in self.events if e.kind == "battle.losses" and e.data.get("family") == fam
               for n in list(e.data.get("slain", [])) + list(e.data.get("captured", []))]
        ids += [str(e.data.get("noble")) for e in self.events if e.kind in ("noble.captured", "noble.died")
                and e.data.get("family") == fam]
        ids += [n.id for n in self.g.nobles.values() if n.family == fam and n.city == self.city]
        return list(dict.fromkeys(ids))

    def line(self) -> str:
        parts = []
        for fam, troops in self.troops.items():
            who = N.nobles(self.g, self.nobles.get(fam, []))
            what = N.troops(+troops, none="")
            held = f"{who} with {what}" if who and what else who or what or "nothing"
            parts.append(f"{held} for {N.family(fam)}")
        return f"Left: {'; '.join(parts)}." if parts else ""


def _name(g: Fief, fam: str | None, aud: Audience) -> str:
    return "the invaders" if fam == N.INVADERS else N.family_player(g, fam, aud)


def _party(g: Fief, fam: str | None, aud: Audience) -> str:
    """A side of the battle: "you (Red)" in the DM to Red's player, "Red (Alice)" elsewhere."""
    return f"you ({N.family(fam)})" if N.is_you(g, fam, aud) else _name(g, fam, aud)


def _verb(fam: str | None, verb: str, g: Fief, aud: Audience) -> str:
    return verb if fam == N.INVADERS or N.is_you(g, fam, aud) else verb + "s"


def _side_line(g: Fief, fam: str, troops: dict[str, int], events: list[Event]) -> str:
    if fam == N.INVADERS:
        return f"Invaders: {N.unit('foot', int(troops.get('foot', 0)))} with their leader."
    sp = sum(C.unit_sp.get(k, 0) * int(n) for k, n in troops.items())
    nobles = [str(n) for e in events if e.kind == "battle.losses" and e.data.get("family") == fam
              for n in list(e.data.get("slain", [])) + list(e.data.get("captured", []))]
    nobles += [str(e.data.get("noble")) for e in events if e.kind in ("noble.captured", "noble.died")
               and e.data.get("family") == fam]
    city = events[0].data.get("city")
    nobles += [n.id for n in g.nobles.values() if n.family == fam and n.city == city and n.id not in nobles]
    who = N.nobles(g, dict.fromkeys(nobles))
    if not sp:
        return f"{N.family(fam)}: {who or 'nobody'}, no troops."
    dice = dice_for(sp)
    return f"{N.family(fam)}: {who + ', ' if who else ''}{N.troops(troops)} ({sp} strength, {plural(dice, 'die', 'dice')})."


def _loss_line(g: Fief, d: dict[str, Any], aud: Audience) -> str:
    side = d.get("family")
    who = "The invaders lose" if side == N.INVADERS else f"{N.family(side)} loses"
    out = [f"{who} {N.troops(d['units'])}."] if d.get("units") else []
    if d.get("slain"):
        out.append(f"{N.nobles(g, d['slain'])} {'falls' if len(d['slain']) == 1 else 'fall'}.")
    return " ".join(out)


# -- news and the log --------------------------------------------------------------------------------
NEWS_PUBLIC = frozenset({"noble.died", "noble.captured", "captive.released", "bandits.stopped", "plague.losses",
                         "title.lost", "pillage.engines", "invaders.landed"})
NEWS_PRIVATE_SKIP = frozenset({"card.received", "troops.detail", "troops.moved", "secret.chosen"})


def news(words: Words, state: GameState, events: list[Event], seat: str, aud: Audience) -> list[str]:
    """Personal news for ``seat``, one line each: its nobles slain, captured or freed, its cities
    lost, a battle against it, a request or offer waiting, what reached it by pigeon or Mata."""
    g: Fief = state.data
    mine = set(N.seat_families(g, seat))
    out: list[str] = []
    for e in events:
        if not e.visible_to(seat):
            continue
        d = e.data
        if e.to is not None:
            if e.kind not in NEWS_PRIVATE_SKIP:
                line = words.event(state, e, aud)
                if line:
                    out.append(line)
            continue
        line = None
        if e.kind in NEWS_PUBLIC and (d.get("family") in mine or d.get("owner") in mine):
            line = words.event(state, e, aud)
        elif e.kind == "ransom.paid" and d.get("captor") in mine:
            line = words.event(state, e, aud)
        elif e.kind == "city.control" and d.get("before") in mine and d.get("family") not in mine:
            line = f"You lose control of {d.get('city')}."
        elif e.kind == "battle.declared" and (d.get("defender") in mine) and d.get("attacker") not in mine:
            line = words.event(state, e, aud)
        elif e.kind in ("request.opened", "offer.opened") and d.get("to") == seat and d.get("by") != seat:
            line = words.event(state, e, aud)
        elif e.kind == "pigeon.lost" and N.noble_family(g, d.get("to")) in mine \
                and N.noble_family(g, d.get("frm")) not in mine:   # a pigeon meant for you went astray
            line = (f"A pigeon from {N.noble_of(g, d.get('frm'))} to {N.noble(g, d.get('to'))} went astray: "
                    "what it carried never reaches you.")
        elif e.kind == "pigeon.lost" and N.noble_family(g, d.get("frm")) in mine \
                and N.noble_family(g, d.get("to")) not in mine:   # your own pigeon, sent in a deal
            lost = f"; {N.card(d.get('card_lost'))} is lost with it" if d.get("card_lost") else ""
            line = f"Your pigeon from {N.noble(g, d.get('frm'))} to {N.noble_of(g, d.get('to'))} went astray{lost}."
        if line:
            out.append(line)
    return list(dict.fromkeys(out))


def _fog_of_war(g: Fief, pub: list[Event], aud: Audience) -> tuple[list[Event], list[str]]:
    """4.1, ruling R22a: the types bought are shown, their places are not. An act that buys troops says
    what was bought and that it went face down, never where: "buys 1 Knight ... places 1 troop at London"
    would name the type of the troop placed. Engines stay visible (R22), so their place is kept."""
    if not any(e.kind == "troops.bought" for e in pub):
        return pub, []
    out: list[Event] = []
    hidden: dict[str, int] = {}
    for e in pub:
        if e.kind != "troops.placed" or not e.data.get("count"):
            out.append(e)
            continue
        fam = str(e.data.get("family"))
        hidden[fam] = hidden.get(fam, 0) + int(e.data["count"])
        engines = {k: v for k, v in e.data.items() if k != "count"}
        if engines.get("bombards") or engines.get("trebuchets"):
            out.append(Event.public("troops.placed", **engines))
    told = [f"{N.does(g, fam, aud, 'place', 'places')} {'it' if n == 1 else 'them'} face down on the board."
            for fam, n in hidden.items()]
    return out, told


def log_line(words: Words, state: GameState, seat: str | None, events: list[Event], aud: Audience) -> str:
    """One prose entry for one action, never cut: its public sentences, dice and bookkeeping left out.
    Only the public events are read, so a secret action's line names nobody the events do not."""
    pub = [e for e in events if e.to is None and e.kind not in ("random.roll", "random.pick", "random.shuffle")]
    pub, face_down = _fog_of_war(state.data, pub, aud)
    sentences = list(dict.fromkeys([*(s for s in (words.event(state, e, aud) for e in pub) if s), *face_down]))
    if not sentences:
        return "Nothing to see."
    return " ".join(sentences)   # whole: a battle's every volley and loss is in its entry
