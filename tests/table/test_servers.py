"""Games belong to a server: every command resolves a game only within the caller's server (or, in a
DM, among the games the person sits at or created); another server's game is "no such game"."""

from __future__ import annotations

import pytest

from bot.table import Actor, TableError
from engine.core import Action
from tests.table.conftest import counts

#: Server one: Alice opened the game, Bob plays in it; Olga is a GM there.
ALICE = Actor("u-alice", "alice", guild="g1")
BOB = Actor("u-bob", "bob", guild="g1")
OLGA = Actor("u-olga", "olga", admin=True, guild="g1")
#: Server two: Mallory is a GM there and knows the game's number; Bob plays there too.
MALLORY = Actor("u-mallory", "mallory", admin=True, guild="g2")
BOB_ELSEWHERE = Actor("u-bob", "bob", guild="g2")
THREAD, OTHER_THREAD = "thread-1", "thread-2"


@pytest.fixture
def gid(table) -> int:
    created = table.new_game(ALICE, THREAD, "tribute", players=2, seed=7)
    table.join(BOB, THREAD)
    table.start(ALICE, THREAD)
    table.act(ALICE, THREAD, "tribute", Action.of("bid", card=2))
    return created.game.id


def no_such_game(call) -> TableError:
    with pytest.raises(TableError) as err:
        call()
    assert err.value.code == "no_game"
    return err.value


def test_games_record_their_server(table, gid):
    assert table.store.game(gid).guild == "g1"
    assert table.store.game(gid).channel == THREAD


GM_COMMANDS = {
    "export": lambda t, who, ch, g: t.export(who, ch, game_id=g),
    "replace": lambda t, who, ch, g: t.replace(who, ch, "bob", who.user_id, who.name, game_id=g, key="k-replace"),
    "undo": lambda t, who, ch, g: t.undo(who, ch, game_id=g, key="k-undo"),
    "skip": lambda t, who, ch, g: t.skip(who, ch, seat="bob", game_id=g, key="k-skip"),
    "pause": lambda t, who, ch, g: t.pause(who, ch, game_id=g, key="k-pause"),
    "resume": lambda t, who, ch, g: t.resume(who, ch, game_id=g, key="k-resume"),
    "abandon": lambda t, who, ch, g: t.abandon(who, ch, game_id=g, key="k-abandon"),
    "settings": lambda t, who, ch, g: t.settings(who, ch, setting="deadline", value="1h", game_id=g, key="k-set"),
    "show settings": lambda t, who, ch, g: t.settings(who, ch, game_id=g),
}

PLAYER_COMMANDS = {
    "status": lambda t, who, ch, g: t.status(who, ch, game_id=g),
    "board": lambda t, who, ch, g: t.board(who, ch, game_id=g, draw=False),
    "hand": lambda t, who, ch, g: t.hand(who, ch, game_id=g),
    "log": lambda t, who, ch, g: t.log(who, ch, game_id=g),
    "act": lambda t, who, ch, g: t.act(who, ch, "tribute", Action.of("bid", card=3), game_id=g, key="k-act"),
    "join": lambda t, who, ch, g: t.join(who, ch, game_id=g, key="k-join"),
    "leave": lambda t, who, ch, g: t.leave(who, ch, game_id=g, key="k-leave"),
    "role": lambda t, who, ch, g: t.role(who, ch, role="red", game_id=g, key="k-role"),
    "invoke": lambda t, who, ch, g: t.invoke(who, ch, "game", "status", {"game": str(g)}),
}


@pytest.mark.parametrize("name", sorted(GM_COMMANDS))
def test_a_gm_of_another_server_gets_no_such_game(table, db_path, gid, name):
    """Mallory has Manage Server in her own server: for game 1 of server one that counts for nothing,
    and the refusal is word for word the one for a game that does not exist."""
    before = (counts(db_path), table.store.game(gid))
    missing = no_such_game(lambda: GM_COMMANDS[name](table, MALLORY, OTHER_THREAD, gid + 1000))
    refused = no_such_game(lambda: GM_COMMANDS[name](table, MALLORY, OTHER_THREAD, gid))
    assert refused.describe() == missing.describe().replace(str(gid + 1000), str(gid))
    assert (counts(db_path), table.store.game(gid)) == before


