"""The outbox: public posts from public facts only, DMs per seat, boards on phase changes, stable keys."""

from __future__ import annotations

import json

import pytest

import renderer
from bot.table import BOARD_IMAGE, CHANNEL_POST, DM, STATUS_EDIT, Actor
from engine.core import Action, RuleError
from tests.table.conftest import ALICE, BOB, CHAN, GM, drain, start_game


def test_secret_bid_stays_out_of_public_messages(table):
    start_game(table)
    drain(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=4))
    msgs = drain(table)
    public = [m for m in msgs if m.kind in (CHANNEL_POST, STATUS_EDIT)]
    assert public and all(m.channel == CHAN for m in public)
    text = json.dumps([m.payload for m in public])
    assert "Bid 4" not in text and '"value": 4' not in text
    dms = [m for m in msgs if m.kind == DM]
    assert [(m.seat, m.user_id) for m in dms] == [("alice", "u-alice")]  # her prompt, answered in place
    assert dms[0].payload["answered"] == "You chose: Bid 4." and not dms[0].payload["fresh"]


def test_prompts_for_newly_awaited_seats(table):
    start_game(table)
    msgs = drain(table)
    prompts = [m for m in msgs if m.kind == DM and m.payload["type"] == "prompt"]
    assert sorted(m.seat for m in prompts) == ["alice", "bob"]
    assert all(m.payload["fresh"] and m.payload["ping"] for m in prompts)
    labels = [c["label"] for c in prompts[0].payload["choices"]]
    assert labels[:5] == ["Bid 1", "Bid 2", "Bid 3", "Bid 4", "Bid 5"]
    assert prompts[0].payload["question"].startswith("Bid a card from your hand")
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=4))
    # bob was already awaited and did not act: no second prompt; alice's prompt is answered in place.
    again = [m for m in drain(table) if m.payload.get("type") == "prompt"]
    assert [(m.seat, m.payload["fresh"]) for m in again] == [("alice", False)]


def test_a_partial_action_edits_the_prompt_with_fresh_choices(table):
    start_game(table)
    drain(table)
    table.act(ALICE, CHAN, "tribute", Action.of("offer", to="bob", give=1, take=0))  # alice still bids
    prompt = next(m for m in drain(table) if m.payload.get("type") == "prompt")
    assert prompt.seat == "alice" and not prompt.payload["fresh"] and not prompt.payload["ping"]
    assert "answered" not in prompt.payload and prompt.payload["choices"]


def test_done_and_pass_never_come_first(table):
    start_game(table)
    drain(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=5))
    table.act(BOB, CHAN, "tribute", Action.of("bid", card=1))
    prompt = next(m for m in drain(table) if m.payload.get("type") == "prompt" and m.seat == "bob"
                  and m.payload.get("choices"))
    assert [c["label"] for c in prompt.payload["choices"]][-1] == "Let it pass"


def test_delivery_is_at_least_once_and_keys_are_unique(table):
    start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=4))
    first = table.pending_outbox(1000)
    again = table.pending_outbox(1000)
    assert [m.key for m in first] == [m.key for m in again]  # not marked: offered again
    assert len({m.key for m in first}) == len(first)
    table.mark_delivered(first[0].id)
    table.mark_delivered(first[0].id)  # twice is harmless
    assert [m.id for m in table.pending_outbox(1000)] == [m.id for m in first[1:]]


def test_messages_commit_with_the_action(table, db_path):
    """A refused action queues nothing."""
    start_game(table)
    drain(table)
    with pytest.raises(RuleError):
        table.act(ALICE, CHAN, "tribute", Action.of("bid", card=9))
    assert table.pending_outbox() == []


def test_the_board_goes_with_the_phase_post(table, monkeypatch):
    monkeypatch.setitem(renderer.DRAWERS, "tribute", "tests.table.test_outbox:fake_drawer")
    start_game(table)
    msgs = drain(table)
    post = next(m for m in msgs if m.kind == CHANNEL_POST)
    assert post.payload["type"] == "started" and "hand" not in json.dumps(post.payload["board"]["view"])
    assert post.payload["game_id"] == post.game_id                  # the adapter finds the game's thread by it
    mine = next(m for m in msgs if m.kind == DM and m.seat == "alice")
    assert mine.payload["board"]["view"]["players"]["alice"]["hand"] == [1, 2, 3, 4, 5]
    assert renderer.render("tribute", post.payload["board"]["view"], None) == b"PNG"
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=4))  # same phase: no post
    assert not [m for m in drain(table) if m.kind == CHANNEL_POST]
    table.act(BOB, CHAN, "tribute", Action.of("bid", card=2))  # bids revealed: the phase ends
    posts = [m for m in drain(table) if m.kind == CHANNEL_POST]
    assert [p.payload["type"] for p in posts] == ["phase"]
    assert posts[0].payload["title"] == "Round 1: the bids" and posts[0].payload["board"]
    assert "The bids: alice 4 and bob 2." in posts[0].payload["lines"]
    assert not [m for m in table.pending_outbox(1000) if m.kind == BOARD_IMAGE]
    assert table.board(ALICE, CHAN).png == b"PNG"


