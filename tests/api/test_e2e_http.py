"""End to end over real HTTP: the local server (the Lambda handler behind uvicorn), on each store of
``make run``: SQLite (its default) and in-process moto.

Every answer goes through :class:`Witness`, which checks that it shows no hidden card (another seat's
hand, unless revealed, or the stock) of the match it is about, compared with the stored state, and no
bearer token or token hash except in the answers that hand a token out.
"""

from __future__ import annotations

import hashlib
import http.client
import json
import random
import re
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode, urlsplit

import pytest

from api import context
from scopa.domain.games import GAMES
from scopa.domain.games.common.cards import CODES
from scopa.domain.games.scopa.record import replay
from tests.api.conftest import ADMIN_TOKEN
from tests.common import codes, hidden_cards, without_finished_deal
from tests.served import STORAGES, Storage, local_server
from tools.local_server import (
    MAX_BODY_BYTES,
    Gate,
    LocalServer,
    request_event,
    response_parts,
)

SEED = "e2e0" * 8
CODE_SET = frozenset(CODES)


# ---------------------------------------------------------------------------------------------- helpers


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    text: str
    body: Any = None

    def header(self, name: str) -> str | None:
        return self.headers.get(name.lower())


@dataclass
class Client:
    """One HTTP client (a keep-alive connection) acting as one player."""

    base_url: str
    witness: Witness
    player_id: str | None = None
    token: str | None = None
    name: str = "anonymous"
    _conn: http.client.HTTPConnection | None = field(default=None, repr=False)

    def raw(
        self,
        method: str,
        path: str,
        body: Any = None,
        *,
        query: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
        raw_body: bytes | None = None,
        timeout: float = 30,
    ) -> Reply:
        parts = urlsplit(self.base_url)
        if self._conn is None:
            self._conn = http.client.HTTPConnection(
                parts.hostname or "127.0.0.1", parts.port, timeout=timeout
            )
        hdrs = dict(headers or {})
        if self.token:
            hdrs["Authorization"] = f"Bearer {self.token}"
        data = raw_body
        if body is not None:
            data = json.dumps(body).encode()
            hdrs["Content-Type"] = "application/json"
        target = path + (f"?{urlencode(query)}" if query else "")
        self._conn.request(method, target, body=data, headers=hdrs)
        answer = self._conn.getresponse()
        text = answer.read().decode("utf-8")
        if answer.getheader("Connection", "").lower() == "close":
            self.close()
        reply = Reply(answer.status, {k.lower(): v for k, v in answer.getheaders()}, text)
        if text and (reply.header("content-type") or "").startswith("application/json"):
            reply.body = json.loads(text)
        return reply

    def call(self, method: str, path: str, body: Any = None, **kwargs: Any) -> Reply:
        """A request whose answer is checked for leaks (about ``match`` when it concerns one)."""
        match_id = kwargs.pop("match", None)
        gives_token = kwargs.pop("gives_token", False)
        reply = self.raw(method, path, body, **kwargs)
        self.witness.check(reply, self, match_id, gives_token)
        return reply

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None


class Witness:
    """Checks every answer against the true hidden state, read from the store."""

    def __init__(self, server: LocalServer) -> None:
        self.server = server
        self.tokens: set[str] = {ADMIN_TOKEN}
        self.checked = 0

    def learn_token(self, token: str) -> None:
        self.tokens.add(token)

    def stored(self, match_id: str) -> Any:
        match = self.server.gate.run(lambda: context.services().stores.matches.get_match(match_id))
        assert match is not None
        return match

    def check(self, reply: Reply, caller: Client, match_id: str | None, gives_token: bool) -> None:
        self.checked += 1
        everything = reply.text + json.dumps(reply.headers)
        allowed = {caller.token} if gives_token and caller.token else set()
        if gives_token and isinstance(reply.body, dict) and "token" in reply.body:
            allowed.add(reply.body["token"])
        for token in self.tokens - allowed:
            assert token not in everything, f"a token leaked to {caller.name}"
        for token in self.tokens | allowed:
            assert hashlib.sha256(token.encode()).hexdigest() not in everything, "a token hash leaked"
        if match_id is None:
            return
        match = self.stored(match_id)
        if isinstance(reply.body, dict) and "version" in reply.body and reply.body.get("id") == match_id:
            # The store is where the answer left it: nobody else acts between an answer and this check.
            assert reply.body["version"] == match.version
            assert reply.body["your_seat"] == _seat(match, caller.player_id)
        seat = _seat(match, caller.player_id)
        hidden = hidden_cards(match.state, seat)
        shown = card_codes_in(without_finished_deal(reply.body) if reply.body is not None else reply.text)
        assert not shown & hidden, f"{caller.name} was shown hidden cards {sorted(shown & hidden)}"
        view = reply.body.get("view") if isinstance(reply.body, dict) else None
        if isinstance(view, dict) and view.get("finished_deal") is not None:
            # A deal played face up, exactly as the match's own moves replay it.
            assert view["finished_deal"] == GAMES[match.game].finished_deals(match.state, match.moves)[-1]
        if isinstance(view, dict) and seat is not None and match.state:
            assert sorted(view["hand"]) == sorted(codes(match.state["hands"][seat]))
            assert isinstance(view["stock"], int)


