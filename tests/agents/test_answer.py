"""Answering a request or an offer (engine/agents/answer.py) on stand-in games: which request or offer
a name means, how many terms of an OKC Trade Agreement bind the seat, and the answer and its reason
from the samples' values, set by hand."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from engine.agents import answer
from engine.core import Action, Request, RequestBook

ACCEPT, DECLINE = Action.of("respond", request=1, accept=True), Action.of("respond", request=1, accept=False)
TAKE, REFUSE = Action.of("accept_offer", offer=5), Action.of("decline_offer", offer=5)


def _fief(*requests: Request, offers: list[SimpleNamespace] | None = None) -> SimpleNamespace:
    """A game keeping its requests and offers in books (Fief)."""
    return SimpleNamespace(data=SimpleNamespace(requests=RequestBook(open=list(requests)),
                                                offers=SimpleNamespace(open=offers or [])))


def _okc(offer: dict | None = None, faction: str = "clans") -> SimpleNamespace:  # type: ignore[type-arg]
    """A game keeping its offers on the Negotiating Table (OKC), with one offer to p1."""
    table = {"offers": [offer or {"id": 5, "to": "p1", "kind": "agreement", "terms": [], "text": ""}]}
    return SimpleNamespace(data=SimpleNamespace(extra={"negotiating_table": table},
                                                players={"p1": SimpleNamespace(faction=faction)}))


def test_a_request_is_named_request_n_or_n_and_only_its_addressee_answers_it() -> None:
    state = _fief(Request(1, "entry", "p2", "p1"), Request(2, "entry", "p1", "p2"))
    assert answer.answers(state, "p1", "request-1") == (ACCEPT, DECLINE)   # type: ignore[arg-type]
    assert answer.answers(state, "p1", "1") == (ACCEPT, DECLINE)           # type: ignore[arg-type]
    assert answer.answers(state, "p1", 1) == (ACCEPT, DECLINE)             # type: ignore[arg-type]
    assert answer.answers(state, "p1", "request-2") is None                # type: ignore[arg-type]
    assert answer.answers(state, "p1", "offer-1") is None                  # type: ignore[arg-type]
    assert answer.answers(state, "p1", "request-one") is None              # type: ignore[arg-type]
    assert answer.answers(state, "p1", "request-") is None                 # type: ignore[arg-type]


def test_a_bare_number_names_the_request_before_the_offer() -> None:
    take, refuse = Action.of("accept_offer", offer=1), Action.of("decline_offer", offer=1)
    state = _fief(Request(1, "entry", "p2", "p1"), offers=[SimpleNamespace(id=1, to="p1")])
    assert answer.answers(state, "p1", "1") == (ACCEPT, DECLINE)      # type: ignore[arg-type]
    assert answer.answers(state, "p1", "offer-1") == (take, refuse)   # type: ignore[arg-type]
    alone = _fief(offers=[SimpleNamespace(id=1, to="p1"), SimpleNamespace(id=2, to="p2")])
    assert answer.answers(alone, "p1", "1") == (take, refuse)         # type: ignore[arg-type]
    assert answer.answers(alone, "p1", "offer-2") is None             # type: ignore[arg-type]
    assert answer.answers(alone, "p1", "request-1") is None           # type: ignore[arg-type]


def test_an_offer_on_the_negotiating_table_is_read_from_the_seat_s_legal_actions() -> None:
    """OKC keeps its offers on the Negotiating Table (p.19): an offer the seat may decline now is one it may answer."""
    state = _okc()
    assert answer.answers(state, "p1", "offer-5", [REFUSE]) == (TAKE, REFUSE)   # type: ignore[arg-type]
    assert answer.answers(state, "p1", "5", [REFUSE]) == (TAKE, REFUSE)         # type: ignore[arg-type]
    assert answer.answers(state, "p1", "offer-6", [REFUSE]) is None             # type: ignore[arg-type]
    assert answer.answers(state, "p1", "request-5", [REFUSE]) is None           # type: ignore[arg-type]
    assert answer.answers(state, "p1", "offer-5") is None                       # type: ignore[arg-type]
    booked = _fief()                                  # a game with its own book is never read from legal
    assert answer.answers(booked, "p1", "offer-5", [REFUSE]) is None            # type: ignore[arg-type]


def test_a_trade_agreement_binds_the_seat_by_each_term_naming_it_and_by_words_of_their_own() -> None:
    terms = ["clans:pay:2", "nobility:support", "clans", "clansmen:x"]
    state = _okc({"id": 5, "to": "p1", "kind": "agreement", "terms": terms, "text": ""})
    assert answer.binding(state, "p1", "offer-5") == 2     # type: ignore[arg-type]
    assert answer.binding(state, "p1", "5") == 2           # type: ignore[arg-type]
    assert answer.binding(state, "p1", "offer-05") == 2    # type: ignore[arg-type]   (the offer answers() finds)
    assert answer.answers(state, "p1", "offer-05", [REFUSE]) == (TAKE, REFUSE)   # type: ignore[arg-type]
    assert answer.binding(state, "p1", "offer-x") == 0     # type: ignore[arg-type]
    assert answer.binding(_okc({"id": 5, "to": "p1", "kind": "agreement", "terms": terms, "text": "we share"}),
                          "p1", "offer-5") == 3            # type: ignore[arg-type]
    assert answer.binding(_okc({"id": 5, "to": "p1", "kind": "agreement", "terms": [], "text": "we share"}),
                          "p1", "offer-5") == 1            # type: ignore[arg-type]
    assert answer.binding(_okc({"id": 5, "to": "p1", "kind": "agreement"}), "p1", "offer-5") == 0  # type: ignore[arg-type]
    assert answer.binding(_okc({"id": 5, "to": "p1", "kind": "agreement", "terms": terms}, faction="nobility"),
                          "p1", "offer-5") == 1            # type: ignore[arg-type]


def test_only_an_agreement_to_the_seat_on_the_table_binds_it() -> None:
    terms = ["clans:pay:2"]
    assert answer.binding(_okc({"id": 5, "to": "p1", "kind": "trade", "terms": terms, "text": "x"}),
                          "p1", "offer-5") == 0            # type: ignore[arg-type]
    assert answer.binding(_okc({"id": 5, "to": "p2", "kind": "agreement", "terms": terms}),
                          "p1", "offer-5") == 0            # type: ignore[arg-type]
    assert answer.binding(_okc({"id": 5, "to": "p1", "kind": "agreement", "terms": terms}),
                          "p1", "offer-6") == 0            # type: ignore[arg-type]
    assert answer.binding(_fief(), "p1", "offer-5") == 0   # type: ignore[arg-type]
    no_table = SimpleNamespace(data=SimpleNamespace(extra={"negotiating_table": None}))
    assert answer.binding(no_table, "p1", "offer-5") == 0  # type: ignore[arg-type]
    not_a_dict = SimpleNamespace(data=SimpleNamespace(extra=[("negotiating_table", {})]))
    assert answer.binding(not_a_dict, "p1", "offer-5") == 0  # type: ignore[arg-type]


class Sampled:
    """A stand-in for a game's rules: its legal actions, and samples numbered as they are drawn."""

    def __init__(self, name: str, legal: list[Action]) -> None:
        self.name, self._legal, self.drawn = name, legal, []  # type: ignore[var-annotated]

    def legal(self, state: object, seat: str) -> list[Action]:
        return list(self._legal)

    def determinize(self, state: object, seat: str, rnd: random.Random) -> list[object]:
        self.drawn.append((seat, rnd))
        return [len(self.drawn) - 1]


