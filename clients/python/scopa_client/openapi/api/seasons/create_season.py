from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_season import CreateSeason
from ...models.error_body import ErrorBody
from ...models.season_answer import SeasonAnswer
from ...types import UNSET, Response, Unset


def _get_kwargs(
    club_id: str,
    *,
    body: CreateSeason,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/clubs/{club_id}/seasons".format(
            club_id=quote(str(club_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | SeasonAnswer | None:
    if response.status_code == 201:
        response_201 = SeasonAnswer.from_dict(response.json())

        return response_201

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
) -> Response[ErrorBody | SeasonAnswer]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    club_id: str,
    *,
    client: AuthenticatedClient,
    body: CreateSeason,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorBody | SeasonAnswer]:
    """Start a club season (the club's organizers): dates and points per place

    Args:
        club_id (str):
        idempotency_key (str | Unset):
        body (CreateSeason): A club season: its dates (both inclusive) and how it scores its
            events (docs/seasons.md).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | SeasonAnswer]
    """

    kwargs = _get_kwargs(
        club_id=club_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    club_id: str,
    *,
    client: AuthenticatedClient,
    body: CreateSeason,
    idempotency_key: str | Unset = UNSET,
) -> ErrorBody | SeasonAnswer | None:
    """Start a club season (the club's organizers): dates and points per place

    Args:
        club_id (str):
        idempotency_key (str | Unset):
        body (CreateSeason): A club season: its dates (both inclusive) and how it scores its
            events (docs/seasons.md).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | SeasonAnswer
    """

    return sync_detailed(
        club_id=club_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    club_id: str,
    *,
    client: AuthenticatedClient,
    body: CreateSeason,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorBody | SeasonAnswer]:
    """Start a club season (the club's organizers): dates and points per place

    Args:
        club_id (str):
        idempotency_key (str | Unset):
        body (CreateSeason): A club season: its dates (both inclusive) and how it scores its
            events (docs/seasons.md).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | SeasonAnswer]
    """

    kwargs = _get_kwargs(
        club_id=club_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    club_id: str,
    *,
    client: AuthenticatedClient,
    body: CreateSeason,
    idempotency_key: str | Unset = UNSET,
) -> ErrorBody | SeasonAnswer | None:
    """Start a club season (the club's organizers): dates and points per place

    Args:
        club_id (str):
        idempotency_key (str | Unset):
        body (CreateSeason): A club season: its dates (both inclusive) and how it scores its
            events (docs/seasons.md).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | SeasonAnswer
    """

    return (
        await asyncio_detailed(
            club_id=club_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
