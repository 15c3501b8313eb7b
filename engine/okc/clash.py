"""Summer clashes (p.25-30): reveal, Day Action Step, Night Effects Step, tally, ties, rewards.

A Region's clash includes its tie-break rounds. Supporters add 1 each only to the first clash of a
Region in a round; a Region clashes again in the same round only when an effect says so
(``clash_again``), and that later clash is no longer the first (rulings: docs/rulings/okc.md).
"""

from __future__ import annotations

from engine.core import Event, GameState, SecretChoices
from engine.okc.cards import commands, has_keyword, kcard, strength
from engine.okc.effects import allied, claim_location, eliminate, queue, region
from engine.okc.hooks import hooked
from engine.okc.pieces import herald_spots
from engine.okc.state import Clash, Okc, Placed, RegionState


def next_region(g: Okc) -> RegionState | None:
    """The unresolved Region with the lowest Clash marker."""
    todo = [r for r in g.regions if not r.resolved]
    return min(todo, key=lambda r: r.marker) if todo else None


def start_clash(state: GameState, reg: RegionState) -> None:
    """Step 1: reveal the Region's face-down cards; they all become Active. Then the Day Action Step."""
    g: Okc = state.data
    g.clash = Clash(reg.id, first=reg.clashes == 0)
    # Supporters count only in a Region's first clash (p.28): the event says how many each side brings.
    supporters = {s: n for s, n in reg.supporters.items() if n} if g.clash.first else {}
    state.emit(Event.public("okc.clash", region=reg.id, first=g.clash.first, marker=reg.marker, supporters=supporters))
    reveal(state, reg, always=True)
    for p in reg.cards:
        if p.used:
            p.used = []
    g.turn_queue = list(g.order)
    g.step = "day"


def reveal(state: GameState, reg: RegionState, *, always: bool = False) -> None:
    """Turn the Region's face-down cards face up: they become Active."""
    g: Okc = state.data
    shown = [p for p in reg.cards if not p.face_up]
    for p in shown:
        p.face_up = True
    if shown or always:
        state.emit(Event.public("okc.revealed", region=reg.id, cards=[{"seat": p.owner, "card": p.card} for p in shown]))
    if shown:
        for m in hooked(g.playing, "reveal"):
            m.reveal(state, reg.id, shown)


def end_day(state: GameState) -> None:
    """After the Day Action Step, cards added face down during it are revealed (p.26)."""
    g: Okc = state.data
    assert g.clash is not None
    reg = region(g, g.clash.region)
    reveal(state, reg)
    night(state, reg, None)


def night(state: GameState, reg: RegionState, only: list[str] | None) -> None:
    """Night Effects Step (reference sheet: simultaneous; p.27, p.40): every card Active when the step
    begins triggers its mandatory Night effect. Deadly cards eliminate at once; the other effects
    follow in Order Track order, also for cards that Deadly has just eliminated (ruling R13).

    ``only`` limits the step to cards newly revealed in a tie-break round.
    """
    g: Okc = state.data
    cards = [p for p in reg.cards if p.face_up and (only is None or p.card in only)]
    night_commands = [commands(g, p, "night") for p in cards]
    deadly = [p for p, cmds in zip(cards, night_commands, strict=True) if any(c.keyword == "deadly" for c in cmds)]
    if deadly:
        victims: list[Placed] = []
        for d in deadly:
            for q in reg.cards:
                if q.face_up and q.owner != d.owner and q not in victims:
                    victims.append(q)
        state.emit(Event.public("okc.deadly", region=reg.id, sources=[d.card for d in deadly]))
        # Every Deadly card's owner counts as having caused every Elimination (FAQ).
        eliminate(state, victims, [s for s in g.order if any(d.owner == s for d in deadly)], reg.id)
        night_commands = [commands(g, p, "night") for p in cards]   # the modules may have changed cards
    for seat in g.order:
        for p, cmds in zip(cards, night_commands, strict=True):
            if p.owner == seat:
                for cmd in cmds:
                    if cmd.steps:
                        queue(g, seat, cmd.steps, region=reg.id, card=p.card, source=f"night:{p.card}")
    g.step = "tally"


def participants(g: Okc, reg: RegionState, first: bool) -> list[str]:
    assert g.clash is not None
    active_cards = {p.owner for p in reg.cards if p.face_up}
    return [s for s in g.order if s in active_cards
            or (first and reg.supporters.get(s, 0) > 0) or g.clash.bonus.get(s, 0) > 0]


def total(state: GameState, seat: str, reg: RegionState, first: bool) -> int:
    """Tally (p.28): Active Strength + Supporters (first clash only) + bonuses."""
    g: Okc = state.data
    assert g.clash is not None
    value = 0
    for p in reg.cards:
        if p.owner == seat and p.face_up:
            value += strength(g, p, reg)
    if first:
        value += reg.supporters.get(seat, 0)
    for k in g.players[seat].kingdom:
        value += kcard(g, k).strength
    value += g.clash.bonus.get(seat, 0)
    if g.modules:
        value += sum(m.strength(state, seat, reg.id) for m in hooked(g.playing, "strength"))
    return value


