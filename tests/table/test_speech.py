"""Every line a player reads, from random games of both shipped games played through the table,
reads as written for a person (tests/speech.py): thread posts, DMs, prompts and their choice
labels, the steps of multi-part choices, ``/game hand``, ``/game status``, ``/game log``,
refusals, and the local table's output."""

from __future__ import annotations

import io
import random

import pytest

from bot.local.repl import LocalTable
from bot.table import Actor, Asked, FakeClock, Outgoing, Store, TableService
from bot.table import text as wording
from engine.core import RuleError
from tests.speech import engine_speak
from tests.table_traffic import play

GAMES = [("fief", 3, 1), ("fief", 4, 2), ("okc", 3, 1), ("okc", 2, 2)]


def message_texts(m: Outgoing) -> list[str]:
    """What people read of one queued message: its text, and each choice label and hint."""
    out = [wording.outgoing_text(m, now=1_800_000_000.0)]
    for c in m.payload.get("choices") or []:
        out += [c["label"], c.get("hint") or "", c.get("confirm") or ""]
    return out


@pytest.mark.parametrize("game,players,seed", GAMES)
def test_every_line_of_a_random_game_reads_as_written_for_people(game: str, players: int, seed: int) -> None:
    hits: list[str] = []

    def seen(m: Outgoing) -> None:
        for text in message_texts(m):
            for hit in engine_speak(text):
                hits.append(f"{m.kind} {m.payload.get('type')}: {hit} in {text[:160]!r}")

    t = play(game, players, seed, rounds=2, seen=seen)
    assert t.actions > 20
    assert not hits, "\n".join(hits[:30])


@pytest.mark.parametrize("game", ["fief", "okc"])
def test_replies_flows_and_the_local_table_read_as_written_for_people(tmp_path, game: str) -> None:
    """Hand, status, log, refusals and the steps of every offered flow, typed at the local table."""
    table = TableService(Store(tmp_path / "t.sqlite3"), clock=FakeClock())
    out = io.StringIO()
    local = LocalTable(table, out=out, boards_dir=tmp_path / "boards", channel="c", render=lambda *a: b"")
    lines = ["as Alice: /game new " + game + " players:3", "as Bob: /game join", "as Carol: /game join",
             "as Alice: /game start"]
    for line in lines:
        local.handle(line)
    rnd = random.Random(5)
    rules = table.rules_for(game)
    texts: list[str] = []
    for _ in range(60):
        state = table.state(1)
        awaited = sorted({s for d in rules.pending(state) if d.blocking for s in d.seats})
        if not awaited:
            break
        seat = rnd.choice(awaited)
        who = table.info(1).user_of(seat)
        assert who is not None
        actor = Actor(who.user_id, who.name)
        for cmd in ("/game hand", "/game status", "/game log"):
            local.handle(f"as {who.name}: {cmd}")
        # every flow offered: walk its steps, reading each question and option
        prompt = table.prompt(actor, "c")
        for i, c in enumerate(prompt["choices"]):
            if c.get("flow"):
                path = [[i]]
                for _step in range(6):
                    try:
                        asked = table.choose(actor, "c", version=prompt["version"], path=path)
                    except RuleError as err:  # a path the rules refuse: its refusal is read too
                        texts.append(err.describe())
                        break
                    if not isinstance(asked, Asked) or asked.confirm:
                        break
                    texts += [asked.question] + [f"{label} {hint}" for label, hint in asked.options]
                    if not asked.options:
                        break
                    path = [*path, [0] if not asked.multi else list(range(min(asked.max_values, 1)))]
                break  # one flow walked per turn is plenty; the action itself is played below
        n = rnd.randrange(len(prompt["choices"])) + 1
        local.handle(f"as {who.name}: choose {n}")
        for _step in range(6):  # finish a flow by its first options
            if who.name.lower() not in local.flows:
                break
            local.handle(f"as {who.name}: choose 1" if rnd.random() < 0.9 else f"as {who.name}: choose yes")
        local.flows.clear()
    for line in ("as Dora: /game hand", "as Dora: /game status", "as Alice: /game log last:30"):
        local.handle(line)
    texts += out.getvalue().splitlines()
    hits = [f"{h} in {t[:160]!r}" for t in texts for h in engine_speak(t)]
    assert not hits, "\n".join(hits[:30])
