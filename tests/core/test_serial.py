"""Dataclass trees to JSON and back."""

from dataclasses import dataclass, field
from enum import Enum

import pytest

from engine.core import serial


class Kind(Enum):
    KNIGHT = "knight"
    ARCHER = "archer"


@dataclass
class Unit:
    kind: Kind
    hidden: bool = True


@dataclass
class City:
    units: list[Unit] = field(default_factory=list)
    owner: str | None = None
    tags: set[str] = field(default_factory=set)


@dataclass
class Board:
    cities: dict[str, City]
    order: tuple[str, ...] = ()
    extra: dict = field(default_factory=dict)


def test_round_trip() -> None:
    board = Board({"London": City([Unit(Kind.KNIGHT)], "alice", {"b", "a"}), "York": City()}, ("a", "b"), {"x": [1]})
    data = serial.dump(board)
    assert data["cities"]["London"]["units"][0]["kind"] == "knight"
    assert data["cities"]["London"]["tags"] == ["a", "b"]
    assert serial.load(Board, data) == board


def test_unknown_fields_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown field"):
        serial.load(City, {"units": [], "colour": "red"})
