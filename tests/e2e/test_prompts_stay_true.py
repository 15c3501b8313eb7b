"""End to end: the newest prompt a player holds always works.

Three moments that used to leave a player with dead buttons, each followed by a click on the
newest prompt of every seat the game waits on:

- a request arrives while the seat is in the middle of its move (Fief): the prompt asks both,
  the request is answered from it, and the move goes on from the same message;
- the other side answers an offer (The Old King's Crown, the Negotiating Table): the proposer's
  prompt follows;
- a deadline passes: the table answers for the absent seat, and the next prompts work.

The games are brought to each moment by the table itself (random legal actions from a fixed
seed), then played by clicks.
"""

from __future__ import annotations

import random
from typing import Any

from bot.table import Actor
from bot.table import outbox as ob
from engine.core import Audience, RuleError
from engine.playout import pick
from tests.e2e.fake_discord import FakeDiscord, Message
from tests.e2e.harness import Harness, run, running

PLAYERS = ("alice", "bob", "carol")
REFUSED = ("no longer open", "out of date", "Something went wrong", "has no choice")


def living(fake: FakeDiscord, user: str) -> Message:
    found = [m for m in fake.dms(user) if any(c.startswith(("sn:c:", "sn:p:")) for c in m.custom_ids())]
    assert found, f"{user} has no prompt with choices"
    return found[-1]


async def open_game(h: Harness, name: str, seed: int, options: str = "") -> int:
    fake = h.fake
    extra = {"options": options} if options else {}
    inter = await fake.slash(PLAYERS[0], h.channel, "game new", name=name, **extra)
    await fake.wait_for(lambda: inter.followups)
    game = max(g.id for g in h.table.store.games())
    h.table.store.update_game(game, seed=seed)  # a known game, so the moment below is reached
    lobby = fake.channel_messages(h.thread_of(game))[0]
    for user in PLAYERS[1:]:
        await fake.click(user, lobby, "Join")
    await fake.click(PLAYERS[0], lobby, "Start")
    await h.idle(30)
    return game


def actors(h: Harness, game: int) -> dict[str, Actor]:
    return {s.seat: Actor(s.user_id, s.name) for s in h.table.info(game).seats}


def play_until(h: Harness, game: int, seed: int, moment: Any, limit: int = 400) -> Any:
    """Random legal actions (the seed's own sequence) until ``moment(state)`` says what it found."""
    rules = h.table.rules_for(h.table.info(game).game)
    who = actors(h, game)
    rnd = random.Random(seed)
    for _ in range(limit):
        state = h.table.state(game)
        found = moment(rules, state)
        if found:
            return found
        blocking = sorted({s for d in rules.pending(state) if d.blocking for s in d.seats})
        assert blocking, "the game stopped before the moment came"
        seat = rnd.choice(blocking)
        try:
            h.table.act(who[seat], None, None, pick(rules, state, seat, rules.legal(state, seat), rnd),
                        game_id=game)
        except RuleError:
            pass
    raise AssertionError("the moment never came")


def index_of(h: Harness, game: int, seat: str, want: Any) -> int:
    """The index of the first choice of the seat's prompt now whose action satisfies ``want``."""
    rules = h.table.rules_for(h.table.info(game).game)
    state = h.table.state(game)
    d = ob.awaited(rules, state, offers=True)[seat]
    names = {s.seat: s.name for s in h.table.info(game).seats}
    choices = ob.prompt_choices(rules, rules.words(), state, d, seat, Audience(None, names))
    return next(i for i, c in enumerate(choices) if c.action is not None and want(c.action))


def button(m: Message, index: int) -> str:
    for cid in m.custom_ids():
        if cid.startswith("sn:c:") and cid.rsplit(":", 1)[-1] == str(index):
            return cid
    raise AssertionError(f"no button {index} on {m.custom_ids()}")


def answer_text(inter: Any) -> str:
    data = (inter.callback or {}).get("data") or {}
    return str(data.get("content") or "")


async def newest_prompts_work(h: Harness, game: int) -> None:
    """Every awaited person's newest prompt answers a click with a next step or a move played,
    never a refusal (the click is not completed: the game stays where it is)."""
    fake = h.fake
    info = h.table.info(game)
    rules = h.table.rules_for(info.game)
    for seat in ob.awaited(rules, h.table.state(game), offers=True):
        holder = info.user_of(seat)
        assert holder is not None
        user = fake.name_of(int(holder.user_id))
        prompt = living(fake, user)
        comps = [c for row in prompt.components for c in row["components"]
                 if str(c.get("custom_id", "")).startswith(("sn:c:", "sn:p:"))]
        assert comps, f"{user}'s newest prompt has no choice: {prompt.text()}"
        flows = [c for c in comps if str(c.get("label", "")).endswith("…")]
        if not flows:
            continue  # clicking would play the move; the first click of a flow only opens it
        click = await fake.click(user, prompt, flows[0]["custom_id"])
        text = answer_text(click)
        assert not any(r in text for r in REFUSED), f"{user}'s newest prompt was refused: {text}"


