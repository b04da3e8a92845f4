"""Run the API handler once on a sample event, on moto, with the sample players and matches in place.

``make invoke EVENT=events/get-match.json`` (or ``PYTHONPATH=functions python -m local_invoke FILE``) starts
moto in this process, creates the table, stores the sample data every file in ``events/`` refers to, runs
``api.handler.handler`` on the event and prints its answer (the body parsed when it is JSON).

The sample data (fixed ids and tokens, so the events can name them):

* players Ada (``p_sample0000ada``) and Bea (``p_sample0000bea``) with the tokens below;
* ``m_sample00active``: Ada against Bea, accepted by both, under way;
* ``m_sample0pending``: Ada invited Bea, who has not answered yet;
* ``m_sample0finish``: Ada against Bea, played to the end (its record is published).

:func:`sample_events` builds one API Gateway HTTP API v2 event per route; ``events/generate.py`` writes
them to ``events/`` so the files keep to the v2 format.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from scopa.apigw import FakeLambdaContext, http_event

ADMIN_TOKEN = "adm_sample-admin-token-for-local-invoke"
ADA = "p_sample0000ada"
BEA = "p_sample0000bea"
TOKENS = {
    ADA: "scp_sample-token-of-ada-for-local-invoke-only",
    BEA: "scp_sample-token-of-bea-for-local-invoke-only",
}
NAMES = {ADA: "Ada", BEA: "Bea"}
ACTIVE = "m_sample00active"
PENDING = "m_sample0pending"
FINISHED = "m_sample0finish"
SEED = "5eed" * 8
CREATED_AT = "2026-01-01T09:00:00.000Z"
MOVE_SECONDS = 86_400
SAMPLE_TIME_EPOCH_MS = 1_767_258_000_000  # 2026-01-01T09:00:00Z


# ---------------------------------------------------------------------------------------------- data


def sample_matches(now: float) -> list[Any]:
    """The three sample matches as stored (built with the game engine, not through the API)."""
    from scopa.games import GAMES
    from scopa.storage.repository import Match

    game = GAMES["scopa"]
    rules = game.validate_rules("classic", {})

    def match(match_id: str, status: str, accepted: list[bool]) -> Match:
        return Match(
            id=match_id,
            game="scopa",
            preset="classic",
            rules=rules,
            seats=[ADA, BEA],
            names=[NAMES[ADA], NAMES[BEA]],
            status=status,  # type: ignore[arg-type]
            version=1 if status == "pending" else 2,
            state=game.new_state(rules, SEED, 0),
            moves=[],
            created_at=CREATED_AT,
            updated_at=CREATED_AT,
            created_by=ADA,
            move_seconds=MOVE_SECONDS,
            deadline=int(now) + MOVE_SECONDS if status == "active" else None,
            accepted=accepted,
        )

    active = match(ACTIVE, "active", [True, True])
    pending = match(PENDING, "pending", [True, False])
    finished = match(FINISHED, "finished", [True, True])
    state, moves = _finished_game()
    finished.state, finished.moves = json.loads(state), list(moves)
    finished.version += len(moves)
    return [active, pending, finished]


@cache
def _finished_game() -> tuple[str, tuple[str, ...]]:
    """The sample game played to the end, first legal move every time (computed once per process)."""
    from scopa.games import GAMES

    game = GAMES["scopa"]
    state = game.new_state(game.validate_rules("classic", {}), SEED, 0)
    moves = []
    while (seat := game.turn(state)) is not None:
        state, entry = game.apply(state, seat, game.legal_moves(state)[0])
        moves.append(entry)
    return json.dumps(state), tuple(moves)


def bootstrap(services: Any) -> None:
    """Store the sample players (with their tokens) and matches through the repository."""
    from scopa.service.auth import hash_token
    from scopa.storage.repository import Player

    for player_id, name in NAMES.items():
        services.repo.create_player(
            Player(
                id=player_id,
                name=name,
                role="player",
                created_at=CREATED_AT,
                token_hash=hash_token(TOKENS[player_id]),
            )
        )
    for match in sample_matches(services.clock.now()):
        services.repo.create_match(match)


# ---------------------------------------------------------------------------------------------- events


@dataclass(frozen=True)
class Sample:
    """One sample request: the file name, the request, and the status it answers on the sample data."""

    name: str
    method: str
    path: str
    status: int
    token: str | None = None
    body: Any = None
    query: dict[str, str] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)

    def event(self) -> dict[str, Any]:
        headers = {
            "accept": "application/json",
            "host": "api.example.test",
            "user-agent": "curl/8.5.0",
            **self.headers,
        }
        if self.token:
            headers["authorization"] = f"Bearer {self.token}"
        event = http_event(self.method, self.path, body=self.body, headers=headers, query=self.query)
        # Fixed request id and time, so regenerating the files changes nothing.
        ctx = event["requestContext"]
        ctx["domainName"] = "api.example.test"
        ctx["domainPrefix"] = "api"
        ctx["requestId"] = f"sample-{self.name}"
        ctx["timeEpoch"] = SAMPLE_TIME_EPOCH_MS
        ctx["time"] = "01/Jan/2026:09:00:00 +0000"
        ctx["apiId"] = "sample"
        return event


def _first_move() -> tuple[str, dict[str, Any]]:
    """Whose turn it is in the active sample match, and a legal move of theirs."""
    from scopa.games import GAMES

    active = sample_matches(0)[0]
    game = GAMES["scopa"]
    seat = game.turn(active.state)
    assert seat is not None
    return active.seats[seat], game.legal_moves(active.state)[0]


def sample_events() -> list[Sample]:
    """One sample per route of the API, each answering ``status`` on the bootstrapped sample data."""
    mover, move = _first_move()
    waiter = ADA if mover == BEA else BEA
    ada, bea = TOKENS[ADA], TOKENS[BEA]
    return [
        Sample("get-health", "GET", "/health", 200),
        Sample("get-rules", "GET", "/rules", 200),
        Sample("get-bots", "GET", "/bots", 200),
        Sample(
            "post-players",
            "POST",
            "/players",
            201,
            body={"name": "Cleo"},
            headers={"idempotency-key": "register-cleo-1"},
        ),
        Sample("get-me", "GET", "/me", 200, token=ada),
        Sample("post-me-token", "POST", "/me/token", 200, token=ada),
        Sample("delete-me-token", "DELETE", "/me/token", 204, token=ada),
        Sample("get-player", "GET", f"/players/{BEA}", 200),
        Sample(
            "put-player-role",
            "PUT",
            f"/players/{BEA}/role",
            200,
            token=ADMIN_TOKEN,
            body={"role": "organizer"},
        ),
        Sample("post-player-token", "POST", f"/players/{BEA}/token", 200, token=ADMIN_TOKEN),
        Sample("get-player-matches", "GET", f"/players/{ADA}/matches", 200, query={"limit": "10"}),
        Sample(
            "post-matches",
            "POST",
            "/matches",
            201,
            token=ada,
            body={"players": [ADA, "bot-greedy"], "preset": "classic", "seed": "c0ffee" * 6},
            headers={"idempotency-key": "ada-vs-greedy-1"},
        ),
        Sample("get-match", "GET", f"/matches/{ACTIVE}", 200, token=ada),
        Sample(
            "get-match-wait",
            "GET",
            f"/matches/{ACTIVE}",
            200,
            token=TOKENS[waiter],
            query={"after_version": "2", "wait": "2"},
        ),
        Sample(
            "post-match-moves",
            "POST",
            f"/matches/{ACTIVE}/moves",
            200,
            token=TOKENS[mover],
            body={"card": move["card"], "take": move["take"], "version": 2},
            headers={"idempotency-key": "move-1"},
        ),
        Sample("post-match-resign", "POST", f"/matches/{ACTIVE}/resign", 200, token=ada),
        Sample("post-match-accept", "POST", f"/matches/{PENDING}/accept", 200, token=bea),
        Sample("post-match-decline", "POST", f"/matches/{PENDING}/decline", 200, token=bea),
        Sample("get-match-record", "GET", f"/matches/{FINISHED}/record", 200),
        Sample("get-openapi", "GET", "/openapi.json", 200),
        Sample("get-docs", "GET", "/docs", 200, headers={"accept": "text/html"}),
    ]


def write_events(folder: Path) -> list[Path]:
    """Write every sample event as ``folder/<name>.json``; returns the paths written."""
    written = []
    for sample in sample_events():
        path = folder / f"{sample.name}.json"
        path.write_text(json.dumps(sample.event(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path)
    return written


# ---------------------------------------------------------------------------------------------- invoke


def invoke(event: dict[str, Any]) -> dict[str, Any]:
    from api.handler import handler

    answer: dict[str, Any] = handler(event, FakeLambdaContext())
    return answer


def readable(answer: dict[str, Any], limit: int = 2000) -> dict[str, Any]:
    """The handler's answer with a JSON body parsed, and a long text body cut short."""
    out = dict(answer)
    body = out.get("body")
    if isinstance(body, str) and not out.get("isBase64Encoded"):
        try:
            out["body"] = json.loads(body)
        except json.JSONDecodeError:
            if len(body) > limit:
                out["body"] = body[:limit] + f"... ({len(body)} characters in all)"
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="local_invoke", description="Run the API handler once on a sample event, on moto."
    )
    parser.add_argument(
        "event", type=Path, help="an API Gateway HTTP API v2 event (JSON), e.g. events/get-me.json"
    )
    parser.add_argument("--raw", action="store_true", help="print the handler's answer exactly as returned")
    args = parser.parse_args(argv)
    try:
        event = json.loads(args.event.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        print(f"local_invoke: cannot read {args.event}: {exc}", file=sys.stderr)
        return 2

    import local_server

    os.environ.setdefault("ADMIN_TOKEN", ADMIN_TOKEN)
    os.environ.pop("DYNAMODB_ENDPOINT", None)  # always the embedded moto: the samples are written here
    local_server.configure_environment()
    mock = local_server.start_embedded_dynamodb()
    try:
        from api.context import services

        local_server.ensure_table()
        bootstrap(services())
        answer = invoke(event)
    finally:
        mock.stop()
    print(json.dumps(answer if args.raw else readable(answer), indent=2, ensure_ascii=False))
    return 0 if int(answer.get("statusCode", 200)) < 500 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
