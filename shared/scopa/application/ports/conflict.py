"""The one failure every port shares: a conditional write that lost."""

from __future__ import annotations


class WriteConflict(Exception):
    """A conditional write lost: the item changed (or already existed) since it was read."""
