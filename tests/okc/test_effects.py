"""The effect vocabulary (docs/okc-content.md): each step kind carried out by the interpreter."""

from __future__ import annotations

from engine.okc.cards import has_keyword
from engine.okc.effects import queue
from engine.okc.state import Placed
from engine.okc.year import advance
from tests.okc.helpers import data, do, game, spring_actions


def setup(n: int = 2, factions: str | None = None):
    state = game(n, **({"factions": factions} if factions else {}))
    spring_actions(state, {})
    return state, data(state)


def run(state, seat: str, *steps: dict, **ctx) -> None:
    queue(data(state), seat, list(steps), **ctx)
    advance(state)


def clash_at(state, rid: str, cards: list[Placed]) -> None:
    """Put ``cards`` face up in ``rid`` and pretend its clash is under way."""
    from engine.okc.state import Clash

    g = data(state)
    reg = next(r for r in g.regions if r.id == rid)
    reg.cards = cards
    g.clash = Clash(rid)


def test_gain_and_per_suit_amounts() -> None:
    state, g = setup()
    g.players["p1"].kingdom = ["k.armoury", "k.war_banner", "k.mint"]
    run(state, "p1", {"do": "gain", "what": "influence", "amount": "per_suit:swords"})
    assert g.players["p1"].influence == 2


def test_steal_each_opponent_and_from_whom() -> None:
    state, g = setup(3)
    g.players["p2"].influence, g.players["p3"].influence = 2, 0
    run(state, "p1", {"do": "steal", "what": "influence", "amount": 1, "from": "each_opponent"})
    assert (g.players["p1"].influence, g.players["p2"].influence, g.players["p3"].influence) == (1, 1, 0)
    run(state, "p1", {"do": "steal", "what": "influence", "amount": 2, "from": "one_opponent"})
    assert g.choice.options == ["p2", "p3"]
    do(state, "p1", "choose option:p2")
    assert g.players["p1"].influence == 2 and g.players["p2"].influence == 0


def test_steal_lore_opens_the_spend_chance() -> None:
    state, g = setup()
    g.players["p2"].lore = 3
    run(state, "p1", {"do": "steal", "what": "lore", "amount": 2, "from": "each_opponent"})
    assert g.players["p1"].lore == 2 and g.choice.kind == "acquire"


def test_eliminate_with_a_strength_cap_and_everyone() -> None:
    state, g = setup()
    clash_at(state, "plateau", [Placed("clans.f3", "p2", face_up=True), Placed("clans.c9", "p2", face_up=True),
                                Placed("nobility.c6", "p1", face_up=True)])
    run(state, "p1", {"do": "eliminate", "max_strength": 4}, region="plateau")
    assert g.choice.options == ["clans.f3"]
    do(state, "p1", "choose option:clans.f3")
    assert g.players["p2"].lost == ["clans.f3"]
    run(state, "p1", {"do": "eliminate", "target": "all_opponents"}, region="plateau")
    assert [p.card for p in g.regions[1].cards] == ["nobility.c6"]


def test_burn_self_hand_and_lost() -> None:
    state, g = setup()
    clash_at(state, "plateau", [Placed("nobility.c6", "p1", face_up=True)])
    run(state, "p1", {"do": "burn", "target": "self"}, region="plateau", card="nobility.c6")
    assert g.regions[1].cards == [] and g.burned == ["nobility.c6"]
    g.players["p1"].lost = ["nobility.f1"]
    run(state, "p1", {"do": "burn", "target": "lost"})
    do(state, "p1", "choose option:nobility.f1")
    assert g.players["p1"].lost == [] and "nobility.f1" in g.burned


def test_move_herald() -> None:
    state, g = setup()
    g.players["p2"].herald = "castle"
    run(state, "p1", {"do": "move_herald"})
    assert "p2>shrine" in g.choice.options and "p2>castle" not in g.choice.options
    do(state, "p1", "choose option:p2>shrine")
    assert g.players["p2"].herald == "shrine"



def test_move_herald_whose_own_and_any() -> None:
    state, g = setup(3)
    for seat in ("p1", "p2", "p3"):
        g.players[seat].herald = "castle"
    run(state, "p1", {"do": "move_herald", "whose": "own"})
    assert {o.split(">")[0] for o in g.choice.options} == {"p1"}
    do(state, "p1", "choose option:p1>shrine")
    run(state, "p1", {"do": "move_herald", "whose": "any"})
    assert {o.split(">")[0] for o in g.choice.options} == {"p1", "p2", "p3"}


