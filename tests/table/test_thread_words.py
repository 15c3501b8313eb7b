"""What the thread, the status and the outbox say about the table's own moves: a paused game, a seat
given to someone else, an offer to a player nobody waits on, and the outbox rows as the save format
writes them."""

from __future__ import annotations

import pytest

from bot.table import DM, TableError
from bot.table import text as wording
from bot.table.store import _select
from engine.core import Action, RuleError
from tests.table.conftest import ALICE, BOB, CHAN, GM, drain, start_game


def test_the_status_of_a_paused_game_says_so(table):
    start_game(table)
    assert "(paused)" not in wording.status_text(table.status(ALICE, CHAN))
    table.pause(GM, CHAN)
    assert wording.status_text(table.status(ALICE, CHAN)).splitlines()[0] == (
        "Tribute, game 1: Round 1: the bids (paused)")


def test_the_thread_is_told_who_now_plays_a_seat(table):
    start_game(table)
    drain(table)
    table.replace(GM, CHAN, "bob", "u-dave", "dave")
    said = [wording.outgoing_text(m) for m in drain(table) if m.payload.get("type") == "table"]
    assert said == ["Game Master gave bob's seat to dave, who now plays it."]


def test_a_seat_handed_over_is_named_by_the_person_who_held_it():
    gave = {"type": "table", "what": "replaced", "seat": "bob", "was": "Bob", "by": "Alice", "user": "Dave"}
    assert wording.table_notice(gave) == "Alice gave Bob's seat to Dave, who now plays it."
    from_computer = {**gave, "back": True}
    assert wording.table_notice(from_computer) == (
        "Alice gave Bob's seat, played by a computer player until now, to Dave.")
    assert wording.table_notice({**from_computer, "by": "Dave"}) == (
        "Dave takes their seat back from the computer player.")
    saved_before = {k: v for k, v in gave.items() if k != "was"}  # notices kept before the holder's name was
    assert wording.table_notice(saved_before) == "Alice gave bob's seat to Dave, who now plays it."


def test_an_offer_reaches_a_player_nobody_waits_on_as_a_prompt(table):
    start_game(table)
    table.act(BOB, CHAN, "tribute", Action.of("bid", card=1))   # bob has bid: nothing blocks on him
    drain(table)
    table.act(ALICE, CHAN, "tribute", Action.of("offer", to="bob", give=1, take=0))
    prompts = [m for m in drain(table) if m.kind == DM and m.seat == "bob" and m.payload.get("type") == "prompt"]
    assert len(prompts) == 1 and prompts[0].payload["fresh"]
    assert table.prompt(BOB, CHAN)["question"] == prompts[0].payload["question"]


def test_outbox_rows_name_their_recipient_as_the_save_format_says(table):
    """docs/save-format.md: a row goes to ``channel`` or to ``seat:<name>``."""
    gid = start_game(table)
    for seat, card in (("alice", 5), ("bob", 1)):
        table.act(ALICE if seat == "alice" else BOB, CHAN, "tribute", Action.of("bid", card=card))
    rows = {r[0] for r in table.store.db.execute("SELECT recipient FROM outbox WHERE game = ?", (gid,))}
    assert rows == {"channel", "seat:alice", "seat:bob"}


def test_a_read_takes_text_columns_as_bytes_and_the_others_as_they_are():
    """Each damaged row is decoded on its own (store._decode), so a read never fails a whole query."""
    assert _select("seats", "game, seat, name", "seat name") == (
        "SELECT game, CAST(seat AS BLOB) AS seat, CAST(name AS BLOB) AS name FROM seats")


def test_the_status_of_a_player_nothing_waits_on_asks_nothing(table):
    start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=2))
    mine = table.status(ALICE, CHAN)
    assert (mine.question, mine.choices) == ("", ()) and mine.legal   # she may still offer coins
    assert "You:" not in wording.status_text(mine)


