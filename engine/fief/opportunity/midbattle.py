"""Assassination, Justice and Ambush played while a battle is fought (10.3-10.5, 7.8; ruling O-6b); a
Rebellion and a Passage's escape are played at the same moment (10.1, 10.2; rebellion.end calls
``after_card`` once the rebels are done).

The three cards are played "at any time" (10.0), and 7.8 ends a battle by Assassination: a side left
without a noble fights on with its troops, and at the end of a battle roll the other side alone may end
the battle. So a battle does not stop these cards; they wait only for the end of a battle round, when a
side chooses whether to go on (the ``battle_next`` decision, where a Passage's Withdraw is played too),
since during a round the hits and captures refer to the nobles standing when the dice were rolled.

While the battle lasts, troops of a fighting family that lose their last noble stay in the battle
(7.8) instead of scattering in fours (10.3-10.5 apply to troops outside a battle). An invader Leader
whose army is fighting cannot be struck mid-battle (its Foot Soldiers' fate belongs to the battle,
6.4). After the card the battle's aims at a fallen noble are dropped, the battle ends if a side has
nothing left, and the choice being made is offered again with what is open now (7.8's end of the
battle for a side facing troops without a noble).
"""

from __future__ import annotations

from engine.core import GameState, RuleError
from engine.fief.refusals import FiefRefusal
from engine.fief.state import Fief
from engine.fief.war.battle.fight import check_end, refresh_choices
from engine.fief.war.battle.sides import members

CARDS: tuple[str, ...] = ("assassinate", "justice", "ambush")


def between_rounds(g: Fief) -> bool:
    """A battle is waiting on a side's choice after a round, and on nothing else."""
    return (g.war.battle is not None and g.opp.uprising is None and len(g.tasks) == 1
            and g.tasks[0].kind == "battle_next")


def fighting(g: Fief, city: str | None, family: str) -> bool:
    """The family's troops in ``city`` are in the battle being fought there."""
    b = g.war.battle
    return b is not None and b.city == city and (family in members(b, b.attacker) or family in members(b, b.defender))


def check_leader(g: Fief, target: str, section: str) -> None:
    """O-6b: a fighting invader army's Leader is not struck mid-battle."""
    b = g.war.battle
    if b is None or not target.startswith("leader:"):
        return
    if target.removeprefix("leader:") in b.armies:
        raise RuleError(section, "an invader Leader fighting a battle can be struck only once that battle is over",
                        code=FiefRefusal.LEADER_IN_BATTLE, legal="a noble, or wait for the end of the battle")


def after_card(state: GameState, g: Fief) -> None:
    """Bring the battle up to date after a card struck during it."""
    b = g.war.battle
    if b is None:
        return
    for fam, aim in list(b.targets.items()):
        n = g.nobles.get(aim)
        if n is None or n.captor is not None:
            del b.targets[fam]
    if not check_end(state, g, b):
        refresh_choices(g, b)
