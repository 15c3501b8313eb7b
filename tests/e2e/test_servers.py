"""End to end: two servers on one bot. A game of the first is out of reach from the second: every
game manager command typed there with ``game:<id>`` is "no such game" (the words a missing game
gets), and a player of the second server can neither read the game nor act in it."""

from __future__ import annotations

from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import run, running
from tests.e2e.test_gm import content
from tests.e2e.test_tribute_flow import open_lobby

#: Every game manager command, with the values it needs besides ``game``.
GM_COMMANDS: dict[str, dict[str, object]] = {
    "game export": {},
    "game replace": {"seat": "bob", "user": "erin"},
    "game undo": {},
    "game skip": {"seat": "bob"},
    "game pause": {},
    "game resume": {},
    "game abandon": {},
    "game settings": {"setting": "deadline", "value": "1h"},
}

#: What a player types: reading the game and acting in it.
PLAYER_COMMANDS: dict[str, dict[str, object]] = {
    "game status": {},
    "game board": {},
    "game hand": {},
    "game log": {},
    "game join": {},
    "tribute bid": {"card": 3},
}


def test_a_game_is_out_of_reach_from_another_server(tmp_path) -> None:
    async def scenario() -> None:
        fake = FakeDiscord()
        fake.add_guild("Elsewhere", ("games",), owner="erin")  # Erin has Manage Server there
        await fake.start()
        try:
            async with running(tmp_path, fake=fake) as h:
                game, thread, lobby = await open_lobby(h)
                await fake.click("alice", lobby, "Start")
                await h.idle()
                elsewhere = fake.channel_ids["Elsewhere/games"]
                before = (h.table.info(game), h.table.state(game).version, len(h.table.store.actions(game)))

                async def answer(user: str, command: str, game_id: int, values: dict[str, object]) -> str:
                    inter = await fake.slash(user, elsewhere, command, game=game_id, **values)
                    await fake.wait_for(lambda: content(h, inter))
                    return content(h, inter)

                for command, values in GM_COMMANDS.items():
                    missing = await answer("erin", command, 99, values)
                    refused = await answer("erin", command, game, values)
                    assert "no game 99" in missing, (command, missing)
                    assert refused == missing.replace("99", str(game)), (command, refused, missing)
                for command, values in PLAYER_COMMANDS.items():
                    for user in ("bob", "carol"):  # Bob sits at the game; here he is in another server
                        said = await answer(user, command, game, values)
                        assert f"no game {game}" in said, (user, command, said)
                await h.idle()
                after = (h.table.info(game), h.table.state(game).version, len(h.table.store.actions(game)))
                assert after == before
                assert h.table.store.game(game).guild == str(fake.guild_id)
                assert not any(str(game) in m.text() and "Elsewhere" in m.text()
                               for m in fake.channel_messages(elsewhere) if not m.ephemeral)
                # The same commands in the game's own server still work for its manager.
                export = await fake.slash("alice", thread, "game export")
                await fake.wait_for(lambda: export.followups or content(h, export))
                assert "no game" not in content(h, export)
        finally:
            await fake.stop()

    run(scenario())


def test_games_from_before_servers_get_theirs_from_their_channel(tmp_path) -> None:
    """Migration 5 leaves old games without a server; at connect the adapter records it from the
    game's channel, and a game whose channel is gone keeps none (and stays out of other servers' reach)."""
    from bot.table import FakeClock
    from tests.e2e.harness import make_table

    async def scenario() -> None:
        fake = FakeDiscord()
        await fake.start()
        try:
            old = make_table(tmp_path / "seneschal.sqlite3", FakeClock())
            common = {"game": "tribute", "creator": str(fake.uid("alice")), "players": 2, "options": {},
                      "settings": {}, "seed": 1, "engine_version": "1", "schema": 1, "now": 0.0}
            kept = old.store.create_game(channel=str(fake.channel_ids["games"]), **common)
            gone = old.store.create_game(channel="12345", **common)
            old.store.close()
            async with running(tmp_path, fake=fake) as h:
                await fake.wait_for(lambda: h.table.store.game(kept).guild is not None)
                assert h.table.store.game(kept).guild == str(fake.guild_id)
                assert h.table.store.game(gone).guild is None
        finally:
            await fake.stop()

    run(scenario())


#: Every kind of custom_id the bot answers, with the game's number as ``{g}`` (and a select's values).
FORGED: list[tuple[str, list[str] | None]] = [
    ("sn:a:{g}:1:bid|bid card:3", None), ("sn:i:{g}:1:bid|0", None), ("sn:s:{g}:1:bid", ["bid card:3"]),
    ("sn:l:{g}:join", None), ("sn:l:{g}:leave", None), ("sn:l:{g}:start", None), ("sn:r:{g}", ["random"]),
    ("sn:k:{g}", ["steady"]), ("sn:h:{g}", None), ("sn:u:{g}:0:1", None), ("sn:c:{g}:1:0", None),
    ("sn:p:{g}:1:", ["0"]),
]


def test_a_forged_custom_id_from_another_server_learns_nothing(tmp_path) -> None:
    """Buttons and selects carry the game's number: one forged in another server's channel is answered
    exactly as a game that does not exist, changes nothing, and never says the game's count or state."""
    from tests.e2e.fake_discord import Message

    async def scenario() -> None:
        fake = FakeDiscord()
        fake.add_guild("Elsewhere", ("games",), owner="erin")
        await fake.start()
        try:
            async with running(tmp_path, fake=fake) as h:
                game, thread, lobby = await open_lobby(h)
                await fake.click("alice", lobby, "Start")
                await h.idle()
                elsewhere = fake.channel_ids["Elsewhere/games"]
                before = (h.table.info(game), h.table.state(game).version, len(h.table.store.actions(game)))

                async def forged(user: str, template: str, values: list[str] | None, game_id: int) -> str:
                    cid = template.format(g=game_id)
                    comp = ({"type": 3, "custom_id": cid, "options": [{"label": v, "value": v} for v in values]}
                            if values is not None else {"type": 2, "custom_id": cid, "label": "Forged", "style": 1})
                    msg = Message(fake.new_id(), elsewhere, "forged", fake.app_id,
                                  components=[{"type": 1, "components": [comp]}])
                    fake.messages[msg.id] = msg
                    inter = await fake.click(user, msg, cid, values=values)
                    await fake.wait_for(lambda: content(h, inter))
                    return content(h, inter)

                for template, values in FORGED:
                    for user in ("erin", "bob"):  # erin is a GM there; bob sits at the game in its own server
                        missing = await forged(user, template, values, 99)
                        said = await forged(user, template, values, game)
                        assert said == missing.replace("99", str(game)), (template, user, said, missing)
                        assert "incident" not in said and "#" not in said, (template, said)
                await h.idle()
                after = (h.table.info(game), h.table.state(game).version, len(h.table.store.actions(game)))
                assert after == before
        finally:
            await fake.stop()

    run(scenario())
