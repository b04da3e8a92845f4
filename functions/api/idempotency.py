"""Powertools idempotency for the rarer writes (registration, match creation).

Moves do not use this layer: the match item carries its own last-request record, which saves two writes
per move. Here the key is the ``Idempotency-Key`` header plus the caller; the body is validated, so the
same key with another body is refused instead of answered.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from aws_lambda_powertools.utilities.idempotency import (
    DynamoDBPersistenceLayer,
    IdempotencyConfig,
    idempotent_function,
)

from api.context import dynamodb_client
from api.settings import settings
from scopa.storage import keys

CONFIG = IdempotencyConfig(
    event_key_jmespath="[key, caller]",
    payload_validation_jmespath="body",
    expires_after_seconds=24 * 3600,
    raise_on_no_idempotency_key=True,
)


@lru_cache(maxsize=1)
def _persistence() -> DynamoDBPersistenceLayer:
    return DynamoDBPersistenceLayer(
        table_name=settings().table_name,
        key_attr=keys.PK,
        sort_key_attr=keys.SK,
        static_pk_value=keys.IDEMPOTENCY_PK,
        expiry_attr=keys.TTL_ATTRIBUTE,
        boto3_client=dynamodb_client(),
    )


def _call(request: dict[str, Any], action: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    return action()


@lru_cache(maxsize=8)
def _once(name: str) -> Callable[..., dict[str, Any]]:
    wrapped: Callable[..., dict[str, Any]] = idempotent_function(
        data_keyword_argument="request", persistence_store=_persistence(), config=CONFIG, key_prefix=name
    )(_call)
    return wrapped


def run_once(
    name: str, key: str | None, caller: str, body: dict[str, Any], action: Callable[[], dict[str, Any]]
) -> dict[str, Any]:
    """Run ``action`` once per (key, caller); a retry gets the first answer. No key: just run it."""
    if not key:
        return action()
    return _once(name)(request={"key": key, "caller": caller, "body": body}, action=action)


def reset() -> None:
    _persistence.cache_clear()
    _once.cache_clear()
