"""Logger, Tracer and Metrics, created once and configured by the ``POWERTOOLS_*`` variables.

Logs carry ids, versions and codes only: never a token, a request body, a hand or the engine state.
"""

from __future__ import annotations

from aws_lambda_powertools import Logger, Metrics, Tracer
from aws_lambda_powertools.metrics import MetricUnit

logger = Logger(service="scopa-api")
tracer = Tracer(service="scopa-api")
metrics = Metrics(namespace="Scopa", service="scopa-api")


def count(name: str, value: int = 1) -> None:
    metrics.add_metric(name=name, unit=MetricUnit.Count, value=value)
