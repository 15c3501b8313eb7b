"""The Fortune Opportunity cards but Rebellion (10.2-10.5): PASSAGE, ASSASSINATION, JUSTICE, AMBUSH,
and the Burgher's Secret Routes (11.2). Rebellion lives in rebellion.py.

When they may be played (10.0, FAQ): at any time but during a player's Draw action, by a player
who holds the card, whoever the table waits on. Ruling O-6 (docs/rulings/fief.md): a card that
kills, captures or frees a noble waits until no smaller decision is open (losses to allot, a title
to bestow, a Rebellion going round); during a battle PASSAGE's battle uses are played while it lasts
(Withdraw between two rounds), and ASSASSINATION, JUSTICE, AMBUSH, a REBELLION and a PASSAGE's escape
between two rounds (ruling O-6b, midbattle.py).

PASSAGE, by ``use``:
- one movement effect, in its family's Movement turn, for one move of one free noble (ruling O-8):
  ``siege``: its first move, out of the Stronghold or Fortified City besieging it, without the
  besieger's leave (with its captives); ``storms``: one move into, out of or within a Storms region;
  ``pass``: out of a held city or along a blocked road without leave (passing through, no Cavalcade);
  from a port each may be a voyage (5.4);
- ``evade``: a noble whose city an opponent just entered leaves along the road the opponent came by,
  with its family's troops (one move; Storms still stop it, avoiding a battle being the one effect);
- ``tunnels``: the attacker's wall penalties are cancelled (7.4), in the battle being fought or, played
  before it, in the next assault the family makes on that city this round;
- ``aid``: the same for invaders attacking walls (6.4);
- ``guide``: an invader army moves through Storms for the rest of the round (6.3, "help Invaders move");
- ``withdraw``: between two battle rounds the defender's nobles leave for a neighbouring city, each
  with one troop (7.8);
- ``escape``: a captive goes free to a city of its family, else an Independent or allied city (7.6);
- ``rebellion``: walls cancel no Rebellion (10.1; rebellion.py).
"""

from __future__ import annotations

from engine.core import Action, Event, GameState, RuleError
from engine.fief.commands import opportunity_time
from engine.fief.components import C
from engine.fief.estates.succession import kill_noble, release
from engine.fief.flow import current_actor
from engine.fief.opportunity import dispersal, midbattle, rebellion
from engine.fief.refusals import FiefRefusal
from engine.fief.state import MAP, Fief, allied, named
from engine.fief.war import movement
from engine.fief.war.battle.captives import capture
from engine.fief.war.battle.endings import withdraw
from engine.fief.war.battle.fight import cancel_penalties
from engine.fief.war.battle.sides import DEFENDED, INVADERS, side_nobles, troops
from engine.fief.war.invaders import remove_leader
from engine.fief.war.state import Battle

USES = ("siege", "storms", "pass", "evade", "tunnels", "aid", "guide", "withdraw", "escape", "rebellion")
ROYAL = ("king", "sovereign_queen", "queen", "prince_of_wales")
ABBEYS = ("abbey", "royal_abbey")
ESCORT_ORDER = ("knight", "crossbow", "men", "archer")
SCATTERING = ("assassination", "justice")   # 10.3, 10.4: deaths that leave the noble's troops to scatter


# -- when and with what ---------------------------------------------------------------------------
def check_time(g: Fief, section: str, quiet: bool = True, in_battle: bool = False) -> None:
    """10.0, FAQ: never during a Draw action; ruling O-6: cards that kill or capture wait for a quiet table;
    O-6b: Assassination, Justice, Ambush, a Rebellion and an escape (``in_battle``) also between two rounds of a
    battle."""
    if g.flow.over or not opportunity_time(g):
        raise RuleError(section, "Opportunity cards cannot be played during a Draw action or before the game begins",
                        code=FiefRefusal.DRAW_ACTION, legal="once the draws are over")
    if not quiet or not (g.tasks or g.war.battle is not None or g.opp.uprising is not None):
        return
    if in_battle and midbattle.between_rounds(g):
        return
    if in_battle and g.war.battle is not None and g.opp.uprising is None:
        raise RuleError(section, "during a battle this card is played at the end of a battle round, while a side "
                        "chooses whether to fight on, not while hits or captures are being settled",
                        code=FiefRefusal.NOT_NOW,
                        legal="play it when the battle asks a side to continue or stop")
    raise RuleError(section, "this card waits until the decision under way (a Rebellion going round, losses to "
                    "choose, a title to bestow) is settled", code=FiefRefusal.NOT_NOW,
                    legal="play it once the table is waiting on a turn again")


