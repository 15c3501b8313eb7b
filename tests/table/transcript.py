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

#: The Old King's Crown with the Negotiating Table, as three new players meet it: options and factions
#: refused and chosen, the bids and the Great Road, a barter and two Trade Agreements composed by clicks
#: (words of their own among them) and answered, an Alliance, the Heralds, cards to the Regions, a
#: deadline passing, with refusals of numbers, words and typed commands along the way.
OKC = """\
# the lobby: options, modules and factions
as Alice: /game new okc players:3 options:modules=dragons
as Alice: /game new okc players:3 options:length=7
as Alice: /game new okc players:3 options:colour=red
as Alice: /game new okc players:3 options:length=4,order=seated,modules=negotiating_table
as Bob: /game join role:nobility
as Alice: /game computer strength:steady name:Hild role:clans
as Carol: /game help
as Carol: /game join
as Alice: /game dismiss seat:hild
as Carol: /game role clans
as Carol: /game join role:nobility
as Carol: /game join role:dragons
as Carol: /game join role:clans
as Bob: /game join role:gathering
as Alice: /game role uprising
as Bob: /game role none
as Bob: /game role nobility
as Alice: /game status
as Alice: /game start
as Alice: /game status
as Bob: /game hand
as Carol: /game rules topic:negotiation
as Carol: /game rules topic:p.20
as Alice: choose 9
as Alice: choose 0
as Alice: choose one
as Alice: choose 1,2
as Alice: /okc bid card:king
as Alice: /okc bid card:pretender
as Alice: choose 3
as Alice: choose 3
as Bob: choose 6
as Carol: choose 6
as Alice: /game status
as Alice: choose 4
as Alice: /game status
as Bob: choose 2
as Carol: choose 1
as Carol: choose 1
# the Negotiation Step: a barter by clicks
as Alice: write Peace
as Alice: choose 1
as Alice: choose 1
as Alice: choose 7
as Alice: choose 1
as Alice: choose 1
as Alice: choose 1
as Alice: choose 4
as Alice: choose 2
as Alice: choose 1
as Alice: choose 2
as Alice: choose 1
as Bob: /game hand
as Bob: choose 1
# a Trade Agreement in words, and one with a term the bot checks
as Alice: choose 2
as Alice: choose 2
as Alice: choose 1
as Alice: choose 3
as Alice: choose 2
as Alice: choose 2
as Alice: choose 1
as Alice: write
as Alice: write We keep the peace in the Plateau. We keep the peace in the Plateau. We keep the peace in the Plateau. We keep the peace in the Plateau. We keep the peace in the Plateau. We keep the peace in the Plateau. We keep the peace in the Plateau. We keep the peace in the Plateau. We keep the peace in the Plateau. We keep the peace in the Plateau. We keep the peace in the Plateau. We keep the peace in the Plateau. We keep the peace in the Plateau.
as Alice: write Neither of us takes the Castle this Year or the next.
as Alice: choose 2
as Alice: choose 2
as Alice: choose 2
as Alice: choose 6
as Alice: choose 2
as Alice: choose 2
as Alice: choose 1
# Carol answers, and refusals of what she types
as Carol: /okc accept_offer offer:9
as Carol: /okc alliance to:dragons
as Carol: /okc offer to:nobility give:lore:9
as Carol: choose yes
as Carol: /game status
as Carol: choose 2
as Carol: choose 1
as Carol: choose 5
as Carol: choose yes
as Carol: choose 5
as Carol: choose no
as Alice: /game status
as Alice: choose 1
as Bob: /okc bids done_negotiating
as Bob: /okc negotiation done_negotiating
as Bob: /okc done_negotiating
as Alice: /game log last:8
as Alice: /game board
as Alice: /game hand
as Alice: choose no
as Alice: /okc done_negotiating
as Alice: /game status
# the Heralds
as Alice: /okc bid card:firebrand
as Alice: /okc herald location:moon
as Alice: choose 3
as Bob: choose 2
as Carol: choose 5
# cards to the Regions
as Bob: choose 2
as Alice: /game status
as Alice: /okc place highlands:firebrand plateau:firebrand
as Alice: choose 1
as Alice: choose 1
as Alice: choose 1
as Alice: choose 1
as Alice: choose 1
as Alice: choose 1
as Alice: /game undo count:20
# the others' deadline passes
wait 12h
wait 12h
as Carol: /game status
as Carol: /game hand
as Carol: /game log last:4
as Carol: /game board private:yes
"""

