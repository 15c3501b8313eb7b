"""Phase 1's politics: elections (9.1), Parliament and the Royal Tax (9.2, 9.3, 11.2), the crown
(13.1, Definitions: Queen, Prince Consort, Prince of Wales) and the Order of the Garter (13.3)."""

import random

import pytest

from engine.core import Action, Audience, RuleError, canonical
from engine.fief.crown import crowning, elections, garter, parliament
from engine.fief.estates.succession import kill_noble
from engine.fief.rules import RULES
from engine.fief.state import Siege, sovereign
from engine.fief.war import invaders
from tests.fief.helpers import defaults_until, do, g, place, refused, started


def _at(step, players=4, **titles):
    """A game moved to a Phase 1 step of Round 2 with the given titles (noble -> list)."""
    s = started(players)
    d = g(s)
    for nid, ts in titles.items():
        d.nobles[nid].titles = list(ts)
    d.flow.round, d.flow.phase, d.flow.step, d.flow.turn = 2, 1, step, 0
    d.flow.queue = list(d.flow.order) if step not in ("parliament", "royal_tax") else [sovereign(d).family]
    return s


_AUD = Audience(None, {"ann": "Ann", "bob": "Bob", "cat": "Cat", "dan": "Dan"})


def _seat(s, noble):
    d = g(s)
    return d.families[d.nobles[noble].family].seat


# -- 9.1 -------------------------------------------------------------------------------------
def test_an_election_needs_a_free_crown_three_titles_and_a_cleric():
    s = started(4)
    d = g(s)
    d.nobles["william"].titles = ["lord:I"]
    d.nobles["walter"].titles = ["lord:II"]
    d.nobles["arthur"].titles = ["lord:III"]
    assert not elections.possible(d)                        # no Bishop or Archbishop
    d.nobles["edward"].titles = ["bishop:exeter"]
    assert elections.possible(d)
    d.nobles["arthur"].titles = d.nobles["walter"].titles = []
    assert not elections.possible(d)                        # a Lord and a Bishop: two titles
    d.nobles["william"].titles.append("lord:IV")             # several titles on one noble count each
    assert elections.possible(d)
    d.nobles["walter"].titles.append("king")
    assert not elections.possible(d)                        # the crown is not free


def test_9_1_an_abbess_counts_as_a_title_for_the_election():
    """9.1 with Definitions ("Ecclesiastic Titles: Abbess, Bishop, and Archbishop"): an Abbess, a Bishop
    and a Lord are three titles (before the fix, ruling P1-4 left the Abbess out and skipped the election)."""
    s = started(4)
    d = g(s)
    d.nobles["william"].titles = ["lord:I"]
    d.nobles["edward"].titles = ["bishop:exeter"]
    assert not elections.possible(d)
    d.nobles["lucia"].titles = ["abbess:abbey-1"]
    assert elections.possible(d)
    assert elections.titles_in_play(d) == (3, 1)


@pytest.mark.parametrize("third", ["abbess:abbey-1", "queen", "prince_of_wales", "lord:II", "archbishop:york"])
def test_9_1_every_kind_of_title_counts_towards_the_three(third):
    s = started(4)
    d = g(s)
    d.nobles["william"].titles = ["lord:I"]
    d.nobles["walter"].titles = ["bishop:exeter"]
    d.nobles["rohese" if third != "prince_of_wales" else "edward"].titles = [third]
    assert elections.possible(d)


@pytest.mark.parametrize("cleric", ["abbess:abbey-1", "queen", "lord:II"])
def test_9_1_only_a_bishop_or_archbishop_meets_the_cleric_condition(cleric):
    """Both halves of the condition: three titles are not enough without a Bishop or Archbishop."""
    s = started(4)
    d = g(s)
    d.nobles["william"].titles = ["lord:I"]
    d.nobles["walter"].titles = ["lord:III"]
    d.nobles["rohese"].titles = [cleric]
    assert elections.titles_in_play(d)[0] == 3 and not elections.possible(d)


def test_phase_1_holds_the_election_after_the_marriages_in_round_2():
    s = started(4)
    d = g(s)
    d.nobles["william"].titles = ["lord:I"]
    d.nobles["walter"].titles = ["lord:II"]
    d.nobles["edward"].titles = ["archbishop:york"]
    for n in d.nobles.values():
        n.spouse = None
    defaults_until(s, "election", 1)
    assert d.flow.round == 2
    assert RULES.phase(s) == "Round 2, Phase 1: Hear Ye, Hear Ye - election: candidates"
    dec = next(x for x in RULES.pending(s) if x.blocking)
    assert dec.default_for(dec.seats[0]).kind == "done"


def test_vote_weights_count_each_noble_once_an_archbishop_twice_and_no_captive_or_besieged():
    s = started(4)
    d = g(s)
    d.nobles["william"].titles = ["lord:I", "lord:II", "bishop:exeter"]
    d.nobles["lucia"].titles = ["archbishop:york"]
    assert crowning.family_votes(d, "red") == 3
    d.nobles["lucia"].captor = "bandits"
    assert crowning.family_votes(d, "red") == 1
    city = d.nobles["william"].city
    d.cities[city].siege = Siege(by="blue")
    assert crowning.family_votes(d, "red") == 0
    assert not crowning.may_stand(d, d.nobles["william"])


def test_markers_are_hidden_from_the_public_and_shuffled_by_the_permuter():
    s = _at("ballot", william=["lord:I"], walter=["lord:II"], edward=["bishop:exeter"])
    d = g(s)
    d.politics.candidates = ["william", "walter"]
    seat = d.families[d.flow.queue[0]].seat
    do(s, seat, "vote_election support:william decoy:walter")
    public = RULES.view(s, None)
    assert public["politics"]["markers"][d.flow.order[0]] == ["walter", "william"]
    assert "me" not in public
    seen = set()
    for i in range(20):
        twin = RULES.copy(s)
        RULES.permute_hidden(twin, random.Random(i))
        assert canonical(RULES.view(twin, None)) == canonical(public)
        seen.add(tuple(g(twin).politics.ballots[d.flow.order[0]]))
    assert seen == {("william", "walter"), ("walter", "william")}


