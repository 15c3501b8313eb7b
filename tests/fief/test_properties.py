"""Properties: refused commands change nothing and name their section; secrets stay out of the public
view and public events; random games run to the end (engine.simulate's invariant checks)."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import Action, RuleError, apply, canonical
from engine.fief import RULES
from engine.playout import Playout
from tests.fief.helpers import SEATS

KINDS = sorted(RULES.actions)
WORDS = ["London", "York", "Oxford", "Whitby", "Lincoln", "VI", "III", "9", "knight@London", "men@York", "tax-1",
         "noble-henri", "henri", "alienor", "character", "fortune", "exeter", "stronghold", "mill", "-1", "0", "3",
         "yes", "army-1", "road", "sea", "sherwood", "royal", "knight", "men,archer", "continue", "siege",
         "surrender", "red", "blue", "invaders", "leader:army-1"]
PARAMS = ["card", "city", "deck", "region", "noble", "units", "what", "captive", "amount", "giver", "receiver", "to",
          "sender", "shillings", "tallage", "tithe", "offer", "request", "accept", "target", "abbey", "fortify",
          "army", "via", "troops", "choice", "against", "family", "side", "pay", "slay", "absorb", "trebuchet",
          "cavalcade", "destroy"]


@pytest.fixture(scope="module")
def states():
    """States at many steps of two random games (random legal commands in every phase, 2-7), with at
    least the first state of each step met, so refusals are tried in Movement, Invaders and Battles too."""
    out = []
    for seed in (11, 12):
        state, _ = RULES.new_game(SEATS[4], {}, seed)
        agent = random.Random(seed)
        seen: set[tuple[int, str]] = set()
        for i in range(1500):
            if RULES.result(state):
                break
            d = agent.choice([d for d in RULES.pending(state) if d.blocking])
            seat = agent.choice(d.seats)
            apply(RULES, state, seat, agent.choice(RULES.legal(state, seat)))
            where = (state.data.flow.phase, state.data.flow.step if not state.data.tasks else state.data.tasks[0].kind)
            if i % 60 == 0 or where not in seen:
                seen.add(where)
                out.append(RULES.copy(state))
    return out


def test_the_states_cover_movement_invaders_and_battles(states):
    phases = {s.data.flow.phase for s in states}
    assert {2, 3, 4, 5, 6, 7} <= phases, phases
    assert any(s.data.war.battle is not None for s in states), "no state in the middle of a battle"


@settings(max_examples=400, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.integers(0, 10**6), st.sampled_from(KINDS), st.sampled_from(SEATS[4]),
       st.dictionaries(st.sampled_from(PARAMS), st.sampled_from(WORDS), max_size=4))
def test_a_refused_command_changes_nothing(states, i, kind, seat, args):
    state = RULES.copy(states[i % len(states)])
    spec = RULES.actions[kind]
    typed = {}
    for k, v in args.items():
        p = spec.param(k)
        if p is None:
            continue
        if p.type.value == "int":
            typed[k] = int(v) if v.lstrip("-").isdigit() else 1
        elif p.type.value == "bool":
            typed[k] = v == "yes"
        elif p.type.value == "list":
            typed[k] = tuple(v.split(","))
        else:
            typed[k] = v
    before = RULES.fingerprint(state)
    try:
        apply(RULES, state, seat, Action.of(kind, **typed))
    except RuleError as err:
        assert err.section, f"refusal without a section: {err}"
        assert err.legal is not None or err.code == "game_over", f"refusal without what is legal: {err}"
        assert RULES.fingerprint(state) == before, f"refused {kind} {typed} changed the state"


def test_each_legal_command_of_phases_5_to_7_is_accepted(states):
    """Every command the engine lists as legal in Movement, Invaders and Battles applies without a refusal."""
    for base in states:
        if base.data.flow.phase not in (5, 6, 7):
            continue
        for d in [d for d in RULES.pending(base) if d.blocking]:
            for action in RULES.legal(base, d.seats[0])[:12]:
                state = RULES.copy(base)
                apply(RULES, state, d.seats[0], action)


def test_public_view_and_events_hide_hands_money_and_troop_types(states):
    for state in states:
        twin = RULES.copy(state)
        RULES.permute_hidden(twin, random.Random(5))
        assert canonical(RULES.view(twin, None)) == canonical(RULES.view(state, None))
        public = RULES.view(state, None)
        assert "me" not in public
        for city in public["cities"].values():
            # a battle turns troops face up (FAQ) until they move again
            assert all("types" not in t or t["revealed"] for t in city["troops"].values())
        for _seat, p in state.data.players.items():
            for card in p.hand:
                assert card not in str({k: v for k, v in public.items() if k != "decks"})


def test_simulate_a_few_whole_games_with_checks():
    for players, seed in ((2, 21), (3, 22), (4, 23)):
        playout = Playout(RULES, [f"p{k + 1}" for k in range(players)], seed)
        state = playout.run()
        assert RULES.result(state) is not None
        assert state.data.flow.round >= 5
        assert set(RULES.result(state).winners) <= set(state.data.players)
