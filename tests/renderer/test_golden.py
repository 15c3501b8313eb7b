"""Whole boards against golden images (regenerate: python -m tests.renderer.golden)."""

from __future__ import annotations

import pytest

from tests.renderer.golden import BOARDS, GOLDEN_DIR, MAX_CHANGED, changed_fraction


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_board_matches_golden(name: str) -> None:
    golden = GOLDEN_DIR / f"{name}.png"
    assert golden.exists(), f"missing {golden}: run python -m tests.renderer.golden"
    fraction = changed_fraction(BOARDS[name](), golden.read_bytes())
    assert fraction <= MAX_CHANGED, f"{name}: {fraction:.4%} of pixels changed (regenerate if intended)"


def test_a_missing_marker_is_caught() -> None:
    """The threshold is tight enough to see one stack of troops vanish."""
    from renderer import render
    from tests.renderer import fief_fixture

    view = fief_fixture.public_view()
    del view["cities"]["York"]["troops"]["blue"]
    fraction = changed_fraction(render("fief", view, None), (GOLDEN_DIR / "fief_public.png").read_bytes())
    assert fraction > MAX_CHANGED
