"""One route: the local table and the Discord adapter give the same answer to the same command, typed
in the game's thread (the local table: the game's channel) and outside it (the parent channel; a
channel with no game), because both go through ``TableService.invoke``, where "this channel's game,
else mine" is decided once. Among the cases, ``/fief draw deck:Character deck`` typed outside the
thread, which was once refused with the deck's id list."""

from __future__ import annotations

import io
import re

from bot.local.repl import LocalTable
from bot.table import Actor, FakeClock, Store, TableService
from engine.core import Rules
from tests.e2e.harness import Harness, run, running
from tests.e2e.test_real_games import command_path

PLAYERS = ("alice", "bob")


def to_the_draw(table: TableService, game: int, actors: dict[str, Actor]) -> str:
    """Play each awaited seat's default until a seat may draw a card (Fief 2.0); that seat."""
    rules: Rules = table.rules_for("fief")
    for _ in range(200):
        state = table.state(game)
        for seat in actors:
            if any(a.kind == "draw" for a in rules.legal(state, seat)):
                return seat
        d = next(d for d in rules.pending(state) if d.blocking)
        seat = d.seats[0]
        table.act(actors[seat], None, None, d.default_for(seat) or rules.legal(state, seat)[0], game_id=game)
    raise AssertionError("no seat came to draw a card")


def local_answer(local: LocalTable, out: io.StringIO, who: str, channel: str, line: str) -> str:
    """What the local table answers ``who`` typing ``line`` in ``channel`` (without its deliveries)."""
    local.channel = channel
    out.seek(0)
    out.truncate()
    local.command(who, line)
    lines = out.getvalue().splitlines()
    return "\n".join(re.sub(r"^(\[[a-z]+\] |  )", "", x, count=1) for x in lines)


async def discord_answer(h: Harness, who: str, channel: int, command: str, **options: str) -> str:
    inter = await h.fake.slash(who, channel, command, **options)
    data = inter.callback["data"] if inter.callback else {}
    return str(data.get("content") or "")


def test_the_local_table_and_discord_answer_alike_in_and_out_of_the_thread(tmp_path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as h:
            fake = h.fake
            inter = await fake.slash("alice", h.channel, "game new", name="fief")
            await fake.wait_for(lambda: inter.followups)
            thread = int(re.search(r"<#(\d+)>", fake.messages[inter.followups[0]].text())[1])  # type: ignore[index]
            lobby = fake.channel_messages(thread)[0]
            await fake.click("bob", lobby, "Join")
            await fake.click("alice", lobby, "Start")
            await h.idle()
            seed = h.table.store.game(1).seed  # type: ignore[union-attr]

            # The same game on the local table: same seed, same seats in the same order.
            local_service = TableService(Store(tmp_path / "local.sqlite3"), clock=FakeClock())
            out = io.StringIO()
            local = LocalTable(local_service, out=out, channel="hall")
            local.deliver = lambda: None  # type: ignore[method-assign]   # the answer alone, not the posts
            local.fire_deadlines = lambda: None  # type: ignore[method-assign]
            people = {p: Actor(p, p) for p in PLAYERS}
            local_service.new_game(people["alice"], "hall", "fief", seed=seed)
            local_service.join(people["bob"], "hall")
            local_service.start(people["alice"], "hall")

            on_discord = {p: Actor(str(fake.uid(p)), p) for p in PLAYERS}
            drawer = to_the_draw(h.table, 1, on_discord)
            assert to_the_draw(local_service, 1, people) == drawer
            assert h.table.state(1).version == local_service.state(1).version
            draw = command_path(fake, "fief", "draw")

            cases = [  # (where, the command's options)
                ("outside", {"deck": "character deck"}),   # outside the thread, a name as people see it
                ("thread", {"deck": "nonsense"}),          # refused alike, with the decks by name
                ("outside", {"deck": "Fortune deck"}),
                ("thread", {"deck": "Character deck"}),
            ]
            for where, options in cases:
                said = await discord_answer(h, drawer, thread if where == "thread" else h.channel, draw, **options)
                line = f"/fief draw deck:{options['deck']!r}".replace("'", '"')
                answer = local_answer(local, out, drawer, "hall" if where == "thread" else "elsewhere", line)
                assert said == answer, (where, options, said, answer)
                assert "legal: Character deck, Fortune deck" not in said or options["deck"] == "nonsense", said
            for where in ("thread", "outside"):
                other = next(p for p in PLAYERS if p != drawer)
                said = await discord_answer(h, other, thread if where == "thread" else h.channel, draw,
                                            deck="Character deck")
                answer = local_answer(local, out, other, "hall" if where == "thread" else "elsewhere",
                                      '/fief draw deck:"Character deck"')
                assert said == answer, (where, said, answer)
            local_service.close()

    run(scenario())


def test_the_adapters_never_reach_the_store() -> None:
    """Discord and the local table speak only to the table service: no `.store` in their sources (their
    own bookkeeping, such as which message is a game's status, goes through the table too)."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "bot"
    reached = [f"{path.relative_to(root)}:{node.lineno}"
               for folder in ("discord", "local") for path in sorted((root / folder).rglob("*.py"))
               for node in ast.walk(ast.parse(path.read_text())) if isinstance(node, ast.Attribute) and node.attr == "store"]
    assert reached == []
