"""Tournaments: create and list, entries, organizer actions, rounds, standings, crosstable, exports."""

from __future__ import annotations

from http import HTTPStatus
from typing import TYPE_CHECKING, Annotated, Any, Literal

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Path, Query

from api.answers.tournaments import (
    AdvanceReport,
    ArenaAnswer,
    AuditRecord,
    AuditTrail,
    Crosstable,
    CrossTableRow,
    Entries,
    Entry,
    PausedEntry,
    Round,
    StandingsAnswer,
    Tournament,
    Tournaments,
    YourPlace,
)
from api.context import services
from api.idempotency import IdempotencyKey, run_once
from api.models import CorrectResult, CreateTournament, Enter, Exclude, ManualPairing, Pause, RequestBye
from api.observability import count, logger
from api.openapi import BEARER
from api.responses import ACT, CALLER, READ, created, documented
from scopa.domain.tournaments.settings import TournamentSettings

if TYPE_CHECKING:
    from scopa.application.auth import Caller
    from scopa.domain.tournaments.records import TournamentRecord

router = Router()

Limit = Annotated[int, Query(ge=1, le=100)]
Cursor = Annotated[str | None, Query(max_length=2048)]
RoundNumber = Annotated[int, Path(ge=1, le=1000)]
Status = Literal["draft", "registration", "running", "finished", "cancelled"]  # records.STATUSES (a test)
ExportFormat = Literal["csv", "ndjson", "trf"]
EXPORT_TYPES: dict[str, str] = {
    "csv": "text/csv; charset=utf-8",
    "ndjson": "application/x-ndjson",
    "trf": "text/plain; charset=utf-8",
}
EXPORT_SUFFIXES: dict[str, str] = {"csv": "csv", "ndjson": "ndjson", "trf": "txt"}
EXPORT_CONTENT = {media: {"schema": {"type": "string"}} for media in EXPORT_TYPES.values()}


def _caller() -> Caller:
    return services().caller(router.current_event.headers)


@router.post(
    "/tournaments",
    operation_id="create_tournament",
    tags=["tournaments"],
    security=BEARER,
    summary="Create a tournament (organizers; club organizers for a club)",
    responses=documented(201, *ACT, body=True),
)
def create_tournament(body: CreateTournament, idempotency_key: IdempotencyKey = None) -> Response[Tournament]:
    svc = services()
    caller = _caller()

    def started(t: TournamentRecord) -> None:
        count("TournamentsCreated")
        logger.info("tournament created", extra={"tournament_id": t.id})

    def act() -> dict[str, Any]:
        t = svc.tournament_admin.create(
            caller, body.name, body.settings, body.club_id, body.open_registration, idempotency_key, started
        )
        return Tournament.of(t).model_dump(mode="json")

    body_json = body.model_dump(mode="json")
    caller_id = caller.player_id or "anonymous"
    answer = run_once("create_tournament", idempotency_key, caller_id, body_json, act)
    return created(Tournament.model_validate(answer))


@router.get(
    "/tournaments",
    operation_id="list_tournaments",
    tags=["tournaments"],
    summary="Tournaments, newest first; filter by status and club; with a cursor",
    responses=documented(200, *READ),
)
def list_tournaments(
    status: Annotated[Status | None, Query()] = None,
    club: Annotated[str | None, Query(max_length=64)] = None,
    limit: Limit = 20,
    cursor: Cursor = None,
) -> Tournaments:
    found, nxt = services().tournaments.list_tournaments(status, club, limit, cursor)
    return Tournaments(tournaments=[Tournament.of(t) for t in found], next_cursor=nxt)


@router.get(
    "/tournaments/<tournament_id>",
    operation_id="get_tournament",
    tags=["tournaments"],
    summary="A tournament: settings, status, rounds so far",
    responses=documented(200, *READ),
)
def get_tournament(tournament_id: str) -> Tournament:
    svc = services()
    return Tournament.of(svc.tournaments.get(tournament_id))


@router.put(
    "/tournaments/<tournament_id>/settings",
    operation_id="update_tournament_settings",
    tags=["tournaments"],
    security=BEARER,
    summary="Change the settings before the start",
    responses=documented(200, *ACT, body=True),
)
def update_settings(tournament_id: str, body: TournamentSettings) -> Tournament:
    svc = services()
    return Tournament.of(svc.tournament_admin.update_settings(_caller(), tournament_id, body))


