"""The registry of event tellers: each events module registers its sentences here with
:func:`tells`, and :class:`engine.fief.words.FiefWords` takes them all in."""

from __future__ import annotations

from collections.abc import Callable

from engine.core.words import EventTeller

TELLERS: dict[str, EventTeller] = {}


def tells(*kinds: str) -> Callable[[EventTeller], EventTeller]:
    """Decorator: the sentence for events of ``kinds``."""

    def register(fn: EventTeller) -> EventTeller:
        for kind in kinds:
            TELLERS[kind] = fn
        return fn

    return register
