"""`make bench`: random games played by people who only click (tests/prompt_walk.py).

Each move is a random choice of the seat's newest prompt, then random options at each step of
its flow, through :meth:`TableService.choose` as a Discord click would be. Reported over the
games: the clicks made, prompts with nothing to click, clicks on the newest prompt refused as
out of date, clicks the rules refused, legal actions no path of clicks reaches (the prompts of a
sample of states walked in full), and the moves that needed a typed command. The goal of each is 0.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from bot.table import FakeClock, Store, TableService
from tests.prompt_walk import WalkFigures, walk_game

Row = tuple[str, float, str, str]
GAMES = [("fief", 3, None), ("fief", 4, None), ("okc", 3, None), ("okc", 4, "modules=all")]
SEEDS = range(3)


def bench() -> list[Row]:
    clicked, walked = WalkFigures(), WalkFigures()
    with tempfile.TemporaryDirectory() as tmp:
        table = TableService(Store(Path(tmp) / "clicks.sqlite3"), clock=FakeClock())
        try:
            for game, players, options in GAMES:
                for seed in SEEDS:
                    clicked.add(walk_game(game, players, seed, options, max_actions=600, table=table, clicks=True,
                                          check=False))
                    walked.add(walk_game(game, players, 50 + seed, options, max_actions=150, table=table,
                                         legal_sample=40))
        finally:
            table.close()
    c, w = clicked.counts(), walked.counts()
    return [
        ("click-only games: games played", clicked.games, "", ""),
        ("click-only games: clicks", clicked.clicks, "", ""),
        ("click-only games: prompts with no choice", c["no_choice"] + w["no_choice"], "", "<= 0"),
        ("click-only games: newest prompt refused as out of date", c["stale"] + w["stale"], "", "<= 0"),
        ("click-only games: clicks the rules refused", c["refused"] + w["refused"], "", "<= 0"),
        ("prompts walked in full", walked.prompts, "", ""),
        ("legal actions checked", walked.legal, "", ""),
        ("legal actions unreachable by clicks", w["unreachable"], "", "<= 0"),
        ("typed commands needed", clicked.typed, "", "<= 0"),
    ]
