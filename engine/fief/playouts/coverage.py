"""What random Fief playouts must reach (issue 13): the coverage goals ``engine.simulate --coverage``
counts, and the victory split (solo 8.2, alliance 8.3 and 13.7, end of Round 7 8.5).

Each goal is read from the public events of a playout; :func:`marks` names the goals an event reaches.
Nothing here is a rule: it is the checklist the simulator prints, one count per goal, so that a goal
the random players stop reaching shows as 0.
"""

from __future__ import annotations

from engine.core import Event
from engine.fief.state import Fief

LAST_ROUND = 7

GOALS = (
    "king elected (9.1)",
    "marriage made (9.0)",
    "parliament convened (9.2)",
    "royal tax passed (9.2)",
    "Rebellion card played (10.1)",
    "Passage card played (10.2)",
    "Assassination played (10.3)",
    "Justice played (10.4)",
    "Ambush played (10.5)",
    "a card strikes between two battle rounds (O-6b)",
    "mercenaries hired (11.1)",
    "Burgher laid on a family board (11.2)",
    "Burgher Rebellion (11.2)",
    "Burgher Passage (11.2)",
    "Burgher votes in Parliament (11.2)",
    "relic discovered (12.0)",
    "Excalibur drawn (13.2)",
    "Garter awarded (13.3)",
    "Royal Stronghold troops change sides (4.9)",
    "solo victory before round 7 (8.2)",
    "alliance victory before round 7 (8.3, 13.7)",
    "victory: solo (8.2)",
    "victory: alliance (8.3, 13.7)",
    "victory: end of round 7 (8.5)",
)

_SIMPLE = {
    "marriage.made": "marriage made (9.0)",
    "parliament.convened": "parliament convened (9.2)",
    "mercenaries.hired": "mercenaries hired (11.1)",
    "parliament.burgher": "Burgher votes in Parliament (11.2)",
    "relic.discovered": "relic discovered (12.0)",
    "garter.awarded": "Garter awarded (13.3)",
    "royal_stronghold.garrison": "Royal Stronghold troops change sides (4.9)",
}
_STRIKES = {"card.assassination": "Assassination played (10.3)", "card.justice": "Justice played (10.4)",
            "card.ambush": "Ambush played (10.5)"}


# Every kind below that may reach a goal (and the Passage's own events): any other reaches none, told at once.
_ASKED = frozenset(_SIMPLE) | frozenset(_STRIKES) | {
    "crown.taken", "parliament.revealed", "rebellion.raised", "rebellion.joined", "rebellion.passage",
    "board.card_placed", "excalibur.taken", "game.over"}


def marks(g: Fief, e: Event) -> tuple[str, ...]:
    """The goals the event reaches (``g`` is the state just after it)."""
    kind, data = e.kind, e.data
    if kind not in _ASKED and not kind.startswith("passage."):
        return ()
    simple = _SIMPLE.get(kind)
    if simple is not None:
        return (simple,)
    strike = _STRIKES.get(kind)
    if strike is not None:   # the battle still being fought after the card: it struck mid-battle
        return (strike, "a card strikes between two battle rounds (O-6b)") if g.war.battle is not None else (strike,)
    if kind == "crown.taken":
        return ("king elected (9.1)",) if data.get("how") == "election" else ()
    if kind == "parliament.revealed":
        return ("royal tax passed (9.2)",) if data.get("passed") else ()
    if kind in ("rebellion.raised", "rebellion.joined"):
        return ("Burgher Rebellion (11.2)",) if data.get("burgher") else ("Rebellion card played (10.1)",)
    if kind.startswith("passage.") or kind == "rebellion.passage":
        return ("Burgher Passage (11.2)",) if data.get("burgher") else ("Passage card played (10.2)",)
    if kind == "board.card_placed":
        return ("Burgher laid on a family board (11.2)",) if str(data.get("card")).startswith("burgher") else ()
    if kind == "excalibur.taken":
        return ("Excalibur drawn (13.2)",) if data.get("how") == "drawn" else ()
    if kind == "game.over":
        return _victory(g, str(data.get("reason")))
    return ()


def _victory(g: Fief, reason: str) -> tuple[str, ...]:
    early = g.flow.round < LAST_ROUND
    if "(8.2)" in reason:
        return ("victory: solo (8.2)", *(("solo victory before round 7 (8.2)",) if early else ()))
    if "(8.3)" in reason or "(13.7)" in reason:
        return ("victory: alliance (8.3, 13.7)", *(("alliance victory before round 7 (8.3, 13.7)",) if early else ()))
    return ("victory: end of round 7 (8.5)",)
