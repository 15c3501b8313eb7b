"""Fief: England. ``RULES`` is the game's Rules object (registered as "fief" in engine/games.py)."""

from engine.fief.rules import RULES

__all__ = ["RULES"]
