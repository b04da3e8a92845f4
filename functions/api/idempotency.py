"""Powertools idempotency for the rarer writes: registration, match and tournament creation, entries.

Moves do not use this layer: the match item carries its own last-request record, which saves two writes
per move. Here the key is the ``Idempotency-Key`` header plus the caller; the body is validated, so the
same key with another body is refused instead of answered.

The Powertools record is the fast path, not the guarantee. Its final "completed" write can fail after the
action was applied (throttling that outlasts the client's retries); the action's answer is then given
anyway, and the record stays "in progress" until it times out. So every action run here must itself be
idempotent under the key, as the services make their creations (:mod:`scopa.application.idempotency`: the new
item's id comes from the key, and a re-run finds what the first run made and answers it as a replay).
A retry that meets an "in progress" record therefore runs the action again instead of answering
``409 request_in_progress``; one that comes after the record timed out or expired does the same through
Powertools. Either way there is never a second player, match, tournament or entry.
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
from aws_lambda_powertools.utilities.idempotency.exceptions import (
    IdempotencyAlreadyInProgressError,
    IdempotencyPersistenceLayerError,
)

from api.context import dynamodb_client
from api.observability import logger
from api.settings import settings
from scopa.adapters.dynamodb import keys
from scopa.application.idempotency import REPLAY_SECONDS

CONFIG = IdempotencyConfig(
    event_key_jmespath="[key, caller]",
    payload_validation_jmespath="body",
    expires_after_seconds=REPLAY_SECONDS,
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
    """Run ``action`` once per (key, caller); a retry gets the first answer. No key: just run it.

    ``action`` must be idempotent under the key (see the module's docstring): a retry that finds the
    request still "in progress" (its first run answered, but the record was never completed) runs it.
    """
    if not key:
        return action()
    answers: list[dict[str, Any]] = []

    def applied() -> dict[str, Any]:
        answers.append(action())
        return answers[-1]

    try:
        return _once(name)(request={"key": key, "caller": caller, "body": body}, action=applied)
    except IdempotencyAlreadyInProgressError:
        logger.info("idempotency record in progress: the action finds its own first run", extra={"op": name})
        return action()
    except IdempotencyPersistenceLayerError:
        if not answers:  # the record could not be started (or removed after a failure): nothing was done
            raise
        logger.warning("idempotency record not completed after the action was applied", extra={"op": name})
        return answers[-1]


def reset() -> None:
    _persistence.cache_clear()
    _once.cache_clear()
