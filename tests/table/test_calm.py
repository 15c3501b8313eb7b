"""A calm thread (issue 33): the status message is edited only when what it says changes, the
decisions the table takes for an absent player are folded into the phase post (one line per
player, not one post each), and a phase post is never cut ("more lines in the log"): what does not
fit one message goes on in the next."""

from __future__ import annotations

import re
from typing import Any

from bot.discord import present
from bot.table import CHANNEL_POST, STATUS_EDIT, Outgoing
from bot.table import outbox as ob
from bot.table.text import outgoing_text, timed_out_line
from engine.core import Action
from engine.fief.words.summary import _pack
from tests.table.conftest import ALICE, CHAN, start_game
from tests.table_traffic import play

HOUR = 3600.0


def test_the_status_message_is_edited_only_when_what_it_says_changes() -> None:
    rows: list[Outgoing] = []
    t = play("fief", 3, 5, 1, seen=lambda m: rows.append(m) if m.kind == STATUS_EDIT else None)
    said = [{k: v for k, v in m.payload.items() if k != "version"} for m in rows]
    assert said and all(a != b for a, b in zip(said, said[1:], strict=False)), "an edit that changes nothing"
    assert len(rows) < t.actions / 2  # most actions change nothing the status says (a phase, who, until when)


def test_a_status_that_reads_the_same_is_not_queued_again(table) -> None:
    gid = start_game(table)
    for m in table.pending_outbox(1000):
        table.mark_delivered(m.id)
    row = table.game_row(gid)
    state = table.load_state(row)
    rules = table.rules_for(row.game)
    again = ob.status_message(f"g{gid}.again", gid, rules, state, None, table.due_map(gid), "active",
                              table.seat_names(gid))
    table.queue(gid, [again])
    assert [m for m in table.pending_outbox(1000) if m.kind == STATUS_EDIT] == []
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=5))  # alice answers: the status now waits on bob alone
    [status] = [m for m in table.pending_outbox(1000) if m.kind == STATUS_EDIT]
    assert [w["seat"] for w in status.payload["waiting"]] == ["bob"]


def test_defaults_are_folded_into_the_phase_post() -> None:
    posts: list[dict[str, Any]] = []
    t = play("fief", 3, 4, 2, absent="Carol",
             seen=lambda m: posts.append(m.payload) if m.kind == CHANNEL_POST else None)
    assert t.timeouts >= 3
    assert not [p for p in posts if p.get("type") == "deadline"]  # no post of its own
    folded = [line for p in posts if p.get("type") == "phase" for line in p.get("timed_out") or []]
    shape = re.compile(r"Time ran out for carol( twice| \d+ times)?: the table (chose .+|played the default "
                       r"answer( each time)?)\.", re.I)
    assert folded and all(shape.fullmatch(line) for line in folded), folded
    counted = sum(1 if " twice" not in line and " times" not in line else 2 if " twice" in line
                  else int(re.search(r" (\d+) times", line)[1])  # type: ignore[index]
                  for line in folded)
    assert counted <= t.timeouts
    assert any(" twice" in line for line in folded)  # two defaults of a phase, one line
    assert "Time ran out for Carol: the table chose Done buying." in folded  # a public choice, named
    for p in posts:
        if p.get("type") == "phase":
            assert len(p.get("timed_out") or []) <= 1  # one line per absent player and phase


def test_the_line_of_a_default_names_a_public_choice_only() -> None:
    assert timed_out_line("alice", ["Pass", "Pass"]) == "Time ran out for alice twice: the table chose Pass each time."
    assert timed_out_line("bob", ["Done drawing"]) == "Time ran out for bob: the table chose Done drawing."
    assert timed_out_line("bob", ["Pass", "Done moving", "Pass"]) == (
        "Time ran out for bob 3 times: the table chose Pass and Done moving.")
    assert timed_out_line("carol", [None, "Pass"]) == (
        "Time ran out for carol twice: the table played the default answer each time.")


def test_a_long_phase_post_is_never_cut() -> None:
    sentences = [f"Red (Alice) moves Lord Number{i} to York by a long and winding road." * 3 for i in range(30)]
    lines = _pack(["Lord Hugh dies at York."], sentences)
    assert len(lines) == 31 and not any("in the log" in line for line in lines)
    m = Outgoing(1, 1, "k", CHANNEL_POST, "1", None, None,
                 {"type": "phase", "title": "Round 2 · Phase 5: Movement", "lines": lines, "next": "Phase 6"})
    text = outgoing_text(m)
    parts = present.split(text)
    assert len(parts) >= 2 and all(len(p) <= 2000 for p in parts)
    told = "\n".join(parts)
    assert all(line in told for line in lines) and told.endswith("Next: Phase 6.")


def test_a_label_too_long_for_discord_is_cut_after_a_whole_word() -> None:
    from bot.table.text import shorten

    label = "Move Lord Geoffrey with 2 Knights, 3 Men-at-Arms and 1 Archer from Lincoln to Nottingham by the road"
    for limit in (80, 99, 40):
        cut = shorten(label, limit)
        assert len(cut) <= limit and cut.endswith("…")
        assert label.startswith(cut[:-1]) and label[len(cut) - 1] in " ,"   # the next character ends a word
    assert shorten("Pass", 80) == "Pass" and shorten("  two\n lines ", 80) == "two lines"
    assert shorten("x" * 120, 80) == "x" * 79 + "…"   # one long word: cut, there is no space to cut at
