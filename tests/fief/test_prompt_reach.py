"""Every Fief decision answerable from its prompt by clicks (issue 32): the moves open besides a
decision (a city handed over, Opportunity cards, pigeons, deals) sit behind secondary choices after
its own; any troop split, purchase, share of the tax, hire and allotment of losses is a few clicks;
the parley prompt always has a choice. A click path is walked here as a player would: a prompt's
choice, then each step's option (a multi-select picks several), until a whole command."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from engine.core import Action, Audience, Decision, GameState, apply
from engine.core.words import Choice
from engine.fief import RULES
from engine.fief.state import Task
from engine.fief.war.state import Battle
from engine.fief.words.losses import loss_mixes
from tests.fief.helpers import at_step, g, give_card, place, seat_of
from tests.speech import assert_human

WORDS = RULES.words()
AUD = Audience(None, {"ann": "Ann", "bob": "Bob", "cat": "Cat", "dan": "Dan"})


def _decision(s: GameState, seat: str) -> Decision:
    ds = [d for d in RULES.pending(s) if seat in d.seats]
    return next((d for d in ds if d.blocking), ds[0])


def _choices(s: GameState, seat: str) -> list[Choice]:
    d = _decision(s, seat)
    legal = RULES.legal(s, seat) if d.blocking else []
    out = WORDS.choices(s, d, seat, legal, AUD.to(seat))
    for c in out:
        assert_human(c.label)
    return out


def _leaves(s: GameState, seat: str, kind: str, chosen: dict[str, Any], depth: int = 0) -> Iterator[Action]:
    """Every command a flow reaches (a multi-select: each option alone, each pair)."""
    assert depth < 14
    step = WORDS.flow(s, seat, kind, chosen, AUD.to(seat))
    if step is None:
        return
    assert 0 < len(step.options) <= 25, step.question
    assert_human(step.question)
    picks: list[list[Choice]] = [[o] for o in step.options]
    if step.multi:
        opts = list(step.options)
        picks = [[a, b] for i, a in enumerate(opts) for b in opts[i + 1:]] if step.min_values >= 2 else picks
        picks = [p for p in picks if step.min_values <= len(p) <= step.max_values]
    for pick in picks:
        for o in pick:
            assert_human(o.label)
        if len(pick) == 1 and pick[0].action is not None:
            yield pick[0].action
            continue
        nxt = dict(chosen)
        for o in pick:
            nxt.update(dict(o.chosen))
        if step.multi:
            nxt[step.param] = tuple(v for o in pick for v in [dict(o.chosen)[step.param]])
        yield from _leaves(s, seat, kind, nxt, depth + 1)


def _reached(s: GameState, seat: str, kind: str) -> list[Action]:
    out: list[Action] = []
    for c in _choices(s, seat):
        if c.action is not None and c.action.kind == kind:
            out.append(c.action)
        elif c.flow == kind:
            out += _leaves(s, seat, kind, dict(c.chosen))
    return out


def _same(a: Action, b: Action) -> bool:
    def norm(x: Action) -> dict[str, Any]:
        return {k: Counter(map(str, v)) if isinstance(v, list | tuple) else v for k, v in x.params.items()}
    return a.kind == b.kind and norm(a) == norm(b)


def _accepted(s: GameState, seat: str, a: Action) -> None:
    apply(RULES, RULES.copy(s), seat, a)   # raises RuleError when refused


def _moving() -> GameState:
    s = at_step(5, "move")
    d = g(s)
    d.flow.order = ["red", "blue", "green", "yellow"]
    return s


# -- the parley ----------------------------------------------------------------------------------------
def test_the_parley_prompt_always_has_a_choice() -> None:
    """6.9, 6.10: with no shilling for the Danegeld and no churchman, letting the invaders be is a button."""
    s = at_step(6, "parley")
    d = g(s)
    nid = d.families["red"].nobles[0]
    d.nobles[nid].city = "Oxford"
    d.armies["army-1"].city, d.armies["army-1"].foot = "Oxford", 2
    d.players[seat_of(s, "red")].shillings = 0
    d.tasks.append(Task("parley", "red", city="Oxford"))
    seat = seat_of(s, "red")
    cs = _choices(s, seat)
    assert [c.label for c in cs] == ["Leave the invaders be"] and cs[0].action == Action.of("done")
    d.players[seat].shillings = 6
    cs = _choices(s, seat)
    assert Action.of("danegeld", army="army-1", noble=nid) in [c.action for c in cs]
    assert cs[-1].label == "Leave the invaders be"


# -- the moves open besides a decision -----------------------------------------------------------------
def test_a_city_is_handed_over_from_the_movement_prompt_after_its_own_choices_and_confirmed() -> None:
    s = _moving()
    d = g(s)
    seat = seat_of(s, "red")
    nid = d.families["red"].nobles[0]
    d.nobles[nid].city = "York"
    place(s, "red", "York", "men")
    place(s, "blue", "York", "knight", control=False)
    cs = _choices(s, seat)
    hand = [c for c in cs if c.label.startswith("Hand York to")]
    assert hand and hand[0].confirm and hand[0].style == "danger"
    assert cs.index(hand[0]) > max(i for i, c in enumerate(cs) if c.flow == "move")
    assert cs[-1].label == "Done moving"
    _accepted(s, seat, hand[0].action)   # type: ignore[arg-type]


def _asked_to_let_in() -> GameState:
    """Red's Lord William comes to Blue's Stronghold at York, where Green stands: Blue is asked to let him in."""
    s = _moving()
    d = g(s)
    red, blue = seat_of(s, "red"), seat_of(s, "blue")
    place(s, "blue", "York", "men")
    d.cities["York"].building = "stronghold"
    place(s, "green", "York", "knight", control=False)
    nid = d.families["red"].nobles[0]
    d.nobles[nid].city = "Durham"
    apply(RULES, s, red, Action.of("move", noble=nid, to="York", via="road", troops=[]))
    assert any(r.to == blue and r.kind == "enter" for r in d.requests.open)
    return s


def test_a_city_is_handed_over_from_a_request_prompt() -> None:
    """Asked to let a noble in (5.0), the holder may still hand the city over by a click (5.1)."""
    s = _asked_to_let_in()
    blue = seat_of(s, "blue")
    cs = _choices(s, blue)
    assert cs[0].label == "Yes, agree" and cs[-1].label == "No, refuse"
    reached = _reached(s, blue, "transfer_control")
    assert reached and all(a.get("city") == "York" for a in reached)
    for a in reached:
        _accepted(s, blue, a)


def test_opportunity_cards_are_played_from_a_request_prompt() -> None:
    """10.5: Ambush at any time, even while a request waits: behind a secondary choice, before No."""
    s = _asked_to_let_in()
    d = g(s)
    blue = seat_of(s, "blue")
    me, foe = d.families["blue"].nobles[0], d.families["red"].nobles[0]
    d.nobles[me].city = "York"
    give_card(s, blue, "ambush-1")
    cs = _choices(s, blue)
    ambush = next(c for c in cs if c.flow == "ambush" or (c.action is not None and c.action.kind == "ambush"))
    assert 0 < cs.index(ambush) < len(cs) - 1
    want = Action.of("ambush", card="ambush-1", noble=me, target=foe)
    assert any(_same(a, want) for a in _reached(s, blue, "ambush"))
    _accepted(s, blue, want)


# -- counts by clicks ----------------------------------------------------------------------------------
def test_any_split_of_a_large_army_by_counts_per_type() -> None:
    """5.0: 3 Knights, 7 Men-at-Arms and 2 Archers (96 splits): take 2 Knights, 4 Men-at-Arms, no Archer."""
    s = _moving()
    d = g(s)
    seat = seat_of(s, "red")
    nid = d.families["red"].nobles[0]
    d.nobles[nid].city = "York"
    place(s, "red", "York", *(["knight"] * 3 + ["men"] * 7 + ["archer"] * 2))
    step = WORDS.flow(s, seat, "move", {"noble": nid}, AUD.to(seat))
    assert step is not None
    durham = next(c for c in step.options if c.label.startswith("Durham"))
    chosen = dict(durham.chosen)
    troops = WORDS.flow(s, seat, "move", chosen, AUD.to(seat))
    assert troops is not None and [c.label for c in troops.options] == [
        "All: 3 Knights, 7 Men-at-Arms and 2 Archers", "Nobody: ride alone", "Choose how many of each kind…"]
    chosen.update(troops.options[2].chosen)
    for want, question in ((2, "How many Knights go with"), (4, "How many Men-at-Arms go with")):
        step = WORDS.flow(s, seat, "move", chosen, AUD.to(seat))
        assert step is not None and step.question.startswith(question)
        option = next(c for c in step.options if c.label.startswith(f"{want} "))
        chosen.update(option.chosen)
    step = WORDS.flow(s, seat, "move", chosen, AUD.to(seat))
    assert step is not None and step.question.startswith("How many Archers go with") and "(0-2)" in step.question
    last = next(c for c in step.options if c.label == "No Archers")
    assert last.action == Action.of("move", noble=nid, to="Durham", via="road",
                                    troops=["knight", "knight", "men", "men", "men", "men"])
    _accepted(s, seat, last.action)
    every = {tuple(sorted(a["troops"])) for a in _leaves(s, seat, "move", dict(durham.chosen))}
    assert len(every) == 4 * 8 * 3


def test_several_units_bought_at_once() -> None:
    s = at_step(4, "purchase")
    d = g(s)
    d.flow.order = ["red", "blue", "green", "yellow"]
    seat = seat_of(s, "red")
    d.players[seat].shillings = 4
    place(s, "red", "York")
    bought = {tuple(a["units"]) for a in _reached(s, seat, "buy")}
    assert ("men@York", "men@York", "men@York", "men@York") in bought
    _accepted(s, seat, Action.of("buy", units=["men@York"] * 4))


def test_any_share_of_the_royal_tax() -> None:
    s = at_step(9, "royal_tax")
    d = g(s)
    seat = seat_of(s, "red")
    d.politics.tax_left = 12
    amounts = {(a["to"], a["amount"]) for a in _reached(s, seat, "give_tax")}
    assert {("bob", n) for n in range(1, 13)} <= amounts
    _accepted(s, seat, Action.of("give_tax", to="bob", amount=7))


def test_every_allotment_of_battle_losses_by_clicks() -> None:
    """7.5: the prompt lists a few allotments; "Choose other losses" reaches every one the rules accept."""
    troops = ["knight"] * 3 + ["men"] * 6 + ["archer"] * 4
    mixes = loss_mixes(troops, 7, 0)
    assert len(mixes) > 6
    s = at_step(7, "battle")
    d = g(s)
    red, blue = seat_of(s, "red"), seat_of(s, "blue")
    d.nobles[d.families["red"].nobles[0]].city = "York"
    d.nobles[d.families["blue"].nobles[0]].city = "York"
    place(s, "red", "York", *troops)
    place(s, "blue", "York", "knight", control=False)
    d.war.battle = Battle("York", "blue", "red")
    d.tasks.append(Task("losses", "red", count=7))
    reached = {tuple(sorted(a["units"])) for a in _reached(s, red, "losses")}
    assert reached == {tuple(sorted(m.elements())) for m in mixes}
    listed = [a for a in RULES.legal(s, red) if a.kind == "losses"]
    assert len(listed) < len(reached) and blue != red
    for units in sorted(reached):
        _accepted(s, red, Action.of("losses", units=list(units), slay=[]))


def test_any_plague_losses_by_clicks() -> None:
    s = _moving()
    d = g(s)
    seat = seat_of(s, "red")
    place(s, "red", "York", "knight", "knight", "men", "men", "men", "archer")
    d.tasks.append(Task("plague", "red", city="York", count=2))
    reached = {tuple(sorted(a["units"])) for a in _reached(s, seat, "plague_losses")}
    assert reached == {("knight", "knight"), ("knight", "men"), ("archer", "knight"), ("men", "men"),
                       ("archer", "men")}
    for units in reached:
        _accepted(s, seat, Action.of("plague_losses", units=list(units)))


# -- pigeons and deals ---------------------------------------------------------------------------------
def test_an_exchange_by_pigeon_is_composed_by_clicks() -> None:
    """2.15: give 2 shillings and a card, ask 1 shilling, to a noble in the same city."""
    s = at_step(2, "play")
    d = g(s)
    d.flow.order = ["red", "blue", "green", "yellow"]
    seat = seat_of(s, "red")
    me, other = d.families["red"].nobles[0], d.families["blue"].nobles[0]
    d.nobles[me].city = d.nobles[other].city = "York"
    d.players[seat].shillings = 3
    card = d.players[seat].hand[0] if d.players[seat].hand else None
    if card is None:
        give_card(s, seat, "ambush-1")
        card = "ambush-1"
    cs = _choices(s, seat)
    offer = next(c for c in cs if c.flow == "pigeon_offer")
    assert offer.label == "Offer an exchange by pigeon" and cs[-1].label == "Done playing cards"
    want = Action.of("pigeon_offer", sender=me, to=other, give_shillings=2, give_cards=[card], take_shillings=1)
    assert any(_same(a, want) for a in _reached(s, seat, "pigeon_offer"))
    _accepted(s, seat, want)
    sample = Action.of("pigeon_offer", sender=me, to=other, give_shillings=1)
    assert sample in RULES.legal(s, seat) and any(_same(a, sample) for a in _reached(s, seat, "pigeon_offer"))


def test_deals_are_composed_by_clicks_and_reach_the_listed_ones() -> None:
    """9.1: a vote bought with shillings and a captive's freedom, and every deal the enumeration lists."""
    s = at_step(9, "ballot", queue=("red", "blue"))
    d = g(s)
    red = seat_of(s, "red")
    lord = d.families["blue"].nobles[0]
    d.politics.candidates = [lord]
    captive = d.families["blue"].nobles[-1]
    d.nobles[captive].captor, d.nobles[captive].city = "red", None
    d.players[red].shillings = 5
    for noble in (d.families["red"].nobles[0], lord):  # one city: the pigeon needs no route (2.15)
        d.nobles[noble].city = "York"
    listed = [a for a in RULES.legal(s, red) if a.kind == "deal"]
    assert listed
    reached = _reached(s, red, "deal")
    for a in listed:
        assert any(_same(a, b) for b in reached), a
    want = Action.of("deal", to=seat_of(s, "blue"), give_shillings=2, give_captives=[captive], take_vote=lord)
    assert any(_same(a, want) for a in reached)
    _accepted(s, red, want)