def test_the_default_lays_no_marker_and_names_no_candidate():
    s = _at("election", william=["lord:I"], walter=["lord:II"], edward=["bishop:exeter"])
    d = next(x for x in RULES.pending(s) if x.blocking)
    assert d.default_for(d.seats[0]).kind == "done"


def test_9_1_when_nobody_declares_a_candidate_the_election_is_announced_failed():
    s = _at("election", william=["lord:I"], walter=["lord:II"], edward=["bishop:exeter"])
    events = []
    while g(s).flow.step == "election":
        dec = next(x for x in RULES.pending(s) if x.blocking)
        events += do(s, dec.seats[0], "done")
    failed = [e for e in events if e.kind == "election.failed"]
    assert len(failed) == 1 and failed[0].data["tied"] == [] and failed[0].data["votes"] == 0
    assert sovereign(g(s)) is None and "ballot" not in g(s).flow.step


def _declared(s, *nobles):
    """Each family in turn declares the next of ``nobles`` (or passes); the ballot follows."""
    events = []
    for noble in (*nobles, None, None, None, None)[:4]:
        dec = next(x for x in RULES.pending(s) if x.blocking)
        events += do(s, dec.seats[0], f"nominate noble:{noble}" if noble else "done")
    return events


def _vote(s, lines):
    events = []
    for line in lines:
        dec = next(x for x in RULES.pending(s) if x.blocking)
        events += do(s, dec.seats[0], line)
    return events


def test_9_1_an_election_from_the_candidates_to_the_crown():
    s = _at("election", william=["lord:I"], walter=["lord:II"], edward=["archbishop:york"])
    d = g(s)                                     # turn order green, yellow, red, blue; weights 0, 2, 1, 1
    events = _declared(s, "william", "walter")
    assert d.politics.candidates == ["william", "walter"] and d.flow.step == "ballot"
    assert [(e.is_public, e.data) for e in events if e.kind == "election.candidate"] == [
        (True, {"family": "green", "noble": "william"}), (True, {"family": "yellow", "noble": "walter"})]
    d.politics.pledges = {"ann": "william", "bob": "tax_for"}
    events = _vote(s, ["vote_election support:walter decoy:william", "vote_election support:william",
                       "vote_election support:william decoy:walter"])
    assert d.politics.ballots == {"green": ["walter", "william"], "yellow": ["william", ""],
                                  "red": ["william", "walter"]}
    assert [e.data for e in events if e.kind == "election.markers" and e.is_public] == [
        {"family": "green", "on": ["walter", "william"]}, {"family": "yellow", "on": ["william"]},
        {"family": "red", "on": ["walter", "william"]}]
    ballot = next(e for e in events if e.kind == "election.ballot")
    assert not ballot.is_public and set(ballot.to) == {"cat"}
    assert ballot.data == {"family": "green", "support": "walter", "decoy": "william"}
    events = _vote(s, ["done"])
    revealed = next(e.data for e in events if e.kind == "election.revealed")
    assert revealed == {"ballots": {"green": {"for": "walter", "decoy": "william"},
                                    "red": {"for": "william", "decoy": "walter"},
                                    "yellow": {"for": "william", "decoy": None}},
                        "weights": {"green": 0, "yellow": 2, "red": 1}, "totals": {"william": 3, "walter": 0}}
    assert [RULES.words().event(s, e, Audience(None, {})) for e in events if e.kind == "election.revealed"] == [
        "The vote markers are turned over: Lord William (Red) 3 votes and Lord Walter (Blue) 0 votes (Green backs "
        "Lord Walter; Red backs Lord William; Yellow backs Lord William)."]
    assert "king" in d.nobles["william"].titles
    assert d.politics.candidates == [] and d.politics.ballots == {}
    assert d.politics.pledges == {"bob": "tax_for"}                   # the election's pledges are kept and done


@pytest.mark.parametrize("lines,tied,votes", [
    (["done", "done", "vote_election support:william", "vote_election support:walter"], ["walter", "william"], 1),
    (["vote_election support:william", "done", "done", "done"], [], 0),     # green's marker weighs nothing
])
def test_9_1_a_tie_or_no_vote_crowns_nobody(lines, tied, votes):
    s = _at("election", william=["lord:I"], walter=["lord:II"], edward=["archbishop:york"])
    d = g(s)
    _declared(s, "william", "walter")
    events = _vote(s, lines)
    failed = [e.data for e in events if e.kind == "election.failed"]
    assert failed == [{"tied": tied, "votes": votes}] and sovereign(d) is None


# -- the crown (9.0, 9.1, 13.1, Definitions) ---------------------------------------------------
@pytest.mark.parametrize("how,back", [("election", True), ("excalibur", False), ("succession", False)])
def test_13_1_defeated_royal_guards_return_only_when_a_sovereign_is_elected(how, back):
    """13.1: beaten Royal Guards come back only at the election of a new Sovereign, not at any crowning (before
    the fix every crowning brought them back, ruling P1-8)."""
    s = started(4)
    d = g(s)
    d.war.guards_lost = {"royal_knight": 2, "royal_men": 1}
    crowning.crown(s, d, "william", how)
    assert (d.war.guards_lost == {}) is back


def test_a_crowned_husband_makes_his_wife_queen_and_a_sovereign_queens_husband_takes_no_title():
    s = started(4)
    d = g(s)
    d.nobles["william"].spouse, d.nobles["matilda"].spouse = "matilda", "william"
    d.nobles["rohese"].titles = ["queen"]                # the widow of a King before (9.0)
    d.war.guards_lost = {"royal_knight": 2}
    s.take_events()
    crowning.crown(s, d, "william", "election")
    assert "king" in d.nobles["william"].titles and "queen" in d.nobles["matilda"].titles
    assert d.nobles["rohese"].titles == []               # one Queen: the new King's wife
    events = [e for e in s.take_events() if e.kind in ("crown.taken", "queen.crowned")]
    assert [e.data for e in events] == [{"noble": "william", "family": "red", "title": "king", "how": "election"},
                                        {"noble": "matilda", "king": "william"}]
    assert [RULES.words().event(s, e, Audience(None, {})) for e in events] == [
        "Lord William (Red) is elected King of England and rides out with two Royal Knights.",
        "Lady Matilda, wife of Lord William, is crowned Queen."]
    assert d.war.guards_lost == {}                       # 13.1: the guards return with a new Sovereign
    d.nobles["william"].titles.remove("king")
    d.nobles["walter"].spouse, d.nobles["edith"].spouse = "edith", "walter"
    d.nobles["edward"].titles = ["prince_of_wales"]      # a son of neither Queen's family
    s.take_events()
    crowning.crown(s, d, "edith", "election")
    assert "sovereign_queen" in d.nobles["edith"].titles and d.nobles["walter"].titles == []
    events = s.take_events()
    assert [e.data for e in events if e.kind == "crown.consort"] == [{"noble": "walter", "queen": "edith"}]
    assert d.nobles["edward"].titles == []               # Definitions: the Prince is of the Queen's family
    assert [e.data for e in events if e.kind == "title.lost"] == [{"noble": "edward", "title": "prince_of_wales"}]
    # 9.0: the widowed Queen elected herself is Sovereign Queen, Queen no more
    d.nobles["edith"].titles = []
    crowning.crown(s, d, "matilda", "election")
    assert d.nobles["matilda"].titles == ["sovereign_queen"]