@pytest.mark.parametrize("name", sorted(PLAYER_COMMANDS))
def test_a_player_seen_from_another_server_cannot_read_or_act(table, db_path, gid, name):
    """Bob sits at game 1, but a command he types in server two does not reach it."""
    before = (counts(db_path), table.store.game(gid))
    no_such_game(lambda: PLAYER_COMMANDS[name](table, BOB_ELSEWHERE, OTHER_THREAD, gid))
    no_such_game(lambda: PLAYER_COMMANDS[name](table, MALLORY, OTHER_THREAD, gid))
    assert (counts(db_path), table.store.game(gid)) == before


def test_the_gm_role_counts_only_in_the_games_own_server(table, gid):
    assert table.is_gm(OLGA, table.store.game(gid))
    assert not table.is_gm(MALLORY, table.store.game(gid))
    assert table.pause(OLGA, "somewhere-in-g1", game_id=gid).what == "paused"


def test_in_a_dm_only_ones_own_games(table, gid):
    """In a DM (no server, no channel) a person reaches the games they sit at or created, no other."""
    dm_bob, dm_alice = Actor("u-bob", "bob"), Actor("u-alice", "alice")
    assert table.hand(dm_bob, None, game_id=gid).seat == "bob"
    assert table.status(dm_alice, None).game.id == gid  # the one live game she sits at
    no_such_game(lambda: table.status(Actor("u-mallory", "mallory"), None, game_id=gid))
    no_such_game(lambda: table.export(Actor("u-mallory", "mallory", admin=True), None, game_id=gid))
    assert table.export(dm_alice, None, game_id=gid).filename  # the creator manages it from anywhere


def test_the_channel_finds_only_its_servers_game(table, gid):
    no_such_game(lambda: table.status(MALLORY, OTHER_THREAD))
    assert table.status(BOB, THREAD).game.id == gid


def test_a_game_without_a_recorded_server_is_claimed_from_its_own_channel(table):
    """Games from before migration 5 have no server: they answer only in their own channel (and in
    DMs to their players), and the first command there records the server."""
    local = Actor("u-alice", "alice")
    gid = table.new_game(local, THREAD, "tribute", players=2).game.id
    assert table.store.game(gid).guild is None
    no_such_game(lambda: table.status(MALLORY, OTHER_THREAD, game_id=gid))
    assert table.games_without_guild() == [(gid, THREAD)]
    assert table.status(BOB, THREAD).game.id == gid
    assert table.store.game(gid).guild == "g1" and table.games_without_guild() == []
    no_such_game(lambda: table.status(MALLORY, OTHER_THREAD, game_id=gid))


def test_adopt_guild_never_moves_a_game(table, gid):
    table.adopt_guild(gid, "g2")
    assert table.store.game(gid).guild == "g1"


def test_the_local_table_is_one_implicit_server(table):
    """No servers at all (the local table, tests): every channel sees every server-less game."""
    here = Actor("u-alice", "alice")
    gid = table.new_game(here, "local", "tribute").game.id
    assert table.status(Actor("u-bob", "bob"), "elsewhere", game_id=gid).game.id == gid
    no_such_game(lambda: table.status(ALICE, THREAD, game_id=gid))  # a server's command does not see it


@pytest.mark.parametrize("huge", [2**63, 2**70, -(2**63) - 1, 10**30])
def test_ids_outside_sqlites_range_are_no_such_game(table, gid, huge):
    no_such_game(lambda: table.status(ALICE, THREAD, game_id=huge))
    no_such_game(lambda: table.invoke(ALICE, THREAD, "game", "status", {"game": str(huge)}))


def test_lists_and_suggestions_stay_in_scope(table, gid):
    assert [g.id for g in table.list_games(BOB, THREAD).games] == [gid]
    assert table.list_games(BOB_ELSEWHERE, THREAD).games == ()
    assert table.suggest(BOB_ELSEWHERE, OTHER_THREAD, "game", "status", "game") == []
    assert table.suggest(BOB, THREAD, "game", "status", "game") == [gid]
