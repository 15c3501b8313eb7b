"""Issue 33: every hidden thing a Fief player learns or loses reaches that player in one line of news
(the DM of ``Words.news``): a card taken by Mata, a pigeon delivered or astray, and every private event
kind the rules emit has a teller."""

from __future__ import annotations

import re
from pathlib import Path

from engine.core import Audience
from engine.fief import RULES
from engine.fief.words import names as N
from tests.fief.helpers import defaults_until, do, g, give_card, started, turn_seat
from tests.fief.test_s02_pigeons import two_nobles
from tests.fief.test_s02_retainers import setup_retainer
from tests.speech import assert_human

WORDS = RULES.words()
AUD = Audience(None, {"p1": "Ann", "p2": "Bob", "p3": "Cat", "p4": "Dan"})
PRIVATE = re.compile(r"Event\.private\((?:[^\"()]|\([^()]*\)|\[[^\]]*\])*?,\s*\"([a-z_.]+)\"")


def test_every_private_event_kind_of_the_rules_has_a_teller() -> None:
    root = Path(__file__).resolve().parents[2] / "engine" / "fief"
    kinds = {k for f in root.rglob("*.py") if "words" not in f.parts for k in PRIVATE.findall(f.read_text())}
    assert {"card.swapped", "pigeon.delivered", "troops.detail"} <= kinds
    assert kinds <= WORDS.told(), kinds - WORDS.told()


def _news(s, events, seat: str) -> list[str]:  # type: ignore[no-untyped-def]
    lines = WORDS.news(s, [e for e in events if e.visible_to(seat)], seat, AUD.to(seat))
    for line in lines:
        assert_human(line)
    return lines


def test_mata_tells_the_player_robbed_which_card_went_and_by_whom() -> None:
    s = started(4)
    defaults_until(s, "play", 2)
    seat, fam = turn_seat(s), g(s).flow.queue[0]
    nid = setup_retainer(s, fam, "mata")
    other = next(x for x in g(s).players if x != seat)
    give_card(s, seat, "tax-1")
    give_card(s, other, "harvest-1")
    s.rng.force("harvest-1")
    events = do(s, seat, f"mata noble:{nid} target:{other} card:tax-1")
    theirs = _news(s, events, other)
    assert any(f"{N.seat_player(g(s), seat, AUD.to(other))}'s Mata takes Bountiful Harvest from your hand" in x
               and "leaves you Tax" in x for x in theirs), theirs
    mine = WORDS.events(s, [e for e in events if e.visible_to(seat) and e.to], AUD.to(seat))
    assert any(x.startswith("Mata's exchange with ") and "you give up Tax" in x for x in mine), mine


def test_a_pigeon_delivered_names_its_sender_to_the_receiver() -> None:
    s, data, a_fam, b_fam, a, b = two_nobles()
    seat, other = data.families[a_fam].seat, data.families[b_fam].seat
    data.players[seat].shillings = 5
    s.rng.force(5)
    events = do(s, seat, f"pigeon sender:{a} to:{b} shillings:3")
    assert f"A pigeon from {N.noble_of(data, a)} brings {N.noble(data, b)} 3 shillings." in _news(s, events, other)


def test_a_pigeon_astray_is_told_to_the_noble_it_was_meant_for() -> None:
    s, data, a_fam, b_fam, a, b = two_nobles()
    seat, other = data.families[a_fam].seat, data.families[b_fam].seat
    give_card(s, seat, "tax-1")
    s.rng.force(6)
    events = do(s, seat, f"pigeon sender:{a} to:{b} card:tax-1")
    assert any(x.startswith(f"A pigeon from {N.noble_of(data, a)} to {N.noble(data, b)} went astray")
               for x in _news(s, events, other))
    assert any("went astray" in x and "Tax is lost with it" in x for x in _news(s, events, seat))
