"""Actions and events: values that round-trip through JSON and text."""

import pytest

from engine.core import Action, Event, RuleError
from engine.core.textform import parse, usage
from tests.games.tribute import RULES


def test_action_round_trips_through_json_and_repr() -> None:
    action = Action.of("move", noble="Henri", path=["London", "Oxford"], troops=3)
    assert Action.from_json(action.to_json()) == action
    assert eval(repr(action)) == action  # noqa: S307 - the repr rebuilds the action
    assert action["path"] == ("London", "Oxford")
    assert hash(action) == hash(Action.of("move", troops=3, path=("London", "Oxford"), noble="Henri"))


def test_action_text_form_parses_back() -> None:
    action = Action.of("offer", to="p2", give=1, take=0)
    assert parse(action.text(), RULES.actions) == action
    quoted = Action.of("offer", to="King's Lynn", give=1, take=0)
    assert quoted.text() == 'offer give:1 take:0 to:"King\'s Lynn"'
    odd = Action.of("offer", to='say "hi"', give=0, take=1)
    assert parse(odd.text(), RULES.actions) == odd
    assert parse(quoted.text(), RULES.actions) == quoted


def test_action_rejects_nested_mappings() -> None:
    with pytest.raises(TypeError):
        Action.of("x", bundle={"a": 1})
    with pytest.raises(TypeError):
        Action.of("x", bundles=[{"a": 1}])


def test_action_arguments_are_sorted_frozen_and_none_left_out() -> None:
    """The fast paths of Action.of give the same value as sorting and freezing every argument."""
    action = Action.of("move", via=None, to="York", troops=["knight", ["men"]], noble="n1")
    assert action.args == (("noble", "n1"), ("to", "York"), ("troops", ("knight", ("men",))))
    assert Action.of("buy", units=["men@York"]) == Action("buy", (("units", ("men@York",)),))
    assert Action.of("done", card=None) == Action("done", ())


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("", "syntax"),
        ("fly", "unknown_action"),
        ("bid", "missing_param"),
        ("bid card:three", "bad_type"),
        ("bid colour:red", "bad_param"),
        ("bid 1 2", "syntax"),
        ('bid card:"1', "syntax"),
        ("respond request:1 accept:maybe", "bad_type"),
    ],
)
def test_text_form_refuses_bad_input_with_what_is_legal(line: str, code: str) -> None:
    with pytest.raises(RuleError) as err:
        parse(line, RULES.actions)
    assert err.value.code == code
    assert err.value.section


def test_usage_lists_parameters() -> None:
    assert usage(RULES.actions["offer"]) == "offer to:<seat> give:<int> take:<int>"


def test_event_visibility() -> None:
    public = Event.public("x", a=1)
    private = Event.private("alice", "y", b=2)
    assert public.visible_to(None) and public.visible_to("bob")
    assert private.visible_to("alice") and not private.visible_to("bob") and not private.visible_to(None)
    assert Event.from_json(private.to_json()) == private
