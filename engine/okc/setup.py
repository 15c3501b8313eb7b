"""Setup (p.6-7, steps A-P) for 2, 3 or 4 players and the three game lengths."""

from __future__ import annotations

from typing import Any

from engine.core import Event, GameState, OptionHelp, Refusal, RuleError
from engine.core.rules import RANDOM_ROLE, check_roles, deal_roles, split_roles
from engine.okc.content.loader import FACTION_IDS, PACKS, load_pack
from engine.okc.content.schema import ContentError
from engine.okc.hooks import BANDS, band
from engine.okc.modules.shipped import MODULES, playing
from engine.okc.pieces import BAG
from engine.okc.refusals import OkcRefusal
from engine.okc.state import Okc, Player, RegionState
from engine.okc.year import advance, begin_bids

LENGTHS = {4: "short", 5: "standard", 6: "extended"}


def default_options(seats: int) -> dict[str, Any]:
    return {"length": 5, "pack": "starter", "factions": "random", "order": "random", "modules": "", "roles": "",
            **MODULE_DEFAULTS}


def options_help(seats: int) -> list[OptionHelp]:
    """The lobby's options in words, with the values each takes (``/game new options:``)."""
    packs = tuple(sorted(p.name for p in PACKS.iterdir() if p.is_dir())) if PACKS.is_dir() else ("starter",)
    modules = ("all", *(n for n, m in MODULES.items() if m.min_seats <= seats))
    listed = ", ".join(f"{m.title} ({n})" for n, m in MODULES.items())
    return [
        OptionHelp("length", "years played: 4 short, 5 standard, 6 extended (p.48)", "5",
                   tuple(str(n) for n in LENGTHS)),
        OptionHelp("pack", "the card pack", "starter", packs),
        OptionHelp("factions", "random, or one faction per seat in seat order, e.g. nobility,clans (p.34); "
                               "choosing in the lobby is simpler", "random", ("random",)),
        OptionHelp("order", "the first player: drawn at random, or the seat order", "random", ("random", "seated")),
        OptionHelp("modules", f"the Wild Kingdom modules played, a comma list or all: {listed}; "
                              "left out for the base game", "", modules, many=True),
        OptionHelp("wild_cards", "with Wild Kingdom Cards: how many of the 15 join the Kingdom Deck (1 to 15), "
                                 "or the names of those agreed on", str(MODULE_DEFAULTS["wild_cards"]),
                   tuple(str(n) for n in range(1, 16)), needs=("modules", "wild_kingdom_cards")),
    ]


def faction_roles(options: dict[str, Any]) -> list[str]:
    """The factions a seat may choose in the lobby (the pack's, in the usual order); none when the
    ``factions`` option already fixes them."""
    if str(options.get("factions", "random")) != "random":
        return []
    try:
        pack = load_pack(str(options.get("pack", "starter")))
    except ContentError:
        return []
    return [f for f in FACTION_IDS if f in pack.factions]


def faction_name(role: str, options: dict[str, Any]) -> str:
    try:
        faction = load_pack(str(options.get("pack", "starter"))).factions.get(role)
    except ContentError:
        faction = None
    return faction.name if faction is not None else role


def chosen_factions(seats: int, options: dict[str, Any]) -> list[str]:
    """Each seat's faction or ``random``, in seat order: from ``roles`` (the lobby's choices) or the
    older ``factions`` option (all seats named); [] when nobody chose."""
    if split_roles(options.get("roles")):
        return split_roles(options.get("roles"))
    factions = str(options.get("factions", "random"))
    return [] if factions == "random" else [f for f in factions.split(",") if f]


# Options that only a module can honour: option -> module.
MODULE_OPTIONS = {"night_map": "night_map", "wild_cards": "wild_kingdom_cards"}
# Module options the lobby offers in every game, with the value that means "the module's default".
MODULE_DEFAULTS = {"wild_cards": 5}


