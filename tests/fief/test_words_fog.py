"""Ruling R22a (4.1): the public log and the phase posts of random games never name the type of a troop
placed face down; a purchase's log line never says where its troops went."""

from __future__ import annotations

import random
import re

from engine.core import Audience, Event, apply
from engine.fief import RULES
from engine.playout import pick

WORDS = RULES.words()
AUD = Audience(None, {"p1": "Ann", "p2": "Bob", "p3": "Cat"})
TYPES = re.compile(r"\b(Knights?|Archers?|Men-at-Arms|Man-at-Arms)\b")


def _sentences(line: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.;])\s+", line) if s]


def test_no_public_line_names_the_type_of_a_troop_placed_face_down() -> None:
    purchases = 0
    for seed in (2, 7):
        agent = random.Random(seed)
        state, first = RULES.new_game(["p1", "p2", "p3"], {}, seed)
        phase: list[Event] = list(first or [])
        title = WORDS.phase_title(state)
        for _ in range(1500):
            if RULES.result(state) is not None:
                break
            d = next((x for x in RULES.pending(state) if x.blocking), RULES.pending(state)[0])
            seat = agent.choice(d.seats)
            a = pick(RULES, state, seat, RULES.legal(state, seat), agent)
            events = apply(RULES, state, seat, a)
            pub = [e for e in events if e.to is None]
            actor = None if RULES.actions[a.kind].secret else seat
            line = WORDS.log_line(state, actor, events, AUD)
            hidden_at = {str(e.data.get("city")) for e in pub if e.kind == "troops.placed" and e.data.get("count")
                         and not (e.data.get("bombards") or e.data.get("trebuchets"))}
            if any(e.kind == "troops.bought" for e in pub) and hidden_at:
                purchases += 1
                assert not any(city in line for city in hidden_at), line
                assert "face down on the board" in line, line
            for s in _sentences(line):
                if "face down" in s and "troop" in s or "places" in s and "face down" in s:
                    assert not TYPES.search(s), line
            phase += events
            if WORDS.phase_title(state) != title:
                for post in WORDS.phase_summary(state, title, [e for e in phase if e.to is None], AUD):
                    for s in _sentences(post):
                        if "face down" in s or "places" in s:
                            assert not TYPES.search(s), post
                phase, title = [], WORDS.phase_title(state)
    assert purchases > 5
