"""Scopa's state as storage keeps it: what the master seed gives again is left out.

A Scopa state's deck order and its commitments follow from its master seed
(:mod:`scopa.domain.games.common.shuffle`): :func:`compact` leaves them out when recomputing them gives
them back exactly (checked on every write), and :func:`expand` puts them back on reading. About 280 of a
classic match's bytes: what keeps a DynamoDB match item under one write unit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scopa.domain.games.common.cards import CODES
from scopa.domain.games.common.shuffle import commitment, deal_seed, shuffled_deck

DERIVED = "derived"  # the state key saying what was left out: {"deck": 1, "commitments": <count>}


def compact(state: Mapping[str, Any]) -> dict[str, Any]:
    """``state`` without the deck and commitments its seed gives back (unchanged when it has no seed)."""
    if state.get("game") != "scopa" or not isinstance(state.get("seed"), str) or DERIVED in state:
        return dict(state)
    counts = {"deck": 1, "commitments": len(state.get("commitments") or [])}
    derived = _derivable(state, counts["commitments"])
    left_out = {name: n for name, n in counts.items() if state.get(name) == derived[name]}
    if not left_out:
        return dict(state)
    return {**{k: v for k, v in state.items() if k not in left_out}, DERIVED: left_out}


def expand(state: Mapping[str, Any]) -> dict[str, Any]:
    """The full state of a :func:`compact` one (any other state as it is)."""
    left_out = state.get(DERIVED)
    if not isinstance(left_out, dict):
        return dict(state)
    rest = {k: v for k, v in state.items() if k != DERIVED}
    derived = _derivable(rest, int(left_out.get("commitments", 0)))
    return {**rest, **{name: derived[name] for name in left_out}}


def _derivable(state: Mapping[str, Any], deals: int) -> dict[str, Any]:
    """What a Scopa state's seed gives: the current deal's deck, and the commitments of ``deals`` deals."""
    seed, deal, attempt = state["seed"], int(state.get("deal", 0)), int(state.get("attempt", 0))
    deck = "".join(CODES[c] for c in shuffled_deck(deal_seed(seed, deal), attempt))
    return {"deck": deck, "commitments": [commitment(deal_seed(seed, d)) for d in range(deals)]}
