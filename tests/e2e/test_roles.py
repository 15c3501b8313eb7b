"""End to end: the lobby's colour / faction select (``sn:r:<game>``), ``/game role`` and its
autocomplete, through the real client against the fake Discord, across a restart."""

from __future__ import annotations

import re

from tests.e2e.fake_discord import EPHEMERAL, FakeDiscord, Message
from tests.e2e.harness import fake_discord, run, running


async def open_fief(fake: FakeDiscord, channel: int) -> tuple[int, Message]:
    inter = await fake.slash("alice", channel, "game new", name="fief", players=3)
    await fake.wait_for(lambda: inter.followups)
    thread = int(re.search(r"<#(\d+)>", fake.messages[inter.followups[0]].text())[1])  # type: ignore[index]
    return thread, fake.channel_messages(thread)[0]


def offered(lobby: Message) -> list[str]:
    return [o["value"] for o in lobby.component("sn:r:1")["options"]]


def test_choosing_colours_in_the_lobby(tmp_path) -> None:
    async def scenario() -> None:
        async with fake_discord() as fake:
            async with running(tmp_path, fake=fake) as h:
                suggested = await fake.autocomplete("alice", h.channel, "game new", "options", name="fief")
                assert suggested and not any("roles=" in c["value"] for c in suggested)  # chosen in the lobby
                thread, lobby = await open_fief(fake, h.channel)
                assert lobby.custom_ids() == ["sn:l:1:join", "sn:l:1:leave", "sn:l:1:start", "sn:r:1", "sn:k:1"]
                assert offered(lobby) == ["red", "blue", "green", "yellow", "random"]
                assert "Red: free" in lobby.text()

                # Bob has no seat: picking a colour seats him with it; the lobby message is edited.
                pick = await fake.click("bob", lobby, "sn:r:1", values=["green"])
                assert pick.response_type == 7
                lobby = fake.messages[lobby.id]
                assert "**bob**" in lobby.text() and "Green: **bob**" in lobby.text()
                assert offered(lobby) == ["red", "blue", "yellow", "random"]
                assert h.table.info(1).seat_of(str(fake.uid("bob"))).role == "green"  # type: ignore[union-attr]

                # A menu drawn before Bob's pick still offers green: Carol is refused, ephemerally.
                stale = Message(lobby.id, lobby.channel_id, "", 0, components=[
                    {"type": 1, "components": [{"type": 3, "custom_id": "sn:r:1",
                                                "options": [{"label": "Green", "value": "green"}]}]}])
                stale.id = fake.new_id()  # a message of this game's life (newer than its thread)
                fake.messages[stale.id] = stale
                refused = await fake.click("carol", stale, "sn:r:1", values=["green"])
                assert refused.callback["data"]["flags"] & EPHEMERAL
                assert "taken by bob" in refused.callback["data"]["content"]
                del fake.messages[stale.id]

                # /game role: autocomplete offers the free colours; the choice shows on the lobby.
                choices = await fake.autocomplete("alice", thread, "game role", "role")
                assert [c["value"] for c in choices] == ["red", "blue", "yellow", "random"]
                typed = await fake.slash("alice", thread, "game role", role="yellow")
                assert typed.callback["data"]["flags"] & EPHEMERAL and "Yellow" in typed.callback["data"]["content"]
                await fake.wait_for(lambda: "Yellow: **alice**" in fake.messages[lobby.id].text())
                status = await fake.slash("bob", thread, "game status")
                shown = "\n".join(f["value"] for f in status.callback["data"]["embeds"][0]["fields"])
                assert "**bob** (<@" in shown and "plays Green" in shown and "Red: free" in shown
                taken = await fake.slash("carol", thread, "game join", role="yellow")
                assert "taken" in taken.callback["data"]["content"]
                await fake.click("carol", lobby, "Join")
                await h.idle()

            # After a restart the menu sent before it still works (a DynamicItem, no view in memory).
            async with running(tmp_path, fake=fake) as h2:
                lobby = fake.messages[lobby.id]
                pick = await fake.click("carol", lobby, "sn:r:1", values=["blue"])
                assert pick.response_type == 7 and "Blue: **carol**" in fake.messages[lobby.id].text()
                again = await fake.click("carol", fake.messages[lobby.id], "sn:r:1", values=["random"])
                assert again.response_type == 7 and "Blue: free" in fake.messages[lobby.id].text()
                await fake.click("alice", fake.messages[lobby.id], "Start")
                assert fake.messages[lobby.id].custom_ids() == []  # no buttons nor menu once started
                after = fake.messages[lobby.id].text()
                assert "Join takes a seat" not in after and "plays Yellow" in after  # who plays what
                state = h2.table.state(1)
                owned = {s: p.families for s, p in state.data.players.items()}
                assert owned["alice"] == ["yellow"] and owned["bob"] == ["green"] and owned["carol"][0] in (
                    "red", "blue")
                await h2.idle(30)

    run(scenario())
