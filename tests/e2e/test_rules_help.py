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


def only_embed(data: dict[str, Any], edit: bool = False) -> dict[str, Any]:
    """The one embed of an answer of /game rules (one message: no text of its own); ``edit``: a page
    turned, the same message edited in place."""
    assert (edit or data["flags"] & EPHEMERAL) and not data.get("content")
    (embed,) = data["embeds"]
    within_limits(embed)
    return embed


def test_a_topic_is_an_ephemeral_embed_with_sections_summary_and_discord_commands(tmp_path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as h:
            inter = await h.fake.slash("alice", h.channel, "game rules", name="fief", topic="5.4")
            assert not inter.followups
            embed = only_embed(inter.callback["data"])
            (field,) = embed["fields"]
            assert field["name"] == "Naval movement · §5.4, §5.5"
            assert "sail from port to port" in field["value"]
            assert "`/fief war move`" in field["value"] and path("fief", "move") == "/fief war move"
            # The next page: the command itself, with its usage, as Discord spells it.
            reply = await h.fake.reply(inter)
            nxt = await h.fake.click("alice", reply, "Next")
            page = only_embed(nxt.callback["data"], edit=True)
            assert nxt.callback["type"] == 7 and h.fake.messages[reply.id].ephemeral   # the same message
            assert "`/fief war move noble:<str> to:<str>" in page["description"] and "Page 2 of 2" in page["footer"]["text"]

            # A topic whose commands are in another group names them so.
            inter = await h.fake.slash("alice", h.channel, "game rules", name="fief", topic="marriage")
            values = "\n".join(f["value"] for f in only_embed(inter.callback["data"])["fields"])
            assert "/fief-court crown propose_marriage" in values and "/fief propose_marriage" not in values

            # A whole chapter: many topics, still within the limits.
            inter = await h.fake.slash("alice", h.channel, "game rules", name="fief", topic="7")
            embed = only_embed(inter.callback["data"])
            assert "Sieges · §7.9" in [f["name"] for f in embed["fields"]]

    run(scenario())


def test_no_topic_is_one_embed_whose_pages_hold_the_titles_then_each_group_of_commands(tmp_path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as h:
            inter = await h.fake.slash("alice", h.channel, "game rules", name="okc")
            await h.fake.settle()
            assert not inter.followups   # one message, not five
            embed = only_embed(inter.callback["data"])
            assert "Tied clashes** · p.29" in embed["description"] and "/game rules topic:" in embed["footer"]["text"]
            groups = [g.name for g in h.table.registry.subgroups("okc")]
            pages = 1 + len(groups)
            assert embed["footer"]["text"].startswith(f"Page 1 of {pages}.")
            reply = await h.fake.reply(inter)
            assert {"Previous", "Next"} <= {c.get("label") for row in reply.components for c in row["components"]}
            select = next(c for row in reply.components for c in row["components"] if c["type"] == 3)
            assert [o["label"] for o in select["options"]] == ["Rule topics", *(f"/okc {g}" for g in groups)]

            # Next: the first group of commands; the select jumps to the Negotiating Table's.
            nxt = await h.fake.click("alice", reply, "Next")
            page = only_embed(nxt.callback["data"], edit=True)
            assert page["title"].startswith("The Old King's Crown: `/okc bids`") and "`/okc bids bid card:" in page["description"]
            reply = h.fake.messages[reply.id]
            picked = await h.fake.click("alice", reply, select["custom_id"],
                                        values=[str(1 + groups.index("negotiation"))])
            page = only_embed(picked.callback["data"], edit=True)
            assert "`/okc negotiation offer" in page["description"]
            assert page["footer"]["text"].startswith(f"Page {pages} of {pages}.")
            reply = h.fake.messages[reply.id]
            buttons = {c.get("label"): c for row in reply.components for c in row["components"]}
            assert buttons["Next"].get("disabled") and not buttons["Previous"].get("disabled")

            # Outside any game, a word that is not a game name picks the game whose topics answer it.
            inter = await h.fake.slash("alice", h.channel, "game rules", name="deadly")
            embed = only_embed(inter.callback["data"])
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
            assert embed["fields"][0]["name"] == "Heralds · p.20, p.30"
            assert "`/okc regions herald`" in embed["fields"][0]["value"]

            choices = await h.fake.autocomplete("bob", thread, "game rules", "topic", topic="tie")
            assert {"name": "Tied clashes", "value": "Tied clashes"} in choices
            choices = await h.fake.autocomplete("bob", h.channel, "game rules", "topic", name="fief", topic="nav")
            assert choices == [{"name": "Naval movement", "value": "Naval movement"}]

            # A chosen title gives that topic alone.
            inter = await h.fake.slash("bob", h.channel, "game rules", name="fief", topic="Naval movement")
            assert [f["name"] for f in inter.callback["data"]["embeds"][0]["fields"]] == ["Naval movement · §5.4, §5.5"]

    run(scenario())
