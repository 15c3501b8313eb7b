"""The shipped games, registered by name for the simulator, the table and the bot."""

from engine.registry import register

register("fief", "engine.fief:RULES")
register("okc", "engine.okc:RULES")
