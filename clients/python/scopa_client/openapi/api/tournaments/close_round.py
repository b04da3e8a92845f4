from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.close_round import CloseRound
from ...models.error_body import ErrorBody
from ...models.round_ import Round
from ...types import UNSET, Response, Unset


def _get_kwargs(
    tournament_id: str,
    number: int,
    *,
    body: CloseRound,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/tournaments/{tournament_id}/rounds/{number}/close".format(
            tournament_id=quote(str(tournament_id), safe=""),
            number=quote(str(number), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | Round | None:
    if response.status_code == 200:
        response_200 = Round.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorBody.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ErrorBody.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ErrorBody.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = ErrorBody.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = ErrorBody.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = ErrorBody.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = ErrorBody.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = ErrorBody.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = ErrorBody.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = ErrorBody.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ErrorBody | Round]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    tournament_id: str,
    number: int,
    *,
    client: AuthenticatedClient,
    body: CloseRound,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorBody | Round]:
    """Close a round (organizers): tables without a result are forfeited against the absent

     Both absent: 0-0. A table with nobody absent and no confirmed result refuses the close (409
    tables_undecided, the tables in details.tables). Audited with the reason.

    Args:
        tournament_id (str):
        number (int):
        idempotency_key (str | Unset):
        body (CloseRound): An organizer closes a round: undecided tables are forfeited against the
            absent entrants.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | Round]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        number=number,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tournament_id: str,
    number: int,
    *,
    client: AuthenticatedClient,
    body: CloseRound,
    idempotency_key: str | Unset = UNSET,
) -> ErrorBody | Round | None:
    """Close a round (organizers): tables without a result are forfeited against the absent

     Both absent: 0-0. A table with nobody absent and no confirmed result refuses the close (409
    tables_undecided, the tables in details.tables). Audited with the reason.

    Args:
        tournament_id (str):
        number (int):
        idempotency_key (str | Unset):
        body (CloseRound): An organizer closes a round: undecided tables are forfeited against the
            absent entrants.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | Round
    """

    return sync_detailed(
        tournament_id=tournament_id,
        number=number,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    tournament_id: str,
    number: int,
    *,
    client: AuthenticatedClient,
    body: CloseRound,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorBody | Round]:
    """Close a round (organizers): tables without a result are forfeited against the absent

     Both absent: 0-0. A table with nobody absent and no confirmed result refuses the close (409
    tables_undecided, the tables in details.tables). Audited with the reason.

    Args:
        tournament_id (str):
        number (int):
        idempotency_key (str | Unset):
        body (CloseRound): An organizer closes a round: undecided tables are forfeited against the
            absent entrants.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | Round]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        number=number,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: str,
    number: int,
    *,
    client: AuthenticatedClient,
    body: CloseRound,
    idempotency_key: str | Unset = UNSET,
) -> ErrorBody | Round | None:
    """Close a round (organizers): tables without a result are forfeited against the absent

     Both absent: 0-0. A table with nobody absent and no confirmed result refuses the close (409
    tables_undecided, the tables in details.tables). Audited with the reason.

    Args:
        tournament_id (str):
        number (int):
        idempotency_key (str | Unset):
        body (CloseRound): An organizer closes a round: undecided tables are forfeited against the
            absent entrants.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | Round
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            number=number,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
