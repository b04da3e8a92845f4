"""The answer model base of a finished deal: each game describes its deals with its own model."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class DealModel(BaseModel):
    """A finished deal as an answer gives it: exactly its declared fields, built on first use."""

    model_config = ConfigDict(extra="forbid", defer_build=True)
