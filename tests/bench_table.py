"""Table traffic for `make bench`: random games of both shipped games played through the
TableService (tests/table_traffic.py), counting per round the thread posts (goal: Fief at most 12
with battles, OKC at most 9), the DMs per player and the pings (notifications) per player.

Before the calm thread (one post per phase, living prompts, passes for seats with no choice) the
same counter read about 90 to 100 posts, 22 to 33 DMs and 7 to 15 pings per round.
"""

from __future__ import annotations

from tests.table_traffic import play

Row = tuple[str, float, str, str]
SEEDS = (1, 2, 3)
ROUNDS = 2
GOALS = {"fief": "<= 12", "okc": "<= 9"}


def bench() -> list[Row]:
    rows: list[Row] = []
    for game, players in (("fief", 3), ("okc", 3)):
        runs = [play(game, players, seed, ROUNDS) for seed in SEEDS]
        rounds = sum(max(1, t.rounds) for t in runs)
        posts = sum(t.posts for t in runs) / rounds
        dms = sum(sum(t.dms.values()) for t in runs) / rounds / players
        pings = sum(sum(t.pings.values()) for t in runs) / rounds / players
        label = f"table: {game}, {players} players, {len(SEEDS)} random games of {ROUNDS} rounds"
        rows += [(f"{label}: thread posts per round", posts, "posts", GOALS[game]),
                 (f"table: {game}: DMs per player per round", dms, "DMs", ""),
                 (f"table: {game}: pings per player per round", pings, "pings", "")]
    return rows


if __name__ == "__main__":
    for row in bench():
        print(row)
