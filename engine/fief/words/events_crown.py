"""Sentences for Phase 1's politics and the crown (9.1-9.3, 13.1, 13.3): candidates, vote markers laid
face down and turned over, the new Sovereign and consort, Parliament's vote, the Royal Tax shared
out in secret (each share told only to its receiver and the Sovereign) and the Order of the Garter."""

from __future__ import annotations

from engine.core.events import Event
from engine.core.state import GameState
from engine.core.words import Audience, join_words, plural
from engine.fief.state import Fief
from engine.fief.words import names as N
from engine.fief.words.events_table import deal_bundle
from engine.fief.words.tell import tells


@tells("election.candidate")
def _candidate(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    return f"{N.does(g, d.get('family'), aud, 'put', 'puts')} {N.noble_of(g, d.get('noble'))} forward for the crown."


@tells("election.markers")
def _markers(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    on = list(d.get("on") or [])
    where = (f"both face down on {N.noble(g, on[0])}" if len(on) == 2 and on[0] == on[1]
             else f"face down on {N.nobles(g, on)}")
    what = "vote markers" if len(on) > 1 else "a vote marker"
    return f"{N.does(g, d.get('family'), aud, 'lay', 'lays')} {what} {where}."


@tells("election.ballot")
def _ballot(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    parts = [f"your FOR marker on {N.noble_of(g, d['support'])}"] if d.get("support") else []
    parts += [f"your DECOY on {N.noble_of(g, d['decoy'])}"] if d.get("decoy") else []
    return f"In secret: {join_words(parts)}."


@tells("election.revealed")
def _revealed(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    totals = d.get("totals") or {}
    lines = [f"{N.noble_of(g, c)} {plural(int(v), 'vote')}" for c, v in totals.items()]
    backers = [f"{N.family(f)} backs {N.noble(g, b['for'])}" for f, b in (d.get("ballots") or {}).items()
               if b.get("for")]
    told = f" ({'; '.join(backers)})" if backers else " (no FOR marker was laid)"
    return f"The vote markers are turned over: {join_words(lines)}{told}."


@tells("election.failed")
def _failed(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    tied = list(d.get("tied") or [])
    if tied:
        return f"{N.nobles(g, tied)} tie with {plural(int(d.get('votes') or 0), 'vote')}: nobody is crowned this round."
    return "Nobody is crowned this round."


@tells("crown.taken")
def _crowned(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    title = "King" if d.get("title") == "king" else "Sovereign Queen"
    how = {"election": " is elected", "excalibur": " is crowned by Excalibur",
           "succession": ", the Prince of Wales, is crowned"}.get(str(d.get("how")), " is crowned")
    return f"{N.noble_of(g, d.get('noble'))}{how} {title} of England and rides out with two Royal Knights."


@tells("crown.consort")
def _consort(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    return (f"{N.noble(g, d.get('noble'))}, husband of the Sovereign Queen, takes no title but is guarded by two "
            "Royal Men-at-Arms.")


@tells("parliament.convened")
def _convened(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    return (f"{N.noble(g, d.get('noble'))} convenes Parliament: every family now votes in secret on a Royal Tax "
            "of 12 shillings.")


@tells("parliament.burgher")
def _burgher(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    return (f"{N.does(g, d.get('family'), aud, 'spend', 'spends')} a Treasure: a Burgher brings "
            f"{plural(int(d.get('votes') or 0), 'more vote')} to Parliament.")


@tells("parliament.voted")
def _voted(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    return f"{N.does(g, d.get('family'), aud, 'lay', 'lays')} a vote marker face down before Parliament."


@tells("parliament.ballot")
def _tax_ballot(state: GameState, e: Event, aud: Audience) -> str:
    return "In secret: you vote " + ("for the Royal Tax." if e.data.get("favour") else "against the Royal Tax.")


@tells("parliament.revealed")
def _tax_revealed(state: GameState, e: Event, aud: Audience) -> str:
    d = e.data
    votes = d.get("votes") or {}
    ayes = [N.family(f) for f, yes in votes.items() if yes]
    result = "the Royal Tax passes" if d.get("passed") else "the Royal Tax fails"
    backed = f"backed by {join_words(ayes)}" if ayes else "nobody backed it"
    return (f"Parliament's markers are turned over: {result} with {d.get('favour')} of "
            f"{plural(int(d.get('total') or 0), 'vote')} ({backed}).")


@tells("royal_tax.share")
def _share(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    to, amount = str(d.get("to")), N.shillings(int(d.get("amount") or 0))
    if aud.is_you(to) and N.is_you(g, d.get("family"), aud):
        return f"You keep {amount} of the Royal Tax."
    if aud.is_you(to):
        return f"The Sovereign gives you {amount} of the Royal Tax, in secret."
    return f"In secret, you give {N.seat_player(g, to, aud)} {amount} of the Royal Tax."


@tells("royal_tax.distributed")
def _distributed(state: GameState, e: Event, aud: Audience) -> str:
    return ("The Royal Tax is shared out in secret. The Parliament card turns to its Rebellion side: "
            "until the round ends, any city may rise in Rebellion, and each Rebellion counts one more.")


@tells("garter.awarded")
def _garter(state: GameState, e: Event, aud: Audience) -> str:
    g: Fief = state.data
    return (f"{N.noble(g, e.data.get('noble'))} is made a Knight of the Garter for service against the "
            "invaders.")


@tells("deal.struck")
def _deal_struck(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    return (f"Deal struck between {N.seat_who(g, d.get('by'), aud, cap=False)} and "
            f"{N.seat_who(g, d.get('to'), aud, cap=False)}: {deal_bundle(g, d.get('give'))} for "
            f"{deal_bundle(g, d.get('take'))}.")


@tells("deal.pledged")
def _deal_pledged(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    return f"{N.seat_who(g, d.get('seat'), aud)} must now cast {deal_bundle(g, {'vote': d.get('vote')})}."


@tells("royal_stronghold.garrison")
def _garrison(state: GameState, e: Event, aud: Audience) -> str:
    """4.9: the new Sovereign's family takes over the Royal Stronghold's troops."""
    g, d = state.data, e.data
    turned = dict(d.get("turned") or {})
    deserted = dict(d.get("deserted") or {})

    def troops_of(groups: dict[str, list[str]]) -> tuple[str, bool]:
        text = join_words(f"{N.troops(units)} of {N.family(fam)}" for fam, units in sorted(groups.items()))
        return text, sum(len(u) for u in groups.values()) == 1

    text = f"The crown has changed hands: in the Royal Stronghold at {d.get('city')}, "
    if turned:
        who, one = troops_of(turned)
        text += f"{who} {'changes' if one else 'change'} sides and now {'serves' if one else 'serve'} " \
                f"{N.who(g, d.get('family'), aud, cap=False)}"
    if deserted:
        who, one = troops_of(deserted)
        text += ("; " if turned else "") + f"{who} {'goes' if one else 'go'} home, with no troops of the new " \
                                           "Sovereign to take their place"
    return text + "."


@tells("abbess.relinquished")
def _relinquished(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    return (f"With leave from {N.noble(g, d.get('cleric'))}, {N.noble(g, d.get('noble'))} gives up her title "
            f"of {N.title('abbess:' + str(d.get('abbey')))}.")


@tells("abbess.gifted")
def _gifted(state: GameState, e: Event, aud: Audience) -> str:
    g, d = state.data, e.data
    return (f"{N.does(g, d.get('by'), aud, 'give', 'gives')} the title of "
            f"{N.title('abbess:' + str(d.get('abbey')))} to {N.noble(g, d.get('noble'))}.")