def tally(state: GameState) -> None:
    """Highest Strength wins; a tie opens a tie-break round; nobody above 0 means no winner (p.29)."""
    g: Okc = state.data
    clash = g.clash
    assert clash is not None
    reg = region(g, clash.region)
    seats = clash.tied or participants(g, reg, clash.first)
    clash.tally = {s: total(state, s, reg, clash.first) for s in seats}
    state.emit(Event.public("okc.tally", region=reg.id, tally=dict(clash.tally)))
    scores = combined(state, reg.id, clash.tally) if g.modules else clash.tally
    best = max(scores.values(), default=0)
    top = [s for s, v in scores.items() if v == best]
    if best <= 0:
        no_winner(state, "no strength")
    elif len(top) == 1:
        declare_winner(state, top[0], best)
    elif g.modules and any(m.allied_win(state, reg.id, top, best) for m in hooked(g.playing, "allied_win")):
        return
    else:
        clash.tied = top
        open_tie(state)


def combined(state: GameState, rid: str, tally: dict[str, int]) -> dict[str, int]:
    """Allies in the clash add their Strength together (Negotiating Table, Alliances): each counts the
    Strength of the allies tallied with it."""
    g: Okc = state.data
    scores = {s: v + sum(tally[f] for f in allied(g, s) if f in tally) for s, v in tally.items()}
    if scores != tally:
        state.emit(Event.public("okc.allied_tally", region=rid, tally=dict(scores)))
    return scores


def declare_winner(state: GameState, seat: str, best: int) -> None:
    """``seat`` wins the clash with ``best`` Strength: rewards are claimed next (p.30)."""
    g: Okc = state.data
    clash = g.clash
    assert clash is not None
    clash.winner = seat
    clash.tied = []
    clash.stage = "claim"
    state.emit(Event.public("okc.clash_won", region=clash.region, seat=seat, strength=best))
    g.step = "claim"
    for m in hooked(g.playing, "clash_resolved"):
        m.clash_resolved(state, clash.region, seat)


def open_tie(state: GameState) -> None:
    """Each tied seat with cards in hand plays one face down, or passes (p.29)."""
    g: Okc = state.data
    assert g.clash is not None
    able = [s for s in g.clash.tied if g.players[s].hand]
    state.emit(Event.public("okc.tie", region=g.clash.region, seats=list(g.clash.tied)))
    if not able:
        no_winner(state, "tied and nobody can play a card")
        return
    g.secret = SecretChoices(f"tie-{g.round}-{g.clash.region}-{state.version}", able)
    g.clash.stage = "tie"
    g.step = "tie"


def resolve_tie(state: GameState, played: dict[str, str]) -> None:
    """Reveal the tie-break cards; all passing means no winner; else new Night effects and a new tally."""
    g: Okc = state.data
    assert g.clash is not None
    reg = region(g, g.clash.region)
    cards = {s: c for s, c in played.items() if c}
    g.secret = None
    if not cards:
        no_winner(state, "all tied players passed")
        return
    for s, c in cards.items():
        g.players[s].hand.remove(c)
        reg.cards.append(Placed(c, s))
    reveal(state, reg)
    g.clash.stage = "day"
    night(state, reg, list(cards.values()))


def no_winner(state: GameState, why: str) -> None:
    g: Okc = state.data
    assert g.clash is not None
    state.emit(Event.public("okc.no_winner", region=g.clash.region, why=why))
    g.clash.winner = None
    g.clash.tied = []
    for m in hooked(g.playing, "clash_resolved"):
        m.clash_resolved(state, g.clash.region, None)
    finish_clash(state)


def claim(state: GameState, seat: str, location: str) -> None:
    """Claim rewards (p.30): the Herald reward, then the Location reward or a Visit (Wild Kingdom)."""
    g: Okc = state.data
    me = g.players[seat]
    state.emit(Event.public("okc.claim", seat=seat, location=location))
    # A Legendary Creature is a second Herald (Wild Kingdom): either piece here claims, either is stolen from.
    if location in herald_spots(state, seat).values():
        gain = 1 + sum(kcard(g, k).herald for k in me.kingdom)
        me.influence += gain
        state.emit(Event.public("okc.influence", seat=seat, amount=gain, total=me.influence, why="herald"))
        for other in g.order:
            op = g.players[other]
            if other != seat and location in herald_spots(state, other).values() and op.influence > 0:
                op.influence -= 1
                me.influence += 1
                state.emit(Event.public("okc.stole", seat=seat, victim=other, what="influence", amount=1,
                                        why="herald"))
    claim_location(state, seat, location)
    g.step = "after_claim"


def finish_clash(state: GameState) -> None:
    g: Okc = state.data
    assert g.clash is not None
    reg = region(g, g.clash.region)
    reg.clashes += 1
    reg.winner = g.clash.winner
    g.clash = None
    g.secret = None
    if reg.again > 0:
        reg.again -= 1
        start_clash(state, reg)
        return
    reg.resolved = True
    g.step = "next_region"


def flank_targets(g: Okc, rid: str) -> list[str]:
    return [r.id for r in g.regions if r.id != rid and not r.resolved]


def can_ambush(g: Okc, p: Placed) -> bool:
    return has_keyword(g, p, "ambush") and "ambush" not in p.used and bool(g.players[p.owner].hand)
