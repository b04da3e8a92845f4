"""The API Lambda handler: decorators and ``app.resolve``; the routes live in ``api.routes``."""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, CORSConfig
from aws_lambda_powertools.logging import correlation_paths
from aws_lambda_powertools.utilities.typing import LambdaContext

from api import errors, openapi
from api.observability import logger, metrics, route_application_logs, tracer
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
openapi.configure(app)
app.enable_swagger(path="/docs")
errors.register(app)


@app.get("/openapi.json", include_in_schema=False)
def openapi_document() -> dict[str, Any]:
    return openapi.document(app)


@logger.inject_lambda_context(correlation_id_path=correlation_paths.API_GATEWAY_HTTP, log_event=False)
@tracer.capture_lambda_handler(capture_response=False)
@metrics.log_metrics
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    route_application_logs(logger)
    return app.resolve(event, context)
