"""What each choice does, at the choice (issue 33): every Faction card, Kingdom card, Tactic, Boon,
Location and Wild Kingdom piece of the shipped packs has an effect line, and wherever one is offered
(a bid, a Kingdom card on the Great Road, a card to play, a Boon to keep, an Aeronaut, a piece to Visit)
the choice carries it as its hint; no id reaches a label; the Day step asks with the clash in view."""

from __future__ import annotations

import re
from collections.abc import Iterator

from engine.core import Action
from engine.core.words import Choice, humanize
from engine.okc.cards import module_kingdom, pack_of
from engine.okc.clash import total
from engine.okc.modules.shipped import MODULES, playing
from engine.okc.modules.whispering_tower import content as tower_content
from engine.okc.words.prompts import choice_of, effect_line, hint, option_hint, value_hint
from tests.okc.words_games import RULES, WORDS, Moment, audience, new_game, play
from tests.speech import assert_human

STATE, _ = new_game(4, 4, "all", 1)
PACK = pack_of(STATE.data)
KINGDOM = {**PACK.kingdom, **module_kingdom(playing(list(MODULES)))}
BOONS = tower_content().boons
PIECES = [p for m in MODULES.values() for p in m.pieces if p != "legendary_creatures"]
IDS = [*PACK.cards, *KINGDOM, *PACK.tactics, *BOONS, *PIECES]


def test_every_card_kingdom_card_tactic_and_location_has_an_effect_line() -> None:
    assert len(PACK.cards) > 80 and len(KINGDOM) >= 66
    for thing in [*PACK.cards, *KINGDOM, *PACK.tactics, *PACK.locations]:
        line = effect_line(STATE, thing)
        assert line and not line[0].islower(), f"{thing}: no effect line"
        assert_human(line, thing)
    assert effect_line(STATE, "k.armoury") == "+1 Strength in every clash"
    assert effect_line(STATE, "wk.wyrm_hoard") == "Winter: gain 1 Influence, then gain 1 Lore"


def test_every_boon_and_piece_to_visit_has_an_effect_line() -> None:
    for bid, boon in BOONS.items():
        for kind in ("tower_keep", "tower_discard"):
            assert option_hint(STATE, "", kind, bid).startswith(boon.text)
    for piece in PIECES:
        line = option_hint(STATE, "", "visit", piece)
        assert line, f"Visiting {piece} says nothing"
        assert_human(line, piece)


# The choices that offer a thing with an effect: the action kinds, and the effect choices by their option.
CARD_ACTIONS = {"bid": "card", "road": "card", "steal": "card", "tie": "card", "command": "card", "govern": "card",
                "journey": "card", "ally": "card", "tactic": "id", "kingdom": "card", "boon": "boon",
                "claim": "location", "herald": "location", "creature": "location"}


def offered(m: Moment) -> Iterator[tuple[str, Choice]]:
    """Every choice the awaited seat is shown, flows' first steps included, with what it offers."""
    aud = audience(m.state).to(m.seat)
    for c in WORDS.choices(m.state, m.decision, m.seat, m.legal, aud):
        yield "choice", c
        if c.flow:
            step = WORDS.flow(m.state, m.seat, c.flow, dict(c.chosen), aud)
            for o in step.options if step is not None else ():
                yield f"flow {c.flow} {step.param}", o     # type: ignore[union-attr]


def thing_of(m: Moment, c: Choice) -> str | None:
    """The card, Kingdom card, Tactic, Boon, Location or piece a choice offers, if any."""
    a: Action | None = c.action
    if a is None:
        value = dict(c.chosen).get("card") or dict(c.chosen).get("option")
        return str(value) if value in PACK.cards or value in KINGDOM else None
    if a.kind in CARD_ACTIONS and a.get(CARD_ACTIONS[a.kind]):
        return str(a.get(CARD_ACTIONS[a.kind]))
    if a.kind == "choose":
        option = str(a.get("option"))
        if option in (*PACK.cards, *KINGDOM, *PACK.tactics, *BOONS):
            return option
        kind = getattr(choice_of(m.state.data, m.seat), "kind", "")
        if kind == "visit" and option != "reward":
            return option
    return None


