"""9.0 Marriage Alliances in Phase 1 (1.0), with 13.7 (two players) and 13.8 (three players)."""

import pytest

from engine.core import RuleError
from engine.fief.crown import marriage
from engine.fief.rules import RULES
from engine.fief.state import allied
from tests.fief.helpers import defaults_until, do, g, refused, started, turn_seat


def _couple(s, fam_a, fam_b):
    """(nobleman of fam_a, noblewoman of fam_b)."""
    d = g(s)
    man = next(n for n in sorted(d.families[fam_a].nobles) if d.nobles[n].sex == "m")
    woman = next(n for n in sorted(d.families[fam_b].nobles) if d.nobles[n].sex == "f")
    return man, woman


def _at_marriages(players=4, seed=1):
    s = started(players, seed)
    defaults_until(s, "marriage", 1)
    return s


def test_phase_1_is_skipped_in_round_1_and_opens_with_marriages_from_round_2():
    s = started(4)
    assert g(s).flow.round == 1 and g(s).flow.step == "draw"
    defaults_until(s, "marriage", 1)
    assert g(s).flow.round == 2
    assert RULES.phase(s) == "Round 2, Phase 1: Hear Ye, Hear Ye - marriages"
    assert next(d for d in RULES.pending(s) if d.blocking).id.startswith("marriage-")


def test_a_proposal_accepted_marries_the_two_nobles_and_allies_the_players():
    s = _at_marriages()
    d = g(s)
    seat = turn_seat(s)
    mine = d.flow.queue[d.flow.turn]
    other = next(f for f in d.flow.order if d.families[f].seat != seat)
    man, woman = _couple(s, mine, other)
    do(s, seat, f"propose_marriage noble:{man} spouse:{woman}")
    r = next(r for r in d.requests.open if r.kind == "marriage")
    assert r.to == d.families[other].seat
    err = refused(s, seat, f"propose_marriage noble:{man} spouse:{woman}")
    assert (err.section, err.code, err.message, err.legal) == (
        "9.0", "proposal_open", "your proposal awaits its answer", "done")
    events = do(s, r.to, f"respond request:{r.id} accept:true")
    assert any(e.kind == "marriage.made" and e.is_public for e in events)
    assert d.nobles[man].spouse == woman and d.nobles[woman].spouse == man
    assert not d.families[mine].ring and not d.families[other].ring
    assert allied(d, mine, other)
    # 9.0: one marriage per player at a time
    assert refused(s, seat, f"propose_marriage noble:{man} spouse:{woman}").code == "marriage"


def test_a_refused_proposal_changes_nothing_and_done_is_the_default():
    s = _at_marriages()
    d = g(s)
    seat = turn_seat(s)
    mine = d.flow.queue[d.flow.turn]
    other = next(f for f in d.flow.order if d.families[f].seat != seat)
    man, woman = _couple(s, mine, other)
    assert next(x for x in RULES.pending(s) if x.blocking).default_for(seat).kind == "done"
    do(s, seat, f"propose_marriage noble:{man} spouse:{woman}")
    r = next(r for r in d.requests.open if r.kind == "marriage")
    do(s, r.to, f"respond request:{r.id} accept:false")
    assert d.nobles[man].spouse is None and d.families[mine].ring


def test_who_may_marry():
    s = _at_marriages()
    d = g(s)
    seat = turn_seat(s)
    mine = d.flow.queue[d.flow.turn]
    other = next(f for f in d.flow.order if d.families[f].seat != seat)
    man, woman = _couple(s, mine, other)
    own_woman = _couple(s, other, mine)[1]
    assert refused(s, seat, f"propose_marriage noble:{man} spouse:{own_woman}").code == "marriage"   # one family
    other_man = _couple(s, other, other)[0]
    assert refused(s, seat, f"propose_marriage noble:{man} spouse:{other_man}").code == "marriage"   # two men
    d.nobles[woman].titles.append("abbess:a1")
    assert refused(s, seat, f"propose_marriage noble:{man} spouse:{woman}").code == "marriage"       # an Abbess
    d.nobles[woman].titles.remove("abbess:a1")
    d.nobles[man].titles.append("bishop:york")
    assert refused(s, seat, f"propose_marriage noble:{man} spouse:{woman}").code == "marriage"       # clergy
    d.nobles[man].titles.remove("bishop:york")
    assert not marriage.still_possible(d, "nobody", woman)
    mine_woman = _couple(s, mine, mine)[1]
    assert (mine_woman, other_man) in marriage.matches(d, seat)                                   # she proposes
    third = next(f for f in d.flow.order if d.families[f].seat not in (seat, d.families[other].seat))
    bride = _couple(s, third, third)[1]
    d.nobles[other_man].spouse, d.nobles[bride].spouse = bride, other_man          # the other player is wed
    assert refused(s, seat, f"propose_marriage noble:{man} spouse:{woman}").code == "marriage"       # allied