def check_card(g: Fief, seat: str, card: str, kind: str, section: str) -> None:
    hand = g.players[seat].hand
    if card not in hand or C.card(card).kind != kind:
        mine = [c for c in hand if C.card(c).kind == kind]
        raise RuleError(section, f"you hold no {kind} card {card!r}",
                        code=FiefRefusal.NOT_IN_HAND, legal=mine or f"no {kind}")


def burgher_or_card(g: Fief, seat: str, card: str, kind: str, action: str, section: str) -> str | None:
    """The family whose Burgher acts (11.2), or None when a card of ``kind`` from the hand is played."""
    if card.startswith("burgher"):
        return rebellion.burgher_family(g, seat, card, action)
    check_card(g, seat, card, kind, section)
    return None


def discard(g: Fief, seat: str, card: str) -> None:
    g.players[seat].hand.remove(card)
    g.fortune_discard.append(card)


def _own_noble(g: Fief, seat: str, nid: str, section: str) -> None:
    mine = [n for f in g.players[seat].families for n in g.families[f].nobles if g.nobles[n].captor is None]
    if nid not in mine:
        raise RuleError(section, f"{named(g, nid)} is not a free noble of yours" if nid else "name one of your free nobles",
                        code=FiefRefusal.NOBLE, legal=mine or "none")


# -- PASSAGE ---------------------------------------------------------------------------------
def passage_args(a: Action) -> dict[str, str]:
    """A passage command's arguments as text (``escorts``, a list, joined by commas)."""
    args = {k: str(a[k]) for k in ("noble", "to", "city", "army") if a.get(k)}
    escorts_given = a.get("escorts")
    if escorts_given:
        args["escorts"] = escorts_given if isinstance(escorts_given, str) else ",".join(str(x) for x in escorts_given)
    return args


def check_passage(g: Fief, seat: str, use: str, args: dict[str, str]) -> None:
    """Everything a PASSAGE ``use`` needs (10.2); the card itself is checked by the caller."""
    if use not in USES:
        raise RuleError("10.2", f"no Passage use {use!r}", code=FiefRefusal.PASSAGE_USE, legal=list(USES))
    # written out: mypyc cannot compile ``x in (*a, b)``
    check_time(g, "10.2", quiet=use in movement.PASSAGE_EFFECTS or use in ("evade", "escape", "guide"),
               in_battle=use == "escape")   # O-6b: a captive escapes between two battle rounds too
    if use in movement.PASSAGE_EFFECTS:
        _check_move(g, seat, use, args.get("noble", ""))
    elif use == "evade":
        evade_road(g, seat, args.get("noble", ""))
    elif use in ("tunnels", "aid"):
        _check_assault(g, seat, use, args.get("city", ""))
    elif use == "withdraw":
        _check_withdraw(g, seat, args.get("to", ""))
        b = g.war.battle
        assert b is not None
        chosen_escorts(g, b, args.get("escorts"))
    elif use == "guide":
        guided_army(g, args.get("army", ""))
    elif use == "escape":
        escape_city(g, args.get("noble", ""), args.get("city") or None)
    elif g.opp.uprising is None or g.opp.uprising.stage != "support":
        raise RuleError("10.2", "no Rebellion is being raised now",
                        code=FiefRefusal.NO_REBELLION, legal="another use")


