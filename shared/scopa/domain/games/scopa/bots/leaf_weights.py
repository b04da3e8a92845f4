"""Weights of :mod:`.leaf`, written by ``python -m bench.scopa_leaf`` (do not edit by hand)."""

HAND_CARDS = 3
WEIGHTS: tuple[tuple[float, ...], ...] = ()
