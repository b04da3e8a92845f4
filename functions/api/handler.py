"""The API Lambda handler: decorators and ``app.resolve``; the routes live in ``api.routes``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import aws_lambda_powertools.event_handler
from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, CORSConfig, Response
from aws_lambda_powertools.logging import correlation_paths
from aws_lambda_powertools.utilities.typing import LambdaContext

from api import errors
from api.observability import logger, metrics, route_application_logs
from api.routes import clubs, lobby, matches, pages, players, rankings, system, tournaments

app = APIGatewayHttpResolver(enable_validation=True, cors=CORSConfig(allow_origin="*", max_age=600))
app.include_router(system.router)
app.include_router(players.router)
app.include_router(matches.router)
app.include_router(lobby.router)
app.include_router(clubs.router)
app.include_router(tournaments.router)
app.include_router(rankings.router)
app.include_router(pages.router)
errors.register(app)
SWAGGER_UI = Path(aws_lambda_powertools.event_handler.__file__).parent / "openapi" / "swagger_ui"


@app.get("/openapi.json", include_in_schema=False)
def openapi() -> dict[str, Any]:
    schema: dict[str, Any] = app.get_openapi_json_schema(title="Scopa service", version="0.1.0")  # type: ignore[assignment]
    return schema if isinstance(schema, dict) else json.loads(schema)


@app.get("/docs", include_in_schema=False)
def docs() -> Response[str]:
    """Swagger UI over :func:`openapi`, with Powertools' page, built when asked for. ``enable_swagger``
    would build Powertools' OpenAPI models at import: about 0.2 s of every cold start."""
    from aws_lambda_powertools.event_handler.openapi.swagger_ui import generate_swagger_html

    spec = json.dumps(openapi(), indent=2).replace("</", "<\\/")
    script, style = (
        (SWAGGER_UI / name).read_text("utf-8") for name in ("swagger-ui-bundle.min.js", "swagger-ui.min.css")
    )
    page = generate_swagger_html(spec, script, style, "", None)
    return Response(status_code=200, content_type="text/html", body=page)


@logger.inject_lambda_context(correlation_id_path=correlation_paths.API_GATEWAY_HTTP, log_event=False)
@metrics.log_metrics
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    route_application_logs(logger)
    return app.resolve(event, context)
