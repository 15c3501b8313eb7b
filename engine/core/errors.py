"""Refusals. Every refusal names the rule section and says what would be legal."""

from __future__ import annotations

from typing import Any


class RuleError(ValueError):
    """An action the rules do not allow. Raised before anything changes.

    ``section`` is the rulebook section (``"7.4"``, ``"FAQ"``, ``"OKC p.1 Spring"``),
    ``code`` a stable machine-readable reason, ``legal`` a short description or list of
    what would be allowed instead.
    """

    def __init__(self, section: str, message: str, *, code: str = "illegal", legal: Any = None):
        self.section = section
        self.message = message
        self.code = code
        self.legal = legal
        super().__init__(self.describe())

    def describe(self) -> str:
        text = f"{self.section}: {self.message}" if self.section else self.message
        if self.legal:
            shown = ", ".join(map(str, self.legal)) if isinstance(self.legal, list | tuple) else str(self.legal)
            text += f" (legal: {shown})"
        return text


class NotYourTurn(RuleError):
    def __init__(self, seat: str, awaited: list[str]):
        super().__init__(
            "turn",
            f"{seat} has nothing to decide now",
            code="not_your_turn",
            legal=f"waiting on {', '.join(awaited) or 'nobody'}",
        )


class GameOver(RuleError):
    def __init__(self) -> None:
        super().__init__("end", "the game is over", code="game_over")


class UnknownAction(RuleError):
    def __init__(self, kind: str, known: list[str]):
        super().__init__("commands", f"unknown action {kind!r}", code="unknown_action", legal=sorted(known))


class StaleState(RuleError):
    def __init__(self, expected: int, actual: int):
        super().__init__(
            "table",
            f"this choice was offered at state {expected}, the game has moved on to {actual}",
            code="stale_state",
        )