def test_each_choice_offered_shows_its_effect_and_no_id() -> None:
    shown: dict[str, int] = {}
    missing: list[str] = []
    ids = re.compile(r"\b(?:" + "|".join(re.escape(humanize(i)) for i in IDS if "." in i) + r")\b", re.IGNORECASE)

    def visit(m: Moment) -> None:
        for where, c in offered(m):
            for text in (c.label, c.hint):
                assert_human(text, where)
                hit = ids.search(text)
                assert hit is None, f"an id in {where}: {text!r}"
            assert len(c.label) <= 80, c.label
            thing = thing_of(m, c)
            if thing is not None:
                kind = c.action.kind if c.action is not None else where
                shown[kind] = shown.get(kind, 0) + 1
                if not c.hint:
                    missing.append(f"{m.decision.prompt} {where}: {c.label}")

    for players, seed in ((4, 1), (3, 2), (2, 3), (4, 4)):
        play(players, 4, "all", seed, visit)
    assert not missing, missing[:10]
    assert {"bid", "road", "tie", "tactic", "choose", "herald", "creature", "claim", "command",
            "flow place card"} <= set(shown), shown


def test_the_labyrinth_and_the_great_road_say_what_they_offer() -> None:
    """The issue's examples: Boons kept at the Labyrinth, a Kingdom card on the Great Road, an Aeronaut."""
    assert option_hint(STATE, "", "tower_keep", "wt.heels") == "Flank (by Day, move to another Region)"
    assert option_hint(STATE, "", "tower_keep", "wt.tithe") == BOONS["wt.tithe"].text
    road = hint(STATE, Action.of("road", card="k.market_charter"), STATE.seats[0])
    assert road == "Winter: gain 2 Influence; your bid card stays under it, Occupying it"
    assert hint(STATE, Action.of("road", card="k.armoury"), STATE.seats[0]) == "+1 Strength in every clash"
    relics = "1 Vote: gain 1 Influence; 3 Votes: gain 2 Influence; 5 Votes: gain 4 Influence"
    assert value_hint(STATE, STATE.seats[0], "govern", "council", "relics") == relics
    assert hint(STATE, Action.of("govern", card="nobility.f1", council="relics"), STATE.seats[0]) == relics
    gunner = next(c for c in PACK.cards.values() if c.name == "Thunder Gunner")
    assert "eliminate" in effect_line(STATE, gunner.id)


def test_the_day_step_shows_the_clash() -> None:
    """The Day step's question names each side's revealed cards with their Strength and the total so far."""
    asked = 0

    def visit(m: Moment) -> None:
        nonlocal asked
        if m.decision.prompt != "okc.day":
            return
        g = m.state.data
        question = WORDS.question(m.state, m.decision, m.seat, audience(m.state).to(m.seat))
        reg = next(r for r in g.regions if r.id == g.clash.region)
        for p in reg.cards:
            if p.face_up:
                assert PACK.cards[p.card].name in question, question
        for s in g.order:
            if any(p.owner == s for p in reg.cards):
                assert f"Strength {total(m.state, s, reg, g.clash.first)}" in question, question
        assert "You have " in question or "; you have " in question or not any(p.owner == m.seat for p in reg.cards)
        assert question.endswith("or pass.")
        asked += 1

    play(3, 4, "", 12, visit)
    assert asked > 5


def test_a_barter_says_what_each_card_kingdom_card_and_tactic_does() -> None:
    """The Negotiating Table's barter and promise menus: every card, Kingdom card, Tactic or the Favour
    offered carries its effect as the hint (only amounts, whose meaning is their name, have none)."""
    from engine.okc.modules.negotiating_table.compose import give_term, part_step

    state, _ = new_game(3, 4, "negotiating_table", 1)
    me, them = state.seats[0], state.seats[1]
    aud = audience(state).to(me)
    steps = [part_step(state, me, them, "barter", "give", {"to": them}, aud),
             part_step(state, me, them, "barter", "take", {"to": them}, aud),
             give_term(state, state.data, me, {"year": state.data.round}, ())]
    things = [o for step in steps for o in step.options if not o.label.endswith("…")]
    assert len(things) >= 8
    for o in things:
        assert o.hint, f"no effect shown for {o.label}"
        assert_human(o.hint, o.label)


def test_the_creature_question_says_what_its_card_does() -> None:
    """Placing a Legendary Creature: the question names the card it puts within reach and its effect."""
    from engine.okc.cards import card
    from engine.okc.modules.legendary_creatures import creature_of

    state, _ = new_game(4, 4, "legendary_creatures", 1)
    for seat in state.seats:
        cid = creature_of(state.data.players[seat].faction)
        d = RULES.pending(state)[0]   # the question reads only the seat's faction, not the decision
        question = WORDS.questions["okc.creature"](state, d, seat, audience(state).to(seat))
        assert card(state.data, cid).name in question and effect_line(state, cid) in question, question
        assert_human(question)
