"""What every command handler shares: the table of handlers, reading a command's arguments, and
the checks of whose turn and which decision it is (RuleError names the section and what is legal)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Action, GameState, RuleError
from engine.core.errors import Refusal
from engine.fief.flow import current_actor, label
from engine.fief.map import REGION_IDS
from engine.fief.refusals import FiefRefusal
from engine.fief.state import MAP, Fief, Task

Handler = Callable[[GameState, Fief, str, Action], None]


class Handlers(dict[str, Handler]):
    """Handlers by action kind; ``@HANDLERS.on("kind")`` registers one (each kind once)."""

    def on(self, kind: str) -> Callable[[Handler], Handler]:
        def wrap(fn: Handler) -> Handler:
            assert kind not in self, f"two handlers for {kind}"
            self[kind] = fn
            return fn
        return wrap


def city_arg(value: Any) -> str:
    return MAP.city_key(str(value)) or str(value)


def region_arg(value: Any) -> str:
    text = str(value).strip().upper()
    if text.isdigit() and 1 <= int(text) <= 6:
        return REGION_IDS[int(text) - 1]
    for r in MAP.regions.values():
        if r.name.upper() == text:
            return r.id
    return text


def turn(g: Fief, seat: str, steps: tuple[str, ...], section: str) -> str:
    """The acting family when ``seat`` has the turn in one of ``steps``."""
    if g.tasks:
        t = g.tasks[0]
        raise RuleError(section, f"first the {t.kind} decision of the {t.family} family",
                        code=FiefRefusal.TASK_FIRST,
                        legal=f"waiting on {g.families[t.family].seat}")
    if g.flow.step not in steps:
        raise RuleError(section, f"not during {label(g)}", code=FiefRefusal.WRONG_STEP,
                        legal=f"during the {'/'.join(steps)} step")
    actor = current_actor(g)
    if actor is None or g.families[actor].seat != seat:
        who = g.families[actor].seat if actor else "nobody"
        raise RuleError("turn", f"it is {who}'s turn", code=Refusal.NOT_YOUR_TURN, legal=f"waiting on {who}")
    return actor


def opportunity_time(g: Fief) -> bool:
    """2.6, FAQ: Opportunity cards may be played at any time but during a player's Draw action."""
    if g.flow.step == "start":
        return False
    if g.flow.step == "draw":
        actor = current_actor(g)
        p = g.players[g.families[actor].seat] if actor else None
        return p is None or not (p.drawn or p.done_discarding)
    return True


def task_for(g: Fief, seat: str, kind: str, section: str) -> Task:
    if not g.tasks or g.tasks[0].kind != kind or g.families[g.tasks[0].family].seat != seat:
        raise RuleError(section, f"no {kind} decision waits for you", code=FiefRefusal.NO_TASK,
                        legal=f"waiting on {g.families[g.tasks[0].family].seat}" if g.tasks else "no decision pending")
    return g.tasks[0]
