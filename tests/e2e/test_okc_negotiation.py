"""End to end on the fake Discord: the OKC Negotiating Table by clicks only. Two players make an
agreement with a barter, a checkable term and words of their own (typed in a modal), the other reads
every term in their DM before accepting, both keep it (call it fulfilled); then a second agreement is
broken (a claim, the third player's verdict, Outrage). No slash command is typed."""

from __future__ import annotations

from typing import Any

from bot.table import Actor
from engine.okc.modules.negotiating_table.book import open_offers
from engine.okc.modules.negotiating_table.book import table as nt_table
from tests.e2e.fake_discord import FakeDiscord, Interaction, Message
from tests.e2e.harness import Harness, run, running

PLAYERS = ("alice", "bob", "carol")
WORDS = "We keep the peace in the Plateau this Year."
FALLBACKS: list[str] = []   # seats whose DM prompt lagged behind (the lead's stale-prompt work): the hand button


def labels(m: Message) -> list[tuple[str, dict[str, Any]]]:
    """(label, component) of every button and every select option of ``m``."""
    out: list[tuple[str, dict[str, Any]]] = []
    for row in m.components:
        for c in row.get("components") or []:
            if c.get("type") == 2:
                out.append((str(c.get("label") or ""), c))
            for o in c.get("options") or []:
                out.append((str(o.get("label") or ""), {**c, "_value": o["value"]}))
    return out


async def pick(fake: FakeDiscord, user: str, m: Message, wanted: str, *, exclude: str = "") -> Interaction:
    """Click the button, or pick the select option, whose label holds ``wanted`` (and not ``exclude``)."""
    found = [(label, c) for label, c in labels(m) if wanted in label and not (exclude and label.startswith(exclude))]
    assert found, f"no {wanted!r} on {[label for label, _ in labels(m)]}"
    _, c = found[0]
    if "_value" in c:
        return await fake.click(user, m, c["custom_id"], values=[c["_value"]])
    return await fake.click(user, m, c["custom_id"])


def seat_user(h: Harness, game: int, seat: str) -> str:
    held = h.table.info(game).user_of(seat)
    assert held is not None
    return h.fake.name_of(int(held.user_id))


def actor(h: Harness, game: int, seat: str) -> Actor:
    held = h.table.info(game).user_of(seat)
    assert held is not None
    return Actor(held.user_id, held.name)


async def prompt(h: Harness, game: int, seat: str) -> Message:
    """The seat's newest prompt with live choices (its DM; the hand button's fresh copy should the DM lag)."""
    user = seat_user(h, game, seat)
    found = [m for m in h.fake.dms(user) if any(c.startswith(("sn:c:", "sn:p:")) for c in m.custom_ids())]
    assert found, f"{user} has no prompt"
    living = found[-1]
    version = h.table.prompt(actor(h, game, seat), None, game_id=game)["version"]
    if any(f":{version}:" in c for c in living.custom_ids()):
        return living
    FALLBACKS.append(seat)
    hand = await h.fake.reply(await h.fake.click(user, living, f"sn:h:{game}"))
    return hand


async def steps(h: Harness, user: str, first: Interaction, answers: list[str | tuple[str, str]]) -> Message:
    """Follow a flow's ephemeral message through ``answers`` (a label, or (label, label prefix to skip))."""
    msg = await h.fake.reply(first)
    assert msg.ephemeral
    for wanted in answers:
        msg = h.fake.messages[msg.id]
        if isinstance(wanted, tuple):
            await pick(h.fake, user, msg, wanted[0], exclude=wanted[1])
        else:
            await pick(h.fake, user, msg, wanted)
    return h.fake.messages[msg.id]


async def confirm(h: Harness, user: str, inter: Interaction) -> None:
    asked = await h.fake.reply(inter)
    assert asked.ephemeral and "Confirm" in [label for label, _ in labels(asked)], asked.text()
    await pick(h.fake, user, asked, "Confirm")
    await h.idle(30)


async def propose(h: Harness, game: int, seat: str, other: str, *, barter: bool) -> Message:
    """``seat`` composes an agreement with ``other`` by clicks and writes its words in the modal."""
    fake = h.fake
    user = seat_user(h, game, seat)
    them = h.table.state(game).data.players[other].faction.title()
    start = await pick(fake, user, await prompt(h, game, seat), "Propose a binding Trade Agreement")
    answers: list[str | tuple[str, str]] = [f"The {them}"]
    if barter:
        answers += ["Add something you hand over now", "Supporters", "2 Supporters"]
    answers += ["Add a term the bot checks", ("reveal no card", "You"), "Deadly", "Highlands", "Until the end of Year 1",
                "Write terms in your own words"]
    step = await steps(h, user, start, answers)
    assert "so far" in step.text() and "Deadly" in step.text(), step.text()
    opener = await pick(fake, user, step, "Write the terms")
    assert opener.callback is not None and opener.callback["type"] == 9, opener.callback   # the modal opens
    modal = opener.callback["data"]
    assert modal["custom_id"].startswith(f"sn:m:{game}:") and len(modal["title"]) <= 45
    sent = await fake.submit_modal(user, opener, {"text": WORDS})
    assert sent.callback is not None and sent.callback["type"] in (4, 7), sent.callback
    await h.idle(30)
    return h.fake.messages[step.id]