def test_the_prince_of_wales_becomes_king_when_the_king_dies():
    s = started(4)
    d = g(s)
    d.nobles["william"].spouse, d.nobles["matilda"].spouse = "matilda", "william"
    d.nobles["walter"].titles.append("prince_of_wales")    # a son of Matilda's family
    crowning.crown(s, d, "william", "election")
    assert "prince_of_wales" in d.nobles["walter"].titles   # of the new Queen's family: he stays Prince
    s.take_events()
    kill_noble(s, d, "william", cause="battle")
    taken = [e for e in s.take_events() if e.kind == "crown.taken"]
    assert [e.data for e in taken] == [{"noble": "walter", "family": "blue", "title": "king", "how": "succession"}]
    assert RULES.words().event(s, taken[0], _AUD) == ("Lord Walter (Blue), the Prince of Wales, is crowned King of "
                                                      "England and rides out with two Royal Knights.")
    assert sovereign(d) is d.nobles["walter"]
    assert "prince_of_wales" not in d.nobles["walter"].titles
    assert "queen" in d.nobles["matilda"].titles           # 9.0: the widow keeps her guard


# -- 9.2, 9.3, 11.2 ----------------------------------------------------------------------------
def test_parliament_passes_with_more_than_half_of_all_votes():
    s = _at("parliament", william=["king", "lord:I"], walter=["lord:II"], arthur=["lord:III"], edward=["lord:IV"])
    d = g(s)
    king = _seat(s, "william")
    do(s, king, "convene_parliament")
    assert d.flow.step == "tax_vote" and d.politics.parliament_round == 2
    votes = {"red": "for", "blue": "for", "green": "against", "yellow": "against"}
    for fam in list(d.flow.queue):
        do(s, d.families[fam].seat, f"vote_tax vote:{votes[fam]}")
    assert d.flow.step == "draw" and not d.royal_tax          # 2 of 4 is not more than half
    assert not parliament.may_convene(d)                      # once a round


def _offered(s, seat):
    return [a for a in RULES.legal(s, seat) if a.kind in ("nominate", "vote_election", "convene_parliament",
                                                          "vote_tax", "done")]


def test_9_1_the_election_offers_each_standing_noble_then_every_pair_of_markers_but_none_at_all():
    """9.1: a candidate among those who may stand, or none; then a FOR and a decoy marker, each on a candidate
    or left off, but not both left off (that is "done"); a pledged FOR marker is offered on its candidate
    only, and laid there at the deadline, but only in the ballot."""
    s = _at("election", william=["lord:I"], walter=["lord:II"], edward=["archbishop:york"])
    d = g(s)
    A = Action.of
    assert _offered(s, "cat") == [A("done"), A("nominate", noble="walter"), A("nominate", noble="william")]
    d.politics.pledges = {"cat": "william"}
    assert next(x for x in RULES.pending(s) if x.blocking).default_for("cat") == A("done")
    d.politics.pledges = {}
    _declared(s, "william", "walter")
    assert _offered(s, "cat") == [A("done")] + [A("vote_election", support=c, decoy=m)
                                                for c in ("william", "walter", "none")
                                                for m in ("william", "walter", "none") if (c, m) != ("none", "none")]
    assert next(x for x in RULES.pending(s) if x.blocking).default_for("cat") == A("done")
    d.politics.pledges = {"cat": "walter"}
    assert _offered(s, "cat") == [A("vote_election", support="walter", decoy=m) for m in ("william", "walter", "none")]
    assert next(x for x in RULES.pending(s) if x.blocking).default_for("cat") == A("vote_election", support="walter",
                                                                                    decoy="none")


def test_9_2_parliament_is_offered_to_a_free_sovereign_and_a_pledged_or_burgher_tax_vote_by_clicks():
    s = _at("parliament", william=["king", "lord:I"])
    d = g(s)
    A = Action.of
    assert _offered(s, "ann") == [A("done"), A("convene_parliament")]
    d.nobles["william"].captor = "bandits"
    assert _offered(s, "ann") == [A("done")]
    d.nobles["william"].captor = None
    d.families["red"].board_card, d.families["red"].treasures = "burgher-5", 3
    do(s, "ann", "convene_parliament")                       # turn order green, yellow, red, blue
    assert _offered(s, "cat") == [A("vote_tax", vote="for"), A("vote_tax", vote="against")]
    d.politics.pledges = {"cat": "tax_for", "dan": "tax_against"}
    assert _offered(s, "cat") == [A("vote_tax", vote="for")]
    assert next(x for x in RULES.pending(s) if x.blocking).default_for("cat") == A("vote_tax", vote="for")
    do(s, "cat", "vote_tax vote:for")
    assert _offered(s, "dan") == [A("vote_tax", vote="against")]
    do(s, "dan", "vote_tax vote:against")
    assert _offered(s, "ann") == [A("vote_tax", vote=v, burgher=b) for b in (None, True) for v in ("for", "against")]


