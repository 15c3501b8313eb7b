"""The local table, driven through stdin in a subprocess exactly as `make run < script` would."""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TRIBUTE = "tests.games.tribute:RULES"


def bot(tmp_path: Path, *extra: str, env: dict[str, str] | None = None) -> list[str]:
    return [sys.executable, "-m", "bot", "--db", str(tmp_path / "t.sqlite3"), "--game", TRIBUTE,
            "--boards", str(tmp_path / "boards"), *extra]


def environ(**more: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    env.update(more)
    return env


def run(tmp_path: Path, script: str, **more: str) -> subprocess.CompletedProcess:
    return subprocess.run(bot(tmp_path), input=script, capture_output=True, text=True, cwd=tmp_path,
                          env=environ(**more), timeout=60)


SCRIPT = """\
# a whole round of tribute, typed as three people
help
as alice: /game new tribute players:2
as bob: /game join
as carol: /game join
as alice: /game start
as alice: /tribute bid card:3
as bob: /tribute bid 9
bid 1
/tribute pass
as alice: /tribute demand bob
as bob: /tribute respond 1 no
as alice: /game status
/game frob
as carol: /tribute bid 1
as alice: /game export
"""


def test_a_script_plays_through_stdin(tmp_path):
    done = run(tmp_path, SCRIPT)
    out = done.stdout
    assert done.returncode == 0, done.stderr
    assert "[alice] Game 1 (Tribute) is open. You sit as alice." in out
    assert "[bob] You sit as bob in game 1." in out
    assert "[error] Game 1 is full (2 seats)." in out
    assert "[dm alice] You chose: Bid 3." in out  # each seat's prompt under its name, answered in place
    assert "[dm bob] You chose: Bid 1." in out
    assert "[#local] The bids: alice 3 and bob 1." in out  # one post for the phase
    assert "[error] Card 9 is not in your hand (T1). Possible now: card 1, card 2" in out  # named choices
    assert "[#local] The demand is answered." in out
    assert "Round 2: the bids" in out
    assert "[error] `/game` has no command 'frob'" in out
    assert "[error] You have no seat in game 1" in out
    assert (tmp_path / "tribute-game-1.json").exists()
    # secrets never reach the channel
    assert not [line for line in out.splitlines() if line.startswith("[#local]") and "Bid 3" in line]


def test_end_of_input_closes_cleanly(tmp_path):
    done = run(tmp_path, "")
    assert done.returncode == 0
    logged = [line.split(" ", 3)[3] for line in done.stderr.splitlines()]   # after the date and the level
    assert len(logged) == 1 and logged[0].startswith("seneschal: rules engine: "), done.stderr
    done = run(tmp_path, "as alice: /game new tribute\nquit\nas bob: /game join\n")
    assert done.returncode == 0 and "[bob]" not in done.stdout


def test_state_survives_a_restart(tmp_path):
    run(tmp_path, "as alice: /game new tribute players:2\nas bob: /game join\nas alice: /game start\n"
                  "/tribute bid 5\n")
    done = run(tmp_path, "as bob: /game status\n")
    assert "Waiting for bob, until" in done.stdout


def test_wait_fires_deadlines(tmp_path):
    done = run(tmp_path, "as alice: /game new tribute players:2\nas bob: /game join\nas alice: /game start\n"
                         "/tribute bid 5\nwait 25h\n")
    assert "[dm bob] Time ran out, so the table chose for you: Bid 1." in done.stdout
    assert "[#local] Time ran out for bob" in done.stdout


def test_board_images_are_written_when_a_drawer_exists(tmp_path):
    drawer = tmp_path / "fakedrawer.py"
    drawer.write_text("import renderer\nrenderer.DRAWERS['tribute'] = 'fakedrawer:draw'\n"
                      "def draw(view, seat):\n    return b'PNG'\n"
                      "from tests.games.tribute import RULES\n")
    done = subprocess.run(bot(tmp_path, "--game", "fakedrawer:RULES"),
                          input="as alice: /game new tribute players:2\nas bob: /game join\nas alice: /game start\n"
                                "/game board\n/game board private:yes\n",
                          capture_output=True, text=True, cwd=tmp_path,
                          env=environ(PYTHONPATH=f"{ROOT}{os.pathsep}{tmp_path}"), timeout=60)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "boards" / "game-1-round-1-the-bids-public.png").read_bytes() == b"PNG"
    assert (tmp_path / "boards" / "game-1-round-1-the-bids-alice.png").exists()  # with alice's prompt
    assert "[board alice] Round 1: the bids:" in done.stdout
    assert done.stdout.count("[alice] board written to `") == 2


def test_token_without_adapter_says_so(tmp_path, monkeypatch):
    """With DISCORD_TOKEN set, `python -m bot` starts the Discord adapter; if it cannot, it says why."""
    import bot.__main__ as entry

    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(sys.modules, "bot.discord", None)  # as if bot/discord did not exist
    assert entry.main(["--db", str(tmp_path / "t.sqlite3")]) == 1


def test_the_bot_logs_which_engine_runs_at_start(tmp_path, monkeypatch, caplog):
    import bot.__main__ as entry
    import engine

    caplog.set_level(logging.INFO, "seneschal")
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(sys.modules, "bot.discord", None)
    entry.main(["--db", str(tmp_path / "t.sqlite3")])
    assert f"rules engine: {engine.running()}" in caplog.messages
    assert engine.running().startswith(("compiled", "from its sources: "))


def test_sigkill_right_after_an_acknowledged_action_loses_nothing(tmp_path):
    """An action the table acknowledged is in the database even if the process dies at once."""
    proc = subprocess.Popen(bot(tmp_path), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=tmp_path,
                            env=environ(), bufsize=1)
    try:
        for line in ("as alice: /game new tribute players:2", "as bob: /game join", "as alice: /game start",
                     "as alice: /tribute offer bob 1 0"):
            proc.stdin.write(line + "\n")
            proc.stdin.flush()
        while True:
            line = proc.stdout.readline()
            assert line, "the table closed before acknowledging"
            if line.startswith("[alice] Done (Tribute, game 1): Offer"):
                break
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    done = run(tmp_path, "as bob: /game log\n")
    assert "[bob] 1. alice: Offer bob 1 for 0." in done.stdout
    done = run(tmp_path, "as bob: /tribute accept_offer 1\n")
    assert "[bob] Done (Tribute, game 1): Accept the offer." in done.stdout


def test_a_damaged_database_is_reported(tmp_path):
    (tmp_path / "t.sqlite3").write_bytes(b"this is not a database" * 100)
    done = run(tmp_path, "help\n")
    assert done.returncode == 2
    assert "cannot open the database" in done.stderr and "Traceback" not in done.stderr


def test_one_person_plays_a_whole_game_against_computer_players(tmp_path):
    """Computer players fill the other seats, so one person plays a game alone at the terminal."""
    script = "as alice: /game new tribute players:3\n/game computer strength:random\n/game computer\n/game start\n"
    script += "choose 1\n" * 12 + "/game status\n"
    done = run(tmp_path, script)
    out = done.stdout
    assert done.returncode == 0, done.stderr
    assert "[alice] Aldous, a computer player (random), sits as aldous." in out
    assert "[alice] Maud, a computer player (steady), sits as maud." in out
    assert "The game is over" in out, out[-2000:]
    assert "[dm aldous]" not in out and "[dm maud]" not in out  # nobody reads a computer player's DMs
    assert "Aldous (computer player, random)" in out
