"""Moves through the API function's URL: the move and its preflight are served, every other path is 404,
the per-caller limit and the token still apply, and match answers say where to post moves (links.moves)."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import boto3
import pytest
from moto import mock_aws

from api import context, ratelimit
from api import settings as settings_module
from tests.api.conftest import Answer, Api
from tests.api.support import assert_error, new_match

URL = "https://x7k2q9w4e5r6t7y8u9i0o1p2a3s4d5f6.lambda-url.eu-south-1.on.aws/"
PARAMETER = "/scopa/test/move-url"


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    """Change the API's settings inside a test (the services and their store stay)."""
    yield monkeypatch
    monkeypatch.undo()
    settings_module.reload()
    context.ssm_provider.cache_clear()
    ratelimit.reset()


def _reload() -> None:
    settings_module.reload()
    context.ssm_provider.cache_clear()
    ratelimit.reset()


def _move(api: Api, match: dict[str, Any], token: str | None, source_ip: str = "127.0.0.1") -> Answer:
    """The first legal move, through the function URL."""
    legal = match["view"]["legal_moves"][0]
    body = {"card": legal["card"], "take": legal["take"], "version": match["version"]}
    return api.call(
        "POST", f"/matches/{match['id']}/moves", body, token=token, via_url=True, source_ip=source_ip
    )


def test_a_move_through_the_function_url_is_played_with_the_bots_answer(api: Api) -> None:
    me, token = api.register()
    match = new_match(api, token, [me, "bot-greedy"])
    answer = _move(api, match, token)
    assert answer.status == 200, answer.body
    played = answer.body
    assert played["version"] > match["version"]
    assert played["turn"] == played["your_seat"]  # the bot answered in the same request
    assert answer.headers["Cache-Control"] == "no-store"
    # and the same match reads back through the HTTP API
    assert api.call("GET", f"/matches/{match['id']}", token=token).body["version"] == played["version"]


def _cors_headers(answer: Answer) -> set[str]:
    return {k.lower() for k in answer.headers if k.lower().startswith("access-control-")}


def test_through_the_function_url_the_app_sends_no_cors_header_of_its_own(api: Api) -> None:
    """The URL's CORS configuration adds them to every answer; the app's would come twice (``*, *``),
    and a browser refuses an answer whose Access-Control-Allow-Origin has two values."""
    me, token = api.register()
    match = new_match(api, token, [me, "bot-greedy"])
    answer = _move(api, match, token)
    assert answer.status == 200, answer.body
    assert _cors_headers(answer) == set()
    refused = _move(api, match, token)  # the same version again, without its key: an error answer
    assert refused.status == 409, refused.body
    assert _cors_headers(refused) == set()
    # Through the HTTP API (and locally) the app's CORS answer stays: API Gateway's configuration
    # replaces it there rather than adding to it.
    direct = api.call(
        "GET", f"/matches/{match['id']}", token=token, headers={"origin": "https://cards.example"}
    )
    assert direct.headers["Access-Control-Allow-Origin"] == "*"


def test_the_function_url_checks_the_token_as_the_api_does(api: Api) -> None:
    me, token = api.register()
    match = new_match(api, token, [me, "bot-greedy"])
    assert_error(_move(api, match, None), 401, "unauthorized")
    assert_error(_move(api, match, token + "x"), 401, "unauthorized")


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/health"),
        ("POST", "/players"),
        ("GET", "/matches/m_0123456789abcdef"),
        ("POST", "/matches/m_0123456789abcdef/resign"),
        ("POST", "/matches"),
        ("GET", "/openapi.json"),
        ("GET", "/docs"),
        ("GET", "/"),
        ("OPTIONS", "/players"),
        ("POST", "/matches/m_0123456789abcdef/moves/extra"),
        ("POST", "/matches//moves"),
        ("POST", "/admin/ratings/recompute"),
    ],
)
def test_every_other_path_through_the_function_url_is_not_found(api: Api, method: str, path: str) -> None:
    answer = api.call(method, path, {} if method == "POST" else None, via_url=True)
    assert_error(answer, 404, "route_not_found")
    assert _cors_headers(answer) == set()  # the URL's configuration adds them: a page can read why
    assert api.call("GET", "/health").status == 200  # the HTTP API still serves them


def test_a_preflight_reaching_the_function_through_the_url_is_answered_without_cors_of_its_own(
    api: Api,
) -> None:
    """In AWS the URL's CORS configuration answers the preflight before the function; one that reached
    it anyway gets the route's 204, and the URL adds the headers."""
    answer = api.call(
        "OPTIONS",
        "/matches/m_0123456789abcdef/moves",
        headers={
            "origin": "https://cards.example",
            "access-control-request-method": "POST",
            "access-control-request-headers": "authorization, content-type, idempotency-key",
        },
        via_url=True,
    )
    assert answer.status == 204
    assert _cors_headers(answer) == set()