def test_9_2_the_table_sees_who_voted_on_the_tax_and_each_player_only_its_own_vote():
    s = _at("parliament", william=["king", "lord:I"])
    assert not RULES.view(s, None)["politics"]["parliament_convened"]
    do(s, "ann", "convene_parliament")                       # turn order green, yellow, red, blue
    g(s).politics.pledges = {"bob": "tax_against"}
    do(s, "cat", "vote_tax vote:for")
    do(s, "dan", "vote_tax vote:against")
    public = RULES.view(s, None)["politics"]
    assert (public["parliament_convened"], public["voted"], public["royal_tax"]) == (True, ["green", "yellow"], False)
    assert RULES.view(s, "cat")["me"]["politics"]["tax_votes"] == {"green": "for"}
    assert RULES.view(s, "dan")["me"]["politics"]["tax_votes"] == {"yellow": "against"}
    assert RULES.view(s, "ann")["me"]["politics"] == {"markers": {}, "tax_votes": {}, "tax_left": 0}
    assert RULES.view(s, "bob")["me"]["politics"] == {"markers": {}, "tax_votes": {}, "pledged": "tax_against"}


def test_a_captive_sovereign_convenes_no_parliament_and_a_vote_defaults_against():
    s = _at("parliament", william=["king", "lord:I"])
    d = g(s)
    d.nobles["william"].captor = "bandits"
    assert not parliament.may_convene(d)
    err = refused(s, _seat(s, "william"), "convene_parliament")
    assert (err.section, err.code, err.legal) == ("9.2", "no_parliament", "done")
    assert err.message == "Parliament meets once a round, called by a free, unbesieged Sovereign"
    d.nobles["william"].captor = None
    d.cities[d.nobles["william"].city].siege = Siege(by="blue")   # besieged by another family: no Parliament
    assert not parliament.may_convene(d)
    d.cities[d.nobles["william"].city].siege = Siege(by="red")    # his own family's siege does not hold him
    assert parliament.may_convene(d)
    d.cities[d.nobles["william"].city].siege = None
    do(s, _seat(s, "william"), "convene_parliament")
    dec = next(x for x in RULES.pending(s) if x.blocking)
    assert dec.default_for(dec.seats[0]).get("vote") == "against"


def test_the_burgher_needs_the_card_a_treasure_and_a_lord():
    s = _at("parliament", william=["king", "lord:I"])
    d = g(s)
    assert parliament.burgher_votes(d, "red") == 0
    d.families["red"].board_card = "burgher-5"
    assert parliament.burgher_votes(d, "red") == 5
    parliament.check_vote(d, "red", True)                      # called: no refusal
    d.families["red"].treasures = 0
    assert parliament.burgher_votes(d, "red") == 0
    d.families["red"].treasures = 2
    d.nobles["william"].titles = ["king"]
    assert parliament.burgher_votes(d, "red") == 0


def test_11_2_a_burgher_in_parliament_spends_one_treasure_of_the_family():
    s = _at("parliament", william=["king", "lord:I"])
    d = g(s)
    d.families["red"].board_card, d.families["red"].treasures = "burgher-5", 3
    d.politics.votes, d.politics.burghers = {"green": True}, {"green": 3}     # left from an earlier round
    s.take_events()
    parliament.convene(s, d, "red")
    assert d.politics.votes == {} and d.politics.burghers == {} and d.politics.parliament_round == 2
    assert [e.data for e in s.take_events() if e.kind == "parliament.convened"] == [{"family": "red",
                                                                                     "noble": "william"}]
    parliament.vote(s, d, "red", True, burgher=True)
    assert d.families["red"].treasures == 2 and d.politics.burghers == {"red": 5}
    told = [(e.kind, e.is_public, e.data) for e in s.take_events()]
    assert told == [("parliament.burgher", True, {"family": "red", "votes": 5}),        # the Treasure is seen
                    ("parliament.voted", True, {"family": "red"}),                      # the marker is not
                    ("parliament.ballot", False, {"family": "red", "favour": True})]
    parliament.vote(s, d, "blue", False, burgher=False)
    assert d.families["blue"].treasures == 2   # no Burgher called: nothing spent
    assert d.politics.votes == {"red": True, "blue": False}
    d.politics.pledges = {"bob": "tax_against", "cat": "walter"}
    s.take_events()
    parliament.tally(s, d)
    shown = next(e.data for e in s.take_events() if e.kind == "parliament.revealed")
    assert shown["weights"] == {f: crowning.family_votes(d, f) + (5 if f == "red" else 0) for f in d.families}
    assert shown["votes"] == {"blue": False, "green": False, "red": True, "yellow": False}   # no marker: not for
    assert (shown["favour"], shown["total"], shown["passed"]) == (6, 6, True)
    assert d.politics.votes == {} and d.politics.burghers == {}
    assert d.politics.pledges == {"cat": "walter"}                     # the tax pledges are kept and done


def test_11_2_the_last_treasure_still_calls_the_burgher():
    s = _at("parliament", william=["king", "lord:I"])
    d = g(s)
    d.families["red"].board_card, d.families["red"].treasures = "burgher-3", 1
    assert parliament.burgher_votes(d, "red") == 3


def test_each_share_of_the_royal_tax_is_told_only_to_its_receiver_and_the_sovereign():
    s = _at("parliament", william=["king", "lord:I"], walter=["lord:II"])
    d = g(s)
    king = _seat(s, "william")
    do(s, king, "convene_parliament")
    for fam in list(d.flow.queue):
        do(s, d.families[fam].seat, "vote_tax vote:for")
    assert d.flow.step == "royal_tax" and d.politics.tax_left == 12
    other = _seat(s, "walter")
    assert sorted((a["to"], a["amount"]) for a in RULES.legal(s, king) if a.kind == "give_tax") == [
        (seat, n) for seat in sorted(d.players) for n in (1, 6, 12)]     # one, half or all that is left
    before = d.players[other].shillings
    events = do(s, king, f"give_tax to:{other} amount:4")
    assert all(set(e.to or ()) == {king, other} for e in events if e.kind == "royal_tax.share")
    assert not [e for e in events if e.is_public]
    assert d.players[other].shillings == before + 4
    err = refused(s, king, f"give_tax to:{other} amount:9")
    assert (err.section, err.code, err.legal) == ("9.2", "tax_amount", "1-8")
    assert err.message == "you may share out 1 to 8 shillings more"
    assert refused(s, king, f"give_tax to:{other} amount:0").code == "tax_amount"
    assert {a["amount"] for a in RULES.legal(s, king) if a.kind == "give_tax"} == {1, 4, 8}
    err = refused(s, king, "give_tax to:nobody amount:1")
    assert (err.section, err.code, err.message, err.legal) == ("9.2", "no_player", "no player 'nobody'",
                                                                sorted(d.players))
    mine = d.players[king].shillings
    events = do(s, king, "done")
    assert d.players[king].shillings == mine + 8 and d.royal_tax and d.politics.tax_left == 0
    assert [e.kind for e in events if e.is_public and e.kind.startswith("royal_tax")] == ["royal_tax.distributed"]
    assert [e.data["amount"] for e in events if e.kind == "royal_tax.share"] == [8]


