"""Club webhooks through the API, delivered to a real HTTP receiver (``http.server`` in a thread).

Deliveries go through the in-process queue (no ``WEBHOOK_QUEUE_URL``): a first attempt runs when the
event is published, a retry when the test moves its clock and runs what is due. The URL policy is relaxed
by the settings (``http://`` to loopback), as for local runs.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from api import context
from scopa.application.services.webhooks import RETRY_DELAYS, InProcessQueue, signature, verify
from tests.api.conftest import Api
from tests.api.support import assert_error
from tests.api.tournament_support import create_tournament, enter_bots, organizer, run_until_finished

SWISS = {"format": "swiss", "rounds": 2, "target": 1, "entry_policy": "club"}
ALL_EVENTS = ["tournament.started", "round.paired", "result.recorded", "tournament.finished"]


@dataclass
class Received:
    headers: dict[str, str]
    body: bytes


@dataclass
class Receiver:
    """Answers each POST with the next of ``statuses`` (then 200) and keeps what it received."""

    url: str = ""
    statuses: list[int] = field(default_factory=list)
    received: list[Received] = field(default_factory=list)


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    state = Receiver()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            state.received.append(Received({k.lower(): v for k, v in self.headers.items()}, body))
            status = state.statuses.pop(0) if state.statuses else 200
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            return None

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    state.url = f"http://127.0.0.1:{server.server_address[1]}/scopa"
    yield state
    server.shutdown()
    server.server_close()


@pytest.fixture
def hooks_api(api: Api, monkeypatch: pytest.MonkeyPatch) -> Api:
    """The API with webhooks allowed to reach http:// on loopback (the local settings)."""
    monkeypatch.setenv("WEBHOOKS_ALLOW_HTTP", "true")
    monkeypatch.setenv("WEBHOOKS_ALLOW_PRIVATE", "true")
    context.reset()
    return api


def a_club(api: Api) -> tuple[str, str]:
    """An organizer's token and their new club's id."""
    _, olga = organizer(api)
    club = api.call("POST", "/clubs", {"name": "Circolo"}, token=olga).body
    return olga, club["id"]


def register(api: Api, token: str, club_id: str, url: str, events: list[str]) -> dict[str, Any]:
    answer = api.call("POST", f"/clubs/{club_id}/webhooks", {"url": url, "events": events}, token=token)
    assert answer.status == 201, answer.body
    body: dict[str, Any] = answer.body
    return body


def queue() -> InProcessQueue:
    found = context.services().webhook_queue
    assert isinstance(found, InProcessQueue)
    return found


def deliveries(api: Api, token: str, club_id: str, hook_id: str) -> list[dict[str, Any]]:
    answer = api.call("GET", f"/clubs/{club_id}/webhooks/{hook_id}/deliveries", token=token)
    assert answer.status == 200, answer.body
    found: list[dict[str, Any]] = answer.body["deliveries"]
    return found


def a_started_tournament(api: Api, token: str, club_id: str, bots: int = 4) -> str:
    t = create_tournament(api, token, SWISS, club_id=club_id)
    enter_bots(api, token, t["id"], bots)
    assert api.call("POST", f"/tournaments/{t['id']}/start", token=token).status == 200
    return str(t["id"])


