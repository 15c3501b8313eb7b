"""Golden transcript: a scripted session of the tribute test game at the local table, every line
people read (replies, refusals, thread posts, DMs and their choices) byte for byte.

    python -m tests.table.transcript     # rewrite tests/table/golden/transcript.txt after a wording change

The file is reviewed like code: a change in what the table says shows up as a diff."""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
from pathlib import Path
from unittest import mock

from bot.local.repl import LocalTable, ShiftedClock
from bot.table import FakeClock
from tests.table.conftest import make_table

GOLDEN = Path(__file__).resolve().parent / "golden" / "transcript.txt"

#: Three people and a computer player through a lobby, a round and its refusals, undo, pause, a seat
#: handed over and back, deadlines and reminders, and an abandoned game.
SCRIPT = """\
# the lobby
as Alice: /game new tribute players:3
as Bob: /game start
as Bob: /game join
as Bob: /game join
as Alice: /game settings setting:deadline value:2h
as Alice: /game settings setting:deadline value:31d
as Bob: /game settings setting:deadline value:1h
as Alice: /game settings setting:reminders value:1h
as Alice: /game computer strength:random
as Alice: /game dismiss seat:carol
as Carol: /game join
as Alice: /game list
as Bob: /game help
as Alice: /game start
# round 1
as Alice: /game status
as Bob: /game hand
as Bob: /game board
as Bob: choose 7
as Bob: choose 1
as Bob: choose no
as Bob: write hello
as Bob: choose 7
as Bob: choose 1
as Bob: choose 2
as Bob: choose 1
as Alice: choose 5
as Alice: choose 5
as Bob: /tribute bid card:9
as Bob: /game fly
as Bob: /tribute bid card:2
as Alice: /game undo
as Bob: /game undo
as Alice: /game pause
as Bob: /tribute offer to:alice give:1 take:0
as Alice: /game status
as Alice: /game resume
as Bob: /game pause
as Carol: /tribute bid card:1
as Alice: /game log last:5
as Alice: /game log last:0
as Bob: choose 2
as Alice: choose 2
as Alice: choose 1
as Alice: /game replace seat:bob user:Dave
as Dave: /game hand
as Dave: choose 2
as Dave: choose yes
as Dave: choose 1 or 2
wait 1h
wait 2h
as Alice: /game status
as Alice: /game skip seat:carol
as Alice: /game replace seat:alice computer:random
as Alice: /game replace seat:alice user:Alice
as Alice: /game abandon
as Alice: /game abandon
as Alice: /game status
as Alice: /game list
"""


def render() -> str:
    """The session's output, each typed line shown before what it brought."""
    with tempfile.TemporaryDirectory() as tmp:
        clock = ShiftedClock()
        clock.base = FakeClock()  # a fixed start: dates and durations read the same on every run
        table = make_table(Path(tmp) / "t.sqlite3", clock)  # type: ignore[arg-type]
        out = io.StringIO()
        local = LocalTable(table, out=out, boards_dir=Path(tmp) / "boards", channel="hall", render=lambda *a: b"")
        with mock.patch("bot.table.lobby.secrets.randbits", return_value=7):  # the game's seed, fixed
            try:
                for line in SCRIPT.splitlines():
                    out.write(f"> {line}\n")
                    local.handle(line)
            finally:
                table.close()
        return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(prog="python -m tests.table.transcript", description=__doc__.split("\n")[0]).parse_args(argv)
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(render(), encoding="utf-8")
    print(f"wrote {GOLDEN}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
