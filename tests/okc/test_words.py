"""OKC's wording (engine/okc/words/): every event kind, decision and action kind has words; every
line of random games reads as a person would write it; public lines never depend on hidden facts."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from engine.core import Audience, Decision, DecisionKind, Event, apply, public_events
from engine.okc import RULES
from engine.okc.actions import ACTIONS, TIMING
from engine.okc.play import HANDLERS
from engine.okc.state import Choice
from engine.okc.words.prompts import choice_question
from engine.okc.words.wording import WORDS, OkcWords
from tests.okc.helpers import game
from tests.okc.words_games import GAMES, Moment, audience, lines, play
from tests.speech import assert_human

ENGINE = Path(__file__).parents[2] / "engine"
EMITTED = re.compile(r"Event\.(?:public|private)\((?:[^\"()]*,\s*)?\"([a-z_.]+)\"")
ASKED = re.compile(r"(?:\bask\(\s*g|_hand_choice\(\s*state),\s*seat,\s*\"([a-z_]+)\"")


def okc_sources() -> list[Path]:
    return sorted((ENGINE / "okc").rglob("*.py"))


def emitted_kinds() -> set[str]:
    """Event kinds written in engine/okc, plus the core kinds OKC sets off (secret choices, draws)."""
    kinds = {k for p in okc_sources() for k in EMITTED.findall(p.read_text())}
    return kinds | {"secret.submitted", "secret.chosen", "secret.revealed", "random.shuffle", "random.pick"}


def choice_kinds() -> set[str]:
    return {k for p in okc_sources() for k in ASKED.findall(p.read_text())}


def test_the_scan_finds_the_kinds() -> None:
    kinds = emitted_kinds()
    assert {"okc.clash", "okc.drew.cards", "okc.night_map", "okc.bottomed.card"} <= kinds
    assert {"discard", "ambush", "acquire", "move_herald"} <= choice_kinds()


def test_every_emitted_event_kind_is_told_or_quiet() -> None:
    missing = sorted(emitted_kinds() - WORDS.told())
    assert not missing, f"event kinds without wording: {missing}"


def test_a_new_kind_without_wording_is_caught() -> None:
    assert "okc.brand_new" not in OkcWords().told()


@pytest.mark.parametrize("modules", ["", "night_map"])
def test_kinds_seen_in_playouts_are_told(modules: str) -> None:
    seen: set[str] = set()
    for seed in range(3):
        _, events = play(2 + seed, 4, modules, 100 + seed)
        seen |= {e.kind for e in events}
    assert not seen - WORDS.told(), sorted(seen - WORDS.told())


def test_shuffles_are_quiet() -> None:
    state = game(2)
    assert WORDS.event(state, Event.public("random.shuffle", why="deck", size=9), audience(state)) is None


def decision_prompts() -> set[str]:
    text = (ENGINE / "okc" / "actions.py").read_text()
    literal = set(re.findall(r"\"(okc\.[a-z_]+)\"", text))
    return literal | {f"okc.{s}" for s in ("bid", "region_cards", "tie", *TIMING)}


def test_every_decision_has_a_real_question() -> None:
    state = game(2)
    aud = audience(state)
    for prompt in sorted(decision_prompts()):
        d = Decision("x", DecisionKind.SEQUENTIAL, ("p1",), prompt)
        asked = WORDS.question(state, d, "p1", aud.to("p1"))
        assert asked != "What do you do?" and asked.endswith(("?", ".")), prompt
        assert_human(asked, prompt)


@pytest.mark.parametrize("kind", sorted(choice_kinds()))
def test_every_effect_choice_has_a_real_question(kind: str) -> None:
    state = game(2)
    g = state.data
    g.choice = Choice("p1", kind, "", ["done"], True, 2, {"amount": 2, "what": "lore", "target": "hand"},
                      {"region": "plateau", "card": "nobility.c7"})
    asked = choice_question(state, "p1", WORDS.choice_questions)
    assert asked != "An effect waits on your choice.", kind
    assert_human(asked, kind)


def test_playouts_meet_every_decision_and_action_kind() -> None:
    prompts: set[str] = set()
    labelled: dict[str, str] = {}

    def visit(m: Moment) -> None:
        prompts.add(m.decision.prompt)
        for a in m.legal:
            if a.kind not in labelled:
                labelled[a.kind] = WORDS.label(m.state, m.seat, a, audience(m.state).to(m.seat))

    for players, length, modules, seed in GAMES[:3]:
        play(players, length, modules, seed, visit)
    assert decision_prompts() <= prompts
    # Allies come only from modules not played yet: test_allies labels their two actions from a set-up game.
    assert set(HANDLERS) - {"ally", "ally_place"} <= set(labelled), sorted(set(HANDLERS) - set(labelled))
    for kind, text in labelled.items():
        assert text != ACTIONS[kind].doc, f"{kind} is labelled by its command help"


@pytest.mark.parametrize("players,length,modules,seed", GAMES)
def test_every_line_of_a_random_game_reads_as_prose(players: int, length: int, modules: str, seed: int) -> None:
    count = 0
    for where, text in lines(players, length, modules, seed):
        assert text, f"an empty line from {where}"
        assert_human(text, where)
        count += 1
    assert count > 1000


def test_hidden_facts_change_no_public_line() -> None:
    """Public sentences, summaries, clash reports, log lines and skipping read only public facts:
    scrambling hands, decks and face-down cards leaves them byte for byte the same."""
    rnd = random.Random(5)
    checked = {"skip": 0, "events": 0, "summary": 0}

    def visit(m: Moment) -> None:
        state = m.state
        twin = RULES.copy(state)
        RULES.permute_hidden(twin, random.Random(rnd.random()))
        for d in m.decisions:
            for seat in d.seats:
                assert WORDS.skippable(state, d, seat) == WORDS.skippable(twin, d, seat), d.prompt
                checked["skip"] += 1
        pub = audience(state)
        if m.phase_events:
            said = WORDS.phase_summary(state, "", m.phase_events, pub)
            assert said == WORDS.phase_summary(twin, "", m.phase_events, pub)
            for battle in WORDS.battle_events(m.phase_events):
                assert WORDS.battle_report(state, battle, pub) == WORDS.battle_report(twin, battle, pub)
            checked["summary"] += 1
        probe = RULES.copy(state)
        try:
            mine = apply(RULES, probe, m.seat, m.action)
            theirs = apply(RULES, twin, m.seat, m.action)
        except Exception:
            return
        reveal = set(RULES.reveal_events)
        for a, b in zip(public_events(mine), public_events(theirs), strict=False):
            if a.kind in reveal:
                break
            assert WORDS.event(probe, a, pub) == WORDS.event(twin, b, pub), a.kind
            checked["events"] += 1
        cut = next((i for i, e in enumerate(mine) if e.kind in reveal), len(mine))
        cut_b = next((i for i, e in enumerate(theirs) if e.kind in reveal), len(theirs))
        assert WORDS.log_line(probe, None, mine[:cut], pub) == WORDS.log_line(twin, None, theirs[:cut_b], pub)

    for players, length, modules, seed in [(2, 4, "", 21), (3, 4, "night_map", 22), (4, 5, "", 23)]:
        play(players, length, modules, seed, visit)
    assert all(n > 50 for n in checked.values()), checked


def test_skipping_happens_only_when_passing_is_all_there_is() -> None:
    skipped = 0

    def visit(m: Moment) -> None:
        nonlocal skipped
        for d in m.decisions:
            for seat in d.seats:
                if WORDS.skippable(m.state, d, seat):
                    skipped += 1
                    assert [a.kind for a in RULES.legal(m.state, seat)] == ["pass"]

    for players, length, modules, seed in GAMES[:3]:
        play(players, length, modules, seed, visit)
    assert skipped > 10


def test_public_audience_is_never_you() -> None:
    state, events = play(2, 4, "", 31)
    pub = audience(state)
    for e in events:
        if e.to is None:
            line = WORDS.event(state, e, pub)
            assert line is None or not re.search(r"\b[Yy]ou(r)?\b", line), line


def test_the_seat_concerned_reads_you() -> None:
    state = game(2)
    aud = Audience("p1", {"p1": "Alice", "p2": "Bob"})
    e = Event.public("okc.herald", seat="p1", location="castle")
    assert WORDS.event(state, e, aud) == "You send your Herald to the Castle (Highlands)."
    assert WORDS.event(state, e, aud.public()) == "The Nobility (Alice) send their Herald to the Castle (Highlands)."


def test_phase_summaries_take_at_least_three_lines_and_are_never_cut() -> None:
    """A phase post says at least three things (the news, the standings, the order of play or the road), and
    however much happened it is never cut (the adapter splits what does not fit one message)."""
    sizes: list[int] = []

    def after(m: Moment, new: list[Event]) -> None:
        before = WORDS.phase_title(m.state)
        if RULES.result(m.state) is None and m.phase_events and before != title[0]:
            sizes.append(len(WORDS.phase_summary(m.state, title[0], m.phase_events + new, audience(m.state))))
        title[0] = before

    title = [""]
    play(3, 4, "", 41, None, after)
    assert sizes and all(n >= 3 for n in sizes), sizes
