"""2.12 Retainers: every ability of our original deck (engine/fief/data/retainers.json)."""

from engine.core import Audience
from engine.fief.components import C
from engine.fief.estates import income
from engine.fief.rules import RULES
from engine.fief.state import SeaCard, Stack
from tests.fief.helpers import defaults_until, do, g, give_card, refused, started, turn_seat


def setup_retainer(s, family, ability, which=0):
    data = g(s)
    nid = sorted(data.families[family].nobles)[which]
    data.nobles[nid].retainer = next(r for r in C.retainers if C.retainers[r].ability == ability)
    data.nobles[nid].spent = False
    return nid


def home(s, family):
    return next(c for c, x in g(s).cities.items() if x.controller == family)


def test_deck_of_23_with_known_abilities():
    assert len(C.retainers) == 23
    assert sum(1 for r in C.retainers.values() if r.ability == "mata") == 1


def test_mata_swaps_a_chosen_card_for_a_random_one_once_per_round():
    s = started(4)
    defaults_until(s, "play", 2)
    seat, fam = turn_seat(s), g(s).flow.queue[0]
    nid = setup_retainer(s, fam, "mata")
    other = next(x for x in g(s).players if x != seat)
    give_card(s, seat, "tax-1")
    give_card(s, other, "tax-2")
    give_card(s, other, "harvest-1")
    s.rng.force("harvest-1")
    events = do(s, seat, f"mata noble:{nid} target:{other} card:tax-1")
    assert "harvest-1" in g(s).players[seat].hand and "tax-1" in g(s).players[other].hand
    assert all("harvest-1" not in str(e.data) for e in events if e.is_public and e.kind != "random.pick")
    err = refused(s, seat, f"mata noble:{nid} target:{other} card:harvest-1")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.12", "retainer", "Arthur has no unspent mata retainer (or is captive)", "no mata ready")


def test_income_retainers_steward_reeve_almoner_bailiff():
    s = started(4)
    data = g(s)
    fam = data.flow.order[0]
    city = home(s, fam)
    data.cities[city].mill = True
    a = setup_retainer(s, fam, "steward", 0)
    before = dict(income.compute(data)[fam])
    assert before[f"steward of {data.nobles[a].name}"] == 1
    setup_retainer(s, fam, "reeve", 0)
    assert dict(income.compute(data)[fam])[f"reeve of {data.nobles[a].name}"] == 1
    setup_retainer(s, fam, "almoner", 0)
    assert f"almoner of {data.nobles[a].name}" not in dict(income.compute(data)[fam])
    data.cities[city].building = "abbey"
    data.cities[city].abbey = "autumn"
    assert dict(income.compute(data)[fam])[f"almoner of {data.nobles[a].name}"] == 2
    setup_retainer(s, fam, "bailiff", 0)
    assert f"bailiff of {data.nobles[a].name}" not in dict(income.compute(data)[fam])
    data.nobles[a].titles.append("lord:" + __import__("engine.fief.map", fromlist=["x"]).load_map().cities[city].region)
    region = data.nobles[a].titles[-1].split(":")[1]
    data.seas[region].append(SeaCard("tax-1", "tax", by=fam, tallage=region))
    assert dict(income.compute(data)[fam])[f"bailiff of {data.nobles[a].name}"] == 2


def test_captive_noble_lends_no_ability():
    s = started(4)
    data = g(s)
    fam = data.flow.order[0]
    a = setup_retainer(s, fam, "steward")
    data.nobles[a].captor = "bandits"
    assert not any(src.startswith("steward") for src, _ in income.compute(data)[fam])


def test_sergeant_musters_a_free_men_at_arms_counting_toward_four():
    s = started(4)
    defaults_until(s, "purchase", 4)
    seat, fam = turn_seat(s), g(s).flow.queue[0]
    nid = setup_retainer(s, fam, "sergeant")
    city = g(s).nobles[nid].city
    n = len(g(s).cities[city].stacks[fam].troops)
    money = g(s).players[seat].shillings
    do(s, seat, f"muster noble:{nid}")
    assert len(g(s).cities[city].stacks[fam].troops) == n + 1 and g(s).players[seat].shillings == money
    assert g(s).cities[city].stacks[fam].new == 1
    err = refused(s, seat, f"muster noble:{nid}")
    assert (err.section, err.code, err.message, err.legal) == (
        "4.0", "retainer", "Arthur has no unspent sergeant retainer (or is captive)", "no sergeant ready")