def test_9_3_a_royal_tax_shared_out_whole_leaves_the_sovereign_nothing_more():
    s = _at("parliament", william=["king", "lord:I"], walter=["lord:II"])
    d = g(s)
    king, other = _seat(s, "william"), _seat(s, "walter")
    do(s, king, "convene_parliament")
    for fam in list(d.flow.queue):
        do(s, d.families[fam].seat, "vote_tax vote:for")
    do(s, king, f"give_tax to:{other} amount:12")
    assert refused(s, king, f"give_tax to:{other} amount:1").legal == "done"
    mine = d.players[king].shillings
    events = do(s, king, "done")
    assert d.players[king].shillings == mine and not [e for e in events if e.kind == "royal_tax.share"]


# -- 13.3 --------------------------------------------------------------------------------------
def test_the_garter_goes_once_a_round_to_a_lord_with_a_deed_and_bars_attacks_on_the_sovereign():
    s = started(4)
    d = g(s)
    d.nobles["william"].titles = ["king"]
    d.nobles["walter"].titles = ["lord:II"]
    d.nobles["arthur"].titles = ["lord:III"]
    assert garter.eligible(d) == []
    army = next(iter(d.armies.values()))
    army.city, army.foot = d.nobles["walter"].city, 2
    d.players[_seat(s, "walter")].shillings = 10
    invaders.danegeld(s, d, "blue", army.id, "walter")          # 6.9: the deed
    garter.record(d, ["edith"])                                 # not a Lord: no deed
    assert garter.eligible(d) == ["walter"] and d.politics.deeds == ["walter"]
    err = refused(s, _seat(s, "william"), "award_garter noble:arthur")     # a Lord, but of no deed
    assert (err.section, err.code, err.legal) == ("13.3", "garter", ["walter"])
    assert err.message == ("the Garter goes once a round, when the deed is done, to a Lord who just beat invaders "
                           "(in battle, by Church Intervention or by Danegeld)")
    d.nobles["walter"].titles = []                              # a Lord no more before the answer
    assert garter.eligible(d) == []
    assert refused(s, _seat(s, "william"), "award_garter noble:walter").legal == "none now"
    d.nobles["walter"].titles = ["lord:II"]
    assert [(t.kind, t.family) for t in d.tasks] == [("garter", "red")]   # decided at the time of the deed
    assert refused(s, _seat(s, "walter"), "award_garter noble:walter").section in ("13.3", "turn")
    events = do(s, _seat(s, "william"), "award_garter noble:walter")
    assert "garter" in d.nobles["walter"].titles and not d.tasks
    assert [e.data for e in events if e.kind == "garter.awarded"] == [{"family": "red", "noble": "walter"}]
    garter.record(d, ["arthur"])
    assert garter.eligible(d) == [] and not d.tasks             # one a round
    # 13.3: no attack on the Sovereign where the Knight of the Garter stands with him
    city = d.nobles["walter"].city
    d.nobles["william"].city = city
    assert garter.bars(d, "blue", city, "red") and not garter.bars(d, "green", city, "red")
    d.nobles["walter"].captor = "green"                         # a captive Knight bars nothing
    assert not garter.bars(d, "blue", city, "red")
    d.nobles["walter"].captor, d.nobles["william"].captor = None, "green"   # nor guards a captive Sovereign
    assert not garter.bars(d, "blue", city, "red")
    d.nobles["william"].captor = None
    kill_noble(s, d, "walter", cause="battle")
    assert not any("garter" in n.titles for n in d.nobles.values())
    d.nobles["william"].titles = []                              # no Sovereign: nobody inducts
    with pytest.raises(RuleError) as err:
        garter.check_award(d, ["red"], "arthur")
    assert (err.value.section, err.value.code) == ("13.3", "not_sovereign")


def test_the_parliament_card_turns_back_at_the_end_of_the_round():
    s = started(4)
    d = g(s)
    d.royal_tax = True
    defaults_until(s, "play", 2)
    assert d.royal_tax
    d.politics.deeds = ["walter"]                               # 13.3: a deed lapses with its round too
    d.politics.pledges = {"ann": "walter"}                      # and so does a pledge never called on
    defaults_until(s, "draw", 2)
    assert d.flow.round == 2 and not d.royal_tax and d.politics.deeds == [] and d.politics.pledges == {}


def _garter_deed(with_king: bool = True):
    s = started(4)
    d = g(s)
    if with_king:
        d.nobles["william"].titles = ["king"]
    d.nobles["walter"].titles = ["lord:II"]
    army = next(iter(d.armies.values()))
    army.city, army.foot = d.nobles["walter"].city, 2
    d.players[_seat(s, "walter")].shillings = 10
    invaders.danegeld(s, d, "blue", army.id, "walter")
    return s, d


def test_13_3_the_sovereign_decides_at_the_time_of_the_deed_and_a_refusal_closes_it():
    """13.3: "A sitting Sovereign decides, at the time of the Action" (before the fix, ruling P1-7 let the
    Sovereign induct at any moment of the round)."""
    s, d = _garter_deed()
    dec = next(x for x in RULES.pending(s) if x.blocking)
    assert dec.seats == ("ann",) and dec.default_for("ann").kind == "award_garter"
    assert dec.default_for("ann").get("noble") is None               # the deadline inducts nobody
    do(s, "ann", "award_garter")
    assert not d.tasks and d.politics.deeds == [] and garter.eligible(d) == []
    assert refused(s, "ann", "award_garter noble:walter").code in ("garter", "not_your_turn")   # too late now
    assert "garter" not in d.nobles["walter"].titles


