"""What the rehearsal plays through the front doors, and what each step must see.

1. **The sample events** (``events/``): each sent as it is through the front door it was made for; no
   answer may be a 5xx and no request may miss its route in the template.
2. **A whole game**: a player registers, follows the match on a WebSocket (and a spectator too), plays a
   match against a house bot to its end through the HTTP API and the function URL, one move sent twice
   with its idempotency key; every move is pushed to both connections, each with only what it may see.
3. **A tournament run by the schedule**: a club with a webhook, a Swiss of house bots started by its
   organizer, run by the schedule (the pipeline's fan-out through its queue) to its end; the webhook's
   receiver gets each event signed with the hook's secret; a follower of the tournament gets updates.
4. **Jobs**: the admin's rating recompute (queued to the jobs function) and the operator's name-index
   backfill (invoked by hand).
5. **Connections**: a rotated token closes its player's connections (and API Gateway's ``$disconnect``
   follows); a client that vanished is forgotten at the next push.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import partial
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

from infra.rehearsal.frontdoors import Connection, FrontDoors, Response


class ScenarioFailed(AssertionError):
    """A step did not see what it must."""


def check(condition: bool, message: str) -> None:
    if not condition:
        raise ScenarioFailed(message)


@dataclass
class Receiver:
    """A webhook endpoint on 127.0.0.1 that keeps every delivery; it fails the first ``failures``."""

    url: str = ""
    failures: int = 1
    received: list[tuple[dict[str, str], bytes]] = field(default_factory=list)
    refused: int = 0


@contextmanager
def receiver() -> Iterator[Receiver]:
    state = Receiver()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            if state.refused < state.failures:
                state.refused += 1
                self.send_response(500)
            else:
                state.received.append(({k.lower(): v for k, v in self.headers.items()}, body))
                self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            return None

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    state.url = f"http://127.0.0.1:{server.server_address[1]}/scopa-hook"
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()


@dataclass
class Play:
    """The state the steps share: the front doors, the admin's token, and every secret seen."""

    doors: FrontDoors
    admin_token: str
    secrets_seen: set[str] = field(default_factory=set)
    figures: dict[str, Any] = field(default_factory=dict)

    def call(
        self, method: str, path: str, body: Any = None, token: str | None = None, **headers: str
    ) -> Response:
        """One request, as a well-behaved client sends it: after a 429, again once ``Retry-After`` passed.
        ``query_<name>`` keyword arguments are query parameters, the others headers."""
        sent = {"Authorization": f"Bearer {token}"} if token else {}
        query = {k.removeprefix("query_"): v for k, v in headers.items() if k.startswith("query_")}
        sent.update({k.replace("_", "-"): v for k, v in headers.items() if not k.startswith("query_")})
        return self.patiently(
            lambda: self.doors.http(method, path, body=body, headers=sent, query=query or None)
        )

    def patiently(self, send: Callable[[], Response]) -> Response:
        """``send()``, and again after each 429 once its ``Retry-After`` has passed (a few times)."""
        for _ in range(5):
            answer = send()
            if answer.status != 429:
                return answer
            self.figures["429 answers waited out"] = self.figures.get("429 answers waited out", 0) + 1
            time.sleep(float(answer.headers.get("Retry-After", "1")))
        return answer

    def ok(
        self, status: int, method: str, path: str, body: Any = None, token: str | None = None, **headers: str
    ) -> Any:
        answer = self.call(method, path, body, token, **headers)
        check(
            answer.status == status,
            f"{method} {path} answered {answer.status}, not {status}: {answer.text[:500]}",
        )
        return answer.json()

    @contextmanager
    def timed(self, step: str) -> Iterator[None]:
        began = time.perf_counter()
        try:
            yield
        finally:
            self.figures.setdefault("seconds", {})[step] = round(time.perf_counter() - began, 1)

    def register(self, name: str) -> tuple[str, str]:
        me = self.ok(201, "POST", "/players", {"name": name})
        self.secrets_seen.add(me["token"])
        return me["player"]["id"], me["token"]


# ------------------------------------------------------------------------------------ 1. sample events


