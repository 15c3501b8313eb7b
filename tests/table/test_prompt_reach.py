"""No player is ever stuck: random games of both games played through the table service, and at
every state, for every awaited seat, the living prompt is walked by clicks (tests/prompt_walk.py):

- every legal action of the seat is reachable from the prompt (a choice, or a path through its
  flows), whatever else awaits the seat (a request during a move, an open offer);
- everything the clicks reach is accepted by the rules;
- no prompt is without a choice;
- the prompt the seat last received is the one it should hold now (never stale).

`make test` walks 200 short games and a few long ones; ``python -m pytest -m slow
tests/table/test_prompt_reach.py`` walks many whole games. ``python -m tests.prompt_walk GAME
PLAYERS GAMES [OPTIONS]`` prints the figures of one configuration.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.table import FakeClock, Store, TableService
from tests.prompt_walk import WalkFigures, walk_game

# (game, players, options, games): 200 games in all, the first 20 actions of each
SHORT = [("fief", 2, None, 30), ("fief", 3, None, 35), ("fief", 4, None, 35),
         ("okc", 2, None, 15), ("okc", 3, None, 25), ("okc", 3, "modules=all", 30), ("okc", 4, "modules=all", 30)]
LONG = [("fief", 3, None, 1), ("fief", 4, None, 1), ("okc", 4, None, 1), ("okc", 3, "modules=all", 1)]


@pytest.fixture(scope="module")
def table() -> Iterator[TableService]:
    with tempfile.TemporaryDirectory() as tmp:
        t = TableService(Store(Path(tmp) / "walk.sqlite3"), clock=FakeClock())
        try:
            yield t
        finally:
            t.close()


def walk(table: TableService, game: str, players: int, options: str | None, seeds: range, *,
         max_actions: int, legal_sample: int) -> WalkFigures:
    total = WalkFigures()
    for seed in seeds:
        total.add(walk_game(game, players, seed, options, max_actions=max_actions, legal_sample=legal_sample,
                            table=table))
    return total


def no_gaps(f: WalkFigures) -> str:
    return f"{len(f.gaps)} gaps in {f.games} games, {f.states} states:\n" + "\n".join(str(g)[:300] for g in f.gaps[:20])


@pytest.mark.parametrize("game,players,options,games", SHORT)
def test_every_legal_action_is_a_click_away_at_the_start_of_many_games(
        table: TableService, game: str, players: int, options: str | None, games: int) -> None:
    f = walk(table, game, players, options, range(100, 100 + games), max_actions=20, legal_sample=12)
    assert f.games == games and f.states >= games * 10
    assert not f.gaps, no_gaps(f)


@pytest.mark.parametrize("game,players,options,games", LONG)
def test_every_legal_action_is_a_click_away_through_long_games(
        table: TableService, game: str, players: int, options: str | None, games: int) -> None:
    f = walk(table, game, players, options, range(7, 7 + games), max_actions=250, legal_sample=12)
    assert f.states >= 200
    assert not f.gaps, no_gaps(f)


@pytest.mark.slow
@pytest.mark.parametrize("game,players,options", [(g, p, o) for g, p, o, _ in SHORT])
def test_whole_games_walked(table: TableService, game: str, players: int, options: str | None) -> None:
    f = walk(table, game, players, options, range(20), max_actions=3000, legal_sample=40)
    assert not f.gaps, no_gaps(f)
