"""Golden transcripts: scripted sessions at the local table, every line people read (replies,
refusals, thread posts, DMs and their choices) byte for byte, one file per script.

    python -m tests.table.transcript            # rewrite every tests/table/golden/<name>.txt
    python -m tests.table.transcript okc gm     # rewrite the ones named

Each file is reviewed like code: a change in what the table says shows up as a diff. The scripts:

- ``transcript``: the tribute test game: a lobby, a round and its refusals, undo, pause, a seat handed
  over and back, deadlines and reminders, an abandoned game.
- ``okc``: The Old King's Crown with the Negotiating Table: options and factions in the lobby, the
  first phases by clicks, hands, an agreement offered and answered, refusals, status, log and board.
- ``fief``: Fief: England's lobby and first phases by clicks, with refusals, status and hands.
- ``gm``: the GM's surface on the tribute game: every setting, roles, seats kicked, replaced and
  dismissed by name and by number, pause, skip and undo at their edges, help and rules, the list,
  export and import, computer players of each strength."""

from __future__ import annotations

import argparse
import io
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from unittest import mock

from bot.local.repl import LocalTable, ShiftedClock
from bot.table import FakeClock, Store, TableService
from tests.table.conftest import make_table

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"


@dataclass(frozen=True)
class Script:
    """A named session: the lines typed, and whether it plays the real games (else only tribute)."""

    name: str
    lines: str
    real_games: bool = False

    @property
    def golden(self) -> Path:
        return GOLDEN_DIR / f"{self.name}.txt"


#: Three people and a computer player through a lobby, a round and its refusals, undo, pause, a seat
#: handed over and back, deadlines and reminders, and an abandoned game.
TRIBUTE = """\
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

SCRIPTS: dict[str, Script] = {s.name: s for s in (
    Script("transcript", TRIBUTE),
)}


def render(name: str = "transcript") -> str:
    """Script ``name``'s output, each typed line shown before what it brought."""
    script = SCRIPTS[name]
    with tempfile.TemporaryDirectory() as tmp:
        clock = ShiftedClock()
        clock.base = FakeClock()  # a fixed start: dates and durations read the same on every run
        db = Path(tmp) / "t.sqlite3"
        table = (TableService(Store(db), clock=clock) if script.real_games  # type: ignore[arg-type]
                 else make_table(db, clock))  # type: ignore[arg-type]
        out = io.StringIO()
        here = os.getcwd()
        os.chdir(tmp)  # boards and exports are written where the table runs, and named from there
        local = LocalTable(table, out=out, boards_dir="boards", channel="hall", render=lambda *a: b"")
        with mock.patch("bot.table.lobby.secrets.randbits", return_value=7):  # the game's seed, fixed
            try:
                for line in script.lines.splitlines():
                    out.write(f"> {line}\n")
                    local.handle(line)
            finally:
                os.chdir(here)
                table.close()
        return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.table.transcript", description="Rewrite golden transcripts.")
    parser.add_argument("names", nargs="*", metavar="NAME", help=f"the scripts to rewrite (default all: {', '.join(SCRIPTS)})")
    names = parser.parse_args(argv).names or list(SCRIPTS)
    unknown = [n for n in names if n not in SCRIPTS]
    if unknown:
        parser.error(f"no script named {', '.join(unknown)}")
    GOLDEN_DIR.mkdir(exist_ok=True)
    for name in names:
        SCRIPTS[name].golden.write_text(render(name), encoding="utf-8")
        print(f"wrote {SCRIPTS[name].golden}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