def _seat(match: Any, player_id: str | None) -> int | None:
    return match.seats.index(player_id) if player_id in match.seats else None


def card_codes_in(value: Any) -> set[str]:
    """Every card code in any string of a JSON value: alone ("7d") or run together ("7dKb", "0:7d>Kb")."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack += list(item.keys()) + list(item.values())
        elif isinstance(item, list):
            stack += item
        elif isinstance(item, str):
            for word in re.findall(r"[0-9A-Za-z]+", item):
                if word in CODE_SET:
                    found.add(word)
                elif len(word) % 2 == 0 and all(c in CODE_SET for c in codes(word)):
                    found |= set(codes(word))
    return found


# ---------------------------------------------------------------------------------------------- fixtures


@pytest.fixture(scope="module", params=STORAGES)
def server(request: pytest.FixtureRequest) -> Iterator[LocalServer]:
    storage: Storage = request.param
    with local_server(storage, "scopa-e2e", ADMIN_TOKEN) as local:
        yield local


@pytest.fixture
def witness(server: LocalServer) -> Witness:
    return Witness(server)


def anonymous(server: LocalServer, witness: Witness) -> Client:
    return Client(server.url, witness)


def register(server: LocalServer, witness: Witness, name: str) -> Client:
    client = Client(server.url, witness, name=name)
    reply = client.call("POST", "/players", {"name": name}, gives_token=True)
    assert reply.status == 201, reply.text
    client.player_id = reply.body["player"]["id"]
    client.token = reply.body["token"]
    witness.learn_token(reply.body["token"])
    assert client.token
    assert client.token.startswith(f"scs_{client.player_id}.")
    return client


def start_between(host: Client, guest: Client) -> dict[str, Any]:
    """``host`` invites ``guest``; the guest accepts; returns the active match as the guest sees it."""
    created = host.call("POST", "/matches", {"players": [host.player_id, guest.player_id], "seed": SEED})
    assert created.status == 201, created.text
    match_id = created.body["id"]
    host.witness.check(created, host, match_id, False)
    assert created.body["status"] == "pending"
    assert created.body["your_seat"] is not None
    assert [s["accepted"] for s in created.body["seats"] if s["player_id"] == guest.player_id] == [False]
    accepted = guest.call("POST", f"/matches/{match_id}/accept", match=match_id)
    assert accepted.status == 200, accepted.text
    assert accepted.body["status"] == "active"
    assert accepted.body["version"] == 2
    body: dict[str, Any] = accepted.body
    return body


def play_move(client: Client, envelope: dict[str, Any], rng: random.Random) -> tuple[Reply, dict[str, Any]]:
    """A legal move picked from the caller's own view, sent with its version and an Idempotency-Key."""
    match_id = envelope["id"]
    move = rng.choice(envelope["view"]["legal_moves"])
    body = {"card": move["card"], "take": move["take"], "version": envelope["version"]}
    reply = client.call(
        "POST",
        f"/matches/{match_id}/moves",
        body,
        headers={"Idempotency-Key": f"{match_id}-v{envelope['version']}"},
        match=match_id,
    )
    return reply, body


def check_record(client: Client, final: dict[str, Any]) -> dict[str, Any]:
    """The published record replays to the match's result (the record is public after the end)."""
    reply = client.raw("GET", f"/matches/{final['id']}/record")
    assert reply.status == 200, reply.text
    record: dict[str, Any] = reply.body
    report = replay(record)
    assert report.result["scores"] == final["result"]["scores"]
    assert report.result["reason"] == final["result"]["reason"]
    assert record["player_ids"] == [seat["player_id"] for seat in final["seats"]]
    return record


