"""Cogs: /game (table and lobby) and the per-game command groups."""
