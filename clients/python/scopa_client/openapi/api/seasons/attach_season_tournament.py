from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.season_answer import SeasonAnswer
from ...types import Response


def _get_kwargs(
    club_id: str,
    season_id: str,
    tournament_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/clubs/{club_id}/seasons/{season_id}/tournaments/{tournament_id}".format(
            club_id=quote(str(club_id), safe=""),
            season_id=quote(str(season_id), safe=""),
            tournament_id=quote(str(tournament_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | SeasonAnswer | None:
    if response.status_code == 200:
        response_200 = SeasonAnswer.from_dict(response.json())

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
    season_id: str,
    tournament_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[ErrorBody | SeasonAnswer]:
    """Count one of the club's tournaments in the season (organizers); again changes nothing

    Args:
        club_id (str):
        season_id (str):
        tournament_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | SeasonAnswer]
    """

    kwargs = _get_kwargs(
        club_id=club_id,
        season_id=season_id,
        tournament_id=tournament_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    club_id: str,
    season_id: str,
    tournament_id: str,
    *,
    client: AuthenticatedClient,
) -> ErrorBody | SeasonAnswer | None:
    """Count one of the club's tournaments in the season (organizers); again changes nothing

    Args:
        club_id (str):
        season_id (str):
        tournament_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | SeasonAnswer
    """

    return sync_detailed(
        club_id=club_id,
        season_id=season_id,
        tournament_id=tournament_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    club_id: str,
    season_id: str,
    tournament_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[ErrorBody | SeasonAnswer]:
    """Count one of the club's tournaments in the season (organizers); again changes nothing

    Args:
        club_id (str):
        season_id (str):
        tournament_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | SeasonAnswer]
    """

    kwargs = _get_kwargs(
        club_id=club_id,
        season_id=season_id,
        tournament_id=tournament_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    club_id: str,
    season_id: str,
    tournament_id: str,
    *,
    client: AuthenticatedClient,
) -> ErrorBody | SeasonAnswer | None:
    """Count one of the club's tournaments in the season (organizers); again changes nothing

    Args:
        club_id (str):
        season_id (str):
        tournament_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | SeasonAnswer
    """

    return (
        await asyncio_detailed(
            club_id=club_id,
            season_id=season_id,
            tournament_id=tournament_id,
            client=client,
        )
    ).parsed
