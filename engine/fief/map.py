"""The map of England as data: regions, cities, roads with compass labels, ports, seas,
ecclesiastic districts, cathedral cities and Sherwood's bandit paths.

Loaded once from ``data/map.json`` and validated (see docs/fief-map.md for the reasoning behind
the road network). Everything here is immutable; the game state refers to cities by name.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.fief.schema import DataError, Field, read, unique

COMPASS = ("N", "E", "S", "W")
REGION_IDS = ("I", "II", "III", "IV", "V", "VI")
# 4.3: a Fiefdom's rank follows its number of cities.
RANKS = {2: "barony", 3: "county", 4: "duchy"}


@dataclass(frozen=True)
class Region:
    id: str
    number: int
    name: str
    colour: str
    label: tuple[int, int]
    sea: str
    port: str
    district: str
    cities: tuple[str, ...]

    @property
    def rank(self) -> str:
        return RANKS[len(self.cities)]


@dataclass(frozen=True)
class City:
    name: str
    region: str
    x: int
    y: int
    port: bool
    cathedral: bool
    roads: tuple[tuple[str, str], ...]  # (compass point, neighbour)


@dataclass(frozen=True)
class Road:
    a: str
    a_dir: str
    b: str
    b_dir: str


@dataclass(frozen=True)
class Sea:
    id: str
    region: str
    label: tuple[int, int]
    neighbours: tuple[str, str]


@dataclass(frozen=True)
class District:
    id: str
    name: str
    rank: str  # bishopric | archbishopric
    cathedral: str
    regions: tuple[str, ...]


@dataclass(frozen=True, eq=False)
class GameMap:
    width: int
    height: int
    regions: dict[str, Region]
    cities: dict[str, City]
    roads: tuple[Road, ...]
    seas: dict[str, Sea]
    districts: dict[str, District]
    sherwood: tuple[str, ...]
    sherwood_xy: tuple[int, int]

    def neighbours(self, city: str) -> list[str]:
        return [n for _, n in self.cities[city].roads]

    def toward(self, city: str, point: str) -> str | None:
        """6.3: the neighbour reached by the road leaving ``city`` toward a compass point."""
        for d, n in self.cities[city].roads:
            if d == point:
                return n
        return None

    def region_of(self, city: str) -> Region:
        return self.regions[self.cities[city].region]

    def district_of_region(self, region: str) -> District:
        return self.districts[self.regions[region].district]

    def city_key(self, text: str) -> str | None:
        """A city name from loose text: ``kings-lynn``, ``King's Lynn`` and ``KINGS_LYNN`` all work."""
        aliases = _aliases(self)
        if text in self.cities and len(aliases) == len(self.cities):   # an exact name (no two names look alike)
            return text
        return aliases.get(_norm(text))

    def public(self) -> dict[str, Any]:
        """The map as JSON for the renderer and the docs."""
        return {
            "canvas": {"width": self.width, "height": self.height},
            "regions": {r.id: {"number": r.number, "name": r.name, "colour": r.colour, "label": list(r.label),
                               "sea": r.sea, "port": r.port, "district": r.district, "cities": list(r.cities),
                               "rank": r.rank} for r in self.regions.values()},
            "cities": {c.name: {"region": c.region, "x": c.x, "y": c.y, "port": c.port, "cathedral": c.cathedral,
                                "roads": {d: n for d, n in c.roads}} for c in self.cities.values()},
            "roads": [{"a": r.a, "a_dir": r.a_dir, "b": r.b, "b_dir": r.b_dir} for r in self.roads],
            "seas": {s.id: {"region": s.region, "label": list(s.label), "neighbours": list(s.neighbours)}
                     for s in self.seas.values()},
            "districts": {d.id: {"name": d.name, "rank": d.rank, "cathedral": d.cathedral, "regions": list(d.regions)}
                          for d in self.districts.values()},
            "sherwood": {"x": self.sherwood_xy[0], "y": self.sherwood_xy[1], "cities": list(self.sherwood)},
        }


