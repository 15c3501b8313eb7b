"""Phases 3-4 (3.0-4.9) and what a family holds: income, purchases, titles, ransoms, death and succession."""
