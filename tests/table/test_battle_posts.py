"""Fief battles as they happen: the thread's battle post is made when the battle begins and edited
round by round (one stable ``post`` key), and each side is told every round by DM as it is rolled
(the dice, the hits, the losses, what is left), from public events only (7.0-7.8).

The worked example of 7.1 (an allied attack at Coventry, two rounds) is played step by step and
each step's outbox rows are built as the table builds them (:func:`bot.table.outbox.after_action`)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bot.table import outbox as ob
from bot.table.text import timed_out_line
from engine.core import Event, GameState, Rules, apply
from engine.scenario import COMMAND, Scenario, parse
from tests.speech import assert_human

SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "fief" / "ex_7_1_allied_attack.json"
NAMES = {"kirsten": "Kirsten", "dave": "Dave", "george": "George", "david": "David"}


def steps_of(permute: int | None = None) -> Iterator[tuple[int, Rules, GameState, GameState, str, list[Event]]]:
    """The scenario played step by step, as its set-up then each command: (step number, rules, state before,
    state after, seat, events); ``permute`` scrambles the hidden facts first."""
    sc = Scenario.load(SCENARIO)
    spec = dict(sc.spec)
    steps = spec.pop("steps")
    sc.spec = {**spec, "steps": []}
    sc.run()
    rules, state = sc.rules, sc.state
    if permute is not None:
        rules.permute_hidden(state, random.Random(permute))
    for i, step in enumerate(steps):
        step = {"do": step} if isinstance(step, str) else step
        if "force" in step:
            state.rng.force(*step["force"])
        m = COMMAND.match(step["do"])
        assert m is not None
        before = rules.copy(state)
        yield i + 1, rules, before, state, m.group(1), apply(rules, state, m.group(1), parse(m.group(2), rules.actions))


def walk(permute: int | None = None) -> list[list[ob.Message]]:
    """The outbox rows of each step of the scenario (``permute``: hidden facts scrambled first)."""
    since: list[Event] = []
    out = []
    for i, rules, before, state, _, events in steps_of(permute):
        out.append(ob.after_action(ob.Turn(game_id=7, prefix=f"g7.e0.s{i}", rules=rules, state=state,
                                           before=before, events=events, phase_events=list(since),
                                           names=NAMES, due={})))
        since += events
    return out


def battle_rows(rows: list[ob.Message]) -> tuple[list[dict[str, Any]], dict[str, list[str]]]:
    posts = [m.payload for m in rows if m.kind == ob.CHANNEL_POST and m.payload.get("type") == "battle"]
    dms = {m.recipient[5:]: m.payload["lines"] for m in rows if m.kind == ob.DM and m.payload.get("type") == "battle"}
    return posts, dms


def test_the_battle_post_is_made_when_the_battle_begins_and_edited_each_round() -> None:
    steps = walk()
    posts = [battle_rows(rows)[0] for rows in steps]
    assert posts[3] == []  # Red's choice alone waits for Blue's: nothing new to tell
    posts = [p for p in posts if p]
    assert all(len(p) == 1 for p in posts), posts  # every other step of this battle changes its post
    keys = {p[0]["post"] for p in posts}
    assert len(keys) == 1  # one post, edited in place
    first, last = posts[0][0], posts[-1][0]
    assert not first["done"] and last["done"]
    assert first["lines"][0] == "Battle at Coventry: Red (Kirsten) attacks Blue (Dave), who holds the city."
    assert "Round 1." in " ".join(first["lines"]) and "rolls a blank for no hit" in " ".join(first["lines"])
    assert "Left: Lord William with 1 Knight for Red; Lord Walter with 2 Men-at-Arms for Blue." in first["lines"][-1]
    # ``new`` is what each version adds to the one before (a round under way is told again, grown)
    for a, b in zip(posts, posts[1:], strict=False):
        assert b[0]["new"] == [line for line in b[0]["lines"] if line not in a[0]["lines"]]
    round_one = posts[2][0]["new"][0]
    assert round_one.startswith("Round 1. Melee: Red rolls a blank for no hit; Blue rolls a blank for no hit. "
                                "Green joins Blue. Green joins Red. Left:")
    assert round_one in last["lines"]
    assert last["lines"][-2:] == ["Red (Kirsten) wins the battle at Coventry against Blue (Dave).",
                                  "Red (Kirsten) takes Coventry."]
    assert any("Round 2. Melee: Red rolls 3 and 2 for 5 hits; Blue rolls a blank for no hit. Blue loses 2 "
               "Men-at-Arms. Lord Walter falls." in line for line in last["new"])
    for p in posts:
        for line in p[0]["lines"]:
            assert_human(line, "battle post")


def test_battle_reports_go_to_the_thread_and_to_each_side_by_dm() -> None:
    rows = [m for step in walk() for m in step if m.payload.get("type") == "battle"]
    posts = [m for m in rows if m.kind == ob.CHANNEL_POST]
    assert posts and all(m.recipient == "channel" and m.payload["game_id"] == 7 for m in posts)
    dms = [m for m in rows if m.kind == ob.DM]
    assert dms and all(m.recipient == f"seat:{m.payload['seat']}" for m in dms)
    assert all(m.key.startswith("g7.e0.s") and ".battle." in m.key for m in rows)


def test_the_question_after_a_round_carries_its_dice_and_what_is_left() -> None:
    sc = Scenario.load(SCENARIO)
    first = sc.spec["steps"][0]
    sc.spec = {**sc.spec, "steps": []}
    sc.run()
    rules, state = sc.rules, sc.state
    state.rng.force(*first["force"])
    apply(rules, state, "kirsten", parse("battle city:Coventry against:blue", rules.actions))
    [d] = [d for d in rules.pending(state) if "kirsten" in d.seats]
    assert rules.words().question(state, d, "kirsten", ob.Audience("kirsten", NAMES)) == (
        "Battle at Coventry after round 1: Dice this round: you rolled a blank; Blue rolled a blank. You have Lord "
        "William with 1 Knight; Blue has Lord Walter with 2 Men-at-Arms. Fight on, or end it?")


def test_both_sides_are_told_each_round_by_dm_as_it_is_rolled() -> None:
    steps = walk()
    _, dms = battle_rows(steps[0])
    assert set(dms) == {"kirsten", "dave"}  # the two sides; Green has not joined yet
    for lines in dms.values():
        told = " ".join(lines)
        assert "Red rolls a blank for no hit; Blue rolls a blank for no hit" in told  # the dice and hits
        assert "Left: Lord William with 1 Knight for Red; Lord Walter with 2 Men-at-Arms for Blue." in told
    _, dms = battle_rows(steps[1])
    assert set(dms) == {"kirsten", "dave", "george"}  # Green joined: now a side too
    _, dms = battle_rows(steps[-1])
    assert set(dms) == {"kirsten", "dave", "george"}
    for lines in dms.values():
        assert lines[0].startswith("Battle at Coventry: ") and "Blue" in lines[0]  # which battle
        assert not any(line.startswith("Round 1.") for line in lines)  # told already
        told = " ".join(lines)
        assert "Red rolls 3 and 2 for 5 hits" in told and "Blue loses 2 Men-at-Arms" in told
        assert "nothing for Blue" in told
    # Each side reads its own part as "you"; the ally reads the thread's words.
    assert dms["kirsten"][0].startswith("Battle at Coventry: you (Red) attack Blue (Dave)")
    assert "You win the battle at Coventry against Blue (Dave). You (Red) take Coventry." in " ".join(dms["kirsten"])
    assert dms["dave"][0].startswith("Battle at Coventry: Red (Kirsten) attacks you (Blue)")
    assert "Red (Kirsten) wins the battle at Coventry against you." in " ".join(dms["dave"])
    assert "Red (Kirsten) takes Coventry." in " ".join(dms["george"])
    assert "david" not in dms  # not in the battle: nothing by DM


def test_battle_posts_and_dms_read_only_public_facts() -> None:
    plain = [battle_rows(rows) for rows in walk()]
    for seed in (1, 2, 3):
        assert [battle_rows(rows) for rows in walk(permute=seed)] == plain


def test_losses_the_table_chose_for_an_absent_player_are_said_to_both_sides() -> None:
    """7.4's worked example: Green's five hits fall on Red, whose player does not answer; the table
    plays the default allotment, and both sides read that time ran out and what it chose."""
    sc = Scenario.load(SCENARIO.parent / "ex_7_4_five_hits.json")
    first = sc.spec["steps"][0]
    sc.spec = {**sc.spec, "steps": []}
    sc.run()
    rules, state = sc.rules, sc.state
    state.rng.force(*first["force"])
    since = apply(rules, state, "george", parse("battle city:Oxford against:red", rules.actions))
    [d] = [d for d in rules.pending(state) if "kirsten" in d.seats]
    question = rules.words().question(state, d, "kirsten", ob.Audience("kirsten", NAMES))
    assert question.startswith("Battle at Oxford: your side takes 5 hits. Dice this round: you rolled a blank; "
                               "Green rolled 3, 2 and a blank. You have Lady Lucia and Lord William "
                               "with 1 Knight and 1 Man-at-Arms")
    assert "; Green has Lord Arthur with 5 Knights" in question and question.endswith("Choose your losses.")
    default = d.default_for("kirsten")
    assert default is not None
    before = rules.copy(state)
    events = apply(rules, state, "kirsten", default)
    said = timed_out_line("Kirsten", [rules.words().label(before, "kirsten", default, ob.Audience(None, NAMES))])
    rows = ob.after_action(ob.Turn(game_id=7, prefix="g7.e0.s2", rules=rules, state=state, before=before,
                                   events=events, phase_events=since, names=NAMES, due={}, defaulted=said))
    posts, dms = battle_rows(rows)
    assert set(dms) == {"kirsten", "george"}
    for lines in dms.values():
        assert lines[-1] == said and said.startswith("Time ran out for Kirsten: the table chose Lose ")
        assert any("Red loses" in line for line in lines)
    assert posts[0]["done"] and said not in posts[0]["lines"]  # the thread reads it in the phase post


def test_the_log_entry_of_a_battle_round_is_whole() -> None:
    """`/game log` tells a round's every volley, loss and the taking of the city, never "And 3 more events"."""
    entries = [rules.words().log_line(state, seat, events, ob.Audience(None, NAMES))
               for _, rules, _, state, seat, events in steps_of()]
    last = entries[-1]
    assert "more event" not in " ".join(entries)
    for said in ("Lord Walter", "Coventry"):
        assert said in last
    assert_human(last)


def test_a_city_handed_over_after_the_battle_is_not_the_battle_s_news() -> None:
    """Once a battle has ended, a later action in the same city (its new holder handing it on) neither
    edits the battle post nor sends its sides a DM: the phase post tells it."""
    sc = Scenario.load(SCENARIO)
    sc.run()
    rules, state = sc.rules, sc.state
    phase = [e for e in sc.all_events if e.to is None]
    assert any(e.kind == "battle.ended" for e in phase)
    handed = [Event.public("city.control", city="Coventry", family="blue", before="red")]
    turn = ob.Turn(game_id=7, prefix="g7.e0.s99", rules=rules, state=state, before=rules.copy(state), events=handed,
                   phase_events=phase, names=NAMES, due={})
    assert ob.battle_posts(turn, rules.words(), ob.Audience(None, NAMES), "Round 1", phase, handed) == []
