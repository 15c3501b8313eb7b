"""``/game rules`` on Discord: one embed with pages (topics, then a page per group of commands), each
within Discord's limits, every command asked for on exactly one page, as Discord spells it."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.discord import present
from bot.discord.components import rules_view
from bot.table import Actor, FakeClock, Store, TableService

ALICE = Actor("u-alice", "alice")


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> TableService:
    return TableService(Store(Path(tmp_path_factory.mktemp("rules")) / "t.sqlite3"), clock=FakeClock())


def size(e: dict) -> int:
    return (len(e.get("title") or "") + len(e.get("description") or "")
            + sum(len(f["name"]) + len(f["value"]) for f in e.get("fields") or [])
            + len((e.get("footer") or {}).get("text") or ""))


@pytest.mark.parametrize("name, topic", [("fief", None), ("okc", None), ("game", None), ("fief", "siege"),
                                         ("okc", "negotiation"), ("fief", "7"), ("okc", "p.30")])
def test_pages_stay_within_limits_and_hold_every_command_once(table: TableService, name: str,
                                                              topic: str | None) -> None:
    helped = table.rules_help(ALICE, None, name=name, topic=topic)
    pages = present.rules_pages(helped, table.registry.commands(helped.group), table.registry.subgroups(helped.group))
    assert 1 <= len(pages) <= 25 and len({label for label, _ in pages}) == len(pages)
    shown = []
    for i, (label, embed) in enumerate(pages):
        e = embed.to_dict()
        assert size(e) <= 6000 and len(e.get("description") or "") <= 4096 and len(e.get("fields") or []) <= 25
        assert 0 < len(label) <= 100
        if len(pages) > 1:
            assert e["footer"]["text"].startswith(f"Page {i + 1} of {len(pages)}.")
        shown += [line.split("`")[1] for line in (e.get("description") or "").splitlines() if line.startswith("`/")]
    assert sorted(shown) == sorted(c.usage for c in helped.commands)
    if helped.group != "game":
        assert all(u.split()[1] in {g.name for g in table.registry.subgroups(helped.group)} for u in shown)
    view = rules_view(helped.group, helped.topic, [label for label, _ in pages], 0)
    if len(pages) > 1:
        assert view is not None and all(len(str(getattr(c, "custom_id", ""))) <= 100 for c in view.children)


def test_a_group_page_says_what_its_commands_do(table: TableService) -> None:
    helped = table.rules_help(ALICE, None, name="fief")
    pages = dict(present.rules_pages(helped, table.registry.commands("fief"), table.registry.subgroups("fief")))
    war = pages["/fief war"].to_dict()
    assert war["title"] == "Fief: England: `/fief war`, move, fight, besiege and face the invaders"
    assert "`/fief war battle city:<str> against:<str>" in war["description"] and "§7.0" in war["description"]
    assert list(pages)[0] == "Rule topics"


def test_a_long_topic_still_fits_a_custom_id() -> None:
    view = rules_view("okc", "x" * 300, ["a", "b", "c"], 1)
    assert view is not None and all(len(str(getattr(c, "custom_id", ""))) <= 100 for c in view.children)