def fake_drawer(view, seat):
    return b"PNG"


def test_no_board_without_a_drawer(table):
    start_game(table)
    assert not [m for m in drain(table) if m.kind == BOARD_IMAGE or m.payload.get("board")]


def test_dms_follow_a_replaced_seat(table):
    start_game(table)
    drain(table)
    table.act(BOB, CHAN, "tribute", Action.of("bid", card=2))
    table.replace(GM, CHAN, "bob", "u-new", "newbie")
    dm = next(m for m in table.pending_outbox(1000) if m.kind == DM and m.seat == "bob")
    assert dm.user_id == "u-new"
    assert table.act(Actor("u-new", "newbie"), CHAN, "tribute", Action.of("offer", to="alice", give=1, take=0))


def test_status_edit_lists_awaited_seats_without_defaults(table):
    start_game(table)
    status = [m for m in drain(table) if m.kind == STATUS_EDIT][-1]
    assert {w["seat"] for w in status.payload["waiting"]} == {"alice", "bob"}
    assert "defaults" not in json.dumps(status.payload)


def test_the_status_message_names_its_game_by_number_and_kind_with_its_state(table):
    gid = start_game(table)
    status = [m for m in drain(table) if m.kind == STATUS_EDIT][-1].payload
    waiting = status.pop("waiting")
    assert status == {"type": "status", "game_id": gid, "game": "tribute", "status": "active", "title": "Round 1: the bids",
                      "version": table.state(gid).version, "result": []}
    assert [(w["seat"], w["name"]) for w in waiting] == [("alice", "alice"), ("bob", "bob")]
    table.replace(GM, CHAN, "bob", "u-carol", "Carol")   # a seat is awaited by its holder's name
    status = [m for m in drain(table) if m.kind == STATUS_EDIT][-1].payload
    assert [(w["seat"], w["name"]) for w in status["waiting"]] == [("alice", "alice"), ("bob", "Carol")]


def _public(table, gid):
    """Public messages of a game, with the game number taken out."""
    out = []
    for m in drain(table):
        if m.game_id == gid and (m.seat is None):
            text = json.dumps(m.payload, sort_keys=True).replace(f'"game_id": {gid}', '"game_id": 0')
            out.append((m.kind, m.key.split(".", 1)[1], text))
    return out


def test_public_messages_do_not_depend_on_hidden_choices(table):
    """Two games that differ only in a secret bid give byte-identical public messages."""
    first = start_game(table, channel="c1", seed=5)
    second = start_game(table, channel="c2", seed=5)
    drain(table)
    table.act(ALICE, None, "tribute", Action.of("bid", card=2), game_id=first)
    table.act(ALICE, None, "tribute", Action.of("bid", card=4), game_id=second)
    table.act(ALICE, None, "tribute", Action.of("offer", to="bob", give=1, take=0), game_id=first)
    table.act(ALICE, None, "tribute", Action.of("offer", to="bob", give=2, take=1), game_id=second)
    msgs = table.pending_outbox(1000)
    assert _public(table, first) == [(k, key, text) for k, key, text in _public_from(msgs, second)]


def _public_from(msgs, gid):
    out = []
    for m in msgs:
        if m.game_id == gid and m.seat is None:
            text = json.dumps(m.payload, sort_keys=True).replace(f'"game_id": {gid}', '"game_id": 0')
            out.append((m.kind, m.key.split(".", 1)[1], text))
    return out


def test_prune_forgets_old_delivered_messages(table, clock):
    start_game(table)
    drain(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=4))
    clock.advance(8 * 86400)
    assert table.prune_outbox() > 0
    assert table.pending_outbox(1000)  # undelivered rows are kept
    assert all(r.delivered_at is None for r in table.store.outbox(1))


def test_a_secret_action_is_logged_without_its_actor(table):
    start_game(table)
    drain(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=4))  # secret spec
    table.act(ALICE, CHAN, "tribute", Action.of("offer", to="bob", give=1, take=0))  # not secret
    assert [e.seat for e in table.log(BOB, CHAN).entries] == ["", "alice"]
    assert [e.seat for e in table.log(ALICE, CHAN).entries] == ["alice", "alice"]
    lines = [e.line for e in table.log(BOB, CHAN).entries]
    assert lines == ["alice has bid.", "alice: Offer bob 1 for 0."]


def test_pause_and_resume_refresh_the_status(table):
    start_game(table)
    drain(table)
    table.pause(GM, CHAN)
    assert [m.payload["status"] for m in drain(table) if m.kind == STATUS_EDIT] == ["paused"]
    table.resume(GM, CHAN)
    assert [m.payload["status"] for m in drain(table) if m.kind == STATUS_EDIT] == ["active"]