#: Fief: England from its lobby to the purchases of round 1: starting cities, cards drawn and played, a
#: pigeon, a retainer sold and the request it opens, with refusals of bad numbers, cities and decks.
FIEF = """\
# the lobby: a bad option, too many players, a colour that is none
as Alice: /game new fief players:4 options:random_start=maybe
as Alice: /game new fief players:7
as Alice: /game new fief players:3
as Bob: /game join role:purple
as Bob: /game join
as Carol: /game join
as Alice: /game status
as Alice: /game start
as Alice: /game status
as Alice: /game hand
as Carol: /game rules topic:siege
# starting cities by clicks
as Alice: choose 1
as Bob: choose 19
as Bob: /fief start city:l
as Bob: /fief start city:Atlantis
as Bob: /fief start city:london
as Carol: choose 1
as Alice: choose 6
as Alice: /game status
# cards
as Bob: /fief draw deck:dragons
as Bob: choose 1
as Bob: /fief draw deck:character
as Bob: /game hand
as Bob: choose 1
as Bob: choose 2
as Carol: choose 1
as Carol: choose 2
as Alice: choose 2
as Alice: choose 1
as Alice: /game status
as Alice: /fief draw deck:fortune
as Alice: choose 1
# playing cards
as Bob: /fief play_noble card:geoffrey city:York
as Bob: choose 1
as Bob: choose 1
as Bob: choose 3
as Bob: choose 1
as Bob: choose 1
as Bob: choose 2
as Alice: /game hand
as Bob: choose 4
as Bob: choose 3
as Bob: choose 1
as Bob: choose 1
as Bob: choose 2
as Bob: choose 1
as Bob: choose 4
as Carol: /game status
as Carol: choose 9
as Carol: choose 4
as Alice: choose 1
as Alice: choose 1
as Alice: choose 2
as Alice: choose 3
as Bob: /fief respond request:9 accept:yes
as Bob: /game status
as Bob: choose 1
as Alice: choose 3
as Alice: /game status
as Carol: /game hand
as Bob: choose 3
as Bob: /game log last:2
"""