def test_a_request_during_a_move_is_answered_from_the_same_prompt_and_the_move_goes_on(tmp_path) -> None:
    def mid_move(rules: Any, state: Any) -> str | None:
        for s in state.seats:
            mine = [d for d in rules.pending(state) if s in d.seats]
            if any(d.id.startswith("move") for d in mine) and any(d.id.startswith("request") for d in mine):
                return str(s)
        return None

    async def scenario() -> None:
        async with running(tmp_path) as h:
            fake = h.fake
            game = await open_game(h, "fief", 1)
            seat = play_until(h, game, 1, mid_move)
            await h.idle(30)
            holder = h.table.info(game).user_of(seat)
            assert holder is not None
            user = fake.name_of(int(holder.user_id))
            prompt = living(fake, user)
            assert "asks" in prompt.text() and "Move your nobles" in prompt.text(), prompt.text()
            yes = index_of(h, game, seat, lambda a: a.kind == "respond" and a.get("accept") is True)
            moves = [c.get("label") for row in prompt.components for c in row["components"]]
            assert any(str(label).startswith("Move ") for label in moves), moves
            answered = await fake.click(user, prompt, button(prompt, yes))
            assert not any(r in answer_text(answered) for r in REFUSED), answer_text(answered)
            await h.idle(30)
            assert not any(d.id.startswith("request") and seat in d.seats
                           for d in h.table.rules_for("fief").pending(h.table.state(game)))
            await newest_prompts_work(h, game)

    run(scenario())


def test_the_proposers_prompt_follows_when_the_other_side_answers_an_offer(tmp_path) -> None:
    def offer_open(rules: Any, state: Any) -> tuple[str, str] | None:
        for d in rules.pending(state):
            if d.id.startswith("offer-") and any(x.id.startswith("negotiation") for x in rules.pending(state)):
                return str(d.info.get("by")), d.seats[0]
        return None

    async def scenario() -> None:
        async with running(tmp_path) as h:
            fake = h.fake
            game = await open_game(h, "okc", 1, "modules=all")
            proposer, receiver = play_until(h, game, 1, offer_open)
            await h.idle(30)
            info = h.table.info(game)
            holder = info.user_of(receiver)
            assert holder is not None
            user = fake.name_of(int(holder.user_id))
            prompt = living(fake, user)
            no = index_of(h, game, receiver, lambda a: a.kind == "decline_offer")
            answered = await fake.click(user, prompt, button(prompt, no))
            assert not any(r in answer_text(answered) for r in REFUSED), answer_text(answered)
            await h.idle(30)
            owner = info.user_of(proposer)
            assert owner is not None
            mine = living(fake, fake.name_of(int(owner.user_id)))
            rules = h.table.rules_for("okc")
            state = h.table.state(game)
            d = ob.awaited(rules, state, offers=True)[proposer]
            want = ob.menu_id(ob.prompt_choices(rules, rules.words(), state, d, proposer,
                                                Audience(None, {s.seat: s.name for s in info.seats})))
            assert all(f":{want}:" in cid for cid in mine.custom_ids() if cid.startswith("sn:c:")), mine.custom_ids()
            await newest_prompts_work(h, game)

    run(scenario())


def test_after_a_deadline_passes_the_newest_prompts_work(tmp_path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, settings={"deadline": "1h", "reminders": "off"}) as h:
            fake = h.fake
            game = await open_game(h, "fief", 2)
            for _ in range(3):
                rules = h.table.rules_for("fief")
                before = h.table.info(game).seq
                h.clock.advance(3601)
                h.bot.wake()
                await h.idle(30)
                assert h.table.info(game).seq > before, "the deadline played nothing"
                state = h.table.state(game)
                for seat, d in ob.awaited(rules, state, offers=True).items():
                    holder = h.table.info(game).user_of(seat)
                    assert holder is not None
                    prompt = living(fake, fake.name_of(int(holder.user_id)))
                    names = {s.seat: s.name for s in h.table.info(game).seats}
                    want = ob.menu_id(ob.prompt_choices(rules, rules.words(), state, d, seat, Audience(None, names)))
                    assert all(f":{want}:" in cid for cid in prompt.custom_ids() if cid.startswith("sn:c:"))
                await newest_prompts_work(h, game)
            assert any("Time ran out" in m.text() for u in PLAYERS for m in fake.dms(u))

    run(scenario())