def test_moves_through_the_function_url_keep_the_per_caller_rate_limit(
    api: Api, env: pytest.MonkeyPatch
) -> None:
    me, token = api.register()
    match = new_match(api, token, [me, "bot-greedy"])
    env.setenv("RATE_LIMIT_PER_SECOND", "0.001")
    env.setenv("RATE_LIMIT_BURST", "2")
    _reload()
    for _ in range(2):
        answer = _move(api, match, token)
        assert answer.status == 200, answer.body
        match = answer.body
    refused = _move(api, match, token)
    assert_error(refused, 429, "rate_limited")


def test_random_tokens_through_the_function_url_drain_their_addresss_bucket_not_the_players(
    api: Api, env: pytest.MonkeyPatch
) -> None:
    me, token = api.register()
    match = new_match(api, token, [me, "bot-greedy"])
    env.setenv("RATE_LIMIT_PER_SECOND", "0.001")
    env.setenv("RATE_LIMIT_BURST", "2")
    _reload()
    flood = "203.0.113.7"
    answers = [_move(api, match, "scp_" + secrets.token_urlsafe(32), source_ip=flood) for _ in range(4)]
    assert [a.status for a in answers] == [401, 401, 429, 429]  # a fresh token is no fresh bucket
    assert_error(answers[2], 429, "rate_limited")
    assert answers[2].headers["Retry-After"] == "1000"  # one request at 0.001 a second
    # the player, at that same address, moves on their own bucket
    played = _move(api, match, token, source_ip=flood)
    assert played.status == 200, played.body


def test_without_a_move_url_the_answer_links_no_url(api: Api) -> None:
    me, token = api.register()
    match = new_match(api, token, [me, "bot-greedy"])
    assert match["links"] == {"moves": None}


def test_the_match_answers_link_the_move_url_read_from_ssm_and_moves_work_there(
    api: Api, env: pytest.MonkeyPatch
) -> None:
    with mock_aws():
        boto3.client("ssm").put_parameter(Name=PARAMETER, Value=URL, Type="String")
        env.setenv("MOVE_URL_PARAMETER", PARAMETER)
        _reload()
        me, token = api.register()
        match = new_match(api, token, [me, "bot-greedy"])
        link = f"{URL.rstrip('/')}/matches/{match['id']}/moves"
        assert match["links"]["moves"] == link
        assert api.call("GET", f"/matches/{match['id']}", token=token).body["links"]["moves"] == link
        # what a client does: post the move to the link's path on the function URL
        legal = match["view"]["legal_moves"][0]
        body = {"card": legal["card"], "take": legal["take"], "version": match["version"]}
        moved = api.call("POST", urlsplit(link).path, body, token=token, via_url=True)
        assert moved.status == 200, moved.body
        assert moved.body["links"]["moves"] == link
        # read once, then cached: a changed parameter is not read again within MOVE_URL_MAX_AGE
        boto3.client("ssm").put_parameter(Name=PARAMETER, Value=URL + "x", Type="String", Overwrite=True)
        assert api.call("GET", f"/matches/{match['id']}", token=token).body["links"]["moves"] == link


@pytest.mark.parametrize("value", [None, "not a url", "http://plain.example"])
def test_a_missing_or_wrong_move_url_parameter_links_no_url(
    api: Api, env: pytest.MonkeyPatch, value: str | None
) -> None:
    with mock_aws():
        if value is not None:
            boto3.client("ssm").put_parameter(Name=PARAMETER, Value=value, Type="String")
        env.setenv("MOVE_URL_PARAMETER", PARAMETER)
        _reload()
        me, token = api.register()
        match = new_match(api, token, [me, "bot-greedy"])
        assert match["links"] == {"moves": None}  # clients post to the API's path: the move still works


def test_an_unreadable_move_url_is_not_asked_again_for_every_answer(
    api: Api, env: pytest.MonkeyPatch, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failed read of the parameter is remembered for MOVE_URL_RETRY_AFTER: the answers of that time
    link no URL without asking SSM again (its rate is an account-wide quota)."""
    with mock_aws():  # no parameter: the first read fails
        env.setenv("MOVE_URL_PARAMETER", PARAMETER)
        _reload()
        me, token = api.register()
        reads: list[str] = []
        provider = context.ssm_provider()
        original = provider.get

        def counted(name: str, **kwargs: object) -> object:
            reads.append(name)
            return original(name, **kwargs)

        monkeypatch.setattr(provider, "get", counted)
        match = new_match(api, token, [me, "bot-greedy"])
        for _ in range(3):
            assert api.call("GET", f"/matches/{match['id']}", token=token).body["links"] == {"moves": None}
        assert reads == [PARAMETER]
