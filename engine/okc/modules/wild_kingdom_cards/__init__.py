"""Wild Kingdom Cards (Wild Kingdom, complexity 1 to 3 by the number of cards): 15 powerful Kingdom cards.

Option ``wild_cards``: how many of the 15 are mixed into the Kingdom Deck (1 to 15, default 5), drawn at
random with the game's seeded generator; or a comma list of card ids the table agreed on. The rest of the
30-card deck comes from the pack's pool, and the mixture is shuffled before the Great Road is filled. The
Complexity Rating follows the rulebook's table: 1 to 5 cards rate 1, 6 to 10 rate 2, 11 to 15 rate 3.

The cards (``content.json``, original) use four step kinds of their own (``effects.py``): stealing a
Kingdom card, claiming a Location's reward, taking a card from the Great Road without a Bidding card, and
setting the card on a Location of the Map, where it helps whoever holds it (Strength in that Region's
clashes, or Influence whenever that Location's reward is claimed).
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core import Event, GameState, Refusal, RuleError
from engine.okc.modules.api import EffectHandler, Module, ModulePack, Okc, kcard, load_module_pack, region_of
from engine.okc.modules.wild_kingdom_cards import effects, words
from engine.okc.modules.wild_kingdom_cards.effects import wild, wild_for_change

NAME = "wild_kingdom_cards"
SECTION = "Wild Kingdom: Wild Kingdom Cards"
DEFAULT_COUNT = 5
# The rulebook's table: cards in the deck (up to) -> Complexity Rating.
RATINGS = ((5, 1), (10, 2), (15, 3))


def content() -> ModulePack:
    return load_module_pack(NAME)


def chosen(options: dict[str, Any]) -> int | list[str]:
    """The option ``wild_cards``: a number of cards drawn at random, or the ids of the cards agreed on."""
    value = str(options.get("wild_cards", DEFAULT_COUNT)).strip()
    if value.isdigit():
        return int(value)
    return [v.strip() for v in value.split(",") if v.strip()]


def count(options: dict[str, Any]) -> int:
    pick = chosen(options)
    return pick if isinstance(pick, int) else len(pick)


def rating(n: int) -> int:
    """The Complexity Rating of a deck holding ``n`` Wild Kingdom cards (the rulebook's table)."""
    return next((r for most, r in RATINGS if n <= most), RATINGS[-1][1])


def check_choice(options: dict[str, Any]) -> None:
    """Refuse a count outside 1..15 and a list naming an unknown card or one card twice."""
    pick = chosen(options)
    known = sorted(content().kingdom)
    if isinstance(pick, int):
        if not 1 <= pick <= len(known):
            raise RuleError(SECTION, f"mix in 1 to {len(known)} Wild Kingdom cards, not {pick}",
                            code=Refusal.BAD_OPTION, legal=f"a number from 1 to {len(known)}, or card ids")
        return
    if not pick or len(set(pick)) != len(pick) or any(k not in known for k in pick):
        raise RuleError(SECTION, "name each chosen Wild Kingdom card once, by its id", code=Refusal.BAD_OPTION,
                        legal=known)


def holder(g: Okc, kid: str) -> str | None:
    """Who holds Kingdom card ``kid`` now (None when nobody does)."""
    return next((s for s in g.order if kid in g.players[s].kingdom), None)


class WildKingdomCards(Module):
    name = NAME
    title = "Wild Kingdom Cards"
    complexity = rating(DEFAULT_COUNT)
    order: ClassVar[int] = 80
    effects: ClassVar[dict[str, EffectHandler]] = {
        "steal_kingdom": effects.s_steal_kingdom, "claim_reward": effects.s_claim_reward,
        "road_gain": effects.s_road_gain, "place_on_map": effects.s_place_on_map}

    def check_options(self, seats: int, options: dict[str, Any]) -> None:
        check_choice(options)
        pick = chosen(options)
        options["wild_cards"] = pick if isinstance(pick, int) else ",".join(pick)   # one way to write each choice

    def content(self) -> ModulePack:
        return content()

    def rating(self, options: dict[str, Any]) -> int:
        return rating(count(options))

    def lobby_title(self, options: dict[str, Any]) -> str:
        n = count(options)
        return f"{self.title}, {n} in the Kingdom Deck"

    def kingdom_deck(self, state: GameState, deck: list[str]) -> list[str]:
        """Setup: the chosen number drawn at random from the 15 (or the agreed ones), the rest of the 30 from
        the base deck already drawn at random, the mixture shuffled (before the Great Road is filled)."""
        pick = chosen(state.options)
        if isinstance(pick, int):
            pool = sorted(content().kingdom)
            state.rng.shuffle(pool, why="wild kingdom cards")
            pick = pool[:pick]
        mixed = deck[:len(deck) - len(pick)] + list(pick)
        state.rng.shuffle(mixed, why="kingdom deck with wild cards")
        state.data.extra[NAME] = {"count": len(pick), "map": {}}
        state.emit(Event.public("okc.wild_deck", count=len(pick), deck=len(mixed), rating=rating(len(pick))))
        return mixed

    def gained(self, state: GameState, seat: str, kid: str) -> None:
        """Who gained which Kingdom card, in order (public; the balance measure compares takers)."""
        wild_for_change(state.data).setdefault("gained", {}).setdefault(kid, []).append(seat)
        if kid in content().kingdom:
            state.emit(Event.public("okc.wild_gained", seat=seat, card=kid))

    def strength(self, state: GameState, seat: str, region: str) -> int:
        """Cards set on the Map for Strength help whoever holds them in clashes in that Location's Region."""
        g: Okc = state.data
        placed: dict[str, dict[str, Any]] = wild(g).get("map", {})
        mine = g.players[seat].kingdom
        return sum(int(m["amount"]) for k, m in placed.items()
                   if m["effect"] == "strength" and k in mine and region_of(g, m["location"]) == region)

    def rewarded(self, state: GameState, seat: str, location: str) -> None:
        """A card set on the Map for Influence pays whoever holds it when that Location's reward is claimed."""
        g: Okc = state.data
        placed: dict[str, dict[str, Any]] = wild(g).get("map", {})
        for kid, m in sorted(placed.items()):
            who = holder(g, kid)
            if m["effect"] != "reward" or m["location"] != location or who is None:
                continue
            g.players[who].influence += int(m["amount"])
            state.emit(Event.public("okc.wild_map_paid", seat=who, card=kid, location=location, claimant=seat,
                                    influence=int(m["amount"])))

    def view(self, state: GameState, seat: str | None, out: dict[str, Any]) -> None:
        g: Okc = state.data
        w = wild(g)
        out[NAME] = {
            "name": "Wild Kingdom Cards", "count": int(w.get("count", 0)),
            "map": [{"id": k, "name": kcard(g, k).name, "location": m["location"], "holder": holder(g, k),
                     "effect": m["effect"], "amount": m["amount"]} for k, m in sorted(w.get("map", {}).items())],
        }

    def words(self, w: Any) -> None:
        words.register(w)