def _check_move(g: Fief, seat: str, use: str, nid: str) -> None:
    """10.2: one of the three movement effects, for a noble in its family's Movement turn, when it
    needs it now (ruling O-8)."""
    _own_noble(g, seat, nid, "10.2")
    actor = current_actor(g)
    n = g.nobles[nid]
    if g.flow.step != "move" or actor != n.family:
        raise RuleError("10.2", "a Passage for a move is played in your family's Movement turn",
                        code=FiefRefusal.PASSAGE_MOVE,
                        legal="evade, escape, or wait for your family's Movement turn")
    if movement.moves_left(g, nid) < 1:
        raise RuleError("10.2", f"{n.name} has no move left this phase", code=FiefRefusal.PASSAGE_MOVE,
                        legal=passage_effects(g, nid) or "another noble")
    if use not in passage_effects(g, nid):
        why = {"siege": f"{n.name} is not besieged inside {n.city}, or has moved already this phase "
                        "(the escape is the first move)",
               "storms": f"no Storms stand in {n.name}'s way, or a Passage already lets it cross them",
               "pass": f"{n.name} needs nobody's leave to leave {n.city}"}[use]
        raise RuleError("10.2", why,
                        code=FiefRefusal.PASSAGE_MOVE, legal=passage_effects(g, nid) or "another noble")


def passage_effects(g: Fief, nid: str) -> list[str]:
    """The movement effects of a Passage (10.2) the noble could use now: escape its siege (a first move),
    make one move in Storms (one of its ways touches a Storms region), or leave a city whose way out
    needs another family's leave. Each is one use (one card)."""
    n = g.nobles[nid]
    city = n.city
    if city is None or n.captor is not None or movement.moves_left(g, nid) < 1:
        return []
    out: list[str] = []
    c = g.cities[city]
    besieged = c.siege is not None and c.siege.by != n.family and c.controller == n.family and not n.outskirts
    if besieged and g.war.moves.get(nid, 0) == 0:
        out.append("siege")
    if nid not in g.war.passage and movement.storm_seas(g) and any(
            movement.storm_regions(g, city, dest, via) for dest, via, _ in movement.OVERLAND[city]):
        out.append("storms")
    if not besieged and any(movement.permissions_needed(g, n, road) for road in MAP.neighbours(city)):
        out.append("pass")
    return out


def evade_road(g: Fief, seat: str, nid: str) -> str:
    """10.2: the road an opponent entered this noble's city by this phase (the way out it opens)."""
    _own_noble(g, seat, nid, "10.2")
    n = g.nobles[nid]
    # no road blocked, not the move step or in the outskirts: refused below without looking at the city
    here = movement.occupiers(g, n.city or "") if g.war.blocked and g.flow.step == "move" and not n.outskirts else []
    roads = [road for key, road in g.war.blocked.items()
             if key.split("|")[0] == n.city and key.split("|")[1] != n.family and key.split("|")[1] in here
             and not allied(g, key.split("|")[1], n.family) and road in MAP.neighbours(n.city or "")]
    if not roads:   # none outside the move step or from the outskirts (``here`` is empty)
        raise RuleError("10.2", "no opponent has just marched into this noble's city by road",
                        code=FiefRefusal.PASSAGE_EVADE,
                        legal="another use")
    if movement.moves_left(g, nid) < 1:
        raise RuleError("10.2", f"{n.name} has no move left this phase",
                        code=FiefRefusal.PASSAGE_EVADE, legal="another use")
    road = sorted(roads)[0]
    stormy = movement.storm_regions(g, n.city or "", road, "road") if movement.storm_seas(g) else []
    if stormy:   # a Passage gives one effect (10.2): avoiding the battle, not crossing Storms as well
        raise RuleError("2.5", f"Storms over {' and '.join(MAP.regions[r].name for r in stormy)} close the road "
                        f"to {road}: a Passage avoids the battle or crosses the Storms, not both",
                        code=FiefRefusal.PASSAGE_EVADE, legal="another use")
    return road


def _check_assault(g: Fief, seat: str, use: str, city: str) -> None:
    b = g.war.battle
    fams = g.players[seat].families
    if city not in MAP.cities or g.cities[city].building not in DEFENDED:
        raise RuleError("7.4", "a Passage through the tunnels needs walls to get past",
                        code=FiefRefusal.PASSAGE_WALLS,
                        legal="a city with a Stronghold or Fortified City")
    if b is not None:
        side_ok = b.attacker in fams if use == "tunnels" else b.attacker == INVADERS
        if b.city != city or not side_ok or not (b.penalty or b.archers_min):
            raise RuleError("7.4", "the battle being fought has no wall penalty for that side to cancel",
                            code=FiefRefusal.PASSAGE_WALLS, legal="another use")
        return
    holder = g.cities[city].controller
    if use == "tunnels" and (holder in fams or not any(troops(g, city, f) for f in fams)):
        raise RuleError("7.4", "your troops must stand before another family's walls",
                        code=FiefRefusal.PASSAGE_WALLS,
                        legal="a city you are besieging or about to attack")
    if use == "aid" and (holder is None or holder in fams):
        raise RuleError("10.2", "invaders can be helped only against another family's walls",
                        code=FiefRefusal.PASSAGE_WALLS,
                        legal="another use")


