"""Durations for deadlines and settings."""

import pytest

from bot.table import FakeClock, format_duration, parse_duration


@pytest.mark.parametrize("text,seconds", [("90s", 90), ("30m", 1800), ("2h", 7200), ("1d12h", 129600),
                                          ("1w", 604800), ("45", 45), (120, 120), ("off", 0), ("0", 0),
                                          ("1.5h", 5400)])
def test_parse(text, seconds):
    assert parse_duration(text) == seconds


@pytest.mark.parametrize("bad", ["soon", "2x", "h", "-5", -5, True])
def test_parse_refuses(bad):
    with pytest.raises(ValueError):
        parse_duration(bad)


def test_format():
    assert [format_duration(s) for s in (0, 59, 3599, 86399, 90059)] == ["off", "59s", "59m59s", "1d", "1d1h1m"]


def test_fake_clock():
    clock = FakeClock(100)
    assert clock.advance(5) == clock.now() == 105
