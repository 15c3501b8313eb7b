"""The Old King's Crown: rules, content packs (packs/) and Wild Kingdom modules (modules/)."""

from engine.okc.rules import OkcRules

RULES = OkcRules()

__all__ = ["RULES", "OkcRules"]
