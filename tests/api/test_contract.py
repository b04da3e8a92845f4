"""The HTTP contract around the routes (issue 18): media types, numbers out of range, the match answer's
rules and clock, Cache-Control, undeclared methods and per-caller rate limits."""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Iterator
from typing import Any

import pytest

from api import context, ratelimit
from scopa.domain.games.scopa.rules import RuleSet
from tests.api.conftest import Api
from tests.api.support import assert_error, new_match

HUGE = "9" * 5000  # over Python's 4,300-digit limit for reading an integer

# --------------------------------------------------------------------------- media types


@pytest.mark.parametrize(
    "content_type",
    ["text/plain", "application/xml", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"],
)
def test_a_body_that_is_not_sent_as_json_is_415_with_a_clear_message(api: Api, content_type: str) -> None:
    answer = api.call("POST", "/players", raw_body='{"name": "Zed"}', headers={"content-type": content_type})
    body = assert_error(answer, 415, "unsupported_media_type")
    assert "Content-Type: application/json" in body["message"]
    assert body["details"]["accepted"] == ["application/json"]


def test_a_move_sent_as_text_is_415_not_500(api: Api) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"])
    move = json.dumps({"card": "7d", "take": [], "version": match["version"]})
    for content_type in ("text/plain", "application/xml"):
        answer = api.call(
            "POST", f"/matches/{match['id']}/moves", raw_body=move, headers={"content-type": content_type}
        )
        assert_error(answer, 415, "unsupported_media_type")


def test_json_with_parameters_or_no_content_type_at_all_is_read_as_json(api: Api) -> None:
    typed = api.call(
        "POST",
        "/players",
        raw_body='{"name": "Ada"}',
        headers={"content-type": "Application/JSON; charset=utf-8"},
    )
    assert typed.status == 201, typed.body
    untyped = api.call("POST", "/players", raw_body='{"name": "Bea"}', headers={})
    assert untyped.status == 201, untyped.body


# --------------------------------------------------------------------------- numbers


@pytest.mark.parametrize(
    "raw",
    [
        '{"name": ' + HUGE + "}",
        '{"name": "Ada", "extra": [' + HUGE + "]}",
    ],
)
def test_an_integer_too_long_to_read_is_400_not_500(api: Api, raw: str) -> None:
    answer = api.call("POST", "/players", raw_body=raw, headers={"content-type": "application/json"})
    assert_error(answer, 400, "number_out_of_range")


def test_a_version_too_long_to_read_is_400_and_one_out_of_range_422(api: Api) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"])
    path = f"/matches/{match['id']}/moves"
    raw = '{"card": "7d", "take": [], "version": ' + HUGE + "}"
    assert_error(api.call("POST", path, raw_body=raw, token=token), 400, "number_out_of_range")
    too_big = api.call("POST", path, {"card": "7d", "take": [], "version": 10**12}, token=token)
    assert_error(too_big, 422, "validation_error")
    query = api.call("GET", f"/matches/{match['id']}", query={"after_version": HUGE}, token=token)
    assert_error(query, 422, "validation_error")


def test_nan_is_not_json(api: Api) -> None:
    answer = api.call(
        "POST", "/players", raw_body='{"name": NaN}', headers={"content-type": "application/json"}
    )
    assert_error(answer, 400, "invalid_json")


def test_an_integral_float_is_an_integer_and_a_boolean_is_not(api: Api) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"])
    chosen = match["view"]["legal_moves"][0]
    move = {"card": chosen["card"], "take": chosen["take"]}
    path = f"/matches/{match['id']}/moves"
    assert_error(api.call("POST", path, {**move, "version": True}, token=token), 422, "validation_error")
    played = api.call("POST", path, {**move, "version": float(match["version"])}, token=token)
    assert played.status == 200, played.body


# --------------------------------------------------------------------------- the match answer


def test_the_match_answer_carries_the_effective_rules_and_the_clock_as_given(api: Api) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"], target=21, time_control={"days_per_move": 3})
    assert set(match["rules"]) == set(RuleSet.model_fields)  # every rule, not only the changed ones
    assert match["rules"]["target"] == 21
    assert match["rules"]["hand_size"] == 3  # the preset's own, merged in
    assert match["options"] == {"target": 21}  # only what differs from the defaults
    assert match["time_control"] == {"days_per_move": 3, "seconds_per_move": 3 * 86_400}

    live = new_match(api, token, [me, "bot-random"], time_control={"seconds_per_move": 45})
    assert live["time_control"] == {"seconds_per_move": 45, "days_per_move": None}
    assert live["options"] == {}


def test_a_briscola_match_carries_briscolas_rules(api: Api) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"], game="briscola")
    assert "hand_size" in match["rules"]
    assert "void_deal_kings" not in match["rules"]  # a Scopa rule


# --------------------------------------------------------------------------- Cache-Control


def test_answers_that_may_hold_private_cards_or_tokens_are_not_stored(api: Api) -> None:
    registered = api.call("POST", "/players", {"name": "Ada"})
    assert registered.headers.get("Cache-Control") == "no-store"  # it holds the new token
    me, token = registered.body["player"]["id"], registered.body["token"]
    match = new_match(api, token, [me, "bot-greedy"])
    seen = api.call("GET", f"/matches/{match['id']}", token=token)
    assert seen.body["view"]["hand"]
    assert seen.headers.get("Cache-Control") == "no-store"
    assert api.call("GET", "/inbox", token=token).headers.get("Cache-Control") == "no-store"
    assert api.call("GET", "/me", token=token).headers.get("Cache-Control") == "no-store"
    refused = api.call("GET", "/me", token="scp_not-a-token")
    assert refused.status == 401
    assert refused.headers.get("Cache-Control") == "no-store"
    assert "Cache-Control" not in api.call("GET", "/health").headers  # public, and the same for everyone


# --------------------------------------------------------------------------- methods


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [
        ("TRACE", "/players", "GET, POST"),
        ("PATCH", "/matches/m_x", "GET"),
        ("PUT", "/me/token", "DELETE, POST"),
        ("DELETE", "/health", "GET"),
    ],
)
def test_a_method_the_path_does_not_take_is_405_naming_those_it_does(
    api: Api, method: str, path: str, allowed: str
) -> None:
    answer = api.call(method, path)
    body = assert_error(answer, 405, "method_not_allowed")
    assert answer.headers["Allow"] == allowed
    assert body["details"]["allowed"] == allowed.split(", ")


