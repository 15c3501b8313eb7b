"""The Kingdom's Favour and Influence in words (p.30, p.46): taking and using the Favour, Influence
gained, and Influence or Lore taken from a rival."""

from __future__ import annotations

from engine.core import Event, GameState
from engine.core.words import Audience, EventTeller, plural
from engine.okc.words.names import favour_ability, source, their, who, whom


def favour(state: GameState, e: Event, aud: Audience) -> str:
    seat, previous = e.data["seat"], e.data.get("previous")
    uses = plural(int(e.data.get("uses") or 0), "use")
    if previous and previous != seat:
        return f"{who(state, seat, aud)} take the Kingdom's Favour from {whom(state, previous, aud)} ({uses})."
    if previous == seat:
        return f"{who(state, seat, aud)} keep the Kingdom's Favour, back to {uses}."
    return f"{who(state, seat, aud)} take the Kingdom's Favour ({uses})."


def favour_used(state: GameState, e: Event, aud: Audience) -> str:
    left = int(e.data.get("uses") or 0)
    return (f"{who(state, e.data['seat'], aud)} call on the Kingdom's Favour: "
            f"{favour_ability(state, e.data['ability'])} ({plural(left, 'use')} left).")


def influence(state: GameState, e: Event, aud: Audience) -> str:
    seat = e.data["seat"]
    from_ = source(state, e.data.get("why"))
    if from_ == "their Herald":
        from_ = f"{their(seat, aud)} Herald"
    return (f"{who(state, seat, aud)} gain {e.data.get('amount')} Influence from {from_} "
            f"({e.data.get('total')} in all).")


def stole(state: GameState, e: Event, aud: Audience) -> str:
    seat, victim = e.data["seat"], e.data["victim"]
    what = "Influence" if e.data.get("what") == "influence" else "Lore"
    why = " through the shared Herald" if e.data.get("why") == "herald" else ""
    if not e.data.get("amount"):
        return f"{who(state, seat, aud)} find no {what} to take from {whom(state, victim, aud)}."
    return f"{who(state, seat, aud)} take {e.data.get('amount')} {what} from {whom(state, victim, aud)}{why}."


# The teller of each event kind of this area (installed by ``OkcWords``).
TELLERS: dict[str, EventTeller] = {
    "okc.favour": favour,
    "okc.favour_used": favour_used,
    "okc.influence": influence,
    "okc.stole": stole,
}
