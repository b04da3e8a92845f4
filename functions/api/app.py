"""The API's resolver: its route groups, middlewares, error map and document, built at import with no
settings read and no AWS call, so the CDK app (``infra/routes.py``) and the spec tools can list its routes
in any environment. ``api.handler`` is the Lambda entry point over it.
"""

from __future__ import annotations

import importlib
import json
import threading
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import aws_lambda_powertools.event_handler
from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, CORSConfig, Response
from aws_lambda_powertools.utilities.typing import LambdaContext

from api import errors, latency, openapi, ratelimit

#: The CORS answer, as API Gateway's (infra/components/api.py; tests/infra/test_cors_local.py compares them).
CORS_HEADERS = ("authorization", "content-type", "idempotency-key")
CORS_MAX_AGE_SECONDS = 600
CORS_ORIGIN = "*"

#: The route modules (``api.routes.<name>``) in groups that share no path: a path's first segment names
#: the one group that can serve it (tests/api/test_route_groups.py checks it on every route). A container
#: includes a group's routers when a request first needs it, in this order, so a move never loads the
#: pages, tournaments or rankings (and their answer models); any other path (a 404, the document) includes
#: them all first, so every answer is the one the full route set gives.
ROUTE_GROUPS: tuple[tuple[str, ...], ...] = (
    ("system",),
    ("players", "rankings"),
    ("matches",),
    ("lobby",),
    ("clubs", "webhooks", "seasons"),
    ("tournaments", "table_results", "venue", "guests"),
    ("pages", "venue_pages"),
)
SEGMENTS: dict[str, int] = {
    "health": 0,
    "rules": 0,
    "players": 1,
    "me": 1,
    "bots": 1,
    "admin": 1,
    "rankings": 1,
    "matches": 2,
    "lobby": 3,
    "challenges": 3,
    "inbox": 3,
    "clubs": 4,
    "tournaments": 5,
    "guests": 5,
    "": 6,
    "web": 6,
}


#: Every method some route takes: a preflight's ``Access-Control-Allow-Methods`` names them all, whichever
#: groups are included yet (test_route_groups.py checks the list against the full route set).
CORS_METHODS = ("DELETE", "GET", "PATCH", "POST", "PUT")


class Resolver(APIGatewayHttpResolver):
    """Powertools' HTTP resolver that includes a route group's routers when a request first needs them."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        if self._enable_validation:  # JSON bodies only, refused before Powertools parses another type
            self._request_validation_middleware = errors.JsonBodyValidation()
        self._cors_methods.update(CORS_METHODS)  # Powertools adds a route's methods as it registers it
        self._included: set[int] = set()
        self._including = threading.Lock()  # the local server resolves in threads

    def include_groups(self, groups: Iterable[int]) -> None:
        """Include these groups' routers (each once per container)."""
        missing = [g for g in groups if g not in self._included]
        if not missing:
            return
        with self._including:
            for group in missing:
                if group in self._included:
                    continue
                for name in ROUTE_GROUPS[group]:
                    self.include_router(importlib.import_module(f"api.routes.{name}").router)
                self._included.add(group)

    def include_all(self) -> None:
        """Every route (the OpenAPI document, the CDK app's route list, tests that read the route set)."""
        self.include_groups(range(len(ROUTE_GROUPS)))

    def resolve(self, event: Mapping[str, Any], context: LambdaContext) -> dict[str, Any]:
        self.include_groups(groups_for(event))
        return super().resolve(event, context)

    def get_openapi_schema(self, **options: Any) -> Any:
        self.include_all()
        return super().get_openapi_schema(**options)


def groups_for(event: Mapping[str, Any]) -> Iterable[int]:
    """The route groups a request may need: none for a preflight (no route answers one), its path's one
    group, or all of them for a path no group serves (its 404 is the full route set's)."""
    http = (event.get("requestContext") or {}).get("http") or {}
    method = str(http.get("method") or event.get("httpMethod") or "").upper()
    if method == "OPTIONS":
        return ()
    path = str(event.get("rawPath") or event.get("path") or http.get("path") or "/")
    group = SEGMENTS.get(path.lstrip("/").split("/", 1)[0])
    return range(len(ROUTE_GROUPS)) if group is None else (group,)


app = Resolver(
    enable_validation=True,
    cors=CORSConfig(allow_origin=CORS_ORIGIN, allow_headers=list(CORS_HEADERS), max_age=CORS_MAX_AGE_SECONDS),
    json_body_deserializer=errors.decode_json,
)
# RequestLatency first: the latency alarm's metric (long-polls excluded), then the limits, then the token a
# route needs. The request's validation (its media type included: errors.JsonBodyValidation) runs first.
app.use([latency.measure, ratelimit.limit, openapi.require_token])
openapi.configure(app)
errors.register(app)
SWAGGER_UI = Path(aws_lambda_powertools.event_handler.__file__).parent / "openapi" / "swagger_ui"


@app.get("/openapi.json", include_in_schema=False)
def openapi_document() -> dict[str, Any]:
    return openapi.document(app)


@app.get("/docs", include_in_schema=False)
def docs() -> Response[str]:
    """Swagger UI over :func:`openapi_document`, with Powertools' page, built when asked for.
    ``enable_swagger`` would build Powertools' OpenAPI models at import: about 0.2 s of every cold start."""
    from aws_lambda_powertools.event_handler.openapi.swagger_ui import generate_swagger_html

    spec = json.dumps(openapi_document(), indent=2).replace("</", "<\\/")
    script, style = (
        (SWAGGER_UI / name).read_text("utf-8") for name in ("swagger-ui-bundle.min.js", "swagger-ui.min.css")
    )
    page = generate_swagger_html(spec, script, style, "", None)
    return Response(status_code=200, content_type="text/html", body=page)
