"""The pieces of the views every dealt game shows alike: the shuffle's commitments (and, once the match
is over, the seeds that prove them) and the whole state of a finished match."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scopa.domain.games.common.engine import DealtState
from scopa.domain.games.common.shuffle import commitment, deal_seed


def waiting_shuffle(algorithm: str, master_seed: str | None) -> dict[str, Any]:
    """The shuffle of a match not dealt yet: the first deal's commitment (none without a seed)."""
    return {
        "algorithm": algorithm,
        "commitments": [commitment(deal_seed(master_seed, 0))] if master_seed else [],
    }


def shuffle_view(
    algorithm: str, master_seed: str, commitments: Sequence[str], reveal: bool
) -> dict[str, Any]:
    """The commitments published so far; with ``reveal`` (a finished match) the seeds behind them and
    the master seed too."""
    out: dict[str, Any] = {"algorithm": algorithm, "commitments": list(commitments)}
    if reveal:
        out["seeds"] = [deal_seed(master_seed, d) for d in range(len(commitments))]
        out["master_seed"] = master_seed
    return out


def full_view(state: DealtState) -> dict[str, Any]:
    """The whole state, secrets included. Only for a finished match; raises otherwise."""
    if not state.finished:
        raise PermissionError("the full state is shown only after the game has ended")
    return state.to_json()
