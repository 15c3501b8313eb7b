"""The computer players: a legal answer at every strength, the schemer's budget, the arena."""

from __future__ import annotations

import random

import pytest

from engine.agents import STRENGTHS, decide
from engine.agents.choice import choices
from engine.agents.schemer import STYLES, Node, Search
from engine.core import Action, GameState, Refusal, RuleError, Rules, apply
from tests.agents.states import actor, along


@pytest.mark.parametrize("strength", STRENGTHS)
def test_every_strength_answers_with_a_legal_action(strength: str) -> None:
    for game, players in (("okc", 2), ("fief", 4)):
        for rules, state, seat in along(game, players, 41, every=13, limit=12):
            action = decide(rules, state, seat, strength, seed=1, iterations=6)
            assert action in rules.legal(state, seat)


def test_an_unknown_strength_is_refused_with_the_known_ones() -> None:
    rules, state, seat = next(along("okc", 2, 1, every=1, limit=1))
    with pytest.raises(RuleError) as err:
        decide(rules, state, seat, "genius", seed=1)
    assert "schemer" in str(err.value.legal)
    assert (err.value.section, err.value.code) == ("agents", Refusal.BAD_STRENGTH)


def test_a_seat_with_nothing_to_do_is_refused_by_name() -> None:
    """Asked for a seat that is not to act now, the agents refuse, naming the seat, rather than invent an action."""
    rules, state, seat = next(along("fief", 4, 1, every=1, limit=1))
    idle = next(s for s in state.seats if s != seat and not choices(rules, state, s))
    with pytest.raises(RuleError) as err:
        decide(rules, state, idle, "steady", seed=1)
    assert (err.value.section, err.value.code) == ("agents", Refusal.NOTHING_TO_DO)
    assert str(err.value) == f"agents: {idle} has nothing to do now"


def test_the_schemer_stops_within_its_budget() -> None:
    """A clock passed in: the search stops while one more iteration (as long as the longest so
    far) would still fit, so it never runs past the budget on a steady clock."""
    ticks = [0.0]

    def clock() -> float:
        ticks[0] += 0.01
        return ticks[0]

    rules, state, seat = next((r, s, p) for r, s, p in along("okc", 2, 43, every=17, limit=8)
                              if len(choices(r, s, p)) >= 2)
    search = Search(rules, state, seat, random.Random(1), STYLES["okc"])
    search.run(choices(rules, state, seat), 10_000, clock, 0.5)
    assert 0 < search.iterations <= 50
    assert ticks[0] <= 0.5 + 0.02


def test_a_whole_game_of_computer_players_ends() -> None:
    from engine.registry import get

    rules = get("okc")
    state, _ = rules.new_game(["p1", "p2"], {}, 5)
    strengths = {"p1": "schemer", "p2": "steady"}
    step = 0
    while rules.result(state) is None:
        seat = actor(rules, state)
        apply(rules, state, seat, decide(rules, state, seat, strengths[seat], seed=step, iterations=4))
        step += 1
    assert step > 50