def test_the_nobles_who_die_when_the_hits_outlast_the_troops() -> None:
    """7.5: 4 hits on a single Man-at-Arms and three nobles: three hits left over slay... two of three? No:
    min(hits left, nobles) die; here 2 hits on 1 Man-at-Arms slay one noble of two, the owner's choice."""
    s = at_step(7, "battle")
    d = g(s)
    red = seat_of(s, "red")
    a, b = d.families["red"].nobles[:2]
    d.nobles[a].city = d.nobles[b].city = "York"
    d.nobles[d.families["blue"].nobles[0]].city = "York"
    place(s, "red", "York", "men")
    place(s, "blue", "York", "knight", control=False)
    d.war.battle = Battle("York", "blue", "red")
    d.tasks.append(Task("losses", "red", count=2))
    reached = {(tuple(x["units"]), tuple(x["slay"])) for x in _reached(s, red, "losses")}
    assert reached == {(("men",), (a,)), (("men",), (b,))}
    step = WORDS.flow(s, red, "losses", {"units": ("men",)}, AUD.to(red))
    assert step is not None and step.question.startswith("Every troop is gone: which 1 noble die?")


def test_a_retainer_is_sold_for_any_price_by_clicks() -> None:
    """2.12: a retainer given to another player's noble may be sold: the price is a step of the menu."""
    s = at_step(2, "play")
    d = g(s)
    d.flow.order = ["red", "blue", "green", "yellow"]
    red = seat_of(s, "red")
    me, other = d.families["red"].nobles[0], d.families["blue"].nobles[0]
    d.nobles[me].retainer = "mason-1"
    reached = [x for x in _reached(s, red, "give_retainer") if x.get("receiver") == other]
    assert {x.get("price") for x in reached} == {None, *range(1, 25)}
    _accepted(s, red, Action.of("give_retainer", giver=me, receiver=other, price=9))