# ---------------------------------------------------------------------------------------------- tests


def test_two_people_register_and_play_a_whole_match_by_their_tokens(
    server: LocalServer, witness: Witness
) -> None:
    ada = register(server, witness, "Ada")
    bea = register(server, witness, "Bea")
    players = {ada.player_id: ada, bea.player_id: bea}
    match = start_between(ada, bea)
    match_id = match["id"]
    rng = random.Random(11)
    moves = 0
    while match["status"] == "active":
        mover = players[match["turn_player_id"]]
        other = next(c for c in players.values() if c is not mover)
        own = mover.call("GET", f"/matches/{match_id}", match=match_id).body
        assert own["your_seat"] == own["turn"]
        assert own["view"]["your_turn"]
        assert own["view"]["legal_moves"]
        if moves % 10 == 0:
            theirs = other.call("GET", f"/matches/{match_id}", match=match_id).body
            assert theirs["version"] == own["version"]
            assert not theirs["view"]["your_turn"]
            assert "legal_moves" not in theirs["view"]
        if moves == 1:
            # Out of turn, the other player is refused; so is a move at a stale version.
            wrong = other.call(
                "POST",
                f"/matches/{match_id}/moves",
                {"card": own["view"]["legal_moves"][0]["card"], "take": [], "version": own["version"]},
                match=match_id,
            )
            assert (wrong.status, wrong.body["code"]) == (409, "not_your_turn")
            stale = mover.call(
                "POST",
                f"/matches/{match_id}/moves",
                {"card": own["view"]["hand"][0], "take": [], "version": own["version"] - 1},
                match=match_id,
            )
            assert (stale.status, stale.body["code"]) == (409, "stale_version")
        reply, sent = play_move(mover, own, rng)
        assert reply.status == 200, reply.text
        assert reply.body["version"] == own["version"] + 1
        moves += 1
        if moves == 2:
            # A retry with the same Idempotency-Key gets the same answer and plays nothing twice.
            again = mover.call(
                "POST",
                f"/matches/{match_id}/moves",
                sent,
                headers={"Idempotency-Key": f"{match_id}-v{own['version']}"},
                match=match_id,
            )
            assert (again.status, again.body) == (200, reply.body)
        if moves == 3:
            # Rotating a token mid-match: the new one works, the old one is refused from then on.
            old = ada.token
            fresh = ada.call("POST", "/me/token", gives_token=True)
            assert fresh.status == 200, fresh.text
            witness.learn_token(fresh.body["token"])
            ada.token = fresh.body["token"]
            assert Client(server.url, witness, ada.player_id, old, "old Ada").call("GET", "/me").status == 401
            assert ada.call("GET", "/me").body["id"] == ada.player_id
        match = reply.body
    assert moves >= 36  # at least one whole deal
    finals = {pid: c.call("GET", f"/matches/{match_id}", match=match_id).body for pid, c in players.items()}
    assert {f["status"] for f in finals.values()} == {"finished"}
    final = finals[ada.player_id]
    assert final["result"] == finals[bea.player_id]["result"] == match["result"]
    assert final["result"]["reason"] in ("target", "count_order", "cappotto", "napola_all_coins")
    assert set(final["result"]["winners"]) <= set(players)
    record = check_record(bea, final)
    assert sum(len(deal["moves"]) for deal in record["deals"]) == moves
    listed = ada.call("GET", f"/players/{ada.player_id}/matches")
    assert listed.status == 200
    assert [m["id"] for m in listed.body["matches"]] == [match_id]
    assert witness.checked > 2 * moves


def test_a_person_plays_a_whole_match_against_the_greedy_bot(server: LocalServer, witness: Witness) -> None:
    cleo = register(server, witness, "Cleo")
    created = cleo.call("POST", "/matches", {"players": [cleo.player_id, "bot-greedy"], "seed": SEED})
    assert created.status == 201, created.text
    match = created.body
    witness.check(created, cleo, match["id"], False)
    assert match["status"] == "active"
    assert {s["player_id"] for s in match["seats"]} == {cleo.player_id, "bot-greedy"}
    rng = random.Random(5)
    moves = 0
    while match["status"] == "active":
        # The bot has moved within the same request: it is always the person's turn here.
        assert match["turn_player_id"] == cleo.player_id
        reply, _ = play_move(cleo, match, rng)
        assert reply.status == 200, reply.text
        moves += 1
        match = reply.body  # the answer to a move is the mover's own view at the new version
        if moves % 10 == 0:
            seen = cleo.call("GET", f"/matches/{match['id']}", match=match["id"])
            assert seen.body == reply.body
    assert moves >= 18
    assert match["result"]["reason"] != "resigned"
    check_record(cleo, match)


