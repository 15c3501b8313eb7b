"""Autumn, Winter and the Councils in words (p.31-34, p.44): Govern, the Council rewards, cleanup
and the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Event, GameState
from engine.core.words import Audience, join_words, plural
from engine.okc.words.names import card_power, council_name, okc, who, whom

if TYPE_CHECKING:
    from engine.okc.words import OkcWords

REASONS = {"most Influence": "",
           "tie on Influence broken by the Kingdom's Favour": ": tied, but they hold the Kingdom's Favour",
           "tie on Influence broken by the Order Track": ": tied, but they are ahead on the Order Track"}


def govern(state: GameState, e: Event, aud: Audience) -> str:
    votes = int(e.data.get("votes") or 0)
    return (f"{who(state, e.data['seat'], aud)} Govern: {card_power(state, e.data['card'])} joins the "
            f"{council_name(state, e.data['council'])} with {plural(votes, 'Vote')}.")


def council_cleared(state: GameState, e: Event, aud: Audience) -> str:
    n = len(e.data.get("cards") or [])
    return (f"The {council_name(state, e.data['council'])} rises: {plural(n, 'card')} "
            f"{'goes' if n == 1 else 'go'} back to the discard piles.")


def cleanup(state: GameState, e: Event, aud: Audience) -> str:
    return (f"Winter ends Year {e.data.get('round')}: Heralds come home, placed Supporters are lost "
            "and Active cards are discarded.")


def game_over(state: GameState, e: Event, aud: Audience) -> str:
    winners = list(e.data.get("winners") or [])
    scores: dict[str, int] = dict(e.data.get("scores") or {})
    reason = REASONS.get(str(e.data.get("reason")), "")
    top = scores.get(winners[0], 0) if winners else 0
    head = (f"The game is over. {who(state, winners[0], aud)} win with {top} Influence{reason}." if winners
            else "The game is over.")
    order = [s for s in okc(state).order if s in scores]
    ranked = sorted(order, key=lambda s: -scores[s])
    return head + " Influence: " + join_words(f"{whom(state, s, aud)} {scores[s]}" for s in ranked) + "."


def register(w: OkcWords) -> None:
    w.on("okc.govern")(govern)
    w.on("okc.council_cleared")(council_cleared)
    w.on("okc.cleanup")(cleanup)
    w.on("okc.game_over")(game_over)