def test_the_arena_prints_win_rates_and_decision_times(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.arena import main, wilson

    assert main(["okc", "--seats", "steady,random", "--games", "2", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "steady" in out and "95% interval" in out and "s/decision" in out
    lo, hi = wilson(95, 100)
    assert 0.88 < lo < 0.95 < hi < 0.99


def test_the_arena_log_resumes_a_run_and_refuses_another_runs_log(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--log``: each game is written as it ends; a second run reads them back instead of playing them."""
    import json

    from engine.arena import main

    log = tmp_path / "games.jsonl"
    run = ["okc", "--seats", "schemer,random", "--iterations", "2", "--workers", "1", "--log", str(log)]
    assert main([*run, "--games", "2"]) == 0
    first = capsys.readouterr().out
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    assert [r["index"] for r in rows] == [0, 1]
    assert rows[0]["run"] == {"game": "okc", "seats": ["schemer", "random"], "seed": 1, "budget": None,
                              "iterations": 2}
    # Resumed with one more game: the two logged ones are read, only the third is played.
    assert main([*run, "--games", "3"]) == 0
    captured = capsys.readouterr()
    assert "2 of 3 games read from" in captured.err
    assert [json.loads(line)["index"] for line in log.read_text().splitlines()] == [0, 1, 2]
    assert "3 games" in captured.out and "schemer 2 iterations, no clock" in captured.out
    # Every game already logged: nothing is played and the table is the same as the first run's.
    assert main([*run, "--games", "2"]) == 0
    again = capsys.readouterr().out
    assert again.splitlines()[2].split()[:5] == first.splitlines()[2].split()[:5]
    with pytest.raises(SystemExit):
        main(["okc", "--seats", "steady,random", "--games", "1", "--workers", "1", "--log", str(log)])
    assert "give this run its own --log file" in capsys.readouterr().err


def test_an_iteration_count_alone_runs_the_arena_without_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--iterations`` without ``--budget``: no clock, so the schemer's games do not depend on the machine's
    speed or load; with a budget the clock bounds each decision too."""
    import engine.arena as arena

    clocks: list[object] = []

    def spy(*args: object, **kwargs: object) -> object:
        clocks.append(kwargs["clock"])
        return decide(*args, **kwargs)

    monkeypatch.setattr(arena, "decide", spy)
    first = arena.play("okc", ["schemer", "steady"], 1, 7, None, 3)
    assert clocks and all(c is None for c in clocks)
    assert arena.play("okc", ["schemer", "steady"], 1, 7, None, 3)[0] == first[0]
    clocks.clear()
    arena.play("okc", ["steady", "random"], 0, 7, 0.5, 3)
    assert clocks and all(c is not None for c in clocks)


@pytest.mark.parametrize(("kind", "seed"), [("give_retainer", 3), ("leave_relic", 1)])
def test_steady_and_schemer_leave_out_actions_that_only_stall(kind: str, seed: int) -> None:
    """A Fief seat may hand a retainer back and forth without end (2.12), or leave a relic in its
    city and take it up again (12.0): a one-step look-ahead that fears the rivals' income would go
    round such a loop for ever (an arena game of steady players once did, with a relic, until the
    20,000-decision guard), so the thinking agents never weigh one side of it."""
    from engine.agents.choice import STALLING, worth_weighing

    assert kind in STALLING["fief"]
    seen = 0
    for rules, state, seat in along("fief", 4, seed, every=1, limit=400):
        legal = choices(rules, state, seat)
        if any(a.kind == kind for a in legal) and len(legal) > 1:
            assert all(a.kind != kind for a in worth_weighing(rules, state, seat, legal))
            assert decide(rules, state, seat, "steady", seed=seen).kind != kind
            seen += 1
    assert seen > 0


def test_the_thinking_agents_do_not_pass_a_relic_between_their_own_nobles() -> None:
    """A relic given to one of the seat's own nobles can be given straight back (12.0): an arena
    schemer went round that loop until the decision guard, so it is left out, like the retainer's."""
    from engine.agents.choice import worth_weighing

    seen = 0
    # seed 3: a playout where nobles meet with a relic early (issue 35's Passage, deal and hire lists moved seed 2's)
    for rules, state, seat in along("fief", 4, 3, every=1, limit=500):
        legal = choices(rules, state, seat)
        g = state.data
        own = [a for a in legal if a.kind == "give_relic" and g.nobles[a.get("to")].family in g.players[seat].families]
        if own and len(legal) > len(own):
            assert not set(own) & set(worth_weighing(rules, state, seat, legal))
            assert decide(rules, state, seat, "steady", seed=seen) not in own
            seen += 1
    assert seen > 0


def test_the_thinking_agents_do_not_pass_a_title_between_their_own_nobles() -> None:
    """A title transferred to one of the seat's own nobles (4.6) can be transferred straight back:
    an arena schemer went round that loop until the decision guard, so it is left out."""
    from engine.agents.choice import worth_weighing

    for rules, state, seat in along("fief", 4, 2, every=1, limit=800):
        if state.data.flow.step != "purchase":
            continue
        twin = rules.copy(state)
        g = twin.data
        nobles = [g.nobles[nid] for f in g.players[seat].families for nid in g.families[f].nobles]
        if len(nobles) < 2:
            continue
        for n in g.nobles.values():   # two baronies on one lord: either may be handed on
            n.titles = [t for t in n.titles if t not in ("lord:II", "lord:III")]
        nobles[0].titles += ["lord:II", "lord:III"]
        legal = choices(rules, twin, seat)
        own = [a for a in legal if a.kind == "transfer_title"
               and g.nobles[a.get("to")].family in g.players[seat].families]
        assert own and len(legal) > len(own)
        assert not set(own) & set(worth_weighing(rules, twin, seat, legal))
        assert decide(rules, twin, seat, "steady", seed=1) not in own
        return
    raise AssertionError("no Purchase step met")


def test_the_thinking_agents_do_not_pass_a_city_between_their_own_families() -> None:
    """With two players (13.7) control of a city handed to the seat's other family (5.1) can be handed
    straight back: a steady two-player game went round that loop in Phase 7 without end (seed 2 of
    ``engine.fief.balance``), so it is left out; a hand-over to the rival's family stays."""
    from engine.agents.choice import worth_weighing

    seen = 0
    for rules, state, seat in along("fief", 2, 2, every=1, limit=1500):
        legal = choices(rules, state, seat)
        g = state.data
        handed = [a for a in legal if a.kind == "transfer_control"]
        own = [a for a in handed if g.families[a.get("to")].seat == seat]
        rival = [a for a in handed if g.families[a.get("to")].seat != seat]
        kept = set(worth_weighing(rules, state, seat, legal))
        if own and len(legal) > len(own):
            assert not set(own) & kept
            seen += 1
        assert set(rival) <= kept
    assert seen > 0


def test_the_thinking_agents_do_not_switch_sides_back_and_forth() -> None:
    """A family fighting on one side of a battle may join the other (7.0) and switch straight back: a
    steady two-player family went round that loop while its other family owed its losses, until the
    decision guard of ``engine.fief.balance --players 2``, so a switch is left out; joining stays."""
    from engine.agents.choice import worth_weighing

    seen = 0
    for rules, state, seat in along("fief", 2, 5, every=1, limit=400):   # seed 5: a side switch open early
        b = state.data.war.battle
        if b is None:
            continue
        legal = choices(rules, state, seat)
        joins = [a for a in legal if a.kind == "join"]
        switches = [a for a in joins if a.get("family") in (*b.with_attacker, *b.with_defender)]
        kept = set(worth_weighing(rules, state, seat, legal))
        if switches and len(legal) > len(switches):
            assert not set(switches) & kept
            assert decide(rules, state, seat, "steady", seed=seen) not in switches
            seen += 1
        assert {a for a in joins if a not in switches} <= kept
    assert seen > 0


def test_the_thinking_agents_still_hire_crossbowmen_for_a_family_fighting_in_the_battle() -> None:
    """Hiring Crossbowmen into the battle for a family already on one side (11.1, ruling M4) names
    that family like a switch of sides does, but is no switch: steady and schemer still weigh it."""
    from engine.agents.choice import worth_weighing
    from engine.fief import RULES
    from engine.fief.state import Stack
    from engine.fief.war.state import Battle
    from tests.fief.helpers import do, g, give_card, started

    state = started(4, 1)
    data = g(state)
    for p in data.players.values():
        p.done_discarding = True
    data.flow.step = "play"
    give_card(state, "ann", "mercenary-french")
    data.players["ann"].shillings = 10
    do(state, "ann", "play_board_card card:mercenary-french")
    data.cities["Oxford"].controller, data.cities["Oxford"].building = "green", None
    data.cities["Oxford"].stacks = {"blue": Stack(troops=["men"]), "green": Stack(troops=["men"]),
                                    "red": Stack(troops=["men"])}
    data.war.battle = Battle("Oxford", "blue", "green", with_attacker=["red"])
    hire = Action.of("hire", city="Oxford", count=1, family="red")
    legal = choices(RULES, state, "ann")
    assert hire in legal
    assert hire in worth_weighing(RULES, state, "ann", legal)


def test_a_fief_offer_is_answered_by_the_seat_it_is_made_to_only() -> None:
    """A same-city pigeon exchange (2.15) waits on the player it is offered to: that seat may accept
    or decline it; the offering seat has nothing to answer."""
    from engine.agents.answer import answers
    from tests.fief.helpers import do
    from tests.fief.test_s02_pigeons import two_nobles

    s, data, a_fam, b_fam, a, b = two_nobles(same_city=True)
    seat, other = data.families[a_fam].seat, data.families[b_fam].seat
    data.players[seat].shillings = 4
    do(s, seat, f"pigeon_offer sender:{a} to:{b} give_shillings:2")
    offer = data.offers.open[0].id
    assert answers(s, other, f"offer-{offer}") == (Action.of("accept_offer", offer=offer),
                                                   Action.of("decline_offer", offer=offer))
    assert answers(s, seat, f"offer-{offer}") is None


def test_a_playout_move_follows_the_game_s_weights() -> None:
    """A random playout move is weighted by the game's ``agent_weights`` (like the simulator's): an
    action weighted 0 is never played."""
    from engine.agents.choice import playout_move

    legal = [Action.of("a"), Action.of("b"), Action.of("c")]

    class Weighed:
        def agent_weights(self, state: GameState, seat: str, actions: list[Action]) -> list[float]:
            return [0.0, 1.0, 0.0]

    rnd = random.Random(1)
    moves = {playout_move(Weighed(), None, "p1", legal, rnd) for _ in range(20)}  # type: ignore[arg-type]
    assert moves == {Action.of("b")}


def test_the_thinking_agents_decline_a_rivals_proposal() -> None:
    """An alliance by marriage at best shares the victory (8.3): steady and schemer accept no
    proposal from another player, at the table (``accepts``) or in a playout; the proposer is told
    it costs the seat more than it gives."""
    from engine.agents import accepts, answer_why
    from engine.agents.choice import worth_weighing

    for rules, state, seat in along("fief", 4, 3, every=1, limit=1500):
        g = state.data
        asked = [r for r in g.requests.open if r.kind == "marriage" and r.to == seat and r.by != seat]
        if not asked:
            continue
        yes = Action.of("respond", request=asked[0].id, accept=True)
        no = Action.of("respond", request=asked[0].id, accept=False)
        legal = choices(rules, state, seat)
        assert yes in legal and no in legal
        kept = worth_weighing(rules, state, seat, legal)
        assert no in kept and yes not in kept
        assert decide(rules, state, seat, "steady", seed=1) != yes
        assert not accepts(rules, state, seat, f"request-{asked[0].id}", "steady", seed=1)
        assert answer_why(rules, state, seat, f"request-{asked[0].id}", "schemer", seed=1) == (False, "costs")
        return
    raise AssertionError("no proposal of marriage met")


def test_the_thinking_agents_do_not_propose_to_a_rival() -> None:
    """A Fief proposal to another player's noble pays only once accepted (a step beyond steady's
    look-ahead) and an alliance at best shares the win (8.3): left out."""
    from engine.agents.choice import worth_weighing

    for rules, state, seat in along("fief", 4, 3, every=1, limit=600):
        legal = choices(rules, state, seat)
        if any(a.kind == "propose_marriage" for a in legal) and len(legal) > 1:
            kept = worth_weighing(rules, state, seat, legal)
            assert kept and all(a.kind != "propose_marriage" for a in kept)
            return
    raise AssertionError("no proposal met")


def _fief_choice(min_choices: int) -> tuple:  # type: ignore[type-arg]
    from engine.agents.choice import worth_weighing

    for rules, state, seat in along("fief", 4, 5, every=7, limit=200):
        legal = worth_weighing(rules, state, seat, choices(rules, state, seat))
        if len(legal) >= min_choices:
            return rules, state, seat, legal
    raise AssertionError(f"no Fief choice among {min_choices} actions met")


def test_the_fief_schemer_keeps_the_root_actions_steady_rates_best() -> None:
    """Fief's guided search: steady's look-ahead over several samples ranks the root actions and
    only the best ``width`` are searched; with no iterations the answer is the best ranked."""
    from engine.agents.schemer import STYLES

    style = STYLES["fief"]
    rules, state, seat, legal = _fief_choice(style.width + 2)
    search = Search(rules, state, seat, random.Random(3), style)
    assert search.run(legal, 0) == search.order[0]
    assert len(search.order) == style.width and set(search.order) <= set(legal)
    assert all(n.visits == 0 for n in search.root.children.values())


def test_the_fief_schemer_tries_its_root_actions_in_paired_rounds() -> None:
    """Each round tries every kept root action once, all on one sample; the answer is the best mean
    over the finished rounds (a round cut short by the budget does not count)."""
    from engine.agents.schemer import STYLES

    style = STYLES["fief"]
    rules, state, seat, legal = _fief_choice(style.width + 2)
    search = Search(rules, state, seat, random.Random(5), style)
    answer = search.run(legal, 2 * style.width + 1)
    assert [search.root.children[(seat, a)].visits for a in search.order] == [3] + [2] * (style.width - 1)
    sums = [sum(search.tally[a][:2]) for a in search.order]
    assert answer == search.order[sums.index(max(sums))]


def test_a_paired_round_copies_its_sample_for_every_kept_action_but_the_last(monkeypatch: pytest.MonkeyPatch) -> None:
    """A copy of the game is the search's main cost: the round's last action is played on the sample
    itself, which the next round draws afresh."""
    from engine.agents import schemer

    style = schemer.STYLES["fief"]
    rules, state, seat, legal = _fief_choice(style.width + 2)
    search = Search(rules, state, seat, random.Random(5), style)
    search.run(legal, 0)
    copies: list[int] = []
    clone = schemer.clone
    monkeypatch.setattr(schemer, "clone", lambda g: copies.append(1) or clone(g))
    for _ in search.order:
        search.iterate(legal)
        search.iterations += 1
    assert len(copies) == len(search.order) - 1


def test_the_fief_schemer_widens_below_the_root_one_child_at_a_time() -> None:
    """Every root action kept is tried once in the prior's order; a node below gains children only
    as its visits grow (progressive widening), never more than the square root of its visits."""
    import math

    from engine.agents.schemer import STYLES

    style = STYLES["fief"]
    rules, state, seat, legal = _fief_choice(3)
    search = Search(rules, state, seat, random.Random(4), style)
    search.run(legal, 24)
    assert sum(n.visits for n in search.root.children.values()) <= 24
    assert all(n.visits >= 1 for n in search.root.children.values())

    def check(node) -> None:  # type: ignore[no-untyped-def]
        for child in node.children.values():
            assert len(child.children) <= max(1, math.isqrt(child.visits))
            check(child)

    for child in search.root.children.values():
        check(child)


def test_the_fief_schemer_stops_within_its_budget() -> None:
    """The prior's later samples are skipped once half the budget is gone, and the search stops
    while one more iteration would still fit."""
    ticks = [0.0]

    def clock() -> float:
        ticks[0] += 0.01
        return ticks[0]

    rules, state, seat, legal = _fief_choice(3)
    action = decide(rules, state, seat, "schemer", seed=2, budget=0.3, clock=clock)
    assert action in legal
    assert ticks[0] <= 0.3 + 0.03


@pytest.mark.parametrize(("total", "visits", "available", "explore"), [
    (3.0, 4, 10, 0.7), (0.0, 1, 1, 1.4), (2.0, 2, 0, 0.5), (-1.0, 5, 7, 0.0)])
def test_a_node_s_bound_is_its_mean_plus_the_exploration_bonus(total: float, visits: int, available: int,
                                                               explore: float) -> None:
    """UCB1 (ISMCTS): the mean reward, plus ``explore`` times the square root of the log of how often the
    node was available over its visits; a node never available counts as available once (log 1 = 0)."""
    import math

    from engine.agents.schemer import Node

    node = Node(visits=visits, total=total, available=available)
    bonus = explore * math.sqrt(math.log(max(available, 1)) / visits)
    assert node.ucb(explore) == pytest.approx(total / visits + bonus)
    assert Node(visits=visits, total=total, available=available + 10).ucb(explore) >= node.ucb(explore)


def test_the_schemer_breaks_a_tie_in_visits_and_mean_by_the_canonical_order() -> None:
    """Two root actions visited as often with the same mean share: the schemer plays the first in
    the canonical order (``choices``), so its seed means the same in every game that looks alike."""
    rules, state, seat = next((r, s, p) for r, s, p in along("okc", 2, 43, every=17, limit=8)
                              if len(choices(r, s, p)) >= 2)
    first, second = choices(rules, state, seat)[:2]
    search = Search(rules, state, seat, random.Random(1), STYLES["okc"])
    search.root.children = {(seat, a): Node(visits=4, total=2.0, available=4) for a in (first, second)}
    assert search.answer([first, second]) == first
    assert search.answer([second, first]) == second


def test_the_okc_search_scores_a_path_after_its_playout(monkeypatch: pytest.MonkeyPatch) -> None:
    """OKC's unguided search credits every edge of its path with the shares at the end of the
    playout, also when the seat's action hands the turn to a rival (only Fief's guided style judges
    a turn where it ends)."""
    from engine.agents import schemer

    rules, state, seat, action = next(
        (r, s, p, a) for r, s, p in along("okc", 2, 43, every=1, limit=200) for a in choices(r, s, p)
        if _passes_the_turn(r, s, p, a))
    played: list[int] = []
    monkeypatch.setattr(schemer, "rewards", lambda rules, state: {seat: float(len(played))})
    search = Search(rules, state, seat, random.Random(1), STYLES["okc"])
    monkeypatch.setattr(search, "playout", lambda sample: played.append(1))
    search.iterate([action])
    assert search.root.children[(seat, action)].total == 1.0


def _passes_the_turn(rules: Rules, state: GameState, seat: str, action: Action) -> bool:
    from engine.agents.choice import actor as acting

    twin = rules.copy(state)
    try:
        apply(rules, twin, seat, action)
    except RuleError:
        return False
    return rules.result(twin) is None and acting(rules, twin) not in (None, seat)


def test_steady_copies_the_sample_for_every_action_but_the_last(monkeypatch: pytest.MonkeyPatch) -> None:
    """Steady's look-ahead plays its last action on the sample itself (the sample is spent): one copy
    of the game fewer per decision, and the search's guided widening calls it on every new child."""
    from engine.agents import steady

    rules, state, seat = next((r, s, p) for r, s, p in along("okc", 2, 43, every=17, limit=8)
                              if len(choices(r, s, p)) >= 3)
    legal = choices(rules, state, seat)
    copies: list[int] = []
    clone = steady.clone
    monkeypatch.setattr(steady, "clone", lambda g: copies.append(1) or clone(g))
    steady.best(rules, rules.determinize(state, seat, random.Random(1)), seat, legal, random.Random(1))
    assert len(copies) == len(legal) - 1
