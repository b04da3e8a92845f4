"""``RequestLatency``: how long the API takes to answer a request that does not wait.

API Gateway's latency metrics count every request, and a long-poll (``GET /matches/{id}?wait=20``)
holds its request open on purpose for up to 20 seconds, on the same route as a plain read. So the p99
latency alarm (``infra/components/monitoring.py``) watches this metric instead: a Powertools middleware
times each request from routing to answer (errors included) and records the milliseconds, unless the
request asked to wait. The metric goes out with the invocation's other metrics (EMF, one log line).

What it leaves out: the Lambda's cold start (Init Duration, reported in the function's logs) and API
Gateway's own overhead (a few ms), neither of which depends on the route.
"""

from __future__ import annotations

import time
from typing import Any

from aws_lambda_powertools.event_handler.api_gateway import Response
from aws_lambda_powertools.event_handler.middlewares import NextMiddleware
from aws_lambda_powertools.metrics import MetricUnit

from api.observability import metrics

METRIC = "RequestLatency"
WAIT_PARAMETER = "wait"


def waits(query: dict[str, str] | None) -> bool:
    """Whether the query asks the request to wait (a long-poll): ``wait`` above zero."""
    raw = (query or {}).get(WAIT_PARAMETER)
    if raw is None:
        return False
    try:
        return float(raw) > 0
    except ValueError:
        return False  # refused by validation at once: an ordinary, quick request


def measure(app: Any, next_middleware: NextMiddleware) -> Response[Any]:
    """Time the rest of the request; record it unless the request waits."""
    if waits(app.current_event.query_string_parameters):
        return next_middleware(app)
    started = time.perf_counter()
    try:
        return next_middleware(app)
    finally:
        elapsed_ms = (time.perf_counter() - started) * 1000
        metrics.add_metric(name=METRIC, unit=MetricUnit.Milliseconds, value=round(elapsed_ms, 3))
