"""Sentences for money and holdings: income (Phase 3), purchases and buildings (4.0-4.2, 4.9),
titles (4.3-4.8), ransoms and captives (7.6, 7.7). Income is private (a purse is hidden): the
thread hears only that income was collected."""

from __future__ import annotations

from collections import defaultdict

from engine.core.events import Event
from engine.core.state import GameState
from engine.core.words import Audience, join_words, plural
from engine.fief.words import names as N
from engine.fief.words.tell import tells


@tells("income.collected")
def _income(state: GameState, e: Event, aud: Audience) -> str:
    g = state.data
    by_family: dict[str, int] = defaultdict(int)
    for line in e.data.get("lines", []):
        by_family[str(line.get("family"))] += int(line.get("amount", 0))
    parts = [f"{N.shillings(v)} for {N.family(f)}" for f, v in sorted(by_family.items())]
    halved = " (halved: invaders in England)" if e.data.get("halved") else ""
    total = int(e.data.get("total", 0))
    fams = N.seat_families(g, aud.viewer) if aud.viewer else []
    detail = f": {join_words(parts)}" if len(fams) > 1 and parts else ""
    return f"You collect {N.shillings(total)}{halved}{detail}."


@tells("income.done")
def _income_done(state: GameState, e: Event, aud: Audience) -> str:
    if e.data.get("halved"):
        return "Every family collects its income, halved this round because invaders are in England."
    return "Every family collects its income."


@tells("mill.scorched")
def _scorched(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    return f"{N.does(state.data, d.get('family'), aud, 'burn', 'burns')} the Mill at {d.get('city')} (scorched earth)."


@tells("troops.bought")
def _bought(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    return (f"{N.does(state.data, d.get('family'), aud, 'buy', 'buys')} {N.troops(d.get('units', {}), none='nothing')}"
            f" for {N.shillings(int(d.get('cost', 0)))}.")


@tells("troops.placed")
def _placed(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    parts = []
    if d.get("count"):
        parts.append(plural(int(d["count"]), "troop") + " (face down)")
    for k in ("bombards", "trebuchets"):
        if d.get(k):
            parts.append(N.unit(k[:-1], int(d[k])))
    what = join_words(parts) or "nothing"
    extra = " brought by a Sergeant" if d.get("by") == "sergeant" else ""
    return f"{N.does(state.data, d.get('family'), aud, 'place', 'places')} {what} at {d.get('city')}{extra}."


@tells("troops.detail")
def _detail(state: GameState, e: Event, aud: Audience) -> str:
    placed = e.data.get("placed", {})
    where = [f"{N.troops(kinds)} at {city}" for city, kinds in placed.items()]
    return f"Your new units: {join_words(where) or 'none'}."


@tells("building.built")
def _built(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    return (f"{N.does(state.data, d.get('family'), aud, 'build', 'builds')} {N.building(d.get('what'))} at "
            f"{d.get('city')} for {N.shillings(int(d.get('cost', 0)))}.")


@tells("abbey.rebuilt")
def _abbey_rebuilt(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    return f"{N.does(state.data, d.get('family'), aud, 'raise', 'raises')} {N.abbey(d.get('abbey'))} again at {d.get('city')}."


@tells("siege.trebuchet")
def _treb(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    return f"{N.does(state.data, d.get('family'), aud, 'pay', 'pays')} for a siege Trebuchet before {d.get('city')}."


@tells("title.claimed")
def _claimed(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    how = "is granted" if d.get("how") == "granted" else "takes"
    return f"{N.noble(g, d.get('noble'))} {how} {N.fiefdom(d.get('region'))} for {N.family_player(g, d.get('family'), aud) if not N.is_you(g, d.get('family'), aud) else 'you'}."


@tells("title.transferred")
def _transferred(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    return f"{N.noble(g, d.get('holder'))} hands {N.fiefdom(d.get('region'))} to {N.noble(g, d.get('to'))}."


@tells("title.lost")
def _title_lost(state: GameState, e: Event, aud: Audience) -> str:
    return f"{N.noble(state.data, e.data.get('noble'))} is no longer {N.noble_title(state.data, e.data.get('noble'), str(e.data.get('title')))}."


@tells("title.to_deck")
def _to_deck(state: GameState, e: Event, aud: Audience) -> str:
    t = str(e.data.get("title"))
    what = N.fiefdom(t.partition(":")[2]) if t.startswith("lord:") else f"The title {N.title(t)}"
    return f"{what[0].upper() + what[1:]} has no holder again."


@tells("city.fortified")
def _fortified(state: GameState, e: Event, aud: Audience) -> str:
    return f"{e.data.get('city')} is fortified as the seat of {N.region(e.data.get('region'))}."


@tells("ransom.paid")
def _ransom(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    return (f"{N.does(g, d.get('family'), aud, 'pay', 'pays')} {N.family(d.get('captor')) if not N.is_you(g, d.get('captor'), aud) else 'you'} "
            f"{N.shillings(int(d.get('amount', 0)))} to free {N.noble(g, d.get('noble'))}.")


@tells("ransom.refunded")
def _refunded(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    return f"Your ransom offer for {N.noble(state.data, d.get('captive'))} lapses: {N.shillings(int(d.get('amount', 0)))} come back to you."


RELEASED = {"ransom": "ransomed", "deal": "set free by a deal", "captor died": "freed by the death of the captor",
            "captor beaten": "freed when the captor is beaten", "captor captured": "freed when the captor is taken",
            "captor taken by the Bandits": "freed when the Bandits take the captor",
            "King's interdiction": "freed from the Bandits by the King's interdiction"}


@tells("captive.released")
def _released(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    why = str(d.get("why", ""))
    how = RELEASED.get(why, "freed when the invaders leave" if why.startswith("invaders left") else "set free")
    where = f" and goes to {d['city']}" if d.get("city") else ""
    return f"{N.noble(state.data, d.get('noble'))} is {how}{where}."


@tells("captive.placed")
def _captive_placed(state: GameState, e: Event, aud: Audience) -> str:
    return f"{N.noble(state.data, e.data.get('noble'))}, freed, goes to {e.data.get('city')}."


@tells("troops.exchanged")
def _exchanged(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    moved = d.get("units")
    what = N.troops(moved) if moved else plural(int(d.get("count", 0)), "troop")
    return f"At {d.get('city')}, {what} of {N.family(d.get('old'))} pass to {N.family(d.get('new'))}."
