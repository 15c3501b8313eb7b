"""2.13 with 9.0 and 9.1: an Abbess gives up her title to marry or stand for election, with the leave of
the Bishop or Archbishop of her Abbey's district; the Sovereign may give the title to another unmarried
noblewoman at once (a decision by clicks), else the card goes back to the Character deck (ruling R15b).
Before this, an Abbess could never marry or stand."""

from __future__ import annotations

import pytest

from engine.core import Action
from engine.fief import RULES
from engine.fief.cards.characters import found_abbey
from engine.fief.crown import abbess, elections, marriage
from engine.fief.state import Task
from tests.fief.helpers import defaults_until, do, g, refused, started

# ann red (William, Lucia), bob blue (Walter, Matilda), cat green (Arthur, Edith), dan yellow (Edward, Rohese)


def _abbess_at_marriages(cleric: str = "walter"):
    """Round 2's marriage step; Lucia (red) is Abbess of Winter at Berwick (district of York), whose
    Archbishop is ``cleric``."""
    s = started(4)
    defaults_until(s, "marriage", 1)
    d = g(s)
    found_abbey(d, "winter", "Berwick")
    d.nobles["lucia"].titles = ["abbess:winter"]
    d.abbesses["winter"] = "lucia"
    d.character_deck = [c for c in d.character_deck if c != "abbess-winter"]
    d.nobles[cleric].titles = ["archbishop:york"]
    return s, d


def _request(d, kind: str = "relinquish"):
    return next(r for r in d.requests.open if r.kind == kind)


def test_2_13_an_abbess_cannot_marry_until_the_cleric_of_her_district_lets_her_go():
    s, d = _abbess_at_marriages()
    assert not marriage.still_possible(d, "arthur", "lucia")
    events = do(s, "ann", "relinquish noble:lucia abbey:winter")
    r = _request(d)
    assert r.to == "bob" and r.payload["cleric"] == "walter"
    assert any(e.kind == "request.opened" for e in events)
    under = d.character_deck.pop()
    d.character_under = [under]
    deck = sorted(d.character_deck + [under, "abbess-winter"])
    events = do(s, "bob", f"respond request:{r.id} accept:true")
    assert d.nobles["lucia"].titles == [] and "winter" not in d.abbesses
    assert d.cities["Berwick"].abbey == "winter" and d.cities["Berwick"].building == "abbey"   # the Abbey stays
    assert sorted(d.character_deck) == deck and d.character_under == []      # no Sovereign: reshuffled whole
    assert [e.data for e in events if e.kind == "random.shuffle"] == [{"why": "character deck (2.13)",
                                                                      "size": len(deck)}]
    assert [e.data for e in events if e.kind == "title.returned"] == [{"card": "abbess-winter",
                                                                      "deck": "character"}]
    assert marriage.still_possible(d, "arthur", "lucia")


def test_2_13_a_refusal_keeps_her_an_abbess():
    s, d = _abbess_at_marriages()
    do(s, "ann", "relinquish noble:lucia abbey:winter")
    do(s, "bob", f"respond request:{_request(d).id} accept:false")
    assert d.nobles["lucia"].titles == ["abbess:winter"] and d.abbesses["winter"] == "lucia"


def test_2_13_her_own_player_s_cleric_lets_her_go_at_once():
    s, d = _abbess_at_marriages(cleric="william")
    d.nobles["edward"].titles = ["king"]
    do(s, "ann", "relinquish noble:lucia")   # her one Abbey named for her
    assert d.nobles["lucia"].titles == [] and not d.requests.open
    dec = next(x for x in RULES.pending(s) if x.blocking)    # the Sovereign decides the gift at once
    assert dec.seats == ("dan",) and dec.default_for("dan").kind == "gift_abbess"


def test_2_13_the_sovereign_gives_the_title_by_clicks_to_an_unmarried_noblewoman():
    s, d = _abbess_at_marriages()
    d.nobles["edward"].titles = ["king"]
    d.nobles["matilda"].spouse, d.nobles["edward"].spouse = "edward", "matilda"   # Matilda is married: not offered
    do(s, "ann", "relinquish noble:lucia abbey:winter")
    do(s, "bob", f"respond request:{_request(d).id} accept:true")
    t = d.tasks[0]
    assert (t.kind, t.family, t.region, t.city) == ("abbess_gift", "yellow", "winter", "Berwick")   # where it stands
    legal = RULES.legal(s, "dan")
    gifts = [a for a in legal if a.kind == "gift_abbess"]
    assert {a.get("noble") for a in gifts} == {"edith", "rohese", None}   # not Lucia, not the married Matilda
    dec = next(x for x in RULES.pending(s) if x.blocking)
    assert dec.default_for("dan") == Action.of("gift_abbess")
    assert refused(s, "dan", "gift_abbess noble:matilda").code == "gift_noble"
    err = refused(s, "dan", "gift_abbess noble:lucia")
    assert (err.section, err.code, err.legal) == ("2.13", "gift_noble", ["edith", "rohese", "none"])
    assert err.message == "the title goes to an unmarried noblewoman, or back to the deck"
    assert refused(s, "dan", "gift_abbess noble:lucia").code == "gift_noble"
    assert refused(s, "ann", "gift_abbess noble:edith").code in ("no_task", "not_your_turn")
    do(s, "dan", "gift_abbess noble:edith")
    assert "abbess:winter" in d.nobles["edith"].titles and d.abbesses["winter"] == "edith"
    assert "abbess-winter" not in d.character_deck and not d.tasks


