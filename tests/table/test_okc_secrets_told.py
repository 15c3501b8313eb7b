"""OKC secrets reach the player they concern (issue 33): the card Informants looked at stays in the
acting player's living prompt, under what they chose, whoever answers the click."""

from __future__ import annotations

from pathlib import Path

from bot.table import Actor, FakeClock, Store, TableService
from bot.table.outbox import DM
from engine.core import Action

PEOPLE = (Actor("u0", "Alice"), Actor("u1", "Bob"), Actor("u2", "Carol"), Actor("u3", "Dan"))


def test_informants_card_reaches_the_player(tmp_path: Path) -> None:
    table = TableService(Store(tmp_path / "t.sqlite3"), clock=FakeClock())
    made = table.new_game(PEOPLE[0], "c", "okc", players=4, seed=5)
    gid = made.game.id  # type: ignore[union-attr]
    for p in PEOPLE[1:]:
        table.join(p, "c")
    table.start(PEOPLE[0], "c")
    rules = table.rules_for("okc")
    by_seat = {s.seat: next(p for p in PEOPLE if p.user_id == s.user_id) for s in table.info(gid).seats}
    spy = next(s for s in by_seat if table.state(gid).data.players[s].faction == "uprising")
    informants = Action.of("tactic", id="uprising.informants")
    for _ in range(300):
        state = table.state(gid)
        if state.data.step == "spring_actions" and informants in rules.legal(state, spy) and \
                any(r.cards for r in state.data.regions):
            break
        d = next(d for d in rules.pending(state) if d.blocking)
        seat = d.seats[0]
        table.act(by_seat[seat], "c", None, d.default_for(seat) or rules.legal(state, seat)[0])
    else:
        raise AssertionError("Informants never came within reach")
    table.act(by_seat[spy], "c", None, informants)
    state = table.state(gid)
    peek = next(a for a in rules.legal(state, spy) if a.kind == "choose" and a.get("option") != "done")
    before = {m.id for m in table.pending_outbox(500)}
    applied = table.act(by_seat[spy], "c", None, peek)
    assert any(line.startswith("You see ") for line in applied.news)
    prompts = [m for m in table.pending_outbox(500) if m.id not in before and m.kind == DM
               and m.payload.get("type") == "prompt" and m.payload.get("seat") == spy]
    assert prompts, "the spy's living prompt was not touched"
    said = " ".join(str(m.payload.get("answered") or m.payload.get("note") or "") for m in prompts)
    assert said.startswith("You chose: ") and "You see " in said, said
    seen = state.data.players[spy].peeked   # the card looked at is named in words
    after = table.state(gid).data.players[spy].peeked
    assert len(after) == len(seen) + 1
    from engine.okc.words.names import card_power
    assert card_power(table.state(gid), after[-1].split("|")[2]) in said
