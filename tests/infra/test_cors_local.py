"""The local server's CORS answer is API Gateway's: the same origins, headers and max-age (issue 18).

The AWS side is the synthesised template (infra/components/api.py, from infra.config.CORS_HEADERS); the
local side is a real preflight through the API handler, as ``make run`` serves it.
"""

from __future__ import annotations

from typing import Any

from api.app import CORS_HEADERS, CORS_MAX_AGE_SECONDS
from api.handler import handler
from infra.config import CORS_HEADERS as AWS_CORS_HEADERS
from tests.infra.conftest import Synthesised
from tools.apigw import FakeLambdaContext, http_event


def _aws_cors(dev: Synthesised) -> dict[str, Any]:
    (api,) = [
        r
        for r in dev.template["Resources"].values()
        if r["Type"] == "AWS::ApiGatewayV2::Api" and r["Properties"].get("ProtocolType") == "HTTP"
    ]
    cors: dict[str, Any] = api["Properties"]["CorsConfiguration"]
    return cors


def test_the_api_and_infra_name_the_same_cors_headers() -> None:
    assert tuple(CORS_HEADERS) == tuple(AWS_CORS_HEADERS)


def test_a_local_preflight_answers_what_api_gateway_answers(dev: Synthesised) -> None:
    aws = _aws_cors(dev)
    event = http_event(
        "OPTIONS",
        "/matches/m_x/moves",
        headers={
            "origin": "https://cards.example",
            "access-control-request-method": "POST",
            "access-control-request-headers": ", ".join(aws["AllowHeaders"]),
        },
    )
    answer = handler(event, FakeLambdaContext())
    headers = {k.lower(): v for k, v in answer["headers"].items()}
    assert answer["statusCode"] == 204
    local_headers = {h.strip().lower() for h in headers["access-control-allow-headers"].split(",")}
    assert {h.lower() for h in aws["AllowHeaders"]} <= local_headers
    assert int(headers["access-control-max-age"]) == aws["MaxAge"] == CORS_MAX_AGE_SECONDS
    assert headers["access-control-allow-origin"] in aws["AllowOrigins"]
    # AWS allows every method ("*"); locally every method the route takes is allowed
    assert aws["AllowMethods"] == ["*"]
    assert "POST" in headers["access-control-allow-methods"].split(",")
