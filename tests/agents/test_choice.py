"""What every agent shares (engine/agents/choice.py): the canonical order of the choices, who acts
next, the random move, and which Fief actions steady and schemer leave unweighed, each kind on both
sides of its line (a two-player Fief game: ann plays red and blue, bob green and yellow)."""

from __future__ import annotations

from engine import games  # noqa: F401  (registers the shipped games)
from engine.agents.choice import STALLING, actor, choices, playout_move, worth_weighing
from engine.core import Action, Decision, DecisionKind, Request
from engine.fief import RULES
from engine.fief.war.state import Battle
from engine.registry import get
from tests.fief.helpers import g, started

KEEP = Action.of("end_turn")


def _kept(state, seat: str, *actions: Action) -> list[Action]:  # type: ignore[no-untyped-def]
    """What steady and schemer weigh of ``actions``, offered beside a plain action they always keep."""
    return [a for a in worth_weighing(RULES, state, seat, [KEEP, *actions]) if a != KEEP]


def test_the_stalling_kinds_are_the_retainer_s_hand_over_and_leaving_a_relic() -> None:
    """2.12 and 12.0: each can be undone by another free action of the same seat; taking a relic up stays."""
    assert STALLING == {"fief": frozenset({"give_retainer", "leave_relic"})}
    s = started(2)
    assert _kept(s, "ann", Action.of("give_retainer", noble="william", to="walter"),
                 Action.of("leave_relic", noble="william"), Action.of("take_relic", noble="william")) \
        == [Action.of("take_relic", noble="william")]


def test_a_proposal_to_a_rival_s_noble_is_left_out_and_one_within_the_seat_kept() -> None:
    s = started(2)
    to_rival = Action.of("propose_marriage", noble="william", spouse="edith")
    to_own = Action.of("propose_marriage", noble="william", spouse="matilda")
    to_nobody = Action.of("propose_marriage", noble="william", spouse="nobody")
    assert _kept(s, "ann", to_rival, to_own, to_nobody) == [to_own, to_nobody]


def test_only_an_acceptance_of_another_player_s_proposal_of_marriage_is_left_out() -> None:
    s = started(2)
    d = g(s)
    d.requests.open = [Request(1, "marriage", "bob", "ann"), Request(2, "entry", "bob", "ann"),
                       Request(3, "marriage", "ann", "ann")]
    yes, no = (Action.of("respond", request=1, accept=v) for v in (True, False))
    other_kind = Action.of("respond", request=2, accept=True)
    own = Action.of("respond", request=3, accept=True)
    closed = Action.of("respond", request=4, accept=True)
    assert _kept(s, "ann", yes, no, other_kind, own, closed) == [no, other_kind, own, closed]


def test_a_relic_or_title_handed_to_the_seat_s_own_noble_is_left_out_and_to_a_rival_kept() -> None:
    """12.0, 4.6: a hand-over within the seat (either of its families) can be handed straight back."""
    s = started(2)
    for kind in ("give_relic", "transfer_title"):
        own = [Action.of(kind, noble="william", to=n) for n in ("lucia", "walter")]
        rival = Action.of(kind, noble="william", to="edith")
        nobody = Action.of(kind, noble="william", to="nobody")
        assert _kept(s, "ann", *own, rival, nobody) == [rival, nobody], kind


def test_control_handed_to_the_seat_s_other_family_is_left_out_and_to_a_rival_s_kept() -> None:
    """5.1, 13.7: two players each play two families."""
    s = started(2)
    own = Action.of("transfer_control", city="Oxford", to="blue")
    rival = Action.of("transfer_control", city="Oxford", to="green")
    nobody = Action.of("transfer_control", city="Oxford", to="purple")
    assert _kept(s, "ann", own, rival, nobody) == [rival, nobody]


def test_a_family_on_either_side_of_the_battle_joining_the_other_is_left_out() -> None:
    """7.0: a switch of sides can be switched straight back; joining for the first time stays, and
    with no battle there is nothing to switch."""
    s = started(2)
    joins = [Action.of("join", family=f, side="attacker") for f in ("red", "blue", "green", "yellow")]
    assert _kept(s, "ann", *joins) == joins
    g(s).war.battle = Battle("Oxford", "red", "green", with_attacker=["blue"], with_defender=["yellow"])
    assert _kept(s, "ann", *joins) == [joins[0], joins[2]]


def test_when_nothing_else_is_left_every_action_is_weighed() -> None:
    s = started(2)
    only = [Action.of("give_retainer", noble="william", to="walter"), Action.of("leave_relic", noble="william")]
    assert worth_weighing(RULES, s, "ann", only) == only


def test_okc_weighs_every_action_whatever_its_kind() -> None:
    """The Fief lines above are Fief's (its retainers, relics, marriages, titles, cities, battles)."""
    rules = get("okc")
    state, _ = rules.new_game(["p1", "p2"], {}, 1)
    kinds = [Action.of("give_retainer", noble="n", to="m"), Action.of("leave_relic", noble="n"),
             Action.of("propose_marriage", noble="n", spouse="m"), Action.of("respond", request=1, accept=True),
             Action.of("give_relic", noble="n", to="m"), Action.of("transfer_control", city="c", to="f"),
             Action.of("join", family="f", side="attacker")]
    assert worth_weighing(rules, state, "p1", kinds) == kinds


class Listed:
    """A stand-in for a game's rules: its legal actions, its decisions and its agent weights."""

    def __init__(self, legal: list[Action] | None = None, pending: list[Decision] | None = None) -> None:
        self._legal, self._pending = legal or [], pending or []

    def legal(self, state: object, seat: str) -> list[Action]:
        return list(self._legal)

    def pending(self, state: object) -> list[Decision]:
        return list(self._pending)

    def agent_weights(self, state: object, seat: str, legal: list[Action]) -> None:
        return None


def test_the_choices_come_in_the_canonical_order_whatever_order_the_rules_give() -> None:
    """The order of their JSON text (``Action.dumps``), so that a seed means the same in every game
    that looks the same to the seat."""
    from itertools import permutations

    canonical = [Action.of("move", to="a"), Action.of("move", to="b"), Action.of("end")]
    for legal in permutations(canonical):
        assert choices(Listed(list(legal)), None, "p1") == canonical  # type: ignore[arg-type]


def test_the_search_lets_the_first_seat_of_the_first_blocking_decision_act() -> None:
    def d(seats: tuple[str, ...], blocking: bool) -> Decision:
        return Decision("d", DecisionKind.SEQUENTIAL, seats, "x", blocking=blocking)

    assert actor(Listed(pending=[d(("p1",), False), d((), True), d(("p3", "p2"), True)]), None) == "p3"  # type: ignore[arg-type]
    assert actor(Listed(pending=[d(("p1",), False), d((), True)]), None) is None  # type: ignore[arg-type]
    assert actor(Listed(), None) is None  # type: ignore[arg-type]


def test_without_weights_a_playout_move_is_a_uniform_draw_among_all_legal_actions() -> None:
    class Drawn:
        among: list[Action] = []

        def choice(self, seq: list[Action]) -> Action:
            self.among = list(seq)
            return seq[-1]

    legal = [Action.of("a"), Action.of("b")]
    rnd = Drawn()
    assert playout_move(Listed(legal), None, "p1", legal, rnd) == Action.of("b")  # type: ignore[arg-type]
    assert rnd.among == legal
