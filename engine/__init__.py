"""Seneschal's rules engines: pure, deterministic, no I/O."""
