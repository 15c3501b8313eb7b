"""A deep copy of a game's data for search (:func:`engine.core.rules.clone`, docs/agents.md).

A game's data is plain dataclasses, dicts, lists and immutable scalars with no object reached
twice (what ``serial`` saves and loads), so a copy walks it once: scalars are shared, containers
and dataclass instances (with or without ``__slots__``, or compiled by ``make build``) are rebuilt. Faster than a pickle round
trip, which matters because the searching agents copy a sampled game once per action they weigh.
An object whose class sets ``shared_by_copies`` (a game's rule objects that its data names, such as
OKC's Wild Kingdom modules in ``Okc.playing``: immutable, never saved) is the same object in the copy.
Any other object (a class with inherited ``__slots__`` or its own pickling, a frozen dataclass, a
set, an enum) is copied by pickle, as before.
"""

from __future__ import annotations

import dataclasses
import pickle
from collections.abc import Callable
from typing import Any

_SHARED = frozenset({str, int, float, bool, type(None)})
# What pickle would call to take an object apart and build it again: a class that keeps object's own
# (and is not frozen, which is object.__setattr__ replaced) is just its __dict__.
_OBJECT_HOOKS = ("__new__", "__setattr__", "__reduce_ex__", "__reduce__", "__getstate__")


class _Copiers(dict[type, Callable[[Any], Any]]):
    """The copier of each type met so far, learned at its first instance."""

    def __missing__(self, t: type) -> Callable[[Any], Any]:
        if getattr(t, "shared_by_copies", False):
            self[t] = _same
            return _same
        hooks = all(getattr(t, hook) is getattr(object, hook) for hook in _OBJECT_HOOKS) and not hasattr(t, "__setstate__")
        slots = vars(t).get("__slots__") if t.__mro__ == (t, object) else None
        if hooks and slots is not None and not {"__dict__", "__weakref__"} & set(slots):
            copier = _attributes_copier(t, tuple(slots), object.__new__)
        elif hooks and all("__slots__" not in vars(base) for base in t.__mro__):
            copier = _object_copier(t)
        elif _compiled_dataclass(t):
            copier = _attributes_copier(t, tuple(f.name for f in dataclasses.fields(t)), t.__new__)
        else:
            copier = _by_pickle
        self[t] = copier
        return copier


_COPIERS = _Copiers()


def copy_data(x: Any) -> Any:
    """A copy of ``x`` sharing nothing mutable with it (the same game as a save and load gives)."""
    t = type(x)
    return x if t in _SHARED else _COPIERS[t](x)


def _copy_list(x: list[Any]) -> list[Any]:
    if not x:
        return []
    return [v if (t := type(v)) in _SHARED else _COPIERS[t](v) for v in x]


def _copy_dict(x: dict[Any, Any]) -> dict[Any, Any]:
    if not x:
        return {}
    return {k: v if (t := type(v)) in _SHARED else _COPIERS[t](v) for k, v in x.items()}


def _copy_tuple(x: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple([v if (t := type(v)) in _SHARED else _COPIERS[t](v) for v in x])


def _object_copier(cls: type) -> Callable[[Any], Any]:
    """An ordinary class (no slots, no pickling hooks, not frozen): its ``__dict__`` rebuilt, as
    pickle would."""
    def copy_object(x: Any) -> Any:
        new: Any = object.__new__(cls)
        new.__dict__ = {k: v if (t := type(v)) in _SHARED else _COPIERS[t](v) for k, v in x.__dict__.items()}
        return new

    return copy_object


def _attributes_copier(cls: type, names: tuple[str, ...], new_instance: Any) -> Callable[[Any], Any]:
    """A class whose attributes are ``names`` and nothing else: a new instance made by ``new_instance``
    (its attributes unset), each attribute copied into it, as pickle would. A ``slots=True`` dataclass
    is made by ``object.__new__``; a dataclass compiled by ``make build`` (mypyc) keeps its fields in
    C and is made by its own ``__new__``."""
    def copy_attributes(x: Any) -> Any:
        new: Any = new_instance(cls)
        for name in names:
            v = getattr(x, name)
            setattr(new, name, v if (t := type(v)) in _SHARED else _COPIERS[t](v))
        return new

    return copy_attributes


def _compiled_dataclass(t: type) -> bool:
    """A dataclass that ``make build`` compiled (mypyc), not frozen: its fields are stored in C, in
    neither ``__slots__`` nor a ``__dict__`` (the pickling hooks mypyc gives it are not needed here)."""
    params = getattr(t, "__dataclass_params__", None)
    return params is not None and not params.frozen and "__slots__" not in vars(t) and "__dict__" not in vars(t)


def _same(x: Any) -> Any:
    return x


def _by_pickle(x: Any) -> Any:
    return pickle.loads(pickle.dumps(x, protocol=pickle.HIGHEST_PROTOCOL))


_COPIERS.update({list: _copy_list, dict: _copy_dict, tuple: _copy_tuple})
