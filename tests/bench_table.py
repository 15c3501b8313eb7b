"""Table traffic for `make bench`: random games of both shipped games played through the
TableService (tests/table_traffic.py), counting per round the thread posts (goal: Fief at most 12
with battles, OKC at most 9), the status edits, and per player the DMs, the DM edits (a living
prompt edited in place) and the pings (notifications); then the same games with one player absent
(every decision of theirs left to its deadline), whose defaults fold into the phase posts.

Before the calm thread (one post per phase, living prompts, passes for seats with no choice) the
same counter read about 90 to 100 posts, 22 to 33 DMs and 7 to 15 pings per round. Before the
calmer thread of issue 33 (status edited only when it reads differently, defaults folded, battles
edited in place), docs/scaling.md has the figures side by side.
"""

from __future__ import annotations

from tests.table_traffic import Traffic, play

Row = tuple[str, float, str, str]
SEEDS = (1, 2, 3)
ROUNDS = 2
GOALS = {"fief": "<= 12", "okc": "<= 9"}


def figures(runs: list[Traffic], players: int) -> dict[str, float]:
    rounds = sum(max(1, t.rounds) for t in runs)
    return {"posts": sum(t.posts for t in runs) / rounds,
            "status": sum(t.status_edits for t in runs) / rounds,
            "dms": sum(sum(t.dms.values()) for t in runs) / rounds / players,
            "edits": sum(sum(t.dm_edits.values()) for t in runs) / rounds / players,
            "pings": sum(sum(t.pings.values()) for t in runs) / rounds / players,
            "timeouts": sum(t.timeouts for t in runs) / rounds}


def bench() -> list[Row]:
    rows: list[Row] = []
    for game, players in (("fief", 3), ("okc", 3)):
        f = figures([play(game, players, seed, ROUNDS) for seed in SEEDS], players)
        label = f"table: {game}, {players} players, {len(SEEDS)} random games of {ROUNDS} rounds"
        rows += [(f"{label}: thread posts per round", f["posts"], "posts", GOALS[game]),
                 (f"table: {game}: status edits per round", f["status"], "edits", ""),
                 (f"table: {game}: DMs per player per round", f["dms"], "DMs", ""),
                 (f"table: {game}: DM edits per player per round", f["edits"], "edits", ""),
                 (f"table: {game}: pings per player per round", f["pings"], "pings", "")]
        f = figures([play(game, players, seed, ROUNDS, absent="Carol") for seed in SEEDS], players)
        rows += [(f"table: {game}, Carol absent: deadlines passed per round", f["timeouts"], "defaults", ""),
                 (f"table: {game}, Carol absent: thread posts per round", f["posts"], "posts", GOALS[game]),
                 (f"table: {game}, Carol absent: status edits per round", f["status"], "edits", "")]
    return rows


if __name__ == "__main__":
    for row in bench():
        print(row)
