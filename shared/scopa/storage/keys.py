"""Every key of the single DynamoDB table, defined in one place.

| entity            | pk                 | sk                           | GSI1 (gsi1pk / gsi1sk)      |
|-------------------|--------------------|------------------------------|-----------------------------|
| player profile    | ``PLAYER#<id>``    | ``PROFILE``                  |                             |
| bearer token      | ``TOKEN#<sha256>`` | ``TOKEN``                    |                             |
| match             | ``MATCH#<id>``     | ``MATCH``                    | ``LIVE`` / ``<deadline>#<id>`` (1) |
| a player's match  | ``PLAYER#<id>``    | ``MATCH#<created>#<match>``  |                             |
| idempotency record| ``IDEMPOTENCY``    | ``<function>#<hash>``        |                             |

(1) only while a match is active with a clock running: a sparse index of deadlines.
The access patterns these serve are listed in ``docs/data-model.md``.
"""

from __future__ import annotations

PK = "pk"
SK = "sk"
GSI1 = "gsi1"
GSI1_PK = "gsi1pk"
GSI1_SK = "gsi1sk"
TTL_ATTRIBUTE = "expires_at"

PROFILE = "PROFILE"
TOKEN_SK = "TOKEN"
MATCH_SK = "MATCH"
LIVE = "LIVE"
IDEMPOTENCY_PK = "IDEMPOTENCY"


def player_pk(player_id: str) -> str:
    return f"PLAYER#{player_id}"


def token_pk(token_hash: str) -> str:
    return f"TOKEN#{token_hash}"


def match_pk(match_id: str) -> str:
    return f"MATCH#{match_id}"


def player_match_sk(created_at: str, match_id: str) -> str:
    return f"MATCH#{created_at}#{match_id}"


PLAYER_MATCH_PREFIX = "MATCH#"


def live_sk(deadline: int, match_id: str) -> str:
    """Sort key of a match in the deadline index: epoch seconds, zero-padded so they sort as text."""
    return f"{deadline:012d}#{match_id}"