@pytest.fixture
def worth(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """Each action's value on each sample set by hand (a game is its sample's number and the actions played)."""
    def set_worth(values: dict[Action, list[float]], refused: frozenset[Action] = frozenset()) -> None:
        def apply(rules, game, seat, action):  # type: ignore[no-untyped-def]
            if action in refused:
                from engine.core import RuleError
                raise RuleError("test", "refused")
            game.append(action)
        monkeypatch.setattr(answer, "apply", apply)
        monkeypatch.setattr(answer, "clone", list)
        monkeypatch.setattr(answer, "advantage", lambda rules, game, seat: sum(values[a][game[0]] for a in game[1:]))
    return set_worth


def _answer(rules: Sampled, state: SimpleNamespace, request: str = "request-1") -> tuple[bool, str]:
    return answer.answer(rules, state, "p1", request, random.Random(1))  # type: ignore[arg-type]


def test_the_answer_averages_accepting_against_declining_over_four_samples(worth) -> None:  # type: ignore[no-untyped-def]
    """Accepting gains 1, 1, 1 and loses 2.5 on the fourth sample: better on average (a fifth sample would lose 100)."""
    worth({ACCEPT: [3.0, 3.0, 3.0, -0.5, -100.0], DECLINE: [2.0] * 5})
    rules = Sampled("fief", [ACCEPT, DECLINE])
    state = _fief(Request(1, "entry", "p2", "p1"))
    assert _answer(rules, state) == (True, "helps")
    assert [seat for seat, _ in rules.drawn] == ["p1"] * 4
    worth({ACCEPT: [1.0] * 4, DECLINE: [2.0] * 4})
    assert _answer(Sampled("fief", [ACCEPT, DECLINE]), state) == (False, "costs")


def test_accepting_must_do_strictly_better_than_declining(worth) -> None:  # type: ignore[no-untyped-def]
    worth({ACCEPT: [1.0, -1.0, 0.5, -0.5], DECLINE: [0.0] * 4})
    state = _fief(Request(1, "entry", "p2", "p1"))
    assert _answer(Sampled("fief", [ACCEPT, DECLINE]), state) == (False, "costs")
    worth({ACCEPT: [1.0, -1.0, 0.5, -0.5 + 2 ** -20], DECLINE: [0.0] * 4})
    assert _answer(Sampled("fief", [ACCEPT, DECLINE]), state) == (True, "helps")


def test_each_sample_plays_accepting_on_a_copy_and_declining_on_the_sample_itself(worth) -> None:  # type: ignore[no-untyped-def]
    """The two answers are weighed on the same sample, each from where the sample stands (declining
    never counts what accepting did)."""
    worth({ACCEPT: [1.0] * 4, DECLINE: [0.5] * 4})
    played: list[list[object]] = []
    rules = Sampled("fief", [ACCEPT, DECLINE])
    drawn = rules.determinize

    def keep(state, seat, rnd):  # type: ignore[no-untyped-def]
        played.append(drawn(state, seat, rnd))
        return played[-1]

    rules.determinize = keep  # type: ignore[method-assign]
    assert _answer(rules, _fief(Request(1, "entry", "p2", "p1"))) == (True, "helps")
    assert played == [[k, DECLINE] for k in range(4)]


def test_an_answer_the_rules_refuse_on_a_sample_cannot_be_given(worth) -> None:  # type: ignore[no-untyped-def]
    worth({ACCEPT: [9.0] * 4, DECLINE: [0.0] * 4}, refused=frozenset({ACCEPT}))
    assert _answer(Sampled("fief", [ACCEPT, DECLINE]), _fief(Request(1, "entry", "p2", "p1"))) == (False, "cannot")
    worth({ACCEPT: [9.0] * 4, DECLINE: [0.0] * 4}, refused=frozenset({DECLINE}))
    assert _answer(Sampled("fief", [ACCEPT, DECLINE]), _fief(Request(1, "entry", "p2", "p1"))) == (False, "cannot")


def test_nothing_open_by_that_name_cannot_be_answered(worth) -> None:  # type: ignore[no-untyped-def]
    worth({ACCEPT: [9.0] * 4, DECLINE: [0.0] * 4})
    rules = Sampled("fief", [ACCEPT, DECLINE])
    assert _answer(rules, _fief(Request(1, "entry", "p2", "p3"))) == (False, "cannot")
    assert rules.drawn == []


def test_an_okc_offer_the_seat_may_not_accept_now_cannot_be_accepted(worth) -> None:  # type: ignore[no-untyped-def]
    """OKC: accepting an offer the rules would refuse now (it cannot pay) is ``cannot``; a Fief request's
    acceptance is weighed on the samples (its rules judge it when it is played)."""
    worth({TAKE: [9.0] * 4, REFUSE: [0.0] * 4, ACCEPT: [9.0] * 4, DECLINE: [0.0] * 4})
    okc = Sampled("okc", [REFUSE])
    assert _answer(okc, _okc(), "offer-5") == (False, "cannot")
    assert okc.drawn == []
    assert _answer(Sampled("okc", [TAKE, REFUSE]), _okc(), "offer-5") == (True, "helps")
    assert _answer(Sampled("fief", [DECLINE]), _fief(Request(1, "entry", "p2", "p1"))) == (True, "helps")


def test_each_term_binding_the_seat_counts_six_tenths_of_influence_against_accepting(worth) -> None:  # type: ignore[no-untyped-def]
    """docs/agents.md: ``answer.BIND`` = 0.6 per binding term. Two terms on the seat cost 1.2: a gain of
    1.25 still helps, 1.125 binds; without terms on the seat, 1.125 helps."""
    offer = {"id": 5, "to": "p1", "kind": "agreement", "terms": ["clans:a", "clans:b"], "text": ""}
    def rules() -> Sampled:
        return Sampled("okc", [TAKE, REFUSE])

    worth({TAKE: [1.25] * 4, REFUSE: [0.0] * 4})
    assert _answer(rules(), _okc(offer), "offer-5") == (True, "helps")
    worth({TAKE: [1.0, 1.25, 1.25, 1.0], REFUSE: [0.0] * 4})
    assert _answer(rules(), _okc(offer), "offer-5") == (False, "binds")
    assert _answer(rules(), _okc(offer, faction="nobility"), "offer-5") == (True, "helps")
    worth({TAKE: [-1.0] * 4, REFUSE: [0.0] * 4})
    assert _answer(rules(), _okc(offer, faction="nobility"), "offer-5") == (False, "costs")


def test_a_fief_proposal_of_marriage_from_another_player_is_declined_unweighed(worth) -> None:  # type: ignore[no-untyped-def]
    """8.3: an alliance at best shares the win; it costs the seat more than it gives, whatever the samples say."""
    worth({ACCEPT: [9.0] * 4, DECLINE: [0.0] * 4})
    rules = Sampled("fief", [ACCEPT, DECLINE])
    assert _answer(rules, _fief(Request(1, "marriage", "p2", "p1"))) == (False, "costs")
    assert rules.drawn == []