def test_a_club_tournament_run_to_the_end_delivers_signed_events(hooks_api: Api, receiver: Receiver) -> None:
    api = hooks_api
    olga, club_id = a_club(api)
    hook = register(api, olga, club_id, receiver.url, ALL_EVENTS)
    secret = hook["secret"]
    assert secret.startswith("whsec_")
    tid = a_started_tournament(api, olga, club_id)
    run_until_finished(api, tid)

    events = [json.loads(r.body) for r in receiver.received]
    kinds = [e["type"] for e in events]
    assert kinds[0] == "tournament.started"
    assert kinds[-1] == "tournament.finished"
    assert kinds.count("round.paired") == 2
    assert kinds.count("result.recorded") == 4  # two tables in each of two rounds
    assert {e["tournament_id"] for e in events} == {tid}
    assert len({e["id"] for e in events}) == len(events)  # one event, one delivery
    for r, event in zip(receiver.received, events, strict=True):
        assert r.headers["content-type"] == "application/json"
        assert r.headers["scopa-event"] == event["type"]
        assert verify(secret, r.headers["scopa-signature"], r.body, now=api.clock.now())
        assert not verify("whsec_wrong", r.headers["scopa-signature"], r.body, now=api.clock.now())
        assert not verify(secret, r.headers["scopa-signature"], r.body + b" ", now=api.clock.now())
        # A replay long after is refused by the timestamp window.
        assert not verify(secret, r.headers["scopa-signature"], r.body, now=api.clock.now() + 3600)
    assert len({r.headers["scopa-delivery"] for r in receiver.received}) == len(events)
    paired = next(e for e in events if e["type"] == "round.paired")
    assert paired["data"]["round"] == 1
    assert len(paired["data"]["tables"]) == 2
    result = next(e for e in events if e["type"] == "result.recorded")
    assert sum(result["data"]["result"]) == 1.0
    assert result["data"]["corrected"] is False
    # The log lists them all, newest first, delivered at the first attempt.
    log = deliveries(api, olga, club_id, hook["id"])
    assert [d["id"] for d in log] == [r.headers["scopa-delivery"] for r in reversed(receiver.received)]
    assert {(d["status"], d["attempts"], d["last_status"]) for d in log} == {("delivered", 1, 200)}
    # No delivery, log line or answer after creation holds the secret.
    assert secret not in json.dumps(api.call("GET", f"/clubs/{club_id}/webhooks", token=olga).body)
    assert secret not in json.dumps(log)
    assert all(secret.encode() not in r.body for r in receiver.received)


def test_a_hook_receives_only_the_events_it_chose_and_a_correction(
    hooks_api: Api, receiver: Receiver
) -> None:
    api = hooks_api
    olga, club_id = a_club(api)
    register(api, olga, club_id, receiver.url, ["result.recorded"])
    tid = a_started_tournament(api, olga, club_id, bots=2)
    run_until_finished(api, tid)
    assert [json.loads(r.body)["type"] for r in receiver.received] == ["result.recorded"] * 2
    answer = api.call(
        "POST",
        f"/tournaments/{tid}/rounds/1/tables/1/result",
        {"result": [0.5, 0.5], "reason": "scoring mistake"},
        token=olga,
    )
    assert answer.status == 200, answer.body
    corrected = json.loads(receiver.received[-1].body)
    assert corrected["data"]["corrected"] is True
    assert corrected["data"]["result"] == [0.5, 0.5]


def test_a_receiver_failing_twice_is_retried_with_backoff_until_it_answers(
    hooks_api: Api, receiver: Receiver
) -> None:
    api = hooks_api
    olga, club_id = a_club(api)
    hook = register(api, olga, club_id, receiver.url, ["tournament.started"])
    receiver.statuses = [500, 503]
    start = api.clock.now()
    a_started_tournament(api, olga, club_id, bots=2)
    (first,) = deliveries(api, olga, club_id, hook["id"])
    assert (first["status"], first["attempts"], first["last_status"]) == ("retrying", 1, 500)
    assert first["next_attempt_at"] is not None
    assert first["last_error"] == "HTTP 500"

    assert queue().run_due() == 0  # not due yet: the backoff holds it
    api.clock.advance(RETRY_DELAYS[0])
    assert queue().run_due() == 1
    (second,) = deliveries(api, olga, club_id, hook["id"])
    assert (second["status"], second["attempts"], second["last_status"]) == ("retrying", 2, 503)
    assert second["next_attempt_at"] > first["next_attempt_at"]  # a longer wait the second time

    api.clock.advance(RETRY_DELAYS[1] - 1)
    assert queue().run_due() == 0
    api.clock.advance(1)
    assert queue().run_due() == 1
    (third,) = deliveries(api, olga, club_id, hook["id"])
    assert (third["status"], third["attempts"], third["last_status"]) == ("delivered", 3, 200)
    assert third["next_attempt_at"] is None
    assert third["delivered_at"] is not None
    # The same delivery (id and body) each time, signed afresh.
    assert len(receiver.received) == 3
    assert {r.headers["scopa-delivery"] for r in receiver.received} == {third["id"]}
    assert len({r.body for r in receiver.received}) == 1
    assert api.clock.now() - start == RETRY_DELAYS[0] + RETRY_DELAYS[1]


