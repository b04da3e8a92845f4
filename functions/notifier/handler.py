"""The notifier: invoked (asynchronously) with the changes of a write, it sends every connection that
follows a changed topic its own view, and forgets the connections that are gone. A ``player:<id>`` change
(the player's token was rotated, revoked or reissued) closes and forgets the player's connections.

Event: ``{"changes": [{"topic": "match:m_1", "version": 7}, ...]}`` (what ``LambdaFeed`` sends). Malformed
entries are skipped and logged, never raised: a retry would not make them valid.
"""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools.utilities.typing import LambdaContext

from api.observability import instruments, route_application_logs
from api.settings import settings
from live.context import live
from scopa.application.ports.changes import Change

SERVICE = "scopa-notifier"

settings()  # read and checked at import: a missing or bad variable fails the cold start
notifier = instruments(SERVICE)
logger, metrics = notifier.logger, notifier.metrics
route_application_logs(logger)


def changes_of(event: dict[str, Any]) -> list[Change]:
    """The well-formed changes of an event (a topic string, an integer version or none)."""
    found: list[Change] = []
    for entry in event.get("changes") or []:
        if not isinstance(entry, dict) or not isinstance(entry.get("topic"), str):
            continue
        version = entry.get("version")
        if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
            continue
        found.append(Change(entry["topic"], version))
    return found


@logger.inject_lambda_context(log_event=False)
@metrics.log_metrics
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    route_application_logs(logger)
    changes = changes_of(event if isinstance(event, dict) else {})
    report = live().notify(changes).as_dict()
    if report["sent"]:
        notifier.count("PushesSent", report["sent"])
    if report["gone"]:
        notifier.count("ConnectionsGone", report["gone"])
    if report["closed"]:
        notifier.count("ConnectionsClosed", report["closed"])
    logger.info("changes notified", extra={"changes": len(changes), "report": report})
    return report