def _norm(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


@cache
def _aliases(m: GameMap) -> dict[str, str]:
    return {_norm(name): name for name in m.cities}


def parse_map(doc: Field) -> GameMap:
    """Build and validate a :class:`GameMap` from the JSON document ``doc``."""
    width = doc["canvas"]["width"].int(low=100)
    height = doc["canvas"]["height"].int(low=100)
    region_fields = doc["regions"].items()
    unique(doc["regions"], [f["id"].str() for f in region_fields], "region")
    if sorted(f["id"].value for f in region_fields) != sorted(REGION_IDS):
        raise doc["regions"].fail(f"expected regions {list(REGION_IDS)}")
    district_fields = doc["districts"].items()
    district_ids = [f["id"].str() for f in district_fields]
    unique(doc["districts"], district_ids, "district")

    cities_by_region: dict[str, list[str]] = {r: [] for r in REGION_IDS}
    city_rows: list[tuple[str, str, int, int]] = []
    for f in doc["cities"].items():
        name, region = f["name"].str(), f["region"].str(choices=REGION_IDS)
        city_rows.append((name, region, f["x"].int(low=0, high=width), f["y"].int(low=0, high=height)))
        cities_by_region[region].append(name)
    unique(doc["cities"], [c[0] for c in city_rows], "city")
    names = {c[0] for c in city_rows}

    roads: list[Road] = []
    exits: dict[str, dict[str, str]] = {n: {} for n in names}
    for f in doc["roads"].items():
        road = Road(f["a"].str(choices=names), f["a_dir"].str(choices=COMPASS),
                    f["b"].str(choices=names), f["b_dir"].str(choices=COMPASS))
        if road.a == road.b:
            raise f.fail("a road joins two different cities")
        for city, point, other in ((road.a, road.a_dir, road.b), (road.b, road.b_dir, road.a)):
            if point in exits[city]:
                raise f.fail(f"{city} already has a road toward {point} (to {exits[city][point]})")
            if other in exits[city].values():
                raise f.fail(f"{city} and {other} are already joined")
            exits[city][point] = other
        roads.append(road)
    _check_connected(doc["roads"], exits)

    regions: dict[str, Region] = {}
    ports: set[str] = set()
    for f in region_fields:
        rid = f["id"].str()
        cities = tuple(cities_by_region[rid])
        if len(cities) not in RANKS:
            raise f.fail(f"region {rid} has {len(cities)} cities; a Fiefdom has 2, 3 or 4")
        port = f["port"].str(choices=cities)
        ports.add(port)
        regions[rid] = Region(rid, f["number"].int(low=1, high=6), f["name"].str(), f["colour"].str(),
                              f["label"].point(width, height), f["sea"].str(choices=REGION_IDS), port,
                              f["district"].str(choices=district_ids), cities)

    ring = [x.str(choices=REGION_IDS) for x in doc["sea_ring"].items()]
    unique(doc["sea_ring"], ring, "sea")
    if len(ring) != 6:
        raise doc["sea_ring"].fail("the ring holds all six seas")
    seas: dict[str, Sea] = {}
    for f in doc["seas"].items():
        sid = f["id"].str(choices=REGION_IDS)
        i = ring.index(sid)
        seas[sid] = Sea(sid, f["region"].str(choices=REGION_IDS), f["label"].point(width, height),
                        (ring[i - 1], ring[(i + 1) % 6]))
    if set(seas) != set(REGION_IDS):
        raise doc["seas"].fail("expected one sea per region")

    districts: dict[str, District] = {}
    covered: list[str] = []
    cathedrals: set[str] = set()
    for f in district_fields:
        regs = tuple(x.str(choices=REGION_IDS) for x in f["regions"].items())
        cathedral = f["cathedral"].str(choices=names)
        if cities_of(regs, cities_by_region).count(cathedral) != 1:
            raise f["cathedral"].fail(f"{cathedral} is not a city of this district")
        covered += regs
        cathedrals.add(cathedral)
        districts[f["id"].value] = District(f["id"].value, f["name"].str(),
                                            f["rank"].str(choices=("bishopric", "archbishopric")), cathedral, regs)
    if sorted(covered) != sorted(REGION_IDS):
        raise doc["districts"].fail("every region belongs to exactly one district")
    for r in regions.values():
        if r.id not in districts[r.district].regions:
            raise doc["regions"].fail(f"region {r.id} names district {r.district}, which does not list it")

    sher = doc["sherwood"]
    bandit = tuple(x.str(choices=names) for x in sher["cities"].items())
    city_map = {
        name: City(name, region, x, y, name in ports, name in cathedrals,
                   tuple((d, exits[name][d]) for d in COMPASS if d in exits[name]))
        for name, region, x, y in city_rows
    }
    return GameMap(width, height, regions, city_map, tuple(roads), seas, districts, bandit,
                   (sher["x"].int(low=0, high=width), sher["y"].int(low=0, high=height)))


def cities_of(regions: tuple[str, ...], by_region: dict[str, list[str]]) -> list[str]:
    return [c for r in regions for c in by_region[r]]


def _check_connected(field: Field, exits: dict[str, dict[str, str]]) -> None:
    start = next(iter(exits))
    seen, todo = {start}, [start]
    while todo:
        for n in exits[todo.pop()].values():
            if n not in seen:
                seen.add(n)
                todo.append(n)
    missing = sorted(set(exits) - seen)
    if missing:
        raise field.fail(f"the road network does not reach {missing}")


@cache
def load_map(name: str = "map.json") -> GameMap:
    """The validated map (cached)."""
    try:
        return parse_map(read(name))
    except DataError:
        raise
    except (KeyError, TypeError, ValueError) as err:  # pragma: no cover - defensive
        raise DataError(f"{name}: {err}") from err


MAP_NAME = "map.json"