def _check_withdraw(g: Fief, seat: str, dest: str) -> None:
    b = g.war.battle
    if b is None or b.defender not in g.players[seat].families or not g.tasks \
            or g.tasks[0].kind != "battle_next":
        raise RuleError("7.8", "a defender withdraws between two rounds of its battle",
                        code=FiefRefusal.PASSAGE_WITHDRAW,
                        legal="another use")
    near = MAP.neighbours(b.city)
    if dest not in near:
        where = ", ".join(near[:-1]) + f" or {near[-1]}" if len(near) > 1 else near[0]
        what = f"{dest} is not next to {b.city}" if dest else f"name the city next to {b.city} the defenders withdraw to"
        raise RuleError("7.8", f"{what}: {where}", code=FiefRefusal.WITHDRAW_CITY, legal=near)


def guided_army(g: Fief, army: str) -> str:
    """10.2, 6.3: an invader army with its Leader on the map, not already guided this round."""
    a = g.armies.get(army)
    if a is None or a.city is None or a.gone or not a.leader or army in g.opp.guided:
        ok = [x.id for x in g.armies.values() if x.city and not x.gone and x.leader and x.id not in g.opp.guided]
        raise RuleError("10.2", "that is no invader army you may guide: one on the map with its Leader, not yet guided "
                        "this round",
                        code=FiefRefusal.PASSAGE_GUIDE, legal=ok or "none")
    return army


def escape_places(g: Fief, nid: str) -> list[str]:
    """10.2: the captive's family's cities, failing that an Independent or allied city, nearest first."""
    n = g.nobles[nid]
    far = dispersal.distances(n.city or "")
    own = [c for c, s in g.cities.items() if s.controller == n.family]
    rest = [c for c, s in g.cities.items()
            if s.controller is None or (s.controller != n.family and allied(g, s.controller, n.family))]
    return sorted(own or rest, key=lambda c: (far.get(c, 99), c))


def escape_city(g: Fief, nid: str, city: str | None) -> str:
    n = g.nobles.get(nid)
    if n is None or n.captor is None or n.captor == "bandits":
        held = [x.id for x in g.nobles.values() if x.captor not in (None, "bandits")]
        if n is not None:
            what = f"{n.name} is not held captive"
        else:
            what = f"there is no noble {nid} in the game" if nid else "name a captive noble to escape"
        raise RuleError("10.2", what,
                        code=FiefRefusal.PASSAGE_ESCAPE, legal=held or "no captive")
    options = escape_places(g, nid)
    if city is None:
        if not options:
            raise RuleError("10.2", "there is no city to escape to",
                            code=FiefRefusal.PASSAGE_ESCAPE, legal="none")
        return options[0]
    if city not in options:
        raise RuleError("10.2", f"{n.name} escapes to a city of the family, else an Independent or allied city",
                        code=FiefRefusal.PASSAGE_ESCAPE, legal=options[:10])
    return city


def passage(state: GameState, g: Fief, seat: str, use: str, args: dict[str, str], family: str) -> None:
    """Carry out a checked PASSAGE use (the card or the Burgher's Treasure is already spent)."""
    state.emit(Event.public(f"passage.{use}", family=family, use=use, noble=args.get("noble"),
                            city=args.get("city") or args.get("to"), burgher=args.get("burgher") == "yes"))
    if use in movement.PASSAGE_EFFECTS:
        nid = args["noble"]
        movement.grant_passage(g, nid, use)
        n = g.nobles[nid]
        if n.city and MAP.cities[n.city].port and g.war.moves.get(nid, 0) == 0:
            g.war.sail_from[nid] = n.city
    elif use == "evade":
        nid = args["noble"]
        n = g.nobles[nid]
        road = evade_road(g, seat, nid)
        units = tuple(movement.available(g, n.city or "", n.family, nid))
        movement.grant_passage(g, nid, "pass")
        step = movement.Step(nid, n.family, n.city or "", road, "road", 1, units, road)
        movement.carry_out(state, g, step)
    elif use in ("tunnels", "aid"):
        b = g.war.battle
        if b is not None:
            cancel_penalties(b)
        else:
            side = INVADERS if use == "aid" else family
            g.opp.tunnels.append(f"{side}|{args['city']}")
    elif use == "guide":
        g.opp.guided.append(args["army"])
    elif use == "withdraw":
        b = g.war.battle
        assert b is not None   # its battle_next decision goes with the battle (endings.finish)
        withdraw(state, g, b, args["to"], chosen_escorts(g, b, args.get("escorts")))
    elif use == "escape":
        release(state, g, args["noble"], why="passage", to=escape_city(g, args["noble"], args.get("city") or None))


