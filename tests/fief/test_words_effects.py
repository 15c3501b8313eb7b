"""Issue 33, "no player decides blind": every card, title, relic and retainer offered at a choice
says what it does in one line (the choice's hint); nobles listed across families carry their family."""

from __future__ import annotations

import random

from engine.core import Action, Audience, Event, apply
from engine.core.words import Choice
from engine.fief import RULES
from engine.fief.components import C
from engine.fief.map import REGION_IDS
from engine.fief.state import MAP
from engine.fief.words import effects
from engine.fief.words import names as N
from engine.playout import pick
from tests.fief.helpers import g, new
from tests.speech import assert_human

WORDS = RULES.words()
AUD = Audience(None, {"p1": "Ann", "p2": "Bob", "p3": "Cat", "p4": "Dan"})

#: Kinds whose every offer plays, hands over or brings a card, title, relic or retainer.
HINTED = (set(effects.CARD_KINDS) | set(effects.TITLE_KINDS) | set(effects.RELIC_KINDS)
          | set(effects.RETAINER_KINDS) | {"give_retainer", "draw"})


def test_every_card_of_the_data_has_an_effect_line() -> None:
    for cid in C.cards:
        line = effects.card(cid)
        assert line, cid
        assert_human(line)
        assert len(line) <= 100, line


def test_every_title_relic_and_retainer_has_an_effect_line() -> None:
    titles = [f"lord:{r}" for r in REGION_IDS] + [f"{d.rank.removesuffix('ric')}:{d.id}" for d in MAP.districts.values()]
    titles += ["abbess:winter", "garter"]
    for t in titles:
        assert effects.title(t), t
    for rid in C.relics:
        assert effects.relic(rid), rid
    for rid in C.retainers:
        assert effects.retainer(rid), rid
    for line in [*effects.TITLE_REMINDERS.values(), *effects.RELIC_REMINDERS.values()]:
        assert_human(line)


def _walk(state, seat: str, choices: list[Choice], depth: int, seen: list[tuple[Choice, str]],  # type: ignore[no-untyped-def]
          question: str = "") -> None:
    """Every choice with the question it answers (a hint all the options share is said once, in it)."""
    for c in choices:
        seen.append((c, question))
        if c.flow and depth < 2:
            step = WORDS.flow(state, seat, c.flow, dict(c.chosen), AUD.to(seat))
            if step is not None:
                _walk(state, seat, list(step.options), depth + 1, seen, step.question)


def test_every_offered_card_title_relic_and_retainer_choice_carries_its_effect() -> None:
    """Random games: each whole choice of a hinted kind, at the prompt or in its menus, has a hint."""
    checked: set[str] = set()
    for seed in (3, 11):
        seats = ["p1", "p2", "p3", "p4"]
        agent = random.Random(seed)
        state, _ = RULES.new_game(seats, {}, seed)
        for _ in range(900):
            if RULES.result(state) is not None:
                break
            pending = RULES.pending(state)
            blocking = [d for d in pending if d.blocking] or pending
            for d in blocking[:1]:
                for s in d.seats:
                    seen: list[tuple[Choice, str]] = []
                    _walk(state, s, WORDS.choices(state, d, s, RULES.legal(state, s), AUD.to(s)), 0, seen)
                    for c, question in seen:
                        a = c.action
                        fixed = dict(c.chosen)
                        shared = effects.hint(g(state), a) if a is not None else ""
                        if a is None and c.flow in HINTED and ("card" in fixed or "giver" in fixed):
                            # a menu of one card or one retainer: on the option, or once in its question
                            assert c.hint or question, (c.label, c.flow, fixed)
                            checked.add(f"menu {c.flow}")
                        if a is None or a.kind not in HINTED:
                            continue
                        assert c.hint or (shared and shared.lower() in question.lower()), (c.label, a)
                        assert_human(c.hint or shared)
                        checked.add(a.kind)
            d = blocking[0]
            seat = agent.choice(d.seats)
            apply(RULES, state, seat, pick(RULES, state, seat, RULES.legal(state, seat), agent))
    assert {"draw", "play_noble", "discard"} <= checked, checked


def test_a_card_menu_and_a_title_purchase_show_the_effect() -> None:
    s = new(4)
    d = g(s)
    card = next(c for c in C.cards if C.card(c).kind == "passage")
    a = Action.of("passage", card=card, use="escape", noble=next(iter(d.nobles)), city="York")
    assert "secret way" in effects.hint(d, a)
    t = Action.of("buy_title", region="I", noble=next(iter(d.nobles)))
    assert "Victory Point" in effects.hint(d, t)
    r = Action.of("give_relic", relic="grail", to=next(iter(d.nobles)))
    assert "two hits" in effects.hint(d, r)


