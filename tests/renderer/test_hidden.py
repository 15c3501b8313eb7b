"""Public boards are byte-identical when hidden facts are permuted (hands, troop types, money,
face-down cards), on games played part-way through the real engines."""

from __future__ import annotations

import random

import pytest

from renderer import render
from renderer.demo import advance, start


def playable(game: str, steps: int, seed: int):  # type: ignore[no-untyped-def]
    rules, state = start(game, seed)   # both games ship: a failure to start is a failure, not a skip
    advance(rules, state, seed, steps)
    return rules, state


@pytest.mark.parametrize("game", ["fief", "okc"])
@pytest.mark.parametrize("seed,steps", [(1, 40), (2, 150)])
def test_public_board_ignores_hidden_facts(game: str, seed: int, steps: int) -> None:
    rules, state = playable(game, steps, seed)
    public = render(game, rules.view(state, None), None)
    for k in range(2):
        twin = rules.copy(state)
        rules.permute_hidden(twin, random.Random(k))
        assert render(game, rules.view(twin, None), None) == public
    for seat in state.seats:  # every private board draws
        assert render(game, rules.view(state, seat), seat)[:8] == b"\x89PNG\r\n\x1a\n"


def wild_kingdom_game(seed: int):  # type: ignore[no-untyped-def]
    """An OKC game with every Wild Kingdom module, played to a Spring Action Step of round 2 or later (face-down
    cards can be permuted there), then given Allies (an opponent's cards in hand, deck and face down next to a
    Region) and Boons (held, and on face-down cards), as the modules would."""
    from engine.core import apply
    from engine.okc.content.loader import load_pack
    from engine.okc.state import Placed
    from engine.registry import get
    from renderer.demo import choose

    rules = get("okc")
    state, _ = rules.new_game(["ann", "bob", "cat"], {"modules": "all"}, seed)
    agent = random.Random(seed)
    g = state.data
    while not (g.step == "spring_actions" and g.round >= 2):
        blocking = [d for d in rules.pending(state) if d.blocking]
        seat = agent.choice(agent.choice(blocking).seats)
        apply(rules, state, seat, choose(rules, state, seat, rules.legal(state, seat), agent))
    first, second = g.order[0], g.order[1]
    played = {p.faction for p in g.players.values()}
    spare = next(f for f in load_pack(g.pack).factions.values() if f.id not in played)   # nobody plays it
    taken = [c.id for c in spare.cards if c.kind == "basic"][:4]
    g.players[first].hand += taken[:2]
    g.players[first].deck.insert(1, taken[2])
    g.regions[0].cards.append(Placed(taken[3], first))
    t = g.extra["whispering_tower"]
    boons, t["stack"] = t["stack"][:4], t["stack"][4:]
    t["supply"][first] += boons[:2]
    g.regions[1].cards.append(Placed(g.players[second].hand.pop(), second, boons=boons[2:]))
    return rules, state


@pytest.mark.parametrize("seed", [3, 5])
def test_public_board_ignores_boons_and_allies(seed: int) -> None:
    """Who holds which Boon, the Boon stack's order, which Ally is where: none of it shows on the public board,
    while the Boons' counts and the Allies' backs (face down too) do."""
    from engine.core import canonical

    rules, state = wild_kingdom_game(seed)
    view = rules.view(state, None)
    assert any(c.get("ally") for r in view["regions"] for cs in r["cards"].values() for c in cs)
    assert any(c.get("boons") for r in view["regions"] for cs in r["cards"].values() for c in cs)
    public = render("okc", view, None)
    moved = set()
    for k in range(4):
        twin = rules.copy(state)
        rules.permute_hidden(twin, random.Random(k))
        assert render("okc", rules.view(twin, None), None) == public
        g, h = state.data, twin.data
        first = g.order[0]
        if canonical(g.extra["whispering_tower"]) != canonical(h.extra["whispering_tower"]):
            moved.add("boons")
        if (sorted(g.players[first].hand), g.players[first].deck) != (sorted(h.players[first].hand),
                                                                       h.players[first].deck):
            moved.add("cards")
    assert moved == {"boons", "cards"}
    for seat in state.seats:
        assert render("okc", rules.view(state, seat), seat)[:8] == b"\x89PNG\r\n\x1a\n"
