"""Places in an event's final standings as a season reads them: ranks tied on everything but the lot share.

A tournament's standings give every entrant its own rank, the last tie-break being a lot drawn from a
public seed. A season does not reward that draw: entrants whose rows are equal on everything before the
lot (placing, points, every other tie-break) share their places, and the season scores them as its rules
say (:meth:`SeasonRules.finish_points`).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence


def shared_places(keys: Sequence[Hashable]) -> list[tuple[int, int]]:
    """For standings rows in rank order, each row's ``(place, shared)``: consecutive rows with equal keys
    share the first place of their run, ``shared`` being the run's length."""
    out: list[tuple[int, int]] = []
    start = 0
    while start < len(keys):
        end = start + 1
        while end < len(keys) and keys[end] == keys[start]:
            end += 1
        out.extend((start + 1, end - start) for _ in range(start, end))
        start = end
    return out
