"""Win rates per seat, colour and starting position over whole Fief games, and what decided them:
``python -m engine.fief.balance --games 20 --seeds 1,2,3``.

Every seat is played by the same computer player (``--agent``: ``steady`` by default, the one-step look-ahead
of engine/agents; ``random`` for the simulator's weighted random choices). Each game seats 2, 3 or 4 players
(cycling; ``--players`` fixes it), colours dealt in seat order (Game Setup, 13.7: two families a player with two
players), the first player drawn by lot and each family choosing its starting region (13.6), played to its end
(8.2-8.5, 13.7). Wins are shared in a tie and measured against fair shares with Wilson intervals
(engine/balance.py). A seat's colours share its result, and so do its starting regions; its position is its
place in the first round's turn order (1 = the first player).

What decided the games: how each ended (solo, alliance or two-player victory from Round 5, or the end of
Round 7 with the tie-break of 8.5), the round it ended in, and the winners' VPs by source (Fiefdom titles by
rank, the Relic VP marker, 8.1).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import dataclass
from typing import Any

from engine.agents import STRENGTHS
from engine.balance import Tally, line, play_through
from engine.core import Event, GameState
from engine.core.turns import rotate
from engine.fief import RULES
from engine.fief.state import MAP
from engine.fief.victory import ending

MAX_DECISIONS = 20_000     # a game still going after this many decisions is left out and counted apart
ORDINALS = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}


@dataclass
class Game:
    """One finished game: each seat's share of the win, colours, place in the turn order and starting
    regions; how it ended, in which round, after how many decisions, and the winners' VPs by source."""

    share: dict[str, float]
    colours: dict[str, list[str]]
    position: dict[str, int]
    regions: dict[str, list[str]]
    reason: str
    rounds: int
    decisions: int
    sources: Counter[str]
    tied: bool


def play(seed: int, players: int, options: dict[str, Any], agent: str) -> Game | None:
    """One game with ``agent`` in every seat; None when it runs past MAX_DECISIONS."""
    seats = [f"p{k + 1}" for k in range(players)]
    first = RULES.new_game(seats, options, seed)[0].data.flow.first   # the same deal the game below starts from
    position = {s: i + 1 for i, s in enumerate(rotate(seats, first))}
    regions: dict[str, list[str]] = {s: [] for s in seats}

    def watch(state: GameState, e: Event) -> None:
        if e.kind == "setup.placed":
            family = state.data.families[str(e.data["family"])]
            regions[family.seat].append(MAP.cities[str(e.data["city"])].region)

    played = play_through(RULES, seats, options, seed, agent, MAX_DECISIONS, watch)
    if played is None:
        return None
    state, result, step = played
    winners = result.winners
    g = state.data
    end = ending(g)
    sources: Counter[str] = Counter()
    for seat in winners:
        for part in end["vp"][seat]:
            sources["Relic VP" if part["source"] == "relic" else MAP.regions[part["region"]].rank] += 1
    return Game({s: (1 / len(winners) if s in winners else 0.0) for s in seats},
                {s: list(g.players[s].families) for s in seats}, position, regions, g.flow.reason,
                g.flow.round, step, sources, bool(end["tied"]))


@dataclass
class Run:
    """Tallies by seat, colour, turn position and starting region (pooled, and by seed), and the endings."""

    per_seed: dict[int, Tally]
    tallies: dict[str, Tally]
    reasons: Counter[str]
    rounds: Counter[int]
    sources: Counter[str]
    tied: int
    decisions: int
    games: int
    stalled: int


def run(games: int, seeds: list[int], players: int | None, agent: str, options: dict[str, Any]) -> Run:
    out = Run({}, {k: Tally() for k in ("seat", "colour", "position", "region")}, Counter(), Counter(),
              Counter(), 0, 0, 0, 0)
    for seed in seeds:
        t = out.per_seed[seed] = Tally()
        for i in range(games):
            n = players or (2, 3, 4)[i % 3]
            game = play(seed * 1_000_003 + i, n, options, agent)
            if game is None:
                out.stalled += 1
                continue
            for s, share in game.share.items():
                keys = {"seat": [s], "colour": game.colours[s], "position": [ORDINALS[game.position[s]]],
                        "region": [f"region {r}" for r in game.regions[s]]}
                for kind, labels in keys.items():
                    for label in labels:
                        out.tallies[kind].add(label, share, n)
                for colour in game.colours[s]:
                    t.add(colour, share, n)
            out.reasons[game.reason] += 1
            out.rounds[game.rounds] += 1
            out.sources += game.sources
            out.tied += game.tied
            out.decisions += game.decisions
            out.games += 1
    return out


HEADINGS = {"seat": "seats", "colour": "colours (and the ratio per seed)", "position": "place in the first turn order",
            "region": "starting regions (each family's)"}


def report(r: Run, seeds: list[int]) -> list[str]:
    """The tables: each key's shared wins, rate (fair), ratio to fair [95% interval]; then the endings."""
    out: list[str] = []
    for kind, t in r.tallies.items():
        out.append(f"{HEADINGS[kind]}: shared wins, rate (fair), ratio to fair [95% interval]")
        for key in sorted(t.played):
            row = line(t, key, key)
            if kind == "colour":
                row += "  seeds " + " ".join(f"{r.per_seed[s].ratio(key):4.2f}" for s in seeds
                                             if r.per_seed[s].played[key])
            out.append(row)
    if r.games:
        out.append("endings: " + ", ".join(f"{reason} {n}" for reason, n in r.reasons.most_common())
                   + f"; settled by the tie-break (8.5) {r.tied}")
        mean = sum(k * n for k, n in r.rounds.items()) / r.games
        out.append("rounds: " + ", ".join(f"{k}: {r.rounds[k]}" for k in sorted(r.rounds))
                   + f" (mean {mean:.1f}); decisions a game {r.decisions / r.games:.0f}")
        total = sum(r.sources.values()) or 1
        out.append("winners' VPs: " + ", ".join(f"{k} {n} ({n / total:.0%})" for k, n in r.sources.most_common()))
    if r.stalled:
        out.append(f"left out: {r.stalled} games past {MAX_DECISIONS} decisions")
    return out


def main(argv: list[str] | None = None) -> int:
    # the description written out: a module compiled by mypyc keeps no docstring
    parser = argparse.ArgumentParser(prog="python -m engine.fief.balance",
                                     description="Win rates per seat, colour and starting position over whole games.")
    parser.add_argument("--games", type=int, default=20, help="games per seed")
    parser.add_argument("--seeds", default="1,2,3", help="a comma list of seeds")
    parser.add_argument("--players", type=int, choices=(2, 3, 4))
    parser.add_argument("--random-start", action="store_true", help="roll the starting regions (13.6)")
    parser.add_argument("--agent", default="steady", choices=[s for s in STRENGTHS if s != "schemer"])
    args = parser.parse_args(argv)
    seeds = [int(s) for s in args.seeds.split(",") if s.strip()]
    options: dict[str, Any] = {"random_start": True} if args.random_start else {}
    r = run(args.games, seeds, args.players, args.agent, options)
    print(f"{args.agent} in every seat; {args.games} games a seed, seeds {','.join(map(str, seeds))}; "
          f"players {args.players or '2-4'}, starting regions {'rolled' if args.random_start else 'chosen'}")
    print("\n".join(report(r, seeds)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
