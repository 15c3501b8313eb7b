"""7.7 ransoms at the start of Phase 4, 6.7 invaders' ransom, 13.4 the Bandits' ransom table."""

from engine.core import Action
from engine.fief import RULES
from engine.fief.estates.ransom import ransom_value
from engine.fief.state import Stack
from tests.fief.helpers import defaults_until, do, g, refused, started, turn_seat


def with_captive(captor="family", shillings=10, titles=()):
    s = started(4)
    defaults_until(s, "play", 2)
    data = g(s)
    red, blue = data.flow.order[:2]
    victim = data.families[red].nobles[0]
    n = data.nobles[victim]
    n.titles = list(titles)
    if captor == "family":
        n.captor, n.held_by = blue, data.families[blue].nobles[0]
        n.city = data.nobles[n.held_by].city
    else:
        n.captor = captor
    for _ in range(len(data.flow.queue)):
        do(s, turn_seat(s), "done")
    defaults_until(s, "ransom", 4)
    data.players[data.families[red].seat].shillings = shillings
    return s, red, blue, victim


def test_7_7_ransom_value_two_plus_two_per_title():
    """Ex 7-5: a Bishop and Baron is worth 6; Ex 6-5: three titles, 8."""
    s, red, blue, victim = with_captive(titles=("bishop:exeter", "lord:III"))
    assert ransom_value(g(s).nobles[victim]) == 6
    g(s).nobles[victim].titles.append("lord:V")
    assert ransom_value(g(s).nobles[victim]) == 8


def test_7_7_full_ransom_mandatory_when_affordable():
    """Ex 7-6 with 10 shillings: Dave must pay the 6 and George must free Henri."""
    s, red, blue, victim = with_captive(titles=("bishop:exeter", "lord:III"), shillings=10)
    data = g(s)
    seat = data.families[red].seat
    assert data.flow.queue[data.flow.turn] == red
    err = refused(s, seat, "done")
    assert (err.section, err.code, err.message, err.legal) == (
        "7.7", "mandatory", "paying a full ransom you can afford is mandatory", ['pay_ransom captive:arthur'])
    assert err.section == "7.7" and err.code == "mandatory"
    err = refused(s, seat, f"offer_ransom captive:{victim} amount:3")
    assert (err.section, err.code, err.message, err.legal) == (
        "7.7", "mandatory", "you can pay the full ransom of 6: it is mandatory", "pay_ransom captive:arthur")
    captor_seat = data.families[blue].seat
    before = data.players[captor_seat].shillings
    do(s, seat, f"pay_ransom captive:{victim}")
    assert data.nobles[victim].captor is None and data.players[seat].shillings == 4
    assert data.players[captor_seat].shillings == before + 6


def test_7_7_short_of_money_may_offer_less_captor_may_refuse():
    """Ex 7-6 with 5 shillings: Dave may haggle; George may refuse and keep Henri."""
    s, red, blue, victim = with_captive(titles=("bishop:exeter", "lord:III"), shillings=5)
    data = g(s)
    seat, captor_seat = data.families[red].seat, data.families[blue].seat
    do(s, seat, f"offer_ransom captive:{victim} amount:4")
    err = refused(s, seat, f"offer_ransom captive:{victim} amount:1")
    assert (err.section, err.code, err.message, err.legal) == (
        "7.7", "offer_open", "an offer for this captive awaits its answer", "wait for the captor's answer")
    req = data.requests.open[0]
    do(s, captor_seat, f"respond request:{req.id} accept:no")
    assert data.nobles[victim].captor == blue
    do(s, seat, f"offer_ransom captive:{victim} amount:5")
    req = data.requests.open[0]
    do(s, captor_seat, f"respond request:{req.id} accept:yes")
    assert data.nobles[victim].captor is None and data.players[seat].shillings == 0


def test_6_7_invaders_take_only_the_full_price():
    s, red, blue, victim = with_captive(captor="invaders:army-1", shillings=1)
    seat = g(s).families[red].seat
    err = refused(s, seat, f"offer_ransom captive:{victim} amount:1")
    assert (err.section, err.code, err.message, err.legal) == (
        "7.7", "no_haggle", "Invaders and Bandits take only the full ransom", "pay_ransom captive:arthur")
    do(s, seat, "done")