def test_a_long_poll_wakes_up_when_the_other_player_moves(server: LocalServer, witness: Witness) -> None:
    dan = register(server, witness, "Dan")
    eva = register(server, witness, "Eva")
    match = start_between(dan, eva)
    match_id = match["id"]
    players = {dan.player_id: dan, eva.player_id: eva}
    mover = players[match["turn_player_id"]]
    waiter = next(c for c in players.values() if c is not mover)
    version = match["version"]

    # Nothing happens: the wait ends at its deadline with the same version.
    started = time.monotonic()
    idle = waiter.call(
        "GET", f"/matches/{match_id}", query={"after_version": version, "wait": 0.3}, match=match_id
    )
    assert idle.status == 200
    assert idle.body["version"] == version
    assert time.monotonic() - started >= 0.3

    # The waiter waits (with an Origin, so its answer must carry its own CORS headers) while the other moves.
    outcome: dict[str, Any] = {}

    def wait_for_change() -> None:
        t0 = time.monotonic()
        outcome["reply"] = waiter.raw(
            "GET",
            f"/matches/{match_id}",
            query={"after_version": version, "wait": 15},
            headers={"Origin": "http://localhost:5173"},
        )
        outcome["took"] = time.monotonic() - t0

    thread = threading.Thread(target=wait_for_change)
    thread.start()
    assert server.gate.wait_for_sleepers(1, timeout=10), "the long-poll never started waiting"
    t0 = time.monotonic()
    own = mover.call("GET", f"/matches/{match_id}", match=match_id).body
    moved, _ = play_move(mover, own, random.Random(3))
    # Had the waiting request kept the gate, these two would have waited for its 15 s to run out.
    assert time.monotonic() - t0 < 5, "the waiting request blocked the others"
    assert moved.status == 200, moved.text
    thread.join(timeout=10)
    assert not thread.is_alive()
    reply: Reply = outcome["reply"]
    witness.check(reply, waiter, match_id, False)
    assert reply.status == 200, reply.text
    assert reply.body["version"] == version + 1
    assert reply.body["your_seat"] != moved.body["your_seat"]
    assert reply.header("access-control-allow-origin") == "*"
    assert outcome["took"] < 5

    # The waiter resigns; the record of a resigned match verifies too.
    resigned = waiter.call("POST", f"/matches/{match_id}/resign", match=match_id)
    assert resigned.status == 200, resigned.text
    assert resigned.body["status"] == "finished"
    assert resigned.body["result"]["reason"] == "resigned"
    assert resigned.body["result"]["winners"] == [mover.player_id]
    check_record(waiter, resigned.body)


