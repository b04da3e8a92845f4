"""Keyed requests of the API: registration, match and tournament creation, entries.

The mechanism is the application's, described in one place: :mod:`scopa.application.idempotency`. Here
the key is the ``Idempotency-Key`` header, and the record is the services' (``services().requests``):
one item per request digest, so keyed requests never share a partition. Moves do not come through here:
the match item carries their record.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from api import context


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