def test_a_deleted_hook_gets_no_more_deliveries(hooks_api: Api, receiver: Receiver) -> None:
    api = hooks_api
    olga, club_id = a_club(api)
    hook = register(api, olga, club_id, receiver.url, ALL_EVENTS)
    receiver.statuses = [500]
    tid = a_started_tournament(api, olga, club_id, bots=2)
    tried = len(receiver.received)
    assert tried >= 1
    gone = api.call("DELETE", f"/clubs/{club_id}/webhooks/{hook['id']}", token=olga)
    assert gone.status == 204
    assert_error(
        api.call("DELETE", f"/clubs/{club_id}/webhooks/{hook['id']}", token=olga), 404, "webhook_not_found"
    )
    api.clock.advance(RETRY_DELAYS[0])
    queue().run_due()  # the pending retry finds its hook gone
    run_until_finished(api, tid)
    assert len(receiver.received) == tried
    assert queue().pending() == 0


def test_only_the_clubs_organizers_manage_its_hooks_and_the_secret_is_shown_once(
    hooks_api: Api, receiver: Receiver
) -> None:
    api = hooks_api
    olga, club_id = a_club(api)
    _, otto = organizer(api, "Otto")
    pia_id, pia = api.register("Pia")
    api.call("POST", f"/clubs/{club_id}/members", {"player_id": pia_id}, token=olga)
    body = {"url": receiver.url, "events": ["round.paired"]}
    assert_error(api.call("POST", f"/clubs/{club_id}/webhooks", body), 401, "unauthorized")
    assert_error(api.call("POST", f"/clubs/{club_id}/webhooks", body, token=pia), 403, "not_club_organizer")
    assert_error(api.call("POST", f"/clubs/{club_id}/webhooks", body, token=otto), 403, "not_club_organizer")
    assert_error(api.call("POST", "/clubs/c_none/webhooks", body, token=olga), 404, "club_not_found")
    hook = register(api, olga, club_id, receiver.url, ["round.paired"])
    path = f"/clubs/{club_id}/webhooks/{hook['id']}"
    assert_error(api.call("GET", path, token=otto), 403, "not_club_organizer")
    assert_error(api.call("GET", f"{path}/deliveries", token=pia), 403, "not_club_organizer")
    shown = api.call("GET", path, token=olga).body
    assert shown["id"] == hook["id"]
    assert "secret" not in shown
    listed = api.call("GET", f"/clubs/{club_id}/webhooks", token=olga).body["webhooks"]
    assert [h["id"] for h in listed] == [hook["id"]]
    assert "secret" not in listed[0]
    assert_error(api.call("GET", f"/clubs/{club_id}/webhooks/wh_none", token=olga), 404, "webhook_not_found")
    long = "x" * 3000
    assert_error(api.call("GET", f"/clubs/{club_id}/webhooks/{long}", token=olga), 404, "webhook_not_found")
    assert_error(
        api.call("DELETE", f"/clubs/{club_id}/webhooks/{long}", token=olga), 404, "webhook_not_found"
    )
    assert_error(api.call("GET", f"/clubs/{long}/webhooks", token=olga), 404, "club_not_found")


@pytest.mark.parametrize(
    ("url", "events", "status", "code"),
    [
        ("ftp://example.org/x", ["round.paired"], 400, "invalid_webhook_url"),
        ("http://user:pw@127.0.0.1/x", ["round.paired"], 400, "invalid_webhook_url"),
        ("not a url at all", ["round.paired"], 400, "invalid_webhook_url"),
        ("https://example.org/x", [], 422, "validation_error"),
        ("https://example.org/x", ["match.moved"], 422, "validation_error"),
    ],
)
def test_bad_hooks_are_refused(hooks_api: Api, url: str, events: list[str], status: int, code: str) -> None:
    olga, club_id = a_club(hooks_api)
    answer = hooks_api.call("POST", f"/clubs/{club_id}/webhooks", {"url": url, "events": events}, token=olga)
    assert_error(answer, status, code)


