"""Secrets told to whom they concern (issue 33): every private event of OKC and its modules brings its
recipient a line of news by DM (a card looked at, a hand shown to an ally, a Boon handed over, an
Aeronaut taken), and a Kingdom card stolen by a Wild Kingdom card is told to the player who lost it."""

from __future__ import annotations

from collections import defaultdict

from engine.core import Event
from engine.okc.words.summary import NEWS_PRIVATE_SKIP
from tests.okc.words_games import WORDS, Moment, audience, new_game, play
from tests.speech import assert_human

GAMES = [(4, 4, "all", 1), (3, 4, "all", 2), (3, 4, "negotiating_table", 19), (4, 4, "all", 3)]


def told() -> dict[str, list[tuple[str, list[str]]]]:
    """Private events by kind, with each recipient's news lines."""
    out: dict[str, list[tuple[str, list[str]]]] = defaultdict(list)

    def after(m: Moment, new: list[Event]) -> None:
        for e in new:
            if e.to is not None:
                for s in e.to:
                    out[e.kind].append((s, WORDS.news(m.state, [e], s, audience(m.state))))
            elif e.kind == "okc.wild_stolen":
                victim = str(e.data["victim"])
                out[e.kind].append((victim, WORDS.news(m.state, [e], victim, audience(m.state))))

    for players, length, modules, seed in GAMES:
        play(players, length, modules, seed, None, after)
    return out


TOLD = told()


def test_every_private_event_is_news_for_its_recipient() -> None:
    kinds = set(TOLD) - NEWS_PRIVATE_SKIP - {"okc.wild_stolen"}
    # the secrets the issue names, all reached in these games
    assert {"okc.peeked.card", "okc.boons_gained.names", "okc.aeronaut_taken.card", "okc.hand_shown.cards",
            "okc.barter_cards", "okc.drew.cards"} <= kinds
    for kind in kinds:
        for seat, lines in TOLD[kind]:
            assert len(lines) == 1, f"{kind} to {seat}: {lines}"
            assert_human(lines[0], kind)


def test_a_shown_hand_reaches_the_ally() -> None:
    for _, lines in TOLD["okc.hand_shown.cards"]:
        assert lines[0].endswith(".") and "show you their hand: " in lines[0], lines


def test_a_boon_handed_over_names_the_giver_and_the_boon() -> None:
    from engine.okc.modules.whispering_tower import content

    gifts = [lines[0] for _, lines in TOLD["okc.boons_gained.names"] if "hand you a Boon" in lines[0]]
    assert gifts, "no Boon was handed over in these games"
    names = [b.name for b in content().boons.values()]
    for line in gifts:
        assert line.split(" hand you")[0] in {"The Nobility", "The Clans", "The Uprising", "The Gathering"} or \
            "(" in line.split(" hand you")[0], line
        assert any(f"{name} (" in line for name in names), line


def test_a_kingdom_card_stolen_is_told_to_who_lost_it() -> None:
    """Moonlit Thieves and a bid's steal: the player who lost the card reads it by DM."""
    state, _ = new_game(3, 4, "all", 1)
    thief, victim = state.seats[0], state.seats[1]
    for e in (Event.public("okc.wild_stolen", seat=thief, victim=victim, card="k.armoury", occupant_to_hand=None,
                           by="wk.moonlit_thieves"),
              Event.public("okc.kingdom_stolen", seat=thief, victim=victim, card="k.armoury", bid="clans.trader",
                           occupant_to_hand=None)):
        [line] = WORDS.news(state, [e], victim, audience(state))
        assert "Armoury" in line and "from you" in line, line
        assert WORDS.news(state, [e], state.seats[2], audience(state)) == []
