"""Configuration read once at cold start, so a missing variable fails at start, not mid-request."""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache

from pydantic import BaseModel, Field


class Settings(BaseModel):
    table_name: str = Field(min_length=3)
    admin_token_hash: str | None = None  # SHA-256 hex of the admin bootstrap token
    dynamodb_endpoint: str | None = None  # another DynamoDB (local emulators); AWS's by default
    region: str = "eu-south-1"
    ranking_shards: int = Field(4, ge=1, le=64)  # leaderboard index partitions per pool (RANKING_SHARDS)


@lru_cache(maxsize=1)
def settings() -> Settings:
    """From ``TABLE_NAME``, ``ADMIN_TOKEN_HASH`` (or ``ADMIN_TOKEN``, hashed here), ``DYNAMODB_ENDPOINT``."""
    admin_hash = os.environ.get("ADMIN_TOKEN_HASH")
    if not admin_hash and os.environ.get("ADMIN_TOKEN"):
        admin_hash = hashlib.sha256(os.environ["ADMIN_TOKEN"].encode()).hexdigest()
    return Settings(
        table_name=os.environ.get("TABLE_NAME", ""),
        admin_token_hash=admin_hash,
        dynamodb_endpoint=os.environ.get("DYNAMODB_ENDPOINT") or None,
        region=os.environ.get("AWS_REGION") or os.environ.get("AWS_DEFAULT_REGION") or "eu-south-1",
        ranking_shards=int(os.environ.get("RANKING_SHARDS") or 4),
    )