def test_mason_takes_two_off_the_first_building():
    s = started(4)
    defaults_until(s, "purchase", 4)
    seat, fam = turn_seat(s), g(s).flow.queue[0]
    setup_retainer(s, fam, "mason")
    g(s).players[seat].shillings = 10
    do(s, seat, f"build what:mill city:{home(s, fam)}")
    assert g(s).players[seat].shillings == 9
    g(s).cities["Oxford"].controller = fam
    g(s).cities["Oxford"].stacks[fam] = Stack(troops=["men"])
    do(s, seat, "build what:mill city:Oxford")
    assert g(s).players[seat].shillings == 6


def test_chancellor_takes_two_off_a_title():
    s = started(4)
    defaults_until(s, "purchase", 4)
    seat, fam = turn_seat(s), g(s).flow.queue[0]
    data = g(s)
    city = home(s, fam)
    from engine.fief.map import load_map
    region = load_map().cities[city].region
    for c in load_map().regions[region].cities:
        data.cities[c].controller = fam
        data.cities[c].stacks.setdefault(fam, Stack(troops=["men"]))
    nid = setup_retainer(s, fam, "chancellor")
    data.players[seat].shillings = 20
    full = 2 * len(load_map().regions[region].cities)
    do(s, seat, f"buy_title region:{region} noble:{nid}")
    assert data.players[seat].shillings == 20 - (full - 2)
    assert data.nobles[nid].spent


def test_herald_allows_one_more_fortune_draw():
    s = started(4)
    seat, fam = turn_seat(s), g(s).flow.queue[0]
    setup_retainer(s, fam, "herald")
    data = g(s)
    data.fortune_deck = [c for c in data.fortune_deck if C.card(c).kind == "tax"] + \
        [c for c in data.fortune_deck if C.card(c).kind != "tax"]
    do(s, seat, "draw deck:fortune")
    do(s, seat, "draw deck:fortune")
    err = refused(s, seat, "draw deck:character")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.12", "herald_fortune", "the Herald's extra draw is for a Fortune card",
        ['draw deck:fortune', 'done'])
    do(s, seat, "draw deck:fortune")
    assert len(data.players[seat].hand) == 3
    err = refused(s, seat, "draw deck:fortune")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.0", "draw_limit", "you have drawn your 3 cards this round", ['done'])


def test_physician_saves_from_plague_then_leaves():
    s = started(4)
    data = g(s)
    data.flow.round = 2
    fam = data.flow.order[0]
    nid = setup_retainer(s, fam, "physician")
    from engine.fief.map import load_map
    region = load_map().cities[home(s, fam)].region
    data.fortune_deck.remove("plague-1")
    data.track = ["plague-1"]
    others = sorted(data.families[fam].nobles)
    rolls = [1 if n == nid else 6 for n in others]
    s.rng.force("plague-1", ["I", "II", "III", "IV", "V", "VI"].index(region) + 1, *rolls)
    for _ in range(4):
        do(s, turn_seat(s), "done")
    assert nid in data.nobles and data.nobles[nid].retainer is None


def test_falconer_pigeon_needs_no_roll():
    s = started(4)
    defaults_until(s, "play", 2)
    data = g(s)
    seat, fam = turn_seat(s), data.flow.queue[0]
    other = next(f for f in data.families if f != fam)
    nid = setup_retainer(s, fam, "falconer")
    target = data.families[other].nobles[0]
    data.players[seat].shillings = 5
    before = data.players[data.families[other].seat].shillings
    events = do(s, seat, f"pigeon sender:{nid} to:{target} shillings:2")
    assert not any(e.kind == "random.roll" for e in events)
    assert next(e for e in events if e.kind == "pigeon.sent").data["falconer"] is True
    assert data.players[seat].shillings == 3 and data.players[data.families[other].seat].shillings == before + 2
    assert any(e.kind == "pigeon.arrived" for e in events) and data.nobles[nid].retainer is None
    gone = next(e for e in events if e.kind == "retainer.removed")
    told = RULES.words().event(s, gone, Audience(None, {}))
    assert told is not None and told.endswith("has carried a pigeon and leaves the game.")


