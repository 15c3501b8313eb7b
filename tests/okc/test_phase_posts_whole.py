"""An OKC phase post is never cut (no eighth-line limit, no "and 3 more deeds"), and the last one
leaves the end of the game to the final post, which tells the winner and every part of the score."""

from __future__ import annotations

from engine.core import Event, GameState
from tests.okc.words_games import WORDS, Moment, audience, play


def phase_posts(players: int, length: int, modules: str, seed: int) -> tuple[GameState, list[list[str]]]:
    """The lines of each phase post of a random game, as the table builds them when the phase ends."""
    posts: list[list[str]] = []
    titles: list[str] = []

    def after(m: Moment, new: list[Event]) -> None:
        if not titles:
            titles.append(WORDS.phase_title(m.state))
            return
        now = WORDS.phase_title(m.state)
        if now != titles[-1]:
            posts.append(WORDS.phase_summary(m.state, titles[-1], m.phase_events + new, audience(m.state)))
            titles.append(now)

    state, _ = play(4, length, modules, seed, after=after)
    return state, posts


def test_every_phase_post_is_whole_and_the_last_leaves_the_end_to_the_final_post() -> None:
    state, posts = phase_posts(4, 4, "night_map,travelling_town", 7)
    told = [line for post in posts for line in post]
    assert posts and not any("more deed" in line or "in the log" in line for line in told)
    assert max(len(post) for post in posts) > 8   # longer than the old cut at eight lines, kept whole
    assert not any(line.startswith("The game is over") for line in posts[-1])
    final = " ".join(WORDS.final(state, audience(state)))
    assert final.startswith("The game is over") and "win with" in final
