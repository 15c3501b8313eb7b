"""Faction and card-holder win rates over whole games: ``python -m engine.okc.balance --games 200 --seeds 1,2,3``.

Every seat is played by the same computer player (``--agent``: ``steady`` by default, the one-step look-ahead
of engine/agents; ``random`` for the simulator's weighted random choices). Each game seats 2, 3 or 4 players
(cycling) with factions dealt at random, and is played to the end. Wins are shared in a tie and measured
against fair shares with Wilson intervals (engine/balance.py; a faction's fair rate is printed as "fair").
``--seeds`` repeats the games with each seed and prints the ratio per seed and pooled, so one seed's luck
shows.

With ``--holders`` it also measures who held what, from public events only: each Wild Kingdom card (its last
taker) and each Boon revealed on a card (every seat that revealed it). A holder's ratio is their share of the
wins over their fair share; the reference row is the same for the takers of the pack's own Kingdom cards.
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
from engine.okc import RULES
from engine.okc.modules.whispering_tower.state import content as tower_content
from engine.okc.modules.whispering_tower.state import tower
from engine.okc.modules.wild_kingdom_cards.effects import wild

MAX_DECISIONS = 20_000     # a game still going after this many decisions is left out (none has, so far)
REFERENCE = "other Kingdom cards"
NO_BOON = "(no Boon: the same games)"


@dataclass
class Game:
    """One finished game: each seat's faction, each seat's share of the win, and who held what."""

    factions: dict[str, str]
    share: dict[str, float]
    holders: dict[str, set[str]]


def play(seed: int, players: int, options: dict[str, Any], agent: str) -> Game | None:
    """One game with ``agent`` in every seat; None when it runs past MAX_DECISIONS."""
    seats = [f"p{k + 1}" for k in range(players)]
    holders: dict[str, set[str]] = {}

    def watch(state: GameState, e: Event) -> None:
        if e.kind == "okc.boons_revealed":
            for b in e.data.get("boons", []):
                holders.setdefault(f"boon:{b}", set()).add(str(e.data["seat"]))

    played = play_through(RULES, seats, options, seed, agent, MAX_DECISIONS, watch)
    if played is None:
        return None
    state, result, _ = played
    g = state.data
    for card, takers in wild(g).get("gained", {}).items():     # public: who gained which Kingdom card
        key = card if card.startswith("wk.") else REFERENCE
        holders.setdefault(key, set()).add(takers[-1])
    winners = result.winners
    return Game({s: g.players[s].faction for s in seats},
                {s: (1 / len(winners) if s in winners else 0.0) for s in seats}, holders)


def run(games: int, seeds: list[int], length: int, players: int | None, modules: str, agent: str,
        wild_cards: str = "") -> tuple[dict[int, Tally], Tally, Tally]:
    """Per-seed faction tallies, the pooled faction tally, and the pooled holders' tally."""
    per_seed: dict[int, Tally] = {}
    pooled, held = Tally(), Tally()
    options: dict[str, Any] = {"length": length}
    if modules:
        options["modules"] = modules
    if wild_cards:
        options["wild_cards"] = wild_cards
    for seed in seeds:
        t = per_seed[seed] = Tally()
        for i in range(games):
            n = players or (2, 3, 4)[i % 3]
            game = play(seed * 1_000_003 + i, n, options, agent)
            if game is None:
                continue
            for s, faction in game.factions.items():
                t.add(faction, game.share[s], n)
                pooled.add(faction, game.share[s], n)
            for key, seats in game.holders.items():
                for s in seats:
                    held.add(key, game.share[s], n)
    return per_seed, pooled, held


def hand_boon(state: GameState, bid: str, seat: str) -> None:
    """Put Boon ``bid`` in ``seat``'s Supply before the first decision. A tower level that held it takes the
    stack's top Boon in its place, so the levels still hold 1, 2 and 3 and no Boon is doubled."""
    t = tower(state.data)
    for level in t["levels"].values():
        if bid in level:
            level[level.index(bid)] = t["stack"].pop(0)
            break
    else:
        t["stack"].remove(bid)
    t["supply"][seat].append(bid)


def boon_trial(bid: str, seed: int, players: int, holder: str, options: dict[str, Any],
               agent: str) -> tuple[dict[str, float], bool] | None:
    """One game with ``bid`` (or nothing, for NO_BOON) in ``holder``'s Supply from the start: every seat's
    share of the win and whether the holder revealed that Boon; None when the game ran past MAX_DECISIONS."""
    shown: list[bool] = []

    def watch(state: GameState, e: Event) -> None:
        if e.kind == "okc.boons_revealed" and e.data["seat"] == holder and bid in e.data["boons"]:
            shown.append(True)

    def prepare(state: GameState) -> None:
        if bid != NO_BOON:
            hand_boon(state, bid, holder)

    seats = [f"p{k + 1}" for k in range(players)]
    played = play_through(RULES, seats, options, seed, agent, MAX_DECISIONS, watch, prepare)
    if played is None:
        return None
    winners = played[1].winners
    return {s: (1 / len(winners) if s in winners else 0.0) for s in seats}, bool(shown)