def test_an_unknown_path_is_404_whatever_the_method(api: Api) -> None:
    for method in ("GET", "TRACE", "PATCH"):
        assert_error(api.call(method, "/no/such/thing"), 404, "route_not_found")


def test_a_browser_on_another_origin_may_send_the_idempotency_key(api: Api) -> None:
    preflight = api.call(
        "OPTIONS",
        "/matches",
        headers={
            "origin": "https://example.org",
            "access-control-request-method": "POST",
            "access-control-request-headers": "authorization, content-type, idempotency-key",
        },
    )
    assert preflight.status == 204
    allowed = {h.strip().lower() for h in preflight.headers["Access-Control-Allow-Headers"].split(",")}
    assert {"authorization", "content-type", "idempotency-key"} <= allowed
    assert preflight.headers["Access-Control-Max-Age"] == "600"


# --------------------------------------------------------------------------- rate limits


ADDRESS = "203.0.113.7"  # the caller's address as API Gateway saw it
OTHER_ADDRESS = "203.0.113.8"
THIRD_ADDRESS = "203.0.113.9"


@pytest.fixture
def limited(api: Api, monkeypatch: pytest.MonkeyPatch) -> Iterator[Api]:
    """The API with a limit of 3 requests at once, refilled at one every 2 s of a stopped clock (a loaded
    machine refills nothing in the middle of a test), and every bucket full."""
    monkeypatch.setenv("RATE_LIMIT_PER_SECOND", "0.5")
    monkeypatch.setenv("RATE_LIMIT_BURST", "3")
    context.reset()
    ratelimit.reset(now=lambda: 1_000.0)
    yield api
    monkeypatch.undo()
    context.reset()
    ratelimit.reset()


