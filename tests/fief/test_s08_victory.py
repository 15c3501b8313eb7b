"""End of round (8.0), victory from Round 5 (8.1-8.3), Round 7 and tie-breaks (8.5), 13.5, 13.7, 13.8."""

from engine.fief import RULES, victory
from engine.fief.state import SeaCard
from tests.fief.helpers import g, next_round, started


def titles(s, family, *regions):
    data = g(s)
    noble = data.families[family].nobles[0]
    data.nobles[noble].titles += [f"lord:{r}" for r in regions]
    return noble


def test_8_0_end_of_round_cleanup_and_first_player_passes_left():
    s = started(4)
    data = g(s)
    first = data.flow.first
    data.seas["III"].append(SeaCard("harvest-1", "harvest", round=1))
    data.families[data.flow.order[0]].treasures = 0
    noble = data.families[data.flow.order[0]].nobles[0]
    data.nobles[noble].spent = True
    next_round(s)
    seats = list(data.players)
    assert data.flow.round == 2 and data.flow.first == seats[(seats.index(first) + 1) % 4]
    assert data.seas["III"] == [] and "harvest-1" in data.fortune_discard
    assert all(f.treasures == 2 for f in data.families.values())
    assert not data.nobles[noble].spent


def test_8_1_vp_titles_and_relic_marker():
    s = started(4)
    fam = g(s).flow.order[0]
    titles(s, fam, "III", "IV")
    g(s).relic_vp = fam
    assert victory.family_vp(g(s), fam) == 3


def test_8_2_solo_victory_from_round_5_not_before():
    s = started(4)
    data = g(s)
    fam = data.flow.order[0]
    titles(s, fam, "I", "II", "III")
    data.flow.round = 4
    assert victory.check(data) is None
    data.flow.round = 5
    winners, reason = victory.check(data)
    assert winners == [data.families[fam].seat] and "8.2" in reason


def test_8_3_alliance_needs_four_and_solo_beats_alliance():
    s = started(4)
    data = g(s)
    a, b, c, _ = data.flow.order
    na = titles(s, a, "I", "II")
    nb = next(n for n in data.families[b].nobles if data.nobles[n].sex != data.nobles[na].sex)
    data.nobles[na].spouse, data.nobles[nb].spouse = nb, na
    titles(s, b, "III")
    data.flow.round = 5
    assert victory.check(data) is None  # 3 VPs together, and a married player cannot win alone
    titles(s, b, "IV")
    winners, reason = victory.check(data)
    assert set(winners) == {data.families[a].seat, data.families[b].seat} and reason == "alliance victory (8.3)"
    titles(s, c, "V", "VI")
    data.relic_vp = c
    winners, reason = victory.check(data)
    assert winners == [data.families[c].seat] and reason == "solo victory (8.2)"


def test_8_5_round_7_most_vp_then_tiebreak_ex_8_2():
    """Ex 8-2: Duke+Count+Garter beats King+Count, which beats Duke+Relic."""
    s = started(3)
    data = g(s)
    a, b, c = data.flow.order
    na = titles(s, a, "V", "IV")
    data.nobles[na].titles.append("garter")
    nb = titles(s, b, "I")
    data.nobles[nb].titles.append("king")
    data.nobles[nb].titles.append("lord:III")
    titles(s, c, "VI")
    data.relic_vp = c
    data.flow.round = 7
    winners, reason = victory.check(data)
    assert winners == [data.families[a].seat] and "8.5" in reason
    data.nobles[na].titles.remove("garter")
    data.nobles[na].titles.remove("lord:IV")
    data.nobles[na].titles.append("lord:II")
    assert victory.check(data)[0] == [data.families[b].seat]


def test_13_7_two_players_need_marriage_early_but_not_after_round_7():
    s = started(2)
    data = g(s)
    seat = next(iter(data.players))
    f1, f2 = data.players[seat].families
    titles(s, f1, "I", "II")
    titles(s, f2, "III", "IV")
    data.flow.round = 5
    assert victory.check(data) is None
    n1 = data.families[f1].nobles[0]
    n2 = next(n for n in data.families[f2].nobles if data.nobles[n].sex != data.nobles[n1].sex)
    data.nobles[n1].spouse, data.nobles[n2].spouse = n2, n1
    assert victory.check(data)[0] == [seat]
    data.nobles[n1].spouse = data.nobles[n2].spouse = None
    data.flow.round = 7
    assert victory.check(data)[0] == [seat]


def test_13_5_a_family_without_nobles_plays_on():
    s = started(4)
    data = g(s)
    fam = data.flow.order[0]
    from engine.fief.estates.succession import kill_noble
    for n in list(data.families[fam].nobles):
        kill_noble(s, data, n, "test")
    next_round(s)
    assert data.flow.round == 2 and fam in data.flow.order and RULES.result(s) is None


def test_whole_game_reaches_the_end_of_round_7():
    s = started(3, seed=5)
    from engine.core import apply
    while RULES.result(s) is None:
        d = next(d for d in RULES.pending(s) if d.blocking)
        apply(RULES, s, d.seats[0], d.default_for(d.seats[0]))
    assert g(s).flow.round == 7 and "8.5" in RULES.result(s).reason
