"""The API Lambda handler: decorators and ``app.resolve``; the routes live in ``api.routes``."""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, CORSConfig
from aws_lambda_powertools.logging import correlation_paths
from aws_lambda_powertools.utilities.typing import LambdaContext

from api import errors, latency
from api.observability import logger, metrics, route_application_logs, tracer
from api.routes import clubs, lobby, matches, pages, players, rankings, system, tournaments

app = APIGatewayHttpResolver(enable_validation=True, cors=CORSConfig(allow_origin="*", max_age=600))
app.use(middlewares=[latency.measure])  # RequestLatency: the latency alarm's metric (long-polls excluded)
app.include_router(system.router)
app.include_router(players.router)
app.include_router(matches.router)
app.include_router(lobby.router)
app.include_router(clubs.router)
app.include_router(tournaments.router)
app.include_router(rankings.router)
app.include_router(pages.router)
app.enable_swagger(path="/docs", title="Scopa service", version="0.1.0")
errors.register(app)


@app.get("/openapi.json", include_in_schema=False)
def openapi() -> dict[str, Any]:
    schema: dict[str, Any] = app.get_openapi_json_schema(title="Scopa service", version="0.1.0")  # type: ignore[assignment]
    return schema if isinstance(schema, dict) else __import__("json").loads(schema)


@logger.inject_lambda_context(correlation_id_path=correlation_paths.API_GATEWAY_HTTP, log_event=False)
@tracer.capture_lambda_handler(capture_response=False)
@metrics.log_metrics
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    route_application_logs(logger)
    return app.resolve(event, context)
