"""Passes for seats with no choice: applied at once through the store like any action (source
``skip``, replayable), never prompted, and never dependent on hidden facts."""

from __future__ import annotations

import json
import random

import pytest

from bot.table import Actor, FakeClock, Store, TableService, is_irreversible
from bot.table.service import skippable
from engine import registry
from engine.core import Event, apply
from engine.playout import pick


@pytest.mark.parametrize("game,seed", [("fief", 1), ("fief", 2), ("okc", 1), ("okc", 3)])
def test_skipping_never_depends_on_hidden_facts(game: str, seed: int) -> None:
    """Along a random game, what the table would pass for is the same whatever the hidden facts."""
    from engine import games as _shipped  # noqa: F401

    rules = registry.get(game)
    words = rules.words()
    state, _ = rules.new_game(["a", "b", "c"], {}, seed)
    agent, shuffler = random.Random(seed), random.Random(seed + 100)
    checked = 0
    for _ in range(400):
        if rules.result(state) is not None:
            break
        found = skippable(rules, words, state)
        for _trial in range(3):
            other = rules.copy(state)
            rules.permute_hidden(other, shuffler)
            assert skippable(rules, words, other) == found, f"skipping at {rules.phase(state)} depends on hidden facts"
        checked += 1
        awaited = sorted({s for d in rules.pending(state) if d.blocking for s in d.seats})
        if not awaited:
            break
        seat = agent.choice(awaited)
        legal = rules.legal(state, seat)
        if not legal:
            break
        apply(rules, state, seat, pick(rules, state, seat, legal, agent))
    assert checked > 30


def test_skipped_seats_get_no_prompt_and_the_log_replays(tmp_path) -> None:
    """In random Fief games the table passes for seats with no choice: stored with source skip,
    never prompted for that decision, and a cold reload (replay of the log) reaches the same state."""
    table = TableService(Store(tmp_path / "t.sqlite3"), clock=FakeClock())
    rules = table.rules_for("fief")
    skips = 0
    try:
        for seed in (1, 2, 3):
            people = [Actor(f"u{i}", n) for i, n in enumerate(("Alice", "Bob", "Carol"))]
            channel = f"c{seed}"
            gid = table.new_game(people[0], channel, "fief", players=3, seed=seed).game.id  # type: ignore[union-attr]
            for p in people[1:]:
                table.join(p, channel)
            table.start(people[0], channel)
            by_seat = {s.seat: people[[x.user_id for x in people].index(s.user_id)] for s in table.info(gid).seats}
            agent = random.Random(seed)
            for _ in range(150):
                state = table.state(gid)
                awaited = sorted({s for d in rules.pending(state) if d.blocking for s in d.seats})
                if not awaited or rules.result(state) is not None:
                    break
                assert skippable(rules, rules.words(), state) is None  # the table never waits on a skip
                seat = agent.choice(awaited)
                table.act(by_seat[seat], channel, None, pick(rules, state, seat, rules.legal(state, seat), agent))
            rows = table.store.actions(gid)
            mine = [r for r in rows if r.source == "skip"]
            skips += len(mine)
            assert all(r.user_id is None for r in mine)
            live = rules.fingerprint(table.state(gid))
            table.loaded_games.clear()
            assert rules.fingerprint(table.state(gid)) == live  # replayed from the log, skips included
            prompts = [m for m in table.pending_outbox(10000, gid) if m.payload.get("type") == "prompt"
                       and m.payload.get("fresh")]
            assert prompts
    finally:
        table.close()
    assert skips > 0


