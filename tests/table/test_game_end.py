"""The end of a game, told and drawn (issue 33): the final post names the winner, the condition met or
the tie-break, and each side's score with every part of it (Fief: VPs by source; OKC: Influence after the
last Year and each end-of-game change), with the score by round drawn; a game that has ended is still
read (log, board) by its number, in DMs too, and in its thread."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
from PIL import Image

import renderer
from bot.table import CHANNEL_POST, Actor, FakeClock, Outgoing, Store, TableService
from bot.table import text as wording
from engine.core import GameState, RuleError
from engine.core.words import Audience
from engine.playout import pick
from renderer import scores
from renderer.scene import INLINE_MIN_PX
from tests.speech import engine_speak

PEOPLE = [Actor(f"u{i}", name) for i, name in enumerate(("Alice", "Bob", "Carol"))]


def play_to_end(tmp: Path, game: str, seed: int, options: str = "") -> tuple[TableService, int, list[Outgoing]]:
    """A random game of three played through the table to its end; every queued message kept."""
    table = TableService(Store(tmp / "t.sqlite3"), clock=FakeClock())
    gid = table.new_game(PEOPLE[0], "chan", game, players=3, seed=seed, options=options).game.id  # type: ignore[union-attr]
    for p in PEOPLE[1:]:
        table.join(p, "chan")
    table.start(PEOPLE[0], "chan")
    rules = table.rules_for(game)
    by_seat = {s.seat: next(p for p in PEOPLE if p.user_id == s.user_id) for s in table.info(gid).seats}
    agent = random.Random(seed)
    sent: list[Outgoing] = []
    for _ in range(4000):
        for m in table.pending_outbox(500):
            sent.append(m)
            table.mark_delivered(m.id)
        if table.info(gid).status.value != "active":
            break
        state = table.state(gid)
        seat = agent.choice(sorted({s for d in rules.pending(state) if d.blocking for s in d.seats}))
        try:
            table.act(by_seat[seat], "chan", None, pick(rules, state, seat, rules.legal(state, seat), agent))
        except RuleError:
            continue
    assert table.info(gid).status.value == "finished"
    return table, gid, sent


def final_of(sent: list[Outgoing]) -> Outgoing:
    finals = [m for m in sent if m.kind == CHANNEL_POST and m.payload.get("type") == "final"]
    assert len(finals) == 1
    return finals[0]


def chart_checks(final: Outgoing, rounds: int) -> None:
    board = final.payload["board"]
    assert board["game"] == "scores"
    view = board["view"]
    assert len(view["history"]) == rounds
    png = renderer.render("scores", view, None)
    assert Image.open(io.BytesIO(png)).size == (scores.WIDTH, scores.HEIGHT)
    scene = scores.build_scene(view)
    ticks, points = scores.series(view)
    for seat, values in points.items():
        line = scene.one("series", who=seat)
        assert line.info["values"] == values
        assert scene.count("point", who=seat) == len(ticks)
        assert view["names"][seat] in scene.texts("legend", who=seat)[0] or scene.texts("legend", who=seat)[0].endswith("…")
    winners = set(view["result"]["winners"])
    assert {i.who for i in scene.find("legend_score", won=True)} == winners
    # Read inline: every word of the chart (title, names, scores, rounds) is at least 9 px at 550 px wide.
    for item in scene.every():
        if item.shape == "text":
            assert scene.inline_px(item.size) >= INLINE_MIN_PX, (item.kind, item.text, item.size)


def no_engine_speak(lines: list[str]) -> None:
    hits = [h for line in lines for h in engine_speak(line)]
    assert not hits, hits


@pytest.mark.parametrize("seed", [1, 2])
def test_okc_final_post_lists_every_part_of_every_score(tmp_path: Path, seed: int) -> None:
    table, gid, sent = play_to_end(tmp_path, "okc", seed, "length=4, modules=negotiating_table")
    state = table.state(gid)
    final = final_of(sent)
    text = wording.outgoing_text(final)
    lines = final.payload["lines"]
    assert text.startswith("**The end of the game**")
    g = state.data
    winner = table.rules_for("okc").result(state).winners[0]
    assert re.search(rf"win with {g.players[winner].influence} Influence", lines[0])
    for seat, parts in g.ending.items():
        name = table.rules_for("okc").words().seat_name(state, seat, Audience(None, {s.seat: s.name for s in table.info(gid).seats}))
        line = next(x for x in lines if x.startswith(name + ":"))
        assert f"{g.players[seat].influence} Influence ({parts['year']} after Year 4" in line
        assert "Trade Agreement" in line          # the reputation swing, even when it changes nothing
        assert "Lore" in line                     # Lore turned to Influence, or why none was
        assert parts["year"] + parts["negotiating_table"] + parts["lore"] == g.players[seat].influence
    chart_checks(final, 4)
    no_engine_speak(lines)


def test_fief_final_post_lists_every_vp_by_source(tmp_path: Path) -> None:
    table, gid, sent = play_to_end(tmp_path, "fief", 1)
    state = table.state(gid)
    final = final_of(sent)
    lines = final.payload["lines"]
    g = state.data
    assert lines[0].startswith(f"The game is over after Round {g.flow.round}.")
    assert "at the end of Round" in lines[0]      # the victory condition met
    names = {s.seat: s.name for s in table.info(gid).seats}
    words = table.rules_for("fief").words()
    from engine.fief import victory
    from engine.fief.words import names as N

    for seat in g.players:
        name = words.seat_name(state, seat, Audience(None, names))
        line = next(x for x in lines if x.startswith(name + ":"))
        n = victory.seat_vp(g, seat)
        assert (f"{n} VP" in line) if n else ("no VPs" in line)
        parts = victory.ending(g)["vp"][seat]
        assert len(parts) == n
        for p in parts:   # each VP by its source: the Fiefdom title and its noble, or the Relic VP marker
            if p["source"] == "fiefdom":
                assert f"of {N.region(p['region'])} ({N.noble(g, p['noble'])})" in line
            else:
                assert "the Relic VP marker" in line
    chart_checks(final, g.flow.round)
    no_engine_speak(lines)
    # `/game status` on the ended game tells the same end, not only "The game is over."
    status = wording.describe(table.status(PEOPLE[1], "chan"))
    assert status.splitlines()[0] == f"Fief: England, game {gid}: over."
    assert lines[0] in status and all(line in status for line in lines)


def test_the_reputation_swing_that_changes_the_winner_is_told() -> None:
    """18 against 17 after the last Year; one Trade Agreement (-3) against three (+3): 15 against 20."""
    from engine.okc import RULES
    from engine.okc.endgame import finish
    from engine.okc.modules.negotiating_table.book import table
    from tests.okc.helpers import game

    state: GameState = game(3, modules="negotiating_table")
    g = state.data
    a, b, c = g.order
    cards = table(g)["cards"]
    for seat, influence, n in ((a, 18, 1), (b, 17, 3), (c, 4, 2)):
        g.players[seat].influence = influence
        g.players[seat].lore = 0
        cards[seat] = cards[seat][:1] * n
    g.history = [{a: 10, b: 9, c: 2}, {a: 18, b: 17, c: 4}]
    finish(state)
    names = {a: "Alice", b: "Bob", c: "Carol"}
    lines = RULES.words().final(state, Audience(None, names))
    bob = RULES.words().seat_name(state, b, Audience(None, names))
    alice = RULES.words().seat_name(state, a, Audience(None, names))
    assert lines[0] == f"The game is over after Year 2. {bob} win with 20 Influence."
    assert f"{bob}: 20 Influence (17 after Year 2, 3 gained for 3 Trade Agreements held, no Lore to turn)." in lines
    assert f"{alice}: 15 Influence (18 after Year 2, 3 lost for 1 Trade Agreement held, no Lore to turn)." in lines
    assert lines[-1] == f"The end changed the lead: after Year 2 {alice[0].lower() + alice[1:]} led with 18 Influence."
    view = RULES.view(state, None)
    assert view["ending"][b] == {"year": 17, "negotiating_table": 3, "lore": 0}
    ticks, points = scores.series({**view, "names": names})
    assert ticks == ["Y1", "Y2", "End"] and points[a] == [10, 18, 15] and points[b] == [9, 17, 20]
    no_engine_speak(lines)


def test_lore_turned_to_influence_is_a_part_of_the_score() -> None:
    from engine.okc import RULES
    from engine.okc.endgame import finish
    from tests.okc.helpers import game

    state: GameState = game(2)
    g = state.data
    a, b = g.order
    g.players[a].influence, g.players[a].lore, g.players[a].site = 5, 5, []
    g.players[b].influence, g.players[b].lore = 7, 0
    g.history = [{a: 5, b: 7}]
    finish(state)
    lines = RULES.words().final(state, Audience(None, {a: "Alice", b: "Bob"}))
    assert any(line.endswith("7 Influence (5 after Year 1, 2 from 4 Lore).") and "Alice" in line for line in lines), lines
    assert any("tie on 7 Influence" in line for line in lines), lines


def test_a_fief_tie_on_vps_is_broken_in_words() -> None:
    from engine.fief import RULES, victory
    from tests.fief.helpers import g, started

    s = started(3)
    data = g(s)
    red, blue, _ = data.flow.order
    data.nobles[data.families[red].nobles[0]].titles += ["lord:V", "lord:II"]     # a Duchy and a Barony
    data.nobles[data.families[blue].nobles[0]].titles += ["lord:I", "lord:III"]   # a County and a Barony
    data.flow.round = 7
    data.flow.winners, data.flow.reason = victory.check(data)
    data.flow.over = True
    names = {seat: seat.title() for seat in data.players}
    lines = RULES.words().final(s, Audience(None, names))
    assert "the most VPs at the end of Round 7" in lines[0]
    assert "tie on 2 VPs; the tie goes to the highest title" in lines[1]
    assert lines[1].endswith("holds the higher Fiefdom: a Duchy against a County.")
    no_engine_speak(lines)


def test_an_ended_game_is_read_by_its_number_in_dms_and_in_its_thread(tmp_path: Path) -> None:
    table, gid, _ = play_to_end(tmp_path, "okc", 3, "length=4")
    bob_dm = Actor("u1", "Bob")
    page = table.log(bob_dm, None, game_id=gid)
    assert page.game.id == gid and page.entries
    board = table.board(bob_dm, None, game_id=gid)
    assert board.png and board.game.status.value == "finished"
    assert table.log(PEOPLE[1], "chan").game.id == gid
    assert table.board(PEOPLE[1], "chan", draw=False).game.id == gid
    with pytest.raises(RuleError) as err:
        table.log(bob_dm, None)
    assert err.value.code == "no_game" and f"game:{gid} (The Old King's Crown, finished)" in str(err.value.legal)
    with pytest.raises(RuleError):   # a stranger's DM reaches no game
        table.log(Actor("u9", "Dora"), None, game_id=gid)
    assert table.suggest_named(bob_dm, None, "game", "log", "game", "") == [
        (f"Game {gid}: The Old King's Crown (finished)", gid)]


def test_a_game_saved_before_rounds_were_kept_labels_the_rounds_it_has() -> None:
    view = {"game": "fief", "round": 7, "result": {"winners": ["a"]}, "history": [{"a": 1, "b": 0}, {"a": 3, "b": 1}],
            "seats": {"a": {"families": ["red"], "vp": 3}, "b": {"families": ["blue"], "vp": 1}},
            "families": {"red": {"colour": "#D55E00", "letter": "R"}, "blue": {"colour": "#0072B2", "letter": "B"}},
            "names": {"a": "Red (Alice)", "b": "Blue (Bob)"}}
    ticks, points = scores.series(view)
    assert ticks == ["R6", "R7"] and points == {"a": [1, 3], "b": [0, 1]}
    scene = scores.build_scene(view)
    assert scene.one("series", who="a").info["values"] == [1, 3]
    assert scene.texts("legend", who="a") == ["Red (Alice)"] and scene.texts("legend_score", who="a") == ["3 VPs · wins"]
    assert scene.texts("legend_score", who="b") == ["1 VP"]


def test_fief_victory_conditions_and_every_vp_source_in_words() -> None:
    """An alliance victory (8.3) told with each married player's VPs and their sum; then a solo victory
    (8.2) with a Relic VP marker among its sources."""
    from engine.fief import RULES, victory
    from tests.fief.helpers import g, started

    s = started(4)
    data = g(s)
    a, b, c, _ = data.flow.order
    na = data.families[a].nobles[0]
    data.nobles[na].titles += ["lord:I", "lord:II"]
    nb = next(n for n in data.families[b].nobles if data.nobles[n].sex != data.nobles[na].sex)
    data.nobles[na].spouse, data.nobles[nb].spouse = nb, na
    data.nobles[nb].titles += ["lord:III", "lord:IV"]
    data.flow.round = 5
    data.flow.winners, data.flow.reason = victory.check(data)
    data.flow.over = True
    names = {seat: seat.title() for seat in data.players}
    aud = Audience(None, names)
    words = RULES.words()
    lines = words.final(s, aud)
    pair = f"{words.seat_name(s, data.families[a].seat, aud)} and {words.seat_name(s, data.families[b].seat, aud)}"
    assert lines[0].startswith("The game is over after Round 5. ")
    assert lines[0].endswith("win with 4 VPs: an alliance victory, married and holding 4 VPs or more together "
                             "at the end of Round 5.")
    assert any(line.startswith(words.seat_name(s, data.families[a].seat, aud) + ": 2 VPs: ") for line in lines)
    assert any("Married, " in line and "count 4 VPs together." in line for line in lines), lines
    assert pair.split(" and ")[0] in lines[0] and pair.split(" and ")[1] in lines[0]
    no_engine_speak(lines)

    data.nobles[data.families[c].nobles[0]].titles += ["lord:V", "lord:VI"]
    data.relic_vp = c
    data.flow.winners, data.flow.reason = victory.check(data)
    lines = words.final(s, aud)
    who = words.seat_name(s, data.families[c].seat, aud)
    assert lines[0].endswith(f"{who} wins with 3 VPs: a solo victory, with 3 VPs or more at the end of Round 5.")
    line = next(x for x in lines if x.startswith(who + ":"))
    assert line.startswith(f"{who}: 3 VPs: Duke") and line.endswith("and the Relic VP marker.")
    no_engine_speak(lines)
