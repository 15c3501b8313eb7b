"""Edges found by the seed-18 mutation sample (issue 12): each test fails with the one-line change
named in its docstring and passes with the rules as written."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core import Action, Audience, RuleError
from engine.okc import RULES
from engine.okc.content.modules import boon_text, load_module_pack_from, read_module_pack
from engine.okc.content.schema import ContentError
from engine.okc.content.vocabulary import describe
from engine.okc.setup import check_options, default_options
from tests.okc.helpers import do, find, refused
from tests.okc.test_negotiating_table import agreed, negotiating

EVERYONE = Audience(None, {"p1": "Ann", "p2": "Bob", "p3": "Cat"})


def _lowered(steps: list[dict[str, object]]) -> str:
    text = describe(steps)
    return text[0].lower() + text[1:]


def test_a_boons_text_reads_on_from_its_lead_in_with_nothing_doubled() -> None:
    """boon_text: only the first letter of the described steps is lowered after "If you win:" or
    "After the clash:"."""
    won, after = [{"do": "strength", "amount": 2}], [{"do": "retain"}]
    pack = read_module_pack("m/content.json", {"id": "x", "boons": [
        {"id": "b1", "name": "B", "kind": "win", "steps": won},
        {"id": "b2", "name": "C", "kind": "empower", "keywords": ["ambush"], "after_clash": after},
    ]})
    assert pack.boons["b1"].text == f"If you win: {_lowered(won)}"
    assert pack.boons["b2"].text == f"Ambush. After the clash: {_lowered(after)}"
    assert boon_text("empower", 1, (), (), tuple(after)) == f"+1 Strength. After the clash: {_lowered(after)}"


def test_a_missing_module_pack_names_the_file_and_says_it_is_missing(tmp_path: Path) -> None:
    with pytest.raises(ContentError) as err:
        load_module_pack_from(tmp_path / "content.json")
    assert str(err.value) == "content.json: (file): missing module content file"
    (tmp_path / "content.json").write_text("{", encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_module_pack_from(tmp_path / "content.json")
    assert str(err.value).startswith("content.json: line 1: not valid JSON")


def test_p7_setup_o_an_unknown_seating_order_is_refused_with_its_reason_and_choices() -> None:
    with pytest.raises(RuleError) as err:
        check_options(3, {**default_options(3), "order": "clockwise"})
    assert str(err.value) == "p.7 Setup O: order is random or seated (legal: random, seated)"


def test_an_upheld_breach_is_an_outrage_by_verdict_and_reads_so() -> None:
    """judge: the Outrage a verdict causes says that the other players judged the terms broken."""
    state = agreed(text="No Herald of yours at the Castle")
    do(state, "p1", "breach agreement:1")
    events = do(state, "p3", "judge agreement:1 verdict:broken")
    [outrage] = find(events, "okc.outrage")
    assert outrage.data["why"] == "verdict"
    told = " ".join(RULES.words().events(state, [outrage], EVERYONE))
    assert "the other players judged the terms broken" in told


def test_a_promised_resource_may_be_paid_from_the_legal_list_once_it_is_held() -> None:
    """agreements.legal: the party who promised lists the payment once it holds what it promised."""
    state = agreed(terms="clans:give:lore:1:1")
    pay = Action.of("pay", agreement=1)
    assert pay not in RULES.legal(state, "p2")
    state.data.players["p2"].lore = 1
    assert pay in RULES.legal(state, "p2") and pay not in RULES.legal(state, "p1")


def test_an_empty_barter_is_refused_with_an_example_of_what_to_offer() -> None:
    """play_offer: an offer of nothing for nothing is refused and shows how an offer is written."""
    err = refused(negotiating(), "p1", "offer to:p2", "empty_offer")
    assert err.legal == "give:influence:1 or take:lore:1, for example"