def test_2_13_the_sovereign_may_let_the_card_go_back_to_the_deck():
    s, d = _abbess_at_marriages()
    d.nobles["matilda"].titles = ["sovereign_queen"]   # a Sovereign Queen gives it as a King does
    do(s, "ann", "relinquish noble:lucia abbey:winter")
    do(s, "bob", f"respond request:{_request(d).id} accept:true")
    assert d.tasks[0].family == "blue"
    do(s, "bob", "gift_abbess")
    assert "abbess-winter" in d.character_deck and all("abbess:winter" not in n.titles for n in d.nobles.values())


def test_2_13_a_queen_consort_or_prince_gives_no_title():
    """2.13's "King or Queen" is the Sovereign, as 9.2 uses the words: a King's wife decides nothing."""
    s, d = _abbess_at_marriages()
    d.nobles["rohese"].titles = ["queen"]
    d.nobles["arthur"].titles = ["prince_of_wales"]
    do(s, "ann", "relinquish noble:lucia abbey:winter")
    do(s, "bob", f"respond request:{_request(d).id} accept:true")
    assert not d.tasks and "abbess-winter" in d.character_deck


@pytest.mark.parametrize("line,code,legal,message", [
    ("relinquish noble:lucia abbey:spring", "relinquish_abbey", ["winter"],               # not her Abbey
     "Lucia is not the Abbess of that Abbey"),
    ("relinquish noble:william abbey:winter", "relinquish_noble", ["lucia"],              # not an Abbess
     "William is not an Abbess of yours"),
    ("relinquish noble:matilda abbey:winter", "relinquish_noble", ["lucia"],              # not the seat's noble
     "Matilda is not an Abbess of yours"),
    ("relinquish noble:nobody abbey:winter", "relinquish_noble", ["lucia"], "'nobody' is not an Abbess of yours"),
])
def test_2_13_bad_requests_are_refused_and_change_nothing(line, code, legal, message):
    s, _d = _abbess_at_marriages()
    err = refused(s, "ann", line)
    assert (err.section, err.code, err.legal, err.message) == ("2.13", code, legal, message)


def test_2_13_a_player_with_no_abbess_is_told_there_is_none_to_name():
    s, _d = _abbess_at_marriages()
    err = refused(s, "bob", "relinquish noble:walter abbey:winter")
    assert (err.section, err.code, err.legal) == ("2.13", "relinquish_noble", "none")
    assert err.message == "Walter is not an Abbess of yours"


def test_2_13_no_cleric_of_the_district_no_leave_and_no_second_request():
    s, d = _abbess_at_marriages()
    d.nobles["walter"].titles = ["bishop:exeter"]            # another district's cleric
    err = refused(s, "ann", "relinquish noble:lucia abbey:winter")
    assert (err.section, err.code, err.legal) == ("2.13", "relinquish_cleric", "wait for a cleric of that district")
    assert err.message == ("only the Bishop or Archbishop of her Abbey's district can let her go: no Bishop or "
                           "Archbishop holds her Abbey's district")
    assert abbess.asking(d, "ann") == []
    d.nobles["walter"].titles = ["archbishop:york"]
    d.cities["Berwick"].abbey = None                          # the Abbey no longer stands where it was
    assert abbess.cleric(d, "winter") is None
    d.abbeys.pop("winter")                                    # razed (7.10): as a pillage leaves it
    err = refused(s, "ann", "relinquish noble:lucia abbey:winter")
    assert (err.code, err.message) == ("relinquish_cleric", "only the Bishop or Archbishop of her Abbey's district "
                                       "can let her go: her Abbey stands nowhere now (rebuild it first)")
    d.cities["Berwick"].abbey, d.abbeys["winter"] = "winter", "Berwick"
    do(s, "ann", "relinquish noble:lucia abbey:winter")
    err = refused(s, "ann", "relinquish noble:lucia abbey:winter")   # a second request waits on the first
    assert (err.section, err.code, err.legal) == ("2.13", "relinquish_open", "wait for the answer")
    assert err.message == "leave for this Abbey is already asked"
    assert Action.of("relinquish", noble="lucia", abbey="winter") not in RULES.legal(s, "ann")


