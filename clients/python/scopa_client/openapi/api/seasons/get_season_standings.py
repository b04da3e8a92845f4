from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.season_standings import SeasonStandings
from ...types import Response


def _get_kwargs(
    club_id: str,
    season_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/clubs/{club_id}/seasons/{season_id}/standings".format(
            club_id=quote(str(club_id), safe=""),
            season_id=quote(str(season_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | SeasonStandings | None:
    if response.status_code == 200:
        response_200 = SeasonStandings.from_dict(response.json())

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
) -> Response[ErrorBody | SeasonStandings]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    club_id: str,
    season_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[ErrorBody | SeasonStandings]:
    """The season's standings: the club's leaderboard for the season, with every event's points

    Args:
        club_id (str):
        season_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | SeasonStandings]
    """

    kwargs = _get_kwargs(
        club_id=club_id,
        season_id=season_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    club_id: str,
    season_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> ErrorBody | SeasonStandings | None:
    """The season's standings: the club's leaderboard for the season, with every event's points

    Args:
        club_id (str):
        season_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | SeasonStandings
    """

    return sync_detailed(
        club_id=club_id,
        season_id=season_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    club_id: str,
    season_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[ErrorBody | SeasonStandings]:
    """The season's standings: the club's leaderboard for the season, with every event's points

    Args:
        club_id (str):
        season_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | SeasonStandings]
    """

    kwargs = _get_kwargs(
        club_id=club_id,
        season_id=season_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    club_id: str,
    season_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> ErrorBody | SeasonStandings | None:
    """The season's standings: the club's leaderboard for the season, with every event's points

    Args:
        club_id (str):
        season_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | SeasonStandings
    """

    return (
        await asyncio_detailed(
            club_id=club_id,
            season_id=season_id,
            client=client,
        )
    ).parsed
