"""Faction win rates over random playouts: ``python -m engine.okc.balance --games 1000``.

Each game seats 2, 3 or 4 players (cycling) with random factions and plays random legal choices
to the end. A faction's win rate is its wins over the games it played; with fair factions it is
close to the average share 1/players for the mix of table sizes (printed as "fair").
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter

from engine.okc import RULES
from engine.playout import Playout


def run(games: int, seed: int, length: int, players: int | None,
        modules: str = "") -> dict[str, tuple[int, int, float]]:
    wins: Counter[str] = Counter()
    played: Counter[str] = Counter()
    fair: dict[str, float] = {}
    for i in range(games):
        n = players or (2, 3, 4)[i % 3]
        seats = [f"p{k + 1}" for k in range(n)]
        playout = Playout(RULES, seats, seed * 1_000_003 + i, {"length": length, "modules": modules},
                          check=False)
        state = playout.run()
        result = RULES.result(state)
        assert result is not None
        for s in seats:
            faction = state.data.players[s].faction
            played[faction] += 1
            fair[faction] = fair.get(faction, 0.0) + 1 / n
        for w in result.winners:
            wins[state.data.players[w].faction] += 1
    return {f: (wins[f], played[f], fair[f] / played[f]) for f in sorted(played)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.okc.balance", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--length", type=int, default=5)
    parser.add_argument("--players", type=int)
    parser.add_argument("--modules", default="", help="Wild Kingdom modules: a comma list or all")
    args = parser.parse_args(argv)
    table = run(args.games, args.seed, args.length, args.players, args.modules)
    print(f"{args.games} games, length {args.length}, players {args.players or '2-4'}, "
          f"modules {args.modules or 'none'}")
    for faction, (won, played, fair) in table.items():
        print(f"  {faction:<10} won {won:>4} of {played:>4} = {won / played:6.1%} (fair {fair:5.1%}, "
              f"ratio {won / played / fair:4.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
