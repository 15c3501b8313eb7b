"""Menus cut to what one Discord select holds: at most ``MAX_OPTIONS`` options, more split into ranges
chosen first."""

from __future__ import annotations

from typing import Any

from engine.core.words import Choice, FlowStep

MAX_OPTIONS = 25


def paged(kind: str, param: str, question: str, opts: list[Choice], chosen: dict[str, Any]) -> FlowStep:
    """A step of at most 25 options (a Discord select): more are split into ranges chosen first."""
    if len(opts) <= MAX_OPTIONS:
        return FlowStep(kind, param, question, tuple(opts))
    key = f"_{param}_page"
    size = -(-len(opts) // MAX_OPTIONS) if len(opts) > MAX_OPTIONS * MAX_OPTIONS else MAX_OPTIONS
    pages = [opts[i:i + size] for i in range(0, len(opts), size)]
    page = chosen.get(key)
    if isinstance(page, int) and 0 <= page < len(pages):
        return FlowStep(kind, param, question, tuple(pages[page]))
    return FlowStep(kind, key, question, tuple(
        Choice(_range_label(p[0].label, p[-1].label), flow=kind, chosen=((key, i),)) for i, p in enumerate(pages)))


def _range_label(first: str, last: str) -> str:
    text = f"{first} … {last}"
    return text if len(text) <= 80 else f"{first[:38].rstrip()} … {last[:38].rstrip()}"