def sample_events(play: Play, folder: Path) -> None:
    statuses: dict[int, int] = {}
    for path in sorted(folder.glob("*.json")):
        event = json.loads(path.read_text())
        if event.get("source") == "aws.scheduler":
            play.doors.tick(event)
            continue
        if "rawPath" not in event:
            continue
        method = event["requestContext"]["http"]["method"]
        headers = dict(event.get("headers") or {})
        body = event.get("body")
        if event.get("isBase64Encoded") and body:
            import base64

            body = base64.b64decode(body).decode("utf-8", "replace")
        domain = str(event["requestContext"].get("domainName", ""))
        if ".lambda-url." in domain:
            urls = list(play.doors.deployment.urls)
            check(bool(urls), f"{path.name} is a function URL's event, and the template has no function URL")
            url = urls[0] + event["rawPath"].lstrip("/")
            answer = play.patiently(partial(play.doors.function_url, url, method, headers=headers))
        else:
            query = dict(parse_qsl(event.get("rawQueryString") or "", keep_blank_values=True))
            send = partial(
                play.doors.http, method, event["rawPath"], raw_body=body, headers=headers, query=query
            )
            answer = play.patiently(send)
        statuses[answer.status] = statuses.get(answer.status, 0) + 1
        check(answer.status < 500, f"{path.name}: {answer.status} {answer.text[:300]}")
        check(
            not (answer.status == 404 and answer.json() == {"message": "Not Found"}),
            f"{path.name}: {method} {event['rawPath']} matches no route of the HTTP API",
        )
    play.figures["sample events"] = dict(sorted(statuses.items()))


# ------------------------------------------------------------------------------------ 2. a whole game


def _last_update(connection: Connection, topic: str) -> dict[str, Any] | None:
    updates = [m for m in connection.messages if m.get("type") == "update" and m.get("topic") == topic]
    return updates[-1] if updates else None


def a_whole_game(play: Play) -> tuple[str, str, Connection]:
    """Returns the player's id, token and the connection of their seat (still open)."""
    for by in ("elo", "glicko"):  # a newcomer looks at the leaderboards first
        play.ok(200, "GET", "/rankings/scopa", query_by=by)
    ada, token = play.register("Ada")
    seat = play.doors.connect()
    play.doors.send(seat, {"action": "auth", "token": token})
    check(any(m.get("type") == "authed" for m in seat.messages), f"auth was not answered: {seat.messages}")
    watcher = play.doors.connect()

    match = play.ok(
        201, "POST", "/matches", {"players": [ada, "bot-greedy"]}, token, Idempotency_Key="rehearsal-match"
    )
    again = play.ok(
        201, "POST", "/matches", {"players": [ada, "bot-greedy"]}, token, Idempotency_Key="rehearsal-match"
    )
    check(again["id"] == match["id"], "a retried match creation made a second match")
    topic = f"match:{match['id']}"
    for connection in (seat, watcher):
        play.doors.send(connection, {"action": "subscribe", "topic": topic})
        check(_last_update(connection, topic) is not None, f"no snapshot after subscribing to {topic}")

    moves = through_url = 0
    links = match.get("links") or {}
    state = play.ok(200, "GET", f"/matches/{match['id']}", token=token)
    while state["status"] == "active":
        legal = state["view"]["legal_moves"][0]
        move = {"card": legal["card"], "take": legal["take"], "version": state["version"]}
        key = f"move-{moves}"
        if links.get("moves") and moves % 5 == 4:
            sent = {"Authorization": f"Bearer {token}", "Idempotency-Key": key}
            answer = play.patiently(
                partial(play.doors.function_url, links["moves"], "POST", body=move, headers=sent)
            )
            check(
                answer.status == 200,
                f"a move through the function URL answered {answer.status}: {answer.text[:300]}",
            )
            moved = answer.json()
            through_url += 1
        else:
            moved = play.ok(200, "POST", f"/matches/{match['id']}/moves", move, token, Idempotency_Key=key)
        if moves == 0:  # the same move again with its key: the same answer, nothing applied twice
            repeated = play.ok(200, "POST", f"/matches/{match['id']}/moves", move, token, Idempotency_Key=key)
            check(repeated["version"] == moved["version"], "a retried move was applied twice")
        moves += 1
        for connection, who in ((seat, "the seat"), (watcher, "the spectator")):
            update = _last_update(connection, topic)
            check(
                update is not None and update["version"] == moved["version"],
                f"{who} was not pushed move {moves}",
            )
        pushed_view = (_last_update(watcher, topic) or {}).get("data", {}).get("view", {})
        check(not pushed_view.get("hand"), f"the spectator was pushed a hand: {pushed_view}")
        check(
            bool((_last_update(seat, topic) or {}).get("data", {}).get("view", {}).get("hand"))
            or moved["status"] != "active",
            "the seat was pushed no hand",
        )
        check(moves < 400, "the match does not end")
        state = moved
    check(state["status"] == "finished", f"the match ended {state['status']}")
    play.ok(200, "GET", f"/matches/{match['id']}/record")
    check(through_url > 0 or not links.get("moves"), "no move went through the function URL")
    play.figures["moves"] = moves
    play.figures["moves through the function URL"] = through_url
    play.figures["pushes to the seat"] = len(seat.messages)
    play.doors.disconnect(watcher)
    return ada, token, seat


