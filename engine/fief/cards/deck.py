"""Phase 2, actions A and B: discarding and drawing (2.0-2.3).

Hands are per player (one hand for both families in a two-player game, 13.7). Discards are shown:
characters go face up under the Character deck, fortune cards onto the discard pile. A player
discards first, then draws: up to one character and one fortune card, or two fortune cards
(13.7: four cards, at most two characters). A disaster on top of the Fortune deck goes face-down
to the Disaster track and does not count as a draw (2.3).
"""

from __future__ import annotations

from engine.core import Event, GameState, RuleError
from engine.fief.cards.retainers import ready, ready_ability, spend
from engine.fief.components import DISASTERS, C
from engine.fief.refusals import FiefRefusal
from engine.fief.state import Fief, Player, hand_limit


def base_limits(g: Fief) -> tuple[int, int]:
    """(cards, characters) a player may draw in Phase 2 (2.0; 13.7 with two players)."""
    if g.two_player:
        return C.two_player["draws"], C.two_player["character_draws"]
    return C.draws, C.character_draws


def has_herald(g: Fief, p: Player) -> bool:
    if p.herald_used:
        return True
    for f in p.families:
        for n in g.families[f].nobles:
            if ready_ability(g, n) == "herald":
                return True
    return False


def draw_limits(g: Fief, p: Player) -> tuple[int, int]:
    """The limits with the Herald retainer's extra Fortune draw."""
    total, chars = base_limits(g)
    return total + (1 if has_herald(g, p) else 0), chars


def top_back(g: Fief) -> str | None:
    """The back of the Fortune & Disaster deck's top card, as everyone at the table sees it."""
    if not g.fortune_deck:
        return None
    return "disaster" if C.card(g.fortune_deck[0]).kind in DISASTERS else "fortune"


def discards_open(p: Player) -> bool:
    """2.0: a player discards before the first draw (any card in hand alike)."""
    return not (p.drawn or p.done_discarding)


def check_discard(g: Fief, p: Player, card: str) -> None:
    if not discards_open(p):
        raise RuleError("2.0", "discards come before the first draw", code=FiefRefusal.DISCARD_AFTER_DRAW,
                        legal=["draw", "done"])
    if card not in p.hand:
        raise RuleError("2.0", f"{card!r} is not in your hand",
                        code=FiefRefusal.NOT_IN_HAND, legal=list(p.hand) or "no cards")


def discard(state: GameState, g: Fief, p: Player, card: str) -> None:
    p.hand.remove(card)
    if C.card(card).deck == "character":
        g.character_under.append(card)
    else:
        g.fortune_discard.append(card)
    state.emit(Event.public("card.discarded", seat=p.seat, card=card, name=C.card(card).name))


def check_draw(g: Fief, p: Player, deck: str) -> None:
    total, chars = draw_limits(g, p)
    refused = _draw_refusal(g, p, deck, total, chars)
    if refused:
        raise refused


def drawable(g: Fief, p: Player) -> list[str]:
    """The decks :func:`check_draw` lets the player draw from now (the legal list: the limits asked once)."""
    total, chars = draw_limits(g, p)
    if p.drawn >= total:   # the commonest refusal, for both decks alike
        return []
    return [d for d in ("character", "fortune") if _draw_refusal(g, p, d, total, chars) is None]


def _draw_refusal(g: Fief, p: Player, deck: str, total: int, chars: int) -> RuleError | None:
    """Why ``p`` may not draw from ``deck`` now, given its draw limits (2.0-2.1, 2.12), or None."""
    if deck not in ("character", "fortune"):
        return RuleError("2.0", f"no deck {deck!r}", code=FiefRefusal.DECK, legal=["character", "fortune"])
    if p.drawn >= total:
        return RuleError("2.0", f"you have drawn your {total} cards this round",
                         code=FiefRefusal.DRAW_LIMIT, legal=["done"])
    if deck == "character":
        if p.drawn_characters >= chars:
            return RuleError("2.0", f"at most {chars} Character card{'s' if chars != 1 else ''} per round",
                             code=FiefRefusal.CHARACTER_LIMIT,
                             legal=["draw deck:fortune", "done"])
        if not g.character_deck and not g.character_under:
            return RuleError("2.1", "the Character deck and its discards are empty",
                             code=FiefRefusal.DECK_EMPTY,
                             legal=["draw deck:fortune", "done"])
        if p.drawn >= base_limits(g)[0]:
            return RuleError("2.12", "the Herald's extra draw is for a Fortune card",
                             code=FiefRefusal.HERALD_FORTUNE,
                             legal=["draw deck:fortune", "done"])
    else:
        if not g.fortune_deck and not g.fortune_discard:
            return RuleError("2.1", "the Fortune deck and its discards are empty",
                             code=FiefRefusal.DECK_EMPTY, legal=["done"])
    goes_to_hand = deck == "character" or top_back(g) != "disaster"
    if goes_to_hand and len(p.hand) >= hand_limit(g):
        return RuleError("2.0", f"your hand is full ({hand_limit(g)} cards)", code=FiefRefusal.HAND_LIMIT,
                         legal=["done"])
    return None


