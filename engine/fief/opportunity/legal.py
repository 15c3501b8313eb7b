"""The Opportunity cards' commands a seat may give (10.0-10.5, 11.2): listed once per kind of card
and use, with the first fitting arguments (random playouts stay fast); ``every`` gives every
variant for menus and autocomplete. The Rebellion's answers are a task's (``task_actions``)."""

from __future__ import annotations

from functools import lru_cache

from engine.core import Action
from engine.core.errors import passes
from engine.fief.components import C
from engine.fief.flow import current_actor
from engine.fief.opportunity import cards as opportunity_cards
from engine.fief.opportunity import midbattle, rebellion
from engine.fief.state import MAP, Fief, Task, has_disaster
from engine.fief.war.battle import losses
from engine.fief.war.battle.sides import DEFENDED, troops

A = Action.of
KINDS = ("rebellion", "passage", "assassinate", "justice", "ambush")
CARD_OF = {"rebellion": "rebellion", "passage": "passage", "assassinate": "assassination", "justice": "justice",
           "ambush": "ambush"}
OPPORTUNITY_KINDS = frozenset(CARD_OF.values())
_OPPORTUNITY_CARDS = frozenset(c for c, card in C.cards.items() if card.kind in OPPORTUNITY_KINDS)


def _cards(g: Fief, seat: str, kind: str) -> list[str]:
    """The first card of the kind in hand (two alike do the same), and the Burgher for its two uses."""
    wanted = CARD_OF[kind]
    cards = C.cards
    out = [c for c in g.players[seat].hand if cards[c].kind == wanted][:1]
    if kind in ("rebellion", "passage"):
        out += [f.board_card for f in (g.families[x] for x in g.players[seat].families)
                if f.board_card and C.card(f.board_card).kind == "burgher" and f.treasures > 0]
    return out


def _burgher(g: Fief, seat: str) -> bool:
    """A family of the seat has a Burgher on its board and a Treasure to spend (11.2)."""
    for f in g.players[seat].families:
        fam = g.families[f]
        if fam.board_card and fam.treasures > 0 and C.cards[fam.board_card].kind == "burgher":
            return True
    return False


def listed(g: Fief, seat: str) -> list[Action]:
    """One command per kind and use, when it would apply now."""
    p = g.players.get(seat)
    if p is None or g.flow.over:
        return []
    burgher = _burgher(g, seat)
    if not burgher and _OPPORTUNITY_CARDS.isdisjoint(p.hand):   # no Opportunity card in hand, no Burgher to spend
        return []
    cards = C.cards
    in_hand = {cards[c].kind for c in p.hand}
    out: list[Action] = []
    for kind in KINDS:
        if CARD_OF[kind] not in in_hand and (not burgher or kind not in ("rebellion", "passage")):
            continue   # _cards finds none (only those two kinds also count a Burgher)
        for card in _cards(g, seat, kind):
            for a in _variants(g, seat, kind, card, first=True):
                if _applies(g, seat, a):
                    out.append(a)
    return out


def every(g: Fief, seat: str, kind: str) -> list[Action]:
    """Every variant of ``kind`` the rules accept now (menus and autocomplete)."""
    if seat not in g.players or g.flow.over:
        return []
    return [a for card in _cards(g, seat, kind) for a in _variants(g, seat, kind, card, first=False)
            if _applies(g, seat, a)]


def _applies(g: Fief, seat: str, a: Action) -> bool:
    """The handlers' own checks, without their changes."""
    card = str(a["card"])
    if a.kind == "rebellion":
        u = g.opp.uprising
        return passes(opportunity_cards.check_time, g, "10.1", u is None, True) and \
            passes(opportunity_cards.burgher_or_card, g, seat, card, "rebellion", "rebellion", "10.1") and \
            passes(rebellion.check_city, g, seat, str(a["city"])) and \
            (u is None or (u.stage == "support" and u.city == a["city"]))
    if a.kind == "passage":
        use = a["use"]
        if use == "evade":   # opportunity_cards.evade_road refuses without a road entered into the noble's own city
            n = g.nobles[str(a["noble"])]
            if n.outskirts or not any(key.partition("|")[0] == n.city for key in g.war.blocked):
                return False
        if use in ("siege", "storms", "pass") and current_actor(g) != g.nobles[str(a["noble"])].family:
            return False   # opportunity_cards._check_move: not the noble's family's Movement turn, refused
        args = opportunity_cards.passage_args(a)
        return passes(opportunity_cards.check_passage, g, seat, str(a["use"]), args) and \
            passes(opportunity_cards.burgher_or_card, g, seat, card, "passage", "passage", "10.2")
    if not passes(opportunity_cards.check_time, g, "10.0", True, True) or \
            not passes(opportunity_cards.check_card, g, seat, card, CARD_OF[a.kind], "10.0"):
        return False
    if a.kind == "assassinate":
        return passes(opportunity_cards.check_assassination, g, seat, str(a["target"]), a.get("sponsor")) and \
            passes(midbattle.check_leader, g, str(a["target"]), "10.3")
    if a.kind == "justice":
        return passes(opportunity_cards.check_justice, g, str(a["target"]))
    return passes(opportunity_cards.check_ambush, g, seat, str(a["noble"]), str(a["target"])) and \
        passes(midbattle.check_leader, g, str(a["target"]), "10.5")