def test_a_retainers_price_is_asked_of_the_receiver_and_its_effect_said_once() -> None:
    """2.12: the price is what the receiving noble's family pays, so the menu names them and may ask more
    than the seller holds; the retainer's effect, the same for every option, is told once in the question."""
    s = at_step(2, "play")
    d = g(s)
    d.flow.order = ["red", "blue", "green", "yellow"]
    red = seat_of(s, "red")
    me, other = d.families["red"].nobles[0], d.families["blue"].nobles[0]
    d.nobles[me].retainer = "mason-1"
    d.players[red].shillings = 5
    aud = AUD.to(red)
    receivers = WORDS.flow(s, red, "give_retainer", {"giver": me}, aud)
    said = "Master Mason Ailnoth: your first Stronghold or Mill of the round costs 2 shillings less."
    assert receivers is not None and receivers.question == f"To which noble? {said}"
    assert all(not o.hint for o in receivers.options)
    step = WORDS.flow(s, red, "give_retainer", {"giver": me, "receiver": other}, aud)
    assert step is not None and ": what price do you ask of Blue (Bob)? They pay it if they agree. " in step.question
    labels = [o.label for o in step.options]
    assert labels[:3] == ["Ask nothing", "Ask 1 shilling", "Ask 2 shillings"] and labels[-1] == "Ask 24 shillings"
    assert all(not o.hint for o in step.options) and step.question.endswith(f"They pay it if they agree. {said}")