@router.post(
    "/tournaments/<tournament_id>/open",
    operation_id="open_tournament_registration",
    tags=["tournaments"],
    security=BEARER,
    summary="Open registration (draft -> registration)",
    responses=documented(200, *ACT),
)
def open_registration(tournament_id: str) -> Tournament:
    svc = services()
    return Tournament.of(svc.tournament_admin.open_registration(_caller(), tournament_id))


@router.post(
    "/tournaments/<tournament_id>/start",
    operation_id="start_tournament",
    tags=["tournaments"],
    security=BEARER,
    summary="Start now: round 1 is paired and its matches begin",
    responses=documented(200, *ACT),
)
def start(tournament_id: str) -> Tournament:
    svc = services()
    return Tournament.of(svc.tournament_admin.start(_caller(), tournament_id))


@router.post(
    "/tournaments/<tournament_id>/pause",
    operation_id="pause_tournament",
    tags=["tournaments"],
    security=BEARER,
    summary="Pause: no round is closed or paired until resumed",
    responses=documented(200, *ACT),
)
def pause(tournament_id: str) -> Tournament:
    svc = services()
    return Tournament.of(svc.tournament_admin.pause(_caller(), tournament_id, paused=True))


@router.post(
    "/tournaments/<tournament_id>/resume",
    operation_id="resume_tournament",
    tags=["tournaments"],
    security=BEARER,
    summary="Resume a paused tournament",
    responses=documented(200, *ACT),
)
def resume(tournament_id: str) -> Tournament:
    svc = services()
    return Tournament.of(svc.tournament_admin.pause(_caller(), tournament_id, paused=False))


@router.post(
    "/tournaments/<tournament_id>/cancel",
    operation_id="cancel_tournament",
    tags=["tournaments"],
    security=BEARER,
    summary="Cancel the tournament",
    responses=documented(200, *ACT),
)
def cancel(tournament_id: str) -> Tournament:
    svc = services()
    return Tournament.of(svc.tournament_admin.cancel(_caller(), tournament_id))


@router.post(
    "/tournaments/<tournament_id>/advance",
    operation_id="advance_tournament",
    tags=["tournaments"],
    security=BEARER,
    summary="Run the pipeline for this tournament now: close the round, pair the next, start its matches",
    responses=documented(200, *ACT),
)
def advance(tournament_id: str) -> AdvanceReport:
    return AdvanceReport.of(services().tournament_admin.advance(_caller(), tournament_id))


# ---------------------------------------------------------------- entries


@router.get(
    "/tournaments/<tournament_id>/entries",
    operation_id="list_tournament_entries",
    tags=["tournaments"],
    summary="The entrants",
    responses=documented(200, *READ),
)
def entries(tournament_id: str) -> Entries:
    bundle = services().tournaments.bundle(tournament_id)
    ordered = sorted(bundle.entries, key=lambda e: (-e.rating, e.id))
    return Entries(entries=[Entry.of(e) for e in ordered])


@router.post(
    "/tournaments/<tournament_id>/entries",
    operation_id="enter_tournament",
    tags=["tournaments"],
    security=BEARER,
    summary="Enter (yourself, with a partner for two-a-side); organizers enter anyone, bots included",
    responses=documented(201, *ACT, body=True),
)
def enter(tournament_id: str, body: Enter, idempotency_key: IdempotencyKey = None) -> Response[Entry]:
    svc = services()
    caller = _caller()

    def act() -> dict[str, Any]:
        entry = svc.tournament_entries.enter(
            caller, tournament_id, body.players, body.rating, idempotency_key
        )
        return Entry.of(entry).model_dump(mode="json")

    request = {"tournament": tournament_id, **body.model_dump()}
    answer = run_once("enter", idempotency_key, caller.player_id or "anonymous", request, act)
    return created(Entry.model_validate(answer))


@router.delete(
    "/tournaments/<tournament_id>/entries",
    operation_id="withdraw_own_entry",
    tags=["tournaments"],
    security=BEARER,
    summary="Withdraw your own entry",
    responses=documented(200, *ACT),
)
def withdraw_own(tournament_id: str) -> Entry:
    return Entry.of(services().tournament_entries.withdraw_own(_caller(), tournament_id))


