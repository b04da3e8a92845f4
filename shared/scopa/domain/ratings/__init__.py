"""Ratings as pure data: rating pools, Elo, Glicko-2 and the ledger that applies finished matches.

No storage, no clock, no randomness: the same matches in the same order give bit-identical ratings.
See ``docs/ratings.md`` for the formulas, the team model and the sources.
"""