def test_13_3_the_sovereign_is_asked_in_words_and_answers_by_clicks():
    from engine.core import Audience
    from tests.speech import assert_human
    s, _d = _garter_deed()
    words, aud = RULES.words(), Audience(None, {"ann": "Ann", "bob": "Bob", "cat": "Cat", "dan": "Dan"})
    dec = next(x for x in RULES.pending(s) if x.blocking)
    question = words.question(s, dec, "ann", aud.to("ann"))
    assert_human(question, "the Garter question")
    assert "Walter" in question and "Garter" in question
    labels = [c.label for c in words.choices(s, dec, "ann", RULES.legal(s, "ann"), aud.to("ann"))]
    assert labels == ["Make Lord Walter a Knight of the Garter", "No Garter this time"]


def test_13_3_a_deed_done_while_no_sovereign_sits_earns_nothing_later():
    s, d = _garter_deed(with_king=False)
    assert not d.tasks and d.politics.deeds == []
    d.nobles["william"].titles = ["king"]                             # crowned afterwards
    assert garter.eligible(d) == [] and refused(s, "ann", "award_garter noble:walter").code in ("garter", "not_your_turn")


@pytest.mark.parametrize("held,offered", [(3, True), (4, False)])
def test_13_3_four_garter_markers_at_most(held, offered):
    s = started(4)
    d = g(s)
    d.nobles["william"].titles = ["king"]
    d.nobles["walter"].titles = ["lord:II"]
    for nid in ["lucia", "matilda", "edith", "rohese"][:held]:
        d.nobles[nid].titles = ["lord:V", "garter"]
    garter.record(d, ["walter"])
    assert bool(d.tasks) is offered and (garter.eligible(d) == ["walter"]) is offered


def test_two_players_vote_with_each_family_board():
    s = _at("parliament", players=2, william=["king", "lord:I"], walter=["lord:II"])
    d = g(s)
    do(s, _seat(s, "william"), "convene_parliament")
    assert len(d.flow.queue) == 4


# -- deals (9.1's note, 2.15, 5.1, 7.7) ----------------------------------------------------------
def _ballot_with_two_candidates():
    s = _at("ballot", william=["lord:I"], walter=["lord:II"], edward=["bishop:exeter"])
    g(s).politics.candidates = ["william", "walter"]
    return s


def test_a_vote_bought_in_a_deal_binds_the_seller():
    s = _ballot_with_two_candidates()
    d = g(s)
    buyer = d.families[d.flow.queue[1]].seat
    seller = d.families[d.flow.queue[0]].seat
    d.players[buyer].shillings = 3
    events = do(s, buyer, f"deal to:{seller} give_shillings:2 take_vote:walter")
    assert d.players[buyer].shillings == 1                               # set aside at once
    opened = [e for e in events if e.kind == "request.opened"]
    assert any(e.is_public and "give" not in e.data for e in opened)     # the table sees only that a deal is on
    assert any(set(e.to or ()) == {buyer, seller} and e.data["give"] == {"shillings": 2} for e in opened)
    r = next(r for r in d.requests.open if r.kind == "deal")
    before = d.players[seller].shillings
    events = do(s, seller, f"respond request:{r.id} accept:true")
    assert d.players[seller].shillings == before + 2 and d.politics.pledges == {seller: "walter"}
    assert d.players[buyer].shillings == 1
    told = {e.kind: (set(e.to or ()), e.data) for e in events if e.kind in ("deal.pledged", "deal.struck")}
    assert told["deal.pledged"] == ({buyer, seller}, {"seat": seller, "vote": "walter"})
    assert told["deal.struck"][0] == {buyer, seller}
    assert told["deal.struck"][1]["take"] == {"vote": "walter"}
    err = refused(s, seller, "vote_election support:william")
    assert (err.section, err.code, err.legal) == ("9.1", "pledged", "support:walter")
    assert err.message == "your FOR marker is pledged by a deal"
    assert refused(s, seller, "done").code == "pledged"
    dec = next(x for x in RULES.pending(s) if x.blocking)
    assert dec.default_for(seller).get("support") == "walter"
    do(s, seller, "vote_election support:walter decoy:william")


def test_a_declined_deal_gives_the_set_aside_shillings_back_and_a_deal_needs_what_it_gives():
    s = _ballot_with_two_candidates()
    d = g(s)
    buyer = d.families[d.flow.queue[1]].seat
    seller = d.families[d.flow.queue[0]].seat
    d.players[buyer].shillings = 3
    assert refused(s, buyer, f"deal to:{seller} give_shillings:5 take_vote:walter").code == "funds"
    assert refused(s, buyer, f"deal to:{seller} give_cities:York take_vote:walter").code == "deal_city"
    do(s, buyer, f"deal to:{seller} give_shillings:2 take_vote:walter")
    r = next(r for r in d.requests.open if r.kind == "deal")
    do(s, seller, f"respond request:{r.id} accept:false")
    assert d.players[buyer].shillings == 3 and d.politics.pledges == {}


def test_a_city_handed_over_in_a_deal_changes_hands_and_its_holder_steps_to_the_outskirts():
    """5.1's Transfer of Control, carried out when the deal is struck: the receiving family, present in the
    city, takes control and moves in; the giver's troops and nobles there go out to the outskirts."""
    s = _ballot_with_two_candidates()
    d = g(s)
    giver, receiver = d.flow.queue[1], d.flow.queue[0]
    buyer, seller = d.families[giver].seat, d.families[receiver].seat
    for c in d.cities.values():
        for fam in (giver, receiver):
            c.stacks.pop(fam, None)
    place(s, giver, "York", "men", control=True)
    place(s, receiver, "York", "men", control=False)
    d.cities["York"].stacks[receiver].outskirts = True
    mine, theirs = d.nobles[d.families[giver].nobles[0]], d.nobles[d.families[receiver].nobles[0]]
    mine.city, theirs.city, theirs.outskirts = "York", "York", True   # both present, the receiver's outside
    do(s, buyer, f"deal to:{seller} give_cities:York take_vote:walter")
    r = next(r for r in d.requests.open if r.kind == "deal")
    do(s, seller, f"respond request:{r.id} accept:true")
    york = d.cities["York"]
    assert york.controller == receiver
    assert york.stacks[giver].outskirts and not york.stacks[receiver].outskirts
    assert mine.outskirts and not theirs.outskirts