def test_concurrent_long_polls_each_get_the_answer_to_their_own_request(
    server: LocalServer, witness: Witness
) -> None:
    """Three long-polls wait at once (one times out meanwhile) while others move: each answer is about its
    own match, for its own caller, with the CORS headers its own request asked for."""
    plan = []
    for i in range(3):
        host, guest = register(server, witness, f"Host{i}"), register(server, witness, f"Guest{i}")
        match = start_between(host, guest)
        mover = host if match["turn_player_id"] == host.player_id else guest
        plan.append((match, mover, guest if mover is host else host))
    origins = ["http://localhost:5173", None, "http://127.0.0.1:8000"]
    waits = [15, 15, 1]
    outcome: dict[int, tuple[Reply, float]] = {}

    def long_poll(i: int) -> None:
        match, _, waiter = plan[i]
        origin = origins[i]
        t0 = time.monotonic()
        reply = waiter.raw(
            "GET",
            f"/matches/{match['id']}",
            query={"after_version": match["version"], "wait": waits[i]},
            headers={"Origin": origin} if origin else {},
        )
        outcome[i] = reply, time.monotonic() - t0

    threads = [threading.Thread(target=long_poll, args=(i,)) for i in range(3)]
    # The lone timeout starts once the two others wait: started together, its one second could run out
    # before a loaded machine had let both others in (the gate lets one request in at a time).
    threads[0].start()
    threads[1].start()
    assert server.gate.wait_for_sleepers(2, timeout=10), "the two long-polls never waited together"
    threads[2].start()
    assert server.gate.wait_for_sleepers(3, timeout=10), "the long-polls never all waited together"
    for match, mover, _ in plan[:2]:
        own = mover.call("GET", f"/matches/{match['id']}", match=match["id"]).body
        moved, _ = play_move(mover, own, random.Random(7))
        assert moved.status == 200, moved.text
    for thread in threads:
        thread.join(timeout=10)
        assert not thread.is_alive()
    for i, (match, _, waiter) in enumerate(plan):
        reply, took = outcome[i]
        assert reply.status == 200, reply.text
        witness.check(reply, waiter, match["id"], False)
        assert reply.body["id"] == match["id"]
        assert reply.body["your_seat"] == _seat(witness.stored(match["id"]), waiter.player_id)
        assert reply.body["version"] == match["version"] + (1 if i < 2 else 0)
        assert took < 5
        cors = reply.header("access-control-allow-origin")
        assert cors == ("*" if origins[i] else None), (i, cors)
    assert outcome[2][1] >= 1  # the lone timeout waited its whole second, others asleep beside it


def test_the_server_speaks_http_around_the_handler(server: LocalServer, witness: Witness) -> None:
    client = anonymous(server, witness)
    health = client.call("GET", "/health")
    assert (health.status, health.body) == (200, {"ok": True})
    missing = client.call("GET", "/nowhere")
    assert (missing.status, missing.body["code"]) == (404, "route_not_found")
    bad_json = client.call(
        "POST", "/players", raw_body=b"{not json", headers={"Content-Type": "application/json"}
    )
    assert (bad_json.status, bad_json.body["code"]) == (400, "invalid_json")
    too_big = client.call(
        "POST", "/players", raw_body=b"x" * (MAX_BODY_BYTES + 1), headers={"Content-Type": "application/json"}
    )
    assert (too_big.status, too_big.body["code"]) == (413, "payload_too_large")
    preflight = client.raw(
        "OPTIONS",
        "/matches",
        headers={"Origin": "http://localhost:5173", "Access-Control-Request-Method": "POST"},
    )
    assert preflight.status in (200, 204)
    assert preflight.header("access-control-allow-origin") == "*"
    spec = client.call("GET", "/openapi.json")
    assert spec.status == 200
    assert "/matches/{match_id}/moves" in spec.body["paths"]
    docs = client.raw("GET", "/docs")
    assert docs.status == 200
    assert (docs.header("content-type") or "").startswith("text/html")
    assert "swagger" in docs.text.lower()
    head = client.raw("GET", "/me", headers={"Authorization": "Bearer scp_not-a-token"})
    assert (head.status, head.body["code"]) == (401, "unauthorized")
    admin = Client(server.url, witness, token=ADMIN_TOKEN, name="admin")
    assert admin.call("GET", "/me").status == 403


def test_answers_on_a_kept_alive_connection_do_not_wait_for_a_delayed_ack(
    server: LocalServer, witness: Witness
) -> None:
    # An answer goes out as two writes (headers, then body); with Nagle on, the second waited for the
    # client's delayed ACK: 40 ms or more for every request after a connection's first.
    client = anonymous(server, witness)
    client.call("GET", "/health")
    times = []
    for _ in range(9):
        started = time.perf_counter()
        assert client.call("GET", "/health").status == 200
        times.append(time.perf_counter() - started)
    client.close()
    assert sorted(times)[4] < 0.03, times


