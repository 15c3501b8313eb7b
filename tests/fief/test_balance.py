"""The Fief balance measure (``python -m engine.fief.balance``): every game hands out one win, shared by its
winners; seats, colours, turn positions and starting regions each get their fair share; the endings, rounds
and the winners' VP sources are counted."""

from __future__ import annotations

import pytest

from engine.fief.balance import main, play, run


def test_each_game_hands_out_one_win_to_seats_colours_positions_and_regions() -> None:
    r = run(3, [1], None, "random", {})
    assert r.games + r.stalled == 3 and r.games == 3
    assert sum(r.tallies["seat"].played.values()) == 2 + 3 + 4                # 2, 3 and 4 players in turn
    assert sum(r.tallies["colour"].played.values()) == 4 + 3 + 4              # two colours a player with two
    assert sum(r.tallies["region"].played.values()) == 4 + 3 + 4              # each family's starting region
    for kind in ("seat", "colour", "position", "region"):
        share = 2.0 if kind in ("colour", "region") else 1.0                 # the two-player game counts twice
        t = r.tallies[kind]
        assert sum(t.won.values()) == pytest.approx(2 + share), kind
    assert set(r.tallies["position"].played) == {"1st", "2nd", "3rd", "4th"}
    assert sum(r.reasons.values()) == sum(r.rounds.values()) == 3
    assert all(5 <= k <= 7 for k in r.rounds)                                  # no win before Round 5 (8.2)


def test_a_game_records_the_winners_vp_sources_and_each_seats_place() -> None:
    game = play(2, 3, {}, "random")
    assert game is not None
    assert sum(game.share.values()) == pytest.approx(1.0)
    assert sorted(game.position.values()) == [1, 2, 3]
    assert all(len(regions) == 1 for regions in game.regions.values())
    assert set(game.sources) <= {"barony", "county", "duchy", "Relic VP"}


def test_the_command_prints_each_table_with_intervals_and_the_endings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "2", "--seeds", "4,5", "--agent", "random", "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("random in every seat; 2 games a seed, seeds 4,5; players 3")
    for heading in ("seats:", "colours", "place in the first turn order", "starting regions", "endings:", "rounds:",
                    "winners' VPs:"):
        assert heading in out
    assert "ratio" in out and "[" in out and "seeds" in out
