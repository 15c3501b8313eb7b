"""Fair shares under load, for `make bench` (issue 34): people's first responses and their actions a
minute, while computer players think and while one person floods the bot.

The bot runs as in production (``python -m bot`` in its own process, bench_discord.bot_process) with
its default configuration (computer players think in one process at a lower priority; each person
and game has its fair share of interactions). Sixteen games of the test game are played by two
people each (32 people), each game as fast as its people can: click the living prompt's choice, wait
for the answer, wait until what it caused is delivered, click again; a finished game is replaced by
a new one. Three phases of ``WINDOW`` seconds each:

1. quiet: the sixteen human games alone;
2. computers: six games of three ``schemer`` computer players beside them (a finished one replaced);
3. flood: as 2, and one person sending ``/game status``, ``/game log`` and ``/game board`` with eight
   requests in flight at all times, in one of the human games' threads.

Figures: the p99 of the people's interaction -> first response (the flooder's own excluded), the
people's actions a minute (against the quiet phase: goal at least 80%), and how many answers the
flooder got a minute. ``SENESCHAL_BENCH_BOT`` measures another checkout (bench_discord.ROOT), so
a run against the tree before a change gives the "before" figures on the same machine.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from bot.table import Actor
from tests.bench_discord import Remote, bot_process, p
from tests.e2e.harness import run

Row = tuple[str, float, str, str]
HUMAN_GAMES = 16
COMPUTER_GAMES = 6
WINDOW = float(os.environ.get("SENESCHAL_BENCH_WINDOW", "40"))


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    flood_answers: int = 0
    flood_slowed: int = 0
    computer_actions: int = 0

    def reset(self) -> None:
        self.latencies.clear()
        self.actions = self.flood_answers = self.flood_slowed = self.computer_actions = 0


async def open_human_game(h: Remote, a: str, b: str) -> tuple[int, int]:
    fake = h.fake
    inter = await fake.slash(a, h.channel, "game new", name="tribute")
    await fake.wait_for(lambda: inter.followups, 30)
    game_id = max(g.id for g in h.table.store.games(statuses=("lobby",)) if g.creator == str(fake.uid(a)))
    thread = h.thread_of(game_id)
    lobby = fake.messages[INBOX.of(h, thread)[0]]
    await fake.click(b, lobby, "Join")
    await fake.click(a, lobby, "Start")
    return game_id, thread


async def open_computer_game(h: Remote, gm: str) -> int:
    fake = h.fake
    inter = await fake.slash(gm, h.channel, "game new", name="tribute", players=3, play=False)
    await fake.wait_for(lambda: inter.followups, 30)
    game_id = max(g.id for g in h.table.store.games(statuses=("lobby",)) if g.creator == str(fake.uid(gm)))
    lobby = fake.messages[INBOX.of(h, h.thread_of(game_id))[0]]
    for _ in range(3):
        await fake.click(gm, lobby.id, f"sn:k:{game_id}", values=["schemer"])
    await fake.click(gm, lobby.id, "Start")
    return game_id


class Inbox:
    """Each channel's message ids, kept up to date by reading only the fake's new messages (the fake
    holds every message of the run: scanning them all for each click would make the bench, which
    shares the machine with the bot, slower than the bot it measures)."""

    def __init__(self) -> None:
        self.read = 0
        self.by_channel: dict[int, list[int]] = {}

    def of(self, h: Remote, channel: int | None) -> list[int]:
        messages = h.fake.messages
        if len(messages) > self.read:
            for m in list(messages.values())[self.read:]:
                self.by_channel.setdefault(m.channel_id, []).append(m.id)
            self.read = len(messages)
        return self.by_channel.get(channel or 0, [])


INBOX = Inbox()


def next_click(h: Remote, game_id: int, player: str) -> tuple[str, int, str] | None:
    """(person, message id, button custom_id) answering what the game waits for, if any (as
    bench_discord.next_click, asked as one of the game's own players)."""
    st = h.table.status(Actor(str(h.fake.uid(player)), player), None, game_id=game_id)
    names = {s.seat: h.fake.name_of(int(s.user_id)) for s in st.game.seats} if st.game else {}
    for w in st.waiting:
        if not w.blocking or w.seat not in names:
            continue
        for mid in reversed(INBOX.of(h, h.fake.dm_channels.get(h.fake.uid(names[w.seat])))):
            m = h.fake.messages.get(mid)  # the seat's living prompt: its choice buttons
            ids = [c for c in m.custom_ids() if c.startswith(f"sn:c:{game_id}:") and not c.endswith("!")] if m else []
            if ids:
                return names[w.seat], mid, ids[0]
    return None


def seq_of(h: Remote, game_id: int) -> int:
    row = h.table.store.game(game_id)
    return row.last_seq if row else 0


def delivered(h: Remote, game_id: int) -> bool:
    return not h.table.store.pending_outbox(1, game_id)


async def human(h: Remote, a: str, b: str, tally: Tally, stop: asyncio.Event, threads: list[int]) -> None:
    fake = h.fake
    game_id, thread = await open_human_game(h, a, b)
    threads.append(thread)
    while not stop.is_set():
        click = next_click(h, game_id, a)
        if click is None:
            row = h.table.store.game(game_id)
            if row is not None and row.status == "finished":
                game_id, _ = await open_human_game(h, a, b)
            else:
                await asyncio.sleep(0.1)
            continue
        user, message_id, custom_id = click
        before = seq_of(h, game_id)
        inter = await fake.click(user, message_id, custom_id, wait=False)
        await fake.answer(inter, 30)
        assert inter.latency is not None
        tally.latencies.append(inter.latency * 1000)
        end = time.perf_counter() + 10
        while time.perf_counter() < end and not stop.is_set():  # applied, and what it caused delivered
            if seq_of(h, game_id) > before and delivered(h, game_id):
                tally.actions += 1
                break
            await asyncio.sleep(0.02)


async def computers(h: Remote, gm: str, tally: Tally, stop: asyncio.Event) -> None:
    game_id = await open_computer_game(h, gm)
    seen = 0
    while not stop.is_set():
        await asyncio.sleep(0.5)
        row = h.table.store.game(game_id)
        if row is None:
            continue
        tally.computer_actions += row.last_seq - seen
        seen = row.last_seq
        if row.status == "finished":
            game_id, seen = await open_computer_game(h, gm), 0


async def flood(h: Remote, thread: int, tally: Tally, stop: asyncio.Event) -> None:
    commands = itertools.cycle(("game status", "game log", "game board"))
    while not stop.is_set():
        inter = await h.fake.slash("mallory", thread, next(commands), wait=False)
        await h.fake.answer(inter, 30)
        said = str(((inter.callback or {}).get("data") or {}).get("content") or "")
        tally.flood_answers += 1
        if "please try again in" in said:
            tally.flood_slowed += 1


def bench() -> list[Row]:
    figures: dict[str, tuple[list[float], int, int, int, float, int]] = {}

    async def scenario() -> None:
        with tempfile.TemporaryDirectory() as tmp:
            async with bot_process(Path(tmp), lifted=False) as h:
                people = [(f"h{i}a", f"h{i}b") for i in range(HUMAN_GAMES)]
                for name in [x for pair in people for x in pair] + [f"gm{i}" for i in range(COMPUTER_GAMES)] + [
                        "mallory"]:
                    h.fake.add_user(name)
                tally, stop, threads = Tally(), asyncio.Event(), []
                INBOX.__init__()
                tasks = [asyncio.create_task(human(h, a, b, tally, stop, threads)) for a, b in people]
                await asyncio.sleep(5)  # the games open and their first prompts go out

                async def phase(name: str) -> None:
                    tally.reset()
                    started = time.perf_counter()
                    await asyncio.sleep(WINDOW)
                    elapsed = time.perf_counter() - started
                    figures[name] = (list(tally.latencies), tally.actions, tally.flood_answers, tally.flood_slowed,
                                     elapsed, tally.computer_actions)

                await phase("quiet")
                tasks += [asyncio.create_task(computers(h, f"gm{i}", tally, stop)) for i in range(COMPUTER_GAMES)]
                await asyncio.sleep(5)
                await phase("computers")
                tasks += [asyncio.create_task(flood(h, threads[0], tally, stop)) for _ in range(8)]
                await phase("flood")
                stop.set()
                for failed in await asyncio.gather(*tasks, return_exceptions=True):
                    if isinstance(failed, BaseException):
                        raise failed

    run(scenario())
    rows: list[Row] = []
    quiet_rate = figures["quiet"][1] / figures["quiet"][4] * 60
    for name, (lat, actions, answers, slowed, elapsed, moves) in figures.items():
        per_minute = actions / elapsed * 60
        what = {"quiet": f"{HUMAN_GAMES} human games",
                "computers": f"{HUMAN_GAMES} human games + {COMPUTER_GAMES} games of three schemers",
                "flood": "the same + one person flooding (8 in flight)"}[name]
        target = "<= 100" if name != "flood" else "<= 150"
        rows.append((f"fair: people's interaction -> first response, p99 ({what}; {len(lat)})",
                     p(lat, 0.99) if lat else float("nan"), "ms", target))
        rows.append((f"fair: people's interaction -> first response, median ({name})",
                     statistics.median(lat) if lat else float("nan"), "ms", ""))
        rows.append((f"fair: people's actions a minute ({name})", per_minute, "/min", ""))
        if name != "quiet":
            rows.append((f"fair: computer players' actions a minute ({name})", moves / elapsed * 60, "/min", ""))
            rows.append((f"fair: people's actions, share of the quiet rate ({name})",
                         per_minute / quiet_rate * 100 if quiet_rate else float("nan"), "%", ">= 80"))
        if name == "flood":
            rows.append(("fair: the flooder's answers a minute (of which slowed down)", answers / elapsed * 60, "/min",
                         ""))
            rows.append(("fair: the flooder's answers slowed down", slowed / max(1, answers) * 100, "%", ""))
    return rows


if __name__ == "__main__":
    for row in bench():
        print(row)
