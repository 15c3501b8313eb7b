"""The compiled engine (``make build``, engine/compile.py) and its import guard (engine/__init__.py).

``make test`` builds first, so these run against the compiled modules; without a build the first
test is skipped and the others still hold."""

from __future__ import annotations

import dataclasses
import importlib.machinery
import os
import subprocess
import sys
from pathlib import Path

import pytest

import engine
import engine.fief.legal

ROOT = Path(__file__).resolve().parents[1]
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def test_a_built_module_is_what_runs() -> None:
    if os.environ.get("SENESCHAL_PURE") or not engine.built(ROOT / "engine"):
        pytest.skip("no current build (make build) or SENESCHAL_PURE set")
    assert Path(engine.fief.legal.__file__ or "").name == f"legal{SUFFIX}"


def _tree(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A compiled module (its source and extension) and the library, as ``make build`` leaves them."""
    (tmp_path / "engine").mkdir()
    source, extension = tmp_path / "engine" / "fake.py", tmp_path / "engine" / f"fake{SUFFIX}"
    library = tmp_path / f"{engine.LIBRARY}{SUFFIX}"
    source.write_text("X = 1\n")
    extension.write_bytes(b"")   # never loaded: only the dates and the spec the guard returns are read
    library.write_bytes(b"")
    for path, when in ((source, 1_000_000), (extension, 2_000_000), (library, 2_000_000)):
        os.utime(path, (when, when))
    return source, extension, library


def test_a_build_counts_only_while_every_compiled_source_is_older_than_its_library(tmp_path: Path) -> None:
    source, _, library = _tree(tmp_path)
    root = tmp_path / "engine"
    assert engine.built(root)
    (root / "words.py").write_text("")   # a module left as Python may change freely
    assert engine.built(root)
    os.utime(source, (3_000_000, 3_000_000))   # the source edited after the build
    assert not engine.built(root)
    os.utime(source, (1_000_000, 1_000_000))
    library.unlink()
    assert not engine.built(root)


def test_the_guard_takes_every_source_or_every_extension(tmp_path: Path) -> None:
    source, extension, _ = _tree(tmp_path)
    for sources, expected in ((True, source), (False, extension)):
        spec = engine._SourceWhenStale(sources).find_spec("engine.fake", [str(tmp_path / "engine")])
        assert spec is not None and spec.origin == str(expected)


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


@pytest.mark.parametrize("game", ["fief", "okc"])
def test_the_build_plays_the_same_games_as_the_source(game: str) -> None:
    assert _games(game, pure=False) == _games(game, pure=True)


def test_the_compiled_sources_are_the_rules_the_agents_and_the_playout_loop() -> None:
    from engine.compile import sources

    names = {str(p.relative_to(ROOT)) for p in sources()}
    assert {"engine/fief/legal.py", "engine/okc/rules.py", "engine/agents/schemer.py", "engine/playout.py"} <= names
    assert not any("/words/" in n or "/content/" in n or n.endswith("__init__.py") for n in names)


def test_a_build_starts_clean_and_dates_its_library_from_when_it_read_the_sources(monkeypatch: pytest.MonkeyPatch,
                                                                                   tmp_path: Path) -> None:
    """mypyc and the C compiler replaced by a record: an edit made while the C compiles leaves the build stale."""
    import mypyc.build
    import setuptools

    from engine import compile as build_module

    (tmp_path / "engine").mkdir()
    left = tmp_path / "engine" / f"old{SUFFIX}"   # what an earlier build left
    left.write_bytes(b"")
    library = tmp_path / f"{engine.LIBRARY}{SUFFIX}"
    steps: list[str] = []

    def link(**kw: object) -> None:
        steps.append(f"link, {'after' if not left.exists() else 'before'} the clean")
        library.write_bytes(b"")

    monkeypatch.setattr(build_module, "ROOT", tmp_path / "engine")
    monkeypatch.setattr(build_module, "BUILD", tmp_path / "build")
    monkeypatch.setattr(mypyc.build, "mypycify", lambda modules, **kw: steps.append("mypyc") or ["extensions"])
    monkeypatch.setattr(setuptools, "setup", link)
    monkeypatch.setattr(build_module.time, "time", lambda: 1_000_000.0)
    monkeypatch.chdir(tmp_path)
    build_module.build(1)
    assert steps == ["mypyc", "link, after the clean"]
    assert library.stat().st_mtime == 1_000_000.0