def _two_families(state):  # type: ignore[no-untyped-def]
    d = g(state)
    red = d.families["red"].nobles[0]
    other = next(f for f in d.families if f != "red")
    return d, red, d.families[other].nobles[0], other


def test_nobles_listed_across_families_carry_their_family() -> None:
    s = new(4)
    d, mine, theirs, fam = _two_families(s)
    name = N.noble(d, theirs)
    nominate = WORDS.label(s, "p1", Action.of("nominate", noble=theirs), AUD.to("p1"))
    assert f"Put {name} ({N.family(fam)}) forward for the crown" == nominate
    pigeon = WORDS.label(s, "p1", Action.of("pigeon", sender=mine, to=theirs, shillings=2), AUD.to("p1"))
    assert f"to {name} ({N.family(fam)})" in pigeon
    vote = WORDS.label(s, "p1", Action.of("vote_election", support=theirs, decoy="none"), AUD.to("p1"))
    assert f"{name} ({N.family(fam)})" in vote
    told = WORDS.event(s, Event.public("title.given", noble=theirs, title="archbishop:york"), AUD)
    assert told == f"{name} ({N.family(fam)}) becomes Archbishop of York."
    assert WORDS.value_label(s, "p1", "pigeon", "to", theirs) == f"{name} ({N.family(fam)})"
    card = next(c for c in C.cards if C.card(c).kind == "assassination")
    kill = WORDS.label(s, "p1", Action.of("assassinate", card=card, target=theirs, sponsor=mine), AUD.to("p1"))
    assert kill.startswith(f"Assassinate {name} ({N.family(fam)})")
    sold = WORDS.label(s, "p1", Action.of("give_relic", relic="grail", to=theirs, price=3), AUD.to("p1"))
    assert f"to {name} ({N.family(fam)})" in sold


def test_the_pigeon_receivers_carry_their_family() -> None:
    from engine.fief.words import compose
    s = new(4)
    d, _, theirs, fam = _two_families(s)
    assert f"({N.family(fam)})" in compose._receiver_words(d, theirs, AUD.to("p1"))


def test_a_passage_escape_of_your_own_captive_says_what_it_does_for_the_captor() -> None:
    """10.2 lets any player free a captive by Passage, even its captor: the label says the ransom is lost."""
    s = new(4)
    d, _, theirs, fam = _two_families(s)
    d.nobles[theirs].captor = "red"
    card = next(c for c in C.cards if C.card(c).kind == "passage")
    a = Action.of("passage", card=card, use="escape", noble=theirs)
    red_seat = d.families["red"].seat
    other_seat = next(x for x in d.players if x != red_seat)
    mine = WORDS.label(s, red_seat, a, AUD.to(red_seat))
    assert mine == f"Passage: let your captive {N.noble(d, theirs)} ({N.family(fam)}) go, with no ransom"
    assert WORDS.label(s, other_seat, a, AUD.to(other_seat)) == f"Passage: {N.noble(d, theirs)} ({N.family(fam)}) escapes"


def test_a_purchase_menu_shows_what_it_costs() -> None:
    """Issue 33: a purchase shows each option's cost, menus included (4.2, 4.3)."""
    from engine.fief.words import prompts
    s = new(4)
    d = g(s)
    seat = d.families["red"].seat
    for nid in d.families["red"].nobles:
        d.nobles[nid].retainer = None
    region = next(iter(REGION_IDS))
    title = prompts._group_label(d, seat, "buy_title", "region", region, AUD.to(seat))
    per_city = 2 * len(MAP.regions[region].cities)
    assert title == f"Buy {N.fiefdom(region)} · {per_city} shillings"
    assert prompts._group_label(d, seat, "build", "what", "mill", AUD.to(seat)) == "Build a Mill · 3 shillings"
    chancellor = next(r for r in C.retainers if C.retainers[r].ability == "chancellor")
    d.nobles[d.families["red"].nobles[0]].retainer = chancellor
    d.nobles[d.families["red"].nobles[0]].spent = False
    cheaper = prompts._group_label(d, seat, "buy_title", "region", region, AUD.to(seat))
    assert cheaper == f"Buy {N.fiefdom(region)} · {per_city - 2} to {per_city} shillings"
