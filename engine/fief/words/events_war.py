"""Sentences for Phases 5-7 and the Plague: movement, Sherwood and its Bandits, Cavalcades,
control of cities, invaders, sieges, pillage, deaths and captures, relics (2.5, 5.0-7.10, 12.0,
13.4). Battle events get a sentence each here; the battle report (summary.py) tells a battle whole."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.events import Event
from engine.core.state import GameState
from engine.core.words import Audience, join_words, plural
from engine.fief.state import Fief
from engine.fief.war.battle.dice import FACES
from engine.fief.words import names as N
from engine.fief.words.tell import tells

VIA = {"road": "", "sea": " by sea", "sherwood": " through Sherwood", "royal": " on the royal road"}


def _s(g: Fief, fam: str | None, aud: Audience, you: str, other: str) -> str:
    """``does`` that also agrees with the invaders ("the invaders attack")."""
    if fam == N.INVADERS:
        return f"The invaders {you}"
    return N.does(g, fam, aud, you, other)


def _side(g: Fief, fam: str | None, aud: Audience) -> str:
    return N.who(g, fam, aud, cap=False)


# -- movement ------------------------------------------------------------------------------------
@tells("noble.moved")
def _moved(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    with_ = []
    if d.get("troops"):
        with_.append(plural(int(d["troops"]), "troop"))
    if d.get("bombards"):
        with_.append(N.unit("bombard", int(d["bombards"])))
    escort = f" with {join_words(with_)}" if with_ else ""
    who = N.does(g, d.get("family"), aud, "move", "moves")
    return f"{who} {N.noble(g, d.get('noble'))} from {d.get('start')} to {d.get('to')}{VIA.get(str(d.get('via')), '')}{escort}."


@tells("troops.moved")
def _troops_moved(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    return f"Your {N.troops(d.get('units', []))} go from {d.get('start')} to {d.get('to')}."


@tells("noble.entered")
def _entered(state: GameState, e: Event, aud: Audience) -> str:
    return f"{N.noble(state.data, e.data.get('noble'))} enters {e.data.get('city')}."


@tells("noble.outskirts")
def _outskirts(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    return f"{N.noble(g, d.get('noble'))} halts outside {d.get('city')}, held by {_side(g, d.get('controller'), aud)}."


@tells("noble.may_pass")
def _may_pass(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    return f"{_s(g, d.get('holder'), aud, 'let', 'lets')} {N.noble(g, d.get('noble'))} pass through {d.get('city')}."


@tells("cavalcade.begun")
def _cavalcade(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    return (f"{N.noble(g, d.get('noble'))} rides in Cavalcade with {N.unit('knight', int(d.get('knights', 0)))} "
            f"against {_side(g, d.get('against'), aud)} at {d.get('city')}.")


@tells("cavalcade.let_through")
def _let_through(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    return f"{_s(g, d.get('holder'), aud, 'open', 'opens')} the gates of {d.get('city')} to {N.noble(g, d.get('noble'))}'s Cavalcade."


@tells("bandits.stopped")
def _bandits_stopped(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    price = int(d.get("ransom", 0))
    ask = f": they ask {N.shillings(price)}" if price else ", but let the royal traveller go"
    return f"Bandits stop {N.noble(g, d.get('noble'))} in Sherwood between {d.get('start')} and {d.get('to')}{ask}."


@tells("bandits.paid")
def _bandits_paid(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    return f"{N.does(g, d.get('family'), aud, 'pay', 'pays')} the Bandits {N.shillings(int(d.get('ransom', 0)))} for {N.noble(g, d.get('noble'))}."


@tells("bandits.captive")
def _bandits_captive(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    lost = f"; {plural(int(d['lost']), 'troop')} with them {'is' if int(d['lost']) == 1 else 'are'} lost" if d.get("lost") else ""
    return f"{N.noble(g, d.get('noble'))} stays a captive of the Bandits in Sherwood{lost}."


@tells("bandits.knights_return")
def _knights_return(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    k = int(d.get("knights", 0))
    return f"{N.noble(state.data, d.get('noble'))}'s {N.unit('knight', k)} {'rides' if k == 1 else 'ride'} out of Sherwood to {d.get('city')}."


@tells("bandits.interdiction")
def _interdiction(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    return f"By the King's interdiction ({N.family(d.get('by'))}), the Bandits free {N.noble(g, d.get('captive'))}."


@tells("city.control")
def _control(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    if d.get("family") is None:
        return f"{d.get('city')} is independent again."
    return f"{_s(g, d.get('family'), aud, 'take', 'takes')} control of {d.get('city')}."


@tells("relic.discovered")
def _relic_found(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    return f"{N.noble(state.data, d.get('noble'))} finds {N.relic(d.get('relic'))} at {d.get('city')}."


@tells("relic.dropped")
def _relic_dropped(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    return f"{N.cap(join_words(N.relic(r) for r in d.get('relics', [])))} lies at {d.get('city')}, left by {N.noble(state.data, d.get('noble'))}."


# -- the Plague, deaths, captures ----------------------------------------------------------------
@tells("plague.losses")
def _plague_losses(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    return f"{N.does(g, d.get('family'), aud, 'lose', 'loses')} {N.troops(d.get('units', []))} to the Plague at {d.get('city')}."


@tells("plague.sheltered")
def _sheltered(state: GameState, e: Event, aud: Audience) -> str:
    return f"{N.noble(state.data, e.data.get('noble'))} is sheltered from the Plague at {e.data.get('city')}."


@tells("plague.cured")
def _cured(state: GameState, e: Event, aud: Audience) -> str:
    return f"{N.retainer(e.data.get('by'))} saves {N.noble(state.data, e.data.get('noble'))} from the Plague."


def death_cause(cause: str) -> str:
    if cause == "battle: archers":
        return "shot by archers"
    if cause == "battle: mercenaries":
        return "at the hands of mercenaries who take no captives"
    if cause.startswith("battle"):
        return "in battle"
    if cause == "plague":
        return "of the Plague"
    if "church intervention" in cause:
        return "at the hands of the invaders"
    return OPPORTUNITY_DEATHS.get(cause, "")


# 10.1, 10.3, 10.4: deaths the Opportunity cards bring
OPPORTUNITY_DEATHS = {"assassination": "by an assassin's hand", "justice": "by the King's Justice",
                      "rebellion": "at the hands of the rebels", "stoned by the rebels": "stoned by the rebels"}


@tells("noble.died")
def _died(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    where = f" at {d['city']}" if d.get("city") else ""
    cause = death_cause(str(d.get("cause", "")))
    whose = "Your" if N.is_you(g, d.get("family"), aud) else f"{N.family(d.get('family'))}'s"
    sep = ", " if cause.startswith("shot") else " "
    return f"{whose} {N.noble(g, d.get('noble'))} dies{where}{sep + cause if cause else ''}."


@tells("noble.captured")
def _captured(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    captor = str(d.get("captor", ""))
    by = str(d.get("by", ""))
    taker = "the invaders" if captor.startswith("invaders") else N.noble(g, by) if by in g.nobles else N.family(captor)
    whose = "Your" if N.is_you(g, d.get("family"), aud) else f"{N.family(d.get('family'))}'s"
    return f"{whose} {N.noble(g, d.get('noble'))} is taken captive at {d.get('city')} by {taker}."


@tells("marriage.made")
def _marriage_made(state: GameState, e: Event, aud: Audience) -> str:
    g = state.data
    return (f"{N.noble(g, e.data.get('husband'))} and {N.noble(g, e.data.get('wife'))} are married: their families "
            "exchange rings and are now allies.")


@tells("queen.crowned")
def _queen_crowned(state: GameState, e: Event, aud: Audience) -> str:
    g = state.data
    return f"{N.noble(g, e.data.get('noble'))}, wife of {N.noble(g, e.data.get('king'))}, is crowned Queen."


@tells("marriage.ended")
def _marriage_ended(state: GameState, e: Event, aud: Audience) -> str:
    g = state.data
    return f"The marriage of {N.noble(g, e.data.get('noble'))} and {N.noble(g, e.data.get('spouse'))} ends."


# -- invaders --------------------------------------------------------------------------------------
@tells("invaders.reinforced")
def _reinforced(state: GameState, e: Event, aud: Audience) -> str:
    return f"The invaders at {e.data.get('city')} gain {N.unit('foot', int(e.data.get('foot', 0)))}."


@tells("invaders.landed")
def _landed(state: GameState, e: Event, aud: Audience) -> str:
    return f"Invaders land at {e.data.get('city')}, in {N.region(e.data.get('region'))}."


@tells("invaders.delayed")
def _delayed(state: GameState, e: Event, aud: Audience) -> str:
    return f"Storms hold the invasion of {N.region(e.data.get('region'))} back until next round."


@tells("invaders.false_alarm")
def _false_alarm(state: GameState, e: Event, aud: Audience) -> str:
    return f"The invasion of {N.region(e.data.get('region'))} comes to nothing."


@tells("invaders.none_left")
def _none_left(state: GameState, e: Event, aud: Audience) -> str:
    return f"No invader army is left to land in {N.region(e.data.get('region'))}."


@tells("invaders.moved")
def _inv_moved(state: GameState, e: Event, aud: Audience) -> str:
    return f"The invaders march from {e.data.get('start')} to {e.data.get('to')}."


@tells("invaders.storm_bound")
def _storm_bound(state: GameState, e: Event, aud: Audience) -> str:
    return f"Storms keep the invaders at {e.data.get('city')} from marching this phase."


@tells("invaders.hold")
def _hold(state: GameState, e: Event, aud: Audience) -> str:
    return f"The invaders hold {e.data.get('city')}."


@tells("invaders.outnumbered")
def _outnumbered(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    return f"At {d.get('city')} the invaders are outnumbered by {_side(g, d.get('family'), aud)} and do not attack."


@tells("invaders.destroyed")
def _inv_destroyed(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    lost = [N.building(b) for b in d.get("buildings", [])] + [N.relic(r) for r in d.get("relics", [])]
    return f"The invaders sack {d.get('city')}: {join_words(lost) or 'nothing'} {'is' if len(lost) == 1 else 'are'} lost."


LEFT = {"danegeld": "take the Danegeld and sail home", "church intervention": "are turned back by the Church",
        "left england": "leave England", "destroyed": "are wiped out", "rebellion": "are wiped out by the rebels"}


@tells("invaders.left")
def _inv_left(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    where = f" at {d['city']}" if d.get("city") else ""
    return f"The invaders{where} {LEFT.get(str(d.get('why')), 'leave')}."


@tells("invaders.danegeld")
def _danegeld(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    return f"{N.does(g, d.get('family'), aud, 'pay', 'pays')} Danegeld through {N.noble(g, d.get('noble'))} at {d.get('city')}."


@tells("invaders.church_intervention")
def _church(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    how = "they turn back" if d.get("success") else "they slay the messenger"
    return f"{N.noble(g, d.get('noble'))} goes out to the invaders: {how}."


@tells("invaders.leader_died")
def _leader_died(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    cause = {"plague": " of the Plague", "assassination": " by an assassin's hand", "ambush": " in an Ambush",
             "rebellion": " at the hands of the rebels", "beaten": " with the last of his army"}.get(str(d.get("cause")), "")
    where = f" at {d['city']}" if d.get("city") else ""
    return f"The invader leader{where} dies{cause}."


@tells("invaders.plague")
def _inv_plague(state: GameState, e: Event, aud: Audience) -> str:
    return f"The Plague kills {N.unit('foot', int(e.data.get('lost', 0)))} of the invaders at {e.data.get('city')}."


# -- sieges and pillage ------------------------------------------------------------------------------
@tells("siege.begun")
def _siege(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    return f"{N.does(g, d.get('by'), aud, 'lay', 'lays')} siege to {d.get('city')}, held by {_side(g, d.get('besieged'), aud)}."


SIEGE_END = {"trebuchet unpaid": "no Trebuchet was paid for", "city taken": "the city has fallen"}


@tells("siege.lifted")
def _lifted(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    why = SIEGE_END.get(str(d.get("why")), "")
    return f"{whose_cap(g, d.get('by'), aud)} siege of {d.get('city')} ends{': ' + why if why else ''}."


def whose_cap(g: Fief, fam: str | None, aud: Audience) -> str:
    w = N.whose(g, fam, aud)
    return w[0].upper() + w[1:]


@tells("siege.trebuchet_moved")
def _treb_moved(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    return f"{N.does(g, d.get('family'), aud, 'bring', 'brings')} a Trebuchet from {d.get('start')} to the siege of {d.get('city')}."


@tells("pillage.mill")
def _pillage_mill(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    return f"{N.does(g, d.get('family'), aud, 'pillage', 'pillages')} the Mill at {d.get('city')} for {N.shillings(int(d.get('shillings', 0)))}."


@tells("pillage.abbey")
def _pillage_abbey(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    relics = d.get("relics") or []
    extra = f" and carries off {join_words(N.relic(r) for r in relics)}" if relics else ""
    return (f"{N.does(g, d.get('family'), aud, 'sack', 'sacks')} {N.abbey(d.get('abbey'))} at {d.get('city')} "
            f"for {N.shillings(int(d.get('shillings', 0)))}{extra}.")


@tells("pillage.engines")
def _pillage_engines(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    done = []
    if d.get("taken"):
        done.append(f"takes {N.unit(str(d.get('engine')), int(d['taken']))}")
    if d.get("destroyed"):
        done.append(f"destroys {N.unit(str(d.get('engine')), int(d['destroyed']))}")
    verb = join_words(done) or "finds nothing"
    if N.is_you(g, d.get("family"), aud):
        verb = verb.replace("takes", "take").replace("destroys", "destroy").replace("finds", "find")
    return f"{N.who(g, d.get('family'), aud)} {verb} of {N.family(d.get('owner'))}'s at {d.get('city')}."


@tells("pillage.own_engines")
def _own_engines(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    what = N.troops({"trebuchet": int(d.get("trebuchets", 0)), "bombard": int(d.get("bombards", 0))}, none="nothing")
    own = "your" if N.is_you(g, d.get("family"), aud) else "its"
    return f"{N.does(g, d.get('family'), aud, 'destroy', 'destroys')} {own} own engines at {d.get('city')}: {what}."


# -- battles ---------------------------------------------------------------------------------------
KINDS = {"battle": "a battle", "cavalcade": "a Cavalcade battle", "invasion": "the invaders' attack",
         "sally": "a sally"}


@tells("battle.declared")
def _declared(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    walls = f" behind {N.building(d['walls'])}" if d.get("walls") else ""
    attack = _s(g, d.get("attacker"), aud, "attack", "attacks")
    attack = "you" + attack[3:] if attack.startswith("You") else attack
    return f"Battle at {d.get('city')}: {attack} {_side(g, d.get('defender'), aud)}{walls}."


@tells("battle.revealed")
def _revealed(state: GameState, e: Event, aud: Audience) -> str:
    sides = [f"{N.family(f)} {N.troops(t)}" for f, t in e.data.get("troops", {}).items()]
    return f"Troops shown at {e.data.get('city')}: {'; '.join(sides)}."


@tells("battle.round")
def _round(state: GameState, e: Event, aud: Audience) -> str:
    return f"Round {e.data.get('round')} of the battle at {e.data.get('city')}."


COMPASS = "invaders' compass at "
VOLLEYS = {"melee": "melee", "archer": "arrows", "bombard": "Bombards", "treb": "Trebuchets"}


@tells("battle.hits")
def _hits(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    took = [f"{N.family(f)} takes {plural(int(h), 'hit')}" for f, h in d.get("hits", {}).items() if h]
    return f"{N.cap(VOLLEYS.get(str(d.get('volley')), 'the volley'))} at {d.get('city')}: {join_words(took) or 'no hits'}."


@tells("battle.losses")
def _losses(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    parts = []
    if d.get("units"):
        parts.append(N.troops(d["units"]))
    parts += [f"{N.noble(g, n)}, slain" for n in d.get("slain", [])]
    parts += [f"{N.noble(g, n)}, captured" for n in d.get("captured", [])]
    return f"At {d.get('city')}, {_s(g, d.get('family'), aud, 'lose', 'loses').replace('You', 'you', 1).replace('The invaders', 'the invaders', 1)} {join_words(parts)}."


@tells("battle.joined")
def _joined(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    return f"{N.does(g, d.get('family'), aud, 'join', 'joins')} {N.whose(g, d.get('side'), aud)} side at {d.get('city')}."


@tells("battle.explosion")
def _explosion(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    men = f", killing {N.unit('men', int(d['men']))}" if d.get("men") else ""
    n = int(d.get("bombards", 0))
    return f"{N.unit('bombard', n)} of {N.family(d.get('family'))} {'blows' if n == 1 else 'blow'} up at {d.get('city')}{men}."


@tells("battle.engines_destroyed")
def _engines_destroyed(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    what = N.troops({"trebuchet": int(d.get("trebuchets", 0)), "bombard": int(d.get("bombards", 0))}, none="nothing")
    own = "your" if N.is_you(g, d.get("family"), aud) else "its"
    return f"{N.does(g, d.get('family'), aud, 'destroy', 'destroys')} {own} own engines at {d.get('city')}: {what}."


@tells("battle.truce_offered")
def _truce(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    return f"{N.does(g, d.get('by'), aud, 'offer', 'offers')} a truce at {d.get('city')}."


@tells("battle.spoils")
def _spoils(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    what = N.troops({"trebuchet": int(d.get("trebuchets", 0)), "bombard": int(d.get("bombards", 0))}, none="no engines")
    return f"{N.family(d.get('loser'))} leaves {what} at {d.get('city')} to {_side(g, d.get('winner'), aud)}."


@tells("battle.spoils_taken")
def _spoils_taken(state: GameState, e: Event, aud: Audience) -> str:
    d, g = e.data, state.data
    kept = N.troops({"trebuchet": int(d.get("trebuchets", 0)), "bombard": int(d.get("bombards", 0))}, none="")
    parts = [f"keeps {kept}"] if kept else []
    if d.get("destroyed"):
        parts.append(f"destroys {plural(int(d['destroyed']), 'engine')}")
    verb = join_words(parts) or "takes nothing"
    if N.is_you(g, d.get("family"), aud):
        verb = verb.replace("keeps", "keep").replace("destroys", "destroy").replace("takes", "take")
    return f"{N.who(g, d.get('family'), aud)} {verb} at {d.get('city')}."


def ending(g: Fief, d: Mapping[str, Any], how: str, aud: Audience) -> str:
    """How a battle ended, in one sentence (7.8)."""
    city, att, dfn, win = d.get("city"), d.get("attacker"), d.get("defender"), d.get("winner")
    if win and how in ("victory", "surrender", "assassination", "end"):
        loser = dfn if win == att else att
        if how == "surrender":
            return f"{N.cap(_side(g, loser, aud))} {'surrender' if N.is_you(g, loser, aud) or loser == N.INVADERS else 'surrenders'} to {_side(g, win, aud)} at {city}."
        return f"{_s(g, win, aud, 'win', 'wins')} the battle at {city} against {_side(g, loser, aud)}."
    return {
        "victory": f"The battle at {city} ends with no victor.",
        "surrender": f"The battle at {city} ends in surrender.",
        "truce": f"A truce ends the battle at {city}.",
        "annihilation": f"At {city} only nobles are left standing: the battle ends.",
        "assassination": f"The battle at {city} ends: one side has no noble left.",
        "end": f"The battle at {city} ends: one side has no noble left.",
        "deadlock": f"The battle at {city} ends in deadlock: three rounds without a loss.",
        "break": f"{_s(g, att, aud, 'break', 'breaks')} off the attack on the walls of {city}.",
        "siege": f"{_s(g, att, aud, 'settle', 'settles')} in to besiege {city}.",
        "stop": f"The sally from {city} returns behind its walls.",
        "withdraw": f"The battle at {city} ends: one side withdraws.",
        "retreat": f"The invaders fall back from {city}.",
        "parley": f"The battle at {city} stops: the invaders have left England.",
    }.get(how, f"The battle at {city} ends.")


ENDINGS = ("victory", "surrender", "truce", "annihilation", "assassination", "deadlock", "break", "siege",
           "stop", "withdraw", "retreat", "end", "parley")


@tells(*(f"battle.end.{how}" for how in ENDINGS))
def _end(state: GameState, e: Event, aud: Audience) -> str:
    return ending(state.data, e.data, e.kind.rpartition(".")[2], aud)


@tells("battle.ended", "sea.journey", "sherwood.journey", "royal.journey")
def _told_elsewhere(state: GameState, e: Event, aud: Audience) -> None:
    """Told by the event beside it (``battle.end.<how>``, ``noble.moved`` with its route)."""
    return None


# -- dice ----------------------------------------------------------------------------------------
def _noble_by_name(g: Fief, name: str) -> str:
    for n in g.nobles.values():
        if n.name == name:
            return N.noble(g, n.id)
    return N.noble(g, name.lower())


def face(value: int) -> str:
    hits = FACES[value - 1] if 1 <= value <= 6 else 0
    return "a blank" if hits == 0 else plural(hits, "hit")


@tells("random.roll")
def _roll(state: GameState, e: Event, aud: Audience) -> str | None:
    """Dice that matter, with their faces: battle dice, the Plague, Sherwood, pigeons, invaders."""
    g = state.data
    why, value = str(e.data.get("why", "")), int(e.data.get("value", 0))
    head, _, rest = why.partition(": ")
    if head in ("melee", "archer", "bombard", "treb"):
        fam, _, target = rest.partition(" at ")
        at = f" aimed at {N.noble(g, target)}" if target else ""
        return f"{N.family(fam)} {VOLLEYS[head]} die{at}: {face(value)}."
    if head == "invasion":
        return f"The invasion die for {N.region(rest.removeprefix('region '))}: {face(value)}."
    if rest == "which sea":
        return None   # told by disaster.placed
    if head in ("plague", "plague on arrival"):
        who = "the invader leader" if rest.startswith("leader of") else _noble_by_name(g, rest)
        return f"The Plague die for {who} shows {value}: {'spared' if value > 3 else 'struck down'}."
    if head == "Sherwood":
        return f"The Sherwood die for {_noble_by_name(g, rest)} shows {value}: {'bandits' if value <= 2 else 'safe passage'}."
    if why == "carrier pigeon":
        return f"The pigeon die shows {value}: {'it flies true' if value <= 5 else 'the bird is lost'}."
    if head == "church intervention":
        return f"The die for {N.noble(g, rest)} before the invaders shows {value}."
    if why.startswith(COMPASS):
        return f"The invaders' compass die at {why.removeprefix(COMPASS)} shows {value}."
    return None
