"""Run the API handler once on a sample event, on moto, with the sample players and matches in place.

``make invoke EVENT=events/get-match.json`` (or ``PYTHONPATH=functions python -m local_invoke FILE``) starts
moto in this process, creates the table, stores the sample data every file in ``events/`` refers to, runs
``api.handler.handler`` on the event and prints its answer (the body parsed when it is JSON). An event that
is no HTTP API event (``events/pipeline-scheduled.json``: what EventBridge Scheduler sends) runs the
pipeline's handler, ``pipeline.handler.handler``, instead, and prints its report.

The sample data (fixed ids and tokens, so the events can name them):

* players Ada (``p_sample0000ada``) and Bea (``p_sample0000bea``) with the tokens below;
* ``m_sample00active``: Ada against Bea, accepted by both, under way;
* ``m_sample0pending``: Ada invited Bea, who has not answered yet;
* ``m_sample0finish``: Ada against Bea, played to the end (its record is published);
* Olga (``p_sample000olga``, an organizer), the club ``c_sample0club`` and five tournaments, one per stage
  of a tournament's life (see :func:`bootstrap_tournaments`).

:func:`sample_events` builds one API Gateway HTTP API v2 event per route, :func:`pipeline_events` the
pipeline's scheduled event; ``events/generate.py`` writes them to ``events/`` so the files keep to the
format.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal

from tools.apigw import FakeLambdaContext, http_event

ADMIN_TOKEN = "adm_sample-admin-token-for-local-invoke"
ADA = "p_sample0000ada"
BEA = "p_sample0000bea"
OLGA = "p_sample000olga"
TOKENS = {
    ADA: "scp_sample-token-of-ada-for-local-invoke-only",
    BEA: "scp_sample-token-of-bea-for-local-invoke-only",
    OLGA: "scp_sample-token-of-olga-for-local-invoke-only",
}
NAMES = {ADA: "Ada", BEA: "Bea"}
ROLES: dict[str, Literal["player", "organizer"]] = {ADA: "player", BEA: "player", OLGA: "organizer"}
PLAYER_NAMES = {**NAMES, OLGA: "Olga"}
CLUB = "c_sample0club"
DRAFT = "t_sample00draft"
REGISTRATION = "t_sample0regist"
RUNNING = "t_sample00runs"
PAUSED = "t_sample0paused"
DONE = "t_sample00done"
BOT1, BOT2, BOT3, BOT4 = (f"bot-greedy-{i}" for i in range(1, 5))
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
    from scopa.application.ports.matches import Match
    from scopa.domain.games import GAMES

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
    from scopa.domain.games import GAMES

    game = GAMES["scopa"]
    state = game.new_state(game.validate_rules("classic", {}), SEED, 0)
    moves = []
    while (seat := game.turn(state)) is not None:
        state, entry = game.apply(state, seat, game.legal_moves(state)[0])
        moves.append(entry)
    return json.dumps(state), tuple(moves)


_SNAPSHOTS: dict[tuple[str, int], list[dict[str, Any]]] = {}


def bootstrap(services: Any) -> None:
    """Store the sample data in an empty table: players, matches, the club and the tournaments.

    The first time in a process (for a given clock second) the data is made through the services, which
    takes a couple of seconds on moto (bots play whole games); the items this left in the table are kept,
    and a later bootstrap of an empty table at the same clock time writes the same items again in a few
    batch writes. The tests bootstrap a fresh table for every sample, on a clock that stands still.
    """
    client, table = services.stores.players.client, services.stores.players.table
    empty = not client.scan(TableName=table, Limit=1).get("Items")
    key = (table, int(services.clock.now()))
    if empty and key in _SNAPSHOTS:
        _write_items(client, table, _SNAPSHOTS[key])
        return
    build(services)
    if empty:
        _SNAPSHOTS[key] = _scan_items(client, table)


def _scan_items(client: Any, table: str) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    for page in client.get_paginator("scan").paginate(TableName=table, ConsistentRead=True):
        items.extend(page.get("Items", []))
    return items


def _write_items(client: Any, table: str, items: list[dict[str, Any]]) -> None:
    for start in range(0, len(items), 25):
        requests: dict[str, Any] = {table: [{"PutRequest": {"Item": i}} for i in items[start : start + 25]]}
        while requests:
            requests = client.batch_write_item(RequestItems=requests).get("UnprocessedItems") or {}


def build(services: Any) -> None:
    """Make the sample data through the repositories and services (players and matches by hand)."""
    from scopa.application.auth import hash_token
    from scopa.application.ports.players import Player

    for player_id, name in PLAYER_NAMES.items():
        services.stores.players.create_player(
            Player(
                id=player_id,
                name=name,
                role=ROLES[player_id],
                created_at=CREATED_AT,
                token_hash=hash_token(TOKENS[player_id]),
            )
        )
    for match in sample_matches(services.clock.now()):
        services.stores.matches.create_match(match)
    bootstrap_tournaments(services)


def bootstrap_tournaments(services: Any) -> None:
    """The sample club and tournaments, made through the services (only ids and seeds are chosen here).

    * ``c_sample0club``: Olga (organizer) founded it, Ada is a member;
    * ``t_sample00draft``: Olga's open Swiss, still a draft;
    * ``t_sample0regist``: the club's Swiss in registration (Ada and ``bot-greedy-1`` entered); its start
      time has passed, so the next pipeline run starts it;
    * ``t_sample00runs``: Olga's Swiss under way: Ada, Bea, ``bot-greedy-1`` and ``-2``, round 1 open;
    * ``t_sample0paused``: the club's Swiss between Ada and Bea, round 1 open, paused by Olga;
    * ``t_sample00done``: a two-round Swiss of four greedy bots, played to the end.
    """
    from scopa.application.auth import Caller
    from scopa.application.ports.clubs import Club, Member

    olga = Caller(OLGA, "organizer")
    t = services.tournaments
    services.stores.tournaments.create_club(
        Club(
            id=CLUB,
            name="Circolo della Scopa",
            description="The sample club: Olga runs it.",
            open=False,
            created_by=OLGA,
            created_at=CREATED_AT,
        ),
        Member(OLGA, PLAYER_NAMES[OLGA], "organizer", CREATED_AT),
    )
    services.clubs.add_member(olga, CLUB, ADA)

    _tournament(services, olga, DRAFT, "Torneo d'inverno", {"rounds": 3}, status="draft")

    _tournament(
        services, olga, REGISTRATION, "Coppa del circolo", {"rounds": 3, "starts_at": CREATED_AT}, club=CLUB
    )
    t.enter(Caller(ADA, "player"), REGISTRATION)
    t.enter(olga, REGISTRATION, [BOT1], 1600)

    _tournament(services, olga, RUNNING, "Torneo di Natale", {"rounds": 3})
    for player in (ADA, BEA):
        t.enter(Caller(player, "player"), RUNNING)
    t.enter(olga, RUNNING, [BOT1], 1600)
    t.enter(olga, RUNNING, [BOT2], 1550)
    t.start(olga, RUNNING)

    _tournament(services, olga, PAUSED, "Sfida del giovedì", {"rounds": 1}, club=CLUB)
    for player in (ADA, BEA):
        t.enter(olga, PAUSED, [player])
    t.start(olga, PAUSED)
    t.pause(olga, PAUSED, paused=True)

    _tournament(services, olga, DONE, "Torneo dei bot", {"rounds": 2})
    for i, bot in enumerate((BOT1, BOT2, BOT3, BOT4)):
        t.enter(olga, DONE, [bot], 1600 - 50 * i)
    t.start(olga, DONE)  # the bots play their matches as they are created: the start plays it out
    status = t.get(DONE).status
    assert status == "finished", f"the sample bot tournament is {status}"


def _tournament(
    services: Any,
    caller: Any,
    tournament_id: str,
    name: str,
    settings: dict[str, Any],
    club: str | None = None,
    status: Literal["draft", "registration"] = "registration",
) -> None:
    """Create a tournament as :meth:`TournamentService.create` does, under a fixed id and fixed seeds."""
    import hashlib

    from scopa.application.clock import iso
    from scopa.domain.tournaments.records import AuditEntry, TournamentRecord
    from scopa.domain.tournaments.settings import TournamentSettings

    def seed(kind: str) -> str:
        return hashlib.sha256(f"{kind}:{tournament_id}".encode()).hexdigest()

    now = iso(services.clock.now())
    services.stores.tournaments.create_tournament(
        TournamentRecord(
            id=tournament_id,
            name=name,
            club_id=club,
            created_by=caller.player_id,
            created_at=now,
            updated_at=now,
            settings=TournamentSettings.model_validate(settings).model_dump(mode="json"),
            status=status,
            lot_seed=seed("lot")[:32],
            deal_seed=seed("deal"),
        ),
        AuditEntry(now, caller.player_id, "created", {"status": status}),
    )


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
    from scopa.domain.games import GAMES

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
        Sample("get-rankings", "GET", "/rankings", 200),
        Sample("get-ranking", "GET", "/rankings/scopa", 200, query={"by": "elo", "limit": "20"}),
        Sample("post-ranking-recompute", "POST", "/rankings/scopa/recompute", 200, token=ADMIN_TOKEN),
        Sample("get-player-ratings", "GET", f"/players/{ADA}/ratings", 200, query={"pool": "scopa"}),
        Sample("get-openapi", "GET", "/openapi.json", 200),
        Sample("get-docs", "GET", "/docs", 200, headers={"accept": "text/html"}),
        *club_samples(),
        *tournament_samples(),
    ]


def club_samples() -> list[Sample]:
    olga = TOKENS[OLGA]
    return [
        Sample(
            "post-clubs",
            "POST",
            "/clubs",
            201,
            token=olga,
            body={"name": "Circolo del Settebello", "description": "Thursday evenings", "open": True},
        ),
        Sample("get-clubs", "GET", "/clubs", 200, query={"limit": "10"}),
        Sample("get-club", "GET", f"/clubs/{CLUB}", 200),
        Sample("get-club-members", "GET", f"/clubs/{CLUB}/members", 200),
        Sample(
            "post-club-members", "POST", f"/clubs/{CLUB}/members", 201, token=olga, body={"player_id": BEA}
        ),
        Sample("delete-club-member", "DELETE", f"/clubs/{CLUB}/members/{ADA}", 204, token=TOKENS[ADA]),
    ]


def tournament_samples() -> list[Sample]:
    olga, ada, bea = TOKENS[OLGA], TOKENS[ADA], TOKENS[BEA]
    base = "/tournaments"
    return [
        Sample(
            "post-tournaments",
            "POST",
            base,
            201,
            token=olga,
            body={
                "name": "Torneo di primavera",
                "club_id": CLUB,
                "settings": {"format": "swiss", "rounds": 4, "entry_policy": "club"},
            },
            headers={"idempotency-key": "olga-spring-1"},
        ),
        Sample("get-tournaments", "GET", base, 200, query={"status": "running", "limit": "10"}),
        Sample("get-tournament", "GET", f"{base}/{RUNNING}", 200),
        Sample(
            "put-tournament-settings",
            "PUT",
            f"{base}/{DRAFT}/settings",
            200,
            token=olga,
            body={"format": "round_robin", "games_per_match": 3, "seconds_per_move": 3600},
        ),
        Sample("post-tournament-open", "POST", f"{base}/{DRAFT}/open", 200, token=olga),
        Sample("post-tournament-start", "POST", f"{base}/{REGISTRATION}/start", 200, token=olga),
        Sample("post-tournament-pause", "POST", f"{base}/{RUNNING}/pause", 200, token=olga),
        Sample("post-tournament-resume", "POST", f"{base}/{PAUSED}/resume", 200, token=olga),
        Sample("post-tournament-cancel", "POST", f"{base}/{REGISTRATION}/cancel", 200, token=olga),
        Sample("post-tournament-advance", "POST", f"{base}/{RUNNING}/advance", 200, token=olga),
        Sample("get-tournament-entries", "GET", f"{base}/{RUNNING}/entries", 200),
        Sample(
            "post-tournament-entries",
            "POST",
            f"{base}/{REGISTRATION}/entries",
            201,
            token=bea,
            body={},
            headers={"idempotency-key": "bea-enters-1"},
        ),
        Sample("delete-tournament-entries", "DELETE", f"{base}/{REGISTRATION}/entries", 200, token=ada),
        Sample("delete-tournament-entry", "DELETE", f"{base}/{RUNNING}/entries/{BOT2}", 200, token=olga),
        Sample(
            "post-tournament-entry-exclude",
            "POST",
            f"{base}/{RUNNING}/entries/{BEA}/exclude",
            200,
            token=olga,
            body={"reason": "did not turn up"},
        ),
        Sample("get-tournament-round", "GET", f"{base}/{RUNNING}/rounds/1", 200),
        Sample(
            "put-tournament-round-pairings",
            "PUT",
            f"{base}/{RUNNING}/rounds/2/pairings",
            200,
            token=olga,
            body={"tables": [[ADA, BEA], [BOT1, BOT2]], "byes": []},
        ),
        Sample(
            "post-tournament-table-result",
            "POST",
            f"{base}/{RUNNING}/rounds/1/tables/1/result",
            200,
            token=olga,
            body={"result": [0.5, 0.5], "reason": "agreed draw after a misdeal"},
        ),
        Sample("get-tournament-standings", "GET", f"{base}/{DONE}/standings", 200, query={"round": "1"}),
        Sample("get-tournament-crosstable", "GET", f"{base}/{DONE}/crosstable", 200),
        Sample(
            "get-tournament-export",
            "GET",
            f"{base}/{DONE}/export",
            200,
            query={"format": "csv"},
            headers={"accept": "text/csv"},
        ),
        Sample("get-tournament-audit", "GET", f"{base}/{RUNNING}/audit", 200, query={"limit": "20"}),
    ]


PIPELINE_PREFIX = "pipeline-"


def pipeline_events() -> dict[str, dict[str, Any]]:
    """The pipeline Lambda's sample events by file name: what EventBridge Scheduler sends it.

    The schedule's target input is a JSON template with the scheduler's context attributes
    (``<aws.scheduler.scheduled-time>`` ...), shown here as the scheduler fills them in. The handler does
    not read the event: every run looks at the table afresh.
    """
    return {
        f"{PIPELINE_PREFIX}scheduled": {
            "source": "aws.scheduler",
            "schedule_arn": "arn:aws:scheduler:eu-south-1:123456789012:schedule/default/scopa-pipeline",
            "scheduled_time": "2026-01-01T09:00:00Z",
            "execution_id": "sample-pipeline-scheduled",
            "attempt_number": "1",
        }
    }


def is_http_event(event: dict[str, Any]) -> bool:
    """An API Gateway HTTP API (v2) event, as opposed to a scheduled invocation of the pipeline."""
    context = event.get("requestContext")
    return isinstance(context, dict) and "http" in context


def write_events(folder: Path) -> list[Path]:
    """Write every sample event as ``folder/<name>.json`` (pipeline events too); returns the paths written."""
    written = []
    events = {sample.name: sample.event() for sample in sample_events()} | pipeline_events()
    for name, event in events.items():
        path = folder / f"{name}.json"
        path.write_text(json.dumps(event, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path)
    return written


# ---------------------------------------------------------------------------------------------- invoke


def invoke(event: dict[str, Any]) -> dict[str, Any]:
    """Run the API handler on an HTTP API event, the pipeline handler on any other (a scheduled run)."""
    if is_http_event(event):
        from api.handler import handler
    else:
        from pipeline.handler import handler

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
        prog="local_invoke",
        description="Run the API handler (or, on a scheduled event, the pipeline) once on moto.",
    )
    parser.add_argument(
        "event",
        type=Path,
        help="an API Gateway HTTP API v2 event (JSON), e.g. events/get-me.json, or a scheduled event for "
        "the pipeline, e.g. events/pipeline-scheduled.json",
    )
    parser.add_argument("--raw", action="store_true", help="print the handler's answer exactly as returned")
    args = parser.parse_args(argv)
    try:
        event = json.loads(args.event.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        print(f"local_invoke: cannot read {args.event}: {exc}", file=sys.stderr)
        return 2
    if not isinstance(event, dict):
        print(f"local_invoke: {args.event} holds no JSON object", file=sys.stderr)
        return 2

    from tools import local_server

    os.environ.setdefault("ADMIN_TOKEN", ADMIN_TOKEN)
    os.environ.pop("DYNAMODB_ENDPOINT", None)  # always the embedded moto: the samples are written here
    local_server.configure_environment()
    mock = local_server.start_embedded_dynamodb()
    try:
        from api.context import services
        from pipeline.handler import PipelineRunFailed

        local_server.ensure_table()
        bootstrap(services())
        try:
            answer = invoke(event)
        except PipelineRunFailed as exc:
            print(f"local_invoke: the pipeline run failed: {exc}", file=sys.stderr)
            return 1
    finally:
        mock.stop()
    print(json.dumps(answer if args.raw else readable(answer), indent=2, ensure_ascii=False))
    return 0 if int(answer.get("statusCode", 200)) < 500 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
