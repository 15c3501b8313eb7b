"""The engine contract shared by every game. See docs/architecture.md."""

from engine.core.actions import Action
from engine.core.decisions import Decision, DecisionKind, awaited, decision
from engine.core.errors import GameOver, NotYourTurn, Refusal, RuleError, StaleState, UnknownAction
from engine.core.events import Event, events_for, public_events
from engine.core.offers import Bundle, Ledger, Offer, OfferBook
from engine.core.reactions import ReactionWindow
from engine.core.requests import Request, RequestBook
from engine.core.result import Result
from engine.core.rng import Rng
from engine.core.rules import Rules, View, apply
from engine.core.secret import SecretChoices
from engine.core.specs import ActionSpec, CommandGroup, OptionHelp, Param, ParamType, specs
from engine.core.state import GameState, canonical
from engine.core.words import Audience, Choice, FlowStep, Section, Words

__all__ = [
    "Action", "ActionSpec", "CommandGroup", "OptionHelp", "Audience", "Choice", "FlowStep", "Section", "Words", "Bundle", "Decision", "DecisionKind", "Event", "GameOver", "GameState", "Ledger",
    "NotYourTurn", "Offer", "OfferBook", "Param", "ParamType", "ReactionWindow", "Request", "RequestBook",
    "Refusal", "Result", "Rng", "RuleError", "Rules", "SecretChoices", "StaleState", "UnknownAction", "View", "apply",
    "awaited", "canonical", "decision", "events_for", "public_events", "specs",
]
