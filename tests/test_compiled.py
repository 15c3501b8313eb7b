"""The compiled engine (``make build``, engine/compile.py) and its import guard (engine/__init__.py).

The tests marked ``build`` are about the build itself: ``make test`` runs them after building (the
rest of the suite runs on the sources), and they fail without a current build. The others check the
build's parts (which modules, which libraries, the record, the guard) without one."""

from __future__ import annotations

import dataclasses
import importlib.machinery
import json
import os
import subprocess
import sys
import typing
from pathlib import Path
from typing import Any

import pytest

import engine
import engine.fief.legal
from engine.core import serial

ROOT = Path(__file__).resolve().parents[1]
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]
build = pytest.mark.build


@build
def test_a_built_module_is_what_runs() -> None:
    assert engine.SOURCES_BECAUSE is None, f"the engine runs {engine.running()}"
    assert Path(engine.fief.legal.__file__ or "").name == f"legal{SUFFIX}"


def _tree(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A compiled module (its source and extension) and the build's record, as ``make build`` leaves them."""
    (tmp_path / "engine").mkdir()
    source, extension = tmp_path / "engine" / "fake.py", tmp_path / "engine" / f"fake{SUFFIX}"
    record = tmp_path / "engine" / engine.RECORD
    source.write_text("X = 1\n")
    extension.write_bytes(b"")   # never loaded: only the dates and the spec the guard returns are read
    record.write_text(json.dumps({"modules": {"engine.fake": {}}}))
    for path, when in ((source, 1_000_000), (extension, 2_000_000), (record, 2_000_000)):
        os.utime(path, (when, when))
    return source, extension, record


def test_a_build_counts_only_while_every_compiled_source_is_older_than_its_record(tmp_path: Path) -> None:
    source, _, record = _tree(tmp_path)
    root = tmp_path / "engine"
    assert engine.stale(root) is None
    (root / "words.py").write_text("")   # a module left as Python may change freely
    assert engine.stale(root) is None
    os.utime(source, (3_000_000, 3_000_000))   # the source edited after the build
    assert engine.stale(root) == "engine/fake.py changed after the build (make build)"
    os.utime(source, (1_000_000, 1_000_000))
    record.unlink()
    assert engine.stale(root) == "there is no build (make build compiles one)"


def test_the_guard_takes_every_source_or_every_extension(tmp_path: Path) -> None:
    source, extension, _ = _tree(tmp_path)
    for sources, expected in ((True, source), (False, extension)):
        spec = engine._SourceWhenStale(sources).find_spec("engine.fake", [str(tmp_path / "engine")])
        assert spec is not None and spec.origin == str(expected)


@build
def test_the_engines_values_survive_a_pickle() -> None:
    """The thinking pool sends games and actions to other processes; a compiled frozen dataclass is
    pickled by its fields (``__reduce__``), a compiled state as any object is."""
    import pickle

    from engine import games  # noqa: F401  (registers fief and okc)
    from engine.core import Action, Decision, DecisionKind, Event, Result
    from engine.registry import get

    values = [Action.of("move", noble="henri", troops=["knight"]), Event("k", {"a": 1}, ("p1",)),
              Decision("d", DecisionKind.SEQUENTIAL, ("p1",), "fief.move", (("p1", Action.of("done")),), info={"f": 1}),
              Result(("p1",), "solo", {"p1": 3})]
    for value in values:
        assert pickle.loads(pickle.dumps(value)) == value
    for game in ("fief", "okc"):
        rules = get(game)
        state, _ = rules.new_game(["p1", "p2", "p3"], {}, 4)
        assert rules.fingerprint(pickle.loads(pickle.dumps(state))) == rules.fingerprint(state)


@build
def test_a_game_is_copied_for_search_field_by_field_not_by_pickle() -> None:
    """The search copies a game per sample and per look-ahead (``clone``): a compiled dataclass is copied
    field by field (``statecopy``), as a plain one is slot by slot; a pickle round trip is several times slower."""
    from engine import games  # noqa: F401  (registers fief and okc)
    from engine.core import statecopy
    from engine.core.rules import clone
    from engine.registry import get

    for game in ("fief", "okc"):
        rules = get(game)
        state, _ = rules.new_game(["p1", "p2", "p3"], {}, 4)
        twin = clone(state)
        assert rules.fingerprint(twin) == rules.fingerprint(state)
        slow = [t.__name__ for t, copier in statecopy._COPIERS.items() if copier is statecopy._by_pickle
                and t.__module__.startswith("engine.") and dataclasses.is_dataclass(t)
                and not t.__dataclass_params__.frozen]   # type: ignore[attr-defined]
        assert not slow, f"{game}: the game's dataclasses copied by pickle: {slow}"


def _games(game: str, pure: bool) -> list[str]:
    env = {**os.environ, "SENESCHAL_PURE": "1" if pure else ""}
    out = subprocess.run([sys.executable, "-m", "engine.simulate", game, "--games", "3", "--seed", "5"],
                         cwd=ROOT, env=env, capture_output=True, text=True, check=True).stdout
    return out.splitlines()[:-1]   # the last line is the speed


@build
@pytest.mark.parametrize("game", ["fief", "okc"])
def test_the_build_plays_the_same_games_as_the_source(game: str) -> None:
    assert _games(game, pure=False) == _games(game, pure=True)


HINTS = """
import dataclasses, json, sys
from engine import games
from engine.core import serial
from engine.registry import get

seen, out = set(), {}
def walk(cls):
    if cls in seen or not dataclasses.is_dataclass(cls):
        return
    seen.add(cls)
    hints = serial.type_hints(cls)
    out[f"{cls.__module__}.{cls.__qualname__}"] = {k: repr(v) for k, v in hints.items()}
    for tp in hints.values():
        for inner in (tp, *getattr(tp, "__args__", ())):
            for leaf in (inner, *getattr(inner, "__args__", ())):
                walk(leaf)
for game in ("fief", "okc"):
    walk(get(game).state_type)
json.dump(out, sys.stdout, sort_keys=True)
"""


def _hints(pure: bool) -> dict[str, dict[str, str]]:
    env = {**os.environ, "SENESCHAL_PURE": "1" if pure else ""}
    done = subprocess.run([sys.executable, "-c", HINTS], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    hints: dict[str, dict[str, str]] = json.loads(done.stdout)
    return hints


@build
def test_a_compiled_state_has_the_field_types_of_its_source() -> None:
    """The save format is driven by the field types: each game's state tree, class by class, has the
    same ones compiled (from the build's record) as from the sources."""
    compiled = _hints(pure=False)
    assert len(compiled) > 20 and "list[" in json.dumps(compiled)
    assert compiled == _hints(pure=True)


@dataclasses.dataclass
class Offer:
    price: int


Erased = dataclasses.make_dataclass("Erased", [("offers", list), ("best", dict)])   # as a compiled class keeps them
Erased.__module__ = __name__


def test_a_compiled_class_has_its_field_types_from_the_build_s_record(monkeypatch: pytest.MonkeyPatch) -> None:
    written = {__name__: {"Erased": {"offers": "list[Offer]", "best": "dict[str, Offer]"}, "Offer": {"price": "int"}}}
    monkeypatch.setattr(engine, "_written", lambda: written)
    monkeypatch.setattr(engine, "SOURCES_BECAUSE", None)   # as when the build runs
    assert serial.type_hints(Erased) == {"offers": list[Offer], "best": dict[str, Offer]}
    data = {"offers": [{"price": 2}], "best": {"mill": {"price": 3}}}
    assert serial.load(Erased, data) == Erased([Offer(2)], {"mill": Offer(3)})
    monkeypatch.setattr(engine, "_written", lambda: {})   # a module the build left as Python: its own annotations
    assert serial.type_hints(Offer) == typing.get_type_hints(Offer) == {"price": int}


def test_the_record_keeps_each_class_s_annotations_as_written(tmp_path: Path) -> None:
    from engine.compile import written_annotations

    source = tmp_path / "m.py"
    source.write_text("class Board:\n    cities: dict[str, City]\n    size = 3\n\n"
                      "    class Cell:\n        owner: str | None = None\n\n\nclass Plain:\n    pass\n")
    assert written_annotations(source) == {"Board": {"cities": "dict[str, City]"}, "Board.Cell": {"owner": "str | None"}}


def test_the_compiled_sources_are_the_rules_the_agents_and_the_playout_loop() -> None:
    from engine.compile import sources

    names = {str(p.relative_to(ROOT)) for p in sources()}
    assert {"engine/fief/legal.py", "engine/okc/rules.py", "engine/agents/schemer.py", "engine/playout.py"} <= names
    assert not any("/words/" in n or "/content/" in n or n.endswith("__init__.py") for n in names)
    assert "engine/okc/balance.py" not in names   # a command: python -m cannot run a compiled module


def test_each_folder_is_a_library_cut_in_runs_of_lines(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from engine import compile as build_module

    root = tmp_path / "engine"
    for path, lines in (("fief/a.py", 3), ("fief/b.py", 3), ("fief/c.py", 9), ("fief/battle/d.py", 1), ("e.py", 1)):
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text("x = 1\n" * lines)
    monkeypatch.setattr(build_module, "ROOT", root)
    monkeypatch.setattr(build_module, "LINES", 8)
    layout = build_module.groups(sorted(root.rglob("*.py")))
    assert layout == [(["engine/e.py"], "seneschal_engine"),
                      (["engine/fief/a.py", "engine/fief/b.py"], "seneschal_engine_fief_1"),
                      (["engine/fief/c.py"], "seneschal_engine_fief_2"),
                      (["engine/fief/battle/d.py"], "seneschal_engine_fief_battle")]


def test_a_build_records_what_it_compiled_dated_from_when_it_read_the_sources(monkeypatch: pytest.MonkeyPatch,
                                                                              tmp_path: Path) -> None:
    """mypyc and the C compiler replaced by a record of what they were given: an edit made while the C
    compiles leaves the build stale; what an earlier layout left goes; there is no record while it builds."""
    import mypyc.build
    import setuptools

    from engine import compile as build_module

    root = tmp_path / "engine"
    (root / "core").mkdir(parents=True)
    (root / "core" / "rng.py").write_text("class Rng:\n    seed: int\n")
    left = root / "core" / f"moved{SUFFIX}"   # a module an earlier build compiled, since moved away
    left.write_bytes(b"")
    (root / engine.RECORD).write_text("{}")
    library = tmp_path / f"seneschal_engine_core__mypyc{SUFFIX}"
    steps: list[Any] = []

    class Extension:
        def __init__(self, name: str) -> None:
            self.name = name

    def mypycify(paths: list[str], **kw: Any) -> list[Extension]:
        steps.append((paths[2:], kw["separate"]))
        return [Extension("seneschal_engine_core__mypyc"), Extension("engine.core.rng")]

    def link(**kw: object) -> None:
        steps.append(f"link, {'without' if not (root / engine.RECORD).exists() else 'with'} a record")
        library.write_bytes(b"")
        (root / "core" / f"rng{SUFFIX}").write_bytes(b"")

    monkeypatch.setattr(build_module, "ROOT", root)
    monkeypatch.setattr(build_module, "BUILD", tmp_path / "build")
    monkeypatch.setattr(build_module, "COMPILED", ("core",))
    monkeypatch.setattr(mypyc.build, "mypycify", mypycify)
    monkeypatch.setattr(setuptools, "setup", link)
    monkeypatch.setattr(build_module.time, "time", lambda: 1_000_000.0)
    monkeypatch.chdir(tmp_path)
    said = build_module.build(1)
    assert steps == [(["engine/core/rng.py"], [(["engine/core/rng.py"], "seneschal_engine_core")]),
                     "link, without a record"]
    assert said.startswith("compiled 1 of 1 libraries (1 modules)")
    assert not left.exists() and library.exists()
    written = root / engine.RECORD
    assert json.loads(written.read_text()) == {"modules": {"engine.core.rng": {"Rng": {"seed": "int"}}}}
    assert written.stat().st_mtime == 1_000_000.0