def test_a_deal_that_hands_over_a_city_asks_first() -> None:
    """5.1, 9.1: a city offered in a deal is harmful to the offering family: the last click confirms."""
    s = at_step(9, "ballot", queue=("red", "blue"))
    d = g(s)
    red, blue = seat_of(s, "red"), seat_of(s, "blue")
    d.politics.candidates = [d.families["blue"].nobles[0]]
    place(s, "red", "York", "men")
    place(s, "blue", "York", "men", control=False)
    for fam in ("red", "blue"):  # both families' nobles in York: the deal needs no pigeon route (2.15)
        d.nobles[d.families[fam].nobles[0]].city = "York"
    chosen: dict[str, Any] = {"to": blue, "give_shillings": 0, "give_cards": (), "give_captives": (),
                              "give_cities": ("York",), "give_vote": ""}
    step = WORDS.flow(s, red, "deal", chosen, AUD.to(red))
    while step is not None and step.param != "confirm":
        first = step.options[0]
        assert first.action is None
        chosen.update(dict(first.chosen))
        step = WORDS.flow(s, red, "deal", chosen, AUD.to(red))
    assert step is not None and step.options[0].confirm is not None
    assert_human(step.options[0].confirm)
    assert "York" in step.options[0].confirm


def test_a_carrier_pigeon_carries_any_shillings_and_a_card_by_clicks() -> None:
    """2.15: between two Strongholds, the pigeon's load is chosen part by part: shillings, then a card."""
    s = at_step(2, "play")
    d = g(s)
    d.flow.order = ["red", "blue", "green", "yellow"]
    seat = seat_of(s, "red")
    me, other = d.families["red"].nobles[0], d.families["blue"].nobles[0]
    d.nobles[me].city, d.nobles[other].city = "York", "London"
    d.cities["York"].building = d.cities["London"].building = "stronghold"
    d.players[seat].shillings = 12
    give_card(s, seat, "ambush-1")
    assert Action.of("pigeon", sender=me, to=other, shillings=1) in RULES.legal(s, seat)
    reached = [a for a in _reached(s, seat, "pigeon") if a.get("to") == other]
    loads = {(a.get("shillings"), a.get("card")) for a in reached}
    assert {(n, None) for n in range(1, 13)} | {(n, "ambush-1") for n in range(1, 13)} | {(None, "ambush-1")} == loads
    _accepted(s, seat, Action.of("pigeon", sender=me, to=other, shillings=12, card="ambush-1"))
