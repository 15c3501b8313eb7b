"""Reading an OKC view (docs/okc-view.md) into what the boards draw.

The only module of renderer/okc that knows the view's shape: when the engine's view changes,
this is the file to adapt. Missing optional parts draw nothing rather than fail.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SEASONS = ["spring", "summer", "autumn", "winter"]


@dataclass
class CardFace:
    """A faction or kingdom card as the viewer sees it (``face_down``: nothing else is known)."""

    name: str = ""
    strength: int | None = None
    face_down: bool = False
    suit: str = ""
    cost: int | None = None
    votes: int = 0
    lore: int = 0
    keywords: str = ""
    id: str = ""
    occupied: bool = False
    occupant: str = ""  # name of the faction card Occupying this Kingdom card, when shown
    gained: int = 0
    blanked: bool = False
    boons: int = 0  # Whispering Tower Boons on a placed card (face down until the card is revealed)
    boon_names: list[str] = field(default_factory=list)  # the Boons' names, once revealed with the card
    ally: bool = False  # an Ally (Wild Kingdom): a card of another faction; its back shows, face down too
    owner: str = ""  # whose Faction Marker is on a Kingdom card kept at the Travelling Town
    text: str = ""  # rules text (drawn for Boons, whose names say little)
    custodians: bool = False  # a Kingdom card kept at the Travelling Town (its Custodians Occupy it)


@dataclass
class Location:
    id: str
    name: str
    side: str
    heralds: list[str] = field(default_factory=list)
    reward: str = ""
    favour: bool = False


@dataclass
class Region:
    id: str
    name: str
    locations: list[Location]
    clash: int | None = None
    clashes: int = 0
    resolved: bool = False
    winner: str = ""
    supporters: dict[str, int] = field(default_factory=dict)
    cards: dict[str, list[CardFace]] = field(default_factory=dict)


@dataclass
class Council:
    id: str
    name: str
    votes: dict[str, int] = field(default_factory=dict)
    cards: dict[str, list[CardFace]] = field(default_factory=dict)


@dataclass
class Player:
    seat: str
    faction: str = ""
    influence: int = 0
    lore: int = 0
    hand: int = 0
    hand_size: int = 0
    deck: int = 0
    discard: int = 0
    lost: int = 0
    supporters: dict[str, int] = field(default_factory=dict)  # board / placed / lost
    herald: str = ""
    tactics: list[tuple[str, bool]] = field(default_factory=list)  # (name, exhausted)
    kingdom: list[CardFace] = field(default_factory=list)
    site: list[CardFace] = field(default_factory=list)
    governed: bool = False
    journeyed: bool = False
    passed: bool = False
    allies: int = 0  # Allies in hand (Wild Kingdom: their backs show)


@dataclass
class Town:
    """The Travelling Town card (Wild Kingdom): Influence on it, its two spaces, Influence left on Locations."""

    location: str
    influence: int = 0
    spaces: list[CardFace | None] = field(default_factory=list)
    left: dict[str, int] = field(default_factory=dict)


@dataclass
class Tower:
    """The Whispering Tower tile (Wild Kingdom): face-down Boons on each level, the stack, the discard and
    how many Boons each player holds (which ones is secret)."""

    location: str
    levels: dict[str, int] = field(default_factory=dict)
    stack: int = 0
    discard: int = 0
    held: dict[str, int] = field(default_factory=dict)


@dataclass
class Board:
    seats: list[str]
    round: int
    rounds: int
    season: str
    step: str
    phase: str
    order: list[str]
    turn: str
    players: dict[str, Player]
    regions: list[Region]
    great_road: list[CardFace | None]
    road_top: CardFace | None
    deck: int
    discard: int
    favour_holder: str
    favour_location: str
    favour_uses: int
    councils: list[Council]
    clash_region: str
    clash_stage: str
    tally: dict[str, int]
    tied: list[str]
    bids_submitted: list[str]
    bids_revealed: dict[str, CardFace]
    regions_submitted: list[str]
    choice: dict[str, Any] | None
    wild: dict[str, Any]
    wild_pieces: list[tuple[str, str, str, str]]  # (module, piece name, location id, owning seat or "")
    result: dict[str, Any] | None
    town: Town | None = None
    tower: Tower | None = None
    # private parts (a seat's own view only)
    hand: list[CardFace] = field(default_factory=list)
    bid: CardFace | None = None
    facedown: dict[str, list[CardFace]] = field(default_factory=dict)
    placing: dict[str, CardFace] = field(default_factory=dict)
    tie_card: CardFace | None = None
    occupants: dict[str, CardFace] = field(default_factory=dict)
    peeked: list[tuple[str, str, CardFace]] = field(default_factory=list)
    boons: list[CardFace] = field(default_factory=list)
    boons_on: dict[str, list[list[CardFace]]] = field(default_factory=dict)  # own face-down cards' Boons
    allies: dict[str, list[CardFace]] = field(default_factory=dict)         # own Allies: hand, deck, discard


def _int(value: Any, default: int = 0) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def card(raw: Any) -> CardFace:
    """A card object (docs/okc-view.md), a placed card, or None / face-down."""
    if not isinstance(raw, dict):
        return CardFace(face_down=True)
    if "face_up" in raw:  # a placed card next to a Region
        on = raw.get("boons")
        boons = len(on) if isinstance(on, list) else _int(on)
        if not raw.get("face_up"):
            return CardFace(face_down=True, boons=boons, ally=bool(raw.get("ally")))
        inner = card(raw.get("card"))
        inner.boons = boons
        inner.ally = bool(raw.get("ally"))
        inner.boon_names = [str(b.get("name", "?")) for b in on if isinstance(b, dict)] if isinstance(on, list) else []
        if raw.get("strength") is not None:
            inner.strength = _int(raw["strength"])
        inner.gained = _int(raw.get("gained"))
        inner.blanked = bool(raw.get("blanked"))
        return inner
    keywords = [*(raw.get("traits") or []), *(raw.get("commands") or [])]
    strength = raw.get("strength")
    return CardFace(
        name=str(raw.get("name", raw.get("id", "?"))),
        strength=None if strength is None else _int(strength),
        suit=str(raw.get("suit") or ""),
        cost=None if raw.get("cost") is None else _int(raw["cost"]),
        votes=_int(raw.get("votes")),
        lore=_int(raw.get("lore")),
        keywords=", ".join(str(k) for k in keywords),
        id=str(raw.get("id", "")),
        occupied=bool(raw.get("occupied")),
        occupant=str(raw["occupant"].get("name", "")) if isinstance(raw.get("occupant"), dict) else "",
        ally=bool(raw.get("ally")),
        owner=str(raw.get("owner") or ""),
        text=str(raw.get("text") or ""),
        custodians=bool(raw.get("custodians")),
    )


def cards(raw: Any) -> list[CardFace]:
    return [card(c) for c in raw] if isinstance(raw, list) else []


def _counts(raw: Any) -> dict[str, int]:
    return {str(k): _int(v) for k, v in raw.items()} if isinstance(raw, dict) else {}


def _player(seat: str, raw: dict[str, Any]) -> Player:
    tactics = [(str(t.get("name", t.get("id", "?"))), bool(t.get("exhausted"))) for t in raw.get("tactics") or []
               if isinstance(t, dict)]
    return Player(
        seat=seat,
        faction=str(raw.get("faction_name") or raw.get("faction") or ""),
        influence=_int(raw.get("influence")),
        lore=_int(raw.get("lore")),
        hand=_int(raw.get("hand")),
        hand_size=_int(raw.get("hand_size")),
        deck=_int(raw.get("deck")),
        discard=len(raw.get("discard") or []),
        lost=len(raw.get("lost") or []),
        supporters=_counts(raw.get("supporters")),
        herald=str(raw.get("herald") or ""),
        tactics=tactics,
        kingdom=cards(raw.get("kingdom")),
        site=cards(raw.get("site")),
        governed=bool(raw.get("governed")),
        journeyed=bool(raw.get("journeyed")),
        passed=bool(raw.get("passed")),
        allies=_int(raw.get("allies")),
    )


def _region(raw: dict[str, Any]) -> Region:
    locations = [Location(str(loc.get("id", "")), str(loc.get("name", loc.get("id", ""))),
                          str(loc.get("side", "")), [str(s) for s in loc.get("heralds") or []],
                          str(loc.get("reward") or ""), bool(loc.get("favour")))
                 for loc in raw.get("locations") or [] if isinstance(loc, dict)]
    beside = raw.get("cards") or {}
    marker = raw.get("clash_marker")
    return Region(
        id=str(raw.get("id", "")),
        name=str(raw.get("name", raw.get("id", ""))),
        locations=locations,
        clash=None if marker is None else _int(marker),
        clashes=_int(raw.get("clashes")),
        resolved=bool(raw.get("resolved")),
        winner=str(raw.get("winner") or ""),
        supporters=_counts(raw.get("supporters")),
        cards={str(s): cards(c) for s, c in beside.items()} if isinstance(beside, dict) else {},
    )


def wild_kingdom(view: dict[str, Any]) -> dict[str, Any]:
    """Wild Kingdom modules in play -> their public state (a key of the view named after the module)."""
    out: dict[str, Any] = {}
    modules = view.get("modules") or []
    for name in modules if isinstance(modules, list) else []:
        out[str(name)] = view.get(str(name), "in play")
    extra = view.get("wild")
    if isinstance(extra, dict):
        out.update({str(k): v for k, v in extra.items()})
    return out


def wild_pieces(wild: dict[str, Any]) -> list[tuple[str, str, str]]:
    """Wild Kingdom pieces standing on Locations: any object with a ``location`` in a module's state
    (the state itself, a value of it, or a list of them), e.g. the Travelling Town or the creatures."""
    return [(module, piece, where) for module, piece, where, _ in owned_pieces(wild)]


def owned_pieces(wild: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    """As :func:`wild_pieces`, with each piece's owner: its ``owner`` field, or the key it is filed
    under (a player's creature sits under the player's name); "" when it has none. The board keeps an
    owner only when it is a seat."""
    found: list[tuple[str, str, str, str]] = []

    def visit(module: str, value: Any, depth: int, key: str) -> None:
        if isinstance(value, dict):
            where = value.get("location")
            if isinstance(where, str) and where:
                owner = value.get("owner") or key
                found.append((module, str(value.get("name") or value.get("id") or module), where, str(owner or "")))
                return
            if depth < 2:
                for k in sorted(value):
                    visit(module, value[k], depth + 1, str(k))
        elif isinstance(value, list) and depth < 2:
            for entry in value:
                visit(module, entry, depth + 1, "")

    for module in sorted(wild):
        visit(module, wild[module], 0, "")
    return found


def town(raw: Any) -> Town | None:
    """The Travelling Town's public state (``view["travelling_town"]``), when it is in play."""
    if not isinstance(raw, dict) or not raw.get("location"):
        return None
    return Town(str(raw["location"]), _int(raw.get("influence")),
                [card(c) if isinstance(c, dict) else None for c in raw.get("spaces") or []],
                _counts(raw.get("left")))


