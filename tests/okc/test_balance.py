"""The balance measure (``python -m engine.okc.balance``): computer players in every seat, wins shared so that
each game hands out exactly one, fair shares from the table sizes, Wilson intervals, seeds reported apart,
and holders read from public facts."""

from __future__ import annotations

import pytest

from engine.balance import Tally, wilson
from engine.okc import RULES
from engine.okc.balance import NO_BOON, REFERENCE, boon_trial, boon_trials, hand_boon, main, play, run
from engine.okc.modules.whispering_tower.state import content as tower_content
from engine.okc.modules.whispering_tower.state import tower


def test_each_game_hands_out_one_win_and_every_seat_a_fair_share() -> None:
    per_seed, pooled, _ = run(3, [1, 2], 5, None, "", "random")
    assert sorted(per_seed) == [1, 2]
    assert sum(pooled.won.values()) == pytest.approx(6.0)                # 2 seeds x 3 games
    assert sum(pooled.played.values()) == 2 * (2 + 3 + 4)                 # 2, 3 and 4 players in turn
    assert sum(pooled.fair.values()) == pytest.approx(6.0)
    for seed in (1, 2):
        assert sum(per_seed[seed].won.values()) == pytest.approx(3.0)


def test_a_tie_shares_the_win_and_the_ratio_is_the_rate_over_fair() -> None:
    t = Tally()
    t.add("clans", 0.5, 2)
    t.add("clans", 0.5, 2)
    t.add("clans", 1.0, 4)
    assert t.won["clans"] == 2.0 and t.played["clans"] == 3
    assert t.ratio("clans") == pytest.approx(2.0 / (0.5 + 0.5 + 0.25))
    lo, hi = t.interval("clans")
    assert lo < t.ratio("clans") < hi
    assert Tally().ratio("nobody") == 0.0 and Tally().interval("nobody") == (0.0, 0.0)


@pytest.mark.parametrize(("wins", "n"), [(0, 10), (10, 10), (5, 10), (0.5, 1), (137, 348)])
def test_wilson_stays_inside_zero_and_one_and_holds_the_rate(wins: float, n: int) -> None:
    lo, hi = wilson(wins, n)
    assert 0.0 <= lo <= wins / n <= hi <= 1.0


def test_a_steady_game_records_wild_cards_and_revealed_boons_by_their_holders() -> None:
    game = play(3, 3, {"length": 4, "modules": "wild_kingdom_cards,whispering_tower", "wild_cards": "15"}, "steady")
    assert game is not None
    assert sum(game.share.values()) == pytest.approx(1.0)
    assert set(game.factions) == {"p1", "p2", "p3"}
    for key, seats in game.holders.items():
        assert key == REFERENCE or key.startswith(("wk.", "boon:wt.")), key
        assert seats <= set(game.factions)


def test_the_command_prints_every_faction_with_its_interval_and_seeds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "3", "--seeds", "7,8", "--agent", "random", "--length", "4",
                 "--modules", "wild_kingdom_cards", "--wild-cards", "15", "--holders"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("random in every seat; 3 games a seed, seeds 7,8")
    assert "ratio" in out and "[" in out and "seeds" in out and REFERENCE in out


@pytest.mark.parametrize("bid", sorted(tower_content().boons))
def test_a_boon_handed_for_a_trial_leaves_the_tower_whole(bid: str) -> None:
    state, _ = RULES.new_game(["p1", "p2", "p3"], {"modules": "whispering_tower"}, 5)
    hand_boon(state, bid, "p2")
    t = tower(state.data)
    assert t["supply"] == {"p1": [], "p2": [bid], "p3": []}
    assert {lv: len(b) for lv, b in t["levels"].items()} == {"entrance": 1, "labyrinth": 2, "pinnacle": 3}
    every = [*t["stack"], *t["discard"], *(b for lv in t["levels"].values() for b in lv), bid]
    assert sorted(every) == sorted(tower_content().boons)                  # each Boon once, none lost


def test_boon_trials_give_each_boon_to_every_seat_of_the_same_games() -> None:
    held, revealed = boon_trials(3, [1], 4, "random")
    assert set(held.played) == {NO_BOON, *tower_content().boons}
    assert set(held.played.values()) == {2 + 3 + 4}                      # every seat of a 2, 3 and 4 table
    assert all(held.fair[b] == pytest.approx(3.0) for b in held.played)  # one fair win a game
    assert held.ratio(NO_BOON) == pytest.approx(1.0)                      # no seat's edge leans the rows
    assert all(0 <= revealed[b] <= 9 for b in tower_content().boons) and revealed[NO_BOON] == 0


def test_a_boon_trial_reports_every_seat_and_the_holder_alone_reveals() -> None:
    options = {"length": 4, "modules": "whispering_tower"}
    outcome = boon_trial("wt.banner", 5, 3, "p3", options, "random")
    assert outcome is not None
    shares, _ = outcome
    assert set(shares) == {"p1", "p2", "p3"} and sum(shares.values()) == pytest.approx(1.0)
    none = boon_trial(NO_BOON, 5, 3, "p3", options, "random")
    assert none is not None and none[1] is False


def test_the_boon_trials_command_names_each_boon(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--boon-trials", "--games", "1", "--seeds", "2", "--agent", "random", "--length", "4"]) == 0
    out = capsys.readouterr().out
    assert "Boon trials" in out and NO_BOON in out
    for b in tower_content().boons.values():
        assert f"  {b.name} " in out and "wt." not in out


def test_boon_trials_limited_to_some_boons_play_the_same_games_for_them() -> None:
    some, _ = boon_trials(3, [1], 4, "random", boons=["wt.banner"])
    every, _ = boon_trials(3, [1], 4, "random")
    assert set(some.played) == {NO_BOON, "wt.banner"}
    for key in some.played:
        assert (some.won[key], some.played[key]) == (every.won[key], every.played[key])


def test_the_boons_option_takes_names_and_refuses_unknown_ones(capsys: pytest.CaptureFixture[str]) -> None:
    names = tower_content().boons
    banner = names["wt.banner"].name
    assert main(["--boon-trials", "--boons", banner.upper(), "--games", "1", "--seeds", "2", "--agent", "random",
                 "--length", "4"]) == 0
    out = capsys.readouterr().out
    assert f"  {banner} " in out and NO_BOON in out
    assert not any(f"  {b.name} " in out for bid, b in names.items() if bid != "wt.banner")
    with pytest.raises(SystemExit):
        main(["--boon-trials", "--boons", "Banner of Nobody", "--games", "1"])
    assert "no Boon is called Banner of Nobody" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--boons", banner, "--games", "1"])
    assert "--boons goes with --boon-trials" in capsys.readouterr().err