def boon_trials(games: int, seeds: list[int], length: int, agent: str, modules: str = "",
                boons: list[str] | None = None) -> tuple[Tally, Counter[str]]:
    """Each Boon in each seat's Supply from the start, one game per seat, over the same games for every Boon
    and for none: the holders' shared wins per Boon, and in how many games the holder revealed it. Every seat
    of every game holds the Boon once, so no seat's own edge (playing first, say) leans a row, and the
    no-Boon row (every seat of one game played once) is exactly fair. ``boons`` (ids) limits the trials to
    those Boons and the no-Boon games; a Boon's games are the same whichever others are tried."""
    with_tower = sorted({*modules.split(","), "whispering_tower"} - {""})
    options: dict[str, Any] = {"length": length, "modules": ",".join(with_tower)}
    held, revealed = Tally(), Counter[str]()
    for bid in [NO_BOON, *sorted(tower_content().boons if boons is None else boons)]:
        for seed in seeds:
            for i in range(games):
                n = (2, 3, 4)[i % 3]
                for holder in [f"p{k + 1}" for k in range(1 if bid == NO_BOON else n)]:
                    outcome = boon_trial(bid, seed * 1_000_003 + i, n, holder, options, agent)
                    if outcome is None:
                        continue
                    shares, shown = outcome
                    for s in list(shares) if bid == NO_BOON else [holder]:
                        held.add(bid, shares[s], n)
                    revealed[bid] += shown
    return held, revealed


def main(argv: list[str] | None = None) -> int:
    # the description written out: a module compiled by mypyc keeps no docstring
    parser = argparse.ArgumentParser(prog="python -m engine.okc.balance",
                                     description="Faction and card-holder win rates over whole games.")
    parser.add_argument("--games", type=int, default=200, help="games per seed")
    parser.add_argument("--seeds", default="1,2,3", help="a comma list of seeds")
    parser.add_argument("--length", type=int, default=5)
    parser.add_argument("--players", type=int)
    parser.add_argument("--modules", default="", help="Wild Kingdom modules: a comma list or all")
    parser.add_argument("--wild-cards", default="", help="the wild_cards option (with modules=wild_kingdom_cards)")
    parser.add_argument("--agent", default="steady", choices=[s for s in STRENGTHS if s != "schemer"])
    parser.add_argument("--holders", action="store_true", help="also measure Wild Kingdom card and Boon holders")
    parser.add_argument("--boon-trials", action="store_true",
                        help="instead, each Boon in each seat's Supply from the start, with the Whispering Tower")
    parser.add_argument("--boons", default="",
                        help="with --boon-trials, only these Boons (a comma list of names) and the no-Boon games")
    args = parser.parse_args(argv)
    seeds = [int(s) for s in args.seeds.split(",") if s.strip()]
    if args.boons and not args.boon_trials:
        parser.error("--boons goes with --boon-trials")
    if args.boon_trials:
        return print_boon_trials(args.games, seeds, args.length, args.agent, args.modules,
                                 boon_ids(parser, args.boons))
    per_seed, pooled, held = run(args.games, seeds, args.length, args.players, args.modules, args.agent,
                                 args.wild_cards)
    print(f"{args.agent} in every seat; {args.games} games a seed, seeds {','.join(map(str, seeds))}; "
          f"length {args.length}, players {args.players or '2-4'}, modules {args.modules or 'none'}"
          + (f", wild_cards {args.wild_cards}" if args.wild_cards else ""))
    print("factions: shared wins, rate (fair), ratio to fair [95% interval]; then the ratio per seed")
    for faction in sorted(pooled.played):
        by_seed = " ".join(f"{per_seed[s].ratio(faction):4.2f}" for s in seeds if per_seed[s].played[faction])
        print(line(pooled, faction, faction) + f"  seeds {by_seed}")
    if args.holders:
        print("holders: the seats that held each card or revealed each Boon")
        for key in sorted(held.played, key=lambda k: (k != REFERENCE, k)):
            print(line(held, key, key))
    return 0


def boon_ids(parser: argparse.ArgumentParser, names: str) -> list[str] | None:
    """The ids of the Boons named in ``--boons`` (any case), None when it names none; an unknown name is
    refused with the list of the Boons' names."""
    wanted = [n.strip() for n in names.split(",") if n.strip()]
    if not wanted:
        return None
    by_name = {b.name.casefold(): bid for bid, b in tower_content().boons.items()}
    unknown = [n for n in wanted if n.casefold() not in by_name]
    if unknown:
        known = ", ".join(sorted(b.name for b in tower_content().boons.values()))
        parser.error(f"--boons: no Boon is called {', '.join(unknown)}; the Boons are {known}")
    return [by_name[n.casefold()] for n in wanted]


def print_boon_trials(games: int, seeds: list[int], length: int, agent: str, modules: str,
                      boons: list[str] | None = None) -> int:
    held, revealed = boon_trials(games, seeds, length, agent, modules, boons)
    print(f"{agent} in every seat; {games} games a seed, seeds {','.join(map(str, seeds))}; length {length}, "
          f"players 2-4, modules {modules or 'none'} and the Whispering Tower")
    print("Boon trials: each seat of each game given the Boon at the start in turn: the holders' shared wins, "
          "rate (fair), ratio to fair [95% interval]; games in which the holder revealed the Boon")
    names = tower_content().boons
    print(line(held, NO_BOON, NO_BOON))
    for bid in sorted(set(names) if boons is None else set(boons), key=lambda b: names[b].name):
        print(line(held, bid, names[bid].name) + f"  revealed in {revealed[bid]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
