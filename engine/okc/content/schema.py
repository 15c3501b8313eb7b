"""Content pack schema: the definitions a pack's JSON files are read into, and their checks.

Every mistake is refused with a :class:`ContentError` naming the file and the field path
(``nobility.json: cards[3].commands[0].steps[1].amount: expected a whole number``).
See docs/okc-content.md for the documented format.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.okc.content.vocabulary import CLASH_STEPS, KEYWORDS, SOURCE_STEPS, STEPS, SUITS, describe

Steps = tuple[dict[str, Any], ...]
TIMINGS = ("spring", "day", "night", "autumn", "winter")
ACTION_TIMINGS = ("spring", "day", "autumn")


class ContentError(ValueError):
    """A content pack mistake, naming the file and the field."""

    def __init__(self, file: str, path: str, message: str):
        self.file, self.path = file, path
        super().__init__(f"{file}: {path}: {message}")


@dataclass(frozen=True)
class Command:
    timing: str                  # day | night | autumn | winter
    keyword: str | None = None   # ambush | flank | deadly (built-in behaviour) or None
    steps: Steps = ()


@dataclass(frozen=True)
class Bonus:
    when: str          # alone | per_supporter | per_suit
    amount: int
    suit: str | None = None


@dataclass(frozen=True)
class FactionCard:
    id: str
    name: str
    faction: str
    kind: str          # basic | heir | advanced | hq
    strength: int
    votes: int = 0
    lore: int = 0
    cost: int | None = None
    traits: tuple[str, ...] = ()
    commands: tuple[Command, ...] = ()
    bonuses: tuple[Bonus, ...] = ()
    text: str = ""


@dataclass(frozen=True)
class Ability:
    """A usable ability: a Tactic's unexhausted side, a Kingdom card action, a Favour use. A Tactic may
    also have an ability on its exhausted side (``back``), usable once a round while it is exhausted."""

    id: str
    name: str
    timing: tuple[str, ...]
    steps: Steps
    text: str = ""
    back: Ability | None = None


@dataclass(frozen=True)
class KingdomCard:
    id: str
    name: str
    suit: str
    kind: str                      # instant | keep | occupy
    on_gain: Steps = ()
    action: Ability | None = None
    winter: Steps = ()
    strength: int = 0              # passive: added to your tally in every clash you take part in
    votes: int = 0                 # passive: added to your votes in each Council you Govern into
    herald: int = 0                # passive: extra Influence on each Herald reward
    text: str = ""


@dataclass(frozen=True)
class Faction:
    id: str
    name: str
    blurb: str
    hand_size: int
    cards: tuple[FactionCard, ...]
    tactics: tuple[Ability, ...]


@dataclass(frozen=True)
class Location:
    id: str
    name: str
    region: str
    side: str          # left | right
    reward: Steps
    text: str = ""


@dataclass(frozen=True)
class Region:
    id: str
    name: str
    locations: tuple[str, ...]


@dataclass(frozen=True)
class Tier:
    votes: int
    steps: Steps


@dataclass(frozen=True)
class Council:
    id: str
    name: str
    tiers: tuple[Tier, ...]
    text: str = ""


@dataclass(frozen=True)
class Favour:
    uses: int
    location: str
    abilities: tuple[Ability, ...]


@dataclass
class Pack:
    id: str
    name: str
    deck_size: int
    factions: dict[str, Faction]
    regions: tuple[Region, ...]
    locations: dict[str, Location]
    kingdom: dict[str, KingdomCard]
    councils: dict[str, Council]
    favour: Favour
    cards: dict[str, FactionCard] = field(default_factory=dict)
    tactics: dict[str, Ability] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for f in self.factions.values():
            for c in f.cards:
                self.cards[c.id] = c
            for t in f.tactics:
                self.tactics[t.id] = t


# -- checking helpers --------------------------------------------------------------------

class Reader:
    """Reads one JSON object with field checks that name the file and path."""

    def __init__(self, file: str, data: Any, path: str = ""):
        self.file, self.data, self.path = file, data, path
        if not isinstance(data, dict):
            self.fail("", f"expected an object, got {type(data).__name__}")

    def fail(self, key: str, message: str) -> ContentError:
        where = f"{self.path}.{key}" if self.path and key else (self.path or key or "(top)")
        raise ContentError(self.file, where, message)

    def known(self, *keys: str) -> None:
        extra = sorted(set(self.data) - set(keys))
        if extra:
            self.fail(extra[0], f"unknown field (known: {', '.join(keys)})")

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = ..., *, lo: int | None = None,
            hi: int | None = None, choices: tuple[str, ...] = ()) -> Any:
        if key not in self.data:
            if default is ...:
                self.fail(key, "missing required field")
            return default
        value = self.data[key]
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            self.fail(key, f"expected a whole number, got {value!r}")
        if kind is not int and not isinstance(value, kind):
            name = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
            self.fail(key, f"expected {name}, got {value!r}")
        if isinstance(value, int) and not isinstance(value, bool):
            if lo is not None and value < lo or hi is not None and value > hi:
                self.fail(key, f"{value} is out of range {lo}..{hi}")
        if choices and value not in choices:
            self.fail(key, f"unknown value {value!r} (known: {', '.join(choices)})")
        return value

    def child(self, key: str, value: Any) -> Reader:
        return Reader(self.file, value, f"{self.path}.{key}" if self.path else key)

    def items(self, key: str, default: Any = ...) -> list[Reader]:
        values = self.get(key, list, default if default is ... else list(default))
        return [self.child(f"{key}[{i}]", v) for i, v in enumerate(values)]

    def strings(self, key: str, choices: tuple[str, ...]) -> tuple[str, ...]:
        values = self.get(key, list, [])
        for i, v in enumerate(values):
            if v not in choices:
                self.fail(f"{key}[{i}]", f"unknown value {v!r} (known: {', '.join(choices)})")
        return tuple(values)


def read_steps(r: Reader, key: str, *, clash: bool = False, source: bool = False,
               extra: dict[str, dict[str, Any]] | None = None) -> Steps:
    """A list of effect steps checked against the vocabulary (and a module's ``extra`` step kinds)."""
    out = []
    known = {**STEPS, **(extra or {})}
    for s in r.items(key, ()):
        kind = s.get("do", str, choices=tuple(known))
        spec = known[kind]
        s.known("do", *spec)
        step: dict[str, Any] = {"do": kind}
        for name, f in spec.items():
            if name not in s.data:
                if f.required:
                    s.fail(name, f"missing required field of step {kind!r}")
                if f.default is not None:
                    step[name] = f.default
                continue
            value = s.data[name]
            if f.kind == "int":
                step[name] = s.get(name, int, lo=-20, hi=20)
            elif f.kind == "bool":
                step[name] = s.get(name, bool)
            elif f.kind == "amount":
                if isinstance(value, str):
                    suit = value.removeprefix("per_suit:")
                    if not value.startswith("per_suit:") or suit not in SUITS:
                        s.fail(name, f"expected a number or per_suit:<{'|'.join(SUITS)}>, got {value!r}")
                    step[name] = value
                else:
                    step[name] = s.get(name, int, lo=0, hi=20)
            else:
                step[name] = s.get(name, str, choices=tuple(f.kind[5:].split("|")))
        if kind in CLASH_STEPS and not clash:
            s.fail("do", f"step {kind!r} only works during a clash (day or night commands)")
        if kind in SOURCE_STEPS and not source:
            s.fail("do", f"step {kind!r} needs a source card (a card's own command)")
        out.append(step)
    return tuple(out)


def read_tactic(r: Reader) -> Ability:
    """A Tactic tile: its unexhausted side, and optionally an ability on its ``exhausted`` side."""
    front = read_ability(r, extra=("exhausted",))
    if "exhausted" not in r.data:
        return front
    side = r.child("exhausted", r.get("exhausted", dict))
    side.known("timing", "steps", "text")
    timing = side.strings("timing", ACTION_TIMINGS)
    if not timing:
        side.fail("timing", "at least one timing is needed")
    steps = read_steps(side, "steps", clash="day" in timing and len(timing) == 1)
    if not steps:
        side.fail("steps", "an ability needs at least one step")
    back = Ability(f"{front.id}.exhausted", front.name, timing, steps, side.get("text", str, "") or describe(list(steps)))
    return Ability(front.id, front.name, front.timing, front.steps, front.text, back)


def read_ability(r: Reader, *, timings: tuple[str, ...] = ACTION_TIMINGS, extra: tuple[str, ...] = (),
                 extra_steps: dict[str, dict[str, Any]] | None = None) -> Ability:
    r.known("id", "name", "timing", "steps", "text", *extra)
    timing = r.strings("timing", timings)
    if not timing:
        r.fail("timing", "at least one timing is needed")
    steps = read_steps(r, "steps", clash="day" in timing and len(timing) == 1, extra=extra_steps)
    if not steps:
        r.fail("steps", "an ability needs at least one step")
    return Ability(r.get("id", str), r.get("name", str), timing, steps, r.get("text", str, "") or describe(list(steps)))


def read_command(r: Reader) -> Command:
    r.known("timing", "keyword", "steps")
    timing = r.get("timing", str, choices=("day", "night", "autumn", "winter"))
    keyword = r.get("keyword", str, None, choices=KEYWORDS)
    expected = {"ambush": "day", "flank": "day", "deadly": "night"}
    if keyword and expected[keyword] != timing:
        r.fail("timing", f"{keyword} is a {expected[keyword]} command")
    in_clash = timing in ("day", "night")
    steps = read_steps(r, "steps", clash=in_clash, source=in_clash)
    if not keyword and not steps:
        r.fail("steps", "a command without a keyword needs steps")
    return Command(timing, keyword, steps)
