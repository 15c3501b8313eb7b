"""An OKC phase post is never cut (no eighth-line limit, no "and 3 more deeds"), nor is a clash
report's Day line; the last phase post leaves the end of the game to the final post, which tells the
winner and every part of the score."""

from __future__ import annotations

from engine.core import Event, GameState
from tests.okc.words_games import WORDS, Moment, audience, play


def phase_posts(players: int, length: int, modules: str, seed: int) -> tuple[GameState, list[list[str]], list[str]]:
    """The lines of each phase post of a random game, as the table builds them when the phase ends,
    and the lines of every clash report."""
    posts: list[list[str]] = []
    reports: list[str] = []
    titles: list[str] = []

    def after(m: Moment, new: list[Event]) -> None:
        if not titles:
            titles.append(WORDS.phase_title(m.state))
            return
        now = WORDS.phase_title(m.state)
        if now != titles[-1]:
            phase = m.phase_events + new
            posts.append(WORDS.phase_summary(m.state, titles[-1], phase, audience(m.state)))
            reports.extend(line for battle in WORDS.battle_events(phase)
                           for line in WORDS.battle_report(m.state, battle, audience(m.state)))
            titles.append(now)

    state, _ = play(players, length, modules, seed, after=after)
    return state, posts, reports


def test_every_phase_post_is_whole_and_the_last_leaves_the_end_to_the_final_post() -> None:
    state, posts, reports = phase_posts(4, 4, "night_map,travelling_town", 7)
    told = [line for post in posts for line in post]
    assert posts and not any("more deed" in line or "in the log" in line for line in told)
    assert max(len(post) for post in posts) > 8   # longer than the old cut at eight lines, kept whole
    assert not any(line.startswith("The game is over") for line in posts[-1])
    final = " ".join(WORDS.final(state, audience(state)))
    assert final.startswith("The game is over") and "win with" in final
    days = [line for line in reports if line.startswith("Day: ")]
    assert days and not any("more deed" in line for line in days)
    assert max(line.count("; ") for line in days) >= 4   # more deeds than the old cut at four, all told
    assert not any("; The " in line for line in days)    # "Day: the Clans (Alice) use ...; the Nobility ..."


def test_a_clash_is_told_as_soon_as_it_is_won_before_the_claim() -> None:
    """While the winner chooses which Location to claim, the clash (its cards and result) is already
    among the battles the table posts, so nobody waits on the claim to learn who won."""
    asked = 0

    def visit(m: Moment) -> None:
        nonlocal asked
        if m.decision.prompt != "okc.claim":
            return
        asked += 1
        region = m.state.data.clash.region
        told = [b for b in WORDS.battles_under_way(m.phase_events) if b[0].data.get("region") == region]
        assert told and any(e.kind == "okc.clash_won" for e in told[-1]), "the clash waits on the claim"
        report = WORDS.battle_report(m.state, told[-1], audience(m.state))
        assert any(" win " in line for line in report), report

    play(3, 4, "", 5, visit)
    assert asked
