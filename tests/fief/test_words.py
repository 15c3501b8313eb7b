"""Fief's words over random games: every event kind told, every decision asked, every line free
of engine-speak, public lines independent of hidden facts (engine/fief/words, issue 10)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from engine.core import Action, Audience
from engine.core.words import humanize
from engine.fief import RULES
from engine.fief.actions import ACTIONS
from tests.fief.words_playout import Transcript, play
from tests.speech import engine_speak

ROOT = Path(__file__).resolve().parents[2]
WORDS = RULES.words()
GAMES = [(seed, players) for players in (2, 3, 4) for seed in (11, 12)]


@pytest.fixture(scope="module")
def transcripts() -> list[Transcript]:
    return [play(seed, players) for seed, players in GAMES]


# -- coverage -------------------------------------------------------------------------------------
def _emitted_kinds() -> tuple[set[str], set[str]]:
    """Event kinds Fief can emit, read from the source: literal kinds, and the fixed parts of
    kinds built with f-strings (``battle.end.{how}``, ``{via}.journey``, ``offer.{how}``)."""
    files = sorted((ROOT / "engine" / "fief").rglob("*.py")) + [
        ROOT / "engine" / "core" / f for f in ("rng.py", "requests.py", "offers.py", "secret.py", "reactions.py")]
    literal: set[str] = set()
    patterns: set[str] = set()
    for path in files:
        if "words" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            f = node.func
            if f.attr == "_emit" or (f.attr in ("public", "private") and isinstance(f.value, ast.Name)
                                     and f.value.id == "Event"):
                idx = 1 if f.attr == "private" else 0
                if len(node.args) <= idx:
                    continue
                inside = {id(v) for sub in ast.walk(node.args[idx]) if isinstance(sub, ast.JoinedStr)
                          for v in sub.values}
                for sub in ast.walk(node.args[idx]):
                    if isinstance(sub, ast.JoinedStr):
                        patterns.add("".join(str(v.value) if isinstance(v, ast.Constant) else "*" for v in sub.values))
                    elif isinstance(sub, ast.Constant) and isinstance(sub.value, str) and "." in sub.value \
                            and id(sub) not in inside:
                        literal.add(sub.value)
    return literal, patterns


def _battle_endings() -> set[str]:
    """The ``how`` of every ``finish(...)`` call: each becomes a ``battle.end.<how>`` event."""
    text = "".join(p.read_text() for p in sorted((ROOT / "engine" / "fief" / "war" / "battle").glob("*.py")))
    text += (ROOT / "engine" / "fief" / "war" / "play.py").read_text() + (ROOT / "engine" / "fief" / "war" / "invaders.py").read_text()
    return set(re.findall(r'finish\(state, g, b, "(\w+)"', text))


def test_every_event_kind_fief_emits_has_a_teller_or_is_quiet() -> None:
    literal, patterns = _emitted_kinds()
    told = WORDS.told()
    assert literal, "the scan found no event kinds"
    missing = sorted(k for k in literal if k not in told)
    missing += sorted(f"battle.end.{how}" for how in _battle_endings() if f"battle.end.{how}" not in told)
    missing += sorted(f"{via}.journey" for via in ("sea", "sherwood", "royal") if f"{via}.journey" not in told)
    missing += sorted(f"offer.{how}" for how in ("declined", "withdrawn") if f"offer.{how}" not in told)
    assert not missing, f"event kinds without wording: {missing}"
    for p in patterns:
        fixed = p.replace("*", "")
        assert any(k.startswith(p.split("*")[0]) and k.endswith(p.split("*")[-1]) for k in told), \
            f"no teller matches kinds built as {p!r} ({fixed})"


def test_every_kind_seen_in_playouts_is_told(transcripts: list[Transcript]) -> None:
    seen = set().union(*(t.kinds for t in transcripts))
    assert not sorted(seen - WORDS.told())


def test_every_decision_seen_has_a_question(transcripts: list[Transcript]) -> None:
    prompts: dict[str, str] = {}
    for t in transcripts:
        prompts.update(t.prompts)
    assert {"fief.draw", "fief.play", "fief.purchase", "fief.move", "fief.battle"} <= set(prompts)
    for prompt, question in prompts.items():
        assert question and question != prompt and ("." not in prompt or prompt not in question), prompt
        assert question != "Your move.", f"{prompt} has only the fallback question"


def test_every_action_kind_has_its_own_label(transcripts: list[Transcript]) -> None:
    labelled = {where.removeprefix("label ") for t in transcripts for where, _ in t.lines if where.startswith("label ")}
    assert labelled, "no labels produced"
    state, _ = RULES.new_game(["p1", "p2", "p3"], {}, 1)
    for kind, spec in ACTIONS.items():
        args = {p.name: _sample(p.name, p.type) for p in spec.params}
        text = WORDS.label(state, "p1", Action.of(kind, **args), Audience())
        assert text and text != humanize(kind) and text != "Go ahead", kind
        assert not engine_speak(text), (kind, text)


def _sample(name: str, kind: object) -> object:
    values = {"card": "noble-estrid", "city": "York", "noble": "estrid", "deck": "fortune", "region": "IV",
              "units": ["knight@York"], "troops": ["knight"], "giver": "estrid", "receiver": "godfrey",
              "target": "p2", "captive": "godfrey", "amount": 2, "what": "mill", "abbey": "winter", "to": "York",
              "sender": "estrid", "offer": 1, "request": 1, "accept": True, "choice": "continue", "absorb": True,
              "pay": True, "family": "red", "side": "blue", "against": "blue", "army": "army-1", "tallage": "IV"}
    return values.get(name, 1 if str(kind) == "int" else True if str(kind) == "bool" else "York")


# -- engine-speak, hidden facts, order --------------------------------------------------------------
def test_no_line_shows_engine_speak(transcripts: list[Transcript]) -> None:
    bad = []
    for t in transcripts:
        for where, text in t.lines:
            if where.startswith("choice order"):
                continue
            hits = engine_speak(text)
            if hits:
                bad.append((where, text, hits))
    assert not bad[:10], f"{len(bad)} lines with engine-speak, e.g. {bad[:10]}"


def test_games_reach_battles_and_invaders(transcripts: list[Transcript]) -> None:
    kinds = set().union(*(t.kinds for t in transcripts))
    assert sum(t.battles for t in transcripts) > 0
    assert "battle.declared" in kinds and "invaders.landed" in kinds and "noble.died" in kinds


def test_public_lines_and_skipping_do_not_depend_on_hidden_facts(transcripts: list[Transcript]) -> None:
    assert not [m for t in transcripts for m in t.mismatches]


def test_done_and_pass_come_last(transcripts: list[Transcript]) -> None:
    for t in transcripts:
        for where, order in t.lines:
            if not where.startswith("choice order"):
                continue
            styles = order.split(";")
            if "pass" in styles and len(styles) > 1:
                first_pass = styles.index("pass")
                assert all(s == "pass" for s in styles[first_pass:]), (where, order)


def test_choices_that_open_a_flow_lead_somewhere(transcripts: list[Transcript]) -> None:
    assert not [1 for t in transcripts for where, text in t.lines if where == "flow" and text == ""]


def test_summaries_are_never_cut(transcripts: list[Transcript]) -> None:
    """A phase post tells the whole phase (the adapter sends what does not fit one message in the
    next): no "more lines of news in the log", and each line packs sentences to a readable length."""
    for t in transcripts:
        for where, text in t.lines:
            if where == "summary":
                assert "in the log" not in text, text
                assert len(text) <= 2 * 220, text


def test_every_nobles_death_reaches_its_owner(transcripts: list[Transcript]) -> None:
    assert sum(t.deaths for t in transcripts) > 0
    assert not [d for t in transcripts for d in t.deaths_untold]
