"""Fief: England on the engine contract: ``RULES`` (see docs/fief-view.md, docs/rulings/fief.md)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.core import (
    Action,
    Decision,
    DecisionKind,
    Event,
    GameState,
    OptionHelp,
    Refusal,
    Result,
    RuleError,
    Rules,
    View,
    decision,
)
from engine.core.rules import check_roles, clone, reseed
from engine.core.words import Words
from engine.fief import consistency, legal, play, setup, views
from engine.fief.actions import ACTIONS, GROUPS
from engine.fief.board import legal as board_legal
from engine.fief.board import mercenaries
from engine.fief.board import play as board_play
from engine.fief.cards.characters import abbey_cities
from engine.fief.components import DISASTERS, C
from engine.fief.crown import play as crown_play
from engine.fief.estates.purchase import unit_cities
from engine.fief.flow import advance, current_actor, label
from engine.fief.opportunity import legal as opportunity_legal
from engine.fief.opportunity import midbattle
from engine.fief.opportunity import play as opportunity_play
from engine.fief.playouts import coverage
from engine.fief.playouts import weights as playout_weights
from engine.fief.playouts.determinize import determinize
from engine.fief.state import Fief, sort_troops
from engine.fief.victory import seat_vp
from engine.fief.war import legal as war_legal
from engine.fief.war import play as war_play
from engine.fief.words import WORDS

# Each module handles its own commands; no command is handled twice.
HANDLERS = play.HANDLERS | war_play.HANDLERS | crown_play.HANDLERS | opportunity_play.HANDLERS | board_play.HANDLERS
assert sum(map(len, (play.HANDLERS, war_play.HANDLERS, crown_play.HANDLERS, opportunity_play.HANDLERS, board_play.HANDLERS))) \
    == len(HANDLERS)


# Random agents lean to politics so that playouts crown kings, pass taxes and award Garters.
POLITICS_WEIGHTS = {"nominate": 6.0, "convene_parliament": 8.0, "award_garter": 60.0, "play_clergy": 10.0,
                    "buy_title": 40.0, "grant_title": 40.0, "danegeld": 10.0, "intervene": 6.0, "deal": 3.0}
# The parameters each command must name (read at every action).
REQUIRED = {kind: tuple(p.name for p in spec.params if p.required) for kind, spec in ACTIONS.items()}
# The kinds whose random-agent weight reads the action's arguments (agent_weight); any other kind's weight
# depends on its kind and the state only.
WEIGHT_READS_ARGS = frozenset({"move", "build", "battle", "give_relic", "battle_next", "passage", "vote_election",
                               "vote_tax", "respond"})
# The kinds whose weight reads the state but not the arguments (the window between two battle rounds).
WEIGHT_READS_STATE = frozenset(midbattle.CARDS)
# The weight of each kind that reads neither (a constant), filled in as agent_weights meets the kinds.
KIND_WEIGHTS: dict[str, float] = {}
# Random agents play the Opportunity cards now and then rather than at the first chance (10.0).
AGENT_WEIGHTS = {"rebellion": 2.0, "passage": 1.0, "assassinate": 0.2, "justice": 0.3, "ambush": 0.3, "quell": 2.0}
# Random agents say yes to a marriage (9.0) or a deal (9.1) more often than no.
ACCEPT_WEIGHTS = {"marriage": 6.0, "deal": 3.0}


class FiefRules(Rules):
    name = "fief"
    title = "Fief: England"
    min_seats = 2
    max_seats = 4
    state_type = Fief
    schema_version = 1
    actions = ACTIONS
    command_groups = GROUPS
    # FAQ: a battle turns both sides' troops face up; random playouts compare public events up to it.
    # 9.1, 9.2: the vote markers are turned over together.
    # 11.1: the Crossbowmen going back to their cards at the end of a round show where they stood.
    # 4.8 (R26b): troops of a Fortified City swapped for the spouse's colour show what they are.
    reveal_events = frozenset({"battle.revealed", "rebellion.revealed", "election.revealed", "parliament.revealed",
                               "mercenaries.returned", "royal_stronghold.garrison", "troops.exchanged"})

    # Issue 13: what random playouts must reach, one count each (engine.simulate --coverage).
    coverage_goals = coverage.GOALS

    def coverage_marks(self, state: GameState, event: Event) -> tuple[str, ...]:
        return coverage.marks(state.data, event)

    def default_options(self, seats: int) -> dict[str, Any]:
        return dict(setup.OPTIONS)

    def options_help(self, seats: int) -> list[OptionHelp]:
        return [OptionHelp("random_start", "deal the starting cities at random instead of choosing them (13.6)",
                           "false", ("true", "false"))]

    def check_options(self, seats: int, options: dict[str, Any]) -> None:
        unknown = sorted(set(options) - set(setup.OPTIONS))
        if unknown:
            raise RuleError("setup", f"unknown option(s) {unknown}",
                            code=Refusal.BAD_OPTION, legal=sorted(setup.OPTIONS))
        if options.get("random_start") not in (True, False, 0, 1, "true", "false"):
            raise RuleError("13.6", "the option `random_start` is true or false",
                            code=Refusal.BAD_OPTION, legal=["true", "false"])
        if isinstance(options.get("random_start"), str):
            options["random_start"] = options["random_start"] == "true"
        check_roles("13.7" if seats == 2 else "Game Setup", options.get("roles"), seats, self.roles(seats, options))

    def roles(self, seats: int, options: dict[str, Any]) -> list[str]:
        """Game Setup: each player picks a colour (a family); with two players, the first of two (13.7)."""
        return [f.id for f in C.families]

    def role_label(self, role: str, options: dict[str, Any]) -> str:
        return next((f.name for f in C.families if f.id == role), role)

    def seat_roles(self, state: GameState) -> dict[str, str]:
        g: Fief = state.data
        return {s: "+".join(p.families) for s, p in g.players.items()}

    def setup(self, state: GameState) -> None:
        state.data = setup.new_game(state)
        advance(state)

    def settle(self, state: GameState, before: GameState, paths: list[str]) -> None:
        consistency.settle(state.data, before.data, paths)

    def validate(self, state: GameState) -> list[str]:
        return consistency.validate(state.data)

    # -- decisions ---------------------------------------------------------------------------
    def pending(self, state: GameState) -> list[Decision]:
        g: Fief = state.data
        if g.flow.over:
            return []
        out: list[Decision] = []
        if g.tasks:
            t = g.tasks[0]
            seat = g.families[t.family].seat
            out.append(decision(f"task-{t.kind}-{t.family}", DecisionKind.SEQUENTIAL, [seat], f"fief.{t.kind}",
                                legal.task_default(g, t), family=t.family, city=t.city, region=t.region,
                                count=t.count, options=list(t.options)))
        else:
            actor = current_actor(g)
            if actor:
                seat, f = g.families[actor].seat, g.flow
                # decision(...) built directly (the same Decision): asked at every decision
                out.append(Decision(f"{f.step}-{f.round}-{f.turn}", DecisionKind.SEQUENTIAL, (seat,), f"fief.{f.step}",
                                    ((seat, legal.step_default(g, actor)),), False, True, {"family": actor}))
        if g.requests.open:
            out += [r.decision() for r in g.requests.open]
        if g.offers.open:
            out += [o.decision() for o in g.offers.open]
        return out

    def waits_on(self, state: GameState, seat: str) -> bool:
        """The turn check of every action, the answer :meth:`pending` gives without building the
        decisions: the seat of the first task or of the family whose turn it is, and the addressee of
        each open request and offer."""
        g: Fief = state.data
        if g.flow.over:
            return False   # pending lists nothing
        family = g.tasks[0].family if g.tasks else current_actor(g)
        if family and g.families[family].seat == seat:
            return True
        # pending's other decisions: one for each open request and offer, each waiting on its addressee
        return any(r.to == seat for r in g.requests.open) or any(o.to == seat for o in g.offers.open)

    def legal(self, state: GameState, seat: str) -> list[Action]:
        return legal.seat_actions(state.data, seat)

    def play(self, state: GameState, seat: str, action: Action) -> None:
        g: Fief = state.data
        required = REQUIRED[action.kind]
        if required and None in map(action.get, required):   # the list of what is missing built only for a refusal
            missing = [name for name in required if action.get(name) is None]
            raise RuleError("commands", f"{action.kind} needs {', '.join(missing)}",
                            code=Refusal.MISSING_PARAM,
                            legal=[p.name for p in ACTIONS[action.kind].params])
        HANDLERS[action.kind](state, g, seat, action)
        mercenaries.settle(state, g)   # 11.1, 11.2: a board card that can no longer stay is discarded

    def suggest(self, state: GameState, seat: str, kind: str, param: str) -> list[Any]:
        """Autocomplete: the values of the legal actions, completed where the enumeration samples."""
        values = super().suggest(state, seat, kind, param)
        g: Fief = state.data
        if seat not in g.players:
            return values
        extra: list[Any] = []
        if param in ("card", "give_cards"):
            extra = list(g.players[seat].hand)
        elif kind == "buy" and param == "units":
            fam = current_actor(g)
            if fam and g.families[fam].seat == seat:
                extra = [f"{t}@{c}" for c in unit_cities(g, fam) for t in C.stockpile if g.families[fam].stockpile[t]]
        elif kind == "give_retainer" and param == "receiver":
            extra = sorted(g.nobles)
        elif kind in ("pigeon", "pigeon_offer") and param == "to":
            extra = sorted(n for n in g.nobles if g.nobles[n].family not in g.players[seat].families)
        elif kind in ("pigeon", "pigeon_offer") and param == "sender":
            extra = [n for f in g.players[seat].families for n in g.families[f].nobles]
        elif kind in opportunity_legal.KINDS:
            extra = opportunity_legal.suggest(g, seat, kind, param)
        elif kind in ("move", "battle"):
            values = [",".join(v) if isinstance(v, tuple) else v for v in values]
            extra = war_legal.suggest(g, seat, kind, param)
        elif kind in board_play.HANDLERS:
            extra = board_legal.suggest(g, seat, kind, param)
        elif kind == "play_abbess" and param == "city":
            fam = current_actor(g)
            if fam and g.families[fam].seat == seat:
                extra = abbey_cities(g, fam)
        flat = [v[0] if isinstance(v, tuple) and len(v) == 1 else v for v in values]
        return list(dict.fromkeys(flat + extra))

    def agent_weight(self, state: GameState, seat: str, action: Action) -> float:
        """Random agents fight on more often than they give up, so playouts see long battles
        (deadlocks after three quiet rounds, sallies stopped) and not only first-round surrenders; they
        propose and accept marriages often, so playouts reach alliances (9.0, 8.3); they declare
        candidates, call Parliament, back the tax and induct Garters (9.1-9.3, 13.3)."""
        if action.kind in board_play.HANDLERS:
            return board_legal.weight(state.data, action)
        if action.kind == "move":
            return playout_weights.move(state.data, action)   # 5.1, 4.3: settle a region, keep cities held
        if action.kind == "build":
            fam = current_actor(state.data)
            return playout_weights.build(state.data, fam, action) if fam else 1.0
        if action.kind == "battle":
            return playout_weights.battle(state.data, current_actor(state.data), action)
        if action.kind == "battle_next" and action.get("choice") == "continue":
            return 6.0
        if action.kind == "passage" and action.get("use") in ("tunnels", "aid", "guide", "withdraw"):
            return 4.0   # 10.2: the rarer windows, taken when they open
        if action.kind in midbattle.CARDS and midbattle.between_rounds(state.data):
            return 12.0   # O-6b: the rare window between two battle rounds, taken when it opens
        if action.kind in AGENT_WEIGHTS:
            return AGENT_WEIGHTS[action.kind]   # 10.0-10.5: playouts see every Opportunity card played
        if action.kind == "vote_election":
            return 4.0 if action.get("support") not in (None, "none") else 0.5
        if action.kind == "vote_tax" and action.get("vote") == "for":
            return 3.0
        if action.kind == "propose_marriage":
            return 8.0   # 9.0: playouts see marriages and alliance victories
        if action.kind in POLITICS_WEIGHTS:
            return POLITICS_WEIGHTS[action.kind]   # 9.1-9.3, 13.3: kings elected, taxes passed, Garters given
        if action.kind == "respond" and action.get("accept"):
            g: Fief = state.data
            r = next((r for r in g.requests.open if r.id == action.get("request")), None)
            if r is not None and r.kind in ACCEPT_WEIGHTS:
                return ACCEPT_WEIGHTS[r.kind]
        return 1.0

    def agent_weights(self, state: GameState, seat: str, legal: list[Action]) -> list[float] | None:
        """:meth:`agent_weight` of every action, the same numbers found faster (random playouts): once per
        kind where the weight reads the kind and the state only (once for all games where it reads the kind
        only), and what the moves share once for all of them."""
        g: Fief = state.data
        by_kind: dict[str, float] = {}
        weigh_move: Callable[[Action], float] | None = None   # one for all the moves of the list
        out: list[float] = []
        append, constant = out.append, KIND_WEIGHTS
        for a in legal:
            k = a.kind
            w = constant.get(k)   # never set for the kinds whose weight reads the arguments or the state
            if w is None:
                if k == "move":
                    if weigh_move is None:
                        weigh_move = playout_weights.move_weigher(g)
                    w = weigh_move(a)
                elif k in WEIGHT_READS_ARGS:
                    w = self.agent_weight(state, seat, a)
                elif k in WEIGHT_READS_STATE:
                    w = by_kind.get(k)
                    if w is None:
                        w = by_kind[k] = self.agent_weight(state, seat, a)
                else:
                    w = constant[k] = self.agent_weight(state, seat, a)
            append(w)
        return out

    def phase(self, state: GameState) -> str:
        return label(state.data)

    def words(self) -> Words:
        """Fief's wording: engine/fief/words/ (one instance, built once)."""
        return WORDS

    # -- views and results -------------------------------------------------------------------
    def view(self, state: GameState, seat: str | None) -> View:
        g: Fief = state.data
        out = views.public(g)
        if seat is not None and seat in g.players:
            out = views.private(g, seat, out)
        return out

    def result(self, state: GameState) -> Result | None:
        g: Fief = state.data
        if not g.flow.over:
            return None
        return Result(tuple(g.flow.winners), g.flow.reason, {s: seat_vp(g, s) for s in g.players})

    def permute_hidden(self, state: GameState, rnd: random.Random) -> None:
        """Hands, deck order, unseen nobles, money, troop types on the map, face-down disasters and relics,
        vote markers and the Royal Tax still to share out."""
        g: Fief = state.data
        # Character cards: hands, the face-down deck and the unseen nobles are one hidden pool.
        pool = [c for p in g.players.values() for c in p.hand if C.card(c).deck == "character"]
        pool += g.character_deck + g.unseen
        rnd.shuffle(pool)
        for p in g.players.values():
            p.hand = [pool.pop() if C.card(c).deck == "character" else c for c in p.hand]
        g.character_deck = [pool.pop() for _ in g.character_deck]
        g.unseen = [pool.pop() for _ in g.unseen]
        # Fortune cards keep the pattern of backs (fortune / disaster) the table can see.
        fortune = [c for p in g.players.values() for c in p.hand if C.card(c).deck == "fortune"]
        fortune += [c for c in g.fortune_deck if C.card(c).kind not in DISASTERS]
        bad = [c for c in g.fortune_deck if C.card(c).kind in DISASTERS] + g.track
        rnd.shuffle(fortune)
        rnd.shuffle(bad)
        g.track = [bad.pop() for _ in g.track]
        for p in g.players.values():
            p.hand = [fortune.pop() if C.card(c).deck == "fortune" else c for c in p.hand]
        g.fortune_deck = [bad.pop() if C.card(c).kind in DISASTERS else fortune.pop() for c in g.fortune_deck]
        for p in g.players.values():
            p.shillings = rnd.randint(0, 40)
        for fid in g.families:
            stacks = [c.stacks[fid] for c in g.cities.values() if fid in c.stacks and not c.stacks[fid].revealed]
            troops = [t for st in stacks for t in st.troops]
            rnd.shuffle(troops)
            for st in stacks:
                st.troops = sort_troops([troops.pop() for _ in st.troops])
        hidden = [c for c in g.cities.values() if c.hidden_relic]
        relics = [c.hidden_relic for c in hidden]
        rnd.shuffle(relics)
        for c, r in zip(hidden, relics, strict=True):
            c.hidden_relic = r
        # Vote markers lie face down (9.1, 9.2): which one is FOR, and how each family voted.
        pol = g.politics
        for fam, ballot in pol.ballots.items():
            if rnd.random() < 0.5:
                pol.ballots[fam] = [ballot[1], ballot[0]]
        for fam in pol.votes:
            pol.votes[fam] = rnd.random() < 0.5
        if pol.tax_left:
            pol.tax_left = rnd.randint(1, 12)

    def determinize(self, state: GameState, seat: str, rnd: random.Random) -> GameState:
        twin = clone(state)
        determinize(twin.data, seat, rnd)
        reseed(twin, rnd)
        return twin


RULES = FiefRules()
