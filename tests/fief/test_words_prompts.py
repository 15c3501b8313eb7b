"""Fief's prompts in set positions: movement and purchase menus, confirmations, skipping,
names typed by players, the private mat and personal news (engine/fief/words)."""

from __future__ import annotations

from engine.core import Action, Audience
from engine.core.words import match_name
from engine.fief import RULES
from engine.fief.components import DISASTERS, C
from engine.fief.state import SeaCard
from engine.fief.words import names as N
from tests.fief.helpers import act, g, new, place
from tests.speech import assert_human

WORDS = RULES.words()
AUD = Audience(None, {"ann": "Ann", "bob": "Bob", "cat": "Cat", "dan": "Dan"})


def _moving(family: str = "red"):  # type: ignore[no-untyped-def]
    s = new(4)
    d = g(s)
    d.flow.phase, d.flow.step, d.flow.round, d.flow.turn = 5, "move", 2, 0
    d.flow.queue = [family]
    d.flow.order = [family] + [f for f in d.flow.order if f != family]
    for n in d.nobles.values():
        n.retainer = None
    return s


def _decision(s):  # type: ignore[no-untyped-def]
    return next(d for d in RULES.pending(s) if d.blocking)


def test_a_move_to_lincoln_from_york_names_sherwood_and_its_bandits() -> None:
    s = _moving()
    nid = g(s).families["red"].nobles[0]
    g(s).nobles[nid].city = "York"
    place(s, "red", "York", "knight", "men")
    d = _decision(s)
    choices = WORDS.choices(s, d, "ann", RULES.legal(s, "ann"), AUD.to("ann"))
    move = next(c for c in choices if c.flow == "move" and dict(c.chosen).get("noble") == nid)
    assert choices[-1].style == "pass" and choices[-1].label == "Done moving"
    step = WORDS.flow(s, "ann", "move", dict(move.chosen), AUD.to("ann"))
    assert step is not None and step.param == "to"
    lincoln = [c for c in step.options if c.label.startswith("Lincoln")]
    assert lincoln and all("via Sherwood" in c.label and "bandits on 1-2" in c.label for c in lincoln)
    troops = WORDS.flow(s, "ann", "move", dict(lincoln[0].chosen), AUD.to("ann"))
    assert troops is not None and troops.param == "troops" and len(troops.options) <= 25
    assert troops.options[0].label.startswith("All: ")
    final = troops.options[0].action
    assert final is not None and final.get("via") == "sherwood" and final.get("to") == "Lincoln"
    for c in step.options + troops.options:
        assert_human(c.label)


def test_plague_ahead_shows_on_the_destination() -> None:
    s = _moving()
    nid = g(s).families["red"].nobles[0]
    g(s).nobles[nid].city = "York"
    g(s).seas["IV"].append(SeaCard("plague-1", "plague"))
    step = WORDS.flow(s, "ann", "move", {"noble": nid}, AUD.to("ann"))
    assert step is not None
    assert any("Plague in the North" in c.label for c in step.options if c.label.startswith("Whitby"))


def test_buying_asks_what_then_where() -> None:
    s = new(4)
    d = g(s)
    d.flow.phase, d.flow.step, d.flow.round, d.flow.turn = 4, "purchase", 2, 0
    d.flow.queue = ["red"]
    d.flow.order = ["red", "blue", "green", "yellow"]
    d.players["ann"].shillings = 10
    place(s, "red", "York")
    first = WORDS.flow(s, "ann", "buy", {}, AUD.to("ann"))
    assert first is not None and first.param == "type"
    knight = next(c for c in first.options if c.label.startswith("Knight"))
    where = WORDS.flow(s, "ann", "buy", dict(knight.chosen), AUD.to("ann"))
    assert where is not None and where.options
    how_many = WORDS.flow(s, "ann", "buy", {**dict(knight.chosen), **dict(where.options[0].chosen)}, AUD.to("ann"))
    assert how_many is not None and how_many.question.startswith("How many Knights do you buy at ")
    assert [c.label.split(" · ")[0] for c in how_many.options] == ["1 Knight", "2 Knights", "3 Knights"]
    action = how_many.options[0].action
    assert action is not None and action.kind == "buy" and action["units"][0].startswith("knight@")
    assert WORDS.label(s, "ann", action, AUD).startswith("Buy 1 Knight at ")