@router.delete(
    "/tournaments/<tournament_id>/entries/<entrant_id>",
    operation_id="withdraw_entrant",
    tags=["tournaments"],
    security=BEARER,
    summary="Withdraw an entrant (organizers, or the entrant): removed before the start, unpaired after",
    responses=documented(200, *ACT),
)
def withdraw(tournament_id: str, entrant_id: str) -> Entry:
    return Entry.of(services().tournament_entries.withdraw(_caller(), tournament_id, entrant_id))


@router.post(
    "/tournaments/<tournament_id>/entries/<entrant_id>/exclude",
    operation_id="exclude_entrant",
    tags=["tournaments"],
    security=BEARER,
    summary="Exclude an entrant (organizers): a match under way is lost, no further pairing",
    responses=documented(200, *ACT, body=True),
)
def exclude(tournament_id: str, entrant_id: str, body: Exclude) -> Entry:
    return Entry.of(services().tournament_entries.exclude(_caller(), tournament_id, entrant_id, body.reason))


@router.post(
    "/tournaments/<tournament_id>/entries/<entrant_id>/approve",
    operation_id="approve_entry",
    tags=["tournaments"],
    security=BEARER,
    summary="Approve an entry that waits for approval (organizers; audited)",
    responses=documented(200, *ACT),
)
def approve(tournament_id: str, entrant_id: str) -> Entry:
    return Entry.of(services().tournament_entries.approve(_caller(), tournament_id, entrant_id))


@router.post(
    "/tournaments/<tournament_id>/entries/<entrant_id>/refuse",
    operation_id="refuse_entry",
    tags=["tournaments"],
    security=BEARER,
    summary="Refuse an entry that waits for approval (organizers; audited): it is removed",
    responses=documented(200, *ACT),
)
def refuse(tournament_id: str, entrant_id: str) -> Entry:
    return Entry.of(services().tournament_entries.refuse(_caller(), tournament_id, entrant_id))


@router.post(
    "/tournaments/<tournament_id>/check-in",
    operation_id="check_in",
    tags=["tournaments"],
    security=BEARER,
    summary="Check in to your entry during the check-in before the start (entrants who do not are withdrawn)",
    responses=documented(200, *ACT),
)
def check_in(tournament_id: str) -> Entry:
    return Entry.of(services().tournament_entries.check_in(_caller(), tournament_id))


@router.put(
    "/tournaments/<tournament_id>/entries/<entrant_id>/paused",
    operation_id="pause_arena_entrant",
    tags=["tournaments"],
    security=BEARER,
    summary="Arena: stop being paired, or come back (the entrant's players; organizers)",
    responses=documented(200, *ACT, body=True),
)
def pause_entrant(tournament_id: str, entrant_id: str, body: Pause) -> PausedEntry:
    done = services().tournament_absences.set_paused(_caller(), tournament_id, entrant_id, body.paused)
    return PausedEntry.of_paused(done)


@router.get(
    "/tournaments/<tournament_id>/me",
    operation_id="get_your_place",
    tags=["tournaments"],
    security=BEARER,
    summary="Your entry, your table (the one still being played first) and whether you sit out: "
    "what a follower's page asks at every change, small whatever the tournament's size",
    responses=documented(200, *READ, *CALLER),
)
def your_place(tournament_id: str) -> YourPlace:
    return YourPlace.of(services().tournaments.your_place(_caller(), tournament_id))


@router.get(
    "/tournaments/<tournament_id>/arena",
    operation_id="get_tournament_arena",
    tags=["tournaments"],
    summary="Arena: the leaderboard (score, then performance), the games under way, the window",
    responses=documented(200, *READ),
)
def get_arena(tournament_id: str) -> ArenaAnswer:
    return ArenaAnswer.of(services().tournaments.arena(tournament_id))


# ---------------------------------------------------------------- requested byes


@router.post(
    "/tournaments/<tournament_id>/byes",
    operation_id="request_bye",
    tags=["tournaments"],
    security=BEARER,
    summary="Ask to sit a Swiss round out (before it is paired); organizers for any entrant",
    responses=documented(201, *ACT, body=True),
)
def request_bye(tournament_id: str, body: RequestBye) -> Response[Entry]:
    entry = services().tournament_absences.request_bye(_caller(), tournament_id, body.round, body.entrant)
    return created(Entry.of(entry))