def module_names(options: dict[str, Any], seats: int | None = None) -> list[str]:
    """The modules a game plays (option ``modules``: a comma list or ``all``, every module that takes
    ``seats`` players), in their setup order; refuses an unknown module."""
    raw = [m.strip() for m in str(options.get("modules") or "").split(",") if m.strip()]
    if raw == ["all"]:
        raw = [n for n, m in MODULES.items() if seats is None or m.min_seats <= seats]
    for name in raw:
        if name not in MODULES:
            raise RuleError("modules", f"there is no module called {name!r}", code=Refusal.BAD_OPTION,
                            legal=sorted(MODULES))
    if len(set(raw)) != len(raw):
        raise RuleError("modules", "name each module once", code=Refusal.BAD_OPTION, legal=sorted(MODULES))
    return [m.name for m in playing(raw)]


def module_summary(options: dict[str, Any], seats: int | None = None) -> str:
    """For the lobby: each chosen module with its Complexity Rating, and the total with its band
    (Wild Kingdom, Introduction); "" for the base game."""
    names = module_names(options, seats)
    if not names:
        return ""
    mods = playing(names)
    total = sum(m.rating(options) for m in mods)
    listed = ", ".join(f"{m.lobby_title(options)} ({m.rating(options)})" for m in mods)
    return f"Wild Kingdom: {listed}. Complexity {total}: {band(total)}."


def bands_line(total: int) -> str:
    """The rulebook's three Complexity bands (Wild Kingdom, Introduction), the game's own marked."""
    parts = []
    for lo, hi, name in BANDS:
        span = f"{lo} to {hi}" if hi < 99 else f"{lo} and more"
        parts.append(f"{name} ({span}{', this game' if lo <= total <= hi else ''})")
    return "Complexity bands: " + "; ".join(parts) + "."


def lobby_notes(options: dict[str, Any], seats: int | None = None) -> list[str]:
    """What the lobby says about the modules: each with its rating and the total's band, then the three
    bands; [] for the base game and for a module list the game would refuse (the refusal says why)."""
    try:
        summary = module_summary(options, seats)
    except RuleError:
        return []
    if not summary:
        return []
    total = sum(m.rating(options) for m in playing(module_names(options, seats)))
    return [summary, bands_line(total), *_seat_notes(options, seats)]


def _seat_notes(options: dict[str, Any], seats: int | None) -> list[str]:
    """With ``modules=all``, the modules that need more players than the table has (or may have)."""
    if str(options.get("modules") or "").strip() != "all":
        return []
    notes = []
    for m in MODULES.values():
        if seats is None and m.min_seats > 2:
            notes.append(f"{m.lobby_title(options)} joins only with {m.min_seats} or more players.")
        elif seats is not None and m.min_seats > seats:
            notes.append(f"{m.lobby_title(options)} is left out: it needs {m.min_seats} or more players.")
    return notes


def check_options(seats: int, options: dict[str, Any]) -> None:
    length = options.get("length")
    if length not in LENGTHS:
        raise RuleError("p.48 Game length", f"length {length!r} is not a game length", code=Refusal.BAD_OPTION,
                        legal=[4, 5, 6])
    if options.get("order") not in ("random", "seated"):
        raise RuleError("p.7 Setup O", "order is random or seated", code=Refusal.BAD_OPTION, legal=["random", "seated"])
    factions = options.get("factions", "random")
    if factions != "random":
        chosen = [f for f in str(factions).split(",") if f]
        if len(chosen) != seats or len(set(chosen)) != seats or any(f not in FACTION_IDS for f in chosen):
            raise RuleError("p.34 Factions", f"factions {factions!r}: one different faction per seat",
                            code=Refusal.BAD_OPTION, legal=list(FACTION_IDS))
        if split_roles(options.get("roles")):
            raise RuleError("p.7 Setup H", "give the factions either with roles (a seat may say random) or with "
                            "factions (every seat named), not both", code=Refusal.BAD_OPTION,
                            legal=["roles=<faction|random>,...", "factions=<faction>,..."])
    check_roles("p.7 Setup H", options.get("roles"), seats, list(FACTION_IDS))
    names = module_names(options, seats)
    for name in names:
        MODULES[name].check_options(seats, options)
        try:
            MODULES[name].content()
        except ContentError as err:
            raise RuleError("content", str(err), code=OkcRefusal.BAD_PACK) from None
    for option, module in MODULE_OPTIONS.items():
        if option in MODULE_DEFAULTS and str(options.get(option, "")) == str(MODULE_DEFAULTS[option]):
            options[option] = MODULE_DEFAULTS[option]   # "5" typed in the lobby is the default 5
        if str(options.get(option, "")) not in ("", str(MODULE_DEFAULTS.get(option, ""))) and module not in names:
            raise RuleError("modules", f"the option {option} needs the {MODULES[module].title} module in the game",
                            code=Refusal.BAD_OPTION, legal=f"modules={module} (with the other modules you want)")
    try:
        load_pack(str(options.get("pack", "starter")))
    except ContentError as err:
        raise RuleError("content", str(err), code=OkcRefusal.BAD_PACK) from None


