"""Logger and Metrics for each function, configured by the ``POWERTOOLS_*`` variables.

Each function logs, traces and counts under its own service name: ``POWERTOOLS_SERVICE_NAME``, which the
CDK app sets per function (``scopa-api``, ``scopa-pipeline``), or the function's own name where the
variable is unset (tests, and the local server, which runs both functions in one process).

The application layer logs through the standard library (loggers under ``scopa.``), never through
Powertools: :func:`route_application_logs` hands those records to the function's Powertools handler, so
they come out as the same JSON lines, with the service name and whatever ``extra`` fields they carry.

Logs carry ids, versions and codes only: never a token, a request body, a hand or the engine state.

Tracing is Lambda's own (active tracing, set by the CDK app): the Lambda service records each
invocation's segment, and Powertools' Logger puts its trace id (``xray_trace_id``) on every log line. There
is no Powertools Tracer: it would load the X-Ray SDK (about 0.2 s) and patch botocore at every cold start,
for subsegments of the DynamoDB calls (docs/deploying.md, "Cold start").
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.logging.utils import copy_config_to_registered_loggers
from aws_lambda_powertools.metrics import MetricUnit

API_SERVICE = "scopa-api"
NAMESPACE = "Scopa"
APPLICATION_LOGGER = "scopa"  # the parent of every logger of the shared package


@dataclass(frozen=True)
class Instruments:
    logger: Logger
    metrics: Metrics

    def count(self, name: str, value: int = 1) -> None:
        self.metrics.add_metric(name=name, unit=MetricUnit.Count, value=value)


def service_name(default: str) -> str:
    """``POWERTOOLS_SERVICE_NAME`` when set, else the function's own ``default``."""
    return os.environ.get("POWERTOOLS_SERVICE_NAME") or default


def instruments(default_service: str) -> Instruments:
    """One function's Logger and Metrics, both under its service name."""
    service = service_name(default_service)
    return Instruments(
        logger=Logger(service=service),
        metrics=Metrics(
            namespace=os.environ.get("POWERTOOLS_METRICS_NAMESPACE") or NAMESPACE, service=service
        ),
    )


def route_application_logs(logger: Logger) -> None:
    """Send the application's standard-library records through ``logger``'s handlers and formatter.

    Cheap when nothing changed, so a handler calls it on every invocation: where two functions share a
    process (tests, the local server), each invocation's records carry its own function's service name.
    """
    target = logging.getLogger(APPLICATION_LOGGER)
    if target.handlers != logger.handlers or target.propagate:
        copy_config_to_registered_loggers(source_logger=logger, include={APPLICATION_LOGGER})


api = instruments(API_SERVICE)
logger = api.logger
metrics = api.metrics
count = api.count
route_application_logs(logger)
