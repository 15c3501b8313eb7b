"""The registry of games: name -> the module attribute holding its Rules.

Games are imported lazily so that loading one game never pays for the other. A name of the
form ``package.module:ATTR`` is accepted too, which is how tests plug in their own small game.
"""

from __future__ import annotations

import importlib

from engine.core.rules import Rules

GAMES: dict[str, str] = {}


def register(name: str, target: str) -> None:
    GAMES[name] = target


def names() -> list[str]:
    return sorted(GAMES)


def get(name: str) -> Rules:
    target = GAMES.get(name, name if ":" in name else None)
    if target is None:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(names()) or 'none'}")
    module, _, attr = target.partition(":")
    rules = getattr(importlib.import_module(module), attr or "RULES")
    if not isinstance(rules, Rules):
        raise TypeError(f"{target} is not a Rules instance")
    return rules
