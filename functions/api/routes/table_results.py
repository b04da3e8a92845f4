"""Tables played in person: players report and confirm their table's games, organizers enter or settle a
result, close a round with forfeits for the absent, and (mixed play) mark entrants as playing online.

docs/in-person.md tells the flow; every refusal has its code in the OpenAPI document.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Path

from api.answers.tournaments import Entry, Round, TableAnswer
from api.context import services
from api.idempotency import IdempotencyKey, run_once
from api.models import CloseRound, EnterScore, ReportScore, SetOnline
from api.openapi import BEARER
from api.responses import ACT, READ, documented

if TYPE_CHECKING:
    from scopa.application.auth import Caller
    from scopa.application.services.tournaments import TableView

router = Router()

RoundNumber = Annotated[int, Path(ge=1, le=1000)]
TableNumber = Annotated[int, Path(ge=1, le=10_000)]


def _caller() -> Caller:
    return services().caller(router.current_event.headers)


def _answer(view: TableView) -> TableAnswer:
    return TableAnswer.of_view(view.bundle, view.round, view.table)


@router.get(
    "/tournaments/<tournament_id>/rounds/<number>/tables/<table>",
    operation_id="get_round_table",
    tags=["tournaments"],
    summary="One table of a round: who plays, its mode and, in person, its state, claims and score",
    responses=documented(200, *READ),
)
def get_table(tournament_id: str, number: RoundNumber, table: TableNumber) -> TableAnswer:
    return _answer(services().table_results.table(tournament_id, number, table))


@router.post(
    "/tournaments/<tournament_id>/rounds/<number>/tables/<table>/reports",
    operation_id="report_table_score",
    tags=["tournaments"],
    security=BEARER,
    summary="Report your table's games (a player seated there): the opponent's same report confirms it",
    description="First report: reported; the other side's same games: confirmed; different games: "
    "disputed (an organizer settles it). A score the rules cannot produce is 422 impossible_score with "
    "the rule in details.rule. A report after the round closed is 409 round_closed.",
    responses=documented(200, *ACT, body=True),
)
def report(
    tournament_id: str,
    number: RoundNumber,
    table: TableNumber,
    body: ReportScore,
    idempotency_key: IdempotencyKey = None,
) -> TableAnswer:
    svc = services()
    caller = _caller()
    games = [list(g) for g in body.games]

    def act() -> dict[str, Any]:
        view = svc.table_results.report(caller, tournament_id, number, table, games)
        return _answer(view).model_dump(mode="json")

    request = {"tournament": tournament_id, "round": number, "table": table, "games": games}
    answer = run_once("report_table_score", idempotency_key, caller.player_id or "anonymous", request, act)
    return TableAnswer.model_validate(answer)


@router.post(
    "/tournaments/<tournament_id>/rounds/<number>/tables/<table>/confirm",
    operation_id="confirm_table_score",
    tags=["tournaments"],
    security=BEARER,
    summary="Confirm the score your opponent reported (a player seated there): the table is confirmed",
    responses=documented(200, *ACT),
)
def confirm(
    tournament_id: str, number: RoundNumber, table: TableNumber, idempotency_key: IdempotencyKey = None
) -> TableAnswer:
    svc = services()
    caller = _caller()

    def act() -> dict[str, Any]:
        return _answer(svc.table_results.confirm(caller, tournament_id, number, table)).model_dump(
            mode="json"
        )

    request = {"tournament": tournament_id, "round": number, "table": table}
    answer = run_once("confirm_table_score", idempotency_key, caller.player_id or "anonymous", request, act)
    return TableAnswer.model_validate(answer)


@router.put(
    "/tournaments/<tournament_id>/rounds/<number>/tables/<table>/score",
    operation_id="enter_table_score",
    tags=["tournaments"],
    security=BEARER,
    summary="Enter, change or settle an in-person table's result (organizers): games or a forfeit; audited",
    responses=documented(200, *ACT, body=True),
)
def enter_score(
    tournament_id: str,
    number: RoundNumber,
    table: TableNumber,
    body: EnterScore,
    idempotency_key: IdempotencyKey = None,
) -> TableAnswer:
    svc = services()
    caller = _caller()
    games = [list(g) for g in body.games] if body.games is not None else None

    def act() -> dict[str, Any]:
        view = svc.table_results.enter(caller, tournament_id, number, table, games, body.forfeit, body.reason)
        return _answer(view).model_dump(mode="json")

    request = {"tournament": tournament_id, "round": number, "table": table, **body.model_dump(mode="json")}
    answer = run_once("enter_table_score", idempotency_key, caller.player_id or "admin", request, act)
    return TableAnswer.model_validate(answer)


@router.post(
    "/tournaments/<tournament_id>/rounds/<number>/close",
    operation_id="close_round",
    tags=["tournaments"],
    security=BEARER,
    summary="Close a round (organizers): tables without a result are forfeited against the absent",
    description="Both absent: 0-0. A table with nobody absent and no confirmed result refuses the close "
    "(409 tables_undecided, the tables in details.tables). Audited with the reason.",
    responses=documented(200, *ACT, body=True),
)
def close_round(
    tournament_id: str, number: RoundNumber, body: CloseRound, idempotency_key: IdempotencyKey = None
) -> Round:
    svc = services()
    caller = _caller()

    def act() -> dict[str, Any]:
        bundle, rnd = svc.table_results.close_round(caller, tournament_id, number, body.absent, body.reason)
        return Round.of(bundle, rnd).model_dump(mode="json")

    request = {"tournament": tournament_id, "round": number, **body.model_dump(mode="json")}
    answer = run_once("close_round", idempotency_key, caller.player_id or "admin", request, act)
    return Round.model_validate(answer)


@router.put(
    "/tournaments/<tournament_id>/entries/<entrant_id>/online",
    operation_id="set_entrant_online",
    tags=["tournaments"],
    security=BEARER,
    summary="Mixed play: mark an entrant as playing online (organizers): two such entrants play online",
    responses=documented(200, *ACT, body=True),
)
def set_online(tournament_id: str, entrant_id: str, body: SetOnline) -> Entry:
    return Entry.of(services().table_results.set_online(_caller(), tournament_id, entrant_id, body.online))
