"""End to end with Fief: ``/game help`` answers in one ephemeral embed what to do now (no game, the
lobby, the game waiting on you) with the five commands that matter, and a grouped command
(``/fief turn start``) answers the question it names."""

from __future__ import annotations

from typing import Any

from tests.e2e.fake_discord import EPHEMERAL
from tests.e2e.harness import run, running
from tests.e2e.test_living_prompt import awaited, living


def one_embed(inter: Any) -> dict[str, Any]:
    data = inter.callback["data"]
    assert data["flags"] & EPHEMERAL and not inter.followups   # one message, only for the asker
    (embed,) = data["embeds"]
    return embed


def commands_of(embed: dict[str, Any]) -> list[str]:
    (field,) = embed["fields"]
    assert field["name"] == "The commands that matter here"
    return [line.split("`")[1] for line in field["value"].splitlines()]


def test_help_says_what_to_do_now_and_a_grouped_command_answers(tmp_path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as h:
            fake = h.fake
            embed = one_embed(await fake.slash("alice", h.channel, "game help"))
            assert "There is no game here yet." in embed["description"]
            assert "`/game new name:fief`" in embed["description"]
            assert commands_of(embed)[0] == "/game new" and len(commands_of(embed)) == 5

            # /game new options: every module by name and all, never a blank "modules=".
            offered = await fake.autocomplete("alice", h.channel, "game new", "options", name="okc", options="")
            names = [c["name"] for c in offered]
            assert "modules=all" in names and "modules=" not in names and len(names) <= 25
            offered = await fake.autocomplete("alice", h.channel, "game new", "options", name="okc",
                                              options="modules=")
            assert "modules=negotiating_table" in [c["value"] for c in offered]

            inter = await fake.slash("alice", h.channel, "game new", name="fief", players=3)
            await fake.wait_for(lambda: inter.followups)
            game = max(g.id for g in h.table.store.games())
            thread = h.thread_of(game)
            embed = one_embed(await fake.slash("bob", thread, "game help"))
            assert "in its lobby: 1 of 3 seats taken" in embed["description"]
            assert "Take a seat with the lobby's Join button" in embed["description"]
            assert "/game join" in commands_of(embed)

            lobby = fake.channel_messages(thread)[0]
            await fake.click("bob", lobby, "Join")
            await fake.click("carol", lobby, "Join")
            await fake.click("alice", lobby, "Start")
            await h.idle(30)
            user, _ = awaited(h, game)
            embed = one_embed(await fake.slash(user, thread, "game help"))
            assert "the game waits on you" in embed["description"]
            assert "`/fief turn start`" in embed["description"] and "You have until <t:" in embed["description"]
            assert commands_of(embed) == ["/game hand", "/game status", "/game board", "/game log", "/game rules"]

            # The grouped command it names answers the question.
            prompt = living(fake, user)
            typed = await fake.slash(user, thread, "fief turn start", city="king's")
            assert "King's Lynn" in typed.callback["data"]["content"], typed.callback
            await h.idle(30)
            assert "You chose: Start at King's Lynn." in fake.messages[prompt.id].text()
            embed = one_embed(await fake.slash(user, thread, "game help"))
            assert "nothing waits on you now" in embed["description"]

    run(scenario())