def _mine(g: Fief, seat: str) -> list[str]:
    return [n for f in g.players[seat].families for n in g.families[f].nobles]


def _variants(g: Fief, seat: str, kind: str, card: str, first: bool) -> list[Action]:
    cut = 1 if first else None   # None: every variant
    fams = g.players[seat].families
    if kind == "rebellion":
        u = g.opp.uprising
        if u is not None:
            return [A("rebellion", card=card, city=u.city)]
        if not (opportunity_open(g) or midbattle.between_rounds(g)):   # O-6, O-6b
            return []
        cities = rebellion.targets(g, fams)
        # the first listed: a city where someone else stands (random playouts strike at rivals)
        rivals = (c for c in cities if any(f not in fams for f in g.cities[c].stacks))
        if first:   # the first rival's city, else the first city: without listing every rival
            rival = next(rivals, None)
            return [A("rebellion", card=card, city=c) for c in ([rival] if rival else cities[:1])]
        return [A("rebellion", card=card, city=c) for c in (list(rivals) or cities)]
    if kind == "passage":
        return _passages(g, seat, card, cut)
    mine = _mine(g, seat)
    if not (opportunity_open(g) or midbattle.between_rounds(g)):   # O-6, O-6b
        return []
    if kind == "assassinate":
        sponsors = [n for n in mine if g.nobles[n].captor is None] or mine
        foes = sorted((n for n in g.nobles if g.nobles[n].family not in fams), key=lambda n: (_afield(g, n), n))
        leaders = [f"leader:{a.id}" for a in g.armies.values() if a.leader and a.city and not a.gone]
        out = [A("assassinate", card=card, target=t, sponsor=x) for t in foes[:cut] for x in sponsors[:cut]]
        return out + [A("assassinate", card=card, target=t) for t in leaders[:cut]]
    if kind == "justice":
        targets = sorted((n for n in g.nobles if opportunity_cards.justice_target(g, n)), key=lambda n: (_afield(g, n), n))
        return [A("justice", card=card, target=n) for n in targets[:cut]]
    out = []
    # opportunity_cards.ambush_targets finds nobody in a city without a free noble of another family or a Leader
    others: dict[str, set[str]] = {}
    for x in g.nobles.values():
        if x.city and x.captor is None:
            others.setdefault(x.city, set()).add(x.family)
    armed = {a.city for a in g.armies.values() if a.leader and not a.gone}
    for nid in mine:
        n = g.nobles[nid]
        if n.city not in armed and not any(f != n.family for f in others.get(n.city or "", ())):
            continue
        for t in opportunity_cards.ambush_targets(g, nid)[:cut]:
            out.append(A("ambush", card=card, noble=nid, target=t))
        if first and out:
            break
    return out


def _afield(g: Fief, nid: str) -> bool:
    """False for a noble in the battle being fought (listed first: the mid-battle strike, O-6b)."""
    b = g.war.battle
    return b is None or g.nobles[nid].city != b.city


def opportunity_open(g: Fief) -> bool:
    return not (g.tasks or g.war.battle is not None or g.opp.uprising is not None)