def test_a_captive_freed_for_a_tax_vote():
    s = _at("parliament", william=["king", "lord:I"], walter=["lord:II"])
    d = g(s)
    king = _seat(s, "william")
    do(s, king, "convene_parliament")
    other = _seat(s, "walter")
    d.nobles["matilda"].captor = "red"
    do(s, king, f"deal to:{other} give_captives:matilda take_vote:tax_for")
    r = next(r for r in d.requests.open if r.kind == "deal")
    do(s, other, f"respond request:{r.id} accept:true")
    assert d.nobles["matilda"].captor is None
    fam = d.nobles["walter"].family
    assert d.politics.pledges[other] == "tax_for"
    while d.flow.step == "tax_vote" and d.flow.queue[d.flow.turn] != fam:
        f = d.flow.queue[d.flow.turn]
        do(s, d.families[f].seat, "vote_tax vote:against")
    err = refused(s, other, "vote_tax vote:against")
    assert (err.section, err.code, err.legal) == ("9.2", "pledged", "vote:for")
    assert err.message == "your vote on the Royal Tax is pledged by a deal"


def test_no_tax_vote_is_pledged_before_the_sovereign_convenes_parliament():
    s = _at("parliament", william=["king", "lord:I"], walter=["lord:II"])
    d = g(s)
    king, other = _seat(s, "william"), _seat(s, "walter")
    d.nobles["matilda"].captor = "red"
    err = refused(s, king, f"deal to:{other} give_captives:matilda take_vote:tax_for")
    assert (err.code, err.legal) == ("deal_vote", "none now")
    do(s, king, "convene_parliament")
    assert d.flow.step == "tax_vote"
    do(s, king, f"deal to:{other} give_captives:matilda take_vote:tax_for")


# -- marriage benefits (9.0) -------------------------------------------------------------------------
def test_allies_may_assign_a_lord_title_to_each_others_nobles():
    s = started(4)
    d = g(s)
    d.nobles["william"].titles = ["lord:I", "lord:II"]
    from engine.fief.estates import titles
    assert "matilda" not in titles.transfer_receivers(d, "red", "william")
    d.nobles["william"].spouse, d.nobles["matilda"].spouse = "matilda", "william"
    assert "matilda" in titles.transfer_receivers(d, "red", "william")
    assert "lucia" in titles.transfer_receivers(d, "red", "william")
    d.flow.round, d.flow.phase, d.flow.step, d.flow.turn = 2, 4, "purchase", 0
    d.flow.queue = ["red"]
    do(s, _seat(s, "william"), "transfer_title region:II to:matilda")
    assert "lord:II" in d.nobles["matilda"].titles and d.nobles["william"].titles == ["lord:I"]


def test_the_tie_break_ranks_garter_with_any_title_then_crown_then_duke_count_baron():
    from engine.fief import victory
    s = started(4)
    d = g(s)
    d.nobles["william"].titles = ["bishop:exeter", "garter"]       # Garter with a Bishop's title
    d.nobles["walter"].titles = ["king", "lord:V"]
    d.nobles["arthur"].titles = ["lord:VI"]                       # a Duke
    d.nobles["edward"].titles = ["lord:I"]                        # a Count
    key = {s: victory.tiebreak(d, (s,)) for s in d.players}
    order = sorted(d.players, key=lambda x: key[x], reverse=True)
    assert [d.players[x].families[0] for x in order] == ["red", "blue", "green", "yellow"]
    d.nobles["william"].titles = ["garter"]                       # the Garter alone ranks nothing
    assert victory.tiebreak(d, (_seat(s, "william"),))[0] == 0


def test_offered_cards_stay_in_hand_and_a_deal_whose_card_is_gone_cannot_be_accepted():
    s = _ballot_with_two_candidates()
    d = g(s)
    buyer = d.families[d.flow.queue[1]].seat
    seller = d.families[d.flow.queue[0]].seat
    d.players[buyer].hand = ["weather-1"] if "weather-1" in [c for c in d.fortune_deck] else [d.fortune_deck[0]]
    card = d.players[buyer].hand[0]
    do(s, buyer, f"deal to:{seller} give_cards:{card} take_vote:walter")
    assert d.players[buyer].hand == [card]                            # the hand size tells the table nothing
    r = next(r for r in d.requests.open if r.kind == "deal")
    d.players[buyer].hand = []
    assert refused(s, seller, f"respond request:{r.id} accept:true").code == "not_in_hand"
    d.players[buyer].hand = [card]
    do(s, seller, f"respond request:{r.id} accept:true")
    assert card in d.players[seller].hand and card not in d.players[buyer].hand


def test_allies_in_one_city_trade_without_a_pigeon():
    from engine.fief import legal
    s = started(4)
    d = g(s)
    d.nobles["william"].spouse, d.nobles["matilda"].spouse = "matilda", "william"
    d.flow.round, d.flow.phase, d.flow.step, d.flow.turn = 2, 2, "play", 0
    d.nobles["matilda"].city = d.nobles["william"].city
    d.nobles["arthur"].city = d.nobles["william"].city
    d.families["red"].pigeons = 0
    seat = _seat(s, "william")
    d.players[seat].shillings = 3
    offers = [a for a in legal.anytime_actions(d, seat) if a.kind == "pigeon_offer"]
    assert {a.get("to") for a in offers} == {"matilda"}          # the ally, not Arthur: no pigeon left
    do(s, seat, "pigeon_offer sender:william to:matilda give_shillings:2")
    o = d.offers.open[0]
    do(s, _seat(s, "matilda"), f"accept_offer offer:{o.id}")
    assert d.families["red"].pigeons == 0 and d.players[seat].shillings == 1


