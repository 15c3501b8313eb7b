"""The Negotiating Table's deals in words, as both the wording and the offer composer need them: one
component of an offer, a side, a checkable term, the terms read back, a label cut to fit."""

from __future__ import annotations

from typing import Any

from engine.core import GameState, RuleError
from engine.core.words import Audience, join_words, plural
from engine.okc.modules.api import (
    card_name,
    kingdom_name,
    location_name,
    pack_of,
    region_name,
    tactic_name,
    who,
)
from engine.okc.modules.negotiating_table.agreements import parse_terms

AMOUNT_NAMES = {"influence": ("Influence", "Influence"), "lore": ("Lore", "Lore"),
                "supporters": ("Supporter", "Supporters")}
LABEL = 80   # a button's label (Discord) and a select option's: longer ones are cut with an ellipsis


def how_much(what: str) -> str:
    """The question for an amount of ``what``: "How much Influence", "How many Supporters" (a thing with a
    singular of its own is counted)."""
    one, many = AMOUNT_NAMES.get(what, (what, what))
    return f"How {'many' if one != many else 'much'} {many}"


def component(state: GameState, token: str) -> str:
    """One component of an offer, as people read it ("3 Influence", "the Kingdom's Favour", "Crown Heir")."""

    what, _, n = token.partition(":")
    if what in AMOUNT_NAMES and n.isdigit():
        one, many = AMOUNT_NAMES[what]
        return plural(int(n), one, many)
    if token == "favour":
        return "the Kingdom's Favour (reset to III)"
    p = pack_of(state.data)
    if token in p.cards:
        return card_name(state, token)
    if token in p.kingdom:
        return kingdom_name(state, token)
    if token in p.tactics:
        return f"the Tactic {tactic_name(state, token)}"
    return "something"


def side_words(state: GameState, tokens: list[str]) -> str:
    return join_words([component(state, t) for t in tokens]) or "nothing"


def term_words(state: GameState, term: dict[str, Any], aud: Audience) -> str:
    """A checkable term as people read it: "the Clans (Bob) place no card with Deadly in the Highlands
    (until round 2)"."""

    party = who(state, str(term["party"]), aud, start=False)
    until = f"until the end of Year {term['round']}"
    kind = term["kind"]
    if kind == "no_command":
        return (f"{party} reveal no card with {str(term['command']).title()} in the "
                f"{region_name(state, str(term['region']))} ({until})")
    if kind == "no_claim":
        return f"{party} claim no reward of the {location_name(state, str(term['location']))} ({until})"
    if kind == "no_tactic":
        return f"{party} activate no {tactic_name(state, str(term['tactic']))} ({until})"
    return f"{party} hand over {component(state, str(term['component']))} by the Negotiation Step of Year {term['round']}"


def terms_words(state: GameState, terms: list[dict[str, Any]], text: str, aud: Audience,
                by: tuple[str, ...] = ()) -> str:
    """The terms read back; the words quoted are "your words" to a reader among ``by`` (who wrote or
    agreed them), "their words" to anyone else."""
    parts = [term_words(state, t, aud) for t in terms]
    if text:
        whose = "your" if any(aud.is_you(s) for s in by) else "their"
        parts.append(f"in {whose} words: \u201c{text}\u201d")
    return "; ".join(parts) or "no terms"


def stop(text: str) -> str:
    """``text`` ended as a sentence: a full stop, unless it ends in one already (the players' own words
    quoted last often do: "… the Castle.”")."""
    return text if text.rstrip("\u201d\u2019\"'").endswith((".", "!", "?", "…")) else text + "."


def parsed(state: GameState, a: str, b: str, tokens: list[str]) -> list[dict[str, Any]]:
    """Terms read back for wording (none when they no longer read: the offer was refused anyway)."""

    try:
        return parse_terms(state.data, (a, b), tokens)
    except RuleError:
        return []


def fit(text: str, limit: int = LABEL) -> str:
    """A label cut to ``limit`` characters at a word, with an ellipsis (the prompt's question says it all)."""
    if len(text) <= limit:
        return text
    cut = text[:limit - 1].rsplit(" ", 1)[0].rstrip(",;:(")
    return cut + "…"