def test_harm_to_your_own_holdings_asks_first() -> None:
    s = new(4)
    for a in (Action.of("pillage", city="Norwich", what="mill"), Action.of("scorch", city="Norwich"),
              Action.of("battle_next", choice="surrender"), Action.of("discard", card="tax-1"),
              Action.of("pillage", city="Norwich", what="own_engines")):
        question = WORDS.confirm(s, "ann", a, AUD)
        assert question and "?" in question, a
        assert_human(question)
    assert WORDS.confirm(s, "ann", Action.of("draw", deck="fortune"), AUD) is None


def _at_the_draw():  # type: ignore[no-untyped-def]
    """A four-player game played by defaults up to the first seat's draw (2.0)."""
    s = new(4)
    while _decision(s).prompt != "fief.draw":
        d = _decision(s)
        act(s, d.seats[0], **{"kind": d.default_for(d.seats[0]).kind, **d.default_for(d.seats[0]).params})
    return s


def test_the_draw_step_never_offers_done_first() -> None:
    s = _at_the_draw()
    d = _decision(s)
    seat = d.seats[0]
    choices = WORDS.choices(s, d, seat, RULES.legal(s, seat), AUD.to(seat))
    assert choices[0].label.startswith("Draw a") and choices[-1].label == "Done drawing"
    assert "Character card" in WORDS.question(s, d, seat, AUD.to(seat))


def test_the_draw_question_counts_down_to_done_without_zeroes() -> None:
    s = _at_the_draw()
    d = _decision(s)
    seat = d.seats[0]
    asked = []
    for kind in ("draw_character", "draw_fortune"):
        assert any(a.kind == "draw" for a in RULES.legal(s, seat))
        asked.append(WORDS.question(s, d, seat, AUD.to(seat)))
        act(s, seat, "draw", deck=kind.split("_")[1])
    asked.append(WORDS.question(s, _decision(s), seat, AUD.to(seat)))
    assert asked[0].startswith("Draw your cards for this round: 2 more cards, at most 1 Character card")
    assert "Draw your cards for this round: 1 more card, Fortune cards only" in asked[1]
    assert "You have drawn all your cards for this round: choose Done drawing." in asked[2]
    assert not any(" 0 " in q for q in asked)


def test_the_draw_question_says_what_was_just_drawn_and_a_disaster_that_came_instead() -> None:
    """Issue 33: each draw changes the prompt; a Disaster drawn says it went face down on the track."""
    s = _at_the_draw()
    d = _decision(s)
    seat = d.seats[0]
    p = g(s).players[seat]
    first = WORDS.question(s, d, seat, AUD.to(seat))
    assert "You drew" not in first and "discard" not in first   # an empty hand has nothing to discard
    act(s, seat, "draw", deck="character")
    after = WORDS.question(s, _decision(s), seat, AUD.to(seat))
    assert after.startswith(f"You drew {N.card(p.hand[-1])}. ")
    assert "discard" not in after.lower()   # 2.0: discards come before the first draw
    deck = g(s).fortune_deck
    bad = next(i for i, c in enumerate(deck) if C.card(c).kind in DISASTERS)
    deck.insert(0, deck.pop(bad))
    drawn = p.drawn
    act(s, seat, "draw", deck="fortune")
    assert p.drawn == drawn   # a Disaster is no card of the round
    told = WORDS.question(s, _decision(s), seat, AUD.to(seat))
    assert told.startswith("A Disaster card went face down on the track instead of a card. "), told
    assert told != after


def test_no_prompt_says_discard_without_a_discard_choice() -> None:
    s = _at_the_draw()
    seat = _decision(s).seats[0]
    for _ in range(6):
        d = _decision(s)
        if d.prompt != "fief.draw" or seat not in d.seats:
            break
        q = WORDS.question(s, d, seat, AUD.to(seat))
        legal = RULES.legal(s, seat)
        labels = [c.label for c in WORDS.choices(s, d, seat, legal, AUD.to(seat))]
        assert ("discard" in q.lower()) == any(lab.startswith("Discard") or "Discard" in lab for lab in labels) \
            or not g(s).players[seat].hand, (q, labels)
        draws = [a for a in legal if a.kind == "draw"]
        if not draws:
            break
        act(s, seat, "draw", deck=str(draws[0].get("deck")))


