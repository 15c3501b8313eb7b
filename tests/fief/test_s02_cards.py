"""2.0-2.3: discarding, drawing, hand limits, depleted decks and the Disaster track."""

from engine.fief import RULES
from engine.fief.components import C
from tests.fief.helpers import act, do, g, give_card, refused, started, turn_seat


def _fortune_top(s, kind_is_disaster: bool) -> None:
    """Arrange the Fortune deck so that its top card has the wanted back."""
    deck = g(s).fortune_deck
    pick = next(c for c in deck if (C.card(c).kind in ("plague", "storms", "famine", "invasion")) == kind_is_disaster)
    deck.remove(pick)
    deck.insert(0, pick)


def test_2_0_one_character_and_one_fortune_or_two_fortune():
    s = started(4)
    seat = turn_seat(s)
    _fortune_top(s, False)
    do(s, seat, "draw deck:character")
    err = refused(s, seat, "draw deck:character")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.0", "character_limit", "at most 1 Character card per round", ['draw deck:fortune', 'done'])
    assert err.section == "2.0" and err.code == "character_limit"
    _fortune_top(s, False)
    do(s, seat, "draw deck:fortune")
    err = refused(s, seat, "draw deck:fortune")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.0", "draw_limit", "you have drawn your 2 cards this round", ['done'])
    assert err.code == "draw_limit" and err.legal == ["done"]


def test_2_0_discard_before_drawing_and_shown_to_all():
    s = started(4)
    seat = turn_seat(s)
    give_card(s, seat, "tax-1")
    events = do(s, seat, "discard card:tax-1")
    assert any(e.kind == "card.discarded" and e.is_public and e.data["card"] == "tax-1" for e in events)
    assert g(s).fortune_discard[-1] == "tax-1"
    _fortune_top(s, False)
    do(s, seat, "draw deck:fortune")
    give_card(s, seat, "tax-2")
    err = refused(s, seat, "discard card:tax-2")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.0", "discard_after_draw", "discards come before the first draw", ['draw', 'done'])


def test_2_0_character_discards_go_face_up_under_the_deck():
    s = started(4)
    seat = turn_seat(s)
    give_card(s, seat, "bishop-exeter")
    do(s, seat, "discard card:bishop-exeter")
    assert g(s).character_under == ["bishop-exeter"]
    assert RULES.view(s, None)["decks"]["character_under"] == ["bishop-exeter"]


def test_2_0_hand_limit_three():
    s = started(4)
    seat = turn_seat(s)
    for c in ("tax-1", "tax-2", "tax-3"):
        give_card(s, seat, c)
    err = refused(s, seat, "draw deck:character")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.0", "hand_limit", "your hand is full (3 cards)", ['done'])
    assert err.code == "hand_limit"


def test_2_3_disaster_on_top_goes_to_track_and_is_not_a_draw():
    """Kirsten's example: disasters drawn face-down to the track do not count toward the two draws."""
    s = started(4)
    seat = turn_seat(s)
    _fortune_top(s, True)
    events = do(s, seat, "draw deck:fortune")
    assert len(g(s).track) == 1 and g(s).players[seat].drawn == 0
    assert any(e.kind == "disaster.drawn" and "card" not in e.data for e in events)
    assert RULES.view(s, None)["disaster_track"]["face_down"] == 1


def test_2_3_full_track_discards_newly_drawn_disasters():
    """Dave's example: with three cards on the track the next disaster is discarded face up."""
    s = started(4)
    seat = turn_seat(s)
    g(s).track = [c for c in g(s).fortune_deck if C.card(c).kind in ("plague", "famine")][:3]
    for c in g(s).track:
        g(s).fortune_deck.remove(c)
    _fortune_top(s, True)
    events = do(s, seat, "draw deck:fortune")
    assert len(g(s).track) == 3
    assert any(e.kind == "disaster.discarded" for e in events)
    assert C.card(g(s).fortune_discard[-1]).kind in ("plague", "storms", "famine", "invasion")


def test_2_1_depleted_deck_reshuffles_discards():
    s = started(4)
    seat = turn_seat(s)
    data = g(s)
    data.fortune_discard = [c for c in data.fortune_deck if C.card(c).kind == "tax"]
    data.fortune_deck = []
    events = do(s, seat, "draw deck:fortune")
    assert any(e.kind == "deck.reshuffled" for e in events)
    assert data.players[seat].hand[-1].startswith("tax")


def test_2_1_both_empty_refuses():
    s = started(4)
    seat = turn_seat(s)
    g(s).fortune_deck, g(s).fortune_discard = [], []
    err = refused(s, seat, "draw deck:fortune")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.1", "deck_empty", "the Fortune deck and its discards are empty", ['done'])
    g(s).character_deck, g(s).character_under = [], []
    err = refused(s, seat, "draw deck:character")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.1", "deck_empty", "the Character deck and its discards are empty", ["draw deck:fortune", "done"])


def test_13_7_two_players_draw_four_at_most_two_characters():
    s = started(2)
    seat = turn_seat(s)
    for _ in range(2):
        do(s, seat, "draw deck:character")
    err = refused(s, seat, "draw deck:character")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.0", "character_limit", "at most 2 Character cards per round", ['draw deck:fortune', 'done'])
    for _ in range(2):
        _fortune_top(s, False)
        do(s, seat, "draw deck:fortune")
    assert len(g(s).players[seat].hand) == 4
    err = refused(s, seat, "draw deck:fortune")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.0", "draw_limit", "you have drawn your 4 cards this round", ['done'])


def test_draw_is_private_to_the_drawer():
    s = started(4)
    seat = turn_seat(s)
    events = act(s, seat, "draw", deck="character")
    card = g(s).players[seat].hand[-1]
    assert all(card not in str(e.data) for e in events if e.is_public)
    assert any(e.kind == "card.received" and e.to == (seat,) for e in events)
    assert "hand" not in RULES.view(s, None).get("me", {})
    assert RULES.view(s, seat)["me"]["hand"][-1]["id"] == card


def test_2_0_a_late_discard_says_what_is_left_to_do():
    s = started(4)
    seat = turn_seat(s)
    _fortune_top(s, False)
    do(s, seat, "draw deck:fortune")
    give_card(s, seat, "tax-2")
    err = refused(s, seat, "discard card:tax-2")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.0", "discard_after_draw", "discards come before the first draw", ['draw', 'done'])
    assert (err.section, err.legal) == ("2.0", ["draw", "done"])


def test_2_0_a_discard_or_draw_names_a_card_held_and_a_deck_that_exists():
    s = started(4)
    seat = turn_seat(s)
    g(s).players[seat].hand = []
    err = refused(s, seat, "discard card:tax-9")
    assert (err.section, err.code, err.message, err.legal) == ("2.0", "not_in_hand", "'tax-9' is not in your hand",
                                                                "no cards")
    err = refused(s, seat, "draw deck:bogus")
    assert (err.section, err.code, err.message, err.legal) == ("2.0", "deck", "no deck 'bogus'",
                                                                ["character", "fortune"])
