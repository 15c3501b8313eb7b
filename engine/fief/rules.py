"""Fief: England on the engine contract: ``RULES`` (see docs/fief-view.md, docs/rulings/fief.md)."""

from __future__ import annotations

import random
from typing import Any

from engine.core import (
    Action,
    Decision,
    DecisionKind,
    GameState,
    Refusal,
    Result,
    RuleError,
    Rules,
    View,
    decision,
)
from engine.core.rules import check_roles
from engine.core.words import Words
from engine.fief import consistency, legal, play, setup, views, warlegal, warplay
from engine.fief.actions import ACTIONS
from engine.fief.characters import abbey_cities
from engine.fief.components import DISASTERS, C
from engine.fief.flow import advance, current_actor, label
from engine.fief.purchase import unit_cities
from engine.fief.state import Fief, sort_troops
from engine.fief.victory import seat_vp
from engine.fief.words import WORDS

# Each module handles its own commands; no command is handled twice.
HANDLERS = play.HANDLERS | warplay.HANDLERS
assert not set(play.HANDLERS) & set(warplay.HANDLERS)


class FiefRules(Rules):
    name = "fief"
    title = "Fief: England"
    min_seats = 2
    max_seats = 4
    state_type = Fief
    schema_version = 1
    actions = ACTIONS
    # FAQ: a battle turns both sides' troops face up; random playouts compare public events up to it.
    reveal_events = frozenset({"battle.revealed"})

    def default_options(self, seats: int) -> dict[str, Any]:
        return dict(setup.OPTIONS)

    def check_options(self, seats: int, options: dict[str, Any]) -> None:
        unknown = sorted(set(options) - set(setup.OPTIONS))
        if unknown:
            raise RuleError("setup", f"unknown option(s) {unknown}", code=Refusal.BAD_OPTION, legal=sorted(setup.OPTIONS))
        if options.get("random_start") not in (True, False, 0, 1, "true", "false"):
            raise RuleError("13.6", "random_start is true or false", code=Refusal.BAD_OPTION, legal=["true", "false"])
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
                seat = g.families[actor].seat
                out.append(decision(f"{g.flow.step}-{g.flow.round}-{g.flow.turn}", DecisionKind.SEQUENTIAL, [seat],
                                    f"fief.{g.flow.step}", legal.step_default(g, actor), family=actor))
        out += [r.decision() for r in g.requests.open]
        out += [o.decision() for o in g.offers.open]
        return out

    def legal(self, state: GameState, seat: str) -> list[Action]:
        return legal.seat_actions(state.data, seat)

    def play(self, state: GameState, seat: str, action: Action) -> None:
        g: Fief = state.data
        spec = ACTIONS[action.kind]
        missing = [p.name for p in spec.params if p.required and action.get(p.name) is None]
        if missing:
            raise RuleError("commands", f"{action.kind} needs {', '.join(missing)}", code="missing_param",
                            legal=[p.name for p in spec.params])
        HANDLERS[action.kind](state, g, seat, action)

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
        elif kind in ("move", "battle"):
            values = [",".join(v) if isinstance(v, tuple) else v for v in values]
            extra = warlegal.suggest(g, seat, kind, param)
        elif kind == "play_abbess" and param == "city":
            fam = current_actor(g)
            if fam and g.families[fam].seat == seat:
                extra = abbey_cities(g, fam)
        flat = [v[0] if isinstance(v, tuple) and len(v) == 1 else v for v in values]
        return list(dict.fromkeys(flat + extra))

    def agent_weight(self, state: GameState, seat: str, action: Action) -> float:
        """Random agents fight on more often than they give up, so playouts see long battles
        (deadlocks after three quiet rounds, sallies stopped) and not only first-round surrenders; they
        propose and accept marriages often, so playouts reach alliances (9.0, 8.3)."""
        if action.kind == "battle_next" and action.get("choice") == "continue":
            return 6.0
        if action.kind == "propose_marriage":
            return 8.0   # 9.0: playouts see marriages and alliance victories
        if action.kind == "respond" and action.get("accept"):
            g: Fief = state.data
            r = next((r for r in g.requests.open if r.id == action.get("request")), None)
            if r is not None and r.kind == "marriage":
                return 6.0
        return 1.0

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
        """Hands, deck order, unseen nobles, money, troop types on the map, face-down disasters and relics."""
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


RULES = FiefRules()
