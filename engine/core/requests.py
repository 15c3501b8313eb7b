"""Requests: one seat asks another for something; the other answers yes or no.

Permission to pass through a city, consent for a Royal Stronghold, a ransom offer: the
engine opens a ``response`` decision for the asked seat, with a default answer for when its
deadline passes. The game keeps its open requests in its own state and resolves them when
the ``respond`` action arrives.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.actions import Action
from engine.core.decisions import Decision, DecisionKind, decision
from engine.core.errors import Refusal, RuleError
from engine.core.events import Event
from engine.core.state import GameState

RESPOND = "respond"


@dataclass(slots=True)
class Request:
    id: int
    kind: str
    by: str
    to: str
    payload: dict[str, Any] = field(default_factory=dict)
    default: bool = False
    public: bool = True

    def decision(self, *, blocking: bool = True) -> Decision:
        return decision(
            f"request-{self.id}",
            DecisionKind.RESPONSE,
            [self.to],
            f"request.{self.kind}",
            Action.of(RESPOND, request=self.id, accept=self.default),
            blocking=blocking,
            request=self.id,
            by=self.by,
            what=self.kind,
            **(self.payload if self.public else {}),
        )

    def answers(self) -> list[Action]:
        return [Action.of(RESPOND, request=self.id, accept=True), Action.of(RESPOND, request=self.id, accept=False)]


@dataclass(slots=True)
class RequestBook:
    next_id: int = 1
    open: list[Request] = field(default_factory=list)

    def ask(self, state: GameState, kind: str, by: str, to: str, *, default: bool = False,
            public: bool = True, **payload: Any) -> Request:
        request = Request(self.next_id, kind, by, to, dict(payload), default, public)
        self.next_id += 1
        self.open.append(request)
        data = {"request": request.id, "what": kind, "by": by, "to": to}
        if public:
            state.emit(Event.public("request.opened", **data, **payload))
        else:
            state.emit(Event.private((by, to), "request.opened", **data, **payload))
            state.emit(Event.public("request.opened", **data))
        return request

    def find(self, seat: str, request_id: Any, section: str = "") -> Request:
        for r in self.open:
            if r.id == request_id and r.to == seat:
                return r
        raise RuleError(section, f"no open request {request_id} waits on you", code=Refusal.NO_REQUEST,
                        legal=[r.id for r in self.open if r.to == seat] or "no open requests")

    def answer(self, state: GameState, seat: str, action: Action, section: str = "") -> tuple[Request, bool]:
        """Close the request named by a ``respond`` action and return it with the answer."""
        request = self.find(seat, action.get("request"), section)
        accept = bool(action.get("accept"))
        self.open.remove(request)
        state.emit(Event.public("request.answered", request=request.id, what=request.kind,
                                by=request.by, to=request.to, accepted=accept))
        return request, accept

    def for_seat(self, seat: str) -> list[Request]:
        return [r for r in self.open if r.to == seat]