# ------------------------------------------------------------------------------ 3. a tournament by schedule


def _signed(secret: str, headers: dict[str, str], body: bytes) -> bool:
    fields = dict(p.split("=", 1) for p in headers.get("scopa-signature", "").split(",") if "=" in p)
    expected = hmac.new(
        secret.encode(), fields.get("t", "").encode() + b"." + body, hashlib.sha256
    ).hexdigest()
    return hmac.compare_digest(expected, fields.get("v1", ""))


def a_club(play: Play, token: str) -> str:
    """A club its organizer runs: a player asks to join and is approved, then removed."""
    club = play.ok(201, "POST", "/clubs", {"name": "Circolo della prova", "open": False}, token)
    bea, bea_token = play.register("Bea")
    play.ok(201, "POST", f"/clubs/{club['id']}/join-requests", {}, bea_token)
    play.ok(200, "POST", f"/clubs/{club['id']}/join-requests/{bea}/approve", None, token)
    play.ok(204, "DELETE", f"/clubs/{club['id']}/members/{bea}", None, token)
    return str(club["id"])


def a_tournament_by_the_schedule(play: Play, ada: str, token: str) -> None:
    play.ok(200, "PUT", f"/players/{ada}/role", {"role": "organizer"}, play.admin_token)
    club = a_club(play, token)
    with receiver() as hooks:
        events = ["tournament.started", "round.paired", "result.recorded", "tournament.finished"]
        hook = play.ok(201, "POST", f"/clubs/{club}/webhooks", {"url": hooks.url, "events": events}, token)
        play.secrets_seen.add(hook["secret"])
        now = datetime.now(UTC).isoformat(timespec="seconds")
        settings = {"format": "swiss", "rounds": 2, "target": 1, "starts_at": now}
        body = {"name": "Prova", "settings": settings, "club_id": club}
        tid = play.ok(201, "POST", "/tournaments", body, token)["id"]
        follower = play.doors.connect()
        play.doors.send(follower, {"action": "subscribe", "topic": f"tournament:{tid}"})
        for i in range(4):
            play.ok(201, "POST", f"/tournaments/{tid}/entries", {"players": [f"bot-greedy-{i + 1}"]}, token)
        runs = 0
        while play.ok(200, "GET", f"/tournaments/{tid}")["status"] != "finished":
            check(runs < 20, "the schedule did not finish the tournament in 20 runs")
            play.doors.tick({"source": "aws.scheduler"})
            play.doors.retry_now()  # a delivery's backoff, waited out at once
            runs += 1
        play.doors.retry_now()
        play.ok(200, "GET", f"/tournaments/{tid}/standings")
        kinds = [json.loads(body)["type"] for _, body in hooks.received]
        check(hooks.refused == hooks.failures, "the receiver's failure was not delivered to it")
        check(set(events) <= set(kinds), f"the webhook received {kinds}")
        check(
            all(_signed(hook["secret"], h, b) for h, b in hooks.received),
            "a delivery's signature does not verify",
        )
        updates = [m for m in follower.messages if m.get("type") == "update"]
        check(len(updates) > 2, f"the tournament's follower got {len(updates)} updates")
        play.figures["schedule runs to finish a 4-bot Swiss of 2 rounds"] = runs
        play.figures["webhook deliveries"] = len(hooks.received) + hooks.refused
        # One started by its organizer: the API's start runs the first advance (bots finish at once).
        settings = {"format": "swiss", "rounds": 1, "target": 1}
        quick = play.ok(
            201, "POST", "/tournaments", {"name": "Lampo", "settings": settings, "club_id": club}, token
        )
        for i in range(2):
            play.ok(
                201,
                "POST",
                f"/tournaments/{quick['id']}/entries",
                {"players": [f"bot-greedy-{i + 1}"]},
                token,
            )
        play.ok(200, "POST", f"/tournaments/{quick['id']}/start", None, token)
        play.doors.retry_now()
        finished = play.ok(200, "GET", "/tournaments", query_status="finished")
        check({tid, quick["id"]} <= {t["id"] for t in finished["tournaments"]}, f"finished: {finished}")
        deliveries = play.ok(200, "GET", f"/clubs/{club}/webhooks/{hook['id']}/deliveries", token=token)
        check(bool(deliveries["deliveries"]), "the delivery log is empty")
        play.ok(204, "DELETE", f"/clubs/{club}/webhooks/{hook['id']}", None, token)
        play.doors.disconnect(follower)


