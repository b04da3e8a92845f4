from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.table_answer import TableAnswer
from ...types import Response


def _get_kwargs(
    tournament_id: str,
    number: int,
    table: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/tournaments/{tournament_id}/rounds/{number}/tables/{table}".format(
            tournament_id=quote(str(tournament_id), safe=""),
            number=quote(str(number), safe=""),
            table=quote(str(table), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | TableAnswer | None:
    if response.status_code == 200:
        response_200 = TableAnswer.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())

        return response_400

    if response.status_code == 404:
        response_404 = ErrorBody.from_dict(response.json())

        return response_404

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
) -> Response[ErrorBody | TableAnswer]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    tournament_id: str,
    number: int,
    table: int,
    *,
    client: AuthenticatedClient | Client,
) -> Response[ErrorBody | TableAnswer]:
    """One table of a round: who plays, its mode and, in person, its state, claims and score

    Args:
        tournament_id (str):
        number (int):
        table (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | TableAnswer]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        number=number,
        table=table,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tournament_id: str,
    number: int,
    table: int,
    *,
    client: AuthenticatedClient | Client,
) -> ErrorBody | TableAnswer | None:
    """One table of a round: who plays, its mode and, in person, its state, claims and score

    Args:
        tournament_id (str):
        number (int):
        table (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | TableAnswer
    """

    return sync_detailed(
        tournament_id=tournament_id,
        number=number,
        table=table,
        client=client,
    ).parsed


async def asyncio_detailed(
    tournament_id: str,
    number: int,
    table: int,
    *,
    client: AuthenticatedClient | Client,
) -> Response[ErrorBody | TableAnswer]:
    """One table of a round: who plays, its mode and, in person, its state, claims and score

    Args:
        tournament_id (str):
        number (int):
        table (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | TableAnswer]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        number=number,
        table=table,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: str,
    number: int,
    table: int,
    *,
    client: AuthenticatedClient | Client,
) -> ErrorBody | TableAnswer | None:
    """One table of a round: who plays, its mode and, in person, its state, claims and score

    Args:
        tournament_id (str):
        number (int):
        table (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | TableAnswer
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            number=number,
            table=table,
            client=client,
        )
    ).parsed