def test_requests_and_answers_translate_to_and_from_v2_events() -> None:
    event = request_event(
        "POST",
        "/matches/m_1/moves?after_version=3&x=1&x=2",
        [("Content-Type", "application/json"), ("X-Tag", "a"), ("X-Tag", "b"), ("Cookie", "a=1; b=2")],
        b'{"card": "7d"}',
        "10.0.0.9",
    )
    assert event["version"] == "2.0"
    assert event["rawPath"] == "/matches/m_1/moves"
    assert event["rawQueryString"] == "after_version=3&x=1&x=2"
    assert event["queryStringParameters"] == {"after_version": "3", "x": "1,2"}
    assert event["headers"]["x-tag"] == "a,b"
    assert "cookie" not in event["headers"]
    assert event["cookies"] == ["a=1", "b=2"]
    assert event["body"] == '{"card": "7d"}'
    assert event["requestContext"]["http"]["sourceIp"] == "10.0.0.9"
    binary = request_event("PUT", "/x", [], b"\xff\x00", "127.0.0.1")
    assert binary["isBase64Encoded"] is True

    status, headers, body = response_parts(
        {
            "statusCode": 201,
            "headers": {"Content-Type": "image/png", "Content-Length": "99"},
            "cookies": ["s=1; HttpOnly", "t=2"],
            "body": "iVBO",
            "isBase64Encoded": True,
        }
    )
    assert status == 201
    assert body == b"\x89\x50\x4e"
    assert ("Set-Cookie", "s=1; HttpOnly") in headers
    assert ("Set-Cookie", "t=2") in headers
    assert all(name != "Content-Length" for name, _ in headers)


def test_the_gate_lets_others_in_only_while_a_request_sleeps() -> None:
    gate = Gate()
    order: list[str] = []

    def long_poll() -> None:
        order.append("poll starts")
        gate.clock.sleep(0.2)
        order.append("poll ends")

    poller = threading.Thread(target=gate.run, args=(long_poll,))
    poller.start()
    assert gate.wait_for_sleepers(1, timeout=5)
    gate.run(lambda: order.append("other request"))
    poller.join(timeout=5)
    assert order == ["poll starts", "other request", "poll ends"]
    assert gate.sleeping == 0


def test_the_leak_check_sees_a_hidden_card_wherever_it_hides() -> None:
    from scopa.domain.games import GAMES

    game = GAMES["scopa"]
    state = game.new_state(game.validate_rules("classic", {}), SEED, 0)
    theirs = codes(state["hands"][1])[0]
    stock = state["deck"][2 * state["dealt"] : 2 * state["dealt"] + 2]
    mine = codes(state["hands"][0])
    hidden = hidden_cards(state, 0)
    assert {theirs, stock} <= hidden
    assert not set(mine) & hidden
    assert hidden_cards(state, None) >= set(mine) | {theirs, stock}
    assert card_codes_in({"view": {"hand": mine}}) & hidden == set()
    assert theirs in card_codes_in({"view": {"table": [theirs]}})
    assert stock in card_codes_in({"message": f"you do not hold {stock}"})
    assert theirs in card_codes_in({"log": [f"1:{theirs}>{stock}"]})
    assert card_codes_in({"id": "m_7d3c0a1b2c3d4e5f", "seed": "e2e0" * 8}) == set()
    revealed = dict(state, revealed=0b10)
    assert theirs not in hidden_cards(revealed, 0)


def test_the_local_server_runs_the_pipeline_on_a_timer(server: LocalServer, witness: Witness) -> None:
    """``make run`` behaves like production: a timer runs the pipeline handler, no one calls advance."""
    organizer = register(server, witness, "Olga")
    admin = Client(server.url, witness, token=ADMIN_TOKEN, name="admin")
    role = admin.call("PUT", f"/players/{organizer.player_id}/role", {"role": "organizer"})
    assert role.status == 200, role.text
    settings = {"format": "swiss", "rounds": 2, "target": 1}
    created = organizer.call("POST", "/tournaments", {"name": "Timer", "settings": settings})
    assert created.status == 201, created.text
    tid = created.body["id"]
    for i in range(4):
        entry = organizer.call("POST", f"/tournaments/{tid}/entries", {"players": [f"bot-greedy-{i}"]})
        assert entry.status == 201, entry.text
    # Started by the timer, not by hand: starts_at is already past.
    moved = organizer.call(
        "PUT", f"/tournaments/{tid}/settings", {**settings, "starts_at": "2020-01-01T00:00:00+00:00"}
    )
    assert moved.status == 200, moved.text
    stop = server.start_pipeline_timer(0.05)
    try:
        deadline = time.monotonic() + 20
        status = None
        while time.monotonic() < deadline:
            status = organizer.call("GET", f"/tournaments/{tid}").body["status"]
            if status == "finished":
                break
            time.sleep(0.05)
    finally:
        stop.set()
    assert status == "finished"
    standings = organizer.call("GET", f"/tournaments/{tid}/standings").body["standings"]
    assert sum(row["points"] for row in standings) == 4