def test_an_agreement_made_accepted_kept_and_broken_by_clicks(tmp_path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as h:
            fake = h.fake
            inter = await fake.slash("alice", h.channel, "game new", name="okc", players=3,
                                     options="length=4, modules=negotiating_table")
            await fake.wait_for(lambda: inter.followups)
            game = max(g.id for g in h.table.store.games())
            lobby = fake.channel_messages(h.thread_of(game))[0]
            for user in PLAYERS[1:]:
                await fake.click(user, lobby, "Join")
            await fake.click("alice", lobby, "Start")
            await h.idle(30)
            # To the first Negotiation Step by the prompts' first (or default) choices.
            rules = h.table.rules_for("okc")
            for _ in range(120):
                state = h.table.state(game)
                if state.data.step == "negotiation":
                    break
                d = next(d for d in rules.pending(state) if d.blocking)
                s = d.seats[0]
                h.table.act(actor(h, game, s), None, None, d.default_for(s) or rules.legal(state, s)[0], game_id=game)
                await h.idle(30)
            state = h.table.state(game)
            assert state.data.step == "negotiation"
            a, b, judge = state.data.order[0], state.data.order[1], state.data.order[2]
            ua, ub, uj = (seat_user(h, game, s) for s in (a, b, judge))
            supporters = state.data.players[b].supporters

            # Make: a barter, a checkable term, words of one's own.
            await propose(h, game, a, b, barter=True)
            offer = open_offers(h.table.state(game).data)[0]
            assert offer["give"] == ["supporters:2"] and offer["text"] == WORDS and len(offer["terms"]) == 1

            # The receiver's DM shows every term before Accept.
            mine = await prompt(h, game, b)
            text = mine.text()
            for part in ("binding Trade Agreement", "2 Supporters now", "reveal no card with Deadly in the Highlands",
                         "until the end of Year 1", WORDS, "Outrage"):
                assert part in text, (part, text)
            names = [label for label, _ in labels(mine)]
            accept = next(i for i, label in enumerate(names) if label.startswith("Accept"))
            assert accept < next(i for i, label in enumerate(names) if label.startswith("Decline"))
            assert "offer 1" not in text.lower() and "round" not in text.lower()
            await pick(fake, ub, mine, "Accept")
            await h.idle(30)
            deals = nt_table(h.table.state(game).data)["agreements"]
            assert len(deals) == 1 and deals[0]["text"] == WORDS
            assert h.table.state(game).data.players[b].supporters == supporters + 2

            # Keep: both call it fulfilled (each confirmed), after the step's own choices.
            for seat, user in ((a, ua), (b, ub)):
                living = await prompt(h, game, seat)
                names = [label for label, _ in labels(living)]
                fulfil = next(i for i, label in enumerate(names) if label.startswith("Call your agreement"))
                assert fulfil > next(i for i, label in enumerate(names) if label.startswith("Offer a barter"))
                assert fulfil < names.index("Done negotiating")
                await confirm(h, user, await pick(fake, user, living, "Call your agreement"))
            assert not nt_table(h.table.state(game).data)["agreements"]

            # Break: a second agreement, claimed broken; the third player judges by a click.
            await propose(h, game, a, b, barter=False)
            await pick(fake, ub, await prompt(h, game, b), "Accept")
            await h.idle(30)
            assert len(nt_table(h.table.state(game).data)["agreements"]) == 1
            cards_before = len(nt_table(h.table.state(game).data)["cards"][a])
            await confirm(h, ua, await pick(fake, ua, await prompt(h, game, a), "Claim "))
            verdict = await prompt(h, game, judge)
            assert "Broken or kept" in verdict.text(), verdict.text()
            await pick(fake, uj, verdict, "Broken")
            await h.idle(30)
            t = nt_table(h.table.state(game).data)
            assert not t["agreements"]
            assert len(t["cards"][a]) == cards_before + 1 and len(t["cards"][b]) == 1   # Outrage: b's card to a

    run(scenario())
