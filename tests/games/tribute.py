"""Tribute: a tiny game used only by the core tests.

It exercises every piece of core machinery the real games use: simultaneous secret bids,
a reaction window, a request answered by another seat, binding offers of coins, dice, hidden
hands and money, and an end with a result.

Each of three rounds: everyone bids a card from a secret hand at once; the highest bid wins
the round (ties: each tied seat rolls a d6, highest wins, re-roll ties). The other seats may
then shield (pay a coin) or pass; if nobody shields, the winner demands a coin from a seat of
their choice, who may pay it (the winner gains the coin) or refuse (the winner scores a
point instead). A round won scores a point. Most points wins; ties go to the richest.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core import (
    Action,
    ActionSpec,
    Decision,
    DecisionKind,
    Event,
    GameState,
    OfferBook,
    Param,
    ParamType,
    ReactionWindow,
    RequestBook,
    Result,
    RuleError,
    Rules,
    SecretChoices,
    View,
    decision,
    specs,
)
from engine.core.errors import RefusalCode
from engine.core.words import Audience, Choice, FlowStep, Section, Words, join_words, plural


class TributeRefusal(RefusalCode):
    """Tribute's own refusal codes: a game, even a test's, types its reasons like the shipped ones."""

    PHASE = "phase"
    BAD_BUNDLE = "bad_bundle"
    NOT_IN_HAND = "not_in_hand"
    FUNDS = "funds"
    TARGET = "target"

ROUNDS = 3
START_HAND = [1, 2, 3, 4, 5]


@dataclass
class Player:
    hand: list[int]
    coins: int = 3
    points: int = 0


@dataclass
class Tribute:
    players: dict[str, Player]
    round: int = 1
    step: str = "bid"  # bid | shield | demand | answer | over
    bids: SecretChoices | None = None
    winner: str | None = None
    window: ReactionWindow | None = None
    requests: RequestBook = field(default_factory=RequestBook)
    offers: OfferBook = field(default_factory=OfferBook)


class CoinLedger:
    def check(self, state: GameState, seat: str, bundle: dict[str, Any]) -> None:
        coins = bundle.get("coins", 0)
        if set(bundle) - {"coins"} or not isinstance(coins, int) or coins < 0:
            raise RuleError("T4", "only whole coins can be offered", code=TributeRefusal.BAD_BUNDLE, legal="coins:N")
        if state.data.players[seat].coins < coins:
            raise RuleError("T4", f"{seat} does not have {coins} coins", code=TributeRefusal.FUNDS)

    def transfer(self, state: GameState, giver: str, receiver: str, bundle: dict[str, Any]) -> None:
        coins = bundle.get("coins", 0)
        state.data.players[giver].coins -= coins
        state.data.players[receiver].coins += coins


LEDGER = CoinLedger()


class TributeRules(Rules):
    name = "tribute"
    title = "Tribute"
    min_seats = 2
    max_seats = 4
    state_type = Tribute
    actions = specs(
        ActionSpec("bid", "Bid a card from your hand", (Param("card", ParamType.INT),), "T1", secret=True),
        ActionSpec("shield", "Pay a coin to cancel the demand", (), "T2"),
        ActionSpec("pass", "Let the moment go by", (), "T2"),
        ActionSpec("demand", "Demand a coin from a seat", (Param("seat", ParamType.SEAT),), "T3"),
        ActionSpec("respond", "Answer a request", (Param("request", ParamType.INT), Param("accept", ParamType.BOOL)), "T3"),
        ActionSpec("offer", "Offer coins for coins", (Param("to", ParamType.SEAT), Param("give", ParamType.INT),
                   Param("take", ParamType.INT)), "T4", anytime=True),
        ActionSpec("accept_offer", "Accept an offer", (Param("offer", ParamType.INT),), "T4", anytime=True),
        ActionSpec("decline_offer", "Decline or withdraw an offer", (Param("offer", ParamType.INT),), "T4", anytime=True),
    )

    def setup(self, state: GameState) -> None:
        state.data = Tribute(players={s: Player(hand=list(START_HAND)) for s in state.seats})
        self._start_bids(state)

    def _start_bids(self, state: GameState) -> None:
        g: Tribute = state.data
        g.step = "bid"
        g.bids = SecretChoices(f"bid-{g.round}", list(state.seats))
        state.emit(Event.public("round.started", round=g.round))

    # -- decisions -----------------------------------------------------------------
    def pending(self, state: GameState) -> list[Decision]:
        g: Tribute = state.data
        out: list[Decision] = []
        if g.step == "bid" and g.bids:
            lowest = {s: Action.of("bid", card=min(g.players[s].hand)) for s in g.bids.missing()}
            out.append(decision(f"bid-{g.round}", DecisionKind.SIMULTANEOUS, g.bids.missing(), "tribute.bid",
                                lowest, secret=True))
        elif g.step == "shield" and g.window:
            out.append(g.window.decision())
        elif g.step == "demand" and g.winner:
            target = next(s for s in state.seats if s != g.winner)
            out.append(decision(f"demand-{g.round}", DecisionKind.SEQUENTIAL, [g.winner], "tribute.demand",
                                Action.of("demand", seat=target)))
        elif g.step == "answer":
            out.extend(r.decision() for r in g.requests.open)
        out.extend(o.decision() for o in g.offers.open)
        return out

    def legal(self, state: GameState, seat: str) -> list[Action]:
        g: Tribute = state.data
        out: list[Action] = []
        if g.step == "bid" and g.bids and seat in g.bids.missing():
            out += [Action.of("bid", card=c) for c in sorted(set(g.players[seat].hand))]
        elif g.step == "shield" and g.window and seat in g.window.open_seats():
            out.append(Action.of("pass"))
            if g.players[seat].coins > 0:
                out.append(Action.of("shield"))
        elif g.step == "demand" and seat == g.winner:
            out += [Action.of("demand", seat=s) for s in state.seats if s != seat]
        elif g.step == "answer":
            for r in g.requests.for_seat(seat):
                out += r.answers() if g.players[seat].coins > 0 else [r.answers()[1]]
        if g.step != "over" and g.players[seat].coins > 0 and not any(o.by == seat for o in g.offers.open):
            out.append(Action.of("offer", to=next(s for s in state.seats if s != seat), give=1, take=0))
        for o in g.offers.open:
            if o.to == seat:
                out += [Action.of("accept_offer", offer=o.id), Action.of("decline_offer", offer=o.id)]
        return out

    # -- playing -------------------------------------------------------------------
    def play(self, state: GameState, seat: str, action: Action) -> None:
        g: Tribute = state.data
        handler = getattr(self, f"_play_{action.kind}")
        handler(state, g, seat, action)

    def _play_bid(self, state: GameState, g: Tribute, seat: str, action: Action) -> None:
        if g.step != "bid" or g.bids is None:
            raise RuleError("T1", "bids are not open", code=TributeRefusal.PHASE)
        card = action.get("card")
        g.bids.check(seat, "T1")
        if card not in g.players[seat].hand:
            raise RuleError("T1", f"card {card} is not in your hand", code=TributeRefusal.NOT_IN_HAND,
                            legal=sorted(set(g.players[seat].hand)))
        if g.bids.submit(state, seat, card, "T1"):
            values = g.bids.reveal(state)
            for s, c in values.items():
                g.players[s].hand.remove(c)
            best = max(values.values())
            tied = [s for s in state.seats if values[s] == best]
            while len(tied) > 1:
                rolls = {s: state.rng.roll(6, why=f"tie-break {s}") for s in tied}
                top = max(rolls.values())
                tied = [s for s in tied if rolls[s] == top]
            g.winner = tied[0]
            g.players[g.winner].points += 1
            state.emit(Event.public("round.won", seat=g.winner, bid=best))
            g.bids = None
            g.step = "shield"
            g.window = ReactionWindow("shield", [s for s in state.seats if s != g.winner])

    def _play_pass(self, state: GameState, g: Tribute, seat: str, action: Action) -> None:
        if g.step != "shield" or g.window is None:
            raise RuleError("T2", "there is nothing to pass on", code=TributeRefusal.PHASE)
        if g.window.pass_(state, seat, "T2"):
            g.window = None
            g.step = "demand"

    def _play_shield(self, state: GameState, g: Tribute, seat: str, action: Action) -> None:
        if g.step != "shield" or g.window is None or seat not in g.window.open_seats():
            raise RuleError("T2", "you cannot shield now", code=TributeRefusal.PHASE)
        if g.players[seat].coins < 1:
            raise RuleError("T2", "shielding costs a coin", code=TributeRefusal.FUNDS, legal=["pass"])
        g.players[seat].coins -= 1
        state.emit(Event.public("shielded", seat=seat))
        g.window = None
        self._end_round(state, g)

    def _play_demand(self, state: GameState, g: Tribute, seat: str, action: Action) -> None:
        target = action.get("seat")
        if g.step != "demand" or seat != g.winner:
            raise RuleError("T3", "only the round's winner demands", code=TributeRefusal.PHASE)
        if target not in state.seats or target == seat:
            raise RuleError("T3", f"cannot demand from {target!r}", code=TributeRefusal.TARGET,
                            legal=[s for s in state.seats if s != seat])
        g.requests.ask(state, "tribute", seat, target, default=False)
        g.step = "answer"

    def _play_respond(self, state: GameState, g: Tribute, seat: str, action: Action) -> None:
        if g.step != "answer":
            raise RuleError("T3", "no demand is open", code=TributeRefusal.PHASE)
        request = g.requests.find(seat, action.get("request"), "T3")
        if action.get("accept") and g.players[seat].coins < 1:
            raise RuleError("T3", "you have no coin to pay", code=TributeRefusal.FUNDS, legal="accept:false")
        request, accept = g.requests.answer(state, seat, action, "T3")
        if accept:
            g.players[seat].coins -= 1
            g.players[request.by].coins += 1
        else:
            g.players[request.by].points += 1
        self._end_round(state, g)

    def _play_offer(self, state: GameState, g: Tribute, seat: str, action: Action) -> None:
        give, take = action.get("give", 0), action.get("take", 0)
        g.offers.propose(state, LEDGER, seat, action.get("to"), {"coins": give} if give else {},
                         {"coins": take} if take else {}, section="T4")

    def _play_accept_offer(self, state: GameState, g: Tribute, seat: str, action: Action) -> None:
        g.offers.accept(state, LEDGER, seat, action.get("offer"), "T4")

    def _play_decline_offer(self, state: GameState, g: Tribute, seat: str, action: Action) -> None:
        g.offers.decline(state, seat, action.get("offer"), "T4")

    def _end_round(self, state: GameState, g: Tribute) -> None:
        g.winner = None
        if g.round == ROUNDS:
            g.step = "over"
            g.offers.expire_all(state, "game over")
            state.emit(Event.public("game.over"))
            return
        g.round += 1
        self._start_bids(state)

    # -- views and results ---------------------------------------------------------
    def view(self, state: GameState, seat: str | None) -> View:
        g: Tribute = state.data
        players: dict[str, Any] = {}
        for s, p in g.players.items():
            entry: dict[str, Any] = {"cards": len(p.hand), "points": p.points}
            if s == seat:
                entry.update(hand=sorted(p.hand), coins=p.coins)
            players[s] = entry
        out: View = {"round": g.round, "step": g.step, "winner": g.winner, "players": players,
                     "offers": g.offers.visible(seat)}
        if g.bids:
            out["bids"] = g.bids.public()
            if seat is not None and g.bids.own(seat) is not None:
                out["my_bid"] = g.bids.own(seat)
        return out

    def result(self, state: GameState) -> Result | None:
        g: Tribute = state.data
        if g.step != "over":
            return None
        best = max((p.points, p.coins) for p in g.players.values())
        winners = tuple(s for s, p in g.players.items() if (p.points, p.coins) == best)
        return Result(winners, "most points", {s: p.points for s, p in g.players.items()})

    def words(self) -> Words:
        return WORDS

    def phase(self, state: GameState) -> str:
        g: Tribute = state.data
        return "over" if g.step == "over" else f"round {g.round}, {g.step}"

    def permute_hidden(self, state: GameState, rnd: random.Random) -> None:
        g: Tribute = state.data
        for seat, p in g.players.items():
            if g.bids and seat in g.bids.chosen:
                continue  # a submitted bid must stay in hand
            p.hand = [rnd.randint(1, 5) for _ in p.hand]
            p.coins = rnd.randint(0, 5)
        for seat in list(g.bids.chosen) if g.bids else []:
            g.players[seat].coins = rnd.randint(0, 5)



# -- words: how Tribute speaks to people (engine.core.words) -----------------------------------
STEPS = {"bid": "the bids", "shield": "the shield", "demand": "the demand", "answer": "the answer", "over": "the end"}


class TributeWords(Words):
    """Tribute's wording: enough of every piece of the contract for the table's tests."""

    quiet = frozenset({"random.shuffle", "secret.chosen", "reaction.passed", "offer.opened", "request.opened"})

    def __init__(self) -> None:
        super().__init__()

        @self.on("round.started")
        def _round(state: GameState, e: Event, aud: Audience) -> str:
            return f"Round {e.data['round']} begins: everyone bids a card in secret."

        @self.on("secret.submitted")
        def _submitted(state: GameState, e: Event, aud: Audience) -> str:
            seat = str(e.data.get("seat"))
            return "You have bid." if aud.is_you(seat) else f"{aud.player(seat)} has bid."

        @self.on("secret.revealed")
        def _revealed(state: GameState, e: Event, aud: Audience) -> str:
            values = e.data.get("values") or {}
            return "The bids: " + join_words(f"{aud.player(s)} {v}" for s, v in values.items()) + "."

        @self.on("round.won")
        def _won(state: GameState, e: Event, aud: Audience) -> str:
            seat = str(e.data["seat"])
            who = "You win" if aud.is_you(seat) else f"{aud.player(seat)} wins"
            return f"{who} the round with a bid of {e.data['bid']}."

        @self.on("shielded")
        def _shielded(state: GameState, e: Event, aud: Audience) -> str:
            seat = str(e.data["seat"])
            return f"{'You pay' if aud.is_you(seat) else aud.player(seat) + ' pays'} a coin to shield the others."

        @self.on("random.roll")
        def _roll(state: GameState, e: Event, aud: Audience) -> str:
            return f"A tie: a die rolls {e.data.get('value')}."

        @self.on("request.answered")
        def _answered(state: GameState, e: Event, aud: Audience) -> str:
            return "The demand is answered."

        @self.on("offer.made", "offer.accepted", "offer.executed", "offer.expired")
        def _offer(state: GameState, e: Event, aud: Audience) -> str:
            return {"offer.made": "An offer of coins is made.", "offer.accepted": "An offer is accepted.",
                    "offer.executed": "Coins change hands.", "offer.expired": "An offer lapses."}[e.kind]

        @self.on("game.over")
        def _over(state: GameState, e: Event, aud: Audience) -> str:
            return "The third round is over."

    def phase_title(self, state: GameState) -> str:
        g: Tribute = state.data
        return "The end" if g.step == "over" else f"Round {g.round}: {STEPS[g.step]}"

    def question(self, state: GameState, decision: Decision, seat: str, aud: Audience) -> str:
        g: Tribute = state.data
        if decision.id.startswith("bid"):
            return "Bid a card from your hand, in secret: the highest bid wins the round."
        if decision.id.startswith("demand"):
            return "You won the round: whom do you demand a coin from?"
        if decision.id.startswith("request"):
            return f"{aud.player(g.winner or '')} demands a coin from you: pay it, or refuse?"
        if decision.id.startswith("offer"):
            return "An offer of coins waits for your answer."
        return "Pay a coin to shield everyone from the demand, or let it pass?"

    def if_absent(self, state: GameState, decision: Decision, seat: str, aud: Audience) -> str:
        return "the table plays the cautious answer for you"

    def choices(self, state: GameState, decision: Decision, seat: str, legal: list[Action],
                aud: Audience) -> list[Choice]:
        out = super().choices(state, decision, seat, legal, aud)
        out = [Choice(c.label, c.action, style="pass" if c.action and c.action.kind == "pass" else "secondary",
                      confirm=c.confirm) for c in out]
        if decision.id.startswith("bid") and state.data.players[seat].coins > 0:
            out.append(Choice("Offer coins to another player", flow="offer"))
        return out

    def label(self, state: GameState, seat: str, action: Action, aud: Audience) -> str:
        k = action.kind
        if k == "bid":
            return f"Bid {action.get('card')}"
        if k == "pass":
            return "Let it pass"
        if k == "shield":
            return "Shield (a coin)"
        if k == "demand":
            return f"Demand a coin from {aud.player(str(action.get('seat')))}"
        if k == "respond":
            return "Pay the coin" if action.get("accept") else "Refuse"
        if k == "offer":
            return (f"Offer {aud.player(str(action.get('to')))} {action.get('give')} for {action.get('take')}")
        return "Accept the offer" if k == "accept_offer" else "Decline the offer"

    def flow(self, state: GameState, seat: str, kind: str, chosen: Mapping[str, Any], aud: Audience) -> FlowStep | None:
        if kind != "offer":
            return None
        if "to" not in chosen:
            return FlowStep(kind, "to", "Offer coins to whom?", tuple(
                Choice(aud.player(s), chosen=(("to", s),)) for s in state.seats if s != seat))
        if "give" not in chosen:
            coins = state.data.players[seat].coins
            return FlowStep(kind, "give", "How many coins do you give?", tuple(
                Choice(plural(n, "coin"), chosen=(*chosen.items(), ("give", n))) for n in range(1, coins + 1)))
        if "take" not in chosen:
            return FlowStep(kind, "take", "And how many do you ask back?", tuple(
                Choice(plural(n, "coin"), Action.of("offer", to=chosen["to"], give=chosen["give"], take=n))
                for n in range(0, 3)))
        return None

    def confirm(self, state: GameState, seat: str, action: Action, aud: Audience) -> str | None:
        return "Refuse, and let the winner score a point?" if action.kind == "respond" and not action.get(
            "accept") else None

    def value_label(self, state: GameState, seat: str | None, kind: str, param: str, value: Any) -> str:
        if param in ("seat", "to") and value in state.seats:
            return Audience(None, {}).player(str(value)).capitalize()
        if param == "card":
            return f"card {value}"
        return str(value)

    def role_blurb(self, role: str) -> str:
        return ""

    def hand(self, state: GameState, seat: str, aud: Audience) -> list[Section]:
        p = state.data.players[seat]
        return [Section("Your hand", tuple(f"Card {c}" for c in sorted(p.hand))),
                Section("Your purse", (plural(p.coins, "coin"),))]

    def news(self, state: GameState, events: list[Event], seat: str, aud: Audience) -> list[str]:
        return [f"Your bid of {e.data['value']} is in." for e in events if e.kind == "secret.chosen"]


WORDS = TributeWords()
RULES = TributeRules()
