"""tests/bench.py: targets are read, modules found (the figures themselves are never asserted)."""

from tests import bench


def test_verdict():
    assert bench.verdict(0.5, "<= 1") == "ok"
    assert bench.verdict(2, "<= 1") == "MISSED"
    assert bench.verdict(12_000, ">= 10,000") == "ok"
    assert bench.verdict(5, "") == ""


def test_modules_are_found():
    assert "bench_store" in bench.modules([])
    assert bench.modules(["store"]) == ["bench_store"]