#: The GM's surface on the tribute game: every setting good and bad, seats taken, left, refused and
#: dismissed, computer players of each strength, help and rules, pause, skip and undo at their edges,
#: seats handed to a person, a computer player and back, export and import, the list as games come and go.
GM = """\
# before any game
as Alice: /game list
as Alice: /game
as Alice: /fief
as Alice: /game status game:"1
as Alice: /game help
as Alice: /game rules
as Alice: /game rules name:chess
as Alice: /game new tribute players:3 options:colour=red
as Alice: /game new tribute players:9
as Alice: /game new chess
as Alice: /game new tribute players:4 options:deadline=3h,reminders=1h
# every setting: a good value and a bad one
as Alice: /game settings
as Bob: /game settings setting:deadline value:2h
as Alice: /game settings setting:speed value:fast
as Alice: /game settings setting:deadline value:soon
as Alice: /game settings setting:deadline value:2h30m
as Alice: /game settings setting:deadline.sequential value:40d
as Alice: /game settings setting:deadline.sequential value:30m
as Alice: /game settings setting:deadline.simultaneous value:tomorrow
as Alice: /game settings setting:deadline.simultaneous value:4h
as Alice: /game settings setting:deadline.response value:0
as Alice: /game settings setting:deadline.response value:1h
as Alice: /game settings setting:deadline.reaction value:90d
as Alice: /game settings setting:deadline.reaction value:10m
as Alice: /game settings setting:reminders value:6h,5h,4h,3h,2h,1h
as Alice: /game settings setting:reminders value:2h,30m
as Alice: /game settings setting:absent value:genius
as Alice: /game settings setting:absent value:steady
as Alice: /game settings setting:deadline value:xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
as Alice: /game settings setting:deadline
as Alice: /game settings setting:deadline value:off
as Alice: /game settings setting:deadline value:1d
# seats: people, roles, computer players of each strength
as Alice: /game role red
as Bob: /game join role:red
as Bob: /game join seat:abcdefghijklmnopqrstuvwxyzabcdefghijklmnop
as Bob: /game join seat:robin
as Bob: /game leave
as Bob: /game leave
as Bob: /game join
as Bob: /game computer strength:steady
as Alice: /game computer strength:genius
as Alice: /game computer strength:random name:Rook
as Alice: /game computer strength:steady name:Bob
as Alice: /game computer strength:schemer
as Alice: /game computer
as Alice: /game list
as Alice: /game status
as Alice: /game dismiss seat:alice
as Alice: /game dismiss seat:9
as Alice: /game dismiss seat:rook
as Alice: /game dismiss seat:aldous
as Alice: /game dismiss seat:aldous
as Carol: /game join
as Alice: /game computer strength:random name:Rook
as Alice: /game status
# before the start: what only a started game offers
as Carol: /game hand
as Carol: /game log
as Carol: /game board
as Carol: /tribute bid card:1
as Alice: /game undo
as Alice: /game pause
as Alice: /game skip seat:carol
as Alice: /game rules name:game
as Bob: /game start
as Alice: /game start
as Alice: /game start
as Alice: /game dismiss seat:rook
as Erin: /game join
as Bob: /game leave
as Bob: /game role red
as Alice: /game computer strength:random
# help, the guide and the rules in a game
as Carol: /game help
as Carol: /game rules
as Carol: /game rules topic:bids
as Carol: /game rules topic:dragons
as Carol: /game rules name:chess
as Carol: /game rules name:tribute topic:T1
# pause and resume
as Bob: /game pause
as Alice: /game pause
as Alice: /game pause
as Bob: choose 1
as Bob: /game status
as Alice: /game resume
as Alice: /game resume
# skip and undo at their edges
as Alice: /game skip seat:zed
as Alice: /game skip seat:2
as Alice: /game skip seat:rook
as Alice: /game skip seat:carol
as Alice: /game skip seat:carol
as Alice: /game undo count:0
as Alice: /game undo count:99
as Bob: /game undo
as Alice: /game undo
as Alice: /game log last:3
# seats handed over: by name, to a computer player, and back
as Carol: /game replace seat:bob user:Dave
as Alice: /game replace seat:zed user:Dave
as Alice: /game replace seat:2 user:Dave
as Alice: /game replace seat:bob
as Alice: /game replace seat:bob user:Dave computer:random
as Alice: /game replace seat:bob computer:genius
as Alice: /game replace seat:bob user:Carol
as Alice: /game replace seat:bob user:Dave
as Bob: choose 1
as Dave: /game status
as Carol: /game replace seat:carol computer:random
as Carol: choose 1
as Carol: /tribute bid card:2
as Carol: /game replace seat:carol user:Carol
as Alice: /game replace seat:rook user:Erin
as Alice: /game replace seat:rook computer:random
# export and import
as Bob: /game export
as Alice: /game export
as Alice: /game import file:tribute-game-1.json
as Alice: /game import file:nothing.json
# the list in several states
as Alice: /game list
as Alice: /game new tribute
channel side
as Alice: /game list
as Alice: /game new tribute players:2
as Alice: /game computer strength:random name:Pawn
as Alice: /game list
as Bob: /game list
# a game addressed by its number from another channel
channel hall
as Alice: /game dismiss seat:pawn
as Alice: /game dismiss seat:pawn game:2
as Alice: /game status game:2
as Alice: /game status game:two
as Alice: /game status game:99
channel side
as Alice: /game abandon
as Alice: /game abandon
as Bob: /game import file:tribute-game-1.json
as Alice: /game import file:tribute-game-1.json
as Alice: /game status
as Alice: /game list
channel hall
as Bob: /game abandon
as Alice: /game abandon
as Alice: /game status
as Alice: /game undo
as Alice: /game pause
as Alice: /game list
"""

SCRIPTS: dict[str, Script] = {s.name: s for s in (
    Script("transcript", TRIBUTE),
    Script("okc", OKC, real_games=True),
    Script("fief", FIEF, real_games=True),
    Script("gm", GM),
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
