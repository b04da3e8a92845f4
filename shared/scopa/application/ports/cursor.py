"""The one failure every paged list shares: a cursor this service did not hand out."""

from __future__ import annotations


class InvalidCursor(ValueError):
    """A pagination cursor that was not produced by this service (or belongs to another list)."""
