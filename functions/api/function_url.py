"""Requests that come through the API function's URL rather than the HTTP API: moves only.

The function URL (``move_url`` in infra/config.py) is a lighter front door for the hottest route: no API
Gateway fee and no access log line per move (docs/deploying.md, "What it costs"). It has no stage
throttling, so it must not open the rest of the API: here it serves ``POST /matches/{id}/moves`` and the
CORS preflight of that path, and answers every other path 404 ``route_not_found`` before any route runs.
Moves through it keep the per-caller rate limit (:mod:`api.ratelimit`) and the bearer token check.

A function URL event has the HTTP API's payload 2.0 shape; what tells it apart is its domain,
``<url-id>.lambda-url.<region>.on.aws`` (``requestContext.domainName``).

CORS there is the URL's own configuration (infra/components/functions.py, the HTTP API's origins and
headers): Lambda answers the preflight from it and adds its headers to every answer, next to any the
function sent, so an ``Access-Control-Allow-Origin`` from the app would reach the browser twice
(``*, *``), which browsers refuse. Answers through the URL therefore carry none of the app's CORS headers
(:func:`without_cors`). Reported by users of Powertools' resolver behind a function URL
(aws-powertools/powertools-lambda-python issue 4163) and others. Locally the same server stands for
both doors, so there the app's own CORS answer is what a page sees.
"""

from __future__ import annotations

import json
import re
from typing import Any

FUNCTION_URL_DOMAIN = ".lambda-url."
MOVE_PATH = re.compile(r"^/matches/[^/]+/moves$")


def through_function_url(event: dict[str, Any]) -> bool:
    context = event.get("requestContext")
    domain = context.get("domainName") if isinstance(context, dict) else None
    return isinstance(domain, str) and FUNCTION_URL_DOMAIN in domain.lower()


def serves(event: dict[str, Any]) -> bool:
    """Whether the function URL serves ``event`` (one that came through it): only a move's path (its
    POST, its preflight; other methods get the route's 405)."""
    path = event.get("rawPath")
    return isinstance(path, str) and MOVE_PATH.match(path) is not None


def refusal() -> dict[str, Any]:
    """The 404 for a path the function URL does not serve, in the API's error shape (readable from a
    page on another origin through the CORS headers the URL adds)."""
    body = {
        "code": "route_not_found",
        "message": "no such route here: this URL serves POST /matches/{match_id}/moves only",
        "details": {},
    }
    return {
        "statusCode": 404,
        "headers": {"Content-Type": "application/json"},
        "body": json.dumps(body),
        "isBase64Encoded": False,
    }


def without_cors(answer: dict[str, Any]) -> dict[str, Any]:
    """``answer`` without the app's ``Access-Control-*`` headers: through the URL, its CORS
    configuration adds them (see the module's docstring)."""
    for field in ("headers", "multiValueHeaders"):
        headers = answer.get(field)
        if isinstance(headers, dict):
            answer[field] = {k: v for k, v in headers.items() if not k.lower().startswith("access-control-")}
    return answer