def refill(state: GameState, g: Fief, deck: str) -> None:
    """2.1: an exhausted deck is replaced by its shuffled discards."""
    if deck == "character" and not g.character_deck and g.character_under:
        g.character_deck, g.character_under = g.character_under, []
        state.rng.shuffle(g.character_deck, why="character deck")
        state.emit(Event.public("deck.reshuffled", deck="character", size=len(g.character_deck)))
    if deck == "fortune" and not g.fortune_deck and g.fortune_discard:
        g.fortune_deck, g.fortune_discard = g.fortune_discard, []
        state.rng.shuffle(g.fortune_deck, why="fortune deck")
        state.emit(Event.public("deck.reshuffled", deck="fortune", size=len(g.fortune_deck)))


def draw(state: GameState, g: Fief, p: Player, deck: str) -> None:
    refill(state, g, deck)
    pile = g.character_deck if deck == "character" else g.fortune_deck
    card = pile.pop(0)
    if C.card(card).kind in DISASTERS:
        p.last_draw = "disaster" if len(g.track) < C.disaster_slots else "disaster_discarded"
        place_disaster(state, g, p, card)
        refill(state, g, deck)
        return
    p.last_draw = deck
    p.drawn += 1
    if deck == "character":
        p.drawn_characters += 1
    if p.drawn > base_limits(g)[0] and not p.herald_used:
        _spend_herald(state, g, p)
    p.hand.append(card)
    state.emit(Event.public("card.drawn", seat=p.seat, deck=deck, hand_size=len(p.hand)))
    state.emit(Event.private(p.seat, "card.received", card=card, name=C.card(card).name))
    refill(state, g, deck)


def _spend_herald(state: GameState, g: Fief, p: Player) -> None:
    for f in p.families:
        for n in g.families[f].nobles:
            if ready(g, n, "herald"):
                spend(state, g, n)
                p.herald_used = True
                return


def reveal_disaster(state: GameState, g: Fief, card: str) -> str:
    """Turn a face-down disaster. Nobody knows which face-down disaster is which, so the one turned
    is drawn at random among all face-down disasters (deck and track) and swapped into place; the
    odds are those of the physical deck and no hidden order decides a public outcome."""
    pool = sorted({c for c in g.fortune_deck + g.track if C.card(c).kind in DISASTERS} | {card})
    chosen = state.rng.pick(pool, why="face-down disaster turned")
    if chosen != card:
        for pile in (g.fortune_deck, g.track):
            if chosen in pile:
                pile[pile.index(chosen)] = card
    return chosen


def place_disaster(state: GameState, g: Fief, p: Player, card: str) -> None:
    """2.3: face-down on the leftmost open slot of the track, or discarded if the track is full."""
    if len(g.track) < C.disaster_slots:
        g.track.append(card)
        state.emit(Event.public("disaster.drawn", seat=p.seat, slot=len(g.track)))
    else:
        card = reveal_disaster(state, g, card)
        g.fortune_discard.append(card)
        state.emit(Event.public("disaster.discarded", seat=p.seat, card=card, name=C.card(card).name,
                                why="track full"))


def reset_draws(g: Fief) -> None:
    for p in g.players.values():
        p.drawn = p.drawn_characters = 0
        p.herald_used = False
        p.done_discarding = False
        p.last_draw = ""
