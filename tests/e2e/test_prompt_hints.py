"""What each button does, on Discord (issue 33): a living prompt of buttons lists each choice's hint
under the question (a button holds only its label); the message stays within Discord's 2,000 characters."""

from __future__ import annotations

from bot.discord.prompts import prompt_content, prompt_view
from bot.table.outbox import prompt_payload
from engine.core.words import Audience
from engine.okc import RULES


def test_a_bid_prompt_says_what_each_card_does() -> None:
    state, _ = RULES.new_game(["alice", "bob", "carol"], {}, seed=5)
    words = RULES.words()
    d = next(d for d in RULES.pending(state) if d.blocking and d.prompt == "okc.bid")
    seat = d.seats[0]
    payload = prompt_payload(RULES, words, state, d, seat, Audience(None, {"alice": "Alice", "bob": "Bob",
                                                                            "carol": "Carol"}),
                             game_id=1, due=None, fresh=True, title="Year 1 · Spring")
    text = prompt_content("**Game 1**", payload)
    hinted = [c for c in payload["choices"] if c.get("hint")]
    assert hinted and len(payload["choices"]) <= 20
    for c in hinted:
        assert f"{c['label']}: {c['hint']}" in text
    assert text.index(payload["question"]) < text.index(hinted[0]["hint"])
    assert prompt_view(1, payload) is not None


def test_hints_stop_before_the_message_is_full() -> None:
    choices = [{"label": f"Choice {i}", "hint": "x" * 150} for i in range(20)]
    text = prompt_content("**Game 1**", {"question": "Which one?", "choices": choices, "version": 1})
    assert len(text) <= 1990 and "Choice 0: " in text and "Which one?" in text
    answered = prompt_content("**Game 1**", {"question": "Which one?", "choices": choices, "answered": "You chose: A."})
    assert "Choice 0: " not in answered