def test_2_13_outside_the_marriage_and_election_steps_no_leave_is_asked():
    s, d = _abbess_at_marriages()
    d.flow.step, d.flow.phase = "play", 2
    err = refused(s, "ann", "relinquish noble:lucia abbey:winter")
    assert (err.section, err.code, err.legal) == ("2.13", "relinquish_time", "the marriage or election step")
    assert err.message == ("an Abbess asks leave to give up her title in Phase 1, while marriages are proposed or "
                           "candidates declared")
    assert not [a for a in RULES.legal(s, "ann") if a.kind == "relinquish"]


def test_2_13_no_leave_is_asked_while_a_decision_is_pending():
    s, d = _abbess_at_marriages()
    d.tasks.append(Task("garter", "blue", options=["walter"]))
    assert abbess.asking(d, "ann") == []
    assert refused(s, "ann", "relinquish noble:lucia abbey:winter").code == "relinquish_time"


def test_2_13_the_leave_is_offered_by_clicks_in_the_marriage_step():
    s, _d = _abbess_at_marriages()
    assert Action.of("relinquish", noble="lucia", abbey="winter") in RULES.legal(s, "ann")
    assert not [a for a in RULES.legal(s, "bob") if a.kind == "relinquish"]


def test_2_13_a_leave_granted_after_the_cleric_lost_his_see_changes_nothing():
    s, d = _abbess_at_marriages()
    do(s, "ann", "relinquish noble:lucia abbey:winter")
    d.nobles["walter"].titles = []
    do(s, "bob", f"respond request:{_request(d).id} accept:true")
    assert d.nobles["lucia"].titles == ["abbess:winter"]


def test_2_13_a_leave_granted_after_she_lost_the_title_changes_nothing():
    s, d = _abbess_at_marriages()
    do(s, "ann", "relinquish noble:lucia abbey:winter")
    d.nobles["lucia"].titles = []
    deck = list(d.character_deck)
    do(s, "bob", f"respond request:{_request(d).id} accept:true")
    assert d.character_deck == deck and d.abbesses["winter"] == "lucia"


def test_2_13_with_no_unmarried_noblewoman_to_take_it_the_card_goes_back():
    s, d = _abbess_at_marriages()
    d.nobles["william"].titles = ["king"]
    for man, woman in (("walter", "matilda"), ("arthur", "edith"), ("edward", "rohese")):
        d.nobles[man].spouse, d.nobles[woman].spouse = woman, man
    do(s, "ann", "relinquish noble:lucia abbey:winter")
    do(s, "bob", f"respond request:{_request(d).id} accept:true")
    assert not d.tasks and "abbess-winter" in d.character_deck


def test_9_1_an_abbess_who_gave_up_her_title_may_stand_for_election():
    s, d = _abbess_at_marriages(cleric="william")
    d.nobles["lucia"].titles.append("lord:I")
    d.flow.step = "election"
    d.nobles["walter"].titles = ["lord:II"]
    assert "lucia" not in elections.standing(d)
    do(s, "ann", "relinquish noble:lucia abbey:winter")
    assert "lucia" in elections.standing(d) and abbess.abbeys_of(d, "lucia") == []


def test_2_13_the_relinquishing_and_the_gift_speak_with_names_and_offer_clicks():
    from engine.core import Audience
    from tests.speech import assert_human
    words = RULES.words()
    aud = Audience(None, {"ann": "Ann", "bob": "Bob", "cat": "Cat", "dan": "Dan"})
    s, d = _abbess_at_marriages()
    d.nobles["edward"].titles = ["king"]
    label = words.label(s, "ann", Action.of("relinquish", noble="lucia", abbey="winter"), aud.to("ann"))
    assert_human(label, "relinquish label")
    assert "Lucia" in label and "Winter" in label
    events = do(s, "ann", "relinquish noble:lucia abbey:winter")
    dec = next(x for x in RULES.pending(s) if "bob" in x.seats)
    asked = words.question(s, dec, "bob", aud.to("bob"))
    assert_human(asked, "the cleric's question")
    assert "Abbess" in asked
    events += do(s, "bob", f"respond request:{_request(d).id} accept:true")
    dec = next(x for x in RULES.pending(s) if x.blocking)
    asked = words.question(s, dec, "dan", aud.to("dan"))
    assert_human(asked, "the Sovereign's question")
    assert "The title of Abbess of the Winter is free" in asked
    choices = words.choices(s, dec, "dan", RULES.legal(s, "dan"), aud.to("dan"))
    texts = [c.label for c in choices]
    assert any("Edith" in t for t in texts) and any("back to the deck" in t for t in texts)
    events += do(s, "dan", "gift_abbess noble:edith")
    lines = [x for x in words.events(s, events, aud) if x]
    for line in lines:
        assert_human(line, "abbess event")
    assert lines == ["Red (Ann) asks Blue (Bob) to let Lady Lucia give up her title of Abbess of the Winter.",
                     "Blue (Bob) grants the Abbess's leave.",
                     "With leave from Lord Walter, Lady Lucia gives up her title of Abbess of the Winter.",
                     "Yellow (Dan) gives the title of Abbess of the Winter to Lady Edith."]