def test_words_written_where_a_step_is_answered_by_picking_are_refused_with_its_options(table):
    start_game(table)
    prompt = table.prompt(BOB, CHAN)
    offer = next(i for i, c in enumerate(prompt["choices"]) if c.get("flow"))
    with pytest.raises(TableError) as err:
        table.choose(BOB, CHAN, version=prompt["version"], path=[[offer]], text="all my coins")
    assert "this step is answered by picking, not by writing" in str(err.value)
    assert err.value.code == "bad_choice" and err.value.legal == "alice"   # the step asks to whom: only alice
    assert err.value.message == "this step is answered by picking, not by writing"
    with pytest.raises(TableError) as err:
        table.choose(BOB, CHAN, version=prompt["version"], path=[[offer], [3]])
    assert (err.value.message, err.value.code, err.value.legal) == (
        "this step has no choice 4 now: its only choice is numbered 1", "stale", None)


def test_clicks_that_pick_nothing_playable_are_refused_and_nothing_is_played(table, monkeypatch):
    """A click on a prompt since changed, with no choice, a choice the prompt does not have, words
    written for a button, a choice that neither plays nor asks on (a game's label alone): each
    refused in its own words."""
    from engine.core.words import Choice
    from tests.games.tribute import TributeWords

    gid = start_game(table)
    before = table.state(gid).version
    prompt = table.prompt(BOB, CHAN)
    version, count = prompt["version"], len(prompt["choices"])
    bid = next(i for i, c in enumerate(prompt["choices"]) if c["action"])

    def refusal(**kw) -> TableError:  # type: ignore[no-untyped-def]
        with pytest.raises(TableError) as err:
            table.choose(BOB, CHAN, **kw)
        return err.value

    stale = refusal(version=version + 1, path=[[bid]])
    assert (stale.message, stale.code) == ("this prompt is out of date: the game has moved on since", "stale")
    assert stale.legal == "your fresh prompt is the newest one in your messages, or `/game hand`"
    none = refusal(version=version, path=[])
    assert (none.message, none.code) == ("choose one of the prompt's choices first", "bad_choice")
    two = refusal(version=version, path=[[0, 1]])   # a first click picks one choice, not two
    assert (two.message, two.code) == ("choose one of the prompt's choices first", "bad_choice")
    beyond = refusal(version=version, path=[[count]])
    assert beyond.message == f"your prompt has no choice {count + 1}: its choices are numbered 1 to {count}"
    assert beyond.code == "stale"
    written = refusal(version=version, path=[[bid]], text="the fifth")
    assert (written.message, written.code) == ("this choice is answered by a click, not by writing", "bad_choice")
    plain = TributeWords.choices
    monkeypatch.setattr(TributeWords, "choices", lambda *a: [*plain(*a), Choice("Think it over")])
    prompt = table.prompt(BOB, CHAN)
    idle = next(i for i, c in enumerate(prompt["choices"]) if c["label"] == "Think it over")
    nowhere = refusal(version=prompt["version"], path=[[idle]])
    assert (nowhere.message, nowhere.code) == ("that choice leads nowhere", "bad_choice")
    assert table.state(gid).version == before


def test_a_click_the_rules_refuse_comes_back_as_their_refusal_named(table, monkeypatch):
    from tests.games.tribute import TributeRules

    start_game(table)
    prompt = table.prompt(BOB, CHAN)
    bid = next(i for i, c in enumerate(prompt["choices"]) if c["label"] == "Bid 2")

    def refuse(self, state, g, seat, action):
        raise RuleError("T1", "that card is promised elsewhere", code="not_in_hand", legal=[1, 3])

    monkeypatch.setattr(TributeRules, "_play_bid", refuse)
    with pytest.raises(RuleError) as err:
        table.choose(BOB, CHAN, version=prompt["version"], path=[[bid]])
    assert err.value.legal == ["card 1", "card 3"]
