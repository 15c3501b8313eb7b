"""End to end: ``/game rules TOPIC`` answers with an ephemeral embed of rule topics (title, sections,
summary, commands as Discord spells them), within Discord's embed limits, and autocompletes topics."""

from __future__ import annotations

import re
from typing import Any

from bot.discord.slash import path
from tests.e2e.fake_discord import EPHEMERAL
from tests.e2e.harness import run, running


def embed_size(e: dict[str, Any]) -> int:
    """What Discord counts towards an embed's 6000 characters."""
    size = len(e.get("title") or "") + len(e.get("description") or "")
    size += sum(len(f["name"]) + len(f["value"]) for f in e.get("fields") or [])
    return size + len((e.get("footer") or {}).get("text") or "")


def within_limits(e: dict[str, Any]) -> None:
    assert embed_size(e) <= 6000 and len(e.get("description") or "") <= 4096
    assert len(e.get("fields") or []) <= 25 and len(e.get("title") or "") <= 256
    assert all(len(f["name"]) <= 256 and len(f["value"]) <= 1024 for f in e.get("fields") or [])
    assert len((e.get("footer") or {}).get("text") or "") <= 2048


def test_a_topic_is_an_ephemeral_embed_with_sections_summary_and_discord_commands(tmp_path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as h:
            inter = await h.fake.slash("alice", h.channel, "game rules", name="fief", topic="5.4")
            data = inter.callback["data"]
            assert data["flags"] & EPHEMERAL
            (embed,) = data["embeds"]
            within_limits(embed)
            (field,) = embed["fields"]
            assert field["name"] == "Naval movement · §5.4, §5.5"
            assert "sail from port to port" in field["value"]
            assert f"`{path('fief', 'move')}`" in field["value"]
            assert f"`{path('fief', 'move')} " in data["content"]  # the command itself, with its usage

            # A command that spilled over into /fief2 is spelled that way.
            spilled = next(k for k in h.table.known_games()["fief"].actions if path("fief", k).startswith("/fief2"))
            topic = next(t for t in h.table.rules_help(None, None, name="fief").topics  # type: ignore[arg-type]
                         if spilled in t.commands)
            inter = await h.fake.slash("alice", h.channel, "game rules", name="fief", topic=topic.id)
            values = "\n".join(f["value"] for f in inter.callback["data"]["embeds"][0]["fields"])
            assert f"`/fief2 {spilled}`" in values

            # A whole chapter: many topics, still within the limits.
            inter = await h.fake.slash("alice", h.channel, "game rules", name="fief", topic="7")
            embed = inter.callback["data"]["embeds"][0]
            within_limits(embed)
            assert "Sieges · §7.9" in [f["name"] for f in embed["fields"]]

    run(scenario())


def test_no_topic_lists_the_titles_after_the_commands_and_a_word_finds_its_game(tmp_path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as h:
            inter = await h.fake.slash("alice", h.channel, "game rules", name="okc")
            assert inter.callback["data"]["flags"] & EPHEMERAL
            await h.fake.settle()  # a long answer goes on in follow-ups; the embed comes last
            messages = [inter.callback["data"]] + [
                {"content": h.fake.messages[m].content, "embeds": h.fake.messages[m].embeds} for m in inter.followups]
            assert not messages[0].get("embeds") or len(messages) == 1
            embeds = [e for m in messages for e in m.get("embeds") or []]
            (embed,) = embeds
            within_limits(embed)
            assert "Tied clashes** · p.29" in embed["description"] and "/game rules topic:" in embed["footer"]["text"]
            assert "`/okc bid" in messages[0]["content"]

            # Outside any game, a word that is not a game name picks the game whose topics answer it.
            inter = await h.fake.slash("alice", h.channel, "game rules", name="deadly")
            (embed,) = inter.callback["data"]["embeds"]
            assert [f["name"] for f in embed["fields"]] == ["Deadly · p.27, p.40"]
            assert "The Old King's Crown" in embed["title"]

            inter = await h.fake.slash("alice", h.channel, "game rules", name="fief", topic="zzzz")
            data = inter.callback["data"]
            assert data["flags"] & EPHEMERAL and "no rule topic" in data["content"].lower() and not data.get("embeds")

    run(scenario())


def test_in_a_game_thread_the_topics_are_that_games_and_autocomplete_offers_them(tmp_path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as h:
            new = await h.fake.slash("alice", h.channel, "game new", name="okc")
            await h.fake.wait_for(lambda: new.followups)
            thread = int(re.search(r"<#(\d+)>", h.fake.messages[new.followups[0]].text())[1])  # type: ignore[index]

            inter = await h.fake.slash("bob", thread, "game rules", topic="heralds")
            (embed,) = inter.callback["data"]["embeds"]
            assert embed["fields"][0]["name"] == "Heralds · p.20, p.30" and "`/okc herald`" in embed["fields"][0]["value"]

            choices = await h.fake.autocomplete("bob", thread, "game rules", "topic", topic="tie")
            assert {"name": "Tied clashes", "value": "Tied clashes"} in choices
            choices = await h.fake.autocomplete("bob", h.channel, "game rules", "topic", name="fief", topic="nav")
            assert choices == [{"name": "Naval movement", "value": "Naval movement"}]

            # A chosen title gives that topic alone.
            inter = await h.fake.slash("bob", h.channel, "game rules", name="fief", topic="Naval movement")
            assert [f["name"] for f in inter.callback["data"]["embeds"][0]["fields"]] == ["Naval movement · §5.4, §5.5"]

    run(scenario())
