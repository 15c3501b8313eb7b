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


@pytest.mark.parametrize(("seconds", "shown"), [
    (-5, "off"), (0, "off"), (0.4, "0s"), (0.5, "0s"), (1, "1s"), (60, "1m"), (3599.4, "59m59s"), (3600, "1h"),
    (3629, "1h"), (3630, "1h1m"), (3689, "1h1m"), (3690, "1h2m"), (86400, "1d"), (604800, "7d"), (694861, "8d1h1m")])
def test_a_duration_is_shown_to_the_second_under_an_hour_and_to_the_minute_past_it(seconds, shown):
    assert format_duration(seconds) == shown


@pytest.mark.parametrize(("text", "seconds"), [
    (" 2 H ", 7200), ("OFF", 0), ("none", 0), ("never", 0), ("", 0), ("1.5", 1.5), (2.5, 2.5), (0, 0),
    ("1w1d1h1m1s", 694861), ("90m30s", 5430), ("0.5m", 30)])
def test_a_duration_is_read_in_any_case_spacing_and_unit(text, seconds):
    assert parse_duration(text) == seconds and isinstance(parse_duration(text), float)


def test_a_refused_duration_says_why_with_examples():
    with pytest.raises(ValueError, match=r"^a duration cannot be negative$"):
        parse_duration(-0.5)
    with pytest.raises(ValueError, match=r"^not a duration: False$"):
        parse_duration(False)
    for text in ("soon", "1h30", "h1", "1.h", "1y"):
        with pytest.raises(ValueError) as err:
            parse_duration(text)
        assert str(err.value) == f"not a duration: {text!r} (examples: 90s, 30m, 2h, 1d12h, off)"


def test_a_fake_clock_starts_in_2027_and_moves_only_when_told():
    clock = FakeClock()
    assert clock.now() == 1_800_000_000.0 == clock.now()
    assert clock.advance(0.5) == 1_800_000_000.5 and isinstance(FakeClock(3).now(), float)
