"""The Old King's Crown: rules, content packs (packs/) and Wild Kingdom modules (modules/)."""

from engine.okc.rules import OkcRules

RULES = OkcRules()

from engine.okc import modules  # noqa: E402  (registers the shipped modules)

__all__ = ["RULES", "OkcRules", "modules"]
