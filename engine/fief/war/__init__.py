"""Phases 5-7 (5.0-7.10): movement, invaders, pillage and battles."""