@router.delete(
    "/tournaments/<tournament_id>/byes/<number>",
    operation_id="cancel_bye",
    tags=["tournaments"],
    security=BEARER,
    summary="Take a requested bye back (before its round is paired); organizers for any entrant",
    responses=documented(200, *ACT),
)
def cancel_bye(
    tournament_id: str,
    number: RoundNumber,
    entrant: Annotated[str | None, Query(max_length=64)] = None,
) -> Entry:
    return Entry.of(services().tournament_absences.cancel_bye(_caller(), tournament_id, number, entrant))


# ---------------------------------------------------------------- rounds


@router.get(
    "/tournaments/<tournament_id>/rounds/<number>",
    operation_id="get_tournament_round",
    tags=["tournaments"],
    summary="A round: tables, matches, results, byes",
    responses=documented(200, *READ),
)
def get_round(tournament_id: str, number: RoundNumber) -> Round:
    bundle, rnd = services().tournaments.round(tournament_id, number)
    return Round.of(bundle, rnd)


@router.put(
    "/tournaments/<tournament_id>/rounds/<number>/pairings",
    operation_id="set_round_pairings",
    tags=["tournaments"],
    security=BEARER,
    summary="Pair the next round by hand (organizers); the pipeline uses it instead of the system",
    responses=documented(200, *ACT, body=True),
)
def override_pairing(tournament_id: str, number: RoundNumber, body: ManualPairing) -> Tournament:
    svc = services()
    t = svc.tournament_admin.override_pairing(_caller(), tournament_id, number, list(body.tables), body.byes)
    return Tournament.of(t)


@router.post(
    "/tournaments/<tournament_id>/rounds/<number>/tables/<table>/result",
    operation_id="correct_table_result",
    tags=["tournaments"],
    security=BEARER,
    summary="Correct a table's result (organizers); kept in the audit trail",
    responses=documented(200, *ACT, body=True),
)
def correct_result(
    tournament_id: str, number: RoundNumber, table: Annotated[int, Path(ge=1, le=10_000)], body: CorrectResult
) -> Round:
    svc = services()
    rnd = svc.tournament_admin.correct_result(
        _caller(), tournament_id, number, table, body.result, body.reason
    )
    return Round.of(svc.tournaments.bundle(tournament_id), rnd)


# ---------------------------------------------------------------- standings and exports


@router.get(
    "/tournaments/<tournament_id>/standings",
    operation_id="get_tournament_standings",
    tags=["tournaments"],
    summary="Standings with tie-breaks, after any round",
    responses=documented(200, *READ),
)
def standings(
    tournament_id: str, after_round: Annotated[int | None, Query(alias="round", ge=0, le=1000)] = None
) -> StandingsAnswer:
    return StandingsAnswer.of(services().tournaments.standings(tournament_id, after_round))


@router.get(
    "/tournaments/<tournament_id>/crosstable",
    operation_id="get_tournament_crosstable",
    tags=["tournaments"],
    summary="Every entrant's results round by round",
    responses=documented(200, *READ),
)
def crosstable(tournament_id: str) -> Crosstable:
    _bundle, rows = services().tournaments.crosstable(tournament_id)
    return Crosstable(tournament_id=tournament_id, rows=[CrossTableRow.of(r) for r in rows])


@router.get(
    "/tournaments/<tournament_id>/export",
    operation_id="export_tournament",
    tags=["tournaments"],
    summary="Standings and results as CSV, NDJSON or TRF text",
    responses=documented(200, *READ, content=EXPORT_CONTENT),
)
def export(
    tournament_id: str,
    export_format: Annotated[ExportFormat, Query(alias="format")] = "csv",
) -> Response[str]:
    export = services().tournaments.export(tournament_id, export_format)
    filename = f"{tournament_id}.{EXPORT_SUFFIXES[export.format]}"
    return Response(
        status_code=HTTPStatus.OK,
        content_type=EXPORT_TYPES[export.format],
        body=export.body,
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


@router.get(
    "/tournaments/<tournament_id>/audit",
    operation_id="get_tournament_audit",
    tags=["tournaments"],
    summary="The organizer actions and result corrections",
    responses=documented(200, *READ),
)
def audit(tournament_id: str, limit: Limit = 50, cursor: Cursor = None) -> AuditTrail:
    found, nxt = services().tournament_admin.audit(tournament_id, limit, cursor)
    return AuditTrail(audit=[AuditRecord.of(a) for a in found], next_cursor=nxt)