@pytest.mark.parametrize("she_proposes", [False, True])
@pytest.mark.parametrize("title", ["bishop:york", "abbess:a1", "spouse"])
def test_an_accepted_proposal_weds_nobody_once_either_side_may_no_longer_marry(she_proposes, title):
    """9.0: the answer comes later; if meanwhile the proposer or the noble asked became clergy, an Abbess or
    someone's spouse, accepting counts as a refusal, whichever of the two proposed."""
    s = _at_marriages()
    d = g(s)
    seat = turn_seat(s)
    mine = d.flow.queue[d.flow.turn]
    other = next(f for f in d.flow.order if d.families[f].seat != seat)
    man, woman = _couple(s, mine, other) if not she_proposes else _couple(s, other, mine)
    proposer, asked = (woman, man) if she_proposes else (man, woman)
    do(s, seat, f"propose_marriage noble:{proposer} spouse:{asked}")
    r = next(r for r in d.requests.open if r.kind == "marriage")
    assert marriage.still_possible(d, proposer, asked)
    changed = man if title.startswith("bishop") else woman
    if title == "spouse":
        d.nobles[changed].spouse = "somebody"
    else:
        d.nobles[changed].titles.append(title)
    assert not marriage.still_possible(d, proposer, asked)
    do(s, r.to, f"respond request:{r.id} accept:true")
    assert d.nobles[asked].spouse in (None, "somebody") and d.nobles[proposer].spouse in (None, "somebody")
    assert not allied(d, mine, other)


@pytest.mark.parametrize("bride_was_queen", [False, True])
def test_a_kings_new_wife_becomes_queen_and_a_widowed_queen_steps_down(bride_was_queen):
    s = _at_marriages()
    d = g(s)
    seat = turn_seat(s)
    mine = d.flow.queue[d.flow.turn]
    other = next(f for f in d.flow.order if d.families[f].seat != seat)
    man, woman = _couple(s, mine, other)
    third = next(f for f in d.flow.order if d.families[f].seat not in (seat, d.families[other].seat))
    widow = woman if bride_was_queen else _couple(s, third, third)[1]
    d.nobles[widow].titles.append("queen")                 # a widowed Queen (9.0)
    d.nobles[man].titles.append("king")
    do(s, seat, f"propose_marriage noble:{man} spouse:{woman}")
    r = next(r for r in d.requests.open if r.kind == "marriage")
    events = do(s, r.to, f"respond request:{r.id} accept:true")
    assert [n for n in d.nobles if "queen" in d.nobles[n].titles] == [woman]
    assert d.nobles[woman].titles.count("queen") == 1
    crowned = [e.data for e in events if e.kind == "queen.crowned"]
    assert crowned == ([] if bride_was_queen else [{"noble": woman, "king": man}])


def test_two_players_marry_their_own_two_families_at_once():
    s = _at_marriages(2)
    d = g(s)
    seat = turn_seat(s)
    a, b = d.players[seat].families
    man, woman = _couple(s, a, b)
    other_fam = next(f for f in d.families if d.families[f].seat != seat)
    err = refused(s, seat, f"propose_marriage noble:{man} spouse:{_couple(s, a, other_fam)[1]}")
    assert (err.section, err.code) == ("9.0", "marriage") and "Lord Arthur and Lady Rohese" in err.legal
    assert err.message == ("only a single man outside the clergy and a single woman who is no Abbess may wed, and "
                           "only between two players who are not already allied (with two players: between your "
                           "own two families, 13.7)")
    couples = [frozenset((x["noble"], x["spouse"])) for x in RULES.legal(s, seat) if x.kind == "propose_marriage"]
    assert frozenset((man, woman)) in couples and len(couples) == len(set(couples)) == len(marriage.matches(d, seat))
    assert not any(f"{y} and {x}" in err.legal for x, y in (c.split(" and ") for c in err.legal))   # each once
    events = do(s, seat, f"propose_marriage noble:{woman} spouse:{man}")       # either order
    assert any(e.kind == "marriage.made" for e in events) and allied(d, a, b)


def test_three_players_have_no_marriages():
    s = started(3)
    defaults_until(s, "play", 2)
    defaults_until(s, "draw", 2)
    assert g(s).flow.round == 2 and marriage.suitors(g(s)) == []
    seat = g(s).families[g(s).flow.order[0]].seat
    assert all(marriage.matches(g(s), x) == [] for x in g(s).players)
    man, woman = _couple(s, g(s).flow.order[0], g(s).flow.order[1])
    try:
        marriage.check_proposal(g(s), seat, man, woman)
    except RuleError as err:
        assert (err.section, err.code, err.legal) == ("13.8", "no_marriage", "done")
        assert err.message == "there are no marriages in a three-player game"
    else:
        raise AssertionError("a three-player marriage was allowed")


def test_phase_2_s_draw_starts_afresh_after_the_marriages():
    """1.0: whatever was drawn in the round before, Phase 2 counts its draws from nothing."""
    s = _at_marriages()
    d = g(s)
    for p in d.players.values():
        p.drawn, p.drawn_characters, p.herald_used, p.last_draw = 2, 1, True, "fortune"
    defaults_until(s, "draw", 2)
    assert all((p.drawn, p.drawn_characters, p.herald_used, p.last_draw) == (0, 0, False, "")
               for p in d.players.values())


def test_9_0_with_every_noblewoman_wed_a_proposal_is_refused_saying_no_match_is_possible():
    s = _at_marriages()
    d = g(s)
    seat = turn_seat(s)
    for n in d.nobles.values():
        if n.sex == "f":
            n.spouse = "somebody"
    man = next(n for f in d.players[seat].families for n in d.families[f].nobles if d.nobles[n].sex == "m")
    err = refused(s, seat, f"propose_marriage noble:{man} spouse:matilda")
    assert (err.section, err.code, err.legal) == ("9.0", "marriage", "no match is possible now")
    assert not [a for a in RULES.legal(s, seat) if a.kind == "propose_marriage"]
