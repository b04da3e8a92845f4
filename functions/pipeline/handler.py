"""The pipeline Lambda handler: run on a schedule (every minute), it moves every tournament on.

It shares the API's wiring (:mod:`api.context`: the settings, the stores, the clock, the services) and
does nothing but call :meth:`~scopa.application.services.pipeline.Pipeline.run`. It logs and counts under
its own service name (``scopa-pipeline``); the pipeline's own log lines carry the tournament's id. A run
that failed for some tournament raises at the end, after the others were served, so the scheduler's retry
policy and dead-letter queue see it; a re-run is safe because every step of the pipeline is idempotent.
"""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools.utilities.typing import LambdaContext

from api.context import services
from api.observability import instruments, route_application_logs

SERVICE = "scopa-pipeline"

pipeline = instruments(SERVICE)
logger, metrics = pipeline.logger, pipeline.metrics
route_application_logs(logger)


class PipelineRunFailed(RuntimeError):
    """Some tournaments could not be advanced in this run (their ids are in the message)."""


@logger.inject_lambda_context(log_event=False)
@metrics.log_metrics
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    route_application_logs(logger)
    report = services().pipeline.run().to_json()
    pipeline.count("PipelineRuns")
    pipeline.count("MatchesTimedOut", report["expired_matches"])
    logger.info("pipeline run", extra={"report": report})
    if report["errors"]:
        raise PipelineRunFailed(f"tournaments not advanced: {', '.join(sorted(report['errors']))}")
    return report