def chosen_escorts(g: Fief, b: Battle, chosen: str | None) -> dict[str, str]:
    """10.2: "Each Noble may take one of their Troops": ``chosen`` names a troop (or none) for each defending
    noble in the side's order; without it each takes its family's strongest troop still unclaimed (ruling O-8)."""
    if chosen is None or chosen == "":
        return escorts(g, b)
    nobles = side_nobles(g, b, b.defender)
    picks = [x.strip().lower() for x in chosen.split(",")]
    if len(picks) != len(nobles) or any(x not in ESCORT_ORDER and x != "none" for x in picks):
        raise RuleError("10.2", f"name one troop (knight, crossbow, men, archer) or none for each withdrawing noble, "
                        f"in this order: {', '.join(g.nobles[n].name for n in nobles)}",
                        code=FiefRefusal.WITHDRAW_UNITS,
                        legal=f"{len(nobles)} of knight, crossbow, men, archer or none")
    out = {nid: kind for nid, kind in zip(nobles, picks, strict=True) if kind != "none"}
    left = {f: list(troops(g, b.city, f)) for f in g.families}
    for nid, kind in out.items():
        pool = left[g.nobles[nid].family]
        if kind not in pool:
            raise RuleError("10.2", f"{g.nobles[nid].name} takes one of the family's own troops still unclaimed",
                            code=FiefRefusal.WITHDRAW_UNITS, legal=sorted(set(pool)) or "none")
        pool.remove(kind)
    return out


def escort_choices(g: Fief, b: Battle) -> list[str]:
    """Every escort choice for the defending nobles (10.2), the default (strongest) first: for menus."""
    nobles = side_nobles(g, b, b.defender)
    combos: list[list[str]] = [[]]
    for nid in nobles:
        kinds = [k for k in ESCORT_ORDER if k in troops(g, b.city, g.nobles[nid].family)] + ["none"]
        combos = [c + [k] for c in combos for k in kinds][:64]
    out = []
    for c in combos:
        try:
            chosen_escorts(g, b, ",".join(c))
        except RuleError:
            continue
        out.append(",".join(c))
    default = ",".join(escorts(g, b).get(n, "none") for n in nobles)
    return [default] + [c for c in out if c != default]


def escorts(g: Fief, b: Battle) -> dict[str, str]:
    """Ruling O-8: by default each withdrawing noble takes its family's strongest troop still unclaimed."""
    left = {f: list(troops(g, b.city, f)) for f in g.families}
    out: dict[str, str] = {}
    for nid in side_nobles(g, b, b.defender):
        pool = left[g.nobles[nid].family]
        for kind in ESCORT_ORDER:
            if kind in pool:
                pool.remove(kind)
                out[nid] = kind
                break
    return out


# -- ASSASSINATION, JUSTICE, AMBUSH ----------------------------------------------------------------
def _leader(g: Fief, target: str) -> str | None:
    if target.startswith("leader:"):
        army = g.armies.get(target.removeprefix("leader:"))
        if army is not None and army.leader and army.city and not army.gone:
            return army.id
    return None


def check_assassination(g: Fief, seat: str, target: str, sponsor: str | None) -> None:
    """10.3: any noble (a captive too, 7.6) or an invading Leader (6.12, no sponsor)."""
    if _leader(g, target):
        return
    if target not in g.nobles:
        raise RuleError("10.3", f"no noble {target!r}", code=FiefRefusal.TARGET, legal=sorted(g.nobles)[:10])
    mine = [n for f in g.players[seat].families for n in g.families[f].nobles]
    if not sponsor or sponsor not in mine or sponsor == target:
        raise RuleError("10.3", "name one of your nobles as the Sponsor (another than the victim)",
                        code=FiefRefusal.SPONSOR,
                        legal=[n for n in mine if n != target] or "none")


