"""The API Lambda handler: the settings checked at import, decorators and ``app.resolve``; the resolver
is built in ``api.app`` and the routes live in ``api.routes``."""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools.logging import correlation_paths
from aws_lambda_powertools.utilities.typing import LambdaContext

from api import errors, function_url, settings
from api.app import app
from api.observability import logger, metrics, route_application_logs

settings.settings()  # read and checked at import: a missing or bad variable fails the cold start
#: Lambda context keys the log group already names (its name is the function's; Lambda's REPORT line gives
#: the memory): left off every line, about 150 bytes of each move's log (infra/costs.py, log_bytes).
REDUNDANT_KEYS = ("function_name", "function_arn", "function_memory_size")


@logger.inject_lambda_context(correlation_id_path=correlation_paths.API_GATEWAY_HTTP, log_event=False)
@metrics.log_metrics
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    logger.remove_keys(list(REDUNDANT_KEYS))  # the decorator appends them again on each invocation
    route_application_logs(logger)
    # The function URL serves moves only, and adds the CORS headers itself (api.function_url).
    via_url = function_url.through_function_url(event)
    if via_url and not function_url.serves(event):
        return private(event, function_url.refusal())
    answer = app.resolve(errors.normal_media_type(event), context)
    return private(event, function_url.without_cors(answer) if via_url else answer)


def private(event: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    """``Cache-Control: no-store`` on every answer to a caller with a token (it may hold their hand) and
    to every write (a registration holds the new token); public reads keep what their route set."""
    headers = {k.lower() for k in event.get("headers") or {}}
    method = str(event.get("requestContext", {}).get("http", {}).get("method", "GET")).upper()
    if "authorization" in headers or method not in ("GET", "HEAD", "OPTIONS"):
        out = answer.setdefault("headers", {})
        if not any(k.lower() == "cache-control" for k in out):
            out["Cache-Control"] = "no-store"
    return answer