def test_without_the_local_settings_only_https_to_public_addresses_is_accepted(api: Api) -> None:
    olga, club_id = a_club(api)
    for url in (
        "http://example.org/hook",  # not https
        "https://127.0.0.1/hook",  # loopback
        "https://10.1.2.3/hook",  # private
        "https://169.254.169.254/latest/meta-data",  # link-local: a cloud host's metadata
        "https://[::1]/hook",
        "https://[::ffff:192.168.0.1]/hook",  # a private IPv4 address written as IPv6
        "https://localhost/hook",
    ):
        answer = api.call(
            "POST", f"/clubs/{club_id}/webhooks", {"url": url, "events": ["round.paired"]}, token=olga
        )
        assert_error(answer, 400, "invalid_webhook_url")


def test_the_receiver_check_in_the_docs_accepts_a_signed_delivery_once() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "webhooks.md").read_text()
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    scope: dict[str, Any] = {}
    exec(compile(code, "docs/webhooks.md", "exec"), scope)
    accept = scope["accept"]
    body, now = b'{"type":"round.paired"}', int(time.time())
    headers = {"Scopa-Signature": signature("whsec_k", now, body), "Scopa-Delivery": "d_1"}
    seen: set[str] = set()
    assert accept("whsec_k", headers, body, seen)
    assert not accept("whsec_k", headers, body, seen)  # the same delivery again
    assert not accept("whsec_other", {**headers, "Scopa-Delivery": "d_2"}, body, seen)
    assert not accept("whsec_k", {**headers, "Scopa-Delivery": "d_3"}, body + b" ", seen)
    old = {"Scopa-Signature": signature("whsec_k", now - 3600, body), "Scopa-Delivery": "d_4"}
    assert not accept("whsec_k", old, body, seen)


def test_in_person_reports_disputes_and_confirmations_are_delivered(
    hooks_api: Api, receiver: Receiver
) -> None:
    api = hooks_api
    olga, club_id = a_club(api)
    kinds = ["result.reported", "result.disputed", "result.confirmed", "result.recorded"]
    register(api, olga, club_id, receiver.url, kinds)
    settings = {"format": "swiss", "rounds": 1, "play_mode": "in_person"}
    t = create_tournament(api, olga, settings, club_id=club_id)
    tokens: dict[str, str] = {}
    for name in ("Ada", "Bea"):
        pid, token = api.register(name)
        assert api.call("POST", f"/tournaments/{t['id']}/entries", {}, token=token).status == 201
        tokens[pid] = token
    assert api.call("POST", f"/tournaments/{t['id']}/start", token=olga).status == 200
    table = api.call("GET", f"/tournaments/{t['id']}/rounds/1").body["tables"][0]
    first, second = table["first"]["id"], table["second"]["id"]
    url = f"/tournaments/{t['id']}/rounds/1/tables/1/reports"
    assert api.call("POST", url, {"games": [[11, 7]]}, token=tokens[first]).status == 200
    assert api.call("POST", url, {"games": [[7, 11]]}, token=tokens[second]).status == 200
    assert api.call("POST", url, {"games": [[11, 7]]}, token=tokens[second]).status == 200

    events = [json.loads(r.body) for r in receiver.received]
    assert [e["type"] for e in events] == kinds
    reported, disputed, confirmed, recorded = (e["data"] for e in events)
    assert reported["reports"][0]["by"] == first
    assert reported["result"] is None
    assert [c["games"] for c in disputed["reports"]] == [[[11, 7]], [[7, 11]]]
    assert confirmed["score"] == [[11, 7]]
    assert confirmed["result"] == [1.0, 0.0]
    assert recorded["reason"] == "reported"
    assert len({e["id"] for e in events}) == 4
