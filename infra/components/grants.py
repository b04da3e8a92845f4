"""The DynamoDB actions each function may call: exactly what its code paths use, never a wildcard.

Measured by the deploy rehearsal (``make rehearse``, :mod:`infra.rehearsal`), which runs every function from
the synthesised assembly with its role's statements enforced and lists what is granted and never called;
and by recording every DynamoDB call (and every transaction item's kind) while the API and pipeline test
suites ran, checked statically by ``tests/infra/test_grants.py`` against the adapters' source.
A transaction needs the action of each item it holds (``Put`` -> ``PutItem``, ``Update`` ->
``UpdateItem``, ``Delete`` -> ``DeleteItem``, ``ConditionCheck`` -> ``ConditionCheckItem``); IAM has no
action of its own for ``TransactWriteItems``.
"""

from __future__ import annotations

from scopa.adapters.dynamodb import keys

#: The API: every route and Powertools idempotency (delete on failure), and the per-caller rate limit's
#: shared count on every request, moves through the function URL included (``UpdateItem`` of the
#: ``RATE#...`` item: ports/rates.py). No batch writes: the admin's recompute runs in the jobs function,
#: the connections' writes in the live and notifier functions.
API_ITEM_ACTIONS = (
    "dynamodb:BatchGetItem",
    "dynamodb:ConditionCheckItem",
    "dynamodb:DeleteItem",
    "dynamodb:GetItem",
    "dynamodb:PutItem",
    "dynamodb:Query",
    "dynamodb:UpdateItem",
)
#: The API queries the deadline/queue index and both leaderboard indexes.
API_INDEXES = (keys.GSI1, keys.GSI2, keys.GSI3)

#: The pipeline: tournaments, rounds, scheduled matches, timeouts and the rating step. No deletes.
PIPELINE_ITEM_ACTIONS = (
    "dynamodb:BatchGetItem",
    "dynamodb:GetItem",
    "dynamodb:PutItem",
    "dynamodb:Query",
    "dynamodb:UpdateItem",
)
#: The pipeline reads only gsi1: overdue matches (LIVE), tournaments by status, unrated matches.
PIPELINE_INDEXES = (keys.GSI1,)

INDEX_ACTIONS = ("dynamodb:Query",)

#: The live function (WebSocket $connect / $disconnect / $default): the connection store (a connection's
#: item, its subscriptions, a topic's subscriber list: put, update, delete, query, batch delete on
#: disconnect, a subscription written in one transaction that checks the connection), the bearer token's
#: GetItem on ``auth``, and the first rendering of a subscribed topic (the REST reads: a match or
#: tournament by key, an inbox's matches in one batch, the lobby's open seeks on gsi2).
#: ``tests/infra/test_live.py`` drives a whole session through both handlers and checks every call.
LIVE_ITEM_ACTIONS = (
    "dynamodb:BatchGetItem",
    "dynamodb:BatchWriteItem",
    "dynamodb:ConditionCheckItem",
    "dynamodb:DeleteItem",
    "dynamodb:GetItem",
    "dynamodb:PutItem",
    "dynamodb:Query",
    "dynamodb:UpdateItem",
)
#: The notifier: a topic's subscribers (Query), one rendering per viewer (the same reads as above), and
#: removing connections that are gone or whose player's token changed (a Query of the player's
#: connections; batch deletes). It never creates, updates or deletes a single item but its leases (below).
NOTIFIER_ITEM_ACTIONS = (
    "dynamodb:BatchGetItem",
    "dynamodb:BatchWriteItem",
    "dynamodb:GetItem",
    "dynamodb:Query",
)
#: The notifier's one kind of write of a single item: a coalesced topic's push lease (``LEASE#<topic>``,
#: a conditional put to claim it, a conditional update to mark it; docs/live.md, "The lobby is
#: coalesced"), granted only on items whose partition key starts so (``dynamodb:LeadingKeys``).
NOTIFIER_LEASE_ACTIONS = ("dynamodb:PutItem", "dynamodb:UpdateItem")
NOTIFIER_LEASE_KEYS = (f"{keys.LEASE_PREFIX}*",)
#: Both render the lobby from gsi2 (the open seeks, keys.py).
LIVE_INDEXES: tuple[str, ...] = (keys.GSI2,)
NOTIFIER_INDEXES: tuple[str, ...] = (keys.GSI2,)

#: The jobs function (a rating pool's recompute, ``functions/jobs``): the job's own item (get, update; the
#: API puts it), the pool's rated-match log (Query), its current ratings (Query on the Elo leaderboard
#: index, gsi2) and the rewritten ratings (batch writes). The operator's name-index backfill
#: (``functions/jobs/backfill.py``) scans the table, reads name items in batches and batch-writes the
#: missing ones: the only role with ``Scan``. ``tests/infra/test_grants.py`` records real runs of both.
JOBS_ITEM_ACTIONS = (
    "dynamodb:BatchGetItem",
    "dynamodb:BatchWriteItem",
    "dynamodb:GetItem",
    "dynamodb:Query",
    "dynamodb:Scan",
    "dynamodb:UpdateItem",
)
JOBS_INDEXES: tuple[str, ...] = (keys.GSI2,)