def test_a_son_placed_by_the_queens_family_is_prince_of_wales_and_succeeds_the_king():
    from engine.fief.cards import characters
    from engine.fief.components import C
    s = started(4)
    d = g(s)
    d.nobles["william"].spouse, d.nobles["matilda"].spouse = "matilda", "william"
    crowning.crown(s, d, "william", "election")
    card = next(c for c in C.cards if c.startswith("noble-") and C.card(c).sex == "m"
                and c.removeprefix("noble-") not in d.nobles)
    d.players[_seat(s, "matilda")].hand.append(card)
    city = characters.noble_cities(d, "blue")[0]
    son = characters.play_noble(s, d, "blue", card, city).id
    assert "prince_of_wales" in d.nobles[son].titles
    kill_noble(s, d, "william", cause="plague")
    assert sovereign(d) is d.nobles[son] and "queen" in d.nobles["matilda"].titles


def test_9_1_deals_wait_for_setup_and_a_vote_pledge_names_the_pledges_open():
    """Mutation survivors (seed 14): the refusals say why and what is possible."""
    s, _ = RULES.new_game(["ann", "bob", "cat"], {}, 1)
    assert g(s).flow.step == "start"
    err = refused(s, "ann", "deal to:bob give_shillings:1")
    assert (err.section, err.code, err.legal) == ("9.1", "deal_time", "later")
    assert err.message == "deals begin once every family has set up"
    s = _ballot_with_two_candidates()
    d = g(s)
    buyer = d.families[d.flow.queue[1]].seat
    seller = d.families[d.flow.queue[0]].seat
    err = refused(s, buyer, f"deal to:{seller} give_vote:nobody-at-all take_shillings:1")
    assert err.code == "deal_vote" and err.legal and err.legal != "none now"


def test_definitions_a_sovereign_queens_son_stays_prince_of_wales_and_another_familys_loses_it():
    s = started(4)
    d = g(s)
    d.nobles["walter"].titles.append("prince_of_wales")    # a son of Matilda's family
    d.nobles["william"].titles.append("prince_of_wales")   # a son of another family
    s.take_events()
    crowning.crown(s, d, "matilda", "election")
    events = s.take_events()
    assert d.nobles["matilda"].titles == ["sovereign_queen"]
    assert "prince_of_wales" in d.nobles["walter"].titles and "prince_of_wales" not in d.nobles["william"].titles
    assert [e.data for e in events if e.kind == "title.lost"] == [{"noble": "william", "title": "prince_of_wales"}]


def test_13_3_one_garter_a_round_and_the_next_round_opens_again():
    """13.3's once a round at its boundary: the round of the award closes it, the next round opens it."""
    s, d = _garter_deed()
    do(s, "ann", "award_garter noble:walter")
    d.nobles["arthur"].titles = ["lord:III"]
    garter.record(d, ["arthur"])
    assert not d.tasks and garter.eligible(d) == []
    d.flow.round += 1
    garter.record(d, ["arthur"])
    assert [t.kind for t in d.tasks] == ["garter"] and garter.eligible(d) == ["arthur"]


def test_9_1_ballot_and_nomination_refusals_say_what_may_be_done():
    s = _ballot_with_two_candidates()
    d = g(s)
    seat = d.families[d.flow.queue[0]].seat
    err = refused(s, seat, "vote_election")
    assert (err.section, err.code, err.legal) == ("9.1", "no_marker", "done")
    assert err.message == "place at least one marker, or pass with done"
    err = refused(s, seat, "vote_election support:edward")
    assert (err.section, err.code, err.legal) == ("9.1", "not_candidate", ["william", "walter"])
    assert err.message == "vote markers go on the declared candidates"
    s = _at("election", william=["lord:I"], walter=["lord:II"], edward=["bishop:exeter"])
    d = g(s)
    err = refused(s, d.families[d.flow.queue[0]].seat, "nominate noble:edward")     # a Bishop is clergy
    assert (err.section, err.code, err.legal) == ("9.1", "candidate", ["walter", "william"])
    assert err.message == "a candidate is a Lord outside the clergy, neither captive nor besieged, not yet declared"
    d.nobles["william"].captor = d.nobles["walter"].captor = "bandits"             # nobody left to stand
    assert refused(s, d.families[d.flow.queue[0]].seat, "nominate noble:william").legal == "done"


def test_9_2_a_tax_vote_is_for_or_against_and_11_2_a_burgher_needs_its_card():
    s = _at("parliament", william=["king", "lord:I"])
    d = g(s)
    err = refused(s, _seat(s, "william"), "award_garter noble:william")        # 13.3: no deed to reward
    assert (err.section, err.code, err.legal) == ("13.3", "garter", "none now")
    assert err.message == "the Sovereign inducts a Knight of the Garter when a Lord has just beaten invaders"
    do(s, _seat(s, "william"), "convene_parliament")
    seat = d.families[d.flow.queue[d.flow.turn]].seat
    err = refused(s, seat, "vote_tax vote:maybe")
    assert (err.section, err.code, err.legal) == ("9.2", "vote", ["for", "against"])
    assert err.message == "vote for or against the Royal Tax"
    err = refused(s, seat, "vote_tax vote:for burgher:true")
    assert (err.section, err.code, err.legal) == ("11.2", "no_burgher", "burgher:false")
    assert err.message == "only a Burgher on your family board, with a Treasure left and a Lord in the family, adds its votes"


def test_13_3_the_garter_goes_only_to_a_lord_of_the_deed_and_only_from_the_sovereign():
    s, d = _garter_deed()
    err = refused(s, "ann", "award_garter noble:arthur")
    assert (err.section, err.code, err.legal) == ("13.3", "garter", ["walter"])
    assert err.message == ("the Garter goes once a round, when the deed is done, to a Lord who just beat invaders "
                           "(in battle, by Church Intervention or by Danegeld)")
    d.nobles["william"].titles, d.nobles["walter"].titles = [], ["king"]   # the crown passed meanwhile
    err = refused(s, "ann", "award_garter noble:walter")
    assert (err.section, err.code, err.legal) == ("13.3", "not_sovereign", "none")
    assert err.message == "only the King or Sovereign Queen inducts a Knight of the Garter"


def test_9_1_the_candidate_with_most_votes_is_told_elected_king():
    s = _ballot_with_two_candidates()
    d = g(s)
    events = []
    while d.flow.step == "ballot":
        events += do(s, d.families[d.flow.queue[d.flow.turn]].seat, "vote_election support:william")
    told = [RULES.words().event(s, e, _AUD) for e in events if e.kind == "crown.taken"]
    assert told == ["Lord William (Red) is elected King of England and rides out with two Royal Knights."]
