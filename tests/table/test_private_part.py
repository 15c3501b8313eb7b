"""/game hand shows a seat's secrets: what its view holds beyond the public view."""

from bot.table.service import private_part


def test_private_part_keeps_only_what_the_public_cannot_see() -> None:
    public = {"round": 2, "players": {"a": {"cards": 3}, "b": {"cards": 2}}}
    mine = {"round": 2, "players": {"a": {"cards": 3, "hand": [1, 4, 5], "coins": 2}, "b": {"cards": 2}},
            "my_bid": 4}
    assert private_part(public, mine) == {"players": {"a": {"hand": [1, 4, 5], "coins": 2}}, "my_bid": 4}
    assert private_part(public, public) == {}
