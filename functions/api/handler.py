"""The API Lambda handler: decorators and ``app.resolve``; the routes live in ``api.routes``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import aws_lambda_powertools.event_handler
from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, CORSConfig, Response
from aws_lambda_powertools.logging import correlation_paths
from aws_lambda_powertools.utilities.typing import LambdaContext

from api import errors, function_url, latency, openapi, ratelimit
from api.observability import logger, metrics, route_application_logs
from api.routes import clubs, lobby, matches, pages, players, rankings, system, tournaments, webhooks

#: The CORS answer, as API Gateway's (infra/components/api.py; tests/infra/test_cors_local.py compares them).
CORS_HEADERS = ("authorization", "content-type", "idempotency-key")
CORS_MAX_AGE_SECONDS = 600
CORS_ORIGIN = "*"

app = APIGatewayHttpResolver(
    enable_validation=True,
    cors=CORSConfig(allow_origin=CORS_ORIGIN, allow_headers=list(CORS_HEADERS), max_age=CORS_MAX_AGE_SECONDS),
    json_body_deserializer=errors.decode_json,
)
# RequestLatency first: the latency alarm's metric (long-polls excluded), then limits and the media type
app.use([latency.measure, ratelimit.limit, errors.require_json_body])
app.include_router(system.router)
app.include_router(players.router)
app.include_router(matches.router)
app.include_router(lobby.router)
app.include_router(clubs.router)
app.include_router(tournaments.router)
app.include_router(rankings.router)
app.include_router(pages.router)
app.include_router(webhooks.router)
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


@logger.inject_lambda_context(correlation_id_path=correlation_paths.API_GATEWAY_HTTP, log_event=False)
@metrics.log_metrics
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    route_application_logs(logger)
    if not function_url.serves(event):  # the function URL serves moves only (api.function_url)
        return private(event, function_url.refusal(CORS_ORIGIN))
    return private(event, app.resolve(errors.normal_media_type(event), context))


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
