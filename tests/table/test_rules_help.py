"""``/game rules TOPIC``: the help files load and cover every phase, their commands exist, lookups by
id, alias, keyword, title word and section work, and the table and its wording serve them.

(No test compares the summaries with the rulebooks: those are not shipped. The check was run by
hand against them; see docs/table.md.)
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bot.table import Actor, Store, TableError, TableService, text
from bot.table import helptopics as ht
from bot.table.helptopics import HelpDataError
from engine.fief import RULES as FIEF
from engine.okc import RULES as OKC

ALICE = Actor("u-alice", "alice")
GAMES = {"fief": FIEF, "okc": OKC}


@pytest.fixture
def table(tmp_path, clock):
    t = TableService(Store(tmp_path / "t.sqlite3"), clock=clock)
    yield t
    t.store.close()


def ids(topics) -> list[str]:
    return [t.id for t in topics]


# -- the files ------------------------------------------------------------------------------------
@pytest.mark.parametrize("game,low,high", [("fief", 35, 60), ("okc", 28, 60)])
def test_topics_load_with_titles_sections_and_summaries(game, low, high):
    topics = ht.topics(game)
    assert low <= len(topics) <= high
    for t in topics:
        assert t.title and t.sections and 2 <= ht.sentences(t.summary) <= 6
        assert len(t.summary) <= ht.MAX_SUMMARY
    if game == "fief":
        assert all(s[0].isdigit() for t in topics for s in t.sections)
    else:
        assert all(s.startswith("p.") for t in topics for s in t.sections)


@pytest.mark.parametrize("game", GAMES)
def test_every_phase_has_topics(game):
    phases = ht.phases(game)
    assert phases
    covered = {t.phase for t in ht.topics(game)}
    assert {p for p, _ in phases} <= covered


@pytest.mark.parametrize("game", GAMES)
def test_every_related_command_exists_and_every_command_has_a_topic(game):
    actions = GAMES[game].actions
    named = set()
    for t in ht.topics(game):
        for kind in t.commands:
            assert kind in actions, f"{game}.json topic {t.id}: no /{game} {kind}"
            named.add(kind)
    assert set(actions) <= named


def test_the_rule_areas_of_the_brief_are_covered():
    fief = set(ids(ht.topics("fief")))
    assert {"setup", "round", "marriage", "election", "parliament", "cards", "plague", "storms", "famine",
            "invasion-card", "fortune", "tax", "nobles", "retainers", "abbess", "bishops", "pigeons", "income",
            "purchase", "buildings", "titles", "kings-will", "succession", "royal-stronghold", "movement",
            "naval", "sherwood", "invaders", "battle", "projectiles", "melee", "losses", "battle-end", "ransom",
            "siege", "pillage", "victory", "two-players", "three-players", "relics", "excalibur",
            "royal-guard"} <= fief
    okc = set(ids(ht.topics("okc")))
    assert {"setup", "start-of-year", "bids", "heralds", "region-cards", "clash", "ties", "autumn", "winter",
            "active", "attrition", "burn", "eliminate", "resilient", "invulnerable", "deadly", "flank", "ambush",
            "pathfinder", "occupy", "lore", "site-of-power", "councils", "favour", "tactics", "supporters",
            "lost-pile", "end-of-game"} <= okc


def test_summaries_that_follow_a_ruling_say_so():
    fief = {t.id: t for t in ht.topics("fief")}
    assert "Our ruling" in fief["setup"].summary and "random_start" in fief["setup"].summary
    okc = {t.id: t for t in ht.topics("okc")}
    assert "Our ruling" in okc["ties"].summary and "Our ruling" in okc["favour"].summary


def test_a_game_without_a_help_file_has_no_topics():
    assert ht.topics("tribute") == () and ht.find("tribute", "bid") == ()
    assert ht.topics("../etc") == ()


# -- bad files --------------------------------------------------------------------------------------
GOOD = {"id": "siege", "title": "Sieges", "sections": ["7.9"], "summary": "One sentence here. Another one."}


@pytest.mark.parametrize("change,field,problem", [
    ({"summary": "Only one sentence."}, "topics[0].summary", "1 sentence(s)"),
    ({"sections": ["seven"]}, "topics[0].sections[0]", "does not match"),
    ({"sections": []}, "topics[0].sections", "at least one"),
    ({"id": "Big Id"}, "topics[0].id", "lower-case"),
    ({"colour": "red"}, "topics[0].colour", "unknown field"),
    ({"title": ""}, "topics[0].title", "non-empty text"),
    ({"commands": "move"}, "topics[0].commands", "list of texts"),
    ({"phase": "9"}, "topics[0].phase", "unknown phase"),
    ({"summary": "Far too long. " * 80}, "topics[0].summary", "longer than"),
])
def test_a_bad_topic_is_refused_naming_file_and_field(change, field, problem):
    data = {"game": "fief", "phases": [{"id": "7", "name": "Battles"}], "topics": [{**GOOD, **change}]}
    with pytest.raises(HelpDataError) as err:
        ht.parse(data, "fief.json")
    assert str(err.value).startswith(f"fief.json: {field}: ") and problem in str(err.value)
    assert err.value.file == "fief.json" and err.value.field == field


def test_a_phase_name_may_be_80_characters_and_no_longer():
    def phase(name: str) -> dict:
        return {"game": "fief", "phases": [{"id": "7", "name": name}], "topics": [GOOD]}

    ht.parse(phase("B" * 80), "fief.json")
    with pytest.raises(HelpDataError, match=r"fief.json: phases\[0\].name: "):
        ht.parse(phase("B" * 81), "fief.json")


def test_bad_files_missing_fields_duplicates_and_broken_json(tmp_path):
    with pytest.raises(HelpDataError, match=r"okc.json: topics\[0\].summary: missing required field"):
        ht.parse({"game": "okc", "topics": [{"id": "a", "title": "A", "sections": ["p.3"]}]}, "okc.json")
    with pytest.raises(HelpDataError, match=r"x.json: topics\[1\].id: 'siege' is used twice"):
        ht.parse({"game": "x", "topics": [GOOD, GOOD]}, "x.json")
    with pytest.raises(HelpDataError, match=r"x.json: extra: unknown field"):
        ht.parse({"game": "x", "topics": [GOOD], "extra": 1}, "x.json")
    with pytest.raises(HelpDataError, match=r"x.json: topics: expected a non-empty list"):
        ht.parse({"game": "x", "topics": []}, "x.json")
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    with pytest.raises(HelpDataError, match=r"broken.json: \(file\): not JSON"):
        ht.load_file(broken)
    unsound = tmp_path / "unsound.json"   # JSON, but not a help file: the refusal names the file
    unsound.write_text(json.dumps({"game": "x", "topics": []}), encoding="utf-8")
    with pytest.raises(HelpDataError, match=r"^unsound.json: topics: expected a non-empty list"):
        ht.load_file(unsound)
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"game": "x", "topics": [GOOD]}), encoding="utf-8")
    assert ids(ht.load_file(good)[1]) == ["siege"]


def test_the_shipped_files_are_the_ones_loaded():
    for game in GAMES:
        path = Path(ht.HELP_DIR) / f"{game}.json"
        assert ht.load_file(path)[1] == ht.topics(game)


# -- lookups ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("game,query,first", [
    ("fief", "naval", "naval"),                 # id
    ("fief", "ships", "naval"),                 # alias
    ("fief", "Naval movement", "naval"),        # title
    ("fief", "5.4", "naval"),                   # section
    ("fief", "§7.9", "siege"),
    ("fief", "tallage", "tax"),
    ("fief", "danegeld", "invaders-leave"),
    ("fief", "bandit", "sherwood"),             # a word of an alias
    ("fief", "fog of war", "purchase"),
    ("fief", "hand limit", "cards"),
    ("okc", "p.29", "ties"),
    ("okc", "p29", "ties"),
    ("okc", "p7", "setup"),                     # a page of one digit, typed without the full stop
    ("okc", "deadly", "deadly"),
    ("okc", "kingdom's favour", "favour"),
    ("okc", "herald", "heralds"),
    ("okc", "Lost Pile", "lost-pile"),
])
def test_lookup_puts_the_best_match_first(game, query, first):
    found = ht.find(game, query)
    assert found and found[0].id == first


def test_a_section_finds_every_topic_citing_it_and_a_chapter_its_sections():
    assert set(ids(ht.find("okc", "p.30"))) == {"heralds", "rewards", "locations"}
    chapter = ids(ht.find("fief", "7"))
    assert {"battle", "projectiles", "melee", "losses", "battle-end", "siege", "pillage"} <= set(chapter)
    assert all(any(s.startswith("7.") for s in t.sections) for t in ht.find("fief", "7"))
    assert ht.find("fief", "99.9") == () and ht.find("fief", "zzzz") == ()


def test_an_exact_match_stands_alone_and_word_matches_are_ranked():
    assert ids(ht.find("fief", "plague")) == ["plague"]
    knights = ids(ht.find("fief", "knights"))
    assert len(knights) > 1 and knights[0] == "cavalcade"


def test_a_phrase_in_the_title_outweighs_one_in_an_alias_or_keyword_and_a_name_word_outweighs_a_summary_word():
    from bot.table.results import HelpTopic

    topic = HelpTopic("sieges", "Siege engines", ("5.1",), "Walls fall to patient armies.",
                      aliases=("catapult",), keywords=("trebuchet",))
    assert [ht.score(topic, q) for q in ("engine", "catapul", "trebuchet", "siege armies", "armies")] == [
        200 + 40, 150 + 40, 150 + 40, 40 + 5, 5]


def test_suggestions_are_titles_matching_what_is_typed():
    assert ht.suggest("fief", "nav") == ["Naval movement"]
    assert ht.suggest("okc", "p.29") == ["Tied clashes"]
    assert len(ht.suggest("fief", "")) == 25


# -- the table --------------------------------------------------------------------------------------
def test_no_topic_lists_every_topic_and_command(table):
    helped = table.rules_help(ALICE, None, name="fief")
    assert helped.group == "fief" and helped.topic == ""
    assert [t.id for t in helped.topics] == [t.id for t in ht.topics("fief")]
    assert len(helped.commands) == len(FIEF.actions)
    wording = text.describe(helped)
    assert "Fief: England rule topics" in wording and "Naval movement (§5.4, §5.5)" in wording
    assert "/fief war move" in wording


def test_the_table_group_lists_its_commands_under_the_title_table(table):
    helped = table.rules_help(ALICE, None, name="game")
    assert (helped.group, helped.title) == ("game", "Table")
    assert text.describe(helped).startswith("Table commands:\n  `/game new name:<str>")


def test_summaries_name_commands_as_discord_spells_them(table):
    """The summaries say ``/fief propose_marriage``; the table shows ``/fief-court crown propose_marriage``."""
    raw = next(t for t in ht.topics("fief") if t.id == "marriage")
    assert "/fief propose_marriage" in raw.summary
    helped = table.rules_help(ALICE, None, name="fief", topic="marriage")
    marriage = next(t for t in helped.topics if t.id == "marriage")
    assert "/fief-court crown propose_marriage" in marriage.summary and "/fief propose_marriage" not in marriage.summary
    assert helped.paths["propose_marriage"] == "/fief-court crown propose_marriage"
    every = table.rules_help(ALICE, None, name="okc")
    assert not re.search(r"/okc (?!bids |regions |actions |negotiation )", " ".join(t.summary for t in every.topics))


def test_a_topic_gives_its_summary_and_related_commands(table):
    helped = table.rules_help(ALICE, None, name="fief", topic="5.4")
    assert ids(helped.topics) == ["naval"]
    assert [c.usage.split()[2] for c in helped.commands] == ["move"]
    wording = text.describe(helped)
    assert "Naval movement (§5.4, §5.5)" in wording and helped.topics[0].summary in wording
    assert "commands: `/fief war move`" in wording


def test_commands_mentioning_the_word_come_too(table):
    helped = table.rules_help(ALICE, None, name="fief", topic="siege")
    assert ids(helped.topics)[0] == "siege"
    kinds = {c.usage.split()[2] for c in helped.commands}
    assert {"besiege", "construct", "lift_siege", "battle_next"} <= kinds


def test_a_name_that_is_no_game_is_a_topic_and_finds_its_game(table):
    helped = table.rules_help(ALICE, None, name="deadly")
    assert helped.group == "okc" and helped.topic == "deadly" and ids(helped.topics) == ["deadly"]


def test_the_channel_game_is_used_and_the_signature_still_works(table):
    gid = table.new_game(ALICE, "chan", "okc", players=2).game.id
    helped = table.rules_help(ALICE, "chan")
    assert helped.group == "okc" and helped.game is not None and helped.game.id == gid
    with pytest.raises(TableError, match="Old King's Crown matches 'siege'"):
        table.rules_help(ALICE, "chan", name="siege")  # a topic of this channel's game only
    assert ids(table.rules_help(ALICE, "chan", topic="bids").topics)[0] == "bids"
    # another game named explicitly, from this channel
    assert ids(table.rules_help(ALICE, "chan", name="fief", topic="storms").topics) == ["storms"]


def test_nothing_matching_is_refused_with_the_topics(table):
    with pytest.raises(TableError) as err:
        table.rules_help(ALICE, None, name="fief", topic="zzzz")
    assert err.value.code == "no_topic" and "Naval movement" in err.value.legal
    with pytest.raises(TableError) as err:
        table.rules_help(ALICE, None, name="zzzz")
    assert err.value.code == "no_game"


def test_invoke_and_the_local_table_syntax_reach_topics(table):
    out = table.invoke(ALICE, None, "game", "rules", {"name": "fief", "topic": "ships"})
    assert ids(out.topics) == ["naval"]
    inv = table.registry.split("/game rules name:okc topic:p.29")
    assert ids(table.invoke(ALICE, None, inv.group, inv.name, inv.values).topics) == ["ties"]


def test_topic_autocomplete(table):
    assert table.suggest(ALICE, None, "game", "rules", "topic", "nav", given={"name": "fief"}) == ["Naval movement"]
    anywhere = table.suggest(ALICE, None, "game", "rules", "topic", "dead")  # every game's
    assert set(anywhere) == {"How a battle ends", "Deadly"}  # Fief's deadlock, OKC's Deadly
    table.new_game(ALICE, "chan", "okc", players=2)
    assert "Tied clashes" in table.suggest(ALICE, "chan", "game", "rules", "topic", "")
    assert table.suggest(ALICE, "chan", "game", "rules", "topic", "naval") == []  # OKC has no ships


@pytest.mark.parametrize("field,limit", [
    ("game", 40), ("phases[0].id", 20), ("topics[0].id", 40), ("topics[0].phase", 20), ("topics[0].title", 80),
    ("topics[0].commands[0]", 80), ("topics[0].keywords[0]", 80),
])
def test_each_text_of_a_help_file_has_its_length_limit(field, limit):
    def data(n: int) -> dict:
        long = "b" * n
        phase = long if field in ("phases[0].id", "topics[0].phase") else "7"
        topic = {**GOOD, "phase": phase}
        if field.startswith("topics[0]."):
            name = field.split(".")[1].split("[")[0]
            topic[name] = [long] if "[" in field.split(".")[1] else long
        known = phase[:20] if field == "topics[0].phase" else phase   # the phase itself is within its limit
        return {"game": long if field == "game" else "fief", "phases": [{"id": known, "name": "Battles"}],
                "topics": [topic]}

    ht.parse(data(limit), "fief.json")
    with pytest.raises(HelpDataError) as err:
        ht.parse(data(limit + 1), "fief.json")
    assert err.value.field == field and f"longer than {limit} characters ({limit + 1})" in str(err.value)
