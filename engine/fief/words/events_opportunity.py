"""Sentences for the Opportunity cards and the Burgher (10.0-10.5, 11.2): Rebellions raised, joined,
quelled and resolved; Passages; nobles assassinated, brought to Justice or ambushed; troops that
scatter when their noble is gone."""

from __future__ import annotations

from engine.core.events import Event
from engine.core.state import GameState
from engine.core.words import Audience, join_words, plural
from engine.fief.words import names as N
from engine.fief.words.tell import tells

WALLS = {"stronghold": "its Stronghold", "royal_stronghold": "the Royal Stronghold",
         "fortified": "the walls of its Fortified City"}
USES = {"siege": "and {noble} slips out of the siege", "storms": "to lead {noble} through the Storms for one move",
        "pass": "and {noble} slips past the enemy without leave",
        "evade": "and {noble} slips out the way the enemy came in",
        "tunnels": "to strike through the tunnels at {city}",
        "aid": "to guide the invaders through the tunnels at {city}",
        "guide": "to lead an invader army through the Storms",
        "withdraw": "and the defenders withdraw to {city}",
        "escape": "and {noble} escapes captivity"}
HOW = {"assassination": "is assassinated", "justice": "is brought to Justice"}


@tells("rebellion.raised")
def _raised(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    how = "through a Burgher" if d.get("burgher") else "with a Rebellion card"
    extra = " The Royal Tax adds one more." if d.get("royal_tax") else ""
    wall = WALLS.get(str(d.get("walls")), "its walls")
    walls = f" {wall[0].upper()}{wall[1:]} will hold some of it back." if d.get("walls") else ""
    return f"{N.does(g, d.get('family'), aud, 'stir', 'stirs')} up a Rebellion in {d.get('city')} {how}.{extra}{walls}"


@tells("rebellion.joined")
def _joined(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    how = "a Burgher's voice" if d.get("burgher") else "another Rebellion card"
    return (f"{N.does(g, d.get('family'), aud, 'add', 'adds')} {how} to the Rebellion in {d.get('city')}: "
            f"{plural(int(d.get('count', 0)), 'Rebellion')} standing.")


@tells("rebellion.passage")
def _rebel_passage(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    how = "a Burgher's secret routes" if d.get("burgher") else "a Passage card"
    return (f"{N.does(g, d.get('family'), aud, 'open', 'opens')} the way past the walls of {d.get('city')} with {how}: "
            f"{plural(int(d.get('count', 0)), 'Rebellion')} standing.")


@tells("rebellion.let_be")
def _let_be(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    if d.get("stage") == "quell":
        return f"{N.whose(g, d.get('family'), aud).capitalize()} clergy leave the rebels of {d.get('city')} alone."
    return f"{N.does(g, d.get('family'), aud, 'add', 'adds')} nothing to the Rebellion in {d.get('city')}."


@tells("rebellion.quelled")
def _quelled(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    return (f"{N.noble(g, d.get('noble'))} pays the rebels of {d.get('city')} {N.shillings(int(d.get('paid', 0)))} "
            "and they go home.")


@tells("rebellion.pleaded")
def _pleaded(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    who = N.noble(g, d.get("noble"))
    calmed = f"calms {plural(int(d.get('stopped', 0)), 'Rebellion')}" if d.get("stopped") else "calms nobody"
    if d.get("stoned"):
        return f"{who} pleads with the rebels of {d.get('city')}, {calmed}, and is stoned to death."
    return f"{who} pleads with the rebels of {d.get('city')} and they lay down their arms."


@tells("rebellion.revealed")
def _revealed(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    troops = d.get("troops") or {}
    parts = [f"{N.troops(units)} ({N.family(fam) if fam != N.INVADERS else 'the invaders'})"
             for fam, units in troops.items()]
    return f"The rebels of {d.get('city')} face {join_words(parts) or 'no troops at all'}."


@tells("rebellion.resolved")
def _resolved(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    city = d.get("city")
    held = f" (the walls hold back {plural(int(d['cancelled']), 'Rebellion')})" if d.get("cancelled") else ""
    faces = list(d.get("dice") or [])
    if not faces:
        return f"The Rebellion in {city} breaks against the walls{held}."
    rolled = ", ".join(str(f) for f in faces)
    return (f"The Rebellion in {city} rises{held}: {plural(len(faces), 'battle die', 'battle dice')} show {rolled}, "
            f"{plural(int(d.get('hits', 0)), 'hit')} with the bonus.")


@tells("rebellion.losses")
def _losses(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    if d.get("family") == N.INVADERS:
        return f"The invaders at {d.get('city')} lose {N.unit('foot', len(d.get('units') or []))} to the rebels."
    return f"{N.does(g, d.get('family'), aud, 'lose', 'loses')} {N.troops(d.get('units') or [])} to the rebels of {d.get('city')}."


@tells("rebellion.destroyed")
def _destroyed(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    burnt = join_words(N.building(b) for b in d.get("buildings") or [])
    return f"The rebels of {d.get('city')} burn {burnt}."


@tells("rebellion.over")
def _over(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    return f"The Rebellion in {d.get('city')} is {'quelled' if d.get('quelled') else 'over'}."


@tells(*(f"passage.{use}" for use in USES))
def _passage(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    how = "a Burgher's secret routes" if d.get("burgher") else "a Passage card"
    use = USES.get(str(d.get("use")), "").format(noble=N.noble(g, d.get("noble")), city=d.get("city"))
    return f"{N.does(g, d.get('family'), aud, 'use', 'uses')} {how} {use}.".replace(" .", ".")


@tells("card.assassination", "card.justice")
def _eliminated(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    target = str(d.get("target"))
    how = HOW.get(str(d.get("how")), "is eliminated")
    if target.startswith("leader:"):
        return f"An invader leader {how}."
    sponsor = f"; {N.noble(g, d.get('sponsor'))} sponsored the deed and bears the Heresy marker" \
        if d.get("sponsor") else ""
    whose = "Your" if N.is_you(g, d.get("family"), aud) else f"{N.family(d.get('family'))}'s"
    return f"{whose} {N.noble(g, target)} {how}{sponsor}."


@tells("card.ambush")
def _ambushed(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    return f"{N.noble(g, d.get('noble'))} springs an Ambush on {N.noble(g, d.get('target'))} at {d.get('city')}."


@tells("troops.dispersed")
def _dispersed(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    sent = d.get("to") or {}
    parts = [f"{plural(int(k), 'troop')} {'back to the stockpile' if where == 'stockpile' else 'to ' + str(where)}"
             for where, k in sent.items()]
    engines = f"; {plural(int(d['engines']), 'engine')} stay behind" if d.get("engines") else ""
    whose = N.whose(g, d.get("family"), aud).capitalize()
    return f"{whose} troops at {d.get('city')} have no noble left and scatter: {join_words(parts) or 'none'}{engines}."