def _register(api: Api, name: str, source_ip: str) -> tuple[str, str]:
    """A player registered from an address of their own (registering counts against that address)."""
    answer = api.call("POST", "/players", {"name": name}, source_ip=source_ip)
    assert answer.status == 201, answer.body
    return answer.body["player"]["id"], answer.body["token"]


def _random_token() -> str:
    return "scp_" + secrets.token_urlsafe(32)


def test_random_tokens_from_one_address_drain_one_bucket_and_cost_no_read_once_over(
    limited: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    api = limited
    players = context.services().stores.players
    reads: list[str] = []
    real = players.get_token_owner

    def counted(digest: str) -> Any:
        reads.append(digest)
        return real(digest)

    monkeypatch.setattr(players, "get_token_owner", counted)
    answers = [api.call("GET", "/me", token=_random_token(), source_ip=ADDRESS) for _ in range(10)]
    assert [a.status for a in answers] == [401] * 3 + [429] * 7  # a fresh token is no fresh bucket
    assert len(reads) == 3  # a refused request never reads the table for its token
    body = assert_error(answers[3], 429, "rate_limited")
    assert answers[3].headers["Retry-After"] == "2"  # one request at 0.5 a second, rounded up
    assert body["details"] == {"retry_after_seconds": 2}
    # another address has its own bucket
    assert api.call("GET", "/me", token=_random_token(), source_ip=OTHER_ADDRESS).status == 401


def test_forged_signed_tokens_malformed_headers_and_none_share_the_addresss_bucket(limited: Api) -> None:
    api = limited
    _, token = _register(api, "Ada", "198.51.100.1")
    body, _, signature = token.rpartition(".")
    flipped = ("A" if signature[0] != "A" else "B") + signature[1:]
    headers = [
        {"authorization": f"Bearer {body}.{flipped}"},  # a real token with a bad signature
        {"authorization": f"Basic {token}"},  # not a bearer token
        {},  # no header
        {"authorization": f"Bearer {_random_token()}"},
    ]
    answers = [api.call("GET", "/me", headers=h, source_ip=ADDRESS) for h in headers]
    assert [a.status for a in answers] == [401, 401, 401, 429]


def test_two_players_from_one_address_each_have_their_own_bucket(limited: Api) -> None:
    api = limited
    _, ada = _register(api, "Ada", "198.51.100.1")
    _, bea = _register(api, "Bea", "198.51.100.2")
    # the key is the player, not the header's text: three spellings of Ada's token fill one bucket
    spellings = [f"Bearer {ada}", f"bearer {ada}", f"Bearer   {ada} "]
    answers = [api.call("GET", "/me", headers={"authorization": h}, source_ip=ADDRESS) for h in spellings]
    assert [a.status for a in answers] == [200, 200, 200]
    assert_error(api.call("GET", "/me", token=ada, source_ip=ADDRESS), 429, "rate_limited")
    # Bea, at the same address, has a full bucket of her own, and so has the address itself
    answers = [api.call("GET", "/me", token=bea, source_ip=ADDRESS) for _ in range(4)]
    assert [a.status for a in answers] == [200, 200, 200, 429]
    assert api.call("GET", "/me", token=_random_token(), source_ip=ADDRESS).status == 401


def test_a_players_bucket_is_hers_from_anywhere_and_a_retired_token_cannot_drain_it(limited: Api) -> None:
    api = limited
    ada_id, first = _register(api, "Ada", "198.51.100.1")
    rotated = api.call("POST", "/me/token", token=first, source_ip=ADDRESS)  # a leaked token, rotated
    assert rotated.status == 200, rotated.body
    second = rotated.body["token"]
    answer = api.call("GET", "/me", token=second, source_ip=OTHER_ADDRESS)  # from anywhere: one bucket
    assert answer.status == 200, answer.body
    assert answer.body["id"] == ada_id
    # Whoever holds the retired token counts against their own address: refused, but Ada keeps her bucket.
    leaked = [api.call("GET", "/me", token=first, source_ip=THIRD_ADDRESS) for _ in range(5)]
    assert [a.status for a in leaked] == [401, 401, 401, 429, 429]
    assert api.call("GET", "/me", token=second, source_ip=ADDRESS).status == 200  # her third request
    assert_error(api.call("GET", "/me", token=second, source_ip=OTHER_ADDRESS), 429, "rate_limited")


def test_a_retired_token_sent_to_public_routes_first_cannot_lock_its_player_out(limited: Api) -> None:
    """The leaked token is used before its player's new one was seen again here (the rotation forgot
    what was known of her), on a route that needs no sign-in (so nothing checked the token): it still
    counts against its own address."""
    api = limited
    _, first = _register(api, "Ada", "198.51.100.1")
    rotated = api.call("POST", "/me/token", token=first, source_ip=ADDRESS)
    second = rotated.body["token"]
    leaked = [api.call("GET", "/health", token=first, source_ip=THIRD_ADDRESS) for _ in range(5)]
    assert [a.status for a in leaked] == [200, 200, 200, 429, 429]  # the leaker's address runs dry
    answers = [api.call("GET", "/me", token=second, source_ip=ADDRESS) for _ in range(2)]
    assert [a.status for a in answers] == [200, 200]  # Ada's bucket: the rotation took 1 of her 3
    assert_error(api.call("GET", "/me", token=second, source_ip=ADDRESS), 429, "rate_limited")


def test_random_tokens_from_the_addresses_of_one_ipv6_64_drain_one_bucket(limited: Api) -> None:
    api = limited
    addresses = [f"2001:db8:5:7:{secrets.randbelow(0xFFFF):x}::{n}" for n in range(1, 5)]
    answers = [api.call("GET", "/me", token=_random_token(), source_ip=a) for a in addresses]
    assert [a.status for a in answers] == [401, 401, 401, 429]  # a new address in the /64: no new bucket
    assert api.call("GET", "/me", token=_random_token(), source_ip="2001:db8:5:8::1").status == 401


@pytest.mark.parametrize(
    ("source_ip", "counted"),
    [
        ("203.0.113.7", "203.0.113.7"),
        ("2001:db8:5:7:abcd:1:2:3", "2001:db8:5:7::/64"),
        ("2001:DB8:5:7::9", "2001:db8:5:7::/64"),
        ("::ffff:203.0.113.7", "203.0.113.7"),  # an IPv4 client seen through IPv6
        ("not an address", "not an address"),
        (None, "unknown"),
    ],
)
def test_the_address_a_bucket_counts(source_ip: str | None, counted: str) -> None:
    assert ratelimit.network(source_ip) == counted
    assert ratelimit.caller_key(None, source_ip) == "ip:" + counted
    assert ratelimit.caller_key("p_ada", source_ip) == "p:p_ada"


# --------------------------------------------------------------------------- what the fuzzer found


def test_a_clubs_webhook_routes_are_in_the_document_like_every_other_route(api: Api) -> None:
    # Found fuzzing the whole spec: they had no operation id, tag or bearer scheme, and the codes they
    # answer (like standings' round_out_of_range and a recompute job's job_not_found) were not listed.
    document = api.call("GET", "/openapi.json").body
    hooks = document["paths"]["/clubs/{club_id}/webhooks"]["post"]

    assert hooks["operationId"] == "create_webhook"
    assert hooks["tags"] == ["clubs"]
    assert hooks["security"] == [{"bearer": []}]
    codes = set(hooks["responses"]["400"]["x-error-codes"])
    assert {"invalid_webhook_url", "invalid_webhook_events"} <= codes
    standings = document["paths"]["/tournaments/{tournament_id}/standings"]["get"]["responses"]
    assert "round_out_of_range" in standings["400"]["x-error-codes"]
    job = document["paths"]["/rankings/{pool}/recompute/{job_id}"]["get"]["responses"]
    assert "job_not_found" in job["404"]["x-error-codes"]


# --------------------------------------------------------------------------- the Idempotency-Key header

KEYED = {
    ("post", "/players"),
    ("post", "/matches"),
    ("post", "/matches/{match_id}/moves"),
    ("post", "/tournaments"),
    ("post", "/tournaments/{tournament_id}/entries"),
    ("post", "/tournaments/{tournament_id}/entries/import"),
    ("post", "/guests"),
    ("post", "/lobby/seeks"),
    ("post", "/challenges"),
    ("post", "/tournaments/{tournament_id}/rounds/{number}/tables/{table}/reports"),
    ("post", "/tournaments/{tournament_id}/rounds/{number}/tables/{table}/confirm"),
    ("put", "/tournaments/{tournament_id}/rounds/{number}/tables/{table}/score"),
    ("post", "/tournaments/{tournament_id}/rounds/{number}/close"),
    ("post", "/clubs/{club_id}/seasons"),
}


def test_every_route_that_takes_an_idempotency_key_documents_it_alike_and_optional(api: Api) -> None:
    # The document said "string or null" (a header is never null) and allowed "", which the service read
    # as no key at all. One declaration now: optional, 1 to 128 characters, as the code reads it.
    document = api.call("GET", "/openapi.json").body
    keyed = {}
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            for parameter in operation.get("parameters", []):
                if parameter["name"].lower() == "idempotency-key":
                    keyed[(method, path)] = parameter
    assert set(keyed) == KEYED
    for parameter in keyed.values():
        assert parameter["in"] == "header"
        assert parameter["required"] is False
        schema = {k: v for k, v in parameter["schema"].items() if k != "title"}
        assert schema == {"type": "string", "minLength": 1, "maxLength": 128}
        assert "optional" in parameter["description"]


@pytest.mark.parametrize("key", ["", "k" * 129])
def test_an_empty_or_too_long_idempotency_key_is_refused_not_ignored(api: Api, key: str) -> None:
    answer = api.call("POST", "/players", {"name": "Ada"}, headers={"Idempotency-Key": key})

    problems = assert_error(answer, 422, "validation_error")["details"]["errors"]
    assert [p["location"] for p in problems] == ["header.idempotency-key"]


def test_without_an_idempotency_key_a_retry_is_a_new_request(api: Api) -> None:
    _, token = api.register("Ada")
    me = api.call("GET", "/me", token=token).body["id"]
    body = {"players": [me, "bot-greedy"]}
    first = api.call("POST", "/matches", body, token=token)
    again = api.call("POST", "/matches", body, token=token)
    assert (first.status, again.status) == (201, 201)
    assert first.body["id"] != again.body["id"]
    keyed = [
        api.call("POST", "/matches", body, token=token, headers={"Idempotency-Key": "k-1"}) for _ in range(2)
    ]
    assert [a.status for a in keyed] == [201, 201]
    assert keyed[0].body["id"] == keyed[1].body["id"]


# --------------------------------------------------------------------------- routes that need a token


def test_every_route_that_needs_a_token_answers_401_without_one_before_looking_anything_up(api: Api) -> None:
    # Found fuzzing (missing_required_header): without a token, entering a real tournament answered 404
    # player_not_found, withdrawing a real entrant 404 entrant_not_found, creating a match 404 for its
    # players; an anonymous caller learnt what exists. Every route the document marks as needing a
    # token now answers 401 first (a body its schema refuses is still 422: validation comes first).
    from tests.api.tournament_support import create_tournament, organizer

    me, olga = organizer(api)
    t = create_tournament(api, olga, {"format": "swiss", "rounds": 3})
    assert api.call("POST", f"/tournaments/{t['id']}/entries", {}, token=olga).status == 201
    real = {
        ("POST", f"/tournaments/{t['id']}/entries", json.dumps({"players": ["p_nobody"]})),
        ("DELETE", f"/tournaments/{t['id']}/entries/{me}", None),
        ("POST", "/matches", json.dumps({"players": ["p_nobody", "bot-greedy"]})),
    }
    for method, path, raw in real:
        assert_error(api.call(method, path, raw_body=raw), 401, "unauthorized")

    document = api.call("GET", "/openapi.json").body
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            if operation.get("security") != [{"bearer": []}] or "requestBody" in operation:
                continue
            concrete = re.sub(r"\{(number|table)\}", "1", path).replace("{", "").replace("}", "")  # made up
            answer = api.call(method.upper(), concrete)
            assert_error(answer, 401, "unauthorized")