def check_justice(g: Fief, target: str) -> None:
    """10.4: a noble bearing the Heresy marker, not of the Royal Family, not in an Abbey (2.13)."""
    n = g.nobles.get(target)
    ok = [x.id for x in g.nobles.values() if justice_target(g, x.id)]
    if n is None or not justice_target(g, target):
        why = "bears no Heresy marker" if n is not None and not n.heresy else \
            "is of the Royal Family or sheltered in an Abbey" if n is not None else "is not in the game"
        raise RuleError("10.4", f"{n.name if n else target} {why}",
                        code=FiefRefusal.JUSTICE_TARGET, legal=ok or "nobody")


def justice_target(g: Fief, nid: str) -> bool:
    n = g.nobles[nid]
    return n.heresy and not set(ROYAL) & set(n.titles) and not (
        n.city and n.captor is None and g.cities[n.city].building in ABBEYS)


def check_ambush(g: Fief, seat: str, noble: str, target: str) -> None:
    """10.5: one of your free nobles, another family's free noble or an invading Leader in the same city,
    not inside a Stronghold or Fortified City."""
    _own_noble(g, seat, noble, "10.5")
    n = g.nobles[noble]
    ok = ambush_targets(g, noble)
    if target not in ok:
        raise RuleError("10.5", f"{n.name} can ambush only a noble or Leader in {n.city} outside its walls",
                        code=FiefRefusal.AMBUSH_TARGET, legal=ok or "nobody")


def ambush_targets(g: Fief, noble: str) -> list[str]:
    n = g.nobles[noble]
    city = n.city
    if city is None or n.captor is not None:
        return []
    walls = g.cities[city].building in DEFENDED
    out = [x.id for x in g.nobles.values() if x.city == city and x.captor is None and x.family != n.family
           and not (walls and not x.outskirts)]
    out += [f"leader:{a.id}" for a in g.armies.values()
            if a.city == city and a.leader and not a.gone and not (walls and not a.outskirts)]
    return sorted(out)


def eliminate(state: GameState, g: Fief, target: str, how: str, sponsor: str | None = None) -> None:
    """10.3, 10.4: the noble leaves the game (titles by 4.8, captives freed); its troops scatter when no
    other noble of the family stays with them; a Leader leaves the game (6.12)."""
    army = _leader(g, target)
    if army:
        state.emit(Event.public(f"card.{how}", target=target, how=how, sponsor=None, family=None))
        remove_leader(state, g, army, how)
        return
    n = g.nobles[target]
    if sponsor:
        g.nobles[sponsor].heresy = True
    city, fam, free = n.city, n.family, n.captor is None
    state.emit(Event.public(f"card.{how}", target=target, how=how, sponsor=sponsor, family=fam))
    kill_noble(state, g, target, cause=how)
    if city and free:
        scatter(state, g, city, fam, how)


def scatter(state: GameState, g: Fief, city: str, fam: str, how: str) -> None:
    """10.3, 10.4: the family's troops left there without a noble scatter, unless they are fighting
    (also when the Skull's player lets the noble die, 12.3)."""
    if dispersal.leaderless(g, city, fam) and not midbattle.fighting(g, city, fam):
        dispersal.disperse(state, g, city, fam, why=how)


def ambush(state: GameState, g: Fief, noble: str, target: str) -> None:
    """10.5: the target becomes the ambusher's captive; its troops scatter (engines stay, Ex 10-5)."""
    army = _leader(g, target)
    state.emit(Event.public("card.ambush", noble=noble, target=target, family=g.nobles[noble].family,
                            city=g.nobles[noble].city))
    if army:
        remove_leader(state, g, army, "ambush")
        return
    n = g.nobles[target]
    city, fam = n.city or "", n.family
    capture(state, g, None, target, noble)
    if dispersal.leaderless(g, city, fam) and not midbattle.fighting(g, city, fam):
        dispersal.disperse(state, g, city, fam, why="ambush", taker=g.nobles[noble].family)
