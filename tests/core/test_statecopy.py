"""engine.core.statecopy: the copy behind rules.clone is equal to its original and shares nothing
mutable with it; objects it does not know how to rebuild go through pickle."""

import enum
from dataclasses import dataclass, field

from engine.core.statecopy import copy_data


@dataclass
class Leaf:
    name: str
    tags: list[str] = field(default_factory=list)
    weight: float = 0.5


@dataclass
class Tree:
    leaves: dict[str, Leaf]
    order: list[Leaf]
    pair: tuple[int, list[int]]
    nothing: None = None
    empty: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Frozen:
    items: list[int]


class Slotted:
    __slots__ = ("value",)

    def __init__(self, value: list[int]) -> None:
        self.value = value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Slotted) and other.value == self.value


class Colour(enum.Enum):
    RED = 1


def _mutables(x: object) -> list[object]:
    """Every mutable object reached from ``x`` (itself included)."""
    if isinstance(x, str | int | float | bool | type(None) | Colour):
        return []
    out: list[object] = [] if isinstance(x, tuple) else [x]
    if isinstance(x, dict):
        for v in x.values():
            out += _mutables(v)
    elif isinstance(x, list | tuple | set):
        for v in x:
            out += _mutables(v)
    elif isinstance(x, Slotted):
        out += _mutables(x.value)
    else:
        for v in vars(x).values():
            out += _mutables(v)
    return out


def test_a_copy_is_equal_and_shares_nothing_mutable() -> None:
    a, b = Leaf("a", ["x"]), Leaf("b")
    tree = Tree({"a": a, "b": b}, [a, b], (1, [2, 3]))
    twin = copy_data(tree)
    assert twin == tree
    assert type(twin) is Tree and type(twin.leaves["a"]) is Leaf
    originals = {id(o) for o in _mutables(tree)}
    assert not originals & {id(o) for o in _mutables(twin)}
    twin.leaves["a"].tags.append("y")
    assert tree.leaves["a"].tags == ["x"]


def test_what_it_cannot_rebuild_goes_through_pickle() -> None:
    x = {"frozen": Frozen([1]), "slotted": Slotted([2]), "colour": Colour.RED, "set": {3, 4}}
    twin = copy_data(x)
    assert twin == x
    assert twin["colour"] is Colour.RED
    assert twin["frozen"].items is not x["frozen"].items
    assert twin["slotted"].value is not x["slotted"].value
    assert twin["set"] is not x["set"]
