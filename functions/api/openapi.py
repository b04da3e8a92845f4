"""What the OpenAPI document says about the API as a whole: title, tags, the bearer scheme, and which
routes take a token, which :func:`require_token` holds the routes that need one to. Routes name these in
their decorators (``tags=``, ``security=``, ``operation_id=``); :func:`document` is the one way to build
the document (``GET /openapi.json``, ``make spec``, the tests).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from aws_lambda_powertools.event_handler import APIGatewayHttpResolver
    from aws_lambda_powertools.event_handler.openapi.models import SecurityScheme, Tag

TITLE = "Scopa service"
VERSION = "0.1.0"
DESCRIPTION = (
    "Scopa and Briscola matches, a lobby, clubs, tournaments and rankings. Send the token a registration "
    "gave as `Authorization: Bearer <token>`. Every error answers `{code, message, details}`; see "
    "docs/api.md for the codes, rate limits and the contract."
)

# Plain data, not Powertools' OpenAPI models: the document validates them into those models when it is
# built, and importing the models module at import cost about 50 ms of every API cold start.
TAGS: list[dict[str, str]] = [
    {"name": "players", "description": "Registration, profiles, tokens, the house bots"},
    {"name": "matches", "description": "Create, read (and wait), move, resign; records and finished deals"},
    {"name": "lobby", "description": "Open seeks, challenges and the caller's inbox"},
    {"name": "clubs", "description": "Clubs, their members and their webhooks"},
    {"name": "tournaments", "description": "Tournaments, entries, rounds, standings and exports"},
    {"name": "guests", "description": "Players without an account, their claim codes; importing entrants"},
    {"name": "seasons", "description": "Club seasons: tournaments grouped, points per place, standings"},
    {"name": "rankings", "description": "Rating pools, leaderboards and a player's ratings"},
    {"name": "admin", "description": "Operations only the admin token may do"},
    {"name": "system", "description": "Health and the game rules"},
]

SCHEME = "bearer"
SECURITY_SCHEMES: dict[str, dict[str, str]] = {
    SCHEME: {
        "type": "http",
        "scheme": "bearer",
        "bearerFormat": "opaque",
        "description": "the token from POST /players (or POST /me/token); the admin token for admin routes",
    }
}

# A route that needs a token, and one that takes it when given (anonymous callers are welcome).
BEARER: list[dict[str, list[str]]] = [{SCHEME: []}]
MAYBE_BEARER: list[dict[str, list[str]]] = [{}, {SCHEME: []}]


def require_token(app: APIGatewayHttpResolver, next_middleware: Any) -> Any:
    """A route middleware: a route the document marks as needing a token (:data:`BEARER`) answers a
    request without any ``Authorization`` header 401 before its code runs, so nothing it names is looked up
    first (a 404 would tell an anonymous caller what exists). A token that is sent is the route's to judge."""
    route = app.context.get("_route")
    if getattr(route, "security", None) == BEARER and not app.current_event.headers.get("authorization"):
        from scopa.application.errors import Unauthorized

        raise Unauthorized("this route needs a bearer token: Authorization: Bearer <token>")
    return next_middleware(app)


def configure(app: APIGatewayHttpResolver) -> None:
    app.configure_openapi(
        title=TITLE,
        version=VERSION,
        description=DESCRIPTION,
        tags=cast("list[Tag | str]", list(TAGS)),
        security_schemes=cast("dict[str, SecurityScheme]", SECURITY_SCHEMES),
    )


def document(app: APIGatewayHttpResolver) -> dict[str, Any]:
    """The OpenAPI document as plain JSON data."""
    text = app.get_openapi_json_schema()
    loaded: dict[str, Any] = json.loads(text) if isinstance(text, str) else text
    return loaded