def tower(raw: Any) -> Tower | None:
    """The Whispering Tower's public state (``view["whispering_tower"]``), when it is in play."""
    if not isinstance(raw, dict) or not raw.get("location"):
        return None
    return Tower(str(raw["location"]), _counts(raw.get("levels")), _int(raw.get("stack")), _int(raw.get("discard")),
                 _counts(raw.get("boons")))


def board(view: dict[str, Any], seat: str | None) -> Board:
    players_raw = view.get("players") or {}
    # Colours and shapes follow the seat names, sorted: stable all game (the view lists players in
    # order-track order, which changes every round).
    seats = sorted(str(s) for s in players_raw)
    favour = view.get("favour") or {}
    clash = view.get("clash") or {}
    bids = view.get("bids") or {}
    region_cards = view.get("region_cards") or {}
    private = view.get("private") if seat is not None else None
    b = Board(
        seats=seats,
        round=_int(view.get("round"), 1),
        rounds=_int(view.get("rounds"), 5),
        season=str(view.get("season") or ""),
        step=str(view.get("step") or ""),
        phase=str(view.get("phase") or ""),
        order=[str(s) for s in view.get("order") or seats],
        turn=str(view.get("turn") or ""),
        players={s: _player(s, players_raw.get(s) or {}) for s in seats},
        regions=[_region(r) for r in view.get("regions") or [] if isinstance(r, dict)],
        great_road=[None if c is None else card(c) for c in view.get("great_road") or []],
        road_top=None if view.get("road_top") is None else card(view.get("road_top")),
        deck=_int(view.get("kingdom_deck")),
        discard=_int(view.get("kingdom_discard")),
        favour_holder=str(favour.get("holder") or ""),
        favour_location=str(favour.get("location") or ""),
        favour_uses=_int(favour.get("uses")),
        councils=[Council(str(c.get("id", "")), str(c.get("name", c.get("id", ""))), _counts(c.get("votes")),
                          {str(s): cards(v) for s, v in (c.get("cards") or {}).items()})
                  for c in view.get("councils") or [] if isinstance(c, dict)],
        clash_region=str(clash.get("region") or ""),
        clash_stage=str(clash.get("stage") or ""),
        tally=_counts(clash.get("tally")),
        tied=[str(x) for x in clash.get("tied") or []],
        bids_submitted=[str(s) for s in bids.get("submitted") or []],
        bids_revealed={str(s): card(c) for s, c in (bids.get("revealed") or {}).items()},
        regions_submitted=[str(s) for s in region_cards.get("submitted") or []],
        choice=view.get("choice") if isinstance(view.get("choice"), dict) else None,
        wild=wild_kingdom(view),
        wild_pieces=[(m, piece, where, owner if owner in seats else "")
                     for m, piece, where, owner in owned_pieces(wild_kingdom(view))],
        result=view.get("result") if isinstance(view.get("result"), dict) else None,
        town=town(view.get("travelling_town")),
        tower=tower(view.get("whispering_tower")),
    )
    if isinstance(private, dict):
        b.hand = cards(private.get("hand"))
        b.bid = None if private.get("bid") is None else card(private.get("bid"))
        b.facedown = {str(r): cards(c) for r, c in (private.get("facedown") or {}).items()}
        b.placing = {str(r): card(c) for r, c in (private.get("placing") or {}).items()}
        b.tie_card = None if private.get("tie_card") is None else card(private.get("tie_card"))
        b.occupants = {str(k): card(c) for k, c in (private.get("occupants") or {}).items()}
        b.peeked = [(str(p.get("seat", "")), str(p.get("region", "")), card(p.get("card")))
                    for p in private.get("peeked") or [] if isinstance(p, dict)]
        b.boons = cards(private.get("boons"))
        tower_private = private.get("whispering_tower") or {}
        b.boons_on = {str(r): [cards(on) for on in placed] for r, placed in (tower_private.get("facedown") or {}).items()
                      if isinstance(placed, list)}
        b.allies = {str(k): cards(v) for k, v in (private.get("allies") or {}).items()}
        if seat in b.players:
            me = b.players[seat]
            me.lore = _int(private.get("lore"), me.lore)
            if private.get("site") is not None:
                me.site = cards(private.get("site"))
            if private.get("tactics") is not None:
                me.tactics = [(str(t.get("name", t.get("id", "?"))), bool(t.get("exhausted")))
                              for t in private["tactics"] if isinstance(t, dict)]
    return b