# ------------------------------------------------------------------------------------------- 4. jobs


def jobs(play: Play) -> None:
    queued = play.call("POST", "/rankings/scopa/recompute", None, play.admin_token)
    check(queued.status == 202, f"the recompute answered {queued.status}: {queued.text[:300]}")
    job = queued.json()
    done = play.ok(200, "GET", f"/rankings/scopa/recompute/{job['id']}", token=play.admin_token)
    check(done["status"] == "done", f"the recompute job is {done['status']}")
    jobs_function = next(
        s for s in play.doors.deployment.functions.values() if s.handler == "jobs.handler.handler"
    )
    report = play.doors.invoke_by_hand(jobs_function.name, {"task": "backfill_name_index"})
    check(report.get("done") is True, f"the backfill answered {report}")


# ------------------------------------------------------------------------------------- 5. connections


def connections(play: Play, ada: str, token: str, seat: Connection) -> None:
    inbox = f"inbox:{ada}"
    play.doors.send(seat, {"action": "subscribe", "topic": inbox})
    check(_last_update(seat, inbox) is not None, "no snapshot of the inbox")
    _, bea_token = play.register("Bea")
    before = len(seat.messages)
    play.ok(201, "POST", "/challenges", {"opponent": ada}, bea_token)
    check(len(seat.messages) > before, "the challenge was not pushed to the inbox")
    play.doors.send(seat, {"action": "unsubscribe", "topic": inbox})
    check(any(m.get("type") == "unsubscribed" for m in seat.messages), "the unsubscribe was not answered")

    vanished = play.doors.connect()
    play.doors.send(vanished, {"action": "subscribe", "topic": "lobby"})
    vanished.gone = True  # the client went away without a word: the next push answers 410
    play.ok(201, "POST", "/lobby/seeks", {}, bea_token)
    check(vanished.id not in _followers_after_push(play), "a vanished connection is still followed")
    rotated = play.ok(200, "POST", "/me/token", None, token)
    play.secrets_seen.add(rotated["token"])
    check(not seat.open, "rotating the token left the player's connection open")


def _followers_after_push(play: Play) -> set[str]:
    """The connections the service still pushes to (one more lobby change, then who got it)."""
    before = {c.id: len(c.messages) for c in play.doors.connections.values()}
    _, token = play.register("Cleo")
    play.ok(201, "POST", "/lobby/seeks", {}, token)
    return {c.id for c in play.doors.connections.values() if len(c.messages) > before.get(c.id, 0)}


def new_admin_token() -> tuple[str, str]:
    token = "adm_" + secrets.token_urlsafe(32)
    return token, hashlib.sha256(token.encode()).hexdigest()
