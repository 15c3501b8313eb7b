"""The compiled engine (``make build``, engine/compile.py) and its import guard (engine/__init__.py).

``make test`` builds first, so these run against the compiled modules; without a build the first
test is skipped and the others still hold."""

from __future__ import annotations

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


def _games(game: str, pure: bool) -> list[str]:
    env = {**os.environ, "SENESCHAL_PURE": "1" if pure else ""}
    out = subprocess.run([sys.executable, "-m", "engine.simulate", game, "--games", "3", "--seed", "5"],
                         cwd=ROOT, env=env, capture_output=True, text=True, check=True).stdout
    return out.splitlines()[:-1]   # the last line is the speed


@pytest.mark.parametrize("game", ["fief", "okc"])
def test_the_build_plays_the_same_games_as_the_source(game: str) -> None:
    assert _games(game, pure=False) == _games(game, pure=True)


def _recorded_build(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, profile: bool, gcda: bool,
                    compiler: str = "gcc") -> list[str]:
    """The steps of ``build`` with the compiler, mypyc and the training games replaced by a record."""
    import mypyc.build

    from engine import compile as build_module

    steps: list[str] = []
    objects = tmp_path / "objects"
    objects.mkdir()
    if gcda:
        (objects / "legal.gcda").write_bytes(b"")
    monkeypatch.setattr(build_module, "OBJECTS", objects)
    monkeypatch.setattr(build_module, "LINKED", tmp_path / "lib")
    monkeypatch.setattr(build_module, "ROOT", tmp_path / "engine")   # clean() finds no module to remove
    monkeypatch.setattr(mypyc.build, "mypycify", lambda modules, **kw: ["extensions"])
    monkeypatch.setattr(build_module, "gcc", lambda: compiler == "gcc")
    monkeypatch.setattr(build_module, "_compile", lambda ext, jobs, flags: steps.append(f"compile {flags}".strip()))
    monkeypatch.setattr(build_module.subprocess, "run",
                        lambda args, **kw: steps.append(f"train {args[3]}"))
    monkeypatch.chdir(tmp_path)
    build_module.build(1, profile=profile)
    return steps


def test_a_first_build_takes_a_profile_from_the_training_games(monkeypatch: pytest.MonkeyPatch,
                                                                tmp_path: Path) -> None:
    from engine.compile import GENERATE, USE

    steps = _recorded_build(monkeypatch, tmp_path, profile=True, gcda=False)
    assert steps == [f"compile {GENERATE}", "train fief", "train okc", f"compile {USE}"]


def test_a_later_build_uses_the_profile_it_has(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from engine.compile import USE

    assert _recorded_build(monkeypatch, tmp_path, profile=True, gcda=True) == [f"compile {USE}"]


def test_no_profile_builds_in_one_pass(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert _recorded_build(monkeypatch, tmp_path, profile=False, gcda=False) == ["compile"]


def test_another_compiler_than_gcc_builds_in_one_pass(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert _recorded_build(monkeypatch, tmp_path, profile=True, gcda=False, compiler="clang") == ["compile"]


def test_a_compiler_that_cannot_be_run_is_not_gcc(monkeypatch: pytest.MonkeyPatch) -> None:
    import sysconfig

    from engine.compile import gcc

    monkeypatch.setattr(sysconfig, "get_config_var", lambda name: "/nowhere/cc -pthread")
    assert gcc() is False
