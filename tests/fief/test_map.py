"""The map as data (notes on the map: docs/fief-map.md): facts the rulebook's examples fix."""

import json

import pytest

from engine.fief.map import load_map, parse_map
from engine.fief.schema import DataError, Field, read

M = load_map()


def test_six_regions_eighteen_cities_ranks():
    """Regions I-VI with 3, 2, 2, 3, 4, 4 cities: County, Barony, Barony, County, Duchy, Duchy (4.3)."""
    assert len(M.cities) == 18
    assert [len(M.regions[r].cities) for r in ("I", "II", "III", "IV", "V", "VI")] == [3, 2, 2, 3, 4, 4]
    assert M.regions["III"].rank == "barony" and M.regions["V"].rank == "duchy"


def test_ports_and_cathedrals():
    """5.4 ports; 12.0 four cathedral cities, one per ecclesiastic district (2.14)."""
    assert {c.name for c in M.cities.values() if c.port} == {"Plymouth", "Cardiff", "Berwick", "Whitby",
                                                            "King's Lynn", "London"}
    assert {c.name for c in M.cities.values() if c.cathedral} == {"Exeter", "York", "Norwich", "Canterbury"}
    assert M.districts["exeter"].regions == ("I", "II") and M.districts["york"].regions == ("III", "IV")


def test_ex_6_2_kings_lynn_compass():
    """Ex 6-2: from King's Lynn North is Lincoln, West Coventry, East Norwich, and no road South."""
    assert M.toward("King's Lynn", "N") == "Lincoln"
    assert M.toward("King's Lynn", "W") == "Coventry"
    assert M.toward("King's Lynn", "E") == "Norwich"
    assert M.toward("King's Lynn", "S") is None


def _distance(a: str, b: str) -> int:
    seen, frontier, d = {a}, [a], 0
    while frontier:
        if b in frontier:
            return d
        d += 1
        frontier = [n for c in frontier for n in M.neighbours(c) if n not in seen and not seen.add(n)]
    return -1


def test_ex_13_1_york_to_kings_lynn_takes_three_road_moves():
    """Ex 13-1: by road York to King's Lynn is three moves (Whitby, Lincoln); Sherwood joins them in one."""
    assert _distance("York", "King's Lynn") == 3
    assert "Lincoln" in M.neighbours("Whitby") and "Whitby" in M.neighbours("York")
    assert set(M.sherwood) == {"York", "Lincoln", "King's Lynn", "Nottingham"}


def test_examples_roads():
    """Ex 5-1, 5-2, 5-5, 5-6: the roads the examples use; Winchester-London is not one (Ex 5-2)."""
    for a, b in [("Oxford", "London"), ("London", "Canterbury"), ("Winchester", "Canterbury"),
                 ("Durham", "Berwick"), ("Cardiff", "Harlech"), ("Whitby", "Lincoln")]:
        assert b in M.neighbours(a) and a in M.neighbours(b)
    assert "London" not in M.neighbours("Winchester")


def test_every_road_has_one_compass_label_per_city():
    for c in M.cities.values():
        points = [d for d, _ in c.roads]
        assert len(points) == len(set(points)) and c.roads


def test_seas_ring():
    """Sea III touches II and IV (Ex 5-5, 12.2); the ring closes VI-I."""
    assert set(M.seas["III"].neighbours) == {"II", "IV"}
    assert set(M.seas["I"].neighbours) == {"VI", "II"}


def test_city_names_from_loose_text():
    assert M.city_key("kings-lynn") == "King's Lynn" and M.city_key("LONDON") == "London"


def test_validation_names_file_and_field():
    doc = json.loads(json.dumps(read("map.json").value))
    doc["cities"][3]["region"] = "VII"
    with pytest.raises(DataError, match=r"map.json: cities\[3\].region"):
        parse_map(Field("map.json", doc))
    doc = json.loads(json.dumps(read("map.json").value))
    doc["roads"].append({"a": "London", "a_dir": "E", "b": "Norwich", "b_dir": "S"})
    with pytest.raises(DataError, match="London already has a road toward E"):
        parse_map(Field("map.json", doc))