def test_13_4_bandits_table_and_nearest_friendly_city():
    s, red, blue, victim = with_captive(captor="bandits", shillings=10, titles=("lord:I",))
    data = g(s)
    assert ransom_value(data.nobles[victim]) == 4
    data.nobles[victim].titles = ["bishop:exeter", "lord:I"]
    assert ransom_value(data.nobles[victim]) == 10
    data.nobles[victim].titles = ["king"]
    assert ransom_value(data.nobles[victim]) == 0
    data.nobles[victim].titles = ["abbess:autumn"]
    assert ransom_value(data.nobles[victim]) == 5
    data.cities["York"].stacks[blue] = Stack(troops=["men"])
    data.cities["York"].controller = blue
    seat = data.families[red].seat
    err = refused(s, seat, f"pay_ransom captive:{victim} city:York")
    assert (err.section, err.code, err.message, err.legal) == (
        "13.4", "release_city", "Arthur cannot be freed to 'York'", ["King's Lynn", 'Lincoln', 'Nottingham'])
    assert err.section == "13.4" and set(err.legal) <= {"Lincoln", "King's Lynn", "Nottingham"}
    do(s, seat, f"pay_ransom captive:{victim} city:Lincoln")
    assert data.nobles[victim].city == "Lincoln"



def test_13_4_with_no_friendly_city_left_the_freed_noble_goes_to_the_nearest_city_to_sherwood():
    """Ruling R27: every city held by another family and no free noble of the family anywhere. The ransom
    is still due and payable (seed 100401 of the 4-player playouts crashed here before)."""
    s, red, blue, victim = with_captive(captor="bandits", shillings=10)
    data = g(s)
    for c in data.cities.values():
        c.controller = blue
    for nid in data.families[red].nobles:
        if nid != victim:
            data.nobles[nid].captor = "bandits"
    seat = data.families[red].seat
    legal = RULES.legal(s, seat)
    assert "done" not in [a.kind for a in legal]   # 7.7: a ransom the player can pay is due
    assert [a for a in legal if a.kind == "pay_ransom" and a["captive"] == victim] == [
        Action.of("pay_ransom", captive=victim, city=c) for c in ("King's Lynn", "Lincoln", "Nottingham", "York")]
    assert RULES.pending(s)[0].default_for(seat).kind == "pay_ransom"
    err = refused(s, seat, f"pay_ransom captive:{victim} city:London")
    assert (err.section, err.code, err.message, err.legal) == (
        "13.4", "release_city", "Arthur cannot be freed to 'London'",
        ["King's Lynn", 'Lincoln', 'Nottingham', 'York'])
    assert err.section == "13.4" and err.legal == ["King's Lynn", "Lincoln", "Nottingham", "York"]
    do(s, seat, f"pay_ransom captive:{victim}")
    assert data.nobles[victim].captor is None and data.nobles[victim].city == "King's Lynn"
    assert data.players[seat].shillings == 8

def test_7_7_offered_money_is_set_aside_and_returned_if_refused_or_expired():
    s, red, blue, victim = with_captive(titles=("bishop:exeter", "lord:III"), shillings=5)
    data = g(s)
    seat, captor_seat = data.families[red].seat, data.families[blue].seat
    do(s, seat, f"offer_ransom captive:{victim} amount:4")
    assert data.players[seat].shillings == 1
    do(s, captor_seat, f"respond request:{data.requests.open[0].id} accept:no")
    assert data.players[seat].shillings == 5
    do(s, seat, f"offer_ransom captive:{victim} amount:3")
    do(s, seat, "done")  # the step ends with the offer unanswered: it expires
    assert data.players[seat].shillings == 5 and not data.requests.open


def test_7_7_an_offer_is_below_the_full_ransom_never_equal_to_it():
    s, red, _blue, victim = with_captive(titles=("bishop:exeter", "lord:III"), shillings=5)
    value = ransom_value(g(s).nobles[victim])
    seat = g(s).families[red].seat
    err = refused(s, seat, f"offer_ransom captive:{victim} amount:{value}")
    assert (err.section, err.code, err.message, err.legal) == (
        "7.7", "offer_amount", "an offer is below the full ransom of 6", "0..5")
    assert (err.section, err.code, err.legal) == ("7.7", "offer_amount", f"0..{value - 1}")
