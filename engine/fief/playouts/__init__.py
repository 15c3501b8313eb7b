"""Helpers of the searching agents and the simulator: playout weights, coverage goals, determinization."""
