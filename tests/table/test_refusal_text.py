"""Refusals as a person reads them: why, the rule, then what would work (never engine-speak)."""

from bot.table.text import refusal_text
from engine.core.errors import Refusal, RefusalCode, RuleError
from tests.speech import assert_human


class Codes(RefusalCode):
    NO_MOVES = "no_moves"
    BAD_CITY = "bad_city"


def test_a_refusal_cites_its_rule_and_lists_what_is_possible() -> None:
    err = RuleError("5.0", "Lord Godfrey has used both moves this round", code=Codes.NO_MOVES,
                    legal=["stay in Coventry"])
    assert refusal_text(err) == ("Lord Godfrey has used both moves this round (5.0). "
                                 "Possible now: stay in Coventry.")


def test_table_sections_are_not_cited_and_a_hint_reads_as_a_sentence() -> None:
    err = RuleError("table", "nothing waits on you right now", code=Refusal.NOT_AWAITED,
                    legal="`/game status` shows who the game waits for")
    text = refusal_text(err)
    assert text == "Nothing waits on you right now. `/game status` shows who the game waits for."
    assert_human(text)


def test_long_lists_are_cut_with_a_count() -> None:
    err = RuleError("2.1", "pick a city", code=Codes.BAD_CITY, legal=[f"City {i}" for i in range(20)])
    assert refusal_text(err).endswith("City 10, City 11 and 8 more.")


def test_a_refusal_without_words_still_says_it_is_not_possible() -> None:
    assert refusal_text(RuleError("5.0", "  ", code=Codes.NO_MOVES)) == "That is not possible now (5.0)."