def setup(state: GameState) -> None:
    opts = state.options
    pack = load_pack(str(opts.get("pack", "starter")))
    g = Okc(pack=pack.id, length=int(opts["length"]))
    g.modules = module_names(opts, len(state.seats))
    g.playing = playing(g.modules)
    state.data = g
    # A-B: the board, the Councils, a Kingdom Deck drawn from the pool, the Great Road.
    g.regions = [RegionState(r.id) for r in pack.regions]
    g.layout = {r.id: list(r.locations) for r in pack.regions}
    g.councils = {c: [] for c in pack.councils}
    pool = sorted(pack.kingdom)
    state.rng.shuffle(pool, why="kingdom deck")
    g.kingdom_deck = pool[:pack.deck_size]
    for m in g.playing:
        g.kingdom_deck = m.kingdom_deck(state, g.kingdom_deck)
    g.great_road = [g.kingdom_deck.pop(0) for _ in range(3)]
    # C-G: tokens in the Reserve, the Favour on its Location with every use, markers.
    g.favour_holder = None
    g.favour_uses = pack.favour.uses
    # H-N: each player's faction.
    # H: each seat's faction: the chosen ones (lobby roles or the factions option), the rest dealt.
    chosen = chosen_factions(len(state.seats), opts) or [RANDOM_ROLE] * len(state.seats)
    factions = deal_roles(state, chosen, list(FACTION_IDS), why="factions")
    for seat, fid in zip(state.seats, factions, strict=True):
        faction = pack.factions[fid]
        p = Player(faction=fid, hand_size=faction.hand_size, start_hand_size=faction.hand_size)
        p.tactics = {t.id: False for t in faction.tactics}
        p.site = [c.id for c in faction.cards if c.kind in ("advanced", "hq")]
        heir = next(c.id for c in faction.cards if c.kind == "heir")
        p.deck = [c.id for c in faction.cards if c.kind == "basic"]
        state.rng.shuffle(p.deck, why=f"deck {seat}")
        p.hand = [heir]
        while len(p.hand) < p.hand_size and p.deck:
            p.hand.append(p.deck.pop(0))
        g.players[seat] = p
        state.emit(Event.private(seat, "okc.hand", seat=seat, cards=list(p.hand)))
    # O-P: turn order.
    g.order = list(state.seats)
    if opts.get("order", "random") == "random":
        state.rng.shuffle(g.order, why="turn order")
    state.emit(Event.public("okc.setup", factions={s: g.players[s].faction for s in state.seats},
                            order=list(g.order), length=g.length, road=list(g.great_road),
                            top=g.kingdom_deck[0] if g.kingdom_deck else None))
    if g.modules:
        ratings = {m.name: m.rating(opts) for m in g.playing}
        state.emit(Event.public("okc.modules", modules=ratings, total=sum(ratings.values()),
                                band=band(sum(ratings.values()))))
    for m in g.playing:
        m.setup(state)
    g.extra.pop(BAG, None)          # Starting Locations: the bag is emptied once modules are set up
    # Round 1 skips the Start of the Year.

    begin_bids(state)
    advance(state)
