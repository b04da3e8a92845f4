"""Keyed requests of the API: registration, match and tournament creation, entries, seeks, challenges.

The mechanism is the application's, described in one place: :mod:`scopa.application.idempotency`. Here
the key is the ``Idempotency-Key`` header, and the record is the services' (``services().requests``):
one item per request digest, so keyed requests never share a partition. Moves do not come through here:
the match item carries their record.

The header is optional on every route that takes it, as Stripe's is: a request without it is served as
an ordinary one, and a retry without it is a new request (docs/api.md). :data:`IdempotencyKey` is its
one declaration, so every route documents it alike.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from aws_lambda_powertools.event_handler.openapi.params import Header
from pydantic import WithJsonSchema

from api import context

KEY_MAX = 128
_KEY_DESCRIPTION = (
    "optional: a retry with the same key and body gets the first answer and repeats nothing (the same key "
    "with another body: 422 idempotency_key_reused); without it, a retry is a new request. Use a random "
    "key (a UUID)"
)

#: The ``Idempotency-Key`` header parameter of a route; a header is a string when sent (never null).
IdempotencyKey = Annotated[
    str | None,
    Header(alias="Idempotency-Key", min_length=1, max_length=KEY_MAX, description=_KEY_DESCRIPTION),
    WithJsonSchema({"type": "string", "minLength": 1, "maxLength": KEY_MAX}),
]


def run_once(
    name: str, key: str | None, caller: str, body: dict[str, Any], action: Callable[[], dict[str, Any]]
) -> dict[str, Any]:
    """Run ``action`` once per (name, caller, key); a retry gets the first answer. No key: just run it.

    ``action`` must be idempotent under the key: a retry that finds the request still "in progress" (its
    first run answered, but the record was never completed) runs it again.
    """
    return context.services().requests.run(name, caller, key, body, action)


def reset() -> None:
    """The same as :func:`api.context.reset` (the records live in the services' stores now)."""
    context.reset()
