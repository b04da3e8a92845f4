"""The notifier: invoked (asynchronously) with the changes of a write, it sends every connection that
follows a changed topic its own view, and forgets the connections that are gone. A ``player:<id>`` change
(the player's token was rotated, revoked or reissued) closes and forgets the player's connections.

Two events:

* ``{"changes": [{"topic": "match:m_1", "version": 7}, ...]}`` (what ``LambdaFeed`` sends): the first
  page of each topic's followers is posted by this run, every further page is handed on as a slice to
  the fan-out queue (``FANOUT_QUEUE_URL``; docs/live.md, "Fan-out");
* an SQS batch from that queue (``{"Records": [{"messageId", "body": "{\\"slice\\": ...}"}]}``): each
  slice is posted (``LiveService.run_slice``); a record whose run failed is answered in
  ``batchItemFailures`` and comes back (a re-run is harmless: clients keep the newest version). The same
  queue brings a coalesced topic's delayed re-notify (``{"renotify": {"topic", "due"}}``, the lobby's:
  ``LiveService.renotify``), which fans the topic's newest state out if no fan-out read it since.

Malformed entries and records are skipped and logged, never raised: a retry would not make them valid.
"""

from __future__ import annotations

import json
from typing import Any

from aws_lambda_powertools.utilities.typing import LambdaContext

from api.observability import instruments, route_application_logs
from api.settings import settings
from live.context import live
from scopa.application.ports.changes import Change
from scopa.application.ports.coalesce import Renotify
from scopa.application.ports.fanout import Slice
from scopa.application.services.live import NotifyReport

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


def slices_of(records: Any) -> tuple[list[tuple[str, Slice | Renotify]], int]:
    """The well-formed slices and re-notifies of an SQS batch, with their message ids, and how many
    records were neither."""
    found: list[tuple[str, Slice | Renotify]] = []
    malformed = 0
    for record in records if isinstance(records, list) else []:
        message_id = record.get("messageId") if isinstance(record, dict) else None
        body = record.get("body") if isinstance(record, dict) else None
        try:
            parsed = json.loads(body) if isinstance(body, str) else None
            piece: Slice | Renotify | None = Slice.of_json(parsed) or Renotify.of_json(parsed)
        except (ValueError, RecursionError):
            piece = None
        if piece is None or not isinstance(message_id, str):
            malformed += 1
            continue
        found.append((message_id, piece))
    return found, malformed


def _count(report: dict[str, Any]) -> None:
    if report["sent"]:
        notifier.count("PushesSent", report["sent"])
    if report["gone"]:
        notifier.count("ConnectionsGone", report["gone"])
    if report["closed"]:
        notifier.count("ConnectionsClosed", report["closed"])
    if report["slices"]:
        notifier.count("SlicesHandedOn", report["slices"])
    if report["coalesced"]:
        notifier.count("ChangesCoalesced", report["coalesced"])


def _run_slices(records: Any) -> dict[str, Any]:
    pieces, malformed = slices_of(records)
    if malformed:
        logger.warning("malformed fan-out records skipped", extra={"count": malformed})
    total, failures = NotifyReport(), []
    for message_id, piece in pieces:
        try:
            if isinstance(piece, Renotify):
                total.add(live().renotify(piece))
            else:
                total.add(live().run_slice(piece))
        except Exception:  # this record comes back from the queue; the others are done
            logger.exception("fan-out slice failed", extra={"topic": piece.topic})
            failures.append({"itemIdentifier": message_id})
    report = total.as_dict()
    _count(report)
    logger.info("slices notified", extra={"slices": len(pieces), "report": report})
    return {"batchItemFailures": failures}


@logger.inject_lambda_context(log_event=False)
@metrics.log_metrics
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    route_application_logs(logger)
    event = event if isinstance(event, dict) else {}
    if "Records" in event:
        return _run_slices(event["Records"])
    changes = changes_of(event)
    report = live().notify(changes).as_dict()
    _count(report)
    logger.info("changes notified", extra={"changes": len(changes), "report": report})
    return report