def test_undo_takes_back_a_players_action_with_the_passes_it_caused(tmp_path) -> None:
    """Undo counts what people played: the table's passes after an action go with it."""
    table = TableService(Store(tmp_path / "t.sqlite3"), clock=FakeClock())
    rules = table.rules_for("fief")
    gm = Actor("u0", "Alice")
    try:
        people = [gm, Actor("u1", "Bob"), Actor("u2", "Carol")]
        gid = table.new_game(gm, "c", "fief", players=3, seed=2).game.id  # type: ignore[union-attr]
        for p in people[1:]:
            table.join(p, "c")
        table.start(gm, "c")
        by_seat = {s.seat: people[[x.user_id for x in people].index(s.user_id)] for s in table.info(gid).seats}
        agent = random.Random(2)
        for _ in range(300):
            rows = table.store.actions(gid)
            if rows and rows[-1].source == "skip" and rows[-2].source != "skip":
                break
            state = table.state(gid)
            awaited = sorted({s for d in rules.pending(state) if d.blocking for s in d.seats})
            seat = agent.choice(awaited)
            table.act(by_seat[seat], "c", None, pick(rules, state, seat, rules.legal(state, seat), agent))
        rows = table.store.actions(gid)
        assert rows[-1].source == "skip"
        mover = next(r for r in reversed(rows) if r.source != "skip")
        assert not any(is_irreversible(e) for r in rows if r.seq >= mover.seq  # (this seed's action drew nothing)
                       for e in map(Event.from_json, json.loads(r.events)))
        table.undo(gm, "c", count=1)
        assert table.info(gid).seq == mover.seq - 1
    finally:
        table.close()


def test_the_table_passes_only_for_a_seat_whose_one_answer_is_its_default() -> None:
    """Even where the game allows skipping, a seat with a real choice (shield or pass) is asked."""
    from engine.core import Action
    from tests.games.tribute import RULES, TributeWords

    class Skipping(TributeWords):
        def skippable(self, state, decision, seat):  # type: ignore[no-untyped-def]
            return True

    state, _ = RULES.new_game(["alice", "bob"], {}, 7)
    apply(RULES, state, "alice", Action.of("bid", card=5))
    apply(RULES, state, "bob", Action.of("bid", card=1))   # alice wins: bob may shield (a coin) or pass
    assert skippable(RULES, Skipping(), state) is None
    state.data.players["bob"].coins = 0   # no coin: passing is all he can do
    assert skippable(RULES, Skipping(), state) == ("bob", Action.of("pass"))
    assert skippable(RULES, TributeWords(), state) is None   # a game that never skips is always asked


def test_a_seat_with_no_choice_at_the_start_is_passed_for_and_the_pass_is_in_the_log(tmp_path) -> None:
    """The table's passes right at ``/game start`` are stored like any later ones (source skip), so
    a cold reload replays them."""
    from engine.core import Action
    from tests.games.tribute import Player, TributeRules, TributeWords

    class Skipping(TributeWords):
        def skippable(self, state, decision, seat):  # type: ignore[no-untyped-def]
            return True

    class OneCard(TributeRules):
        """Tribute where the second seat starts with one card and no coin: its bid is its only answer."""

        def setup(self, state):  # type: ignore[no-untyped-def]
            super().setup(state)
            state.data.players[state.seats[1]] = Player(hand=[4], coins=0)

        def words(self):  # type: ignore[no-untyped-def]
            return Skipping()

    rules = OneCard()
    table = TableService(Store(tmp_path / "t.sqlite3"), clock=FakeClock(), games=[rules], load_registered=False)
    try:
        alice, bob = Actor("u0", "Alice"), Actor("u1", "Bob")
        gid = table.new_game(alice, "c", "tribute", players=2, seed=7).game.id  # type: ignore[union-attr]
        table.join(bob, "c")
        table.start(alice, "c")
        second = table.info(gid).seats[1].seat
        rows = table.store.actions(gid)
        assert [(r.seq, r.seat, r.action, r.source) for r in rows] == [
            (1, second, Action.of("bid", card=4).dumps(), "skip")]
        assert table.store.snapshot_seqs(gid) == [0]   # the pass left the phase as it was: no snapshot of its own
        live = rules.fingerprint(table.state(gid))
        table.loaded_games.clear()
        assert rules.fingerprint(table.state(gid)) == live
    finally:
        table.close()