def test_peek_and_swap_are_private() -> None:
    from engine.okc import RULES

    state, g = setup()
    spring_actions(state, {"p1": {"plateau": "nobility.c6"}, "p2": {"plateau": "clans.c7"}},
                   hands={"p1": ["nobility.c9"]})
    run(state, "p1", {"do": "peek"})
    events = do(state, "p1", "choose option:p2:plateau:1")
    assert [e for e in events if e.kind == "okc.peeked.card"][0].to == ("p1",)
    assert RULES.view(state, "p1")["private"]["peeked"][0]["card"]["id"] == "clans.c7"
    assert "clans.c7" not in str(RULES.view(state, None)["regions"])
    run(state, "p1", {"do": "swap"})
    do(state, "p1", "choose option:plateau:0:nobility.c9")
    assert g.regions[1].cards[0].card == "nobility.c9" and g.players["p1"].hand == ["nobility.c6"]


def test_strength_grant_retain_and_bonus() -> None:
    state, g = setup()
    placed = Placed("nobility.c6", "p1", face_up=True)
    clash_at(state, "plateau", [placed])
    ctx = {"region": "plateau", "card": "nobility.c6"}
    run(state, "p1", {"do": "strength", "amount": 2}, {"do": "grant", "keyword": "deadly"}, {"do": "retain"},
        {"do": "bonus", "amount": 3}, **ctx)
    assert placed.gained == 2 and has_keyword(g, placed, "deadly") and placed.retained
    assert g.clash.bonus == {"p1": 3}


def test_recruit_unexhaust_recover_recycle_hand_size() -> None:
    state, g = setup()
    p = g.players["p1"]
    p.supporters, p.supporters_lost = 2, 3
    p.tactics["nobility.line"] = True
    p.lost = ["nobility.f1", "nobility.f2"]
    p.discard = ["nobility.f3"]
    deck = len(p.deck)
    run(state, "p1", {"do": "recruit", "amount": 5}, {"do": "unexhaust", "amount": 1},
        {"do": "recover", "amount": 1, "to": "discard"}, {"do": "recycle"}, {"do": "hand_size", "amount": 9})
    assert (p.supporters, p.supporters_lost) == (5, 0)
    do(state, "p1", "choose option:nobility.line")
    do(state, "p1", "choose option:nobility.f2")
    assert not p.tactics["nobility.line"] and p.lost == ["nobility.f1"]
    assert p.discard == [] and len(p.deck) == deck + 2 and p.hand_size == 10


def test_favour_govern_journey_and_clash_again() -> None:
    state, g = setup()
    g.players["p1"].hand = ["nobility.c6", "nobility.f2"]
    run(state, "p1", {"do": "favour"}, {"do": "govern"}, {"do": "journey"})
    assert g.favour_holder == "p1" and g.favour_uses == 3
    assert g.choice.options == ["nobility.c6>relics", "nobility.c6>secrets", "nobility.c6>oaths", "done"]
    do(state, "p1", "choose option:nobility.c6>secrets")
    assert g.choice.options == ["nobility.f2", "done"]
    do(state, "p1", "choose option:nobility.f2")
    assert g.players["p1"].lore == 1
    clash_at(state, "plateau", [])
    run(state, "p1", {"do": "clash_again"}, region="plateau")
    assert g.regions[1].again == 1


def test_discard_and_optional_draw() -> None:
    state, g = setup()
    g.players["p1"].hand = ["nobility.c6", "nobility.f2"]
    run(state, "p1", {"do": "draw", "amount": 2, "optional": True}, {"do": "discard", "amount": 1})
    do(state, "p1", "choose option:1")
    assert len(g.players["p1"].hand) == 3 and g.choice.kind == "discard"
    do(state, "p1", "choose option:nobility.f2")
    assert g.players["p1"].discard == ["nobility.f2"]


def test_strength_cap_reads_printed_strength() -> None:
    """Printed versus gained (p.46): a gained +5 does not shield a printed 3 from a cap of 4."""
    state, g = setup()
    clash_at(state, "plateau", [Placed("clans.f3", "p2", face_up=True, gained=5)])
    run(state, "p1", {"do": "eliminate", "max_strength": 4}, region="plateau")
    assert g.choice.options == ["clans.f3"]


def test_steal_from_opponents_in_this_region() -> None:
    state, g = setup(3)
    g.players["p2"].influence = g.players["p3"].influence = 2
    clash_at(state, "plateau", [Placed("clans.c6", "p2", face_up=True)])
    run(state, "p1", {"do": "steal", "what": "influence", "amount": 1, "from": "region_opponents"}, region="plateau")
    assert (g.players["p1"].influence, g.players["p2"].influence, g.players["p3"].influence) == (1, 1, 2)