def _passages(g: Fief, seat: str, card: str, cut: int | None) -> list[Action]:
    fams = g.players[seat].families
    out: list[Action] = []
    u = g.opp.uprising
    if u is not None and u.stage == "support" and not u.passage and rebellion.cancelled(g, u):
        out.append(A("passage", card=card, use="rebellion"))
    b = g.war.battle
    if b is not None:
        if b.penalty or b.archers_min:
            out.append(A("passage", card=card, use="tunnels" if b.attacker in fams else "aid", city=b.city))
        if midbattle.between_rounds(g):   # O-6b: a captive escapes between two rounds
            captives = sorted(n.id for n in g.nobles.values() if n.captor not in (None, "bandits"))
            own = [c for c in captives if g.nobles[c].family in fams]
            out += [A("passage", card=card, use="escape", noble=c) for c in (own or captives)[:cut]]
        if b.defender in fams and g.tasks and g.tasks[0].kind == "battle_next":
            out += [A("passage", card=card, use="withdraw", to=c) for c in MAP.neighbours(b.city)[:cut]]
            if cut is None:   # menus: each choice of the troop every noble takes along (10.2)
                choices = opportunity_cards.escort_choices(b=b, g=g)[1:]
                out += [A("passage", card=card, use="withdraw", to=c, escorts=tuple(e.split(",")))
                        for c in MAP.neighbours(b.city) for e in choices]
        return out
    if not opportunity_open(g):
        return out
    if g.flow.step == "move":
        for nid in _mine(g, seat):
            n = g.nobles[nid]
            if n.captor is None and n.city and current_actor(g) == n.family:   # 10.2: its Movement turn
                out += [_passage_move(card, nid, use) for use in opportunity_cards.passage_effects(g, nid)]
            if n.captor is None and n.city:
                out.append(_passage_move(card, nid, "evade"))
    if g.flow.phase == 7:
        for name, c in g.cities.items():
            if c.building in DEFENDED and c.controller is not None and c.controller not in fams and \
                    any(troops(g, name, f) for f in fams):
                out.append(A("passage", card=card, use="tunnels", city=name))
    if g.flow.phase == 6:
        held = [n for n, c in g.cities.items()
                if c.building in DEFENDED and c.controller is not None and c.controller not in fams
                and any(a.city and name_near(a.city, n) for a in g.armies.values() if not a.gone)]
        out += [A("passage", card=card, use="aid", city=c) for c in held[:cut]]
    stormy = {r for r in MAP.regions if has_disaster(g, r, "storms")} if g.flow.phase in (5, 6) else None
    if stormy:
        armies = [a.id for a in g.armies.values() if a.city and a.leader and not a.gone and a.id not in g.opp.guided
                  and any(MAP.cities[c].region in stormy for c in [a.city, *MAP.neighbours(a.city)])]
        out += [A("passage", card=card, use="guide", army=x) for x in armies[:cut]]
    captives = sorted(n.id for n in g.nobles.values() if n.captor not in (None, "bandits"))
    own = [c for c in captives if g.nobles[c].family in fams]
    out += [A("passage", card=card, use="escape", noble=c) for c in (own or captives)[:cut]]
    return out


@lru_cache(maxsize=4096)
def _passage_move(card: str, nid: str, use: str) -> Action:
    """A Passage's use for a noble, built once and shared (actions are immutable: a bounded cache of values,
    not of any game's state)."""
    return A("passage", card=card, use=use, noble=nid)


def name_near(a: str, b: str) -> bool:
    return a == b or b in MAP.neighbours(a)


# -- the Rebellion's round of answers (a task) ------------------------------------------------------
def task_actions(g: Fief, t: Task) -> list[Action]:
    u = g.opp.uprising
    if u is not None and u.stage == "losses":
        return [A("rebel_losses", units=units) for units in rebellion.loss_choices(g, t.family)]
    out = [A("stand_aside")]
    if u is None or u.stage != "quell":
        return out
    price = rebellion.QUELL_PRICE * rebellion.standing(g, u)
    purse = g.players[g.families[t.family].seat].shillings
    for nid in rebellion.clerics(g, u.city, t.family):
        if purse >= price:
            out.append(A("quell", noble=nid, how="pay"))
        out.append(A("quell", noble=nid, how="plead"))
    return out


def task_default(g: Fief, t: Task) -> Action:
    """Let it be; under the rebels' hits, the cheapest troops (7.5's example allotment)."""
    u = g.opp.uprising
    if u is not None and u.stage == "losses":
        st = g.cities[u.city].stacks.get(t.family)
        return A("rebel_losses", units=list(losses.example(list(st.troops) if st else [], [], u.hits).troops))
    return A("stand_aside")


def suggest(g: Fief, seat: str, kind: str, param: str) -> list[str]:
    """Autocomplete: every value the rules accept for ``param`` now."""
    return list(dict.fromkeys(str(a[param]) for a in every(g, seat, kind) if a.get(param) is not None))

