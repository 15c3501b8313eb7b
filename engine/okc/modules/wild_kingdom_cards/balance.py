"""Each Wild Kingdom card measured: ``python -m engine.okc.modules.wild_kingdom_cards.balance --games 300``.

For each of the 15 cards, the same seeded random playouts (2, 3 and 4 players in turn, random factions) are
played with that card alone mixed into the Kingdom Deck, and once more without the module. It prints each
faction's win rate with the card against without, how often the card was gained at all (it may never come
up on the Great Road), and how often whoever gained it won, against their fair share (1 / players), next to
the same ratio for the takers of the other Kingdom cards in those games: a card whose ratio is far above that
reference is stronger than the rest of the deck.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import dataclass, field

from engine.okc import RULES
from engine.okc.modules.wild_kingdom_cards import NAME, content
from engine.okc.modules.wild_kingdom_cards.effects import wild
from engine.playout import Playout

FACTIONS = ("nobility", "clans", "uprising", "gathering")


@dataclass
class Tally:
    wins: Counter[str] = field(default_factory=Counter)
    played: Counter[str] = field(default_factory=Counter)
    gained: int = 0          # games where somebody gained the card
    gainer_won: int = 0      # ... and the (last) seat that gained it won
    gainer_fair: float = 0.0
    base_taken: int = 0      # the same for the other Kingdom cards gained in those games (the reference)
    base_won: int = 0
    base_fair: float = 0.0

    def rate(self, faction: str) -> float:
        return self.wins[faction] / self.played[faction] if self.played[faction] else 0.0


def measure(games: int, seed: int, length: int, card: str | None) -> Tally:
    t = Tally()
    options = {"length": length, "modules": NAME if card else ""}
    if card:
        options["wild_cards"] = card
    for i in range(games):
        n = (2, 3, 4)[i % 3]
        seats = [f"p{k + 1}" for k in range(n)]
        state = Playout(RULES, seats, seed * 1_000_003 + i, options, check=False).run()
        result = RULES.result(state)
        assert result is not None
        g = state.data
        for s in seats:
            t.played[g.players[s].faction] += 1
        for w in result.winners:
            t.wins[g.players[w].faction] += 1
        for kid, takers in wild(g).get("gained", {}).items():
            if kid == card:
                t.gained += 1
                t.gainer_fair += 1 / n
                t.gainer_won += takers[-1] in result.winners
            else:
                t.base_taken += 1
                t.base_fair += 1 / n
                t.base_won += takers[-1] in result.winners
    return t


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.okc.modules.wild_kingdom_cards.balance",
                                     description="Each Wild Kingdom card measured.")  # compiled by mypyc: no docstring
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--length", type=int, default=5)
    parser.add_argument("--card", action="append", help="measure only these cards (ids)")
    args = parser.parse_args(argv)
    base = measure(args.games, args.seed, args.length, None)
    print(f"{args.games} games a card, length {args.length}, 2-4 players; win rates with the card (without)")
    print("  without   " + "  ".join(f"{f[:4]} {base.rate(f):5.1%}" for f in FACTIONS))
    for card in args.card or sorted(content().kingdom):
        t = measure(args.games, args.seed, args.length, card)
        rates = "  ".join(f"{f[:4]} {t.rate(f):5.1%}" for f in FACTIONS)
        ratio = t.gainer_won / t.gainer_fair if t.gainer_fair else 0.0
        reference = t.base_won / t.base_fair if t.base_fair else 0.0
        print(f"  {card:<20} {rates}  gained in {t.gained / args.games:4.0%}, its taker won "
              f"{t.gainer_won}/{t.gained}: ratio to fair {ratio:4.2f} (other Kingdom cards' takers {reference:4.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