def test_an_open_offer_is_answered_by_accepting_or_declining_it_alone(table):
    """Bob, still to bid, holds card 1 and an offer numbered 1 of 1 coin: the offer's prompt answers with
    the offer's own actions, never with the bid or a counter-offer that happen to carry the same number."""
    from bot.table import outbox as ob
    from tests.games.tribute import RULES

    gid = start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("offer", to="bob", give=1, take=0))
    state = table.state(gid)
    offer = next(d for d in RULES.pending(state) if d.id.startswith("offer"))
    assert offer.id.endswith("-1") and Action.of("bid", card=1) in RULES.legal(state, "bob")
    assert sorted(a.text() for a in ob.answers(RULES, state, "bob", offer)) == [
        "accept_offer offer:1", "decline_offer offer:1"]


def test_a_game_without_phase_titles_is_posted_under_its_phase_labels(tmp_path, clock):
    """Titles fall back to the rules' phase label; a snapshot is still taken where the phase changes."""
    from bot.table import Store, TableService
    from tests.games.tribute import TributeRules, TributeWords

    class Untitled(TributeWords):
        def phase_title(self, state):  # type: ignore[no-untyped-def]
            return ""

    class Plain(TributeRules):
        def words(self):  # type: ignore[no-untyped-def]
            return Untitled()

    table = TableService(Store(tmp_path / "t.sqlite3"), clock=clock, games=[Plain()], load_registered=False)
    gid = start_game(table)
    drain(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=5))
    assert table.store.snapshot_seqs(gid) == [0]   # the phase goes on
    table.act(BOB, CHAN, "tribute", Action.of("bid", card=1))
    assert sorted(table.store.snapshot_seqs(gid)) == [0, 2]
    msgs = drain(table)
    [post] = [m.payload for m in msgs if m.payload.get("type") == "phase"]
    assert (post["title"], post["next"]) == ("round 1, bid", "round 1, shield")
    assert [m.payload["title"] for m in msgs if m.kind == STATUS_EDIT][-1] == "round 1, shield"
    table.store.close()


@pytest.mark.parametrize("roles,said", [
    ({"alice": "the Red", "bob": "the Blue"}, ["Alice plays the Red.", "bob plays the Blue."]),
    ({"alice": "", "bob": ""}, ["Players: Alice and bob."]),
])
def test_a_game_that_does_not_tell_its_setup_opens_with_who_plays_what(roles, said):
    """Seats without a name are called by their seat."""
    from bot.table import outbox as ob
    from tests.games.tribute import TributeRules, TributeWords

    class Silent(TributeWords):
        def events(self, state, events, aud):  # type: ignore[no-untyped-def]
            return []

    class Quiet(TributeRules):
        def words(self):  # type: ignore[no-untyped-def]
            return Silent()

    rules = Quiet()
    state, events = rules.new_game(["alice", "bob"], {}, 7)
    rows = ob.after_action(ob.Turn(game_id=3, prefix="g3.e0.s0", rules=rules, state=state, before=None,
                                   events=events, phase_events=[], names={"alice": "Alice"}, due={},
                                   kind="started", extra={"roles": roles}))
    [post] = [m for m in rows if m.kind == CHANNEL_POST]
    assert (post.key, post.payload["type"], post.payload["title"]) == ("g3.e0.s0.post", "started", "Round 1: the bids")
    assert post.payload["lines"] == ["The game begins.", *said]


def test_a_menu_is_named_by_what_its_choices_do_not_by_their_words() -> None:
    """A click on a stale prompt is refused when the menu's actions changed, even with as many choices."""
    from bot.table.outbox import menu_id
    from engine.core.words import Choice

    bid = [Choice("Bid 1", action=Action.of("bid", card=1)), Choice("Offer…", flow="offer")]
    assert menu_id(bid) == menu_id([Choice("Bid one card", action=Action.of("bid", card=1)),
                                    Choice("Make an offer…", flow="offer")])          # reworded: same menu
    assert menu_id(bid) != menu_id([Choice("Bid 2", action=Action.of("bid", card=2)), Choice("Offer…", flow="offer")])
    assert menu_id(bid) != menu_id([Choice("Bid 1", action=Action.of("bid", card=1)),
                                    Choice("Offer…", flow="offer", chosen=(("to", "bob"),))])


def test_a_queued_message_of_a_game_with_no_row_goes_nowhere_and_stops_nothing(table) -> None:
    """The outbox names its game without a key to the games table: a row left for a game the store no
    longer holds is listed with no channel and no seat holders, and the others still go out."""
    gid = start_game(table)
    table.store.add_outbox(999, "g999.lost", CHANNEL_POST, "channel", {"type": "post", "lines": ["lost"]}, 0.0)
    lost = [m for m in table.pending_outbox(1000) if m.game_id == 999]
    assert [(m.key, m.channel, m.seat, m.user_id) for m in lost] == [("g999.lost", None, None, None)]
    assert any(m.game_id == gid and m.channel == CHAN for m in table.pending_outbox(1000))