def test_2_12_give_retainer_within_family_swaps_and_other_family_asks():
    s = started(4)
    defaults_until(s, "play", 2)
    data = g(s)
    seat, fam = turn_seat(s), data.flow.queue[0]
    a, b = sorted(data.families[fam].nobles)
    ra, rb = data.nobles[a].retainer, data.nobles[b].retainer
    do(s, seat, f"give_retainer giver:{a} receiver:{b}")
    assert (data.nobles[a].retainer, data.nobles[b].retainer) == (rb, ra)
    other = next(f for f in data.families if f != fam)
    target = data.families[other].nobles[0]
    data.nobles[target].retainer = None
    err = refused(s, seat, f"give_retainer giver:{a} receiver:{target} price:-1")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.12", "price", "a price is a number of shillings", "0 or more")
    do(s, seat, f"give_retainer giver:{a} receiver:{target} price:1")
    req = data.requests.open[0]
    buyer = data.families[other].seat
    money, takings = data.players[buyer].shillings, data.players[seat].shillings
    do(s, buyer, f"respond request:{req.id} accept:yes")
    assert data.nobles[target].retainer == rb and data.players[buyer].shillings == money - 1
    assert data.players[seat].shillings == takings + 1   # the price is added to the seller's purse


def test_2_12_exchange_with_another_family_swaps_on_acceptance():
    s = started(4)
    defaults_until(s, "play", 2)
    data = g(s)
    seat, fam = turn_seat(s), data.flow.queue[0]
    other = next(f for f in data.families if f != fam)
    a, b = data.families[fam].nobles[0], data.families[other].nobles[0]
    ra, rb = data.nobles[a].retainer, data.nobles[b].retainer
    do(s, seat, f"give_retainer giver:{a} receiver:{b}")
    req = data.requests.open[0]
    do(s, data.families[other].seat, f"respond request:{req.id} accept:no")
    assert (data.nobles[a].retainer, data.nobles[b].retainer) == (ra, rb)
    do(s, seat, f"give_retainer giver:{a} receiver:{b}")
    do(s, data.families[other].seat, f"respond request:{data.requests.open[0].id} accept:yes")
    assert (data.nobles[a].retainer, data.nobles[b].retainer) == (rb, ra)


def test_sergeant_musters_only_in_a_city_the_family_controls():
    s = started(4)
    defaults_until(s, "purchase", 4)
    seat, fam = turn_seat(s), g(s).flow.queue[0]
    nid = setup_retainer(s, fam, "sergeant")
    g(s).nobles[nid].outskirts = True
    err = refused(s, seat, f"muster noble:{nid}")
    assert (err.section, err.code, err.message, err.legal) == (
        "4.0", "muster_city", "Arthur must stand in a city your family controls and that is not besieged",
        "a noble in a controlled city")
    assert (err.section, err.code) == ("4.0", "muster_city") and "controlled city" in err.legal


def test_chancellor_discount_counts_when_the_purse_holds_exactly_the_lower_price():
    s = started(4)
    defaults_until(s, "purchase", 4)
    seat, fam = turn_seat(s), g(s).flow.queue[0]
    data = g(s)
    from engine.fief.map import load_map
    region = load_map().cities[home(s, fam)].region
    for c in load_map().regions[region].cities:
        data.cities[c].controller = fam
        data.cities[c].stacks.setdefault(fam, Stack(troops=["men"]))
    nid = setup_retainer(s, fam, "chancellor")
    data.players[seat].shillings = 2 * len(load_map().regions[region].cities) - 2
    do(s, seat, f"buy_title region:{region} noble:{nid}")
    assert data.players[seat].shillings == 0


def test_2_12_a_sale_accepted_after_the_retainer_is_gone_or_unaffordable_is_refused():
    s = started(4)
    defaults_until(s, "play", 2)
    data = g(s)
    seat, fam = turn_seat(s), data.flow.queue[0]
    giver = sorted(data.families[fam].nobles)[0]
    other = next(f for f in data.families if f != fam)
    target = data.families[other].nobles[0]
    data.nobles[target].retainer = None
    do(s, seat, f"give_retainer giver:{giver} receiver:{target} price:1")
    req = data.requests.open[0]
    data.players[data.families[other].seat].shillings = 0
    err = refused(s, data.families[other].seat, f"respond request:{req.id} accept:yes")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.12", "retainer_gone", "the retainer can no longer change hands (or you cannot pay)", "accept:false")


def test_2_12_a_retainer_is_given_by_a_noble_of_yours_that_has_one_to_another_noble():
    s = started(4)
    defaults_until(s, "play", 2)
    data = g(s)
    seat, fam = turn_seat(s), data.flow.queue[0]
    a, b = sorted(data.families[fam].nobles)
    data.nobles[a].retainer, data.nobles[b].retainer = None, "sergeant-1"
    err = refused(s, seat, f"give_retainer giver:{a} receiver:{b}")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.12", "no_retainer", f"{a!r} is not a noble of your family with a retainer", [b])
    err = refused(s, seat, f"give_retainer giver:{b} receiver:nobody")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.12", "no_noble", "no other noble 'nobody'", [n for n in data.nobles if n != b])