def test_a_retainer_handed_to_a_noble_with_one_is_worded_as_a_swap() -> None:
    s = new(4)
    d = g(s)
    giver, receiver = d.families["red"].nobles[:2]
    kept = d.nobles[receiver].retainer
    assert d.nobles[giver].retainer and kept
    d.nobles[receiver].retainer = None
    gift = Action.of("give_retainer", giver=giver, receiver=receiver)
    assert " gives " in WORDS.label(s, "ann", gift, AUD.to("ann"))
    d.nobles[receiver].retainer = kept
    swap = WORDS.label(s, "ann", gift, AUD.to("ann"))
    assert " swaps " in swap and "'s " in swap and " gives " not in swap
    sold = WORDS.label(s, "ann", Action.of("give_retainer", giver=giver, receiver=receiver, price=3), AUD.to("ann"))
    assert sold.startswith(swap) and " and 3" in sold and " for 3" not in sold   # labels may be cut short


def test_a_step_without_choice_is_skippable_and_one_with_moves_is_not() -> None:
    s = _moving()
    for nid in g(s).families["red"].nobles:
        g(s).nobles[nid].captor = "blue"
    assert WORDS.skippable(s, _decision(s), "ann")
    s2 = _moving()
    g(s2).nobles[g(s2).families["red"].nobles[0]].city = "York"
    assert not WORDS.skippable(s2, _decision(s2), "ann")


def test_players_type_the_names_they_see() -> None:
    s = new(4)
    d = g(s)
    cards = {c: WORDS.value_label(s, "ann", "play_noble", "card", c) for c in ("noble-estrid", "noble-godfrey", "tax-1")}
    assert cards["noble-estrid"] == "Lady Estrid"
    assert match_name("Estrid", cards) == ["noble-estrid"]
    assert match_name("lady est", cards) == ["noble-estrid"]
    assert match_name("noble-estrid", cards) == ["noble-estrid"]
    nobles = {n: WORDS.value_label(s, "ann", "move", "noble", n) for n in d.nobles}
    some = next(iter(d.nobles.values()))
    assert match_name(some.name.upper(), nobles) == [some.id]
    cities = {c: WORDS.value_label(s, "ann", "move", "to", c) for c in d.cities}
    assert match_name("king's ly", cities) == ["King's Lynn"]
    assert WORDS.value_label(s, "ann", "play_harvest", "region", "IV") == "the North"
    for role in ("red", "blue", "green", "yellow"):
        assert WORDS.role_blurb(role)


def test_the_mat_shows_cards_purse_troops_and_nobles() -> None:
    s = new(4)
    g(s).players["ann"].hand = ["tax-1", "noble-estrid"]
    sections = {sec.title: sec.lines for sec in WORDS.hand(s, "ann", AUD.to("ann"))}
    assert {"Cards in hand", "Purse", "Troops", "Nobles", "Family"} <= set(sections)
    assert sections["Cards in hand"][0].startswith("Tax: ")
    for lines in sections.values():
        for line in lines:
            assert_human(line)


def test_a_nobles_death_reaches_its_owner() -> None:
    from engine.fief.estates.succession import kill_noble
    s = new(4)
    nid = g(s).families["blue"].nobles[0]
    name = WORDS.value_label(s, None, "move", "noble", nid)
    seat = g(s).families["blue"].seat
    s.take_events()   # what came before
    captured = s._events   # the list the rules emit into (a compiled GameState's emit cannot be replaced)
    kill_noble(s, g(s), nid, "battle: battle")
    news = WORDS.news(s, captured, seat, AUD.to(seat))
    assert news and news[0].startswith(f"Your {name} dies")
    public = WORDS.events(s, captured, AUD)
    assert public[0].startswith(f"Blue's {name} dies")


def test_an_ambush_on_either_of_two_invader_armies_reads_apart() -> None:
    """10.1: the leaders of two armies are named by where they stand and their size, never alike."""
    from engine.fief.state import Army

    s = new()
    d = g(s)
    d.armies["a1"] = Army("a1", city="London", foot=3)
    d.armies["a2"] = Army("a2", city="York", foot=5)
    noble = d.families["red"].nobles[0]
    labels = [WORDS.label(s, "ann", Action.of("ambush", card="ambush-1", noble=noble, target=f"leader:{a}"),
                          AUD.to("ann")) for a in ("a1", "a2")]
    assert labels[0] != labels[1]
    assert "at London with 3 foot soldiers" in labels[0] and "at York with 5 foot soldiers" in labels[1]
    for text in labels:
        assert_human(text)
